"""The pages a scene opens by name instead of importing them: the way back up the import order.

A page imports the pages further on in a game's course (the title imports the seat set-up, the seat set-up the
play scene, the play scene the game over). Going back (to the title from a game or its end, to a new match from
the game over), from a game's own pages to the pages every game shares (the seat set-up, the rules), and from a
tutorial's menu to the tutorial would close a circle of imports; those scenes ask :func:`pages` for the page.
The app registers them once, at start-up (``scenes.app.PAGES``), and ``tests/test_scene_imports.py`` keeps
``scenes/`` free of import cycles."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.options import GameOptions
    from game.services.match import Match, MatchSetup, SeatPlan
    from game.services.tutorials import Tutorial
    from scenes.context import AppContext
    from scenes.kit.stack import Scene
    from scenes.pages.overlays import RulesOverlay


@dataclass(frozen=True)
class Pages:
    """Each page's constructor, typed, so that a scene that opens one by name is checked as an import would be."""

    title: Callable[[AppContext], Scene]  # the title menu
    match: Callable[[AppContext, Match], Scene]  # a match to play, from its first move or where it stands
    seats: Callable[[AppContext, str, GameOptions | None, Sequence[SeatPlan] | None], Scene]  # a game's seat
    # set-up, with its options and first seats (None: its board's)
    rules: Callable[[AppContext, MatchSetup | None], RulesOverlay]  # the rules help, of a set-up or of every game
    tutorial: Callable[[AppContext, Tutorial], Scene]  # a tutorial, from its first step


_registered: list[Pages] = []


def register_pages(registered: Pages) -> None:
    """The pages the scenes open by name (the app's, at start-up; it may run again, for another window)."""
    _registered[:] = [registered]


def pages() -> Pages:
    if not _registered:
        raise LookupError("no pages registered: scenes.app registers them as the window opens")
    return _registered[0]
