"""Mode II — Salami, Diavola (F-6): three actions a turn among draw, place, drive, three-point turn,
placing escape tiles, and in Diavola the Chili Boost and the secret accomplice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.falconi.actions import DRAW, KEEP, Action
from game.falconi.city import DISTRICTS
from game.falconi.constants import ACTION, ACTIVE, ESCAPE_PLACE, FUGITIVE, OUT, POLICE, ROUND_LIMIT, SEAT_NAMES
from game.falconi.network import boost_routes, step_exits
from game.falconi.tiles import CRATER, EMPTY, ESCAPE, EXITS

if TYPE_CHECKING:
    from game.falconi.state import FalconiState

ACTIONS_PER_TURN = 3


def begin_turn(st: FalconiState) -> None:
    if st.turn_seat == FUGITIVE:
        if st.last_round:  # F-7.2: the last round is over and he is still free
            st.finish("tiles_out", frozenset({FUGITIVE}), "the tiles ran out: Don Falconi wins")
            return
        if st.round > ROUND_LIMIT:
            st.finish("round_limit", frozenset({FUGITIVE}), "the chase went on too long: Don Falconi wins")
            return
        st.last_round = not st.pile
    st.actions_left, st.acted = ACTIONS_PER_TURN, 0
    offer_actions(st)
    if not st.legal:
        st.car_blocked()  # F-6.5: no legal action at all at the start of the turn


def offer_actions(st: FalconiState) -> None:
    """Every action the car whose turn it is may take now (F-6.1, F-6.3, F-6.6)."""
    seat = st.turn_seat
    board = st.board
    place = st.cars[seat]
    cell, entry = place >> 2, place & 3
    hand = st.reserves[seat]
    fugitive = seat == FUGITIVE
    actions: list[Action] = []
    if len(hand) < 2 and st.pile:
        actions.append(DRAW)
    table = st.table
    if hand:
        kinds = [item for item in (hand if len(hand) == 1 or hand[0] != hand[1] else hand[:1]) if item < ESCAPE]
        if kinds:
            # In front of a car still at its building; otherwise any empty cell orthogonally next to its cell.
            if board[cell] == EMPTY:
                targets: tuple[int, ...] | list[int] = (cell,)
            else:
                targets = [n for n in st.neighbours[cell] if board[n] == EMPTY]
            place_at = table.place_at
            for kind in kinds:
                for target in targets:
                    actions.extend(place_at[target][kind])
    for edge in step_exits(board, st.links, place, st.escapes if fugitive else None):
        actions.append(table.step[edge])
    tile = board[cell]
    if st.actions_left == ACTIONS_PER_TURN and tile != EMPTY:
        for edge in EXITS[tile][entry]:
            if edge != entry:
                actions.append(table.turn[edge])
    st.boost_steps = {}
    if fugitive:
        for item in sorted({item for item in hand if item >= ESCAPE}):
            actions.extend(table.escape[slot] for slot in st.free_escape_slots(item - ESCAPE))
        if st.accomplice >= 0 and st.acted == 0:
            actions.extend(table.accomplice[slot] for slot in st.free_escape_slots(st.accomplice))
        if st.boosts > 0:
            st.boost_steps = boost_routes(board, st.links, place, st.escapes)
            actions.extend(Action("boost", path=path) for path in sorted(st.boost_steps))
    st.phase, st.decider, st.legal = ACTION, seat, tuple(actions)


def apply(st: FalconiState, action: Action) -> None:
    seat = st.turn_seat
    verb = action.verb
    if st.phase == ESCAPE_PLACE:
        _settle_drawn_escape(st, action)
    elif verb == "draw":
        finish_draw(st, st.pile.pop())
        return
    elif verb == "place":
        st.reserves[seat].remove(action.tile)
        st.board[action.cell] = action.tile * 4 + action.edge
    elif verb == "step":
        nxt = st.links[(st.cars[seat] & ~3) + action.edge]
        if nxt < 0:
            st.finish("escape", frozenset({FUGITIVE}), "Don Falconi reached his accomplice and escaped")
            return
        st.cars[seat] = nxt
        if seat != FUGITIVE and nxt == st.cars[FUGITIVE]:  # F-6.4: into his cell, in his lane
            st.finish("catch", frozenset({seat}), f"{SEAT_NAMES[seat]} caught Don Falconi")
            return
    elif verb == "turn":
        st.cars[seat] = (st.cars[seat] & ~3) + action.edge
        st.actions_left = 1  # a three-point turn costs all three actions
    elif verb == "escape":
        district = DISTRICTS.index(st.city.slots[action.slot].district or "")
        st.reserves[seat].remove(ESCAPE + district)
        st.escapes[action.slot] = district
    elif verb == "accomplice":
        st.escapes[action.slot] = st.accomplice
        st.accomplice = -1
    elif verb == "boost":
        if _boost(st, action):
            return
    else:
        raise AssertionError(f"{verb} is not a Mode II action")
    _spend_action(st)


def finish_draw(st: FalconiState, item: int) -> None:
    """The drawn ``item`` goes into the reserve, or an escape tile waits for its owner's decision (F-6.3)."""
    if item >= ESCAPE:
        _offer_drawn_escape(st, item)
        if st.phase == ESCAPE_PLACE:
            return
    else:
        st.reserves[st.turn_seat].append(item)
        st.reserves[st.turn_seat].sort()
    _spend_action(st)


def escape_options(st: FalconiState, item: int) -> tuple[Action, ...]:
    """F-6.3: a police car must place a drawn escape tile at once; the fugitive may keep it face down."""
    options = tuple(st.table.escape[slot] for slot in st.free_escape_slots(item - ESCAPE))
    return (KEEP,) + options if st.turn_seat == FUGITIVE else options


def legal_for_phase(st: FalconiState) -> tuple[Action, ...]:
    """Recompute the legal actions of the pending decision (used when a saved state is loaded)."""
    if st.phase == ESCAPE_PLACE:
        return escape_options(st, st.drawn)
    if st.phase == ACTION:
        offer_actions(st)
        return st.legal
    return ()


def _offer_drawn_escape(st: FalconiState, item: int) -> None:
    options = escape_options(st, item)
    if not options:
        st.set_aside.append(item)  # no free slot of its colour (F-5.6)
        return
    st.drawn, st.phase, st.legal = item, ESCAPE_PLACE, options


def _settle_drawn_escape(st: FalconiState, action: Action) -> None:
    if action.verb == "keep":
        st.reserves[FUGITIVE].append(st.drawn)
        st.reserves[FUGITIVE].sort()
    else:
        st.escapes[action.slot] = st.drawn - ESCAPE
    st.drawn = -1


def _boost(st: FalconiState, action: Action) -> bool:
    """F-6.6 Chili Boost: up to 3 tiles in one action, smashing one block, knocking out police it passes.

    Returns whether the game ended.
    """
    st.boosts -= 1
    for step in st.boost_steps[action.path]:
        if step.smashed >= 0 and st.board[step.smashed] != CRATER:
            st.craters[step.smashed] = st.board[step.smashed]
            st.board[step.smashed] = CRATER
        if step.place < 0:
            st.finish("escape", frozenset({FUGITIVE}), "Don Falconi reached his accomplice and escaped")
            return True
        for police in POLICE:
            if st.status[police] == ACTIVE and st.cars[police] == step.place:
                st.status[police] = OUT  # overtaken or landed on in its own lane
        st.cars[FUGITIVE] = step.place
    if not any(st.status[police] == ACTIVE for police in POLICE):
        st.finish("police_out", frozenset({FUGITIVE}), "every police car is out: Don Falconi wins")
        return True
    return False


def _spend_action(st: FalconiState) -> None:
    st.actions_left -= 1
    st.acted += 1
    if st.actions_left > 0:
        offer_actions(st)
        if st.legal:
            return
    st.end_turn()  # after three actions, or earlier when no action is legal (F-6.1)
