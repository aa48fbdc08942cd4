"""Fredericus as the registry of games (:mod:`game.registry`) knows it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from game.core.errors import GameError
from game.core.gamespec import GameSpec
from game.core.knowledge import GameKnowledge
from game.core.message import Message
from game.core.protocol import GameState, Seat
from game.fredericus.options import FredericusOptions
from game.fredericus.seating import PLAYER_COUNTS, seat_count, seats_problem
from game.fredericus.state import FredericusState
from game.fredericus.tutorial import MORE, TUTORIAL


def check_seats(in_play: Sequence[bool]) -> None:
    if problem := seats_problem(in_play):
        raise GameError(problem)


def new_state(options: FredericusOptions, in_play: Sequence[bool], seed: int) -> FredericusState:
    return FredericusState.new_game(len(in_play), seed, short_game=options.short_game)


def knowledge() -> GameKnowledge:
    from game.fredericus import heuristics

    return GameKnowledge(
        heuristics.utilities, heuristics.values, lambda: heuristics.values, heuristics.evaluate,
        heuristics.rollout_depth, 0, pointless=heuristics.pointless, hint_reason=hint_reason,
    )


def hint_reason(state: GameState[Any], action: Any) -> Message:
    """Why a hint suggests ``action``: :func:`game.fredericus.hint_reason.reason`."""
    from game.fredericus.hint_reason import reason

    assert isinstance(state, FredericusState)
    return reason(state, action)


def record_variant(options: FredericusOptions, seats: int) -> str:
    """The number of falconers, the shorter game (R-9) apart: its games score differently."""
    return f"{seats}p" + ("-short" if options.short_game else "")


def record_score(state: GameState[Any], seat: Seat, _won: bool) -> int | None:
    """A falconer's R-8 points at the end, won or lost: the statistics keep the highest."""
    return cast(FredericusState, state).scores()[seat]


FREDERICUS: GameSpec[FredericusOptions] = GameSpec(
    name="fredericus",
    title="Fredericus",
    options_type=FredericusOptions,
    check_seats=check_seats,
    new_state=new_state,
    state_from_json=FredericusState.from_json,
    knowledge=knowledge,
    roles=("falconer",),
    role_of=lambda _seat: "falconer",
    record_variants=tuple(f"{players}p{short}" for players in PLAYER_COUNTS for short in ("", "-short")),
    record_variant=record_variant,
    record_score=record_score,
    seat_count=seat_count,
    rules_revised_in=4,  # match format 4: of 2026-11-27 (an empty row cannot be flipped)
    rules_revision="their revision of 2026-11-27",
    tutorials=(TUTORIAL, *MORE),
    option_sets=lambda: (FredericusOptions(short_game=False), FredericusOptions(short_game=True)),
)
