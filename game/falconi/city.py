"""The city of F-1 as plain data: grid size and the border slots with their roles (F-1.2 … F-1.5).

The layout comes from the Tiled map (F-1.6) through :mod:`game.falconi.citymap`; here it is checked for
consistency and turned into the lookup tables the engine drives on.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from game.core.errors import MapError

# Edges of a cell, clockwise. A place is ``cell * 4 + edge``.
N, E, S, W = 0, 1, 2, 3
EDGE_NAMES = "NESW"
OPPOSITE = (S, W, N, E)
DISTRICTS = ("country", "port", "forest")
ROLES = ("plain", "prison", "station", "tunnel")


def cell_of(place: int) -> int:
    """The cell of a place (a car's cell, F-3.1)."""
    return place >> 2


def edge_of(place: int) -> int:
    """The edge of a place: the edge its car came in by, which names its lane (F-3.1)."""
    return place & 3


def place_of(cell: int, edge: int) -> Place:
    """The place in ``cell`` entered by ``edge``."""
    return Place(cell << 2 | edge)


def same_cell(place: int, edge: int) -> Place:
    """The place in ``place``'s cell entered by ``edge`` (a three-point turn's, F-6.1)."""
    return Place((place & ~3) | edge)


class Place(int):
    """A place: a cell and the edge a car came into it by, which names its lane (F-3.1).

    The engine keeps places packed in plain ints, the index of its tables (``links``, ``closed``); the queries
    hand them out as this int with named parts, so that nothing outside :mod:`game.falconi` decodes bits."""

    __slots__ = ()

    @property
    def cell(self) -> int:
        return self >> 2

    @property
    def edge(self) -> int:
        return self & 3


@dataclass(frozen=True)
class Slot:
    """A border slot (F-1.2): it lies on ``side`` of the grid and touches exactly one cell there."""

    side: int  # the grid side it lies on, as an edge: N, E, S or W
    index: int  # 0.. west→east on N and S, north→south on W and E
    role: str  # plain, prison, station or tunnel
    district: str | None  # None only on the prison piece (the prison and its two plain neighbours)
    partner: str | None = None  # the paired tunnel slot's name

    @property
    def name(self) -> str:
        return f"{EDGE_NAMES[self.side]}{self.index}"


@dataclass(frozen=True)
class CityLayout:
    """A validated city: raises ``MapError`` naming the problem if the slots break F-1."""

    width: int
    height: int
    slots: tuple[Slot, ...]

    def __post_init__(self) -> None:
        _validate(self)

    # --- geometry -------------------------------------------------------------------------------
    @property
    def cell_count(self) -> int:
        return self.width * self.height

    def cell(self, x: int, y: int) -> int:
        return y * self.width + x

    def xy(self, cell: int) -> tuple[int, int]:
        return cell % self.width, cell // self.width

    def slot_cell(self, slot: Slot) -> int:
        """The one cell a slot touches (F-1.2)."""
        if slot.side == N:
            return self.cell(slot.index, 0)
        if slot.side == S:
            return self.cell(slot.index, self.height - 1)
        if slot.side == W:
            return self.cell(0, slot.index)
        return self.cell(self.width - 1, slot.index)

    def slot_place(self, slot: Slot) -> int:
        """The place (cell, entry edge) of a car that comes into the grid from this slot."""
        return self.slot_cell(slot) * 4 + slot.side

    @cached_property
    def slot_by_name(self) -> dict[str, int]:
        return {slot.name: index for index, slot in enumerate(self.slots)}

    @cached_property
    def prison(self) -> int:
        return next(i for i, slot in enumerate(self.slots) if slot.role == "prison")

    def station(self, district: str) -> int:
        """The slot index of a district's police station."""
        return next(i for i, s in enumerate(self.slots) if s.role == "station" and s.district == district)

    def escape_slots(self, district: str) -> tuple[int, ...]:
        """Slots an escape tile of ``district`` may go on: plain slots of that colour (F-5.6)."""
        return self.escape_slots_by_district[DISTRICTS.index(district)]

    @cached_property
    def escape_slots_by_district(self) -> tuple[tuple[int, ...], ...]:
        return tuple(
            tuple(i for i, s in enumerate(self.slots) if s.role == "plain" and s.district == district)
            for district in DISTRICTS
        )

    @cached_property
    def accomplice_slots_by_district(self) -> tuple[tuple[int, ...], ...]:
        """Where the Diavola accomplice may wait (F-6.6, revised 2026-11-27): the escape slots of its district
        off the prison's side of the city, where the prison guards would see him."""
        prison_side = self.slots[self.prison].side
        return tuple(tuple(i for i in slots if self.slots[i].side != prison_side)
                     for slots in self.escape_slots_by_district)

    @cached_property
    def neighbours(self) -> tuple[tuple[int, ...], ...]:
        """For each cell, the cells orthogonally next to it inside the grid (Mode II placement, F-6.1)."""
        result = []
        for cell in range(self.cell_count):
            x, y = self.xy(cell)
            around = [(x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)]
            inside = [(a, b) for a, b in around if 0 <= a < self.width and 0 <= b < self.height]
            result.append(tuple(self.cell(a, b) for a, b in inside))
        return tuple(result)

    @cached_property
    def links(self) -> tuple[int, ...]:
        """``links[cell*4 + edge]``: where a car leaving ``cell`` through ``edge`` arrives (F-3.2, F-1.4).

        A place ``cell*4 + entry`` (>= 0) inside the grid, tunnels already crossed; or ``-(slot + 1)`` when the
        road meets a border slot that is not a tunnel.
        """
        by_position = {(slot.side, slot.index): i for i, slot in enumerate(self.slots)}
        table: list[int] = []
        for cell in range(self.cell_count):
            x, y = self.xy(cell)
            for edge in range(4):
                nx, ny = x + (0, 1, 0, -1)[edge], y + (-1, 0, 1, 0)[edge]
                if 0 <= nx < self.width and 0 <= ny < self.height:
                    table.append(self.cell(nx, ny) * 4 + OPPOSITE[edge])
                    continue
                index = x if edge in (N, S) else y
                slot_id = by_position[(edge, index)]
                slot = self.slots[slot_id]
                if slot.role == "tunnel":
                    partner = self.slots[self.slot_by_name[slot.partner or ""]]
                    table.append(self.slot_place(partner))
                else:
                    table.append(-(slot_id + 1))
        return tuple(table)


def _validate(city: CityLayout) -> None:
    if city.width < 3 or city.height < 3:
        raise MapError(f"the city grid must be at least 3 × 3 cells, not {city.width} × {city.height}")
    seen: dict[tuple[int, int], Slot] = {}
    for slot in city.slots:
        if slot.side not in (N, E, S, W):
            raise MapError(f"border slot with an unknown side {slot.side!r}")
        length = city.width if slot.side in (N, S) else city.height
        if not 0 <= slot.index < length:
            raise MapError(f"border slot {slot.name} lies beyond the grid (sides have {length} slots)")
        if (slot.side, slot.index) in seen:
            raise MapError(f"two border slots at {slot.name}")
        seen[(slot.side, slot.index)] = slot
        if slot.role not in ROLES:
            raise MapError(f"border slot {slot.name} has an unknown role {slot.role!r}")
        if slot.role == "prison":
            if slot.district is not None:
                raise MapError(f"the prison at {slot.name} must be on the prison piece, not in a district")
        elif slot.district is None:
            # The prison piece's other slots are plain slots of no district (F-1.3): dead ends, never escapes.
            if slot.role != "plain":
                raise MapError(f"the {slot.role} at {slot.name} needs a district (one of {', '.join(DISTRICTS)})")
        elif slot.district not in DISTRICTS:
            raise MapError(
                f"border slot {slot.name} has an unknown district {slot.district!r} (one of {', '.join(DISTRICTS)})"
            )
    expected = 2 * (city.width + city.height)
    if len(seen) != expected:
        missing = [
            f"{EDGE_NAMES[side]}{index}"
            for side in (N, E, S, W)
            for index in range(city.width if side in (N, S) else city.height)
            if (side, index) not in seen
        ]
        raise MapError(f"the border has {len(seen)} slots, {expected} needed; missing: {', '.join(missing)}")
    prisons = [slot.name for slot in city.slots if slot.role == "prison"]
    if len(prisons) != 1:
        raise MapError(f"the city needs exactly one prison, found {len(prisons)} ({', '.join(prisons) or 'none'})")
    for district in DISTRICTS:
        stations = [s.name for s in city.slots if s.role == "station" and s.district == district]
        if len(stations) != 1:
            raise MapError(
                f"the {district} district needs exactly one police station, found {len(stations)}"
                + (f" ({', '.join(stations)})" if stations else "")
            )
    names = {slot.name: slot for slot in city.slots}
    for slot in city.slots:
        if slot.role != "tunnel":
            if slot.partner:
                raise MapError(f"border slot {slot.name} names a tunnel partner but is not a tunnel")
            continue
        partner = names.get(slot.partner or "")
        if partner is None:
            raise MapError(f"the tunnel at {slot.name} has no partner slot ({slot.partner!r} does not exist)")
        if partner is slot:
            raise MapError(f"the tunnel at {slot.name} is paired with itself")
        if partner.role != "tunnel" or partner.partner != slot.name:
            raise MapError(f"the tunnel at {slot.name} leads to {partner.name}, which does not lead back")
        if partner.district != slot.district:
            raise MapError(
                f"the tunnel {slot.name} ↔ {partner.name} joins different districts "
                f"({slot.district} and {partner.district}); tunnels join one district (F-1.4)"
            )
