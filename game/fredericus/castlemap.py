"""Reading the castle of R-1.1 from its Tiled map, headless (no pygame), into a :class:`CastleLayout`.

The map has four object layers: ``towers``, ``posts`` and ``rows`` (one object each per tower, numbered by an
int property named like the layer's objects: ``tower``, ``post``, ``row``; rows also carry ``dx``/``dy``, their
outward step) and ``courtyard`` (objects of class ``segment``, with an int ``segment``, and one of class
``centre``). A place is the centre of its object's box, so points and rectangles both work.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from game.core.errors import MapError
from game.fredericus.castle import CastleLayout, Row, Spot
from game.resources import asset_path
from game.tiled import load_tiled_map, object_properties, require_finite

DEFAULT_MAP = asset_path("maps", "fredericus_castle.tmx")


@functools.cache
def load_castle(path: str | Path | None = None) -> CastleLayout:
    """The castle of the map at ``path`` (default: the shipped map); read once per path, as maps don't change."""
    path = Path(path) if path is not None else DEFAULT_MAP
    tiled_map = load_tiled_map(path)
    try:
        return castle_from_tiled(tiled_map)
    except MapError as error:
        raise MapError(f"{path.name}: {error}") from None


def castle_from_tiled(tiled_map: Any) -> CastleLayout:
    """Convert a parsed ``pytmx.TiledMap``; kept apart from file reading so any map object can be fed in."""
    require_finite(tiled_map)
    if tiled_map.orientation != "orthogonal":
        raise MapError(f"the castle map must be orthogonal, not {tiled_map.orientation}")
    towers = [_spot(layer, obj, "tower") for layer, obj in _objects(tiled_map, "towers")]
    posts = [_spot(layer, obj, "post") for layer, obj in _objects(tiled_map, "posts")]
    rows: list[Row] = []
    for layer, obj in _objects(tiled_map, "rows"):
        spot = _spot(layer, obj, "row")
        dx, dy = (_int_property(layer, obj, key) for key in ("dx", "dy"))
        rows.append(Row(spot.number, spot.x, spot.y, dx, dy, source=spot.source))
    segments: list[Spot] = []
    centres: list[tuple[tuple[float, float], str]] = []
    for layer, obj in _objects(tiled_map, "courtyard"):
        kind = object_properties(obj).get("class")
        if kind == "segment":
            segments.append(_spot(layer, obj, "segment"))
        elif kind == "centre":
            centres.append((_position(layer, obj), _source(obj)))
        else:
            raise MapError(f"courtyard: {_source(obj)} has class {kind!r}; expected 'segment' or 'centre'")
    if len(centres) != 1:
        found = f" ({', '.join(source for _, source in centres)})" if centres else ""
        raise MapError(f"courtyard: {len(centres)} centres found{found}; the courtyard has exactly one centre")
    return CastleLayout(
        width=float(tiled_map.width * tiled_map.tilewidth),
        height=float(tiled_map.height * tiled_map.tileheight),
        centre=centres[0][0],
        towers=_by_number(towers),
        posts=_by_number(posts),
        rows=_by_number(rows),
        segments=_by_number(segments),
    )


def _objects(tiled_map: Any, name: str) -> list[tuple[Any, Any]]:
    """The objects of an object layer, each with its layer (pytmx objects don't know theirs)."""
    try:
        layer = tiled_map.get_layer_by_name(name)
    except ValueError:
        raise MapError(f"the castle map has no object layer {name!r}") from None
    if not isinstance(layer, list):  # object groups are lists of objects; tile layers are not
        raise MapError(f"the castle map's layer {name!r} must be an object layer")
    return [(layer, obj) for obj in layer]


def _source(obj: Any) -> str:
    return f"object {obj.id}" + (f" {obj.name!r}" if obj.name else "")


def _int_property(layer: Any, obj: Any, key: str) -> int:
    props = object_properties(obj)
    if key not in props:
        raise MapError(f"{layer.name}: {_source(obj)} has no int property {key!r}")
    value = props[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise MapError(
            f"{layer.name}: {_source(obj)} property {key!r} must be an int, not {value!r} ({type(value).__name__})"
        )
    return value


def _position(layer: Any, obj: Any) -> tuple[float, float]:
    """The centre of the object's box, moved by its layer's offset as Tiled draws it."""
    return (
        float(obj.x + obj.width / 2 + (layer.offsetx or 0)),
        float(obj.y + obj.height / 2 + (layer.offsety or 0)),
    )


def _spot(layer: Any, obj: Any, key: str) -> Spot:
    x, y = _position(layer, obj)
    return Spot(_int_property(layer, obj, key), x, y, source=_source(obj))


def _by_number(places: list[Any]) -> tuple[Any, ...]:
    return tuple(sorted(places, key=lambda place: place.number))
