"""Draw the Fredericus sprites into ``assets/sprites/fredericus/``: castle, meadow, raptors, cards, signs, tokens.

Every sheet named in ``scenes.fredericus.sprites.SHEETS`` is painted with plain pygame shapes at four times its
size and smoothscaled down (with the portable scaler, so every machine writes the same pixels); random texture
comes from generators seeded by the sheet's name. Running the script again writes identical files, which a test
checks. The castle follows the towers, posts and courtyard of the Tiled map: after moving them in Tiled, run
this script again. Raptors and cards are drawn by ``fredericus_art_raptors.py`` and ``fredericus_art_cards.py``
beside it, with the helpers of ``fredericus_art_kit.py``.

Usage: ``python -m tools.make_fredericus_art [OUTPUT_FOLDER]`` (default: the shipped folder)
"""

from __future__ import annotations

import math
import os
import random
import sys
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from game.fredericus.castlemap import load_castle
from scenes.fredericus import sprites as sp
from tools import CHECKOUT_ASSETS
from tools.fredericus_art_cards import card_bodies, signs
from tools.fredericus_art_kit import (
    INK,
    Colour,
    Point,
    S,
    canvas,
    disc,
    ellipse,
    finish,
    line,
    mix_point,
    poly,
    regular,
    shade,
    speckle,
    strip,
)
from tools.fredericus_art_raptors import raptor_sheets

STONE = (204, 168, 120)
STONE_DARK = (118, 88, 60)


# --- ground and castle -----------------------------------------------------------------------------------------
GRASS = (66, 94, 52)


def _blade(colour: Colour, length: float, lean: float, surface: pygame.Surface, x: float, y: float) -> None:
    line(surface, colour, (x, y), (x + lean, y - length), 0.5)


def _flower(colour: Colour, surface: pygame.Surface, x: float, y: float) -> None:
    disc(surface, colour, (x, y), 0.7)


def _stone(surface: pygame.Surface, x: float, y: float) -> None:
    poly(surface, (104, 104, 92), ellipse(x, y, 2.6, 1.8, 15))
    poly(surface, (136, 134, 118), ellipse(x - 0.5, y - 0.5, 1.8, 1.1, 15))


def meadow() -> pygame.Surface:
    """Four seamless grass tiles: plain, flowers, tufts, a stone."""
    tiles = []
    for variant in range(sp.MEADOW_TILES):
        rng = random.Random(f"meadow {variant}")
        tile = canvas((32, 32))
        tile.fill(GRASS)
        blades = [(58, 84, 46), (74, 104, 56), (82, 112, 60), (62, 90, 48), (70, 100, 50)]
        extras: list[tuple[Callable[[pygame.Surface, float, float], None], float, float]] = []
        for _ in range(260 if variant != 2 else 340):
            x, y = rng.uniform(0, 32), rng.uniform(0, 32)
            length, lean, colour = rng.uniform(1.2, 2.6), rng.uniform(-0.6, 0.6), rng.choice(blades)
            extras.append((partial(_blade, colour, length, lean), x, y))
        if variant == 1:
            for _ in range(6):
                colour = rng.choice([(226, 222, 196), (222, 200, 96), (200, 176, 214)])
                extras.append((partial(_flower, colour), rng.uniform(0, 32), rng.uniform(0, 32)))
        if variant == 3:
            extras.append((_stone, rng.uniform(6, 26), rng.uniform(6, 26)))
        for paint, x, y in extras:
            for dx in (-32, 0, 32):
                for dy in (-32, 0, 32):
                    paint(tile, x + dx, y + dy)
        tiles.append(finish(tile, (32, 32)))
    return strip(tiles)


def castle() -> pygame.Surface:
    """Castel del Monte from above, centred in a ``CASTLE_SIZE`` square at the map's scale: shadow, the ring
    of halls with crenellated parapets, the eight towers, the guard posts on the walls, and the courtyard with
    its eight segments round an octagonal basin."""
    layout = load_castle()
    half = sp.CASTLE_SIZE / 2
    shift = (half - layout.centre[0], half - layout.centre[1])
    centre = (half, half)

    def local(spot: object) -> Point:
        return spot.x + shift[0], spot.y + shift[1]  # type: ignore[attr-defined]

    towers = [local(tower) for tower in layout.towers]
    reach = sum(math.dist(tower, centre) for tower in towers) / len(towers)
    angles = [math.degrees(math.atan2(y - half, x - half)) for x, y in towers]

    def ring(radius: float) -> list[Point]:
        return [(half + radius * math.cos(math.radians(a)), half + radius * math.sin(math.radians(a)))
                for a in angles]

    outer, inner, tower_radius = reach * 0.9, reach * 0.54, reach * 0.2
    rng = random.Random("castle")
    image = canvas((sp.CASTLE_SIZE, sp.CASTLE_SIZE))

    shadow = canvas((sp.CASTLE_SIZE, sp.CASTLE_SIZE))
    poly(shadow, (0, 0, 0, 120), ring(outer + 2))
    for tower, angle in zip(towers, angles):
        poly(shadow, (0, 0, 0, 120), regular(tower, tower_radius + 1, 8, angle + 22.5))
    small = pygame.transform.smoothscale(shadow, (sp.CASTLE_SIZE // 4, sp.CASTLE_SIZE // 4))
    image.blit(pygame.transform.smoothscale(small, image.get_size()), (5 * S, 7 * S))

    light = (-0.6, -0.8)  # from the top left
    outer_ring, inner_ring = ring(outer), ring(inner)
    walk, ridge, gutter = ring(outer - 6), ring((outer - 6 + inner + 4) / 2), ring(inner + 4)
    for side in range(8):
        a, b = side, (side + 1) % 8
        mid = math.radians((angles[a] + angles[b] + (360 if b == 0 else 0)) / 2)
        facing = math.cos(mid) * light[0] + math.sin(mid) * light[1]
        crenellate(image, outer_ring[a], outer_ring[b], walk[a], walk[b], facing)
        for near, far, slope in ((walk, ridge, facing), (gutter, ridge, -facing)):
            roof(image, near[a], near[b], far[a], far[b], slope)
        poly(image, shade(STONE, 0.2), [gutter[a], gutter[b], inner_ring[b], inner_ring[a]])
        line(image, shade(ROOF, -0.35), ridge[a], ridge[b], 0.6)
    poly(image, STONE_DARK, outer_ring, 1.2)
    courtyard(image, centre, angles, inner, rng)
    poly(image, STONE_DARK, inner_ring, 0.8)

    for post in layout.posts:
        spot = local(post)
        disc(image, STONE_DARK, spot, 13.5)
        disc(image, (226, 202, 160), spot, 12.2)
        disc(image, shade((226, 202, 160), -0.12), spot, 12.2, 1.0)
        disc(image, shade((226, 202, 160), -0.08), spot, 7.5, 0.6)
    for tower, angle in zip(towers, angles):
        paint_tower(image, tower, angle, tower_radius, rng)
    return finish(image, (sp.CASTLE_SIZE, sp.CASTLE_SIZE))


ROOF = (190, 104, 64)


def roof(image: pygame.Surface, a: Point, b: Point, a_top: Point, b_top: Point, facing: float) -> None:
    """One slope of the halls' tiled roof, from its eave (``a``–``b``) up to the ridge: rows of tiles lit by
    how the slope faces the light."""
    colour = shade(ROOF, 0.14 * facing)
    poly(image, colour, [a, b, b_top, a_top])
    rows = 4
    for row in range(rows):
        low, high = row / rows, (row + 1) / rows
        start, end = mix_point(a, a_top, low), mix_point(b, b_top, low)
        line(image, shade(colour, -0.22), start, end, 0.45)
        tiles = max(4, round(math.dist(start, end) / 3.2))
        for tile in range(tiles):
            t = (tile + (0.5 if row % 2 else 0.0)) / tiles
            line(image, shade(colour, -0.14), mix_point(start, end, t),
                 mix_point(mix_point(a, a_top, high), mix_point(b, b_top, high), t), 0.35)


def crenellate(image: pygame.Surface, a: Point, b: Point, a_in: Point, b_in: Point, facing: float) -> None:
    """The outer parapet of one side: merlons with crenels between them."""
    poly(image, shade(STONE, -0.05 + 0.1 * facing), [a, b, b_in, a_in])
    count = max(3, round(math.dist(a, b) / 6))
    for merlon in range(count):
        t0, t1 = (merlon + 0.18) / count, (merlon + 0.82) / count
        outer_a, outer_b = mix_point(a, b, t0), mix_point(a, b, t1)
        inner_a, inner_b = mix_point(a_in, b_in, t0), mix_point(a_in, b_in, t1)
        poly(image, shade(STONE, 0.28 + 0.1 * facing), [outer_a, outer_b, inner_b, inner_a])
        poly(image, shade(STONE, -0.3), [outer_a, outer_b, inner_b, inner_a], 0.4)


def courtyard(image: pygame.Surface, centre: Point, angles: Sequence[float], radius: float,
              rng: random.Random) -> None:
    """Paved kites, one per segment (each round its own tower's ray), and the basin in the middle."""
    paving = (186, 164, 128)
    corners = [(centre[0] + radius * math.cos(math.radians(a)), centre[1] + radius * math.sin(math.radians(a)))
               for a in angles]
    for segment in range(8):
        before, after = corners[segment - 1], corners[segment]
        following = corners[(segment + 1) % 8]
        kite = [centre, mix_point(before, after, 0.5), after, mix_point(after, following, 0.5)]
        tone = shade(paving, 0.06 if segment % 2 else -0.04)
        poly(image, tone, kite)
        speckle(image, rng, kite, [shade(tone, -0.18), shade(tone, 0.15)], 70, 0.9)
        poly(image, shade(paving, -0.3), kite, 0.6)
        seat = mix_point(centre, after, 0.66)
        disc(image, shade(tone, 0.12), seat, 7.0)
        disc(image, shade(tone, -0.2), seat, 7.0, 0.5)
    basin = 14.0
    poly(image, STONE_DARK, regular(centre, basin + 1.2, 8, angles[0] + 22.5))
    poly(image, (232, 214, 178), regular(centre, basin, 8, angles[0] + 22.5))
    poly(image, (58, 112, 150), regular(centre, basin - 3, 8, angles[0] + 22.5))
    poly(image, (96, 156, 192), ellipse(centre[0] - 2, centre[1] - 2, 5, 3, -20))


def paint_tower(image: pygame.Surface, middle: Point, angle: float, radius: float, rng: random.Random) -> None:
    """An octagonal tower top: crenellated parapet, stone floor and a light disc for its number."""
    turn = angle + 22.5
    poly(image, STONE_DARK, regular(middle, radius + 1.2, 8, turn))
    poly(image, shade(STONE, 0.05), regular(middle, radius, 8, turn))
    outer, inner = regular(middle, radius, 8, turn), regular(middle, radius - 5, 8, turn)
    for side in range(8):
        a, b = side, (side + 1) % 8
        mid = math.radians(turn + 45 * side + 22.5)
        facing = -0.6 * math.cos(mid) - 0.8 * math.sin(mid)
        for part in (0, 1):
            t0, t1 = (part + 0.15) / 2, (part + 0.7) / 2
            merlon = [mix_point(outer[a], outer[b], t0), mix_point(outer[a], outer[b], t1),
                      mix_point(inner[a], inner[b], t1), mix_point(inner[a], inner[b], t0)]
            poly(image, shade(STONE, 0.25 + 0.12 * facing), merlon)
            poly(image, shade(STONE, -0.3), merlon, 0.4)
    floor = regular(middle, radius - 5, 8, turn)
    poly(image, shade(STONE, -0.22), floor)
    speckle(image, rng, floor, [shade(STONE, -0.35), shade(STONE, -0.1)], 40, 0.7)
    disc(image, STONE_DARK, middle, 11.2)
    disc(image, (240, 226, 194), middle, 10.2)


# --- tokens ---------------------------------------------------------------------------------------------------------
def token_sheets() -> tuple[pygame.Surface, pygame.Surface]:
    """A betting token: a gold-rimmed coin whose face takes the seat colour."""
    coin, mask = canvas(sp.TOKEN_SIZE), canvas(sp.TOKEN_SIZE)
    middle = (8.0, 8.0)
    disc(coin, INK, middle, 7.8)
    disc(coin, (200, 156, 56), middle, 7.0)
    disc(coin, (246, 214, 120), (7.4, 7.4), 6.2, 1.2)
    disc(mask, (255, 255, 255), middle, 5.2)
    disc(mask, (120, 120, 120), middle, 5.2, 0.6)
    return finish(coin, sp.TOKEN_SIZE), finish(mask, sp.TOKEN_SIZE)


# --- writing ----------------------------------------------------------------------------------------------------------
def render_all() -> dict[str, pygame.Surface]:
    """Every sheet of ``SHEETS`` by name."""
    pygame.transform.set_smoothscale_backend("GENERIC")  # the same pixels on every processor
    sheets = {"meadow": meadow(), "castle": castle()}
    for kind in sp.RAPTOR_SHEETS:
        sheets[kind], sheets[f"{kind}_seat"] = raptor_sheets(kind)
    sheets["token"], sheets["token_seat"] = token_sheets()
    for card_size in sp.CARD_SIZES:
        sheets[sp.card_sheet(card_size)] = card_bodies(card_size)
    for size in sp.SIGN_SIZES:
        sheets[sp.sign_sheet(size)] = signs(size)
    return sheets


def main(argv: list[str]) -> None:
    folder = Path(argv[0]) if argv else CHECKOUT_ASSETS / "sprites" / "fredericus"
    folder.mkdir(parents=True, exist_ok=True)
    for name, image in render_all().items():
        pygame.image.save(image, str(folder / f"{name}.png"))
    print(f"wrote {len(sp.SHEETS)} sheets to {folder}")


if __name__ == "__main__":
    main(sys.argv[1:])
