"""Driving through the road network: where a car can get to from its place (F-3, F-5.1, F-6.1, F-6.6).

These functions are the engine's hot path, so they work on the raw tables (``bytearray`` board, ``links``,
``EXITS``) with local variables; places are ``cell * 4 + entry_edge``.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, NamedTuple, Sequence

from game.falconi.tiles import CRATER, EMPTY, EXITS

if TYPE_CHECKING:
    from game.falconi.state import FalconiState


class Reach(NamedTuple):
    """What a Mode I drive from one place can reach (F-5.1, F-5.4, F-5.5)."""

    open_ends: list[int]  # places in empty cells: where the car may stop (in a fixed traversal order)
    escapes: list[int]  # escape slots a road leads into (F-3.5), sorted
    dead_ends: list[int]  # in-grid dead ends (a tile without a road there, or a bombed edge): bombable
    catch_edges: list[int]  # edges by which a route enters the last tile before ``target``, sorted


def explore(
    board: bytearray, closed: bytearray, links: Sequence[int], start: int, escapes: Sequence[int], target: int
) -> Reach:
    """Follow every road from ``start`` (a place on a tile) to the end (Mode I's free drive).

    ``target`` is Don Falconi's place when a police car drives (-1 otherwise): reaching it in the same lane is
    a catch, recorded by the edge through which the route entered his last tile (F-5.4).
    """
    if closed[start]:  # the car stands at a bombed edge: every road on from here is destroyed
        return Reach([], [], [start], [])
    seen = bytearray(len(links))
    seen[start] = 1
    stack = [start]
    open_ends: list[int] = []
    dead_ends: list[int] = []
    slots: set[int] = set()
    catch: set[int] = set()
    while stack:
        place = stack.pop()
        base = place & ~3
        for edge in EXITS[board[place >> 2]][place & 3]:
            nxt = links[base + edge]
            if nxt < 0:
                if escapes[-nxt - 1] >= 0:
                    slots.add(-nxt - 1)
                continue
            if nxt == target:
                catch.add(place & 3)
            if seen[nxt]:
                continue
            seen[nxt] = 1
            tile = board[nxt >> 2]
            if tile == EMPTY:
                if nxt != target:
                    open_ends.append(nxt)
            elif closed[nxt] or not EXITS[tile][nxt & 3]:
                dead_ends.append(nxt)
            else:
                stack.append(nxt)
    return Reach(open_ends, sorted(slots) if slots else [], dead_ends, sorted(catch) if catch else [])


def step_exits(board: bytearray, links: Sequence[int], place: int, escapes: Sequence[int] | None) -> list[int]:
    """Mode II Drive: exit edges that lead onto a tile with a road on the facing edge (F-6.1).

    With ``escapes`` (the fugitive driving), an exit into a slot holding an escape tile counts too (F-3.5).
    """
    tile = board[place >> 2]
    if tile == EMPTY:
        return []
    result = []
    base = place & ~3
    for edge in EXITS[tile][place & 3]:
        nxt = links[base + edge]
        if nxt < 0:
            if escapes is not None and escapes[-nxt - 1] >= 0:
                result.append(edge)
            continue
        target_tile = board[nxt >> 2]
        if target_tile != EMPTY and EXITS[target_tile][nxt & 3]:
            result.append(edge)
    return result


class BoostStep(NamedTuple):
    """One tile of a Chili Boost: where the fugitive arrives and which cell (if any) it smashed."""

    place: int  # the place arrived at, or -(slot + 1) for an escape slot
    smashed: int  # a cell turned into a crater by this step, or -1


def boost_routes(
    board: bytearray, links: Sequence[int], start: int, escapes: Sequence[int]
) -> dict[tuple[int, ...], tuple[BoostStep, ...]]:
    """Every Chili Boost route of 1 to 3 tiles from ``start`` (F-6.6), keyed by its exit edges.

    The boost may smash through one block inside the grid: a tile without a road on the edge it is driven into
    (or the tile the fugitive stands on, if it has no road on his entry edge). The smashed tile becomes a
    crater, a crossroads, for the rest of the route. It cannot cross an empty cell or a border dead end.
    """
    routes: dict[tuple[int, ...], tuple[BoostStep, ...]] = {}

    def extend(place: int, smashed: int, edges: tuple[int, ...], steps: tuple[BoostStep, ...]) -> None:
        cell = place >> 2
        tile = CRATER if cell == smashed else board[cell]
        if tile == EMPTY:
            return
        own_smash = -1
        if not EXITS[tile][place & 3]:
            if smashed >= 0:
                return
            own_smash, tile = cell, CRATER
        base = place & ~3
        for edge in EXITS[tile][place & 3]:
            nxt = links[base + edge]
            route = edges + (edge,)
            if nxt < 0:
                if escapes[-nxt - 1] >= 0:
                    routes[route] = steps + (BoostStep(nxt, own_smash),)
                continue
            next_cell = nxt >> 2
            used = smashed if smashed >= 0 else own_smash
            next_tile = CRATER if next_cell == used else board[next_cell]
            if next_tile == EMPTY:
                continue
            smash_here = own_smash
            if not EXITS[next_tile][nxt & 3]:
                if used >= 0:
                    continue
                smash_here, used = next_cell, next_cell
            step = BoostStep(nxt, smash_here)
            routes[route] = steps + (step,)
            if len(route) < 3:
                extend(nxt, used, route, routes[route])

    extend(start, -1, (), ())
    return routes


def drive_route(state: FalconiState, start: int, goal: int) -> list[int] | None:
    """The shortest way along the roads from ``start`` to ``goal`` (a place, or ``-(slot + 1)``), as places, for
    showing a player the route a drive takes (the rules need only where it ends: :func:`explore`). It follows
    Mode I's free drive (F-5.1 c): only into tiles with a road on the edge entered, never through a bombed
    edge (F-5.4)."""
    if start == goal:
        return [start]
    board, closed, links = state.board, state.closed, state.links
    if closed[start]:
        return None
    parent: dict[int, int | None] = {start: None}
    queue = deque([start])
    while queue:
        place = queue.popleft()
        for edge in EXITS[board[place >> 2]][place & 3]:
            nxt = links[(place & ~3) + edge]
            if nxt == goal:
                route = [nxt]
                back: int | None = place
                while back is not None:
                    route.append(back)
                    back = parent[back]
                return route[::-1]
            if nxt < 0 or nxt in parent:
                continue
            tile = board[nxt >> 2]
            if tile == EMPTY or closed[nxt] or not EXITS[tile][nxt & 3]:
                continue
            parent[nxt] = place
            queue.append(nxt)
    return None
