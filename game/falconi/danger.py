"""Where a police car could catch Don Falconi before his next turn: the danger overlay's rules side.

The **danger set** holds the lanes (places ``cell * 4 + entry_edge``) where Don Falconi, standing there, could be
caught by a police car during the police turns still to come before his next turn, with the cars that could do
it. A catch needs a police car to drive into his cell through the edge he came in by (F-3.6, F-5.4, F-6.4), so
the set is worked out lane by lane, never cell by cell. The police turns still to come are every car's whole
turn while Don Falconi decides; while a police car decides, the rest of its turn and the turns of the cars
after it in this round. Each car's turn is the one the rules give it:

* Mode I (F-5.1 … F-5.4): take a tile (any road tile kind that may still be in the pile, or one of its own face-up
  reserve tiles), place it at its open end in every rotation with a road on its entry edge, and drive to the
  end of the road. A car whose open end was filled drives on first (F-5.3) and then does the same at whichever
  open end it stops at. Closed edges (Chili Bombs) and tunnels count as the rules count them.
* Mode II (F-6.1, F-6.4): three actions (the rest of them for the car whose turn it is). Only these can end
  in a catch: up to three Drives along the roads; placing a reserve tile in the empty cell an exit of its lane
  leads to, driving onto it and one tile on; and for a car still at its building, a tile in front of it (from
  its reserve, or one drawn first) and the Drives it leaves room for. Drawing elsewhere and three-point turns
  never end in a catch this turn.

The answer uses only what the deciding seat may know (F-9): the board, the cars, the face-up reserves, and
for the tiles a car may draw, every kind that could still be in the pile as that seat sees it (the pile
together with any reserve hidden from it). It never reads the pile's order or a hidden reserve by itself.

Where being exact would be costly the set over-approximates, so it may show a danger that cannot happen but
never hides one that can:

* cells where a car taking its turn earlier may lay a tile are treated as holding any tile at all, joining
  every edge to every edge (its own too, as a U-turn does), or as staying empty; a route crosses no more of
  them than those cars lay tiles (Mode I: one a car, and any number past six such cells; Mode II: up to two a
  car), but any of them, wherever each car ends up; in Mode I, the tile a car lays after driving on from a
  filled open end is any tile too;
* Chili Bombs still in Don Falconi's hand are not counted: a catch he would have to bomb his way out of is a
  danger; the Chili Boost's craters and the police cars it knocks out are counted for his boost options;
* the car whose turn it is may still have fewer options than a whole turn gives (Mode I: the tiles it can
  take are known, so they are exact; Mode II: its actions left are counted, not which actions those are).

In Mode I he stands at open ends, so the set holds lanes of empty cells; in Mode II it holds lanes of tiles. His
own lane is in it whenever it is in danger. :func:`risky_stops` says which of his options, while he chooses
where to stop, end in danger.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.core.protocol import Seat
from game.falconi.actions import Action
from game.falconi.board import smash
from game.falconi.constants import ACTION, ACTIVE, ANSWER, DRIVE, FUGITIVE, PLACE, POLICE
from game.falconi.mode2 import ACTIONS_PER_TURN
from game.falconi.tiles import EMPTY, ESCAPE, EXITS, ROTATIONS_WITH_ROAD

if TYPE_CHECKING:
    from game.falconi.state import FalconiState

_ALL_EDGES = (0, 1, 2, 3)  # the exits of a cell that may hold any tile: every edge, its own one too
# The turns (exit - entry) % 4 some rotation of each tile kind offers: its exits for a car come in by N (0).
_TURNS = tuple(frozenset(edge for rotation in range(4) for edge in EXITS[kind * 4 + rotation][0]) for kind in range(6))
_MODE1_CELLS = 6  # the earlier cars' cells a Mode I drive tells apart; more are rare (a car drove on first)


@dataclass(frozen=True)
class Danger:
    """The danger set: each lane in danger with the police seats that could catch him there."""

    lanes: Mapping[int, frozenset[Seat]]

    def cars_at(self, place: int) -> frozenset[Seat]:
        """The police seats that could catch him at ``place`` (none when it is safe)."""
        return self.lanes.get(place, frozenset())

    def __contains__(self, place: object) -> bool:
        return place in self.lanes

    def __len__(self) -> int:
        return len(self.lanes)


def unseen_kinds(state: FalconiState, seat: Seat) -> frozenset[int]:
    """The road tile kinds ``seat`` cannot rule out of the pile: the pile's kinds, and from the police also
    those of Don Falconi's face-down Mode II reserve, all one pool to them (F-6.2, F-9)."""
    pool = set(state._pile)
    if seat != FUGITIVE and state._variant.mode == 2:
        pool.update(state._reserves[FUGITIVE])
    return frozenset(item for item in pool if item < ESCAPE)


def police_to_come(state: FalconiState) -> list[Seat]:
    """The police cars in the chase whose turns come before Don Falconi's next one, in turn order (F-4.1)."""
    if state.outcome is not None:
        return []
    first = state._turn_seat if state._turn_seat != FUGITIVE else POLICE[0]
    return [seat for seat in range(first, 4) if seat in POLICE and state._status[seat] == ACTIVE]


def danger_lanes(state: FalconiState, seat: Seat) -> Danger:
    """The danger set of the position as ``seat`` sees it (see the module's docstring)."""
    return _danger(state, seat, police_to_come(state))


def _danger(state: FalconiState, seat: Seat, cars: Iterable[Seat]) -> Danger:
    pool = unseen_kinds(state, seat)
    board = state._board
    wild = _Wild(_MODE1_CELLS if state._variant.mode == 1 else None)
    lanes: dict[int, set[Seat]] = {}
    own = state._cars[FUGITIVE]
    mode1 = state._variant.mode == 1
    for car in cars:
        turn = _mode1_turn if mode1 else _mode2_turn
        arrived, laid, tiles = turn(state, car, pool, wild)
        for place, flag in enumerate(arrived):
            # He stands at an open end in Mode I, on a tile in Mode II: only there is a lane worth showing.
            if flag and ((board[place >> 2] == EMPTY) == mode1 or place == own):
                lanes.setdefault(place, set()).add(car)
        wild.add([cell for cell in laid if board[cell] == EMPTY], tiles)
    return Danger({place: frozenset(seats) for place, seats in lanes.items()})


class _Wild:
    """The empty cells where the cars taking their turns earlier may lay tiles, and how many tiles they lay
    at most. A route may cross such a cell as if it held any tile (every edge joined to every edge), but no
    more of them than there are tiles: a route carries the set of those it crossed as a bit mask. Past
    ``most`` cells the count is let go (the mask is -1, every cell crossed): a Mode I drive is long, and its
    routes through many such cells would be too many to tell apart."""

    def __init__(self, most: int | None) -> None:
        self.bits: dict[int, int] = {}
        self.tiles = 0
        self.most = most

    def add(self, cells: Iterable[int], tiles: int) -> None:
        if tiles:
            for cell in cells:
                self.bits.setdefault(cell, 1 << len(self.bits))
            self.tiles += tiles

    def enter(self, cell: int, mask: int) -> int | None:
        """The route's mask once it drives onto a tile in ``cell``, or ``None`` if no tile may lie there."""
        bit = self.bits.get(cell)
        if bit is None:
            return None
        if self.most is not None and len(self.bits) > self.most:
            return -1
        if mask & bit:
            return mask
        return mask | bit if mask.bit_count() < self.tiles else None


# --- Mode I ------------------------------------------------------------------------------------------------
def _mode1_turn(state: FalconiState, car: Seat, pool: frozenset[int],
                wild: _Wild) -> tuple[bytearray, set[int], int]:
    """Every lane ``car`` could drive into on its turn (F-5.1, F-5.3), the cells it may lay a tile on, and
    how many tiles it lays there at most."""
    board, closed, links = bytearray(state._board), state._closed, state._links
    place = state._cars[car]
    arrived = bytearray(len(links))
    laid: set[int] = set()
    if car == state._turn_seat and state._phase in (DRIVE, ANSWER):  # its tile lies: only the drive is left
        ends = _drive(board, closed, links, state._drive_from, wild, arrived)
        if not state._pre_drive:
            return arrived, laid, 0
        _lay_at_ends(board, closed, links, ends, wild, arrived, laid)
        return arrived, laid, 1
    cell, entry = place >> 2, place & 3
    tile = board[cell]
    kinds = _kinds_to_take(state, car, pool)
    if tile == EMPTY:
        for kind in kinds:
            laid.add(cell)
            for rotation in ROTATIONS_WITH_ROAD[kind][entry]:
                board[cell] = kind * 4 + rotation
                _drive(board, closed, links, place, wild, arrived)
        board[cell] = EMPTY
        filled = wild.enter(cell, 0)
        if filled is not None:  # a car before it may fill its open end: it drives on first (F-5.3)
            ends = _drive(board, closed, links, place, wild, arrived, mask=filled)
            _lay_at_ends(board, closed, links, ends, wild, arrived, laid)
    elif EXITS[tile][entry] and not closed[place]:  # F-5.3: someone filled its open end with a road
        ends = _drive(board, closed, links, place, wild, arrived)
        _lay_at_ends(board, closed, links, ends, wild, arrived, laid)
    return arrived, laid, 1 if kinds else 0


def _kinds_to_take(state: FalconiState, car: Seat, pool: frozenset[int]) -> set[int]:
    """The road tile kinds ``car`` may place on its turn: its drawn tile once drawn, else any it may draw, and
    its face-up reserve (F-5.1 a)."""
    kinds = set(state._reserves[car])
    if car == state._turn_seat and state._phase == PLACE:
        if state._drawn >= 0:
            kinds.add(state._drawn)
    else:
        kinds |= pool
    return {kind for kind in kinds if kind < ESCAPE}


def _lay_at_ends(board: bytearray, closed: bytearray, links: tuple[int, ...], ends: set[int], wild: _Wild,
                 arrived: bytearray, laid: set[int]) -> None:
    """After driving on from a filled open end the car lays a tile at whichever open end it stopped at and
    drives again: any tile there (over-approximated), crossing the earlier cars' cells afresh."""
    starts = {end >> 2: end for end in ends}  # any tile joins every edge: one drive a cell will do
    laid.update(starts)
    for cell, end in starts.items():
        _drive(board, closed, links, end, wild, arrived, own=cell)


def _drive(board: bytearray, closed: bytearray, links: tuple[int, ...], start: int, wild: _Wild,
           arrived: bytearray, own: int = -1, mask: int = 0) -> set[int]:
    """A Mode I drive to the end of the road from ``start`` as :func:`game.falconi.network.explore` follows
    it, the ``own`` cell and the ``wild`` cells it crosses holding any tile (``mask``: those crossed already):
    marks in ``arrived`` every lane it comes into (a catch there is possible: F-5.4) and returns the open ends
    it could stop at."""
    if closed[start]:
        return set()
    seen = {start | mask << 9}  # a place (< 512) and the wild cells crossed on the way there
    stack = [(start, mask)]
    ends: set[int] = set()
    bits = wild.bits
    while stack:
        place, mask = stack.pop()
        cell = place >> 2
        base = place & ~3
        crossed = cell == own or mask & bits.get(cell, 0)
        for edge in _ALL_EDGES if crossed else EXITS[board[cell]][place & 3]:
            nxt = links[base + edge]
            if nxt < 0:
                continue
            arrived[nxt] = 1
            next_cell = nxt >> 2
            tile = board[next_cell]
            onward: int | None = mask
            if next_cell == own:
                pass
            elif tile == EMPTY:
                ends.add(nxt)
                onward = wild.enter(next_cell, mask)  # it may hold an earlier car's tile by now
            elif closed[nxt] or not EXITS[tile][nxt & 3]:
                continue
            if onward is None or nxt | onward << 9 in seen:
                continue
            seen.add(nxt | onward << 9)
            stack.append((nxt, onward))
    return ends


# --- Mode II -----------------------------------------------------------------------------------------------
def _mode2_turn(state: FalconiState, car: Seat, pool: frozenset[int],
                wild: _Wild) -> tuple[bytearray, set[int], int]:
    """Every lane ``car`` could drive into within its actions (F-6.1, F-6.4), the cells it may place a tile on
    meanwhile (empty cells next to where it stands with an action left) and how many tiles it places at most."""
    board, links, neighbours = state._board, state._links, state._neighbours
    budget = state._actions_left if car == state._turn_seat and state._phase == ACTION else ACTIONS_PER_TURN
    place = state._cars[car]
    cell, entry = place >> 2, place & 3
    reserve = {item for item in state._reserves[car] if item < ESCAPE}
    can_draw = len(state._reserves[car]) < 2 and bool(state._pile)
    cost = [99] * len(links)  # the fewest actions spent to drive into each lane
    starts: list[tuple[int, tuple[int, ...], int, int]] = []  # (place, exits open there, actions spent, mask)
    if board[cell] == EMPTY:  # still at its building: a tile goes in front of it first (F-6.1)
        if reserve:
            starts.append((place, _exits_of(reserve, entry), 1, 0))
        if can_draw:
            starts.append((place, _exits_of(reserve | pool, entry), 2, 0))
        filled = wild.enter(cell, 0)
        if filled is not None:
            starts.append((place, _ALL_EDGES, 0, filled))
    else:
        exits = EXITS[board[cell]][entry]
        starts.append((place, exits, 0, 0))
        if reserve and budget >= ACTIONS_PER_TURN:  # place a reserve tile where an exit leads, then drive onto it
            base = place & ~3
            for edge in exits:
                nxt = links[base + edge]
                if nxt >= 0 and board[nxt >> 2] == EMPTY and nxt >> 2 in neighbours[cell]:
                    cost[nxt] = min(cost[nxt], 2)
                    starts.append((nxt, _exits_of(reserve, nxt & 3), 2, 0))
    best: dict[int, int] = {}
    for start, exits, spent, mask in starts:
        _steps(board, links, wild, (start, exits, mask), spent, budget, best, cost)
    arrived = bytearray(1 if spent <= budget else 0 for spent in cost)
    laid = {cell} if board[cell] == EMPTY else set()  # the cell in front of its building
    for stand in [place] + [p for p, spent in enumerate(cost) if spent < budget]:
        laid.update(n for n in neighbours[stand >> 2] if board[n] == EMPTY)
    tiles = min(2, budget, len(state._reserves[car]) + can_draw) if reserve or can_draw else 0
    return arrived, laid, tiles


def _exits_of(kinds: set[int] | frozenset[int], entry: int) -> tuple[int, ...]:
    """The edges a car that came in by ``entry`` may leave a tile it lays, of one of ``kinds``, in any
    rotation."""
    return tuple(sorted({(entry + turn) % 4 for kind in kinds for turn in _TURNS[kind]}))


def _steps(board: bytearray, links: tuple[int, ...], wild: _Wild, start: tuple[int, tuple[int, ...], int],
           spent: int, budget: int, best: dict[int, int], cost: list[int]) -> None:
    """Drives one tile at a time from ``start`` (a place, the exits open there and the mask of earlier cars'
    cells crossed) while actions last, noting in ``cost`` the fewest actions spent to come into each lane: a
    Drive needs a road on the edge it comes in by (F-6.1). ``best`` holds the same per lane and mask."""
    layer = [start]
    while layer and spent < budget:
        spent += 1
        following = []
        for place, out, mask in layer:
            base = place & ~3
            for edge in out:
                nxt = links[base + edge]
                if nxt < 0:
                    continue
                tile = board[nxt >> 2]
                onward = mask
                exits: tuple[int, ...]
                if tile == EMPTY:
                    entered = wild.enter(nxt >> 2, mask)  # an earlier car's tile, maybe
                    if entered is None:
                        continue
                    onward, exits = entered, _ALL_EDGES
                else:
                    exits = EXITS[tile][nxt & 3]
                    if not exits:
                        continue
                key = nxt | onward << 9
                if spent < best.get(key, 99):
                    best[key] = spent
                    cost[nxt] = min(cost[nxt], spent)
                    following.append((nxt, exits, onward))
        layer = following


# --- his options -------------------------------------------------------------------------------------------
def risky_stops(state: FalconiState, seat: Seat, danger: Danger | None = None) -> dict[Action, frozenset[Seat]]:
    """While Don Falconi chooses where to stop, the options that leave him in danger, with the police seats
    that could catch him there: a Mode I drive's open end (not one before taking a tile: he drives on from
    there, F-5.3), a Mode II Drive, three-point turn or Chili Boost (its craters and the cars it knocks out
    counted, F-6.6). ``danger`` is :func:`danger_lanes` of the position, if already known."""
    if state.outcome is not None or state._decider != FUGITIVE or state._turn_seat != FUGITIVE:
        return {}
    mode1 = state._variant.mode == 1
    if (mode1 and (state._phase != DRIVE or state._pre_drive)) or (not mode1 and state._phase != ACTION):
        return {}
    danger = danger if danger is not None else danger_lanes(state, seat)
    car = state._cars[FUGITIVE]
    result: dict[Action, frozenset[Seat]] = {}
    craters: dict[int, Danger] = {}
    for action in state._legal:
        verb = action.verb
        if verb == "drive" and action.slot < 0:
            cars = danger.cars_at(action.cell * 4 + action.edge)
        elif verb == "step":
            cars = danger.cars_at(state._links[(car & ~3) + action.edge])
        elif verb == "turn":
            cars = danger.cars_at((car & ~3) + action.edge)
        elif verb == "boost":
            cars = _after_boost(state, seat, action, danger, craters)
        else:
            continue
        if cars:
            result[action] = cars
    return result


def _after_boost(state: FalconiState, seat: Seat, action: Action, danger: Danger,
                 craters: dict[int, Danger]) -> frozenset[Seat]:
    """The police cars that could catch him where a Chili Boost ends: not those it knocks out, and on the board
    with the crater it smashed (the police may drive through it too: F-6.6)."""
    steps = state._boost_steps.get(action.path, ())
    if not steps or steps[-1].place < 0:
        return frozenset()  # an escape ends the game
    knocked = {car for car in POLICE for step in steps
               if state._status[car] == ACTIVE and state._cars[car] == step.place}
    smashed = next((step.smashed for step in steps if step.smashed >= 0), -1)
    if smashed >= 0:
        if smashed not in craters:
            after = state.clone()
            smash(after, smashed)
            craters[smashed] = _danger(after, seat, police_to_come(state))
        danger = craters[smashed]
    return danger.cars_at(steps[-1].place) - knocked
