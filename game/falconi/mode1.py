"""Mode I — Margherita, Funghi, Prosciutto (F-5): take a tile, place it at your open end, drive to the end.

A turn is a chain of decisions: (drive on, if someone filled your open end: F-5.3) → (place a drawn escape
tile: F-5.6) → place the tile → choose where the drive stops; a police catch may pause for the fugitive's
Chili Bomb answer (F-5.4), and a blocked fugitive may bomb his way out (F-5.5).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from game.falconi.actions import BOMB, PASS, Action
from game.falconi.constants import ANSWER, BLAST, DRIVE, ESCAPE_PLACE, FUGITIVE, PLACE, SEAT_NAMES
from game.falconi.network import Reach, drive_route, explore
from game.falconi.tiles import CRATER, EMPTY, ESCAPE, EXITS, U_TURN

if TYPE_CHECKING:
    from game.falconi.state import FalconiState


def begin_turn(st: FalconiState) -> bool:
    """Start the turn of ``st.turn_seat``; a Mode I turn always has a decision (or ends the game)."""
    place = st.cars[st.turn_seat]
    tile = st.board[place >> 2]
    if tile == EMPTY:
        take_tile(st)
    elif EXITS[tile][place & 3] and not st.closed[place]:
        open_drive(st, place, pre=True)  # F-5.3: a tile with a road filled the open end: drive on first
    elif st.turn_seat == FUGITIVE and st.bombs > 0:
        st.phase, st.pre_drive, st.drive_from = BLAST, True, place  # F-5.5: the dead end he stands at
        st.legal = blast_options(st)
    else:
        st.car_blocked()
    return True


def take_tile(st: FalconiState) -> None:
    """F-5.1 (a): draw the top tile; escape tiles go straight onto the border (F-5.6)."""
    seat = st.turn_seat
    shuffle: random.Random | None = None
    while st.pile:
        item = st.pile.pop()
        if item < ESCAPE:
            if item == U_TURN and _u_turn_sends_home(st, seat):
                if shuffle is None:  # one generator per draw: each put-back goes to a new place (D-16)
                    shuffle = random.Random(f"falconi:{st.seed}:{st.turn}:{len(st.pile)}")
                st.pile.insert(shuffle.randrange(len(st.pile)), item)  # F-5.8: no U-turn back into the building
                continue
            st.drawn = item
            break
        slots = st.free_escape_slots(item - ESCAPE)
        if not slots:
            st.set_aside.append(item)
            continue
        st.drawn, st.phase, st.decider = item, ESCAPE_PLACE, seat
        st.legal = tuple(st.table.escape[slot] for slot in slots)
        return
    else:
        if not st.reserves[seat]:  # F-7.2: a tile must be taken and cannot be
            st.finish("tiles_out", frozenset({FUGITIVE}), "the tiles ran out: Don Falconi wins")
            return
        st.drawn = -1
    st.phase, st.decider = PLACE, seat
    st.legal = placement_options(st)


def _u_turn_sends_home(st: FalconiState, seat: int) -> bool:
    """F-5.8 (revised 2026-11-27): the car has no other tile to play instead of a drawn U-turn, the U-turn would
    send it back along its roads into its own building with no open end, escape, catch or bombable block to
    turn off to on the way, and the pile holds another road tile to draw."""
    if any(item != U_TURN for item in st.reserves[seat]):
        return False
    if not any(item < ESCAPE and item != U_TURN for item in st.pile):
        return False
    place = st.cars[seat]
    (u_turn,) = st.table.place_facing[place][U_TURN]  # its one road end faces the car
    st.board[place >> 2] = U_TURN * 4 + u_turn.edge
    try:
        actions, reach = drive_options(st, place)
        if actions or (seat == FUGITIVE and st.bombs > 0 and reach.dead_ends):
            return False
        return drive_route(st, place, -(st.building(seat) + 1)) is not None
    finally:
        st.board[place >> 2] = EMPTY


def placement_options(st: FalconiState) -> tuple[Action, ...]:
    """The tiles the car may place at its open end, and their rotations (F-5.1 a, b)."""
    seat = st.turn_seat
    facing = st.table.place_facing[st.cars[seat]]  # a road on the edge the car comes in by
    hand = st.reserves[seat]
    if not hand:
        return facing[st.drawn]
    kinds = sorted({*hand, st.drawn} if st.drawn >= 0 else set(hand))
    actions = facing[kinds[0]]  # the tuples of each kind joined, in the same order
    for kind in kinds[1:]:
        actions += facing[kind]
    return actions


def drive_options(st: FalconiState, start: int) -> tuple[tuple[Action, ...], Reach]:
    """Every place the car may stop at after driving from ``start`` (F-5.1 c, F-5.2, F-5.4)."""
    seat = st.turn_seat
    target = st.cars[FUGITIVE] if seat != FUGITIVE else -1
    reach = explore(st.board, st.closed, st.links, start, st.escapes, target)
    drive_to = st.table.drive_to
    if seat == FUGITIVE:  # he may stop where a police car stands: cars never block each other (F-5.2)
        actions = [drive_to[p] for p in reach.open_ends]
        if reach.escapes:
            actions += [st.table.drive_out[slot] for slot in reach.escapes]
        if actions and st.bombs > 0 and reach.dead_ends:  # F-5.5: a bomb on any block in front of him
            actions += [st.table.blast[p] for p in sorted(reach.dead_ends)]
    else:
        actions = [drive_to[p] for p in reach.open_ends]
        if reach.catch_edges:
            actions[:0] = [st.table.catch[edge] for edge in reach.catch_edges]
    return tuple(actions), reach


def blast_options(st: FalconiState) -> tuple[Action, ...]:
    """F-5.5: the in-grid dead ends a blocked fugitive stands at or can reach, and declining (losing)."""
    start = st.drive_from
    tile = st.board[start >> 2]
    if st.closed[start] or not EXITS[tile][start & 3]:
        targets = [start]
    else:
        targets = sorted(drive_options(st, start)[1].dead_ends)
    return tuple(st.table.blast[p] for p in targets) + (PASS,)


def open_drive(st: FalconiState, start: int, pre: bool) -> None:
    seat = st.turn_seat
    st.drive_from, st.pre_drive, st.decider = start, pre, seat
    actions, reach = drive_options(st, start)
    if actions:
        st.phase, st.legal = DRIVE, actions
    elif seat == FUGITIVE and st.bombs > 0 and reach.dead_ends:
        st.phase, st.legal = BLAST, blast_options(st)
    else:
        st.car_blocked()


def legal_for_phase(st: FalconiState) -> tuple[Action, ...]:
    """Recompute the legal actions of the pending decision (used when a saved state is loaded)."""
    if st.phase == PLACE:
        return placement_options(st)
    if st.phase == DRIVE:
        return drive_options(st, st.drive_from)[0]
    if st.phase == ANSWER:
        return (BOMB, PASS)
    if st.phase == BLAST:
        return blast_options(st)
    if st.phase == ESCAPE_PLACE:
        return tuple(st.table.escape[slot] for slot in st.free_escape_slots(st.drawn - ESCAPE))
    return ()


def apply(st: FalconiState, action: Action) -> None:
    seat = st.turn_seat
    verb = action.verb
    if verb == "place":
        st.board[action.cell] = action.tile * 4 + action.edge
        if st.variant.reserves:
            hand = st.reserves[seat]
            if st.drawn >= 0:
                hand.append(st.drawn)
            hand.remove(action.tile)
            hand.sort()
        st.drawn = -1
        open_drive(st, st.cars[seat], pre=False)
    elif verb == "drive":
        if action.slot >= 0:
            st.finish("escape", frozenset({FUGITIVE}), "Don Falconi reached his accomplice and escaped")
            return
        st.cars[seat] = action.cell * 4 + action.edge
        if st.pre_drive:
            take_tile(st)
        else:
            st.end_turn()
    elif verb == "catch":
        if st.bombs > 0:  # F-5.4: he may answer with a Chili Bomb, though it is not his turn
            st.phase, st.decider, st.catch_edge = ANSWER, FUGITIVE, action.edge
            st.legal = (BOMB, PASS)
        else:
            _catch(st, seat)
    elif verb == "bomb":
        st.bombs -= 1
        last_tile = st.links[st.cars[FUGITIVE]] >> 2  # the tile behind him, whose open end he stands at
        st.close_edge(last_tile * 4 + st.catch_edge)
        st.catch_edge = -1
        open_drive(st, st.drive_from, st.pre_drive)
    elif verb == "pass":
        if st.catch_edge >= 0:
            _catch(st, seat)
        else:
            st.car_blocked()
    elif verb == "blast":
        st.bombs -= 1
        place = action.cell * 4 + action.edge
        if st.closed[place]:
            st.open_edge(place)  # F-5.5: a bombed edge is simply reopened
        else:
            st.craters[action.cell] = st.board[action.cell]
            st.board[action.cell] = CRATER
            for edge in range(4):
                if st.closed[action.cell * 4 + edge]:
                    st.open_edge(action.cell * 4 + edge)
        open_drive(st, place, st.pre_drive)
    elif verb == "escape":
        st.escapes[action.slot] = st.drawn - ESCAPE
        st.drawn = -1
        take_tile(st)  # F-5.6: then that player draws again
    else:
        raise AssertionError(f"{verb} is not a Mode I action")


def _catch(st: FalconiState, seat: int) -> None:
    st.cars[seat] = st.cars[FUGITIVE]
    st.finish("catch", frozenset({seat}), f"{SEAT_NAMES[seat]} caught Don Falconi")
