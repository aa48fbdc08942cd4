"""Road searches over a Mode II board for the value guess and the tools: how many actions a car needs to drive
somewhere, laying tiles in the empty cells on its way (one action a tile driven along a joined road, two an empty
cell: place a tile, then drive onto it), searched forwards from a car or backwards from targets, on road tables
made once per city.
"""

from __future__ import annotations

from typing import Any

from game.falconi.constants import ACTIVE, FUGITIVE, POLICE
from game.falconi.tiles import EXITS


def out_of_reach(state: Any) -> bool:
    """Mode II: no police car still in the chase can ever drive into Don Falconi's lane as the board stands,
    however the empty cells were filled: every road into it is closed by tiles that lie for good. From such
    a lane only he can end the chase, by driving out of it; a fugitive who stays wins on the tiles or the
    round limit (F-7.2, D-11), so tournaments report it to tell a weak police car from a lost cause."""
    distances = distances_to(state, (state._cars[FUGITIVE],), limit=UNLIMITED)
    return all(distances[state._cars[police]] >= UNLIMITED
               for police in POLICE if state._status[police] == ACTIVE)


def road_distance(state: Any, start: int, target: int, exact: bool = False) -> int:
    """Mode II actions a car at place ``start`` needs to reach the cell of place ``target`` (or, when
    ``exact``, that very lane): one per tile driven along a joined road, two per empty cell (place a tile,
    then drive onto it); 60 when no way is known."""
    if exact:
        return cheapest_road(state, start, target, 0, {})
    return cheapest_road(state, start, target >> 2, 2, {})


_ALL_EDGES = (0, 1, 2, 3)
# ENTRIES_TO[tile][edge]: the entry edges from which a car on ``tile`` may leave through ``edge``.
_ENTRIES_TO = tuple(
    tuple(tuple(entry for entry in range(4) if edge in lanes[entry]) for edge in range(4)) for lanes in EXITS
)


def cheapest_road(state: Any, start: int, target: int, shift: int, slot_cost: dict[int, int]) -> int:
    """Uniform-cost search over lanes (costs 1 or 2, so three buckets suffice): the cheapest way from place
    ``start`` to a place whose ``place >> shift`` is ``target``, or out through a border slot in
    ``slot_cost`` at that extra cost; 60 when there is none."""
    out_of = road_tables(state._links)[1]
    board = state._board.translate(TILE_INDEX)
    best = [60] * len(out_of)
    best[start] = 0
    found = 60
    buckets: list[list[int]] = [[start], [], []]
    cost = 0
    pending = 1
    while pending and cost < found:
        bucket = buckets[cost % 3]
        while bucket:
            place = bucket.pop()
            pending -= 1
            if best[place] != cost:
                continue
            if place >> shift == target:
                return cost
            for nxt in out_of[place][board[place >> 2]]:
                if nxt < 0:
                    extra = slot_cost.get(-nxt - 1)
                    if extra is not None and cost + extra < found:
                        found = cost + extra
                    continue
                next_tile = board[nxt >> 2]
                if next_tile == EMPTY_INDEX:
                    step = cost + 2
                elif EXITS[next_tile][nxt & 3]:
                    step = cost + 1
                else:
                    continue
                if step < best[nxt]:
                    best[nxt] = step
                    buckets[step % 3].append(nxt)
                    pending += 1
        cost += 1
    return found


UNLIMITED = 1000  # more than any way across the grid costs (two actions a cell)


def distances_to(state: Any, targets: tuple[int, ...], limit: int = 60) -> list[int]:
    """For every place, the cost :func:`road_distance` would count from it to the nearest of ``targets``
    (``limit`` when there is none, or when it costs that much): the same uniform-cost search run backwards,
    from the targets to the places that lead into them, so one search answers for every car."""
    into = road_tables(state._links)[0]
    board = state._board.translate(TILE_INDEX)
    best = [limit] * len(into)
    buckets: list[list[int]] = [[], [], []]
    for target in targets:
        best[target] = 0
        buckets[0].append(target)
    pending = len(targets)
    cost = 0
    while pending and cost < limit:
        bucket = buckets[cost % 3]
        while bucket:
            place = bucket.pop()
            pending -= 1
            if best[place] != cost:
                continue
            tile = board[place >> 2]
            if tile == EMPTY_INDEX:
                step = cost + 2  # entering an empty cell: place a tile, then drive onto it
            elif EXITS[tile][place & 3]:
                step = cost + 1
            else:
                continue  # a dead end: no car drives into it
            lead_in = into[place]
            if lead_in is None:  # from a border slot
                continue
            cell_behind, drives_in = lead_in
            queue = buckets[step % 3]
            for before in drives_in[board[cell_behind]]:
                if step < best[before]:
                    best[before] = step
                    queue.append(before)
                    pending += 1
        cost += 1
    return best


# The road searches index their tables by tile: the tile codes, then one index for an empty cell.
EMPTY_INDEX = len(EXITS)
TILE_INDEX = bytes(min(code, EMPTY_INDEX) for code in range(256))  # EMPTY is the only code above the tiles
_ROAD_TABLES: dict[int, tuple[tuple[int, ...], tuple[Any, ...], tuple[Any, ...]]] = {}


def road_tables(links: tuple[int, ...]) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """A city's road tables, made on first use (the links are kept so their id stays unique), so that the
    searches above look up what they would otherwise work out at every step:

    - ``into[place]``: ``None`` when a border slot lies behind ``place``; else the cell behind it and, by
      the tile index of that cell, the places a car drives from into ``place``;
    - ``out_of[place][tile index]``: where a car at ``place`` can drive (through every edge of an empty
      cell, which it builds on first)."""
    entry = _ROAD_TABLES.get(id(links))
    if entry is None or entry[0] is not links:
        def edges_out(tile: int, lane: int) -> tuple[int, ...]:
            return _ALL_EDGES if tile == EMPTY_INDEX else EXITS[tile][lane]

        def edges_in(tile: int, lane: int) -> tuple[int, ...]:
            return _ALL_EDGES if tile == EMPTY_INDEX else _ENTRIES_TO[tile][lane]

        tiles = range(EMPTY_INDEX + 1)
        into: list[Any] = []
        out_of: list[Any] = []
        for place, behind in enumerate(links):
            if behind < 0:
                into.append(None)
            else:
                base = behind & ~3
                drives_in = tuple(tuple(base + edge for edge in edges_in(tile, behind & 3)) for tile in tiles)
                into.append((behind >> 2, drives_in))
            base = place & ~3
            out_of.append(tuple(tuple(links[base + edge] for edge in edges_out(tile, place & 3)) for tile in tiles))
        entry = _ROAD_TABLES[id(links)] = (links, tuple(into), tuple(out_of))
    return entry[1], entry[2]
