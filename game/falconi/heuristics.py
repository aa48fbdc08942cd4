"""Cheap position scores for the bots: the fugitive wants distance, room around his car, police out of the
chase and (in Mode II) the pile emptying; each police car wants the team to close in and to be near him
itself. They read only public information (F-9)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from game.core.protocol import GameState, Seat
from game.falconi import mode2, supply
from game.falconi.constants import ACTIVE, FUGITIVE, OUT, POLICE, ROUND_LIMIT
from game.falconi.network import ways_on as network_ways_on
from game.falconi.road_bits import BoardBits, RoadDistances, RoadsOut
from game.falconi.road_search import EMPTY_INDEX, TILE_INDEX, cheapest_road, road_tables
from game.falconi.tiles import EMPTY, ESCAPE, EXITS

if TYPE_CHECKING:
    from game.falconi.state import FalconiState


def evaluate(state: GameState[Any], seat: Seat) -> float:
    """How good the position looks for ``seat``: its share of :func:`values` (for one-ply look-ahead)."""
    return values(state)[seat]


def _xy(place: int, width: int) -> tuple[int, int]:
    cell = place >> 2
    return cell % width, cell // width


# --- search utilities ---------------------------------------------------------------------------------
# Police cars play as a team: a blocked fugitive makes every car still in the chase win (F-8.2), so a car values
# the police side's win, plus a share for making the catch itself (each catch belongs to one car).
TEAM_SHARE = 0.75
# The danger to Don Falconi is a police reply away (a car's drive into his lane, a tile dropped in front of
# him), which one-ply look-ahead cannot see; the easy level looks that far with a short search.
EASY_LOOKAHEAD = 40


def stays_put(action: Any) -> bool:
    """For the ``sitter`` yardstick: an action that does not drive Don Falconi away from where he stands (a
    Mode II step or boost does; drawing, placing and turning round on the spot do not)."""
    return action.verb not in ("step", "boost")


def pointless(state: GameState[Any], action: Any) -> bool:
    """A Mode II move that gains nothing the value guess can name: a drive that undoes the car's last drive of
    this turn (:func:`_reverses`), and a three-point turn (F-6.1: it costs the whole turn) of a police car that
    brings it no nearer to him, or of Don Falconi, while a way on lies ahead of him, that takes him no farther
    from every police car and no nearer to an escape. The value guess cannot tell such moves from progress,
    and the search, whose longer plans carry the noise of its trials, chose them again and again: whole games
    of cars turning on the spot, Don Falconi turning round at the prison round after round."""
    from game.falconi.state import FalconiState

    assert isinstance(state, FalconiState)
    seat = state.current_seat
    if state._variant.mode != 2:
        return False
    if action.verb in ("step", "boost"):
        return _reverses(state, action)
    if action.verb != "turn":
        return False
    turned = state.clone()
    turned.apply(action)
    if seat != FUGITIVE:
        return chase_distances(turned)[seat] >= chase_distances(state)[seat]
    if not way_ahead(state, seat):
        return False
    return (min(chase_distances(turned)) <= min(chase_distances(state))
            and escape_distance(turned) >= escape_distance(state))


# A drive back into the cell the car drove out of this turn is taken only when its value guess beats every
# other choice's by this much: a lane changed to dodge a car behind him does (his nearest chaser moves turns
# away), a step out and back that the search's noise favoured does not.
REVERSAL_MARGIN = 0.05


def _reverses(state: Any, action: Any) -> bool:
    """A Mode II drive that undoes the car's last drive of this turn (back into the cell that drive left)
    without winning the game or anything the value guess can name by :data:`REVERSAL_MARGIN`: a car that
    stepped out and straight back, and a hint that undid its own advice (issue 38)."""
    if state._drive_from < 0:
        return False
    seat: Seat = state.current_seat
    after = state.clone()
    after.apply(action)
    if after.is_terminal() or after._cars[seat] >> 2 != state._drive_from >> 2:
        return False
    others = []
    for other in state._legal:
        if other != action:
            tried = state.clone()
            tried.apply(other)
            others.append((utilities if tried.is_terminal() else values)(tried)[seat])
    return values(after)[seat] < max(others, default=0.0) + REVERSAL_MARGIN


def way_ahead(state: Any, seat: int) -> bool:
    """Whether ``seat``'s Mode II car can go on without turning round: a road of its tile leads into a tile
    with a road towards it, into an empty cell (lay a tile, drive onto it) or, for him, out by an escape tile.
    A car still at its building has the empty cell in front of it."""
    place = state._cars[seat]
    tile = state._board[place >> 2]
    if tile == EMPTY:
        return True
    for edge in EXITS[tile][place & 3]:
        ahead = state._links[(place & ~3) + edge]
        if ahead < 0:
            if seat == FUGITIVE and state._escapes[-ahead - 1] >= 0:
                return True
        elif state._board[ahead >> 2] == EMPTY or EXITS[state._board[ahead >> 2]][ahead & 3]:
            return True
    return False


def utilities(state: GameState[Any]) -> list[float]:
    """What a finished game is worth to each seat index, between 0 and 1."""
    from game.falconi.state import FalconiState

    assert isinstance(state, FalconiState) and state._outcome is not None
    winners = state._outcome.winners
    police_won = FUGITIVE not in winners
    result = [0.0] * 4
    result[FUGITIVE] = 0.0 if police_won else 1.0
    for police in POLICE:
        if state._status[police] != 0:
            result[police] = (TEAM_SHARE if police_won else 0.0) + (1 - TEAM_SHARE) * (police in winners)
    return result


def rollout_depth(state: GameState[Any]) -> int:
    """Mode I games are short and random play to a block is telling. In Mode II random tiles mostly spoil a
    car's own road and random drives wander off: the value guess of the new node alone judges better, and
    faster (measured in docs/ai.md)."""
    from game.falconi.state import FalconiState

    assert isinstance(state, FalconiState)
    return 20 if state._variant.mode == 1 else 0


def values_for_one_search() -> Callable[[GameState[Any]], list[float]]:
    """:func:`values` for the positions of one decision's search. Many of them share a board and his place
    (every sample of the root, most nodes near it), so the road searches behind the Mode II guess are
    remembered by board and place and done once; the memory goes with the search."""
    memo: dict[Any, Any] = {}

    def remembering_values(state: GameState[Any]) -> list[float]:
        if len(memo) > _MEMO_LIMIT:
            memo.clear()
        return values(state, memo)

    return remembering_values


_MEMO_LIMIT = 20_000  # road searches of 1–2 KB each; one hard decision makes under 10,000 entries


class ValueTerms(NamedTuple):
    """What the value guess weighs, worked out once for :func:`values` and for the hint's reason
    (:mod:`game.falconi.hint_reason`): Don Falconi's named terms, which add up in this order to his share before
    it is kept within 0.05..0.95, the police cars with no way on, each car's distance from him and how near an
    escape he is (0..1)."""

    names: tuple[str, ...]  # MODE1_TERMS or MODE2_TERMS
    his: tuple[float, ...]
    stuck: list[bool]
    gaps: list[float]
    in_reach: float


_new_tuple = tuple.__new__  # a ValueTerms made as its class's __new__ makes it, without that call's Python frame
MODE1_TERMS = ("base", "distance", "police_out", "chili", "room")
MODE2_TERMS = ("base", "distance", "police_out", "chili", "ways", "pile", "escape")


def value_terms(state: FalconiState, memo: dict[Any, Any] | None = None) -> ValueTerms:
    """The terms of :func:`values`: distance, police out, bombs and boosts, and how boxed in he is (Mode I:
    empty cells around his cell; Mode II: his ways on, F-6.5, which the police close to win), the emptying pile
    and an escape in reach. ``memo`` may remember the road searches across the positions of one search."""
    width = state._city.width
    mode2 = state._variant.mode == 2
    cars, status = state._cars, state._status
    fugitive_cell = cars[FUGITIVE] >> 2
    fx, fy = fugitive_cell % width, fugitive_cell // width  # _xy's, inline: the guess is made for every new node
    nearest: float = 20
    gaps: list[float] = [20, 20, 20, 20]
    # His ways on and open ends, once: the ways weigh for him, the open ends place the police's net.
    his_ways = _fugitive_ways(state, len(_WAYS_BONUS) - 1, memo) if mode2 else None
    chases = None
    if his_ways is not None:
        chases = _chase_distances(state, memo, _escape_fronts(state, memo) or his_ways[1])
    stuck = [False] * 4  # Mode II police cars with no way on: out at the start of their turn (F-6.5)
    out = 0
    for police in POLICE:
        if status[police] == ACTIVE:
            if mode2:
                stuck[police] = ways_on(state, police, 1, memo) == 0
            if chases:  # Mode II: the road still to build and drive, in actions, counted in turns
                gaps[police] = chases[police] / 3
            else:
                cell = cars[police] >> 2
                gaps[police] = abs(cell % width - fx) + abs(cell // width - fy)
            if not stuck[police]:
                nearest = min(nearest, gaps[police])
            else:
                out += 1
        elif status[police] == OUT:
            out += 1
    distance, police_out, chili = 0.04 * min(nearest, 8), 0.12 * out, 0.04 * (state._bombs + state._boosts)
    if not mode2:
        board, neighbours = state._board, state._neighbours
        room = _ROOM_BONUS[len([cell for cell in neighbours[fugitive_cell] if board[cell] == EMPTY])]  # _room
        return _new_tuple(ValueTerms, (MODE1_TERMS, (0.35, distance, police_out, chili, room), stuck, gaps, 0.0))
    assert his_ways is not None
    # The empty pile ends Mode II in his favour (F-7.2), and so does the round limit (F-7.3): every tile
    # drawn and every round played brings his win closer, so stalling never helps the police.
    progress = max(1 - len(state._pile) / _MODE2_PILE, state._round / ROUND_LIMIT)
    # An escape he can drive to wins at once (F-3.5): the nearer, the better, so he heads for it rather
    # than waiting for the clock, and the police learn to stand in the way.
    in_reach = max(0, _ESCAPE_REACH - escape_distance(state, memo)) / _ESCAPE_REACH
    his = (0.35, distance, police_out, chili, _WAYS_BONUS[his_ways[0]], 0.6 * progress - 0.25, 0.3 * in_reach)
    return _new_tuple(ValueTerms, (MODE2_TERMS, his, stuck, gaps, in_reach))


def his_share(terms: ValueTerms) -> float:
    """Don Falconi's terms added up in their order, before they are kept within 0.05..0.95."""
    total = 0.0
    for term in terms.his:
        total += term
    return total


def values(state: GameState[Any], memo: dict[Any, Any] | None = None) -> list[float]:
    """A quick guess of :func:`utilities` for an unfinished game, from the chase as it stands
    (:func:`value_terms`). ``memo`` may remember the road searches across the positions of one search."""
    from game.falconi.state import FalconiState

    assert isinstance(state, FalconiState)
    terms = value_terms(state, memo)
    _names, _his, stuck, gaps, in_reach = terms
    mode2 = state._variant.mode == 2
    cars = state._cars
    escape = min(0.95, max(0.05, his_share(terms)))
    # The police dread an escape in his reach more than he prizes it: closing the road to it moves their net
    # away from the car that closed it (its own chase and the nearest car's distance lose), and without this
    # the value guess called the closing tile a loss, so cars left an escape two cells from him open.
    dread = TEAM_SHARE * _POLICE_DREAD * in_reach if mode2 else 0.0
    result = [0.0] * 4
    result[FUGITIVE] = escape
    for police in POLICE:
        if state._status[police] == ACTIVE and not stuck[police]:
            # Each car also wants to be the one close to him. In Mode II a car chases his lane, not room
            # around itself: weighing its own room there kept cars turning on the spot.
            reach = 12 if mode2 else 8
            own_chase = 0.03 * (reach - min(gaps[police], reach))
            own_chase += 0.01 * len(state._reserves[police])  # tiles in hand are roads to come
            room = 0.0 if mode2 else _ROOM_BONUS[_room(state, cars[police])] / 2
            result[police] = TEAM_SHARE * (1 - escape) - dread + room + own_chase
        elif state._status[police] != 0:
            result[police] = (TEAM_SHARE * (1 - escape) - dread) * 0.8
    return result


_ROOM_BONUS = (-0.3, -0.1, 0.0, 0.05, 0.08)
_POLICE_DREAD = 0.3  # the police's extra weight on his escape in reach, beside his own 0.3
# Mode II: by Don Falconi's ways on (F-6.5), up to 8: with none he is blocked when his turn begins, with one
# a police tile across it does it; many ways on are many tiles the police must lay.
_WAYS_BONUS = (-0.6, -0.15, -0.1, -0.06, -0.03, 0.0, 0.02, 0.03, 0.04)
_MODE2_PILE = 75  # tiles in the pile after four reserves are dealt, escape tiles included


def ways_on(state: Any, seat: int, limit: int, memo: dict[Any, Any] | None = None) -> int:
    """F-6.5: ``seat``'s ways on in Mode II, counted up to ``limit``, remembered in ``memo`` by what decides
    them (the board, the car's place and, for the police, his place; for him, the slots he could drive out by
    and whether he holds a boost)."""
    from game.falconi.mode2 import count_ways_on

    if seat == FUGITIVE:
        return _fugitive_ways(state, limit, memo)[0]
    if memo is None:
        return count_ways_on(state, seat, limit)
    key = ("ways", bytes(state._board), state._cars[seat], limit, state._cars[FUGITIVE])
    found = memo.get(key)
    if found is None:
        found = memo[key] = count_ways_on(state, seat, limit)
    return found


def _fugitive_ways(state: Any, limit: int, memo: dict[Any, Any] | None) -> tuple[int, tuple[int, ...]]:
    """His ways on (up to ``limit``) and the open ends among them: the empty cells where the police must lay
    a tile with no road towards him to close the net."""
    from game.falconi.mode2 import escape_ways

    slots = escape_ways(state)
    key = ("ways", bytes(state._board), state._cars[FUGITIVE], limit, slots, state._boosts > 0)
    found = memo.get(key) if memo is not None else None
    if found is None:
        ends: list[int] = []
        count = network_ways_on(state._board, state._links, state._cars[FUGITIVE], slots, -1, False, limit, ends)
        if not count and state._boosts > 0:
            # A block a boost could smash is no way on, but with a boost in hand it keeps him in the game for a
            # turn in which he smashes it (F-6.5, revised 2026-11-27): as precarious as a single way on.
            count = min(1, network_ways_on(state._board, state._links, state._cars[FUGITIVE], slots, -1, True, 1))
        found = (count, tuple(sorted(ends)))
        if memo is not None:
            memo[key] = found
    return found


def _room(state: Any, place: int) -> int:
    """Empty cells next to a car's cell: the ways a new tile could lead on (0 means nearly blocked)."""
    board = state._board
    return sum(1 for cell in state._neighbours[place >> 2] if board[cell] == EMPTY)


def chase_distances(state: Any, memo: dict[Any, Any] | None = None) -> list[int]:
    """Mode II actions each police car in the chase needs to catch him (60 for the other seats and when no
    way is known): to drive into his cell through the edge he came in by (F-6.4), counted as :func:`road_distance`
    counts. When no known road leads into his lane, the way to his cell plus a penalty: a car near him is
    still ready to strike when he moves on. When no road leads to his cell either, the way to his open ends
    plus a penalty: there the police close the net (F-6.5). One search backwards from him serves every car."""
    ends = _escape_fronts(state, memo) or _fugitive_ways(state, len(_WAYS_BONUS) - 1, memo)[1]
    return _chase_distances(state, memo, ends)


def _escape_fronts(state: Any, memo: dict[Any, Any] | None) -> tuple[int, ...]:
    """The empty cells in front of escape tiles on the border that he could drive out by within
    ``_ESCAPE_REACH`` actions, as the places he would enter them by. A police tile there with no road towards
    the slot closes that way out for good, so while there is one the police's net (:func:`_chase_distances`)
    is cast there rather than at his other open ends: cars head for an escape in sight to close the road or
    race him there, where before they ignored one two cells from him."""
    escapes = state._escapes
    if max(escapes) < 0:
        return ()
    city, board = state._city, state._board
    fronts = []
    for slot, district in enumerate(escapes):
        if district < 0:
            continue
        front = city.slot_place(city.slots[slot])
        if board[front >> 2] == EMPTY and _slot_distance(state, slot, memo) <= _ESCAPE_REACH:
            fronts.append(front)
    return tuple(fronts)


def _slot_distance(state: Any, slot: int, memo: dict[Any, Any] | None) -> int:
    """Mode II actions he needs to drive out through border slot ``slot`` (as :func:`escape_distance`)."""
    if memo is None:
        return cheapest_road(state, state._cars[FUGITIVE], -1, 0, {slot: 1})
    return _roads_out(state, memo).cheapest({slot: 1})


def _roads_out(state: Any, memo: dict[Any, Any]) -> RoadsOut:
    """His roads out to the border, remembered by board and his place alone: in the samples of a police search
    only the slots he may use differ (his hidden reserve, his accomplice), and they only weigh what was found."""
    board = bytes(state._board)
    key = ("out", board, state._cars[FUGITIVE])
    found = memo.get(key)
    if found is None:
        found = memo[key] = RoadsOut(_board_bits(state, board, memo), state._cars[FUGITIVE])
    return found


def _chase_distances(state: Any, memo: dict[Any, Any] | None, ends: tuple[int, ...]) -> list[int]:
    """:func:`chase_distances`, given his open ends."""
    fugitive = state._cars[FUGITIVE]
    to_lane = _distance_map(state, (fugitive,), memo)
    to_cell: RoadDistances | None = None
    to_net: RoadDistances | None = None
    net_known = False
    result = [60, 60, 60, 60]
    for police in POLICE:
        if state._status[police] != ACTIVE:
            continue
        place = state._cars[police]
        distance = to_lane[place] if place != fugitive else _back_in(state, place, to_lane)
        if distance >= 60:
            if to_cell is None:
                base = fugitive & ~3
                to_cell = _distance_map(state, (base, base + 1, base + 2, base + 3), memo)
            distance = to_cell[place] + 4
        # The net closes at his open ends (F-6.5): a car nearer to one of them than to his lane goes there.
        if not net_known:
            to_net, net_known = _net_map(state, memo, ends), True
        if to_net is not None:
            distance = min(distance, to_net[place] + _NET_PENALTY)
        result[police] = min(60, distance)
    return result


_NET_PENALTY = 1  # a car beside one of his open ends must still lay the tile that closes it


def _back_in(state: Any, place: int, to_lane: RoadDistances) -> int:
    """The way of a car standing in his very lane back into it: a catch is a drive into his lane (F-6.4), so
    it must drive out and come round. Counting 0 there kept cars turning on the spot in his cell, each
    three-point turn of his answered by one of theirs."""
    board = state._board.translate(TILE_INDEX)
    best = 60
    for after in road_tables(state._links)[1][place][board[place >> 2]]:
        if after < 0:
            continue
        tile = board[after >> 2]
        if tile == EMPTY_INDEX:
            best = min(best, to_lane[after] + 2)  # place a tile there, then drive onto it
        elif EXITS[tile][after & 3]:
            best = min(best, to_lane[after] + 1)
    return best


def _net_map(state: Any, memo: dict[Any, Any] | None, ends: tuple[int, ...]) -> RoadDistances | None:
    """The way of every place to a cell beside one of his open ends, where a police car can lay the tile that
    closes it (F-6.1: into any empty cell next to its own), his open ends being ``ends``; ``None`` when he
    has none."""
    if memo is None:
        return _net_distances(state, ends, BoardBits(state))
    board = bytes(state._board)
    key = ("net", board, ends)  # his open ends decide the cells: a shorter key than those cells' places
    if key in memo:
        known: RoadDistances | None = memo[key]
        return known
    found = memo[key] = _net_distances(state, ends, _board_bits(state, board, memo))
    return found


def _net_distances(state: Any, ends: tuple[int, ...], board: BoardBits) -> RoadDistances | None:
    neighbours = state._neighbours
    cells = sorted({cell for end in ends for cell in neighbours[end >> 2]})
    if not cells:
        return None
    return RoadDistances(board, tuple(cell * 4 + edge for cell in cells for edge in range(4)))


def _distance_map(state: Any, targets: tuple[int, ...], memo: dict[Any, Any] | None) -> RoadDistances:
    """:func:`distances_to` within 60 (worked out as far as it is read), looked up in ``memo`` first (by board
    and targets: nothing else changes it in Mode II, where no edge is ever bombed)."""
    if memo is None:
        return RoadDistances(BoardBits(state), targets)
    board = bytes(state._board)
    key = (board, targets)
    found = memo.get(key)
    if found is None:
        found = memo[key] = RoadDistances(_board_bits(state, board, memo), targets)
    return found


def _board_bits(state: Any, board: bytes, memo: dict[Any, Any]) -> BoardBits:
    """``state``'s board as sets of places, remembered by ``board``, its bytes."""
    found = memo.get(board)
    if found is None:
        found = memo[board] = BoardBits(state)
    return found


_ESCAPE_REACH = 9  # actions: three of his turns


def escape_distance(state: Any, memo: dict[Any, Any] | None = None) -> int:
    """Mode II actions Don Falconi needs to drive into an escape slot (F-3.5), counted as
    :func:`road_distance` counts them: into a slot already holding an escape tile, or a free slot where he
    could place one he holds (a reserve escape tile, the Diavola accomplice off the prison's side) at one
    action more. 60 when there is none."""
    escapes = state._escapes
    own = [state.free_escape_slots(item - ESCAPE) for item in state._reserves[FUGITIVE] if item >= ESCAPE]
    if state._accomplice >= 0:
        own.append(state.accomplice_slots())  # never on the prison's side (F-6.6)
    slot_cost = {slot: 1 for slot, district in enumerate(escapes) if district >= 0}
    for slots in own:
        for slot in slots:
            slot_cost.setdefault(slot, 2)
    if not slot_cost:
        return 60
    if memo is None:
        return cheapest_road(state, state._cars[FUGITIVE], -1, 0, slot_cost)
    return _roads_out(state, memo).cheapest(slot_cost)


def placed_escape_distance(state: Any) -> int:
    """:func:`escape_distance` as every police car sees it: to the escape tiles already placed, his hand and
    accomplice hidden."""
    return escape_distance(police_view(state))


def police_view(state: FalconiState) -> FalconiState:
    """A copy of ``state`` as every police car may know it (F-9): his hidden reserve and accomplice unknown."""
    public = state.clone()
    supply.empty_hand(public, FUGITIVE)
    mode2.hand_accomplice(public, -1)
    return public
