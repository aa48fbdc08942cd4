"""Catch Don Falconi as the registry of games (:mod:`game.registry`) knows it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar, cast

from game.core.errors import GameError
from game.core.gamespec import GameSpec
from game.core.knowledge import GameKnowledge
from game.core.message import Message
from game.core.protocol import GameState, Seat
from game.falconi.constants import FUGITIVE, POLICE
from game.falconi.options import FalconiOptions
from game.falconi.seating import SEAT_COUNT, lone_police_at_port, moved_to_port_note, seats_problem
from game.falconi.state import FalconiState
from game.falconi.tutorial import MARGHERITA, MORE
from game.falconi.tutorial_mode2 import MODE2
from game.falconi.variants import VARIANTS

Plan = TypeVar("Plan")
# The pizzas whose "what changes" card shows the first time they are chosen: every one after the first.
NEW_PIZZA_CARDS = tuple(VARIANTS)[1:]


def check_seats(in_play: Sequence[bool]) -> None:
    if problem := seats_problem(in_play):
        raise GameError(problem.value)


def new_state(options: FalconiOptions, in_play: Sequence[bool], seed: int) -> FalconiState:
    return FalconiState.new_game(options.variant, seed, tuple(seat for seat in POLICE if in_play[seat]))


def knowledge() -> GameKnowledge:
    from game.falconi import heuristics

    return GameKnowledge(
        heuristics.utilities, heuristics.values, heuristics.values_for_one_search, heuristics.evaluate,
        heuristics.rollout_depth, heuristics.EASY_LOOKAHEAD, heuristics.stays_put, heuristics.pointless,
        hint_reason,
    )


def hint_reason(state: GameState[Any], action: Any) -> Message:
    """Why a hint suggests ``action``: :func:`game.falconi.hint_reason.reason`."""
    from game.falconi.hint_reason import reason

    assert isinstance(state, FalconiState)
    return reason(state, action)


def arrange_seats(plans: Sequence[Plan], is_off: Callable[[Plan], bool], off: Plan) -> tuple[list[Plan], str | None]:
    """F-4.2: a lone police seat moves to the Port car, and the player is told."""
    arranged, moved = lone_police_at_port(plans, is_off, off)
    return arranged, None if moved is None else moved_to_port_note(moved)


def upgrade_actions(actions: list[str]) -> list[str]:
    """F-6.3: Don Falconi's Mode II draw now keeps the tile by itself; nothing else was renamed."""
    return [text for text in actions if text.strip() != "keep"]


def record_score(state: GameState[Any], _seat: Seat, won: bool) -> int | None:
    """No points in this game: the statistics keep its fastest win, in the turns its side panel counts, for
    either side."""
    return cast(FalconiState, state).turn_number if won else None


FALCONI: GameSpec[FalconiOptions] = GameSpec(
    name="falconi",
    title="Catch Don Falconi",
    options_type=FalconiOptions,
    check_seats=check_seats,
    new_state=new_state,
    state_from_json=FalconiState.from_json,
    knowledge=knowledge,
    roles=("fugitive", "police"),
    role_of=lambda seat: "fugitive" if seat == FUGITIVE else "police",
    record_variants=tuple(VARIANTS),
    record_variant=lambda options, _seats: options.variant,
    record_score=record_score,
    record_score_lowest=True,
    seat_count=lambda _asked, _named: SEAT_COUNT,
    arrange_seats=arrange_seats,
    series_seat=FUGITIVE,
    rules_revised_in=3,  # match format 3: the rulings revised on 2026-11-27 (format 2: on 2026-11-24)
    rules_revision="their revision of 2026-11-27",
    upgrade_actions=upgrade_actions,
    tutorials=(MARGHERITA, *MORE, MODE2),
    once_cards=NEW_PIZZA_CARDS,
    option_sets=lambda: tuple(FalconiOptions(name) for name in VARIANTS),  # the pizzas, with any registered since
)
