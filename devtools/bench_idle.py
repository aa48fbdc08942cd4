"""``python main.py bench idle``: what the window costs while the player thinks.

For each scene a player leaves open (the title menu, a menu, a board waiting for its person's move, the pause
menu, the game over once its winning moment has played, a paused replay, and online a lobby waiting for a second
player and a board waiting for another person's move: ``devtools.bench_idle_online``), the process's CPU time
over wall time (``time.process_time`` counts every thread: the game's own and the renderer's) over some seconds of
the real frame loop (``App.frame`` then ``App.rest``, as ``run_app`` runs it), at rest and while it moves: the
title's car and falcons driving, any other scene redrawn at the full frame rate, which is what it costs when
anything on it moves (and what every frame cost before the window learned to rest). It uses the real window where
there is a screen (``DISPLAY`` or ``WAYLAND_DISPLAY`` set, no ``SDL_VIDEODRIVER`` asked for) and the dummy driver
elsewhere, and says which; sound is always the dummy driver's. The machine's yardstick, python-chess's perft speed
of ``bench rules``, is measured first. Target (docs/performance.md): at most 2% of a core at rest.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from devtools.bench_idle_online import ONLINE_SCENES, online_scenes
from devtools.bench_rules import chess_nodes_per_second
from devtools.scratch import headless_scratch

TARGET_REST_PCT = 2.0
SECONDS = 10.0  # per scene and state
SETTLE_FRAMES = 600  # at most, of a tenth of a second each: a game over's winning moment plays its last time
SCENES = ("title", "game choice", "waiting board", "lesson", "pause", "game over", "replay", *ONLINE_SCENES)


class _Tenths:
    """A clock whose every frame took a tenth of a second: a scene settles in simulated time, not in real."""

    def tick(self, _framerate: float = 0, /) -> int:
        return 100


def run_idle_bench(seconds: float = SECONDS) -> dict[str, Any]:
    if "SDL_VIDEODRIVER" not in os.environ and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    if "SDL_VIDEODRIVER" not in os.environ:  # a screen: the scratch folder's headless default must not apply
        os.environ["SDL_VIDEODRIVER"] = "x11" if os.environ.get("DISPLAY") else "wayland"
    yardstick = chess_nodes_per_second(3.0)
    with headless_scratch():  # never touch the player's own settings and saves
        return {"yardstick_chess_nodes_per_s": yardstick, **_run(seconds)}


def _run(seconds: float) -> dict[str, Any]:
    import pygame

    from devtools.catalogue import every_screen, midgame_screens, open_screen
    from scenes.app import App

    app = App()
    try:
        context = app.context
        screens = {screen.name: screen for screen in every_screen(context) + midgame_screens(context)}
        screens["waiting board"] = screens["midgame falconi/margherita"]
        screens["lesson"] = next(screen for name, screen in screens.items() if name.startswith("tutorial/"))
        results: dict[str, Any] = {}
        with online_scenes(app, context.data_folder / "tables") as online:
            for name in SCENES:
                opener = online.get(name) or partial(open_screen, app, screens[name])
                opener()
                _settle(app)
                rest = _measure(app, seconds)
                moving = _measure(app, seconds, _keep_moving(app))
                results[name] = {"scene": type(app.stack.top).__name__, "rest_cpu_pct": rest[0],
                                 "rest_fps": rest[1], "moving_cpu_pct": moving[0], "moving_fps": moving[1]}
                app.stack.apply(_back_to_title(app))
        driver = pygame.display.get_driver()
    finally:
        app.close()
    worst = max(result["rest_cpu_pct"] for result in results.values())
    return {"video_driver": driver, "real_window": driver != "dummy", "seconds_per_state": seconds,
            "scenes": results, "worst_rest_cpu_pct": worst, "target_rest_pct": TARGET_REST_PCT,
            "within_target": worst <= TARGET_REST_PCT}


def _settle(app: Any) -> None:
    """Run simulated frames until the top scene waits for input: the title's ten quiet seconds, a game over's
    winning moment played its last time."""
    from scenes.pages.title_motion import STILL_AFTER

    clock, app.clock = app.clock, _Tenths()
    try:
        for _ in range(SETTLE_FRAMES):
            motion = getattr(app.stack.top, "motion", None)
            if motion is not None:
                motion.quiet = STILL_AFTER  # as if the title had been left alone ten seconds
            app.frame()
            if app.stack.top.next_change_in() is None:
                break
        app.frame()  # the frame that shows the scene at rest
    finally:
        app.clock = clock


def _keep_moving(app: Any) -> Callable[[], None]:
    """Before each frame: the title's pieces keep driving; any other scene is drawn afresh every frame."""
    motion = getattr(app.stack.top, "motion", None)

    def stir() -> None:
        if motion is not None:
            motion.stir()
        else:
            app.dirty = True

    return stir


def _measure(app: Any, seconds: float, before_frame: Callable[[], None] = lambda: None) -> tuple[float, float]:
    """The process's CPU over wall time in percent of a core, and the frames drawn a second, over ``seconds``
    of the window's loop."""
    deadline = time.perf_counter() + seconds
    app.stopping = lambda: time.perf_counter() >= deadline  # a rest ends with the measurement
    drawn, started, cpu = app.drawn, time.perf_counter(), time.process_time()
    try:
        while time.perf_counter() < deadline:
            before_frame()
            app.frame()
            before_frame()  # a scene that moves has no rest
            app.rest()
    finally:
        app.stopping = lambda: False
    wall = time.perf_counter() - started
    return round(100 * (time.process_time() - cpu) / wall, 2), round((app.drawn - drawn) / wall, 1)


def _back_to_title(app: Any) -> Any:
    from scenes.kit.stack import Reset

    title: Any = type(app.stack.scenes[0])
    return Reset(title(app.context))
