"""The two menu backgrounds of ``tools/make_ui_art.py``, 1280x720, drawn at twice that size and smoothed down.

The title's is a dusk scene: an Italian city with its campanile and dome on the left, where Don Falconi's car
leaves the lit streets, and Castel del Monte's octagonal towers on a hill on the right, a falcon over them.
The other menus get a calmer one: a night gradient over the castle's octagon-and-square floor pattern. Both
stay dark in the middle, where the menus' white text goes.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

import pygame

from scenes.pages.title_motion import road_point
from tools.ui_pen import CUT, Pen, Point, arc_points, falcon_points

WIDTH, HEIGHT = 1280, 720
SCALE = 2
Colour = Sequence[int]


def sky(surface: pygame.Surface, stops: Sequence[tuple[float, Colour]]) -> None:
    """Fill ``surface`` with a vertical gradient through ``stops`` (height fraction, colour)."""
    height = surface.get_height()
    for row in range(height):
        t = row / (height - 1)
        for (t0, c0), (t1, c1) in zip(stops, stops[1:]):
            if t0 <= t <= t1:
                f = (t - t0) / (t1 - t0)
                surface.fill(tuple(round(a + (b - a) * f) for a, b in zip(c0, c1)), (0, row, surface.get_width(), 1))
                break


def glow(pen: Pen, centre: Point, radius: tuple[float, float], colour: Colour, strength: int) -> None:
    """A soft light fading from ``centre`` (radii in design units), added to what is drawn already."""
    small = pygame.Surface((48, 48), pygame.SRCALPHA)
    for x in range(48):
        for y in range(48):
            d = math.hypot((x - 23.5) / 24, (y - 23.5) / 24)
            a = max(0.0, 1 - d) ** 2 * strength
            small.set_at((x, y), (*colour[:3], round(a)))
    size = (round(2 * radius[0] * pen.k), round(2 * radius[1] * pen.k))
    image = pygame.transform.smoothscale(small, size)
    pen.surface.blit(image, image.get_rect(center=pen.p(centre)))


def vignette(pen: Pen, strength: int) -> None:
    """Darker corners, so the eye goes to the middle."""
    small = pygame.Surface((64, 36), pygame.SRCALPHA)
    for x in range(64):
        for y in range(36):
            d = math.hypot((x - 31.5) / 32, (y - 17.5) / 18)
            small.set_at((x, y), (0, 0, 0, round(min(1.0, max(0.0, d - 0.55) / 0.6) ** 1.5 * strength)))
    pen.surface.blit(pygame.transform.smoothscale(small, pen.surface.get_size()), (0, 0))


def stars(pen: Pen, rng: random.Random, count: int, lowest: float, avoid: Point) -> None:
    for _ in range(count):
        x, y = rng.uniform(0, WIDTH), lowest * rng.random() ** 1.4
        if math.hypot(x - avoid[0], y - avoid[1]) < 70:
            continue
        fade = 1 - y / (lowest * 1.25)
        level = rng.uniform(0.35, 1.0) * fade
        tint = rng.choice(((255, 250, 235), (220, 230, 255), (255, 236, 210)))
        colour = tuple(round(c * level) for c in tint)
        radius = rng.choice((0.55, 0.7, 0.85, 1.1))
        pen.circle(colour, (x, y), radius)
        if radius > 1 and level > 0.7 and not (180 < x < 1100 and 40 < y < 180):  # none between title letters
            pen.stroke((*colour, 150), [(x - 4, y), (x + 4, y)], 0.6)
            pen.stroke((*colour, 150), [(x, y - 4), (x, y + 4)], 0.6)


def cypress(pen: Pen, colour: Colour, x: float, ground: float, height: float) -> None:
    width = height * 0.16
    left = [(x - width * math.sin(math.pi * t) ** 0.8 * (1 - 0.3 * t), ground - height * t) for t in
            (i / 20 for i in range(21))]
    right = [(2 * x - px, py) for px, py in left[::-1]]
    pen.polygon(colour, left + right)


def layer(pen: Pen) -> tuple[pygame.Surface, Pen]:
    surface = pygame.Surface(pen.surface.get_size(), pygame.SRCALPHA)
    return surface, Pen(surface, pen.k)


# --- the title's scene ---------------------------------------------------------------------------------------
def moon(pen: Pen, centre: Point) -> None:
    glow(pen, centre, (150, 150), (200, 190, 230), 70)
    surface, moon_pen = layer(pen)
    moon_pen.circle((250, 242, 214), centre, 27)
    moon_pen.circle(CUT, (centre[0] + 13, centre[1] - 9), 25)
    pen.surface.blit(surface, (0, 0))


def city(pen: Pen, rng: random.Random) -> None:
    far, near, rim = (34, 28, 54), (17, 14, 29), (70, 56, 84)
    window_colours = ((255, 196, 110), (255, 214, 150), (250, 170, 90))
    # the far row: the campanile and the dome stand out of it
    x = -10.0
    while x < 600:
        w, h = rng.uniform(36, 64), rng.uniform(110, 190) * (1 - x / 1400)
        pen.rect(far, (x, 610 - h, w + 1, h))
        x += w
    pen.rect(far, (112, 330, 34, 290))
    pen.polygon(far, [(108, 334), (129, 282), (150, 334)])
    pen.rect(rim, (112, 334, 34, 2))
    for bx in (117, 131):
        pen.rect((60, 44, 66), (bx, 344, 9, 18), 4)
    pen.rect(far, (296, 458, 78, 92))
    dome = arc_points((355, 462), 62, 180, 238, 20) + arc_points((315, 462), 62, 302, 360, 20)
    pen.polygon(far, dome)
    for rib in (320, 335, 350):
        pen.stroke(rim, [(rib + (rib - 335) * 0.55, 460), (rib + (rib - 335) * 0.2, 424)], 1)
    pen.rect(far, (328, 396, 14, 18))
    pen.polygon(far, [(326, 398), (335, 380), (344, 398)])
    pen.rect(rim, (296, 458, 78, 2))
    # the near row: houses with pitched roofs and lit windows
    x = -6.0
    while x < 560:
        w, h = rng.uniform(42, 80), rng.uniform(70, 140) * (1 - x / 1100)
        top = 640 - h
        pen.rect(near, (x, top, w + 1, h + 90))
        if rng.random() < 0.6:
            pen.polygon(near, [(x - 3, top), (x + w / 2, top - rng.uniform(12, 24)), (x + w + 3, top)])
        for wy in range(int(top) + 12, 622, 22):
            for wx in range(int(x) + 8, int(x + w) - 10, 16):
                if rng.random() < 0.32:
                    pen.rect(rng.choice(window_colours), (wx, wy, 6, 9), 1)
        x += w + rng.uniform(0, 6)
    for cx, height in ((580, 120), (612, 92), (24, 70)):
        cypress(pen, (12, 12, 22), cx, 650, height)


def castle(pen: Pen) -> None:
    hill = [(x, 652 - 172 * math.exp(-((x - 1070) / 300) ** 2)) for x in range(380, 1300, 10)]
    pen.polygon((18, 14, 30), [(380, 720)] + hill + [(1290, 720)])
    base, top = 512, 424
    dark, face, lit, edge = (22, 17, 36), (34, 27, 52), (58, 46, 78), (96, 78, 110)
    pen.rect(face, (950, top, 220, base - top + 20))
    pen.rect(edge, (950, top, 220, 2))
    for x in (937, 1007, 1115, 1183):  # the octagonal towers, each in three faces, lit from the moon
        pen.rect(dark, (x - 17, top - 14, 9, base - top + 34))
        pen.rect(face, (x - 8, top - 14, 16, base - top + 34))
        pen.rect(lit, (x + 8, top - 14, 9, base - top + 34))
        pen.rect(edge, (x - 17, top - 14, 34, 2))
    pen.polygon(face, [(1043, 505), (1043, 462), (1061, 446), (1079, 462), (1079, 505)])
    pen.polygon(edge, [(1043, 462), (1061, 446), (1079, 462), (1076, 462), (1061, 450), (1046, 462)])
    pen.rect((130, 84, 60), (1052, 474, 18, 31), 9)
    glow(pen, (1061, 496), (30, 26), (255, 170, 90), 70)
    for x, y, lit_window in ((975, 440, True), (1032, 440, False), (1090, 440, True), (1146, 440, False),
                             (975, 478, False), (1146, 478, True)):
        colour = (255, 196, 120) if lit_window else (14, 11, 24)
        pen.rect(colour, (x - 4, y, 8, 13), 4)
    cypress(pen, (14, 11, 24), 878, 556, 70)
    cypress(pen, (14, 11, 24), 1232, 540, 84)


def road(pen: Pen) -> None:
    """From the city's streets up the castle's hill, the way Don Falconi's car is going (the title moves the
    car along it: ``scenes.pages.title_motion``)."""
    path = [road_point(i / 40) for i in range(41)]
    pen.stroke((30, 25, 42), path, 16)
    pen.stroke((10, 9, 16), path, 13)
    for i in range(0, 40, 3):
        pen.stroke((92, 82, 74), path[i:i + 2], 1.4)


def title_car() -> pygame.Surface:
    """Don Falconi's car in profile with its headlights' beam, level, facing east (the title turns it as the
    road climbs)."""
    car = pygame.Surface((160 * SCALE, 40 * SCALE), pygame.SRCALPHA)
    car_pen = Pen(car, SCALE)  # its wheels on y 30
    car_pen.polygon((255, 226, 150, 46), [(112, 20), (156, 8), (158, 36)])
    car_pen.polygon((6, 6, 10), [(3, 30), (3, 18), (15, 16), (23, 7), (41, 7), (49, 15), (59, 17), (60, 28)])
    car_pen.stroke((96, 86, 110), [(15, 16), (23, 7), (41, 7), (49, 15)], 1.2)
    car_pen.rect((255, 232, 160), (56, 19, 4, 3), 1)
    car_pen.rect((200, 30, 30), (3, 20, 3, 3), 1)
    for wheel in (13, 49):
        car_pen.circle((6, 6, 10), (wheel, 30), 5)
    return pygame.transform.smoothscale(car, (160, 40))


def title_falcon() -> pygame.Surface:
    """A falcon gliding, seen from below, as the title's two falcons circle the castle."""
    bird = pygame.Surface((56 * SCALE, 32 * SCALE), pygame.SRCALPHA)
    Pen(bird, SCALE).polygon((16, 12, 26), falcon_points(28, 15, 54))
    return pygame.transform.smoothscale(bird, (56, 32))


def title() -> pygame.Surface:
    surface = pygame.Surface((WIDTH * SCALE, HEIGHT * SCALE))
    pen = Pen(surface, SCALE)
    sky(surface, [(0, (8, 10, 30)), (0.38, (30, 24, 62)), (0.62, (82, 44, 86)), (0.8, (140, 72, 78)),
                  (0.86, (60, 36, 60)), (1, (10, 9, 18))])
    rng = random.Random(1954)
    moon_centre = (1190, 92)
    stars(pen, rng, 300, 470, moon_centre)
    moon(pen, moon_centre)
    glow(pen, (640, 600), (700, 150), (255, 150, 100), 60)
    castle(pen)
    city(pen, rng)
    pen.rect((18, 14, 30), (0, 640, WIDTH, 80))
    road(pen)
    vignette(pen, 170)
    return pygame.transform.smoothscale(surface, (WIDTH, HEIGHT))


# --- the calmer background -----------------------------------------------------------------------------------
def floor_pattern(pen: Pen, side: float, colour: Colour) -> None:
    """Octagons and squares, as the floors of Castel del Monte are laid."""
    step = side * (1 + math.sqrt(2))
    radius = side / (2 * math.sin(math.pi / 8))
    rows, columns = int(HEIGHT / step) + 2, int(WIDTH / step) + 2
    for row in range(rows):
        for column in range(columns):
            cx, cy = column * step, row * step
            points = [(cx + radius * math.cos(math.radians(22.5 + 45 * i)),
                       cy + radius * math.sin(math.radians(22.5 + 45 * i))) for i in range(8)]
            pen.stroke(colour, points, 1.2, closed=True)


def menu() -> pygame.Surface:
    surface = pygame.Surface((WIDTH * SCALE, HEIGHT * SCALE))
    pen = Pen(surface, SCALE)
    sky(surface, [(0, (14, 15, 34)), (0.45, (28, 26, 52)), (1, (11, 11, 22))])
    pattern, pattern_pen = layer(pen)
    floor_pattern(pattern_pen, 34, (150, 140, 200, 26))
    surface.blit(pattern, (0, 0))
    glow(pen, (640, 96), (520, 170), (240, 170, 110), 34)
    glow(pen, (640, 720), (760, 200), (90, 110, 200), 26)
    vignette(pen, 200)
    for band, colour in enumerate(((0, 120, 70), (236, 232, 220), (196, 40, 44))):
        pen.rect(colour, (WIDTH * band / 3, 0, WIDTH / 3 + 1, 4))
    return pygame.transform.smoothscale(surface, (WIDTH, HEIGHT))


BACKGROUNDS: dict[str, Callable[[], pygame.Surface]] = {"title": title, "menu": menu}
