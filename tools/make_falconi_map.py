"""Write the Tiled map of the Falconi city (F-1) to ``assets/maps/falconi_city.tmx``.

The map is the layout's source of truth (F-1.6); this script only draws the first version of it from the
table of F-1.3, so that it starts out exactly right and can be edited in Tiled afterwards. The output is
deterministic: running the script again gives the same bytes.

The map shows the city in Tiled with the game's own art: the ``ground`` layer and the ``landmarks`` layer (the
buildings' pictures, only a picture: the objects of ``buildings`` are what the game reads) use the tileset
``city_tiled.png``, whose tiles are listed in :data:`TILED_CITY`; the road tiles of ``roads.png`` are there to
sketch with. Both are drawn by ``tools/make_falconi_art.py``. The tilesets are embedded, so the map still
loads headless from anywhere (pytmx does not read the images then).

Usage: ``python -m tools.make_falconi_map [OUTPUT.tmx]``
"""

from __future__ import annotations

import sys
from pathlib import Path
from xml.sax.saxutils import quoteattr

from tools import CHECKOUT_ASSETS

GRID = 9  # cells per side (F-1.1)
TILE = 64  # pixels per tile
SIZE = GRID + 2  # the grid plus the border ring
BUILDING_INSET = 8  # buildings are drawn a little inside their slot so the piece under them stays visible

SIDES = {"north": 0, "east": 1, "south": 2, "west": 3}  # as the game numbers the edges N, E, S, W
LOOKS = ("country", "port", "forest", "none")  # a border slot's scenery; "none": the prison piece
VARIANTS = 3  # the three slots of a border piece look different (slot index % 3)
DISTRICTS = ("country", "port", "forest")

# The tiles of city_tiled.png, in image order (8 a row); make_falconi_art.py draws them in this order.
TILED_CITY = (
    "lot",
    "corner",
    *(f"plain:{look}:{variant}:{side}" for look in LOOKS for variant in range(VARIANTS) for side in range(4)),
    *(f"prison:{side}" for side in range(4)),
    *(f"{building}:{district}:{side}" for building in ("station", "tunnel", "escape") for district in DISTRICTS
      for side in range(4)),
)
CITY_COLUMNS = 8
ROAD_COLUMNS, ROAD_ROWS = 4, 7  # roads.png: a row per tile kind of F-2.1 in its four rotations, then the crater
ROADS_FIRSTGID = 1 + len(TILED_CITY)

# F-1.3: the district of each side's pieces 0, 1, 2; "" is the prison piece.
PIECES = {
    "north": ("port", "port", "port"),
    "west": ("country", "country", "forest"),
    "east": ("forest", "forest", "country"),
    "south": ("country", "", "forest"),
}

# F-1.3 / F-1.4: name, side, slot index, role, extra properties.
BUILDINGS: tuple[tuple[str, str, int, str, dict[str, str]], ...] = (
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


def gid(name: str) -> int:
    return 1 + TILED_CITY.index(name)


def ground_rows() -> list[list[int]]:
    """Grid cells as empty lots, border slots in their district's scenery, corners as small squares."""
    rows = [[gid("corner")] * SIZE for _ in range(SIZE)]
    for y in range(1, SIZE - 1):
        for x in range(1, SIZE - 1):
            rows[y][x] = gid("lot")
    for side, districts in PIECES.items():
        for index in range(GRID):
            x, y = slot_tile(side, index)
            look = districts[index // 3] or "none"
            rows[y][x] = gid(f"plain:{look}:{index % VARIANTS}:{SIDES[side]}")
    return rows


def landmark_rows() -> list[list[int]]:
    """The pictures of the prison, the police stations and the tunnel mouths on their slots."""
    rows = [[0] * SIZE for _ in range(SIZE)]
    for _, side, index, role, extra in BUILDINGS:
        x, y = slot_tile(side, index)
        district = extra.get("district") or PIECES[side][index // 3]
        rows[y][x] = gid(f"prison:{SIDES[side]}" if role == "prison" else f"{role}:{district}:{SIDES[side]}")
    return rows


def csv_rows(rows: list[list[int]]) -> str:
    return ",\n".join(",".join(str(number) for number in row) for row in rows)


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
    objects: list[str] = []
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
    objects: list[str] = []
    for name, side, index, role, extra in BUILDINGS:
        x, y = slot_tile(side, index)
        side_length = TILE - 2 * BUILDING_INSET
        box = (x * TILE + BUILDING_INSET, y * TILE + BUILDING_INSET, side_length, side_length)
        objects.append(object_xml(first_id + len(objects), name, "building", box, {"role": role, **extra}))
    return objects


def render_map() -> str:
    """The whole ``.tmx`` text."""
    border = border_objects(1)
    buildings = building_objects(1 + len(border))
    next_object_id = 1 + len(border) + len(buildings)
    return "\n".join(
        [
            '<?xml version="1.0" encoding="UTF-8"?>',
            f'<map version="1.8" orientation="orthogonal" renderorder="right-down" width="{SIZE}" height="{SIZE}" '
            f'tilewidth="{TILE}" tileheight="{TILE}" infinite="0" nextlayerid="5" nextobjectid="{next_object_id}">',
            f' <tileset firstgid="1" name="falconi_city" tilewidth="{TILE}" tileheight="{TILE}" '
            f'tilecount="{len(TILED_CITY)}" columns="{CITY_COLUMNS}">',
            f'  <image source="../sprites/falconi/city_tiled.png" width="{TILE * CITY_COLUMNS}" '
            f'height="{TILE * -(-len(TILED_CITY) // CITY_COLUMNS)}"/>',
            " </tileset>",
            f' <tileset firstgid="{ROADS_FIRSTGID}" name="falconi_roads" tilewidth="{TILE}" tileheight="{TILE}" '
            f'tilecount="{ROAD_COLUMNS * ROAD_ROWS}" columns="{ROAD_COLUMNS}">',
            f'  <image source="../sprites/falconi/roads.png" width="{TILE * ROAD_COLUMNS}" '
            f'height="{TILE * ROAD_ROWS}"/>',
            " </tileset>",
            f' <layer id="1" name="ground" width="{SIZE}" height="{SIZE}">',
            '  <data encoding="csv">',
            csv_rows(ground_rows()),
            "</data>",
            " </layer>",
            f' <layer id="4" name="landmarks" width="{SIZE}" height="{SIZE}">',
            '  <data encoding="csv">',
            csv_rows(landmark_rows()),
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
    default = CHECKOUT_ASSETS / "maps" / "falconi_city.tmx"
    output = Path(argv[0]) if argv else default
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_text(render_map(), encoding="utf-8")
    print(f"wrote {output}")


if __name__ == "__main__":
    main(sys.argv[1:])
