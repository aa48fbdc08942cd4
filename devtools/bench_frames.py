"""``python main.py bench frames``: frame times of every scene, headless, and the app's launch time and memory.

Each scene and overlay is drawn for a number of frames with no frame cap, so the figures are the cost of a
frame, not the 60 Hz wait. The boards of all five pizzas and of Fredericus are measured while AI seats think (in
the worker process) and play, which is when the window must stay smooth; then each board replays random moves
one after another and times only the frames in which their animations run (the targets hold during
the busiest animation of each board). Memory is the window's process; the AI
worker's peak is reported beside it. Targets (docs/performance.md): median ≤ 8 ms, 99th percentile ≤ 16.7 ms,
no frame over 33 ms while the AI thinks, launch to the first menu frame ≤ 2 s, resident memory ≤ 250 MB.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from devtools.scratch import headless_scratch

TARGETS = {"median_ms": 8.0, "p99_ms": 16.7, "max_while_ai_thinks_ms": 33.0, "launch_s": 2.0, "rss_mb": 250.0}
ROOT = Path(__file__).resolve().parent.parent
BOARD_SECONDS = 6.0  # per board: long enough for several AI decisions and moves
ANIMATION_SECONDS = 4.0  # per board: animations of random moves, one after another
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


def _animation_summary(times: list[float], moves: int) -> dict[str, Any]:
    ms = [t * 1000 for t in times]
    return {
        "moves": moves,
        "frames": len(ms),
        "median_ms": round(_percentile(ms, 0.5), 2) if ms else None,
        "p99_ms": round(_percentile(ms, 0.99), 2) if ms else None,
        "max_ms": round(max(ms), 2) if ms else None,
    }


def measure_launch() -> float:
    """Seconds from starting a fresh Python to the first menu frame drawn (interpreter start included)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", _LAUNCH_PROBE], cwd=ROOT, env=env, check=True, capture_output=True)
    return time.perf_counter() - started


def run_frames_bench(frames: int = 300, board_seconds: float = BOARD_SECONDS,
                     animation_seconds: float = ANIMATION_SECONDS) -> dict[str, Any]:
    with headless_scratch():  # never touch the player's own settings and saves
        return _run(frames, board_seconds, animation_seconds)


def _run(frames: int, board_seconds: float, animation_seconds: float) -> dict[str, Any]:
    from devtools.catalogue import animated_boards, every_screen, open_screen
    from scenes.app import App
    from scenes.kit.stack import Reset

    launch = measure_launch()
    app = App(fps=0)
    context = app.context
    context.ai_pause = 0.3  # AI seats play at a lively pace, so moves and thinking alternate
    results: dict[str, Any] = {}
    title: Any = type(app.stack.scenes[0])  # the scene at the bottom, the title menu, each screen opens over
    for screen in every_screen(context):
        open_screen(app, screen)
        seconds = board_seconds if screen.is_board else 0.0
        results[screen.name] = _summary(*_frames(app, frames, seconds))
        results[screen.name]["scene"] = type(app.stack.top).__name__
        app.stack.apply(Reset(title(context)))
    animations = {setup_name: _animation_summary(*_replay_animations(app, setup, animation_seconds))
                  for setup_name, setup in animated_boards()}
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    worker_mb = _peak_memory_mb(context.ai.worker_pid())
    app.close()
    worst = {
        "median_ms": max(r["median_ms"] for r in [*results.values(), *animations.values()] if r["median_ms"]),
        "p99_ms": max(r["p99_ms"] for r in [*results.values(), *animations.values()] if r["p99_ms"]),
        "max_while_ai_thinks_ms": max((r["max_while_ai_thinks_ms"] or 0) for r in results.values()),
    }
    figures = {"launch_s": round(launch, 2), "rss_mb": round(rss_mb, 1), **worst}
    return {
        "frames_per_scene": frames,
        "scenes": results,
        "animations": animations,
        "worst": figures,
        "ai_worker_rss_mb": None if worker_mb is None else round(worker_mb, 1),
        "targets": TARGETS,
        "within_targets": {key: figures[key] <= TARGETS[key] for key in TARGETS},
    }


def _peak_memory_mb(pid: int | None) -> float | None:
    """Peak resident memory of process ``pid`` (Linux's /proc); ``None`` where it cannot be read."""
    try:
        status = Path(f"/proc/{pid}/status").read_text() if pid else ""
    except OSError:
        return None
    peak = next((line.split()[1] for line in status.splitlines() if line.startswith("VmHWM:")), None)
    return int(peak) / 1024 if peak else None


def _replay_animations(app: Any, setup: Any, seconds: float) -> tuple[list[float], int]:
    """Frame times while a board animates, one random move after another (every seat played here, so no
    thinking in between): every kind of animation a game brings, catches and bombs included. A finished game
    starts again on the next seed."""
    import random

    from game.services.match import Match
    from scenes.kit.stack import Push, Reset
    from scenes.playing.sources.local import start_match_scene

    rng = random.Random(1)
    context = app.context
    times: list[float] = []
    moves = 0
    deadline = time.perf_counter() + seconds
    scene = None
    while time.perf_counter() < deadline:
        if scene is None or scene.match.state.is_terminal():
            app.stack.apply(Reset(type(app.stack.scenes[0])(context)))
            scene = start_match_scene(context, Match(replace(setup, seed=setup.seed + moves)))
            app.stack.apply(Push(scene))
        if not scene.timeline.busy:
            scene.source.play_action(rng.choice(scene.match.state.legal_actions()))
            moves += 1
            continue
        started = time.perf_counter()
        app.frame()
        times.append(time.perf_counter() - started)
    app.stack.apply(Reset(type(app.stack.scenes[0])(context)))
    return times, moves


def _frames(app: Any, count: int, seconds: float = 0.0) -> tuple[list[float], list[bool]]:
    """Time at least ``count`` frames, going on until ``seconds`` have passed (so AI seats get to move)."""
    times: list[float] = []
    thinking: list[bool] = []
    deadline = time.perf_counter() + seconds
    while len(times) < count or time.perf_counter() < deadline:
        top = app.stack.top
        busy = getattr(top, "pending", None) is not None
        app.dirty = True  # drawn every frame: the cost of a frame when anything on it moves, not of one at rest
        started = time.perf_counter()
        app.frame()
        times.append(time.perf_counter() - started)
        thinking.append(busy)
    return times, thinking
