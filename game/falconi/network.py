"""Driving through the road network: where a car can get to from its place (F-3, F-5.1, F-6.1, F-6.6).

These functions are the engine's hot path, so they work on the raw tables (``bytearray`` board, ``links``,
``EXITS``) with local variables; places are ``cell * 4 + entry_edge``.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from game.falconi.tiles import CRATER, EMPTY, EXITS

if TYPE_CHECKING:
    from game.falconi.state import FalconiState


class Reach(NamedTuple):
    """What a Mode I drive from one place can reach (F-5.1, F-5.4, F-5.5)."""

    open_ends: list[int]  # places in empty cells: where the car may stop (in a fixed traversal order)
    escapes: list[int]  # escape slots a road leads into (F-3.5), sorted
    dead_ends: list[int]  # in-grid dead ends (a tile without a road there, or a bombed edge): bombable
    catch_edges: list[int]  # edges by which a route enters the last tile before ``target``, sorted


_new_tuple = tuple.__new__  # a Reach made as its class's __new__ makes it, without that call's Python frame


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
    return _new_tuple(Reach, (open_ends, sorted(slots) if slots else [], dead_ends, sorted(catch) if catch else []))


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


BOOST_TILES = 3  # a Chili Boost drives up to 3 tiles, or smashes the block ahead and drives up to 3 beyond it


def boost_routes(
    board: bytearray, links: Sequence[int], start: int, escapes: Sequence[int]
) -> dict[tuple[int, ...], tuple[BoostStep, ...]]:
    """Every Chili Boost route from ``start`` (F-6.6), keyed by its exit edges.

    Either (a) 1 to 3 tiles along joined roads, or (b) into the block directly ahead (the tile his lane leads
    into when it has no road towards him, inside the grid) which becomes a crater crossroads, then up to 3
    tiles beyond it. Neither crosses an empty cell or a border dead end; a road into a slot holding an escape
    tile ends the route (he escapes).
    """
    routes: dict[tuple[int, ...], tuple[BoostStep, ...]] = {}
    tile = board[start >> 2]
    if tile == EMPTY:
        return routes
    base = start & ~3
    for edge in EXITS[tile][start & 3]:
        nxt = links[base + edge]
        if nxt < 0:
            if escapes[-nxt - 1] >= 0:
                routes[(edge,)] = (BoostStep(nxt, -1),)
            continue
        ahead = board[nxt >> 2]
        if ahead == EMPTY:
            continue
        if EXITS[ahead][nxt & 3]:
            steps = (BoostStep(nxt, -1),)
            routes[(edge,)] = steps
            _extend_boost(board, links, escapes, nxt, -1, (edge,), steps, BOOST_TILES - 1, routes)
        else:  # (b): smash the block ahead, drive into the crater and on
            steps = (BoostStep(nxt, nxt >> 2),)
            routes[(edge,)] = steps
            _extend_boost(board, links, escapes, nxt, nxt >> 2, (edge,), steps, BOOST_TILES, routes)
    return routes


def _extend_boost(
    board: bytearray,
    links: Sequence[int],
    escapes: Sequence[int],
    place: int,
    crater: int,
    edges: tuple[int, ...],
    steps: tuple[BoostStep, ...],
    tiles_left: int,
    routes: dict[tuple[int, ...], tuple[BoostStep, ...]],
) -> None:
    """Add every way on from ``place`` of up to ``tiles_left`` joined tiles (``crater``: a cell that is a
    crater for the rest of this boost, or -1)."""
    cell = place >> 2
    tile = CRATER if cell == crater else board[cell]
    base = place & ~3
    for edge in EXITS[tile][place & 3]:
        nxt = links[base + edge]
        route = edges + (edge,)
        if nxt < 0:
            if escapes[-nxt - 1] >= 0:
                routes[route] = steps + (BoostStep(nxt, -1),)
            continue
        next_cell = nxt >> 2
        next_tile = CRATER if next_cell == crater else board[next_cell]
        if next_tile == EMPTY or not EXITS[next_tile][nxt & 3]:
            continue
        route_steps = steps + (BoostStep(nxt, -1),)
        routes[route] = route_steps
        if tiles_left > 1:
            _extend_boost(board, links, escapes, nxt, crater, route, route_steps, tiles_left - 1, routes)


def smash_within(board: bytearray, links: Sequence[int], start: int, escapes: Sequence[int], boosts: int,
                 actions: int) -> bool:
    """F-6.5 (revised 2026-11-27): whether a fugitive at ``start`` holding ``boosts`` Chili Boosts can smash a
    block (F-6.6 b) within ``actions`` actions: driving a tile a Drive, or up to 3 with a boost he does not need
    for the smash, then smashing with a boost. Drawing and placing never take him nearer (every cell his roads
    lead into is filled, or he would have a way on), and a three-point turn ends his turn."""
    frontier = {(start, boosts)} if boosts > 0 else set()
    for used in range(actions):
        last = used == actions - 1
        after: set[tuple[int, int]] = set()
        for place, left in frontier:
            routes = boost_routes(board, links, place, escapes)
            if any(steps[0].smashed >= 0 for steps in routes.values()):
                return True
            if last:
                continue
            base = place & ~3
            after.update((links[base + edge], left) for edge in step_exits(board, links, place, None))
            if left > 1:
                after.update((steps[-1].place, left - 1) for steps in routes.values() if steps[-1].place >= 0)
        frontier = after
    return False


def ways_on(
    board: bytearray,
    links: Sequence[int],
    start: int,
    good_slots: Sequence[int] | frozenset[int],
    target: int,
    smash: bool,
    limit: int,
    open_ends: list[int] | None = None,
) -> int:
    """F-6.5: the ways on of a Mode II car at ``start``, counted up to ``limit`` (0: the car is blocked).
    The open ends found on the way (places in empty cells) are added to ``open_ends`` if given.

    The car's roads are followed as far as they go, through joined tiles and tunnels, turning round wherever
    a three-point turn would let it. A way on is a road into an empty cell (an open end), into one of
    ``good_slots`` (border slots the fugitive could drive out by), into ``target`` (the fugitive's place, for
    a police car), or, with ``smash``, into a block a Chili Boost could smash. A car still at its building
    (no tile under it) has the empty cell in front of it as its way on.
    """
    if board[start >> 2] == EMPTY:
        if open_ends is not None:
            open_ends.append(start)
        return limit
    seen = bytearray(len(links))
    seen[start] = 1
    stack = [start]
    found = 0
    slots_found: set[int] = set()
    while stack:
        place = stack.pop()
        entry = place & 3
        base = place & ~3
        lanes = EXITS[board[place >> 2]][entry]
        for edge in lanes:
            if edge != entry:  # a three-point turn: the same tile, facing back out through ``entry``
                turned = base + edge
                if not seen[turned]:
                    seen[turned] = 1
                    stack.append(turned)
            nxt = links[base + edge]
            if nxt < 0:
                slot = -nxt - 1
                if slot in good_slots and slot not in slots_found:
                    slots_found.add(slot)
                    found += 1
                continue
            if seen[nxt]:
                continue
            tile = board[nxt >> 2]
            if tile == EMPTY or nxt == target:
                seen[nxt] = 1
                found += 1
                if open_ends is not None and tile == EMPTY:
                    open_ends.append(nxt)
                if nxt == target and tile != EMPTY:
                    stack.append(nxt)
            elif EXITS[tile][nxt & 3]:
                seen[nxt] = 1
                stack.append(nxt)
            elif smash:
                seen[nxt] = 1
                found += 1
        if found >= limit:
            return limit
    return found


def drive_route(state: FalconiState, start: int, goal: int) -> list[int] | None:
    """The shortest way along the roads from ``start`` to ``goal`` (a place, or ``-(slot + 1)``), as places, for
    showing a player the route a drive takes (the rules need only where it ends: :func:`explore`). It follows
    Mode I's free drive (F-5.1 c): only into tiles with a road on the edge entered, never through a bombed
    edge (F-5.4)."""
    if start == goal:
        return [start]
    board, closed, links = state._board, state._closed, state._links
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
