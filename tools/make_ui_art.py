"""Draw the menus' art into ``assets/sprites/ui/``: two backgrounds, nine-slice panels and buttons, the pizza
emblem of each Falconi variant, an emblem for each game, and an icon for every action. The backgrounds are in
``tools/ui_backgrounds.py``, the icons in ``tools/ui_glyphs.py``, the pen they all draw with in ``tools/ui_pen.py``.

Everything is drawn with pygame at four times its size (backgrounds at twice) and smoothed down, so edges are
anti-aliased. The output is deterministic: the only randomness is seeded, and smoothing uses pygame's generic
filter, whatever the processor, so running the script again gives the same pixels (``tests/test_ui_art.py``
checks it). ``scenes/kit/ui_art.py`` loads the files.

Usage: ``.venv/bin/python tools/make_ui_art.py [OUTPUT_FOLDER]`` (default: ``assets/sprites/ui``)
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
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame

from tools import CHECKOUT_ASSETS
from tools.ui_backgrounds import BACKGROUNDS, title_car, title_falcon
from tools.ui_glyphs import GLYPHS
from tools.ui_pen import Pen, Point, arc_points, chili_band, falcon_points

DEFAULT_OUTPUT = CHECKOUT_ASSETS / "sprites" / "ui"
SS = 4  # drawn this many times larger, then smoothed down
ICON = 48
EMBLEM = 128
OUTLINE = (14, 14, 22, 255)
Colour = Sequence[int]


def smooth(canvas: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    return pygame.transform.smoothscale(canvas, size)


def canvas(width: int, height: int, scale: int = SS) -> tuple[pygame.Surface, Pen]:
    surface = pygame.Surface((width * scale, height * scale), pygame.SRCALPHA)
    surface.fill((OUTLINE[0], OUTLINE[1], OUTLINE[2], 0))  # transparent, but smoothing blends towards the outline
    return surface, Pen(surface, scale)


def outlined(glyph: pygame.Surface, radius: int) -> pygame.Surface:
    """The glyph over a dark copy of itself grown by ``radius`` pixels: it reads on any background."""
    disc = pygame.mask.Mask((2 * radius + 1, 2 * radius + 1))
    for x in range(2 * radius + 1):
        for y in range(2 * radius + 1):
            if (x - radius) ** 2 + (y - radius) ** 2 <= radius * radius:
                disc.set_at((x, y))
    grown = pygame.mask.from_surface(glyph, 127).convolve(disc)
    result = pygame.Surface(glyph.get_size(), pygame.SRCALPHA)
    result.fill((OUTLINE[0], OUTLINE[1], OUTLINE[2], 0))
    result.blit(grown.to_surface(setcolor=OUTLINE, unsetcolor=(0, 0, 0, 0)), (-radius, -radius))
    result.blit(glyph, (0, 0))
    return result


def icon(draw: Callable[[Pen], None]) -> pygame.Surface:
    surface, pen = canvas(ICON, ICON)
    draw(pen)
    return smooth(outlined(surface, round(2.5 * SS)), (ICON, ICON))


def gradient_rect(pen: Pen, box: tuple[float, float, float, float], radius: float, top: Colour,
                  bottom: Colour) -> None:
    """A rounded rectangle filled with a vertical gradient (drawn on its own layer, then clipped by its mask)."""
    x, y, w, h = (round(v * pen.k) for v in box)
    layer = pygame.Surface((w, h), pygame.SRCALPHA)
    for row in range(h):
        t = row / max(1, h - 1)
        layer.fill(mix(top, bottom, t), (0, row, w, 1))
    shape = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(shape, (255, 255, 255, 255), (0, 0, w, h), border_radius=round(radius * pen.k))
    layer.blit(shape, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    pen.surface.blit(layer, (x, y))


def mix(a: Colour, b: Colour, t: float) -> tuple[int, ...]:
    return tuple(round(p + (q - p) * t) for p, q in zip(a, b))


# --- panels and buttons (nine-slice sources) -----------------------------------------------------------------
# (width, height, radius, rim colour, frame top, frame bottom, fill top, fill bottom, highlight)
FRAMES: dict[str, tuple[int, int, float, Colour, Colour, Colour, Colour, Colour, Colour]] = {
    "panel": (96, 96, 14, OUTLINE, (196, 160, 96), (112, 84, 48), (48, 54, 80), (28, 31, 48), (80, 88, 120)),
    "button_normal": (64, 48, 10, OUTLINE, (104, 114, 150), (50, 56, 80), (64, 72, 104), (38, 43, 66),
                      (116, 126, 164)),
    "button_focus": (64, 48, 10, OUTLINE, (255, 222, 128), (200, 140, 50), (92, 146, 228), (46, 88, 170),
                     (170, 206, 255)),
    "button_pressed": (64, 48, 10, OUTLINE, (214, 168, 70), (250, 210, 110), (40, 74, 142), (70, 116, 196),
                       (30, 56, 110)),
    "button_disabled": (64, 48, 10, OUTLINE, (72, 74, 84), (56, 58, 66), (52, 54, 62), (42, 44, 52),
                        (64, 66, 76)),
}


def frame(name: str) -> pygame.Surface:
    """A dark rim, a bevelled frame lit from above, and a fill with a gentle gradient and a top highlight."""
    width, height, radius, rim, frame_top, frame_bottom, fill_top, fill_bottom, light = FRAMES[name]
    surface, pen = canvas(width, height)
    border = 3 if name == "panel" else 2.25
    pen.rect(rim, (0, 0, width, height), radius)
    gradient_rect(pen, (1, 1, width - 2, height - 2), radius - 1, frame_top, frame_bottom)
    inner = (border, border, width - 2 * border, height - 2 * border)
    pen.rect(rim, inner, radius - border + 1)
    fill = (inner[0] + 1, inner[1] + 1, inner[2] - 2, inner[3] - 2)
    gradient_rect(pen, fill, radius - border, fill_top, fill_bottom)
    pen.stroke(light, [(radius, fill[1] + 0.75), (width - radius, fill[1] + 0.75)], 1.1)
    return smooth(surface, (width, height))


# --- emblems -------------------------------------------------------------------------------------------------
def wobbly(centre: Point, radius: float, wobble: float, seed: int, points: int = 90) -> list[Point]:
    """A roughly round outline, as sauce or melted cheese spreads."""
    rng = random.Random(seed)
    phases = [rng.uniform(0, 2 * math.pi) for _ in range(3)]
    result = []
    for i in range(points):
        a = 2 * math.pi * i / points
        r = radius + wobble * (math.sin(5 * a + phases[0]) + 0.6 * math.sin(9 * a + phases[1])
                               + 0.4 * math.sin(13 * a + phases[2])) / 2
        result.append((centre[0] + r * math.cos(a), centre[1] + r * math.sin(a)))
    return result


def sprite(draw: Callable[[Pen], None], size: int, angle: float) -> pygame.Surface:
    """A topping drawn upright in a ``size`` square (design units) and turned by ``angle`` degrees."""
    surface = pygame.Surface((size * SS, size * SS), pygame.SRCALPHA)
    draw(Pen(surface, SS))
    return pygame.transform.rotate(surface, angle)


def place(pen: Pen, image: pygame.Surface, centre: Point) -> None:
    pen.surface.blit(image, image.get_rect(center=pen.p(centre)))


def pizza_base(pen: Pen, cheese: bool, seed: int) -> None:
    c = (64, 64)
    pen.circle(OUTLINE, c, 63)
    pen.circle((150, 88, 40), c, 61)
    pen.circle((214, 150, 78), c, 59)
    pen.arc((240, 194, 120), c, 55, 190, 320, 3)
    rng = random.Random(seed)
    for _ in range(9):
        a, r = rng.uniform(0, 2 * math.pi), rng.uniform(55, 58)
        pen.ellipse((150, 92, 46), (64 + r * math.cos(a) - 3, 64 + r * math.sin(a) - 1.5, 6, 3))
    pen.polygon((120, 26, 20), wobbly(c, 50, 2.5, seed))
    pen.polygon((204, 48, 34), wobbly(c, 48.5, 2.5, seed))
    if cheese:
        pen.polygon((236, 196, 110), wobbly(c, 43, 5, seed + 1))
        pen.polygon((250, 224, 150), wobbly(c, 41, 5, seed + 1))


def ring(count: int, radius: float, turn: float = 0) -> list[Point]:
    return [(64 + radius * math.cos(math.radians(turn + 360 * i / count)),
             64 + radius * math.sin(math.radians(turn + 360 * i / count))) for i in range(count)]


def basil(pen: Pen) -> None:
    outline = arc_points((19.1, 12), 13.1, 237.2, 122.8, 14) + arc_points((4.9, 12), 13.1, 57.2, -57.2, 14)
    pen.polygon((24, 74, 28), outline)
    pen.polygon((60, 152, 58), [(12 + (x - 12) * 0.82, 12 + (y - 12) * 0.86) for x, y in outline])
    pen.stroke((34, 104, 40), [(12, 4), (12, 20)], 1.3)
    for y in (9, 14):
        pen.stroke((34, 104, 40), [(12, y + 2), (8.5, y)], 1)
        pen.stroke((34, 104, 40), [(12, y + 2), (15.5, y)], 1)


def mushroom(pen: Pen) -> None:
    cap = arc_points((14, 14), 12.5, 180, 360, 24)
    stem: list[Point] = [(18, 14), (19, 26), (9, 26), (10, 14)]
    pen.polygon((70, 40, 24), cap + stem)
    pen.polygon((150, 98, 62), arc_points((14, 14), 11, 180, 360, 24) + [(17, 13), (17.6, 24.6), (10.4, 24.6),
                                                                        (11, 13)])
    pen.polygon((236, 214, 180), arc_points((14, 14.5), 7.5, 180, 360, 16) + [(15.8, 14), (16.2, 23.4),
                                                                          (11.8, 23.4), (12.2, 14)])
    pen.arc((190, 140, 96), (14, 14), 9.3, 205, 250, 1.2)


def ham(pen: Pen) -> None:
    edge = wobbly((17, 12), 13, 3, 7, 60)
    outline = [(17 + (x - 17) * 1.25, 12 + (y - 12) * 0.8) for x, y in edge]
    pen.polygon((120, 44, 54), outline)
    pen.polygon((226, 118, 128), [(17 + (x - 17) * 0.92, 12 + (y - 12) * 0.88) for x, y in outline])
    pen.stroke((255, 226, 222), [(x, y + 2) for x, y in outline[8:26]], 2.4)
    pen.stroke((196, 84, 98), [(8, 11), (14, 14), (20, 10), (27, 13)], 1.2)


def salami(pen: Pen) -> None:
    pen.circle((90, 18, 22), (12, 12), 11.5)
    pen.circle((176, 42, 46), (12, 12), 10)
    for x, y in ((8, 8), (15, 7), (12, 13), (7, 15), (17, 15), (11, 18)):
        pen.circle((246, 196, 186), (x, y), 1.3)
    pen.arc((214, 96, 96), (12, 12), 7.5, 200, 260, 1.4)


def chili(pen: Pen) -> None:
    chili_band(pen, (110, 10, 8), (3, 26), (22, 5), 7, 9.5)
    chili_band(pen, (226, 36, 24), (3.8, 25.2), (21.6, 5.6), 7, 7.4)
    pen.stroke((46, 124, 40), [(21, 6), (24, 3), (27, 3)], 2.6)
    pen.stroke((255, 140, 120), [(16, 8), (19, 6.5)], 1.2)


def mozzarella(seed: int) -> Callable[[Pen], None]:
    def draw(pen: Pen) -> None:
        pen.polygon((206, 196, 176), wobbly((12, 12), 11, 2.2, seed, 40))
        pen.polygon((252, 250, 240), wobbly((12, 11.3), 10, 2, seed, 40))
    return draw


def pizza(variant: str) -> Callable[[Pen], None]:
    seed = {"margherita": 1, "funghi": 2, "prosciutto": 3, "salami": 4, "diavola": 5}[variant]

    def draw(pen: Pen) -> None:
        pizza_base(pen, variant != "margherita", seed)
        if variant == "margherita":
            for i, point in enumerate(ring(5, 27, -90) + [(64, 64)]):
                place(pen, sprite(mozzarella(i), 24, 0), point)
            for i, point in enumerate(ring(5, 29, -54)):
                place(pen, sprite(basil, 24, -54 - 72 * i), point)
        elif variant == "funghi":
            for i, point in enumerate(ring(5, 26, -80) + [(64, 64)]):
                place(pen, sprite(mushroom, 24, 25 - 65 * i), point)
        elif variant == "prosciutto":
            for i, point in enumerate(ring(4, 24, -45)):
                place(pen, sprite(ham, 34, 100 - 90 * i + 15 * (i % 2)), point)
        else:
            count = 6 if variant == "salami" else 4
            for point in ring(count, 27, -90) + [(64, 64)]:
                place(pen, sprite(salami, 24, 0), point)
            if variant == "diavola":
                for i, point in enumerate(ring(4, 30, -45)):
                    place(pen, sprite(chili, 30, 40 - 90 * i), point)
        pen.arc((255, 255, 255, 60), (64, 64), 57, 200, 250, 2)
    return draw


def badge(pen: Pen, top: Colour, bottom: Colour) -> None:
    """The round frame the two game emblems share: a dark rim, a gold ring, and a coloured disc."""
    pen.circle(OUTLINE, (64, 64), 63)
    pen.circle((150, 110, 40), (64, 64), 61)
    pen.circle((236, 196, 96), (64, 64), 59)
    pen.arc((255, 236, 170), (64, 64), 57, 200, 320, 2.5)
    pen.circle(OUTLINE, (64, 64), 52)
    layer, inner = canvas(EMBLEM, EMBLEM)
    gradient_rect(inner, (13, 13, 102, 102), 51, top, bottom)
    pen.surface.blit(layer, (0, 0))


def falconi(pen: Pen) -> None:
    badge(pen, (250, 216, 128), (214, 150, 60))
    for y, length in ((56, 14), (66, 20), (76, 12)):
        pen.stroke((150, 96, 36), [(14, y), (14 + length, y)], 3.5)
    x, y = 22, 88
    body = [(x, y - 8), (x, y - 22), (x + 16, y - 26), (x + 27, y - 44), (x + 58, y - 44), (x + 70, y - 28),
            (x + 84, y - 25), (x + 86, y - 8)]
    pen.polygon(OUTLINE, body)
    pen.polygon((120, 130, 150), [(x + 26, y - 28), (x + 33, y - 40), (x + 42, y - 40), (x + 42, y - 28)])
    pen.polygon((120, 130, 150), [(x + 46, y - 28), (x + 46, y - 40), (x + 55, y - 40), (x + 63, y - 28)])
    pen.stroke((90, 96, 110), [(x + 3, y - 18), (x + 83, y - 18)], 1.5)
    pen.polygon((255, 236, 150), [(x + 82, y - 24), (x + 86, y - 23), (x + 86, y - 17), (x + 82, y - 18)])
    for wheel in (x + 19, x + 67):
        pen.circle(OUTLINE, (wheel, y - 6), 11)
        pen.circle((190, 196, 206), (wheel, y - 6), 5)


def fredericus(pen: Pen) -> None:
    badge(pen, (52, 86, 160), (22, 40, 92))
    stone, shade, court = (232, 216, 180), (160, 140, 104), (70, 112, 64)

    def octagon(centre: Point, radius: float) -> list[Point]:
        return [(centre[0] + radius * math.cos(math.radians(22.5 + 45 * i)),
                 centre[1] + radius * math.sin(math.radians(22.5 + 45 * i))) for i in range(8)]

    towers = [(64 + 35 * math.cos(math.radians(22.5 + 45 * i)), 64 + 34 * math.sin(math.radians(22.5 + 45 * i)))
              for i in range(8)]
    pen.polygon(OUTLINE, octagon((64, 64), 38))
    for tower in towers:
        pen.polygon(OUTLINE, octagon(tower, 11.5))
    pen.polygon(shade, octagon((64, 64), 36))
    pen.polygon(stone, octagon((63, 63), 34))
    for tower in towers:
        pen.polygon(OUTLINE, octagon(tower, 10))
        pen.polygon(shade, octagon(tower, 8.6))
        pen.polygon(stone, octagon((tower[0] - 0.8, tower[1] - 0.8), 7.4))
    pen.polygon(OUTLINE, octagon((64, 64), 19))
    pen.polygon(court, octagon((64, 64), 17))
    pen.polygon((250, 250, 250), falcon_points(64, 63, 28))


def emblem(draw: Callable[[Pen], None]) -> pygame.Surface:
    surface, pen = canvas(EMBLEM, EMBLEM)
    draw(pen)
    return smooth(surface, (EMBLEM, EMBLEM))


def pizza_emblem(variant: str) -> pygame.Surface:
    return emblem(pizza(variant))


# --- everything ----------------------------------------------------------------------------------------------
def images() -> dict[str, Callable[[], pygame.Surface]]:
    """Every file to write, by name without ``.png``, with the function that draws it."""
    result: dict[str, Callable[[], pygame.Surface]] = {}
    for name, draw in BACKGROUNDS.items():
        result[f"bg_{name}"] = draw
    result["title_car"], result["title_falcon"] = title_car, title_falcon
    for name in FRAMES:
        result[name] = partial(frame, name)
    for variant in ("margherita", "funghi", "prosciutto", "salami", "diavola"):
        result[f"emblem_{variant}"] = partial(pizza_emblem, variant)
    result["emblem_falconi"] = lambda: emblem(falconi)
    result["emblem_fredericus"] = lambda: emblem(fredericus)
    for name, glyph in GLYPHS.items():
        result[f"icon_{name}"] = partial(icon, glyph)
    return result


def generate(folder: Path) -> list[Path]:
    """Draw every image into ``folder``; returns the files written."""
    backend = pygame.transform.get_smoothscale_backend()
    pygame.transform.set_smoothscale_backend("GENERIC")  # the same pixels on any processor
    try:
        folder.mkdir(parents=True, exist_ok=True)
        written = []
        for name, draw in images().items():
            path = folder / f"{name}.png"
            pygame.image.save(draw(), str(path))
            written.append(path)
        return written
    finally:
        pygame.transform.set_smoothscale_backend(backend)


if __name__ == "__main__":
    output = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_OUTPUT
    print(f"wrote {len(generate(output))} images to {output}")
