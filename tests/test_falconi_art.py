"""The Falconi sprite sheets: ``tools/make_falconi_art.py`` draws exactly the committed PNGs, every picture the
board needs is there at its size with a sensible outline, the game paints districts in the palette's colours,
and the Tiled map shows the city with these tilesets while still loading headless."""

from __future__ import annotations

import shutil
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pygame
import pytest

from game.falconi.citymap import DEFAULT_MAP, load_city
from game.falconi.tiles import CRATER, EXITS, tile_code
from scenes.falconi import sprites
from scenes.falconi.colours import COLOURS
from tools.make_falconi_map import TILED_CITY

ROOT = Path(__file__).resolve().parents[1]

SHEET_FILES = sorted({sheet.file for sheet in sprites.SHEETS} | {sheet.tint_file for sheet in sprites.SHEETS
                                                                 if sheet.tinted} | {"city_tiled.png"})


def alpha_box(image: pygame.Surface, min_alpha: int = 128) -> pygame.Rect:
    """The rectangle of the pixels that are at least ``min_alpha`` opaque (by default, more than half)."""
    return image.get_bounding_rect(min_alpha=min_alpha)


@pytest.fixture(scope="module")
def regenerated(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("art")
    subprocess.run([sys.executable, "-m", "tools.make_falconi_art", str(folder)], check=True,
                   cwd=ROOT, capture_output=True)
    return folder


@pytest.mark.slow
@pytest.mark.parametrize("name", SHEET_FILES)
def test_the_generator_draws_exactly_the_committed_sheets(regenerated, name):
    committed, fresh = pygame.image.load(str(sprites.SPRITE_FOLDER / name)), pygame.image.load(str(regenerated / name))
    assert committed.get_size() == fresh.get_size()
    assert pygame.image.tobytes(committed, "RGBA") == pygame.image.tobytes(fresh, "RGBA"), name


def test_the_generator_writes_no_other_file(regenerated):
    assert sorted(path.name for path in regenerated.iterdir()) == SHEET_FILES


@pytest.mark.parametrize("sheet", sprites.SHEETS, ids=lambda sheet: sheet.file)
def test_each_sheet_holds_its_named_cells(sheet):
    image = pygame.image.load(str(sprites.SPRITE_FOLDER / sheet.file))
    assert image.get_size() == sheet.size
    for name in sheet.names:
        assert alpha_box(image.subsurface(sheet.rect(name)), 1).width > 0, name
    if sheet.tinted:
        assert pygame.image.load(str(sprites.SPRITE_FOLDER / sheet.tint_file)).get_size() == sheet.size


@pytest.mark.parametrize("code", [*range(24), CRATER])
def test_every_road_tile_and_rotation_fills_its_square(code):
    tile = sprites.road(code, sprites.TILE)
    assert tile.get_size() == (sprites.TILE, sprites.TILE)
    assert all(tile.get_at((x, y)).a == 255 for x in range(0, 64, 3) for y in range(0, 64, 3))


@pytest.mark.parametrize("kind", range(6))
def test_a_turned_tile_is_the_same_picture_turned_clockwise(kind):
    upright = sprites.road(kind * 4, sprites.TILE)
    for rotation in range(1, 4):
        turned = pygame.transform.rotate(upright, -90 * rotation)
        assert pygame.image.tobytes(turned, "RGBA") == pygame.image.tobytes(sprites.road(tile_code(kind, rotation), 64),
                                                                            "RGBA")


@pytest.mark.parametrize("kind", range(6))
def test_roads_meet_at_the_middle_of_the_edges_they_lead_to(kind):
    """Asphalt (dark) in a lane at the middle of every edge a road reaches (F-2.1), never where none does."""
    for rotation in range(4):
        tile = sprites.road(tile_code(kind, rotation), sprites.TILE)
        for edge, (x, y) in enumerate(((24, 1), (62, 24), (40, 62), (1, 40))):
            red, green, blue = tile.get_at((x, y))[:3]
            asphalt = 40 < red < 110 and abs(red - green) < 12 and abs(green - blue) < 16
            assert asphalt == bool(EXITS[tile_code(kind, rotation)][edge]), (kind, rotation, edge)


def test_city_pieces_fill_their_slot_and_escape_tiles_have_round_corners():
    for name in sprites.CITY.names:
        picture = sprites.cell(sprites.CITY, name)
        corner_alpha = picture.get_at((0, 0)).a
        assert picture.get_at((32, 32)).a == 255, name
        assert corner_alpha < 128 if name.startswith("escape") else corner_alpha == 255, name


def test_cars_are_readable_at_the_tile_size_and_lie_on_clear_ground():
    for name in ("fugitive", *(f"police:{frame}" for frame in range(4)), "police:off"):
        car = sprites.car(name, sprites.TILE, 90, (200, 60, 60))
        box = alpha_box(car)
        assert 16 <= box.width <= 20 and 30 <= box.height <= 34, (name, box)
        assert car.get_at((0, 0)).a == 0
    effects = [alpha_box(sprites.car(name, sprites.TILE, 90)) for name in ("puff:0", "puff:3", "flame:1")]
    assert effects[0].width < effects[1].width and all(box.width > 0 for box in effects)


def test_the_light_bar_flashes_red_and_blue():
    colours = []
    for frame in range(sprites.POLICE_FRAMES):
        car = sprites.cell(sprites.CARS, f"police:{frame}", (255, 255, 255))
        left, right = car.get_at((car.get_width() // 2 - 8, car.get_height() // 2 - 1)), car.get_at(
            (car.get_width() // 2 + 8, car.get_height() // 2 - 1))
        colours.append((left.r > 200 and left.b < 120, right.b > 200 and right.r < 150))
    assert (True, False) in colours and (False, True) in colours and (False, False) in colours


def test_the_police_car_and_the_districts_take_the_colour_they_are_given():
    for colour in ((214, 168, 58), (0, 158, 115)):
        car = sprites.car("police:0", sprites.TILE, 90, colour)
        assert tuple(car.get_at((car.get_width() // 2, car.get_height() // 2 - 8)))[:3] == colour  # the bonnet
        station = sprites.image(sprites.CITY, "station:0", sprites.TILE, colour)
        assert tuple(station.get_at((13, 14)))[:3] == colour  # the roof
    fugitive = sprites.car("fugitive", sprites.TILE, 90)
    assert sum(fugitive.get_at((fugitive.get_width() // 2, fugitive.get_height() // 2 - 9))[:3]) < 120


def test_a_turned_car_is_cached_per_angle_step():
    first = sprites.car("fugitive", 64, 47.0)
    assert sprites.car("fugitive", 64, 47.0 + sprites.ANGLE_STEP * 0.4) is first
    assert sprites.car("fugitive", 64, 47.0 + sprites.ANGLE_STEP) is not first


def test_tokens_have_a_spent_grey_look():
    for item in ("bomb", "boost"):
        fresh, spent = sprites.cell(sprites.ITEMS, item), sprites.cell(sprites.ITEMS, f"{item}_spent")
        assert alpha_box(fresh).width > 30
        pixels = [spent.get_at((x, y)) for x in range(64) for y in range(64) if spent.get_at((x, y)).a > 0]
        assert all(p.r == p.g == p.b and p.a <= 110 for p in pixels), item


# --- the Tiled map ---------------------------------------------------------------------------------------------
def tilesets() -> dict[str, ElementTree.Element]:
    root = ElementTree.parse(DEFAULT_MAP).getroot()
    return {tileset.attrib["name"]: tileset for tileset in root.iter("tileset")}


def test_the_map_embeds_tilesets_whose_images_are_the_sheets():
    found = tilesets()
    assert set(found) == {"falconi_city", "falconi_roads"}
    for tileset in found.values():
        assert tileset.get("source") is None  # embedded: the map loads anywhere, headless
        image = tileset.find("image")
        path = (DEFAULT_MAP.parent / image.get("source")).resolve()
        assert path.parent == sprites.SPRITE_FOLDER.resolve() and path.is_file()
        assert pygame.image.load(str(path)).get_size() == (int(image.get("width")), int(image.get("height")))
        columns, count = int(tileset.get("columns")), int(tileset.get("tilecount"))
        assert -(-count // columns) * 64 == int(image.get("height")) and columns * 64 == int(image.get("width"))
    assert int(found["falconi_city"].get("tilecount")) == len(TILED_CITY)


def layer_gids(name: str) -> list[list[int]]:
    root = ElementTree.parse(DEFAULT_MAP).getroot()
    layer = next(layer for layer in root.iter("layer") if layer.get("name") == name)
    data = layer.find("data")
    assert data is not None and data.text is not None, f"the layer {name} has no data"
    return [[int(gid) for gid in row.split(",") if gid] for row in data.text.strip().split("\n")]


def test_the_ground_and_landmarks_show_each_slot_as_the_game_draws_it():
    city = load_city()
    ground, landmarks = layer_gids("ground"), layer_gids("landmarks")
    assert all(ground[y][x] == 1 + TILED_CITY.index("lot") for x in range(1, 10) for y in range(1, 10))
    for slot in city.slots:
        column, row = {0: (slot.index + 1, 0), 1: (10, slot.index + 1), 2: (slot.index + 1, 10),
                       3: (0, slot.index + 1)}[slot.side]
        plain = sprites.plain_name(slot.district or "none", slot.index, slot.side)
        assert TILED_CITY[ground[row][column] - 1] == plain
        if slot.role == "plain":
            assert landmarks[row][column] == 0
        else:
            district = "" if slot.role == "prison" else f"{slot.district}:"
            assert TILED_CITY[landmarks[row][column] - 1] == f"{slot.role}:{district}{slot.side}"


def test_the_tiled_sheet_paints_each_district_in_its_colour():
    sheet = pygame.image.load(str(sprites.SPRITE_FOLDER / "city_tiled.png"))
    for district, seat in (("country", 1), ("port", 2), ("forest", 3)):
        index = TILED_CITY.index(f"station:{district}:0")
        x, y = index % 8 * 64, index // 8 * 64
        assert tuple(sheet.get_at((x + 13, y + 14)))[:3] == COLOURS[seat]


def test_the_map_with_its_tilesets_loads_headless_from_another_folder(tmp_path):
    shutil.copy(DEFAULT_MAP, tmp_path / "city.tmx")  # the images are not beside it: pytmx must not need them
    code = ("import sys, game.falconi.citymap as citymap\n"
            f"city = citymap.load_city({str(tmp_path / 'city.tmx')!r})\n"
            "assert city.width == 9 and 'pygame' not in sys.modules\n")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
