"""Rule questions the board asks about a position without playing a move: where a tile leads (F-5.5), whether a
tile keeps its own car's way open (F-5.5, F-6.5), where a catch or a Chili Bomb lands (F-5.4), where a Mode II step
or three-point turn takes the car (F-6.1, F-6.4), and whether an escape tile goes down within Don Falconi's draw
(F-6.3). The rules answer them here, so that no view works them out again from the state's fields.
"""

from __future__ import annotations

from enum import IntEnum
from typing import TYPE_CHECKING, NamedTuple

from game.falconi.actions import Action
from game.falconi.city import DISTRICTS
from game.falconi.constants import ACTION, BLAST, DRIVE, FUGITIVE
from game.falconi.mode2 import count_ways_on, must_smash_to_go_on
from game.falconi.tiles import ESCAPE

if TYPE_CHECKING:
    from game.falconi.state import FalconiState


class Laying(NamedTuple):
    """What laying a Mode I tile so leads to (F-5.1 c, F-5.2, F-5.5)."""

    after: FalconiState | None  # the position while its car still moves on from the tile, or None
    leads_nowhere: bool  # a legal placement with no open end, escape, catch or block to bomb: its car is blocked
    needs_bomb: bool  # Don Falconi's roads from it run only into blocks: he is blocked unless he bombs one


def laying(state: FalconiState, placement: Action) -> Laying:
    """Play ``placement`` on a copy: its car then either chooses where to drive, or (Don Falconi with a Chili
    Bomb, whose roads now run only into blocks) which block to bomb; anything else means it leads nowhere."""
    if placement not in state._legal:
        return Laying(None, False, False)
    after = state.clone()
    after.apply_legal(placement)
    if after._phase in (DRIVE, BLAST) and after._turn_seat == state._turn_seat:
        return Laying(after, False, after._phase == BLAST)
    return Laying(None, True, False)


class Way(IntEnum):
    """What a placement leaves of its own car's way on, best first."""

    OPEN = 0  # a way on: an open end, an escape, a catch (F-5.1 c, F-6.5)
    THROUGH_BLOCK = 1  # Don Falconi goes on only by bombing (F-5.5) or smashing (F-6.5, Diavola) a block
    CLOSED = 2  # none: the car is blocked, out of the chase, or Don Falconi has lost (F-5.5, F-6.5)


def way_after(state: FalconiState, placement: Action) -> Way:
    """What laying ``placement`` (one of the legal actions) leaves of its car's way on. In Mode I the drive that
    follows tells (:func:`laying`); in Mode II the board as it then stands, as a turn's start would judge it
    (F-6.5): a tile with no road towards the car closes the way it came by."""
    if state._variant.mode == 1:
        laid = laying(state, placement)
        return Way.CLOSED if laid.leads_nowhere else Way.THROUGH_BLOCK if laid.needs_bomb else Way.OPEN
    after = state.clone()
    after.apply_legal(placement)
    return mode_ii_way(after, state._turn_seat)


def mode_ii_way(state: FalconiState, seat: int) -> Way:
    """F-6.5: the way on ``seat``'s car has as the board stands, with the turn's start's judgement."""
    if count_ways_on(state, seat, 1):
        return Way.OPEN
    return Way.THROUGH_BLOCK if seat == FUGITIVE and must_smash_to_go_on(state) else Way.CLOSED


def catch_place(state: FalconiState, edge: int) -> int:
    """The police car's place in the last tile before Don Falconi, entered through ``edge`` (F-5.4)."""
    fugitive = state._cars[FUGITIVE]
    behind = state._links[fugitive]
    return (behind >> 2 if behind >= 0 else fugitive >> 2) * 4 + edge


def bomb_place(state: FalconiState) -> int:
    """The edge a Chili Bomb answering the catch on offer closes: the catch's edge of the tile behind Don
    Falconi, whose open end he stands at (F-5.4)."""
    return (state._links[state._cars[FUGITIVE]] >> 2) * 4 + state._catch_edge


def step_end(state: FalconiState, edge: int) -> int:
    """Where a Mode II step out through ``edge`` of its cell takes the car whose turn it is: a place, or
    ``-(slot + 1)`` out through a border slot (F-6.1)."""
    return state._links[(state._cars[state._turn_seat] & ~3) + edge]


def step_catches(state: FalconiState, edge: int) -> bool:
    """Whether that step takes a police car into Don Falconi's cell, in his lane: a catch (F-6.4)."""
    return state._turn_seat != FUGITIVE and step_end(state, edge) == state._cars[FUGITIVE]


def turn_place(state: FalconiState, edge: int) -> int:
    """Where a three-point turn to face out through ``edge`` leaves the car whose turn it is: its cell, that
    edge (F-6.1)."""
    return (state._cars[state._turn_seat] & ~3) + edge


def places_free(state: FalconiState, slot: int) -> bool:
    """Whether an escape tile laid on ``slot`` now is the one Don Falconi just drew, which goes down within his
    draw at no action's cost (F-6.3)."""
    district = DISTRICTS.index(state._city.slots[slot].district or "")
    return state._phase == ACTION and state._fresh == ESCAPE + district
