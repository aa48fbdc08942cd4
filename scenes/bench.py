"""``python main.py bench frames``: frame times of every scene, headless, and the app's launch time and memory.

Each scene and overlay is drawn for a number of frames with no frame cap, so the figures are the cost of a
frame, not the 60 Hz wait. The boards of all five pizzas and of Fredericus are measured while AI seats think (in
the worker process) and play, which is when the window must stay smooth. Memory is the window's process; the AI
worker's peak is reported beside it. Targets (issue #5): median ≤ 8 ms, 99th percentile ≤ 16.7 ms, no frame over 33 ms
while the AI thinks, launch to the first menu frame ≤ 2 s, resident memory ≤ 250 MB.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

TARGETS = {"median_ms": 8.0, "p99_ms": 16.7, "max_while_ai_thinks_ms": 33.0, "launch_s": 2.0, "rss_mb": 250.0}
ROOT = Path(__file__).resolve().parent.parent
BOARD_SECONDS = 6.0  # per board: long enough for several AI decisions and moves
_LAUNCH_PROBE = (
    "import time; started = time.perf_counter()\n"
    "from scenes.app import App\n"
    "app = App(); app.frame(); print(time.perf_counter() - started); app.close()\n"
)


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def _summary(times: list[float], thinking: list[bool]) -> dict[str, Any]:
    ms = [t * 1000 for t in times]
    while_thinking = [t for t, busy in zip(ms, thinking) if busy]
    return {
        "frames": len(ms),
        "median_ms": round(_percentile(ms, 0.5), 2),
        "p99_ms": round(_percentile(ms, 0.99), 2),
        "max_ms": round(max(ms), 2),
        "frames_while_ai_thinks": len(while_thinking),
        "max_while_ai_thinks_ms": round(max(while_thinking), 2) if while_thinking else None,
    }


def measure_launch() -> float:
    """Seconds from starting a fresh Python to the first menu frame drawn (interpreter start included)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", _LAUNCH_PROBE], cwd=ROOT, env=env, check=True, capture_output=True)
    return time.perf_counter() - started


def run_frames_bench(frames: int = 300, board_seconds: float = BOARD_SECONDS) -> dict[str, Any]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory() as folder:
        previous = os.environ.get("FALCONI_DATA_DIR")
        os.environ["FALCONI_DATA_DIR"] = folder  # never touch the player's own settings and saves
        try:
            return _run(frames, board_seconds)
        finally:
            if previous is None:
                os.environ.pop("FALCONI_DATA_DIR", None)
            else:
                os.environ["FALCONI_DATA_DIR"] = previous


def _run(frames: int, board_seconds: float) -> dict[str, Any]:
    from game.match import Match, MatchSetup, Person, SeatPlan
    from scenes.app import App
    from scenes.menus import FredericusOptionsScene, GameChoiceScene, VariantScene
    from scenes.overlays import ConfirmOverlay, PauseOverlay, RulesOverlay, SettingsOverlay
    from scenes.play import start_match_scene
    from scenes.seats import SeatSetupScene
    from scenes.stack import Push, Reset

    launch = measure_launch()
    app = App(fps=0)
    context = app.context
    context.ai_pause = 0.3  # AI seats play at a lively pace, so moves and thinking alternate
    people = (Person("Anna"), Person("Bruno", "pad1"))
    off, normal, hard = SeatPlan("off"), SeatPlan.ai("normal"), SeatPlan.ai("hard")
    solo = MatchSetup("falconi", (SeatPlan.human(0), normal, normal, normal), people[:1], seed=3, variant="salami")
    two = MatchSetup("falconi", (SeatPlan.human(0), off, SeatPlan.human(1), off), people, seed=3, variant="diavola")
    pad_first = MatchSetup("falconi", (SeatPlan.human(1), SeatPlan.human(0), off, off), people, seed=3)

    def board(setup: MatchSetup) -> Callable[[], list[Any]]:
        return lambda: [start_match_scene(context, Match(setup))]

    def paused() -> list[Any]:
        play = start_match_scene(context, Match(solo))
        return [play, PauseOverlay(context, play.match)]

    # Each entry pushes its scenes over the title menu; a scene may move on by itself (a finished game goes
    # on to its game-over screen, a person's turn to the hand-over or the pad prompt), as in play.
    screens: list[tuple[str, Callable[[], list[Any]], float]] = [
        ("title", lambda: [], 0.0),
        ("game choice", lambda: [GameChoiceScene(context)], 0.0),
        ("variant select", lambda: [VariantScene(context)], 0.0),
        ("fredericus options", lambda: [FredericusOptionsScene(context)], 0.0),
        ("seat set-up", lambda: [SeatSetupScene(context, "falconi", variant="diavola")], 0.0),
        ("settings", lambda: [SettingsOverlay(context)], 0.0),
        ("rules help", lambda: [RulesOverlay(context, None)], 0.0),
        ("confirm quit", lambda: [ConfirmOverlay(context, context.tr("confirm.quit_game"), "quit")], 0.0),
        ("pause", paused, 0.0),
        ("hand-over", board(two), 0.0),
        ("pad prompt", board(pad_first), 0.0),
        ("game over", lambda: [start_match_scene(context, _finished(Match(solo)))], 0.0),
    ]
    screens += [(f"falconi/{variant}", board(MatchSetup("falconi", (hard, normal, normal, normal), seed=3,
                                                          variant=variant)), board_seconds)
                for variant in ("margherita", "funghi", "prosciutto", "salami", "diavola")]
    screens += [(f"fredericus/{players}p", board(MatchSetup("fredericus", (hard,) * players, seed=3)), board_seconds)
                for players in (2, 4)]
    results: dict[str, Any] = {}
    for name, make, seconds in screens:
        for scene in make():
            app.stack.apply(Push(scene))
        if name == "game over":
            _until(app, "GameOverScene")
        results[name] = _summary(*_frames(app, frames, seconds))
        results[name]["scene"] = type(app.stack.top).__name__
        app.stack.apply(Reset(type(app.stack.scenes[0])(context)))
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    worker_mb = _peak_memory_mb(context.ai.worker_pid())
    app.close()
    worst = {
        "median_ms": max(r["median_ms"] for r in results.values()),
        "p99_ms": max(r["p99_ms"] for r in results.values()),
        "max_while_ai_thinks_ms": max((r["max_while_ai_thinks_ms"] or 0) for r in results.values()),
    }
    figures = {"launch_s": round(launch, 2), "rss_mb": round(rss_mb, 1), **worst}
    return {
        "frames_per_scene": frames,
        "scenes": results,
        "worst": figures,
        "ai_worker_rss_mb": None if worker_mb is None else round(worker_mb, 1),
        "targets": TARGETS,
        "within_targets": {key: figures[key] <= TARGETS[key] for key in TARGETS},
    }


def _until(app: Any, scene_name: str, seconds: float = 10.0) -> None:
    """Run frames, untimed, until ``scene_name`` is on top (a finished game shows its final position first)."""
    deadline = time.perf_counter() + seconds
    while type(app.stack.top).__name__ != scene_name and time.perf_counter() < deadline:
        app.frame()


def _finished(match: Any) -> Any:
    """``match`` played to its end at random, so that its board moves on to the game-over screen."""
    import random

    rng = random.Random(1)
    while not match.state.is_terminal():
        match.play(rng.choice(match.state.legal_actions()))
    return match


def _peak_memory_mb(pid: int | None) -> float | None:
    """Peak resident memory of process ``pid`` (Linux's /proc); ``None`` where it cannot be read."""
    try:
        status = Path(f"/proc/{pid}/status").read_text() if pid else ""
    except OSError:
        return None
    peak = next((line.split()[1] for line in status.splitlines() if line.startswith("VmHWM:")), None)
    return int(peak) / 1024 if peak else None


def _frames(app: Any, count: int, seconds: float = 0.0) -> tuple[list[float], list[bool]]:
    """Time at least ``count`` frames, going on until ``seconds`` have passed (so AI seats get to move)."""
    times: list[float] = []
    thinking: list[bool] = []
    deadline = time.perf_counter() + seconds
    while len(times) < count or time.perf_counter() < deadline:
        top = app.stack.top
        busy = getattr(top, "pending", None) is not None
        started = time.perf_counter()
        app.frame()
        times.append(time.perf_counter() - started)
        thinking.append(busy)
    return times, thinking
