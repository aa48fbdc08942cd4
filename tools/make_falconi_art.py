"""Draw the sprite sheets of Catch Don Falconi into ``assets/sprites/falconi/``.

Everything is drawn with pygame shapes at four times the final size and shrunk with pygame's generic area
filter, from fixed seeds, so every run writes the same pixels (``tests/test_falconi_art.py`` checks that the
committed sheets are what this script draws). Where each picture sits in which sheet is
:mod:`scenes.falconi.sprites`; the Tiled map's own tileset (``city_tiled.png``, the city pieces in the default
district colours) follows the tile list of ``tools/make_falconi_map.py``.

Usage: ``python -m tools.make_falconi_art [OUTPUT_FOLDER]`` (needs pygame-ce; no window is opened).
"""

from __future__ import annotations

import math
import os
import sys
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402 — after the prompt is hidden

from game.falconi.city import DISTRICTS
from scenes.falconi.colours import COLOURS
from scenes.falconi.sprites import (
    CARS,
    CITY,
    DISTRICT_LOOKS,
    ITEMS,
    PLAIN_VARIANTS,
    ROADS,
    TILE,
    Sheet,
)
from scenes.kit.sprite_book import lay_tint
from tools import CHECKOUT_ASSETS
from tools.falconi_art_city import (
    corner_tile,
    escape_slot,
    lot_tile,
    plain_slot,
    prison_slot,
    station_slot,
    tunnel_slot,
)
from tools.falconi_art_pen import Pen, shade
from tools.falconi_art_roads import crater_tile, road_tile
from tools.make_falconi_map import TILED_CITY

Cells = dict[str, tuple[pygame.Surface, pygame.Surface]]
CAR = CARS.cell // 2  # a car's cell in tile pixels
GLASS = (34, 44, 60)


def turned(cells: tuple[pygame.Surface, pygame.Surface], quarters: int) -> tuple[pygame.Surface, pygame.Surface]:
    """Both layers turned clockwise by ``quarters`` quarter turns (exact for square pictures)."""
    return (pygame.transform.rotate(cells[0], -90 * quarters), pygame.transform.rotate(cells[1], -90 * quarters))


# --- road tiles and the city ------------------------------------------------------------------------------------
def road_cells() -> Cells:
    cells: Cells = {}
    for kind in range(6):
        upright = road_tile(kind).finish(TILE)
        for rotation in range(4):
            cells[f"{kind}:{rotation}"] = turned(upright, rotation)
    cells["crater"] = crater_tile().finish(TILE)
    return cells


def city_cells() -> Cells:
    cells: Cells = {"lot": lot_tile().finish(TILE), "corner": corner_tile().finish(TILE)}
    for look in DISTRICT_LOOKS:
        for variant in range(PLAIN_VARIANTS):
            north = plain_slot(look, variant).finish(TILE)
            for side in range(4):
                cells[f"plain:{look}:{variant}:{side}"] = turned(north, side)
    for building, draw in (("prison", prison_slot), ("station", station_slot), ("tunnel", tunnel_slot),
                           ("escape", escape_slot)):
        north = draw().finish(TILE)
        for side in range(4):
            cells[f"{building}:{side}"] = turned(north, side)
    return cells


# --- cars, puffs and flames (pointing north; tile pixels in a CAR-pixel cell) ------------------------------
def police_car(frame: int | None) -> Pen:
    """A police car: body in the district's colour (the tint layer), white roof, light bar; ``frame`` 0–3 is
    the flashing cycle (red, both, blue, dim), ``None`` the lights off."""
    pen = Pen(CAR, seed=7)
    c = CAR / 2
    width, length = 17.0, 31.0
    left, top = c - width / 2, c - length / 2
    pen.rect((0, 0, 0, 90), left + 1.3, top + 2.0, width, length, radius=5, blend=True)
    pen.rect((26, 26, 32), left - 1.2, c - 6.5, width + 2.4, 2.6, radius=1)  # mirrors
    pen.rect((26, 26, 32), left, top, width, length, radius=5)
    pen.rect((236, 236, 236), left + 0.9, top + 0.9, width - 1.8, length - 1.8, radius=4.5, tint=255)
    pen.rect((236, 236, 236), left + 0.9, c + 8.5, width - 1.8, 6.2, radius=3, tint=215)
    pen.poly(GLASS, [(left + 2, c - 6.5), (left + width - 2, c - 6.5), (left + width - 3.1, c - 2.5),
                     (left + 3.1, c - 2.5)])
    pen.band((120, 140, 170), (left + 4, c - 5.5), (left + 7.5, c - 5.5), 0.8)
    pen.rect((246, 246, 246), left + 2.6, c - 2.5, width - 5.2, 8.8, radius=1.6)
    pen.poly(GLASS, [(left + 3.1, c + 6.3), (left + width - 3.1, c + 6.3), (left + width - 2, c + 9.6),
                     (left + 2, c + 9.6)])
    for x in (left + 1.5, left + width - 5.1):
        pen.rect((255, 248, 206), x, top + 0.5, 3.6, 1.6, radius=0.6)
        pen.rect((206, 36, 40), x, top + length - 1.9, 3.6, 1.3)
    red_on = frame in (0, 1)
    blue_on = frame in (1, 2)
    pen.rect((30, 30, 36), left + 2.4, c - 2.2, width - 4.8, 3.0, radius=1)
    pen.rect((255, 70, 70) if red_on else (110, 30, 34), left + 2.9, c - 1.8, width / 2 - 3.2, 2.2, radius=0.8)
    pen.rect((90, 150, 255) if blue_on else (30, 44, 110), left + width / 2 + 0.3, c - 1.8, width / 2 - 3.2, 2.2,
             radius=0.8)
    if red_on:
        pen.circle((255, 60, 60, 70), (left + 5, c - 0.7), 6, blend=True)
    if blue_on:
        pen.circle((80, 140, 255, 70), (left + width - 5, c - 0.7), 6, blend=True)
    return pen


def fugitive_car() -> Pen:
    """Don Falconi's black saloon: a silver rim so it shows on dark roads, gold pinstripes, dark glass."""
    pen = Pen(CAR, seed=8)
    c = CAR / 2
    width, length = 17.4, 32.0
    left, top = c - width / 2, c - length / 2
    body = (26, 26, 32)
    pen.rect((0, 0, 0, 100), left + 1.3, top + 2.0, width, length, radius=5, blend=True)
    pen.rect((196, 198, 210), left - 1.2, c - 6.8, width + 2.4, 2.6, radius=1)
    pen.rect((196, 198, 210), left, top, width, length, radius=5.2)
    pen.rect(body, left + 1, top + 1, width - 2, length - 2, radius=4.6)
    pen.rect(shade(body, 0.18), left + 2.2, top + 1.8, 2.4, length - 3.6, radius=1)  # the lit flank
    for x in (left + 1.8, left + width - 1.8):
        pen.band((214, 176, 60), (x, top + 4.5), (x, top + length - 4.5), 0.8)
    pen.poly((8, 8, 12), [(left + 2.2, c - 6.8), (left + width - 2.2, c - 6.8), (left + width - 3.3, c - 2.2),
                          (left + 3.3, c - 2.2)])
    pen.band((90, 110, 150), (left + 4, c - 5.6), (left + 7.8, c - 5.6), 0.8)
    pen.rect((34, 34, 42), left + 3.1, c - 2.2, width - 6.2, 9.2, radius=1.8)
    pen.rect((44, 44, 54), left + 4, c - 1.3, width - 8, 2.4, radius=1)
    pen.poly((8, 8, 12), [(left + 3.3, c + 7), (left + width - 3.3, c + 7), (left + width - 2.2, c + 10.4),
                          (left + 2.2, c + 10.4)])
    pen.rect((220, 222, 232), left + 2.2, top + 0.3, width - 4.4, 1.3, radius=0.6)
    for x in (left + 1.5, left + width - 5):
        pen.rect((255, 248, 206), x, top + 0.7, 3.5, 1.6, radius=0.6)
        pen.rect((214, 36, 40), x, top + length - 2, 3.5, 1.4)
    return pen


def puff(frame: int) -> Pen:
    """Exhaust smoke, growing and thinning over four frames."""
    pen = Pen(CAR, seed=9)
    radius, alpha = 2.6 + frame * 1.3, 190 - frame * 40
    for index, (dx, dy) in enumerate(((0, 0), (-0.45, 0.35), (0.4, 0.45))):
        pen.circle((214, 214, 220, alpha), (CAR / 2 + dx * radius, CAR / 2 + dy * radius), radius * (1 - 0.2 * index),
                   blend=True)
    pen.circle((250, 250, 252, alpha // 2), (CAR / 2 - radius * 0.3, CAR / 2 - radius * 0.3), radius * 0.45,
               blend=True)
    return pen


def flame(frame: int) -> Pen:
    """The Chili Boost's flame out of the exhaust: its root at the cell's centre, licking south."""
    pen = Pen(CAR, seed=10)
    length = (9.0, 12.5, 10.5)[frame]
    sway = (-0.8, 0.6, 0.0)[frame]
    centre = CAR / 2
    for scale, colour in ((1.0, (230, 60, 30, 220)), (0.72, (255, 150, 40, 235)), (0.42, (255, 236, 150, 255))):
        half = 4.2 * scale
        points = [(centre - half, centre), (centre + half, centre)]
        points += [(centre + half * math.cos(a * math.pi / 8) + sway * (1 - scale),
                    centre + length * scale * math.sin(a * math.pi / 8)) for a in range(1, 8)]
        pen.poly(colour, points, blend=True)
    return pen


def car_cells() -> Cells:
    pens: dict[str, Pen] = {"fugitive": fugitive_car(), "police:off": police_car(None)}
    pens |= {f"police:{frame}": police_car(frame) for frame in range(4)}
    pens |= {f"puff:{frame}": puff(frame) for frame in range(4)}
    pens |= {f"flame:{frame}": flame(frame) for frame in range(3)}
    return {name: pen.finish(CARS.cell) for name, pen in pens.items()}


# --- items: the face-down tile, a bombed edge, the Chili tokens --------------------------------------------
def tile_back() -> Pen:
    pen = Pen(TILE, seed=11)
    pen.rect((0, 0, 0, 90), 3, 4, TILE - 5, TILE - 5, radius=6, blend=True)
    pen.rect((150, 140, 200), 1, 1, TILE - 2, TILE - 2, radius=6)
    pen.rect((52, 46, 86), 3, 3, TILE - 6, TILE - 6, radius=5)
    for offset in range(-TILE, TILE, 8):
        pen.band((62, 55, 100), (3 + offset, 3), (3 + offset + TILE, 3 + TILE), 2)
    pen.rect((150, 140, 200), 1, 1, TILE - 2, 2.2)
    pen.circle((40, 34, 70), (TILE / 2, TILE / 2), 16)
    pen.circle((70, 62, 112), (TILE / 2, TILE / 2), 14.5)
    return pen


def rubble() -> Pen:
    """A road destroyed by a Chili Bomb (F-5.4): broken concrete and a striped barrier, lying east–west."""
    pen = Pen(TILE, seed=12)
    for _ in range(22):
        x, y = pen.rng.uniform(14, 50), pen.rng.uniform(27, 39)
        w, h = pen.rng.uniform(3, 7), pen.rng.uniform(2.5, 5)
        pen.rect((0, 0, 0, 80), x + 0.8, y + 1, w, h, blend=True)
        pen.rect(shade((150, 140, 128), pen.rng.uniform(-0.35, 0.2)), x, y, w, h, radius=1)
    pen.rect((30, 30, 34), 11, 28, 42, 6, radius=2)
    pen.rect((240, 240, 240), 12, 29, 40, 4, radius=1.5)
    for x in range(12, 52, 8):
        pen.poly((220, 40, 36), [(x, 33), (x + 4, 29), (x + 8, 29), (x + 4, 33)])
    for x in (14, 47):
        pen.rect((40, 40, 44), x, 33, 3, 4)
    return pen


def chili(pen: Pen, x: float, y: float, length: float, thick: float, colour: tuple[int, int, int]) -> None:
    """A chili pepper lying east, its stem at (``x``, ``y``), its tip curling down at the east end."""
    top, bottom = [], []
    for step in range(13):
        t = step / 12
        cx, cy = x + length * t, y + math.sin(t * math.pi * 0.9) * thick * 0.5 + t * t * thick * 0.6
        half = thick / 2 * (1 - t) ** 0.55 + 0.3
        top.append((cx, cy - half))
        bottom.append((cx, cy + half))
    pen.poly(shade(colour, -0.3), top + bottom[::-1])
    pen.poly(colour, [(px, py + 0.5) for px, py in top[:-1]] + [(px, py - 1.0) for px, py in bottom[-2::-1]])
    pen.band(shade(colour, 0.45), (x + length * 0.12, y - thick * 0.22), (x + length * 0.5, y - thick * 0.05), 1.4)
    pen.rect((40, 120, 50), x - 4, y - thick * 0.35, 5, thick * 0.7, radius=1.5)
    pen.band((40, 120, 50), (x - 3, y), (x - 8, y - 4), 2)


def chili_bomb() -> Pen:
    """The Chili Bomb token: a round black bomb with a chili on it and a lit fuse."""
    pen = Pen(TILE, seed=13)
    pen.circle((0, 0, 0, 90), (34, 38), 20, blend=True)
    pen.circle((24, 24, 28), (32, 36), 20)
    pen.circle((52, 52, 60), (26, 29), 7)
    pen.rect((70, 70, 78), 27, 12, 10, 6, radius=1)
    pen.band((150, 120, 80), (32, 12), (40, 5), 2)
    star = [(42 + math.cos(i * math.pi / 4) * (6 if i % 2 == 0 else 2.4),
             4 + math.sin(i * math.pi / 4) * (6 if i % 2 == 0 else 2.4)) for i in range(8)]
    pen.poly((255, 214, 60), star)
    pen.circle((255, 250, 220), (42, 4), 1.5)
    chili(pen, 22, 37, 22, 9, (214, 40, 36))
    return pen


def chili_boost() -> Pen:
    """The Chili Boost token: a chili shooting forward on flames."""
    pen = Pen(TILE, seed=14)
    for y, reach, colour in ((24, 2, (255, 120, 30)), (32, 0, (230, 60, 30)), (40, 4, (255, 170, 40))):
        pen.poly(colour, [(22, y - 7), (reach, y), (22, y + 7)])
    pen.poly((255, 236, 150), [(22, 27), (8, 32), (22, 37)])
    for y in (12, 54):
        pen.band((250, 250, 250), (6, y), (20, y), 2)
    chili(pen, 25, 28, 36, 18, (214, 40, 36))
    return pen


def spent(cells: tuple[pygame.Surface, pygame.Surface]) -> tuple[pygame.Surface, pygame.Surface]:
    """A used token: grey and faint."""
    picture = pygame.transform.grayscale(cells[0])
    picture.fill((255, 255, 255, 110), special_flags=pygame.BLEND_RGBA_MULT)
    return picture, cells[1]


def item_cells() -> Cells:
    cells: Cells = {"back": tile_back().finish(TILE), "rubble": rubble().finish(TILE),
                    "bomb": chili_bomb().finish(TILE), "boost": chili_boost().finish(TILE)}
    cells["bomb_spent"], cells["boost_spent"] = spent(cells["bomb"]), spent(cells["boost"])
    return cells


# --- sheets ---------------------------------------------------------------------------------------------------
def assemble(sheet: Sheet, cells: Cells) -> tuple[pygame.Surface, pygame.Surface]:
    base = pygame.Surface(sheet.size, pygame.SRCALPHA)
    tint = pygame.Surface(sheet.size, pygame.SRCALPHA)
    for name in sheet.names:
        picture, layer = cells[name]
        base.blit(picture, sheet.rect(name))
        tint.blit(layer, sheet.rect(name))
    return base, tint


def tiled_sheet(city: Cells) -> pygame.Surface:
    """The city pieces for the Tiled map, each painted in its district's default colour."""
    columns = CITY.columns
    rows = -(-len(TILED_CITY) // columns)
    sheet = pygame.Surface((columns * TILE, rows * TILE), pygame.SRCALPHA)
    for number, name in enumerate(TILED_CITY):
        parts = name.split(":")
        district = next((part for part in parts if part in DISTRICTS), None)
        base_name = name if parts[0] == "plain" else ":".join(part for part in parts if part not in DISTRICTS)
        picture, layer = city[base_name]
        picture = picture.copy()
        if district is not None:
            lay_tint(picture, layer, COLOURS[DISTRICTS.index(district) + 1])
        sheet.blit(picture, (number % columns * TILE, number // columns * TILE))
    return sheet


def build(folder: Path) -> list[Path]:
    """Draw every sheet into ``folder``; returns the files written."""
    pygame.transform.set_smoothscale_backend("GENERIC")  # the same pixels on every processor
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    makers: dict[Sheet, Callable[[], Cells]] = {ROADS: road_cells, CITY: city_cells, CARS: car_cells,
                                                ITEMS: item_cells}
    city: Cells = {}
    for sheet, make in makers.items():
        cells = make()
        if sheet is CITY:
            city = cells
        base, tint = assemble(sheet, cells)
        pygame.image.save(base, str(folder / sheet.file))
        written.append(folder / sheet.file)
        if sheet.tinted:
            pygame.image.save(tint, str(folder / sheet.tint_file))
            written.append(folder / sheet.tint_file)
    pygame.image.save(tiled_sheet(city), str(folder / "city_tiled.png"))
    written.append(folder / "city_tiled.png")
    return written


def main(argv: list[str]) -> None:
    for path in build(Path(argv[0]) if argv else CHECKOUT_ASSETS / "sprites" / "falconi"):
        print(f"wrote {path}")


if __name__ == "__main__":
    main(sys.argv[1:])
