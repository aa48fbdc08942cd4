"""Mode II — Salami, Diavola (F-6): three actions a turn among draw, place, drive, three-point turn,
placing escape tiles, and in Diavola the Chili Boost and the secret accomplice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.falconi.actions import DRAW, Action
from game.falconi.board import lay, put_escape, smash
from game.falconi.city import DISTRICTS
from game.falconi.constants import ACTION, ACTIVE, ESCAPE_PLACE, FUGITIVE, POLICE, ROUND_LIMIT, SEAT_NAMES
from game.falconi.network import boost_routes, smash_within, ways_on
from game.falconi.supply import draw, hold, keep, play_from_hand, set_aside, spend_boost
from game.falconi.tiles import CRATER, EMPTY, ESCAPE, EXITS
from game.falconi.turns import car_blocked, decide, end_turn, finish, knock_out, move_car, start_drive, step_car

if TYPE_CHECKING:
    from game.falconi.state import FalconiState

ACTIONS_PER_TURN = 3
NO_SLOTS: frozenset[int] = frozenset()


def begin_turn(st: FalconiState) -> bool:
    """Start the turn of ``st._turn_seat``; ``False`` when the car has nothing to do and the turn passes."""
    seat = st._turn_seat
    if seat == FUGITIVE:
        if st._last_round:  # F-7.2: the last round is over and he is still free
            finish(st, "tiles_out", frozenset({FUGITIVE}), "the tiles ran out: Don Falconi wins")
            return True
        if st._round > ROUND_LIMIT:  # F-7.3: round 50 is complete
            finish(st, "round_limit", frozenset({FUGITIVE}), "the chase went on too long: Don Falconi wins")
            return True
        st._last_round = not st._pile
    if count_ways_on(st, seat, 1) == 0:
        if seat != FUGITIVE or not must_smash_to_go_on(st):
            car_blocked(st)  # F-6.5: no way on
            return True
        st._must_smash = True  # F-6.5 (Diavola): his one way on is a block he smashes this turn
    st._actions_left, st._acted = ACTIONS_PER_TURN, 0
    start_drive(st, -1)
    offer_actions(st)
    if not st._legal and st._must_smash:
        _end_turn(st)
        return True
    return bool(st._legal)


def count_ways_on(st: FalconiState, seat: int, limit: int) -> int:
    """F-6.5: the ways on of ``seat``'s car as the board stands, counted up to ``limit`` (0: blocked). A block a
    Chili Boost could smash is no way on by itself (revised 2026-11-27): see :func:`must_smash_to_go_on`."""
    board, links = st._board, st._links
    if seat != FUGITIVE:
        return ways_on(board, links, st._cars[seat], NO_SLOTS, st._cars[FUGITIVE], False, limit)
    return ways_on(board, links, st._cars[FUGITIVE], escape_ways(st), -1, False, limit)


def must_smash_to_go_on(st: FalconiState) -> bool:
    """F-6.5 (Diavola, revised 2026-11-27): Don Falconi, with no way on as his turn begins, stays in the game for
    this turn if he holds a Chili Boost and can smash a block with it within the turn's actions."""
    return st._boosts > 0 and smash_within(st._board, st._links, st._cars[FUGITIVE], st._escapes, st._boosts,
                                          ACTIONS_PER_TURN)


def escape_ways(st: FalconiState) -> frozenset[int]:
    """Border slots Don Falconi could drive out by: those holding an escape tile, and the free slots of a
    district whose escape tile he holds (in his reserve, or his Diavola accomplice where it may wait: F-6.6)."""
    escapes = st._escapes
    slots = [slot for slot, district in enumerate(escapes) if district >= 0] if max(escapes) >= 0 else []
    for district in {item - ESCAPE for item in st._reserves[FUGITIVE] if item >= ESCAPE}:
        slots += st.free_escape_slots(district)
    if st._accomplice >= 0:
        slots += st.accomplice_slots()  # never on the prison's side (F-6.6)
    return frozenset(slots) if slots else NO_SLOTS


def offer_actions(st: FalconiState) -> None:
    """Every action the car whose turn it is may take now (F-6.1, F-6.3, F-6.6)."""
    seat = st._turn_seat
    board = st._board
    place = st._cars[seat]
    cell, entry = place >> 2, place & 3
    hand = st._reserves[seat]
    fugitive = seat == FUGITIVE
    actions: list[Action] = []
    if len(hand) < 2 and st._pile:
        actions.append(DRAW)
    table = st._table
    if hand and hand[0] < ESCAPE:  # sorted: road tiles first
        kinds = [item for item in (hand if len(hand) == 1 or hand[0] != hand[1] else hand[:1]) if item < ESCAPE]
        # In front of a car still at its building; otherwise any empty cell orthogonally next to its cell.
        if board[cell] == EMPTY:
            targets: tuple[int, ...] | list[int] = (cell,)
        else:
            targets = [n for n in st._neighbours[cell] if board[n] == EMPTY]
        place_at = table.place_at
        for kind in kinds:
            for target in targets:
                actions.extend(place_at[target][kind])
    tile = board[cell]
    if tile != EMPTY:  # step_exits(board, st._links, place, st._escapes if fugitive else None), inline
        links, step = st._links, table.step
        base = place & ~3
        for edge in EXITS[tile][entry]:
            nxt = links[base + edge]
            if nxt < 0:
                if fugitive and st._escapes[-nxt - 1] >= 0:
                    actions.append(step[edge])
                continue
            target_tile = board[nxt >> 2]
            if target_tile != EMPTY and EXITS[target_tile][nxt & 3]:
                actions.append(step[edge])
    if st._actions_left == ACTIONS_PER_TURN and tile != EMPTY:
        for edge in EXITS[tile][entry]:
            if edge != entry:
                actions.append(table.turn[edge])
    st._boost_steps = {}
    if fugitive:
        if hand and hand[-1] >= ESCAPE:  # sorted: escape tiles last
            for item in sorted({item for item in hand if item >= ESCAPE}):
                actions.extend(table.escape[slot] for slot in st.free_escape_slots(item - ESCAPE))
        if st._accomplice >= 0 and st._acted == 0:
            actions.extend(table.accomplice[slot] for slot in st.accomplice_slots())
        if st._boosts > 0:
            st._boost_steps = boost_routes(board, st._links, place, st._escapes)
            actions.extend(_boost_action(path) for path in sorted(st._boost_steps))
        if st._fresh >= 0 and all(_is_free(st, action) for action in actions):
            actions = []  # F-6.3: his turn ends as it would after a road tile; the offer waits for his next
    decide(st, ACTION, seat, tuple(actions))


_BOOST_ACTIONS: dict[tuple[int, ...], Action] = {}


def _boost_action(path: tuple[int, ...]) -> Action:
    """``Action("boost", path=path)``, made once a path (there are a few hundred)."""
    found = _BOOST_ACTIONS.get(path)
    if found is None:
        found = _BOOST_ACTIONS[path] = Action("boost", path=path)
    return found


def _is_free(st: FalconiState, action: Action) -> bool:
    """Placing the escape tile he just drew, which is part of his draw (F-6.3)."""
    return action.verb == "escape" and _district_of(st, action.slot) == st._fresh - ESCAPE


def apply(st: FalconiState, action: Action) -> None:
    seat = st._turn_seat
    verb = action.verb
    if st._phase == ESCAPE_PLACE:  # a police car places the escape tile it drew (F-6.3)
        put_escape(st, action.slot, st._drawn - ESCAPE)
        hold(st, -1)
        _spend_action(st)
        return
    if seat == FUGITIVE and st._fresh >= 0:
        if _is_free(st, action):
            _place_escape(st, action.slot)  # F-6.3: the tile he just drew, placed within that draw action
            st._fresh = -1
            offer_actions(st)
            if not st._legal:
                _end_turn(st)
            return
        st._fresh = -1  # the chance to place a fresh escape tile at once ends with his next action
    if verb == "draw":
        _draw(st, seat)
        return
    if verb == "place":
        play_from_hand(st, seat, action.tile)
        lay(st, action.cell, action.tile * 4 + action.edge)
    elif verb == "step":
        nxt = st._links[(st._cars[seat] & ~3) + action.edge]
        if nxt < 0:
            finish(st, "escape", frozenset({FUGITIVE}), "Don Falconi reached his accomplice and escaped")
            return
        step_car(st, seat, nxt)
        if seat != FUGITIVE and nxt == st._cars[FUGITIVE]:  # F-6.4: into his cell, in his lane
            finish(st, "catch", frozenset({seat}), f"{SEAT_NAMES[seat]} caught Don Falconi")
            return
    elif verb == "turn":
        move_car(st, seat, (st._cars[seat] & ~3) + action.edge)
        st._actions_left = 1  # a three-point turn costs all three actions
    elif verb == "escape":
        _place_escape(st, action.slot)
    elif verb == "accomplice":
        put_escape(st, action.slot, st._accomplice)
        st._accomplice = -1
    elif verb == "boost":
        start_drive(st, st._cars[seat])
        if _boost(st, action):
            return
    else:
        raise AssertionError(f"{verb} is not a Mode II action")
    _spend_action(st)


def _district_of(st: FalconiState, slot: int) -> int:
    return DISTRICTS.index(st._city.slots[slot].district or "")


def _place_escape(st: FalconiState, slot: int) -> None:
    """Don Falconi places an escape tile from his reserve on ``slot`` (F-6.1)."""
    district = _district_of(st, slot)
    play_from_hand(st, FUGITIVE, ESCAPE + district)
    put_escape(st, slot, district)


def _draw(st: FalconiState, seat: int) -> None:
    """F-6.1, F-6.3: the top tile goes into the reserve. A police car places a drawn escape tile at once (or
    sets it aside when no slot of its colour is free); Don Falconi keeps whatever he drew face down, and may
    place a fresh escape tile free of charge before his next action. Whatever he drew, the police see the
    same: one tile fewer in the pile, one more in his reserve, one action fewer."""
    item = draw(st)
    if item >= ESCAPE and seat != FUGITIVE:
        options = escape_options(st, item)
        if options:
            decide(st, ESCAPE_PLACE, st._decider, options)
            return
        set_aside(st, item)  # no free slot of its colour (F-5.6)
    else:
        keep(st, seat, item)
        if item >= ESCAPE:
            st._fresh = item
    _spend_action(st)


def escape_options(st: FalconiState, item: int) -> tuple[Action, ...]:
    """F-6.3: where a police car must place the escape tile it drew."""
    return tuple(st._table.escape[slot] for slot in st.free_escape_slots(item - ESCAPE))


def legal_for_phase(st: FalconiState) -> tuple[Action, ...]:
    """Recompute the legal actions of the pending decision (used when a saved state is loaded)."""
    if st._phase == ESCAPE_PLACE:
        return escape_options(st, st._drawn)
    if st._phase == ACTION:
        offer_actions(st)
        return st._legal
    return ()


def _boost(st: FalconiState, action: Action) -> bool:
    """F-6.6 Chili Boost: up to 3 tiles in one action, smashing one block, knocking out police it passes.

    Returns whether the game ended.
    """
    spend_boost(st)
    for step in st._boost_steps[action.path]:
        if step.smashed >= 0 and st._board[step.smashed] != CRATER:
            smash(st, step.smashed)
            st._must_smash = False  # F-6.5: the smash that keeps him in the game
        if step.place < 0:
            finish(st, "escape", frozenset({FUGITIVE}), "Don Falconi reached his accomplice and escaped")
            return True
        for police in POLICE:
            if st._status[police] == ACTIVE and st._cars[police] == step.place:
                knock_out(st, police)  # overtaken or landed on in its own lane
        move_car(st, FUGITIVE, step.place)
    if not any(st._status[police] == ACTIVE for police in POLICE):
        finish(st, "police_out", frozenset({FUGITIVE}), "every police car is out: Don Falconi wins")
        return True
    return False


def _spend_action(st: FalconiState) -> None:
    st._actions_left -= 1
    st._acted += 1
    if st._actions_left > 0:
        offer_actions(st)
        if st._legal:
            return
    _end_turn(st)  # after three actions, or earlier when no action is legal (F-6.1)


def _end_turn(st: FalconiState) -> None:
    """Pass the turn on; a Diavola fugitive who had to smash a block this turn and did not is blocked (F-6.5)."""
    if st._must_smash:
        st._must_smash = False
        car_blocked(st)
    else:
        end_turn(st)


def hand_accomplice(st: FalconiState, district: int) -> None:
    """Diavola: Don Falconi holds the escape tile of ``district`` as his secret accomplice (F-6.6), or none (-1):
    dealt at set-up, dealt anew by determinization, hidden on a copy of what the police may know."""
    st._accomplice = district


def restore(st: FalconiState, actions_left: int, acted: int, fresh: int, last_round: bool, must_smash: bool,
            accomplice: int) -> None:
    """A loaded game's Mode II record (a Mode I game keeps its blank values)."""
    st._actions_left, st._acted, st._fresh = actions_left, acted, fresh
    st._last_round, st._must_smash, st._accomplice = last_round, must_smash, accomplice



def forget_secrets(st: FalconiState, fresh: bool) -> None:
    """Determinization: whether he must smash a block this turn may hang on what is hidden (F-6.5); with
    ``fresh``, whether his last draw was an escape tile is his secret too (F-6.3)."""
    if fresh:
        st._fresh = -1
    st._must_smash = False
