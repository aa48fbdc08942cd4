"""Mode I — Margherita, Funghi, Prosciutto (F-5): take a tile, place it at your open end, drive to the end.

A turn is a chain of decisions: (drive on, if someone filled your open end: F-5.3) → (place a drawn escape
tile: F-5.6) → place the tile → choose where the drive stops; a police catch may pause for the fugitive's
Chili Bomb answer (F-5.4), and a blocked fugitive may bomb his way out (F-5.5).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from game.falconi.actions import BOMB, PASS, Action
from game.falconi.board import close_edge, lay, open_edge, put_escape, smash
from game.falconi.constants import ANSWER, BLAST, DRIVE, ESCAPE_PLACE, FUGITIVE, PLACE, SEAT_NAMES
from game.falconi.network import Reach, drive_route, explore
from game.falconi.supply import draw, hold, play_tile, put_back, set_aside, spend_bomb
from game.falconi.tiles import EMPTY, ESCAPE, EXITS, U_TURN
from game.falconi.turns import car_blocked, decide, decide_drive, end_turn, finish, move_car, start_drive

if TYPE_CHECKING:
    from game.falconi.state import FalconiState


def begin_turn(st: FalconiState) -> bool:
    """Start the turn of ``st._turn_seat``; a Mode I turn always has a decision (or ends the game)."""
    place = st._cars[st._turn_seat]
    tile = st._board[place >> 2]
    if tile == EMPTY:
        take_tile(st)
    elif EXITS[tile][place & 3] and not st._closed[place]:
        open_drive(st, place, pre=True)  # F-5.3: a tile with a road filled the open end: drive on first
    elif st._turn_seat == FUGITIVE and st._bombs > 0:
        st._pre_drive = True
        start_drive(st, place)  # F-5.5: the dead end he stands at
        decide(st, BLAST, st._decider, blast_options(st))
    else:
        car_blocked(st)
    return True


def take_tile(st: FalconiState) -> None:
    """F-5.1 (a): draw the top tile; escape tiles go straight onto the border (F-5.6)."""
    seat = st._turn_seat
    shuffle: random.Random | None = None
    while st._pile:
        item = draw(st)
        if item < ESCAPE:
            if item == U_TURN and _u_turn_sends_home(st, seat):
                if shuffle is None:  # one generator per draw: each put-back goes to a new place (D-16)
                    shuffle = random.Random(f"falconi:{st._seed}:{st._turn}:{len(st._pile)}")
                put_back(st, shuffle.randrange(len(st._pile)), item)  # F-5.8: no U-turn back home
                continue
            break
        slots = st.free_escape_slots(item - ESCAPE)
        if not slots:
            set_aside(st, item)
            continue
        decide(st, ESCAPE_PLACE, seat, tuple(st._table.escape[slot] for slot in slots))
        return
    else:
        if not st._reserves[seat]:  # F-7.2: a tile must be taken and cannot be
            finish(st, "tiles_out", frozenset({FUGITIVE}), "the tiles ran out: Don Falconi wins")
            return
        hold(st, -1)
    decide(st, PLACE, seat, placement_options(st))


def _u_turn_sends_home(st: FalconiState, seat: int) -> bool:
    """F-5.8 (revised 2026-11-27): the car has no other tile to play instead of a drawn U-turn, the U-turn would
    send it back along its roads into its own building with no open end, escape, catch or bombable block to
    turn off to on the way, and the pile holds another road tile to draw."""
    if any(item != U_TURN for item in st._reserves[seat]):
        return False
    if not any(item < ESCAPE and item != U_TURN for item in st._pile):
        return False
    place = st._cars[seat]
    (u_turn,) = st._table.place_facing[place][U_TURN]  # its one road end faces the car
    lay(st, place >> 2, U_TURN * 4 + u_turn.edge)
    try:
        actions, reach = drive_options(st, place)
        if actions or (seat == FUGITIVE and st._bombs > 0 and reach.dead_ends):
            return False
        return drive_route(st, place, -(st.building(seat) + 1)) is not None
    finally:
        lay(st, place >> 2, EMPTY)


def placement_options(st: FalconiState) -> tuple[Action, ...]:
    """The tiles the car may place at its open end, and their rotations (F-5.1 a, b)."""
    seat = st._turn_seat
    facing = st._table.place_facing[st._cars[seat]]  # a road on the edge the car comes in by
    hand = st._reserves[seat]
    if not hand:
        return facing[st._drawn]
    kinds = sorted({*hand, st._drawn} if st._drawn >= 0 else set(hand))
    actions = facing[kinds[0]]  # the tuples of each kind joined, in the same order
    for kind in kinds[1:]:
        actions += facing[kind]
    return actions


def drive_options(st: FalconiState, start: int) -> tuple[tuple[Action, ...], Reach]:
    """Every place the car may stop at after driving from ``start`` (F-5.1 c, F-5.2, F-5.4)."""
    seat = st._turn_seat
    target = st._cars[FUGITIVE] if seat != FUGITIVE else -1
    reach = explore(st._board, st._closed, st._links, start, st._escapes, target)
    actions = list(map(st._table.drive_to.__getitem__, reach.open_ends))  # no comprehension's frame: hot
    if seat == FUGITIVE:  # he may stop where a police car stands: cars never block each other (F-5.2)
        if reach.escapes:
            actions += [st._table.drive_out[slot] for slot in reach.escapes]
        if actions and st._bombs > 0 and reach.dead_ends:  # F-5.5: a bomb on any block in front of him
            actions += [st._table.blast[p] for p in sorted(reach.dead_ends)]
    elif reach.catch_edges:
        actions[:0] = [st._table.catch[edge] for edge in reach.catch_edges]
    return tuple(actions), reach


def blast_options(st: FalconiState) -> tuple[Action, ...]:
    """F-5.5: the in-grid dead ends a blocked fugitive stands at or can reach, and declining (losing)."""
    start = st._drive_from
    tile = st._board[start >> 2]
    if st._closed[start] or not EXITS[tile][start & 3]:
        targets = [start]
    else:
        targets = sorted(drive_options(st, start)[1].dead_ends)
    return tuple(st._table.blast[p] for p in targets) + (PASS,)


def open_drive(st: FalconiState, start: int, pre: bool) -> None:
    seat = st._turn_seat
    st._pre_drive = pre
    actions, reach = drive_options(st, start)
    if actions:
        decide_drive(st, DRIVE, seat, actions, start)
        return
    start_drive(st, start)
    if seat == FUGITIVE and st._bombs > 0 and reach.dead_ends:
        decide(st, BLAST, seat, blast_options(st))
    else:
        car_blocked(st)


def legal_for_phase(st: FalconiState) -> tuple[Action, ...]:
    """Recompute the legal actions of the pending decision (used when a saved state is loaded)."""
    if st._phase == PLACE:
        return placement_options(st)
    if st._phase == DRIVE:
        return drive_options(st, st._drive_from)[0]
    if st._phase == ANSWER:
        return (BOMB, PASS)
    if st._phase == BLAST:
        return blast_options(st)
    if st._phase == ESCAPE_PLACE:
        return tuple(st._table.escape[slot] for slot in st.free_escape_slots(st._drawn - ESCAPE))
    return ()


def apply(st: FalconiState, action: Action) -> None:
    seat = st._turn_seat
    verb = action.verb
    if verb == "place":
        lay(st, action.cell, action.tile * 4 + action.edge)
        play_tile(st, seat, action.tile)
        open_drive(st, st._cars[seat], pre=False)
    elif verb == "drive":
        if action.slot >= 0:
            finish(st, "escape", frozenset({FUGITIVE}), "Don Falconi reached his accomplice and escaped")
            return
        move_car(st, seat, action.cell * 4 + action.edge)
        if st._pre_drive:
            take_tile(st)
        else:
            end_turn(st)
    elif verb == "catch":
        if st._bombs > 0:  # F-5.4: he may answer with a Chili Bomb, though it is not his turn
            st._catch_edge = action.edge
            decide(st, ANSWER, FUGITIVE, (BOMB, PASS))
        else:
            _catch(st, seat)
    elif verb == "bomb":
        spend_bomb(st)
        last_tile = st._links[st._cars[FUGITIVE]] >> 2  # the tile behind him, whose open end he stands at
        close_edge(st, last_tile * 4 + st._catch_edge)
        st._catch_edge = -1
        open_drive(st, st._drive_from, st._pre_drive)
    elif verb == "pass":
        if st._catch_edge >= 0:
            _catch(st, seat)
        else:
            car_blocked(st)
    elif verb == "blast":
        spend_bomb(st)
        place = action.cell * 4 + action.edge
        if st._closed[place]:
            open_edge(st, place)  # F-5.5: a bombed edge is simply reopened
        else:
            smash(st, action.cell)
            for edge in range(4):
                if st._closed[action.cell * 4 + edge]:
                    open_edge(st, action.cell * 4 + edge)
        open_drive(st, place, st._pre_drive)
    elif verb == "escape":
        put_escape(st, action.slot, st._drawn - ESCAPE)
        hold(st, -1)
        take_tile(st)  # F-5.6: then that player draws again
    else:
        raise AssertionError(f"{verb} is not a Mode I action")


def _catch(st: FalconiState, seat: int) -> None:
    move_car(st, seat, st._cars[FUGITIVE])
    finish(st, "catch", frozenset({seat}), f"{SEAT_NAMES[seat]} caught Don Falconi")


def restore(st: FalconiState, pre_drive: bool, catch_edge: int) -> None:
    """A loaded game's Mode I record: a drive before the tile (F-5.3), the edge of a catch on hold (F-5.4)."""
    st._pre_drive, st._catch_edge = pre_drive, catch_edge
