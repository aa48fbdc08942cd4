"""One walk over screens of the catalogue in the app's language: each screen as it opens, after each of a few
presses of Tab (the next menu item with its note, the next rules topic, the board's next option) with its
focused item's tip, and with the tip of every icon it registered shown as if the pointer rested on it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from devtools.catalogue import Screen, open_screen
from devtools.layout import recording as fit
from devtools.layout.frames import focus_tip_problems, frame_problems, pointer_tip_problems
from scenes.kit import surface_cache
from scenes.kit.stack import Reset

if TYPE_CHECKING:
    from scenes.app import App

FRAMES = 3  # frames drawn as a screen opens: its first may still be settling
TABS = 10  # presses of Tab on each screen: the settings' ten items, every rules topic


class FixedClock:
    """Every frame took ``ms`` milliseconds: animations reach the same point in the same frame on every run."""

    def __init__(self, ms: int = 16) -> None:
        self.ms = ms

    def tick(self, _framerate: float = 0) -> int:
        return self.ms


def walk(app: App, screens: list[Screen]) -> dict[str, list[str]]:
    """Open each screen in the app's language and say every text and tip that does not fit or lies over another,
    by screen name (screens with none are left out), each with the first moment it showed."""
    context = app.context
    title = type(app.stack.scenes[0])
    app.stack.apply(Reset(title(context)))  # type: ignore[call-arg]  # the title menu takes the context
    for cache in surface_cache.caches():
        cache.clear()  # every picture with words in it is drawn again, in this language, while we record
    found: dict[str, list[str]] = {}
    for screen in screens:
        with fit.recording() as opening:  # a board draws its first picture as its scene is made
            open_screen(app, screen)
        opened = [*opening.problems(app.screen), *frame_problems(app, FRAMES), *pointer_tip_problems(app)]
        said = dict.fromkeys(opened, "")
        for number in range(1, TABS + 1):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="", scancode=0))
            for problem in [*frame_problems(app, 1), *focus_tip_problems(app)]:
                said.setdefault(problem, f" (after Tab ×{number})")
        if said:
            found[screen.name] = [f"{problem}{when}" for problem, when in said.items()]
        app.stack.apply(Reset(title(context)))  # type: ignore[call-arg]
    return found
