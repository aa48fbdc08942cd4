"""Write the Tiled map of Castel del Monte (R-1.1) to ``assets/maps/fredericus_castle.tmx``.

The map is where the view and the rules read the castle's geometry from; this script only draws its first
version, a regular octagon, so that it starts out consistent with R-1.1 and can be edited in Tiled afterwards.
The output is deterministic: running the script again gives the same bytes.

Usage: ``python tools/make_castle_map.py [OUTPUT.tmx]``
"""

from __future__ import annotations

import math
import sys
from pathlib import Path
from xml.sax.saxutils import quoteattr

SIZE = 20  # tiles per side: 640 px, which fits a 720 px high screen
TILE = 32  # pixels per tile
CENTRE = SIZE * TILE / 2
TOWERS = 8

# Distances from the courtyard centre, in pixels, along each tower's ray.
SEGMENT_RADIUS = 40
POST_RADIUS = 88  # guard posts stand on the wall, just inside their tower
TOWER_RADIUS = 112
ROW_RADIUS = 152  # a row's first card, just outside its tower
# Ground tiles whose centre is nearer than these are courtyard, then wall; the rest is field.
COURTYARD_RADIUS = 64
WALL_RADIUS = 120

# Tile ids of the placeholder tileset, in image order.
FIELD, WALL, COURTYARD = 1, 2, 3
TILE_COUNT = 3


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


def ground_rows() -> list[list[int]]:
    """Field all round, then the castle wall and the courtyard inside it, as rough discs under the towers."""
    rows = []
    for row in range(SIZE):
        tiles = []
        for column in range(SIZE):
            distance = math.hypot((column + 0.5) * TILE - CENTRE, (row + 0.5) * TILE - CENTRE)
            tiles.append(COURTYARD if distance < COURTYARD_RADIUS else WALL if distance < WALL_RADIUS else FIELD)
        rows.append(tiles)
    return rows


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
    for layer_id, (layer, objects) in enumerate(layers, start=2):
        groups.append(f' <objectgroup id="{layer_id}" name="{layer}">')
        for name, kind, position, props in objects:
            groups.append(object_xml(next_id, name, kind, position, props))
            next_id += 1
        groups.append(" </objectgroup>")
    return groups


def render_map() -> str:
    """The whole ``.tmx`` text."""
    csv = ",\n".join(",".join(str(gid) for gid in row) for row in ground_rows())
    groups = object_groups()
    object_count = sum(line.startswith("  <object ") for line in groups)
    return "\n".join(
        [
            '<?xml version="1.0" encoding="UTF-8"?>',
            f'<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" '
            f'width="{SIZE}" height="{SIZE}" tilewidth="{TILE}" tileheight="{TILE}" infinite="0" '
            f'nextlayerid="6" nextobjectid="{object_count + 1}">',
            f' <tileset firstgid="1" name="fredericus_placeholder" tilewidth="{TILE}" tileheight="{TILE}" '
            f'tilecount="{TILE_COUNT}" columns="{TILE_COUNT}">',
            f'  <image source="../tiles/fredericus_placeholder.png" width="{TILE * TILE_COUNT}" height="{TILE}"/>',
            " </tileset>",
            f' <layer id="1" name="ground" width="{SIZE}" height="{SIZE}">',
            '  <data encoding="csv">',
            csv,
            "</data>",
            " </layer>",
            *groups,
            "</map>",
            "",
        ]
    )


def main(argv: list[str]) -> None:
    default = Path(__file__).resolve().parent.parent / "assets" / "maps" / "fredericus_castle.tmx"
    output = Path(argv[0]) if argv else default
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_text(render_map(), encoding="utf-8")
    print(f"wrote {output}")


if __name__ == "__main__":
    main(sys.argv[1:])
