"""Sentences for the game log, said in the position before the action is played."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.fredericus.actions import (
    BET,
    CAPTURE,
    CARD,
    CENTRE,
    END,
    FLIP,
    HAND,
    HOOD,
    RAPTOR,
    RAPTOR_KINDS,
    SEAL,
    STAY,
    TIDY,
    TOKEN,
    Action,
    action_text,
)
from game.fredericus.cards import ROW_CARD_NAMES

if TYPE_CHECKING:
    from game.fredericus.state import FredericusState


def describe(state: FredericusState, action: Action) -> str:
    """E.g. "Red moves the griffin from row 3 to row 4"; an action foreign to the position is named as text."""
    kind, a, b = action
    actor = _colour(state, state.current_seat)
    if kind == CARD and state.rows[a]:
        return f"{actor} moves the {_card(state, a)} from row {a} to row {b}"
    if kind == RAPTOR:
        return f"{actor} moves the {RAPTOR_KINDS[a & 1]} from post {state.posts[a]} to post {b}"
    if kind == HOOD:
        hooded = [f"{_colour(state, r >> 1)}'s {RAPTOR_KINDS[r & 1]}" for r in range(8) if b >> r & 1]
        return f"{actor} hoods {' and '.join(hooded)} at post {a}"
    if kind == CAPTURE and state.rows[state.posts[a]]:
        post = state.posts[a]
        return f"{actor}'s {RAPTOR_KINDS[a & 1]} captures the {_card(state, post)} at tower {post}"
    if kind == FLIP:
        return f"{actor} flips row {a}"
    if kind == SEAL:
        return f"{actor} discards the imperial seal at the end of row {a}"
    if kind == TIDY and state.rows[a]:
        return f"{actor} moves the last three {_card(state, a)}s of row {a} to its start"
    if kind == END:
        return f"{actor} ends the turn"
    if kind == BET:
        return f"{actor} bets a token on tower {a}"
    if kind == TOKEN:
        where = "the courtyard centre" if b == CENTRE else f"tower {b}"
        if a == HAND:
            return f"{actor} places a token on {where}"
        return f"{actor} moves a token from tower {a} to {where}"
    if kind == STAY:
        return f"{actor} leaves the betting tokens where they are"
    return f"{actor}: {action_text(action)}"


def _colour(state: FredericusState, seat: int) -> str:
    return state.seat_name(seat).split()[0] if seat >= 0 else "Nobody"


def _card(state: FredericusState, row: int) -> str:
    return ROW_CARD_NAMES[state.rows[row][-1]]
