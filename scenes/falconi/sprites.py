"""The Falconi sprite sheets: where each picture sits in its PNG, the road geometry the pictures and the car
animations share, and the images the board draws, loaded once, tinted, scaled and rotated once per use.

The sheets are made by ``tools/make_falconi_art.py`` (which reads the layout from here) and committed under
``assets/sprites/falconi/``. Parts drawn in a district's colour come from a second, white "tint" sheet that is
multiplied by the colour of the player's palette, so the colour-blind palette needs no sheet of its own.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

import pygame

from game.falconi.tiles import CRATER, kind_of, rotation_of
from game.resources import asset_path
from scenes.kit.sprite_book import Area, SpriteBook

Colour = tuple[int, int, int]

SPRITE_FOLDER = asset_path("sprites", "falconi")
TILE = 64  # pixels per road tile and border slot in the sheets: the board's cell at 1280×720
CAR_SHEET_SCALE = 2  # cars are drawn at twice the tile scale, so that turned cars stay crisp

# Road geometry, in fractions of a tile: the pictures and the drive animations must agree on it.
ROAD_HALF = 0.25  # half the width of a two-lane road
LANE = 0.125  # from a road's centre line to the middle of a lane
U_LOOP_CENTRE = 0.56  # a U-turn's turning loop: its centre's distance from the tile's open edge
U_LOOP_RADIUS = 0.22  # the radius of the lane around the loop's island
CAR_AHEAD = 0.22  # a resting car stands this far from its cell's centre towards the edge it came in by
ANGLE_STEP = 3  # degrees: turned cars are cached at multiples of this

EDGE_LETTERS = "NESW"
DISTRICT_LOOKS = ("country", "port", "forest", "none")  # "none": the prison piece's two plain slots
PLAIN_VARIANTS = 3  # each border piece shows its three slots differently (slot index % 3)
BUILDINGS = ("prison", "station", "tunnel", "escape")


@dataclass(frozen=True)
class Sheet:
    """One PNG of equal square cells, named in reading order; ``tinted`` sheets have a ``*_tint.png`` twin."""

    file: str
    cell: int
    columns: int
    names: tuple[str, ...]
    tinted: bool = False

    @cached_property
    def index(self) -> dict[str, int]:
        return {name: number for number, name in enumerate(self.names)}

    @property
    def rows(self) -> int:
        return -(-len(self.names) // self.columns)

    @property
    def size(self) -> tuple[int, int]:
        return self.columns * self.cell, self.rows * self.cell

    @property
    def tint_file(self) -> str:
        return self.file.replace(".png", "_tint.png")

    def rect(self, name: str) -> pygame.Rect:
        return pygame.Rect(self.area(name))

    def area(self, name: str) -> Area:
        number = self.index[name]
        return number % self.columns * self.cell, number // self.columns * self.cell, self.cell, self.cell


ROADS = Sheet("roads.png", TILE, 4, tuple(f"{kind}:{turn}" for kind in range(6) for turn in range(4)) + ("crater",))
CITY = Sheet("city.png", TILE, 8, (
    "lot", "corner",
    *(f"plain:{look}:{variant}:{side}" for look in DISTRICT_LOOKS for variant in range(PLAIN_VARIANTS)
      for side in range(4)),
    *(f"{building}:{side}" for building in BUILDINGS for side in range(4)),
), tinted=True)
CARS = Sheet("cars.png", 40 * CAR_SHEET_SCALE, 8, (
    "fugitive", "police:0", "police:1", "police:2", "police:3", "police:off",
    "puff:0", "puff:1", "puff:2", "puff:3", "flame:0", "flame:1", "flame:2",
), tinted=True)
ITEMS = Sheet("items.png", TILE, 6, ("back", "rubble", "bomb", "bomb_spent", "boost", "boost_spent"))
SHEETS = (ROADS, CITY, CARS, ITEMS)
POLICE_FRAMES = 4  # light-bar frames: "police:0" … "police:3"


def plain_name(look: str, index: int, side: int) -> str:
    """The picture of a plain border slot: its district's look, varied along the piece."""
    return f"plain:{look}:{index % PLAIN_VARIANTS}:{side}"


# --- loading -----------------------------------------------------------------------------------------------
# Scaled and turned copies are kept within 12 MB: every car in every colour at 120 headings would never stop
# growing over an evening.
_BOOK = SpriteBook(SPRITE_FOLDER, "Falconi sprites", 12)


def cell(sheet: Sheet, name: str, colour: Colour | None = None) -> pygame.Surface:
    """A picture at the sheet's own size; with ``colour``, its tint layer painted in that colour."""
    area = sheet.area(name)
    if colour is not None and sheet.tinted:
        return _BOOK.tinted(sheet.file, sheet.tint_file, area, colour)
    return _BOOK.cut(sheet.file, area)


def image(sheet: Sheet, name: str, size: int, colour: Colour | None = None) -> pygame.Surface:
    """A picture scaled to ``size`` pixels square, scaled once and kept."""
    source = cell(sheet, name, colour)
    if source.get_width() == size:
        return source
    return _BOOK.made(("scaled", sheet.file, name, colour, size),
                      lambda: pygame.transform.smoothscale(source, (size, size)))


def road(code: int, size: int) -> pygame.Surface:
    """A placed road tile (its kind turned a rotation) or the crater."""
    return image(ROADS, "crater" if code >= CRATER else f"{kind_of(code)}:{rotation_of(code)}", size)


def car(name: str, cs: int, heading: float, colour: Colour | None = None) -> pygame.Surface:
    """A car (or a puff or flame) of the cars sheet, sized for cells of ``cs`` pixels and turned to
    ``heading`` (degrees, 0 = east, counter-clockwise; the sheet's cars point north), cached per
    :data:`ANGLE_STEP`. Quarter turns are turned exactly from the tile-scale image, other angles are turned
    and shrunk in one smooth step from the sharper sheet image."""
    step = round((heading - 90) / ANGLE_STEP) % (360 // ANGLE_STEP)

    def turn() -> pygame.Surface:
        angle = step * ANGLE_STEP
        zoom = cs / (TILE * CAR_SHEET_SCALE)
        if angle % 90 == 0:
            return pygame.transform.rotate(image(CARS, name, round(CARS.cell * zoom), colour), angle)
        return pygame.transform.rotozoom(cell(CARS, name, colour), angle, zoom)

    return _BOOK.made(("turned", name, colour, cs, step), turn)


def heading_of(edge: int) -> float:
    """The heading (degrees, 0 = east, counter-clockwise) of a car that came in by ``edge``: away from it."""
    return (270.0, 180.0, 90.0, 0.0)[edge]


def unit(heading: float) -> tuple[float, float]:
    """A heading as a screen vector (y grows downwards)."""
    radians = math.radians(heading)
    return math.cos(radians), -math.sin(radians)
