"""Reading the city of F-1 from its Tiled map (F-1.6) into a :class:`CityLayout`.

The map is the grid plus a one-tile border ring. Its object layer ``border`` holds the border pieces (F-1.2,
F-1.3) and ``buildings`` the prison, police stations and tunnel mouths (F-1.3 … F-1.5). Which slot a thing is
on comes from its geometry, never from a typed-in coordinate, so the city is edited by moving things in Tiled.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core.errors import MapError
from game.falconi.city import DISTRICTS, EDGE_NAMES, CityLayout, E, N, S, Slot, W
from game.resources import asset_path
from game.tiled import import_pytmx, load_tiled_map, object_properties, require_finite

DEFAULT_MAP = asset_path("maps", "falconi_city.tmx")
PIECE_SLOTS = 3  # slots per border piece (F-1.2)
BUILDING_ROLES = ("prison", "station", "tunnel")
PIECE_TYPES = ("border_piece", "prison_piece")


def load_city(path: str | Path | None = None) -> CityLayout:
    """The city drawn in a Tiled map (default: the game's own), read once per file: simulations make
    thousands of games from it."""
    return _load_city(Path(DEFAULT_MAP if path is None else path).resolve())


@functools.lru_cache(maxsize=1)
def default_city() -> CityLayout:
    """The game's own city, read once per process (new games ask for it thousands of times)."""
    return load_city()


@functools.lru_cache(maxsize=8)
def _load_city(path: Path) -> CityLayout:
    return city_from_tiled(load_tiled_map(path))


def city_from_tiled(tiled_map: Any) -> CityLayout:
    """Convert a parsed ``pytmx.TiledMap`` into a city; every problem is a ``MapError`` saying where it is."""
    frame = _Frame.of(tiled_map)
    pytmx = import_pytmx()
    ground = _layer(tiled_map, "ground", pytmx.TiledTileLayer, "a tile layer")
    if (ground.width, ground.height) != (frame.columns, frame.rows):
        raise MapError(
            f"layer 'ground' is {ground.width}×{ground.height} tiles but the map is {frame.columns}×{frame.rows}"
        )
    pieces = [_piece(frame, obj) for obj in _layer(tiled_map, "border", pytmx.TiledObjectGroup, "an object layer")]
    piece_at = _cover_border(frame, pieces)
    buildings = _buildings(frame, _layer(tiled_map, "buildings", pytmx.TiledObjectGroup, "an object layer"))
    _check_buildings(buildings, pieces, piece_at)

    named = _by_name(buildings)
    slots = []
    for position in frame.border_slots():
        building = buildings.get(position)
        partner = named[building.partner] if building and building.partner else None
        slots.append(
            Slot(
                side=position[0],
                index=position[1],
                role=building.role if building else "plain",
                district=piece_at[position].district,
                partner=_slot_name(partner.position) if partner else None,
            )
        )
    return CityLayout(width=frame.columns - 2, height=frame.rows - 2, slots=tuple(slots))


# --- the map's frame: grid, border ring and corners ----------------------------------------------------------


@dataclass(frozen=True)
class _Frame:
    columns: int  # map size in tiles, the border ring included
    rows: int
    tile_width: float
    tile_height: float

    @classmethod
    def of(cls, tiled_map: Any) -> _Frame:
        if tiled_map.orientation != "orthogonal":
            raise MapError(f"the map is {tiled_map.orientation}; the city needs an orthogonal map")
        require_finite(tiled_map)
        if tiled_map.tilewidth <= 0 or tiled_map.tileheight <= 0:
            raise MapError("the map has no tile size (tilewidth and tileheight)")
        columns, rows = tiled_map.width, tiled_map.height
        for cells in (columns - 2, rows - 2):
            if cells < PIECE_SLOTS or cells % PIECE_SLOTS:
                raise MapError(
                    f"the map is {columns}×{rows} tiles; it must be the grid plus a one-tile border, "
                    f"(w+2)×(h+2) tiles, with w and h multiples of {PIECE_SLOTS} (the length of a border piece), "
                    "e.g. 11×11 for the 9×9 grid of F-1.1"
                )
        return cls(columns, rows, tiled_map.tilewidth, tiled_map.tileheight)

    def tile_of(self, x: float, y: float) -> tuple[int, int]:
        return math.floor(x / self.tile_width), math.floor(y / self.tile_height)

    def slot_at(self, tile: tuple[int, int]) -> tuple[int, int] | str:
        """The (side, index) of the border slot on a map tile, or why there is none there."""
        col, row = tile
        last_col, last_row = self.columns - 1, self.rows - 1
        if not (0 <= col <= last_col and 0 <= row <= last_row):
            return f"lies outside the {self.columns}×{self.rows} map"
        on_ns, on_we = row in (0, last_row), col in (0, last_col)
        if on_ns and on_we:
            return "is on a corner and touches no cell"
        if on_ns:
            return (N if row == 0 else S, col - 1)
        if on_we:
            return (W if col == 0 else E, row - 1)
        return "is inside the grid, not on the border ring"

    def slot_tile(self, position: tuple[int, int]) -> tuple[int, int]:
        side, index = position
        if side in (N, S):
            return index + 1, 0 if side == N else self.rows - 1
        return 0 if side == W else self.columns - 1, index + 1

    def border_slots(self) -> list[tuple[int, int]]:
        """Every slot position, side by side (N, E, S, W) and in slot order."""
        return [
            (side, index)
            for side in (N, E, S, W)
            for index in range(self.columns - 2 if side in (N, S) else self.rows - 2)
        ]


def _tile_text(tile: tuple[int, int]) -> str:
    return f"tile ({tile[0]},{tile[1]})"


def _tiles_text(tiles: list[tuple[int, int]]) -> str:
    """Where a row or column of tiles lies, by its first and last tile."""
    if len(tiles) == 1:
        return _tile_text(tiles[0])
    (first_col, first_row), (last_col, last_row) = tiles[0], tiles[-1]
    return f"tiles ({first_col},{first_row})–({last_col},{last_row})"


def _slot_name(position: tuple[int, int]) -> str:
    return f"{EDGE_NAMES[position[0]]}{position[1]}"


def _layer(tiled_map: Any, name: str, kind: type, kind_text: str) -> Any:
    try:
        layer = tiled_map.get_layer_by_name(name)
    except ValueError:
        raise MapError(
            f"the map has no layer {name!r} (it needs the tile layer 'ground' "
            "and the object layers 'border' and 'buildings')"
        ) from None
    if not isinstance(layer, kind):
        raise MapError(f"layer {name!r} must be {kind_text}")
    return layer


def _label(obj: Any) -> str:
    return obj.name or f"object {obj.id}"


def _bounds(obj: Any) -> tuple[float, float, float, float]:
    """Left, top, right, bottom of an object as drawn (rotation and polygon points included)."""
    points = obj.apply_transformations()
    xs, ys = [point[0] for point in points], [point[1] for point in points]
    return min(xs), min(ys), max(xs), max(ys)


def _centre_tile(frame: _Frame, obj: Any) -> tuple[int, int]:
    left, top, right, bottom = _bounds(obj)
    return frame.tile_of((left + right) / 2, (top + bottom) / 2)


def _district(value: Any) -> str | None:
    """A ``district`` property as the rules name it; ``None`` for an empty one (pytmx reads ``""`` as ``None``)."""
    return str(value or "").strip().lower() or None


# --- border pieces (F-1.2, F-1.3) ----------------------------------------------------------------------------


@dataclass(frozen=True)
class _Piece:
    name: str
    district: str | None
    is_prison_piece: bool
    where: str


def _piece(frame: _Frame, obj: Any) -> tuple[_Piece, list[tuple[int, int]]]:
    """A border piece and the slots it covers: those whose tile centre lies inside its rectangle."""
    name, props = _label(obj), object_properties(obj)
    left, top, right, bottom = _bounds(obj)
    tiles = [
        (col, row)
        for row in range(frame.rows)
        for col in range(frame.columns)
        if left < (col + 0.5) * frame.tile_width < right and top < (row + 0.5) * frame.tile_height < bottom
    ]
    if not tiles:
        where = _tile_text(_centre_tile(frame, obj))
        raise MapError(f"border piece {name} at {where} covers no whole tile of the map")
    where = _tiles_text(tiles)
    positions = []
    for tile in tiles:
        position = frame.slot_at(tile)
        if isinstance(position, str):
            raise MapError(f"border piece {name} at {where} reaches {_tile_text(tile)}, which {position}")
        positions.append(position)
    if len(positions) != PIECE_SLOTS:
        raise MapError(f"border piece {name} at {where} covers {len(positions)} slots, not {PIECE_SLOTS}")

    kind = props.get("class")
    if kind not in PIECE_TYPES:
        raise MapError(f"border piece {name} at {where} has type {kind!r}; expected {' or '.join(PIECE_TYPES)}")
    district = _district(props.get("district"))
    if district is not None and district not in DISTRICTS:
        raise MapError(
            f"border piece {name} at {where} has an unknown district {props['district']!r} "
            f"(one of {', '.join(DISTRICTS)})"
        )
    is_prison_piece = kind == "prison_piece"
    if is_prison_piece != (district is None):
        raise MapError(
            f"border piece {name} at {where}: the prison piece, and only it, has no district (F-1.3); "
            f"this one has type {kind} and district {district or 'none'}"
        )
    return _Piece(name, district, is_prison_piece, where), positions


def _cover_border(frame: _Frame, pieces: list[tuple[_Piece, list[tuple[int, int]]]]) -> dict[tuple[int, int], _Piece]:
    """The piece on each slot: every slot needs exactly one."""
    covering: dict[tuple[int, int], list[_Piece]] = {}
    for piece, positions in pieces:
        for position in positions:
            covering.setdefault(position, []).append(piece)
    piece_at = {}
    for position in frame.border_slots():
        found = covering.get(position, [])
        if len(found) != 1:
            where = f"slot {_slot_name(position)} at {_tile_text(frame.slot_tile(position))}"
            if not found:
                raise MapError(f"{where} is covered by no border piece")
            raise MapError(f"{where} is covered by {len(found)} border pieces ({', '.join(p.name for p in found)})")
        piece_at[position] = found[0]
    return piece_at


# --- buildings (F-1.3 … F-1.5) -------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Building:
    name: str
    where: str  # "name at tile (x,y)", for messages
    position: tuple[int, int]
    role: str
    district: str | None
    partner: str | None


def _buildings(frame: _Frame, layer: Any) -> dict[tuple[int, int], _Building]:
    """The buildings by slot position, each on a border slot of its own."""
    by_position: dict[tuple[int, int], _Building] = {}
    names: set[str] = set()
    for obj in layer:
        name, props = _label(obj), object_properties(obj)
        tile = _centre_tile(frame, obj)
        where = f"{name} at {_tile_text(tile)}"
        if props.get("class") != "building":
            raise MapError(f"{where} in layer 'buildings' has type {props.get('class')!r}; expected 'building'")
        position = frame.slot_at(tile)
        if isinstance(position, str):
            raise MapError(f"{where} {position}")
        role = props.get("role")
        if role not in BUILDING_ROLES:
            raise MapError(f"{where} has role {role!r}; expected one of {', '.join(BUILDING_ROLES)}")
        if name in names:
            raise MapError(f"two buildings are named {name}; tunnels find their partner by name")
        names.add(name)
        if position in by_position:
            raise MapError(f"{by_position[position].name} and {where} stand on the same slot {_slot_name(position)}")
        partner = str(props.get("partner") or "").strip() or None
        by_position[position] = _Building(name, where, position, role, _district(props.get("district")), partner)
    return by_position


def _by_name(buildings: dict[tuple[int, int], _Building]) -> dict[str, _Building]:
    return {building.name: building for building in buildings.values()}


def _check_buildings(
    buildings: dict[tuple[int, int], _Building],
    pieces: list[tuple[_Piece, list[tuple[int, int]]]],
    piece_at: dict[tuple[int, int], _Piece],
) -> None:
    """What only the objects can tell: which of them clash. The slot rules themselves are ``CityLayout``'s."""
    prisons = [b for b in buildings.values() if b.role == "prison"]
    if len(prisons) != 1:
        found = f": {'; '.join(b.where for b in prisons)}" if prisons else ""
        raise MapError(f"the city needs exactly one prison, found {len(prisons)}{found}")
    for piece, _ in pieces:
        if piece.is_prison_piece and piece_at[prisons[0].position] is not piece:
            raise MapError(f"prison piece {piece.name} at {piece.where} does not hold the prison")

    named = _by_name(buildings)
    for building in buildings.values():
        piece = piece_at[building.position]
        if building.district is not None and building.district != piece.district:
            raise MapError(
                f"{building.where} belongs to the {building.district} district "
                f"but stands on {piece.name}, a {piece.district or 'prison'} piece"
            )
        if building.role != "tunnel":
            if building.partner:
                raise MapError(f"{building.where} has a partner but is a {building.role}, not a tunnel")
            continue
        if building.partner is None:
            raise MapError(f"{building.where} has no partner (the name of the tunnel it leads to, F-1.4)")
        partner = named.get(building.partner)
        if partner is None:
            raise MapError(f"{building.where} leads to {building.partner!r}, which is not a building of this map")
        if partner.role != "tunnel":
            raise MapError(f"{building.where} leads to {partner.name}, which is a {partner.role}, not a tunnel")
        if partner.partner != building.name:
            raise MapError(
                f"{building.where} leads to {partner.name}, but {partner.name} leads to "
                f"{partner.partner or 'nothing'}, not back"
            )
