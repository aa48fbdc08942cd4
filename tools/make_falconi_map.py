"""Write the Tiled map of the Falconi city (F-1) to ``assets/maps/falconi_city.tmx``.

The map is the layout's source of truth (F-1.6); this script only draws the first version of it from the
table of F-1.3, so that it starts out exactly right and can be edited in Tiled afterwards. The output is
deterministic: running the script again gives the same bytes.

Usage: ``python tools/make_falconi_map.py [OUTPUT.tmx]``
"""

from __future__ import annotations

import sys
from pathlib import Path
from xml.sax.saxutils import quoteattr

GRID = 9  # cells per side (F-1.1)
TILE = 64  # pixels per tile
SIZE = GRID + 2  # the grid plus the border ring
BUILDING_INSET = 8  # buildings are drawn a little inside their slot so the piece under them stays visible

# Tile ids of the placeholder tileset, in image order.
GROUND, COUNTRY, PORT, FOREST, STONE = 1, 2, 3, 4, 5
TILE_COUNT = 5
DISTRICT_TILE = {"country": COUNTRY, "port": PORT, "forest": FOREST, "": STONE}

# F-1.3: the district of each side's pieces 0, 1, 2; "" is the prison piece.
PIECES = {
    "north": ("port", "port", "port"),
    "west": ("country", "country", "forest"),
    "east": ("forest", "forest", "country"),
    "south": ("country", "", "forest"),
}

# F-1.3 / F-1.4: name, side, slot index, role, extra properties.
BUILDINGS = (
    ("prison", "south", 4, "prison", {}),
    ("station_country", "west", 4, "station", {"district": "country"}),
    ("station_port", "north", 4, "station", {"district": "port"}),
    ("station_forest", "east", 4, "station", {"district": "forest"}),
    ("tunnel_W1", "west", 1, "tunnel", {"partner": "tunnel_E7"}),
    ("tunnel_E7", "east", 7, "tunnel", {"partner": "tunnel_W1"}),
    ("tunnel_W7", "west", 7, "tunnel", {"partner": "tunnel_E1"}),
    ("tunnel_E1", "east", 1, "tunnel", {"partner": "tunnel_W7"}),
)


def slot_tile(side: str, index: int) -> tuple[int, int]:
    """The map tile (column, row) of border slot ``index`` on ``side`` (F-1.2)."""
    return {
        "north": (index + 1, 0),
        "south": (index + 1, SIZE - 1),
        "west": (0, index + 1),
        "east": (SIZE - 1, index + 1),
    }[side]


def ground_rows() -> list[list[int]]:
    """Grid cells in the ground colour, border slots in their district's, corners in stone."""
    rows = [[STONE] * SIZE for _ in range(SIZE)]
    for y in range(1, SIZE - 1):
        for x in range(1, SIZE - 1):
            rows[y][x] = GROUND
    for side, districts in PIECES.items():
        for index in range(GRID):
            x, y = slot_tile(side, index)
            rows[y][x] = DISTRICT_TILE[districts[index // 3]]
    return rows


def object_xml(object_id: int, name: str, kind: str, box: tuple[int, int, int, int], props: dict[str, str]) -> str:
    x, y, width, height = box
    lines = [
        f'  <object id="{object_id}" name={quoteattr(name)} type={quoteattr(kind)} '
        f'x="{x}" y="{y}" width="{width}" height="{height}">',
        "   <properties>",
        *(f"    <property name={quoteattr(key)} value={quoteattr(value)}/>" for key, value in sorted(props.items())),
        "   </properties>",
        "  </object>",
    ]
    return "\n".join(lines)


def border_objects(first_id: int) -> list[str]:
    """The 12 border pieces (F-1.2), each a rectangle over its 3 slots."""
    objects = []
    for side, districts in PIECES.items():
        for piece, district in enumerate(districts):
            x, y = slot_tile(side, piece * 3)
            along_x = side in ("north", "south")
            box = (x * TILE, y * TILE, TILE * (3 if along_x else 1), TILE * (1 if along_x else 3))
            kind = "border_piece" if district else "prison_piece"
            objects.append(object_xml(first_id + len(objects), f"{side}_{piece}", kind, box, {"district": district}))
    return objects


def building_objects(first_id: int) -> list[str]:
    """The prison, the police stations and the tunnel mouths (F-1.3, F-1.4), one per special slot."""
    objects = []
    for name, side, index, role, extra in BUILDINGS:
        x, y = slot_tile(side, index)
        side_length = TILE - 2 * BUILDING_INSET
        box = (x * TILE + BUILDING_INSET, y * TILE + BUILDING_INSET, side_length, side_length)
        objects.append(object_xml(first_id + len(objects), name, "building", box, {"role": role, **extra}))
    return objects


def render_map() -> str:
    """The whole ``.tmx`` text."""
    csv = ",\n".join(",".join(str(gid) for gid in row) for row in ground_rows())
    border = border_objects(1)
    buildings = building_objects(1 + len(border))
    next_object_id = 1 + len(border) + len(buildings)
    return "\n".join(
        [
            '<?xml version="1.0" encoding="UTF-8"?>',
            f'<map version="1.8" orientation="orthogonal" renderorder="right-down" width="{SIZE}" height="{SIZE}" '
            f'tilewidth="{TILE}" tileheight="{TILE}" infinite="0" nextlayerid="4" nextobjectid="{next_object_id}">',
            f' <tileset firstgid="1" name="falconi_placeholder" tilewidth="{TILE}" tileheight="{TILE}" '
            f'tilecount="{TILE_COUNT}" columns="{TILE_COUNT}">',
            f'  <image source="../tiles/falconi_placeholder.png" width="{TILE * TILE_COUNT}" '
            f'height="{TILE}"/>',
            " </tileset>",
            f' <layer id="1" name="ground" width="{SIZE}" height="{SIZE}">',
            '  <data encoding="csv">',
            csv,
            "</data>",
            " </layer>",
            ' <objectgroup id="2" name="border">',
            *border,
            " </objectgroup>",
            ' <objectgroup id="3" name="buildings">',
            *buildings,
            " </objectgroup>",
            "</map>",
            "",
        ]
    )


def main(argv: list[str]) -> None:
    default = Path(__file__).resolve().parent.parent / "assets" / "maps" / "falconi_city.tmx"
    output = Path(argv[0]) if argv else default
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_text(render_map(), encoding="utf-8")
    print(f"wrote {output}")


if __name__ == "__main__":
    main(sys.argv[1:])
