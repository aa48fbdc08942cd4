"""``python main.py check layout``: every screen of the catalogue drawn in the four languages and the long
pseudo-language, at the window the game opens with and at the smallest it allows, headless; every overlap is
told with its screen, language and size, and counted. One process per language and size, as many at once as
asked (the walks share nothing)."""

from __future__ import annotations

import os
import warnings
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from multiprocessing import get_context
from typing import TypedDict

from devtools.scratch import headless_scratch
from game.ai.workers import prepare_worker, start_resource_tracker
from game.i18n import PSEUDO
from game.services.settings import LANGUAGES, SMALLEST_WINDOW, WINDOW_SIZES

CHECKED_LANGUAGES = (*LANGUAGES, PSEUDO)
CHECKED_SIZES = (WINDOW_SIZES[0], SMALLEST_WINDOW)


@dataclass(frozen=True)
class Overlap:
    """One problem of one screen, in one language at one window size."""

    screen: str
    language: str
    size: tuple[int, int]
    problem: str

    def line(self) -> str:
        width, height = self.size
        return f"{self.language} {width}x{height} {self.screen}: {self.problem}"


@dataclass(frozen=True)
class Walked:
    """What one walk (one language, one size) found, and over how many screens."""

    language: str
    size: tuple[int, int]
    screens: int
    overlaps: tuple[Overlap, ...]


def check_layout(languages: tuple[str, ...] = CHECKED_LANGUAGES, sizes: tuple[tuple[int, int], ...] = CHECKED_SIZES,
                 only: tuple[str, ...] = (), jobs: int = 1,
                 progress: Callable[[Walked], None] = lambda walked: None) -> list[Walked]:
    """Walk every screen (or those named in ``only``) in each language at each size, ``jobs`` walks at once;
    ``progress`` hears of each walk as it ends. Raises ``ValueError`` for a screen name the catalogue lacks."""
    runs = [(language, size) for language in languages for size in sizes]
    if jobs <= 1:
        walks = [walk_one(language, size, only) for language, size in runs]
        for walked in walks:
            progress(walked)
        return walks
    # spawned, not forked: each walk opens its own pygame, and nothing of this process's is copied into it; each
    # worker ends with this process, however it ends (game.ai.workers)
    start_resource_tracker()
    with ProcessPoolExecutor(jobs, mp_context=get_context("spawn"), initializer=prepare_worker) as pool:
        futures = [pool.submit(walk_one, language, size, only) for language, size in runs]
        for future in as_completed(futures):
            progress(future.result())
        return [future.result() for future in futures]


def walk_one(language: str, size: tuple[int, int], only: tuple[str, ...] = ()) -> Walked:
    """One walk on the dummy video driver with a throw-away user data folder: nobody's settings or saves are
    touched."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    warnings.filterwarnings("ignore", "no fast renderer available")  # the dummy driver's: nothing to do about it
    with headless_scratch():
        return _walk_in(language, size, only)


def _walk_in(language: str, size: tuple[int, int], only: tuple[str, ...]) -> Walked:
    from devtools.catalogue import every_screen, midgame_screens
    from devtools.layout.walk import FixedClock, walk
    from scenes.app import App

    app = App(fps=0)
    try:
        app.clock = FixedClock(16)
        app.context.change_settings(app.context.settings.changed(language=language, window_size=size))
        app.frame()  # the window takes its size
        screens = every_screen(app.context) + midgame_screens(app.context)
        unknown = set(only) - {screen.name for screen in screens}
        if unknown:
            raise ValueError(f"no such screen: {', '.join(sorted(unknown))}")
        chosen = [screen for screen in screens if not only or screen.name in only]
        found = walk(app, chosen)
    finally:
        app.close()
    overlaps = tuple(Overlap(name, language, size, problem) for name, problems in found.items() for problem in problems)
    return Walked(language, size, len(chosen), overlaps)


class Report(TypedDict):
    overlaps: int
    scenes: int
    languages: list[str]
    sizes: list[str]
    problems: list[dict[str, str]]


def report(walks: list[Walked]) -> Report:
    """The JSON of ``--json``: the count of overlaps, the screens and languages walked, and each overlap."""
    overlaps = [overlap for walked in walks for overlap in walked.overlaps]
    return {
        "overlaps": len(overlaps),
        "scenes": max((walked.screens for walked in walks), default=0),
        "languages": sorted({walked.language for walked in walks}),
        "sizes": [f"{width}x{height}" for width, height in sorted({walked.size for walked in walks})],
        "problems": [{"scene": overlap.screen, "language": overlap.language,
                      "size": f"{overlap.size[0]}x{overlap.size[1]}", "problem": overlap.problem}
                     for overlap in overlaps],
    }
