"""Mode II road distances to a set of places, searched a whole cost level at a time with the places as the
bits of one Python integer, and only as far as the places asked about.

The value guess needs such distances (from his lane, from the cells beside his open ends) at a few places,
the police cars', in every position a search expands; searched place by place they cost most of a decision.
Here a level is some twenty integer operations on a 648-bit set, however many places it holds, and the search
stops once the places read are found. The costs are those of ``road_search.distances_to`` (one action to
drive onto a tile along a road, two to enter an empty cell: lay a tile, then drive onto it), and a test
checks the two against each other.

A place ``cell * 4 + edge`` is bit ``cell * 8 + edge``: eight bits a cell, so that a board's bytes,
translated tile by tile, read straight into a set of places with ``int.from_bytes``.
"""

from __future__ import annotations

from typing import Any

from game.falconi.tiles import EXITS

_BITS = 8  # bits per cell, one for each edge and four unused
# By tile code (codes above the tiles are empty cells): the entry edges a car can drive on from (none in an
# empty cell, where it must lay a tile first), every edge of an empty cell, and by exit edge the entry edges
# from which a car leaves through it (any, in an empty cell, on the tile it lays).
_LIVE = bytes(sum(1 << entry for entry in range(4) if code < len(EXITS) and EXITS[code][entry])
              for code in range(256))
_EMPTY = bytes(0x0F if code >= len(EXITS) else 0 for code in range(256))
_ENTRIES_TO = tuple(bytes(0x0F if code >= len(EXITS) else sum(1 << entry for entry in range(4)
                                                               if exit_ in EXITS[code][entry])
                          for code in range(256)) for exit_ in range(4))
# ... and by entry edge the exits a car that entered by it can leave through (all four from an empty cell).
_EXITS_FROM = tuple(bytes(0x0F if code >= len(EXITS) else sum(1 << exit_ for exit_ in EXITS[code][entry])
                          for code in range(256)) for entry in range(4))
_SPREAD = 0x0F  # times a set of cells' bit 0: every edge of those cells


def place_bit(place: int) -> int:
    """The bit of ``place``: ``cell * 8 + edge``."""
    return (place << 1) - (place & 3)


class CityBits:
    """What never changes in a city: for each entry edge, the places whose cell behind is the plain grid
    neighbour and the shift that takes them to that cell's bit 0; the other links (tunnels) one by one."""

    __slots__ = ("links", "steps", "odd_places", "odd_cells", "cells", "ahead", "odd_ahead", "odd_exits",
                 "slot_exits", "slot_of")

    def __init__(self, links: tuple[int, ...], width: int) -> None:
        self.links = links  # kept so that its id, the key of the cache, stays unique
        offsets = (-width, 1, width, -1)  # the cell across N, E, S, W
        self.cells = sum(1 << cell * _BITS for cell in range(len(links) // 4))  # every cell's bit 0
        # Driving forwards: by exit edge, the places whose exit leads to the plain grid neighbour and the
        # shift to the place entered there; the tunnels one by one; the exits into border slots.
        ahead = []
        for exit_ in range(4):
            entry = (exit_ + 2) % 4
            mask = 0
            for place in range(exit_, len(links), 4):
                if links[place] == ((place >> 2) + offsets[exit_]) * 4 + entry:
                    mask |= 1 << place_bit(place)
            shift = offsets[exit_] * _BITS + entry - exit_
            ahead.append((mask, max(shift, 0), max(-shift, 0)))
        self.ahead = tuple(ahead)
        self.odd_ahead = tuple((1 << place_bit(place), 1 << place_bit(nxt)) for place, nxt in enumerate(links)
                               if nxt >= 0 and not any(mask >> place_bit(place) & 1 for mask, _, _ in ahead))
        self.odd_exits = sum(bit for bit, _arrival in self.odd_ahead)
        self.slot_of = {place_bit(place): -nxt - 1 for place, nxt in enumerate(links) if nxt < 0}
        self.slot_exits = sum(1 << bit for bit in self.slot_of)
        steps = []
        odd_links = []
        for entry in range(4):
            exit_ = (entry + 2) % 4
            mask = 0
            for place in range(entry, len(links), 4):
                behind = links[place]
                if behind < 0:
                    continue  # a border slot behind it: no car drives in from there
                if behind == ((place >> 2) + offsets[entry]) * 4 + exit_:
                    mask |= 1 << place_bit(place)
                else:
                    odd_links.append((1 << place_bit(place), (behind >> 2) * _BITS, behind & 3))
            shift = offsets[entry] * _BITS - entry
            steps.append((mask, max(shift, 0), max(-shift, 0), exit_))
        self.steps = tuple(steps)
        self.odd_places = sum(bit for bit, _base, _exit in odd_links)
        self.odd_cells = tuple((bit, _SPREAD << base, exit_) for bit, base, exit_ in odd_links)


_CITIES: dict[int, CityBits] = {}


def city_bits(links: tuple[int, ...], width: int) -> CityBits:
    found = _CITIES.get(id(links))
    if found is None or found.links is not links:
        found = _CITIES[id(links)] = CityBits(links, width)
    return found


class BoardBits:
    """A board's places as sets: where a car can drive on, the empty cells' places, by exit edge the places
    from which a car leaves through it, and with the city's steps, how to go from places to those that lead
    into them."""

    __slots__ = ("city", "live", "empty", "exits_from", "steps_back", "odd_back")

    def __init__(self, state: Any) -> None:  # made for every new board a search meets: kept plain and short
        translate = state._board.translate
        city = self.city = city_bits(state._links, state._city.width)
        self.live = int.from_bytes(translate(_LIVE), "little")
        self.empty = int.from_bytes(translate(_EMPTY), "little")
        entries_to = (int.from_bytes(translate(_ENTRIES_TO[0]), "little"),
                      int.from_bytes(translate(_ENTRIES_TO[1]), "little"),
                      int.from_bytes(translate(_ENTRIES_TO[2]), "little"),
                      int.from_bytes(translate(_ENTRIES_TO[3]), "little"))
        self.exits_from = (int.from_bytes(translate(_EXITS_FROM[0]), "little"),
                           int.from_bytes(translate(_EXITS_FROM[1]), "little"),
                           int.from_bytes(translate(_EXITS_FROM[2]), "little"),
                           int.from_bytes(translate(_EXITS_FROM[3]), "little"))
        # For each entry edge: its places with a plain neighbour behind, the shift left or right that takes
        # them to that cell's bit 0, and the places of that cell that lead out towards them.
        self.steps_back = [(mask, left, right, entries_to[exit_]) for mask, left, right, exit_ in city.steps]
        self.odd_back = [(bit, entries_to[exit_] & cell) for bit, cell, exit_ in city.odd_cells]


class RoadsOut:
    """``road_search.cheapest_road`` from a place to the border slots, for any extra costs of the slots (in
    the samples of a police search he holds different escape tiles): the search, forwards a cost level at a
    time, records the cost at which it can first drive out through each slot, and goes only as far as the
    slots asked about need, resuming for a later question."""

    __slots__ = ("board", "cost", "frontier", "waiting", "seen", "slot_at")

    def __init__(self, board: BoardBits, start: int) -> None:
        self.board = board
        self.cost = 0
        self.frontier = self.seen = 1 << place_bit(start)  # the places reached at ``cost``
        self.waiting = 0  # empty cells' places reached at ``cost - 1``: entering them costs two, a level more
        self.slot_at: dict[int, int] = {}  # slot: the cost of the first place found that leads out through it

    def cheapest(self, slot_cost: dict[int, int], limit: int = 60) -> int:
        """The cheapest way out through a slot of ``slot_cost`` at that extra cost; ``limit`` when there is
        none cheaper."""
        found = limit
        slot_at = self.slot_at
        if len(slot_cost) < len(slot_at):  # the slots found and asked about, through the shorter list: one minimum
            for slot, cost_out in slot_cost.items():
                found_at = slot_at.get(slot)
                if found_at is not None and found_at + cost_out < found:
                    found = found_at + cost_out
        else:
            for slot, at in slot_at.items():
                extra = slot_cost.get(slot)
                if extra is not None and at + extra < found:
                    found = at + extra
        frontier, waiting, seen, cost = self.frontier, self.waiting, self.seen, self.cost
        if not ((frontier or waiting) and cost < found):
            return found
        board = self.board
        city = board.city
        live, empty, exits_from, cells = board.live, board.empty, board.exits_from, city.cells
        ahead, odd_ahead, odd_exits, slot_exits, slot_of = \
            city.ahead, city.odd_ahead, city.odd_exits, city.slot_exits, city.slot_of
        while (frontier or waiting) and cost < found:  # a level at a time: drive on from the places at ``cost``
            exits = 0  # the exits, as places of their cells, through which those places can be left
            if frontier:
                for entry, leaving in enumerate(exits_from):
                    at = frontier >> entry & cells
                    if at:
                        exits |= at * _SPREAD & leaving
            out = exits & slot_exits
            while out:
                lowest = out & -out
                slot = slot_of[lowest.bit_length() - 1]
                if slot not in slot_at:
                    slot_at[slot] = cost
                    extra = slot_cost.get(slot)
                    if extra is not None and cost + extra < found:
                        found = cost + extra
                out ^= lowest
            arrived = 0  # the places those exits lead into
            if exits:
                for mask, left, right in ahead:
                    leaving = exits & mask
                    if leaving:
                        arrived |= leaving << left if left else leaving >> right
                if exits & odd_exits:
                    for bit, arrival in odd_ahead:
                        if exits & bit:
                            arrived |= arrival
                arrived &= ~seen
                seen |= arrived
            frontier = (arrived & live) | waiting
            waiting = arrived & empty
            cost += 1
        self.frontier, self.waiting, self.seen, self.cost = frontier, waiting, seen, cost
        return found


class RoadDistances:
    """The cost from each place to the nearest of ``targets``, ``limit`` when it is that much or
    there is no way, read as ``distances[place]``. The search runs only until the place read is found and
    resumes from there for a later read."""

    __slots__ = ("board", "limit", "cost", "frontier", "waiting", "seen", "levels", "done", "known")

    def __init__(self, board: BoardBits, targets: tuple[int, ...], limit: int = 60) -> None:
        self.board = board
        self.limit = limit
        self.cost = 0
        self.frontier = 0  # the places found at ``cost``
        for place in targets:
            self.frontier |= 1 << (place << 1) - (place & 3)  # place_bit(place)
        self.waiting = 0  # empty cells' places found at ``cost - 1``: entering them costs two, a level more
        self.seen = self.frontier
        self.levels = [self.frontier]  # the places found at each cost
        self.done = False
        self.known: dict[int, int] = {}  # the places read so far: the same cars are read again and again

    def __getitem__(self, place: int) -> int:
        found = self.known.get(place)
        if found is None:
            found = self.known[place] = self._find(place)
        return found

    def _find(self, place: int) -> int:
        bit = 1 << (place << 1) - (place & 3)
        if self.seen & bit:  # found on the way to an earlier read
            return next(cost for cost, places in enumerate(self.levels) if places & bit)
        if self.done:
            return self.limit
        board = self.board
        live, empty, steps_back, odd_back, odd_places = \
            board.live, board.empty, board.steps_back, board.odd_back, board.city.odd_places
        frontier, waiting, seen, cost, limit, levels = \
            self.frontier, self.waiting, self.seen, self.cost, self.limit, self.levels
        while True:  # a level at a time: the places one action further out
            leading = (frontier & live) | waiting
            waiting = frontier & empty
            if (not leading and not waiting) or cost + 1 >= limit:
                self.done = True
                found = limit
                break
            cost += 1
            frontier = 0
            if leading:
                for mask, left, right, leads_out in steps_back:
                    entered = leading & mask
                    if entered:  # their cells behind, at bit 0, spread over the edges that lead out to them
                        frontier |= ((entered << left if left else entered >> right) * _SPREAD) & leads_out
                if leading & odd_places:
                    for odd, leads_out in odd_back:
                        if leading & odd:
                            frontier |= leads_out
                frontier &= ~seen
            levels.append(frontier)
            if frontier:
                seen |= frontier
                if frontier & bit:
                    found = cost
                    break
        self.frontier, self.waiting, self.seen, self.cost = frontier, waiting, seen, cost
        return found
