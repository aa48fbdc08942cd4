"""Moves that end the chase against the one who makes them, so that the window can ask before playing one: Don
Falconi blocking himself (F-5.5, F-6.5), giving up at a block he could bomb (F-5.5) or letting stand a catch that a
Chili Bomb would stop (F-5.4); a police car leaving the chase (F-5.5, F-6.5), the last one giving the game to Don
Falconi (F-8.3).

A move counts only when another legal move would not do the same: a loss nothing could avoid needs no question.
It is judged from what the mover may know, on a determinization for their seat (F-9): whether the window asks
never tells a police player anything of Don Falconi's face-down tiles.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from game.core.message import Message
from game.core.protocol import Seat
from game.falconi.actions import Action
from game.falconi.constants import ACTIVE, FUGITIVE, OUT, POLICE
from game.falconi.mode2 import must_smash_to_go_on
from game.falconi.network import ways_on
from game.falconi.queries import Way, mode_ii_way

if TYPE_CHECKING:
    from game.falconi.state import FalconiState

# What follows a losing move, by how the game ends (F-8): the key of its sentence.
_ENDINGS = {"catch": "falconi.loss.caught", "fugitive_blocked": "falconi.loss.blocked",
            "police_out": "falconi.loss.last_out"}


def self_defeat(state: FalconiState, action: Action, allies: frozenset[Seat]) -> Message | None:
    """What ``action`` brings on the seat deciding now, when it loses them the game and another legal action
    would not; ``allies`` are the other seats the same person plays (a police car may go out while another of
    theirs stays in the chase)."""
    seat = state.current_seat
    if state.is_terminal():
        return None
    view = state.determinize(seat, random.Random(0))  # the same deal each time: it hangs on what the seat sees
    if action not in view.legal_actions():
        return None
    loss = _loss(view, action, seat, allies)
    if loss is None or all(_loss(view, other, seat, allies) for other in view.legal_actions() if other != action):
        return None
    return loss


def _loss(state: FalconiState, action: Action, seat: Seat, allies: frozenset[Seat]) -> Message | None:
    """What ``action`` brings on ``seat`` if it loses them the game: ended, out of the chase, or (Mode II) left
    with no way on as the board stands, so that the next turn's start blocks them (F-6.5)."""
    after = state.clone()
    after.apply_legal(action)
    outcome = after.outcome
    if outcome is not None:
        if outcome.winners & ({seat} | allies):
            return None
        if outcome.termination == "catch":  # one police car wins: it is named
            return Message.of(_ENDINGS["catch"], police=f"@seat.falconi.{min(outcome.winners)}")
        return Message(_ENDINGS.get(outcome.termination, "falconi.loss.ends"))
    if any(after.status[ally] == ACTIVE for ally in allies & set(POLICE)):
        return None  # another car of theirs is still in the chase
    if after.status[seat] == OUT:
        return Message("falconi.loss.out")
    if state.variant.mode == 2 and mode_ii_way(after, seat) == Way.CLOSED:
        if seat == FUGITIVE:
            return Message("falconi.loss.no_way")
        if not _way_in_sight(after):
            return None  # Don Falconi may be blocked first, and this car win with the police (F-6.5)
        last = not any(after.status[other] == ACTIVE for other in POLICE if other != seat)
        return Message("falconi.loss.no_way_last" if last else "falconi.loss.no_way_out")
    return None


def _way_in_sight(state: FalconiState) -> bool:
    """Whether Don Falconi has a way on that everyone can see (F-6.5 without his face-down tiles): an open end,
    an escape tile on the border, or a block a Chili Boost of his could smash."""
    placed = frozenset(slot for slot, district in enumerate(state.escapes) if district >= 0)
    return bool(ways_on(state._board, state.links, state.cars[FUGITIVE], placed, -1, False, 1)) \
        or must_smash_to_go_on(state)
