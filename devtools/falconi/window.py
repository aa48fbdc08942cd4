"""Catch Don Falconi in the window's tools: its screens of the catalogue (``screenshots``, ``bench frames``),
the set-ups shown on the screens every game shares, and its matches of the soak. Window modules are imported
inside the functions that need them, so the headless tools can import this one."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from devtools.falconi import GAME
from devtools.games import Showcase, TutorialShowcase
from game.falconi.constants import FUGITIVE, POLICE, PORT
from game.falconi.options import FalconiOptions
from game.falconi.registration import FALCONI
from game.falconi.state import FalconiState
from game.falconi.variants import VARIANTS
from game.services.match import Match, MatchSetup, Person, SeatPlan

if TYPE_CHECKING:
    from devtools.catalogue import Screen


# ----------------------------------------------------------------------------------------------- the catalogue


def menu_screens(context: Any) -> list[Screen]:
    """The pizzas, and a new pizza's card over them."""
    from devtools.catalogue import Screen
    from scenes.boards import board
    from scenes.falconi.whatchanges import WhatChangesCard
    from scenes.pages.seats import SeatSetupScene

    def card() -> list[Any]:
        return [board(GAME).options_page(context), WhatChangesCard(
            context, "diavola", lambda: SeatSetupScene(context, GAME, options=FalconiOptions("diavola")))]

    return [Screen("variant select", lambda: [board(GAME).options_page(context)]), Screen("new pizza card", card)]


MUST_SMASH_DEAL = 5  # the Diavola deal whose random play reaches a turn bound to smash a block (F-6.5) soonest


def moment_screens(context: Any) -> list[Screen]:
    """A Diavola turn in which Don Falconi must smash a block (F-6.5): the banner, his card and the panel say
    so, to him alone. The deal is played at random, seeded, to the start of the first such turn."""
    from devtools.catalogue import Screen
    from scenes.playing.sources.local import start_match_scene

    def bound() -> list[Any]:
        normal = SeatPlan.ai("normal")
        match = Match(MatchSetup(GAME, (SeatPlan.human(0), normal, normal, normal), seed=MUST_SMASH_DEAL,
                                 options=FalconiOptions("diavola")))
        rng = random.Random(MUST_SMASH_DEAL)
        for _ in range(200):
            state = match.state
            assert isinstance(state, FalconiState)
            if state.must_smash and state.acted == 0:
                return [start_match_scene(context, match)]
            match.play(rng.choice(state.legal_actions()))
        raise LookupError(f"Diavola deal {MUST_SMASH_DEAL} no longer reaches a turn bound to smash a block")

    return [Screen("falconi/diavola must smash", bound)]


def showcase() -> Showcase:
    """A Falconi game on the screens any game could show: the seat set-up of a Diavola; a Salami against three
    normal police cars (pause, game over); two people on a Diavola (hand-over); the pad's person first."""
    people = (Person("Anna"), Person("Bruno", "pad1"))
    off, normal = SeatPlan("off"), SeatPlan.ai("normal")
    return Showcase(
        FalconiOptions("diavola"),
        MatchSetup(GAME, (SeatPlan.human(0), normal, normal, normal), people[:1], seed=3,
                   options=FalconiOptions("salami")),
        MatchSetup(GAME, (SeatPlan.human(0), off, SeatPlan.human(1), off), people, seed=3,
                   options=FalconiOptions("diavola")),
        MatchSetup(GAME, (SeatPlan.human(1), off, SeatPlan.human(0), off), people, seed=3),
    )


def tutorial() -> TutorialShowcase:
    return TutorialShowcase("margherita", "tutorial.path.falconi.bomb", "tutorial.path.falconi.bomb")


def board_screens() -> list[tuple[str, MatchSetup]]:
    """Every pizza, ``hard`` as Don Falconi against three ``normal`` police cars."""
    hard, normal = SeatPlan.ai("hard"), SeatPlan.ai("normal")
    return [(f"falconi/{variant}", MatchSetup(GAME, (hard, normal, normal, normal), seed=3,
                                               options=FalconiOptions.named(variant)))
            for variant in VARIANTS]


def animated_boards() -> list[tuple[str, MatchSetup]]:
    """Every pizza, every seat one person's."""
    person = SeatPlan.human(0)
    return [(f"falconi/{variant}", MatchSetup(GAME, (person,) * 4, seed=3, options=FalconiOptions.named(variant)))
            for variant in VARIANTS]


def midgame_boards() -> list[tuple[str, MatchSetup]]:
    """Every pizza, a person as Don Falconi against three ``normal`` police cars."""
    person, normal = SeatPlan.human(0), SeatPlan.ai("normal")
    return [(f"midgame falconi/{variant}", MatchSetup(GAME, (person, normal, normal, normal), seed=5,
                                                       options=FalconiOptions.named(variant)))
            for variant in VARIANTS]


# ----------------------------------------------------------------------------------------------------- the soak

POLICE_CARS = (3, 1, 2)  # the soak plays each pizza in turn with 3, 1 or 2 police cars
SOAK_KINDS = tuple(f"falconi/{variant}" for variant in VARIANTS)  # the rows of the soak's report


def soak_setup(turn: int, rng: random.Random, levels: Callable[[int, list[int]], list[str]]) -> MatchSetup:
    """The soak's ``turn``-th Falconi match: the pizzas in turn, with 3, 1 or 2 police cars (which ones at
    random; a lone car is the Port's, F-4.2), a level per seat from ``levels(seats, seats in play)``."""
    variant = list(VARIANTS)[turn % len(VARIANTS)]
    cars = POLICE_CARS[(turn // len(VARIANTS) + turn) % len(POLICE_CARS)]
    police = set(rng.sample(POLICE, cars)) if cars > 1 else {PORT}
    in_play = [FUGITIVE, *sorted(police)]
    chosen = levels(4, in_play)
    seats = tuple(SeatPlan.ai(chosen[seat]) if seat in in_play else SeatPlan("off") for seat in range(4))
    return MatchSetup(GAME, seats, seed=rng.randrange(1, 1_000_000), options=FalconiOptions.named(variant))


def soak_key(setup: MatchSetup) -> str:
    """``falconi/salami``: the row of the soak's report."""
    return f"falconi/{FALCONI.options_of(setup.options).variant}"


def soak_menus(setup: MatchSetup, menus: Any) -> None:
    """From the game choice to the seat set-up: the pizza (its card, if new, is passed by the soak)."""
    menus.choose(FALCONI.options_of(setup.options).variant)


# The soak report counts Falconi matches by their number of police cars: its field, and its line's title.
SOAK_TALLY = ("falconi_by_police_cars", "Falconi matches by police cars")


def soak_bucket(key: str, seats: str) -> str | None:
    """Where a match of the soak (its row ``key``, its ``seats`` as the report writes them) counts in
    :data:`SOAK_TALLY`: its number of police cars; ``None`` for another game's match."""
    if key not in SOAK_KINDS:
        return None
    return str(sum(seat != "off" for seat in seats.split(",")[1:]))


# ------------------------------------------------------------------------------------------ the layout check
def layout_boxes() -> list[tuple[object, str, Callable[[dict[str, Any]], tuple[Any, Any]]]]:
    """The strip beside the board is not framed, but its words keep to it."""
    from scenes.falconi import draw

    return [(draw, "draw_strip", lambda called: (called["surface"], called["geometry"].strip))]
