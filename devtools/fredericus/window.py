"""Fredericus in the window's tools: its screens of the catalogue (``screenshots``, ``bench frames``) and its
matches of the soak. Window modules are imported inside the functions that need them, so the headless tools
can import this one."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from devtools.fredericus import GAME
from devtools.games import TutorialShowcase
from game.fredericus.options import FredericusOptions
from game.fredericus.registration import FREDERICUS
from game.fredericus.seating import PLAYER_COUNTS
from game.services.match import MatchSetup, SeatPlan

if TYPE_CHECKING:
    from devtools.catalogue import Screen


# ----------------------------------------------------------------------------------------------- the catalogue


def menu_screens(context: Any) -> list[Screen]:
    """How many falconers, and the shorter game."""
    from devtools.catalogue import Screen
    from scenes.boards import board

    return [Screen("fredericus options", lambda: [board(GAME).options_page(context)])]


# four falconers, Red (a person) holding Fredericus and Yellow winning on two pairs: every row of the tally
GAME_OVER = MatchSetup(GAME, (SeatPlan.human(0),) + (SeatPlan.ai("normal"),) * 3, seed=25)


def moment_screens(context: Any) -> list[Screen]:
    """The end of a hunt, its points counted up (in English and German for the README). Every other moment
    of a hunt shows on the boards of the catalogue."""
    from devtools.catalogue import Screen, finished
    from game.services.match import Match
    from scenes.pages.gameover import GameOverScene

    def game_over() -> list[Any]:
        scene = GameOverScene(context, finished(Match(GAME_OVER)))
        assert scene.tally is not None
        scene.tally.skip()  # the table as it stands once counted
        return [scene]

    return [Screen("game over fredericus", game_over, languages=("en", "de"))]


def showcase() -> None:
    """Fredericus leaves the screens any game could show to the first game."""
    return None


def tutorial() -> TutorialShowcase:
    return TutorialShowcase("fredericus", "tutorial.path.fredericus.hood", "tutorial.path.fredericus.capture")


def board_screens() -> list[tuple[str, MatchSetup]]:
    """2 and 4 falconers, every one ``hard``."""
    hard = SeatPlan.ai("hard")
    return [(f"fredericus/{players}p", MatchSetup(GAME, (hard,) * players, seed=3)) for players in (2, 4)]


def animated_boards() -> list[tuple[str, MatchSetup]]:
    """2 and 4 falconers, every seat one person's."""
    person = SeatPlan.human(0)
    return [(f"fredericus/{players}p", MatchSetup(GAME, (person,) * players, seed=3)) for players in (2, 4)]


def midgame_boards() -> list[tuple[str, MatchSetup]]:
    """2, 3 and 4 falconers, a person against ``normal`` ones."""
    person, normal = SeatPlan.human(0), SeatPlan.ai("normal")
    return [(f"midgame fredericus/{players}p", MatchSetup(GAME, (person,) + (normal,) * (players - 1), seed=5))
            for players in PLAYER_COUNTS]


# ----------------------------------------------------------------------------------------------------- the soak

TABLES = [(players, short) for short in (False, True) for players in PLAYER_COUNTS]  # in the soak's order
SOAK_KINDS = tuple(f"fredericus/{players}p" + (" short" if short else "") for players, short in TABLES)


def soak_setup(turn: int, rng: random.Random, levels: Callable[[int, list[int]], list[str]]) -> MatchSetup:
    """The soak's ``turn``-th Fredericus match: 2, 3 and 4 falconers, then the same with the shorter game, a
    level per seat from ``levels(seats, seats in play)``."""
    players, short = TABLES[turn % len(TABLES)]
    seats = tuple(SeatPlan.ai(level) for level in levels(players, list(range(players))))
    return MatchSetup(GAME, seats, seed=rng.randrange(1, 1_000_000), options=FredericusOptions(short))


def soak_key(setup: MatchSetup) -> str:
    """``fredericus/3p`` (``fredericus/3p short``): the row of the soak's report."""
    return f"fredericus/{len(setup.seats)}p" + (" short" if FREDERICUS.options_of(setup.options).short_game else "")


def soak_menus(setup: MatchSetup, menus: Any) -> None:
    """From the game choice to the seat set-up: the number of falconers and the shorter game, then on."""
    menus.set_choice("players", lambda item: item.index == len(setup.seats) - 2)
    menus.set_choice("short", lambda item: item.index == int(FREDERICUS.options_of(setup.options).short_game))
    menus.choose("next")

SOAK_TALLY = None  # the report counts nothing more of Fredericus's matches than their rows


def soak_bucket(_key: str, _seats: str) -> None:
    return None


# ------------------------------------------------------------------------------------------ the layout check
def layout_boxes() -> list[tuple[object, str, Callable[[dict[str, Any]], tuple[Any, Any]]]]:
    """The wedges of the board's corners hold the legends and the turn box."""
    from scenes.fredericus import panels

    return [(panels, "paint_wedge", lambda called: (called["surface"], called["rect"]))]
