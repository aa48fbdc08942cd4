"""Write the Tiled map of Castel del Monte (R-1.1) to ``assets/maps/fredericus_castle.tmx``, with its tilesets.

The map is where the view and the rules read the castle's geometry from; this script only draws its first
version, a regular octagon, so that it starts out consistent with R-1.1 and can be edited in Tiled afterwards.
Its two tile layers show the art of ``tools/make_fredericus_art.py``: ``ground``, tiles of the meadow tileset,
and ``castle``, the castle seen from above cut into the tiles of the castle tileset. The tilesets are embedded,
so that a copy of the map parses anywhere (images are only opened by Tiled). The output is deterministic:
running the script again gives the same bytes.

Usage: ``python -m tools.make_castle_map [OUTPUT.tmx]``
"""

from __future__ import annotations

import math
import sys
from pathlib import Path
from xml.sax.saxutils import quoteattr

from tools import CHECKOUT_ASSETS

SIZE = 20  # tiles per side: 640 px, which fits a 720 px high screen
TILE = 32  # pixels per tile
CENTRE = SIZE * TILE / 2
TOWERS = 8

# Distances from the courtyard centre, in pixels, along each tower's ray.
SEGMENT_RADIUS = 40
POST_RADIUS = 74  # guard posts stand on the roof of the halls, so raptors there leave their tower in sight
TOWER_RADIUS = 112
ROW_RADIUS = 152  # a row's first card, just outside its tower
# The tilesets, on the pictures of tools/make_fredericus_art.py (sizes in scenes/fredericus/sprites.py).
MEADOW_TILES = 4  # plain grass, flowers, tufts, a stone
CASTLE_TILES = 10  # the castle picture is this many tiles square
CASTLE_FIRST = 1 + MEADOW_TILES  # the castle tileset's first gid
ART = "../sprites/fredericus"


def ray(tower: int) -> tuple[float, float]:
    """Unit vector from the centre to ``tower``: 0 points north (up), then clockwise as seen on the map."""
    angle = math.radians(-90 + 360 / TOWERS * tower)  # the map's y axis points down
    return math.cos(angle), math.sin(angle)


def at(tower: int, radius: float) -> tuple[float, float]:
    """Map position at ``radius`` pixels from the centre on ``tower``'s ray, rounded so the text stays short."""
    ux, uy = ray(tower)
    return round(CENTRE + radius * ux, 1), round(CENTRE + radius * uy, 1)


def number(value: float) -> str:
    return f"{value:g}"


def meadow_tile(column: int, row: int) -> int:
    """A meadow tile for a place: mostly plain grass, a scattering of the others, the same on every run."""
    mixed = (column * 374761393 + row * 668265263) & 0xFFFFFFFF  # a small integer hash: no visible pattern
    mixed = (mixed ^ (mixed >> 13)) * 1274126177 & 0xFFFFFFFF
    roll = (mixed ^ (mixed >> 16)) % 20
    return 1 + (0 if roll < 12 else 1 if roll < 15 else 2 if roll < 18 else 3)


def ground_rows() -> list[list[int]]:
    return [[meadow_tile(column, row) for column in range(SIZE)] for row in range(SIZE)]


def castle_rows() -> list[list[int]]:
    """The castle picture's tiles in the middle of the map, nothing elsewhere."""
    first = (SIZE - CASTLE_TILES) // 2
    rows = []
    for row in range(SIZE):
        tiles = []
        for column in range(SIZE):
            inside = first <= row < first + CASTLE_TILES and first <= column < first + CASTLE_TILES
            tiles.append(CASTLE_FIRST + (row - first) * CASTLE_TILES + column - first if inside else 0)
        rows.append(tiles)
    return rows


def tileset(first: int, name: str, image: str, columns: int, count: int) -> list[str]:
    """An embedded tileset over one image of ``columns`` tiles a row, its gids starting at ``first``."""
    return [f' <tileset firstgid="{first}" name="{name}" tilewidth="{TILE}" tileheight="{TILE}" tilecount="{count}" '
            f'columns="{columns}">',
            f'  <image source="{ART}/{image}" width="{TILE * columns}" height="{TILE * (count // columns)}"/>',
            " </tileset>"]


def tile_layer(layer_id: int, name: str, rows: list[list[int]]) -> list[str]:
    csv = ",\n".join(",".join(str(gid) for gid in row) for row in rows)
    return [f' <layer id="{layer_id}" name="{name}" width="{SIZE}" height="{SIZE}">', '  <data encoding="csv">', csv,
            "</data>", " </layer>"]


def object_xml(object_id: int, name: str, kind: str, position: tuple[float, float], props: dict[str, int]) -> str:
    """A point object; properties sorted by name as Tiled saves them."""
    x, y = position
    lines = [
        f'  <object id="{object_id}" name={quoteattr(name)} type={quoteattr(kind)} x="{number(x)}" y="{number(y)}">'
    ]
    if props:
        lines += [
            "   <properties>",
            *(f'    <property name={quoteattr(key)} type="int" value="{v}"/>' for key, v in sorted(props.items())),
            "   </properties>",
        ]
    lines += ["   <point/>", "  </object>"]
    return "\n".join(lines)


def object_groups() -> list[str]:
    """The four object layers: towers, guard posts, rows (with their outward step) and the courtyard."""
    groups = []
    next_id = 1
    layers: list[tuple[str, list[tuple[str, str, tuple[float, float], dict[str, int]]]]] = [
        ("towers", [(f"tower {t}", "tower", at(t, TOWER_RADIUS), {"tower": t}) for t in range(TOWERS)]),
        ("posts", [(f"post {t}", "post", at(t, POST_RADIUS), {"post": t}) for t in range(TOWERS)]),
        (
            "rows",
            [
                (f"row {t}", "row", at(t, ROW_RADIUS), {"row": t, "dx": round(ray(t)[0]), "dy": round(ray(t)[1])})
                for t in range(TOWERS)
            ],
        ),
        (
            "courtyard",
            [(f"segment {t}", "segment", at(t, SEGMENT_RADIUS), {"segment": t}) for t in range(TOWERS)]
            + [("centre", "centre", (CENTRE, CENTRE), {})],
        ),
    ]
    for layer_id, (layer, objects) in enumerate(layers, start=3):
        groups.append(f' <objectgroup id="{layer_id}" name="{layer}">')
        for name, kind, position, props in objects:
            groups.append(object_xml(next_id, name, kind, position, props))
            next_id += 1
        groups.append(" </objectgroup>")
    return groups


def render_map() -> str:
    """The whole ``.tmx`` text."""
    groups = object_groups()
    object_count = sum(line.startswith("  <object ") for line in groups)
    return "\n".join(
        [
            '<?xml version="1.0" encoding="UTF-8"?>',
            f'<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" '
            f'width="{SIZE}" height="{SIZE}" tilewidth="{TILE}" tileheight="{TILE}" infinite="0" '
            f'nextlayerid="7" nextobjectid="{object_count + 1}">',
            *tileset(1, "fredericus_meadow", "meadow.png", MEADOW_TILES, MEADOW_TILES),
            *tileset(CASTLE_FIRST, "fredericus_castle", "castle.png", CASTLE_TILES, CASTLE_TILES**2),
            *tile_layer(1, "ground", ground_rows()),
            *tile_layer(2, "castle", castle_rows()),
            *groups,
            "</map>",
            "",
        ]
    )


def main(argv: list[str]) -> None:
    default = CHECKOUT_ASSETS / "maps" / "fredericus_castle.tmx"
    output = Path(argv[0]) if argv else default
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_text(render_map(), encoding="utf-8")
    print(f"wrote {output}")


if __name__ == "__main__":
    main(sys.argv[1:])
