"""Drawing helpers of ``tools/make_fredericus_art.py``: shapes given in final pixels, painted ``S`` times larger
so that scaling down smooths their edges, and the few image operations the sprites need (outlines, masks,
sheets)."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import pygame

S = 4  # drawing scale: shapes are painted this much larger, then scaled down smoothly
Point = tuple[float, float]
Colour = tuple[int, ...]
INK = (34, 26, 20)


def canvas(size: tuple[int, int]) -> pygame.Surface:
    return pygame.Surface((size[0] * S, size[1] * S), pygame.SRCALPHA)


def scaled(points: Sequence[Point]) -> list[Point]:
    return [(x * S, y * S) for x, y in points]


def poly(surface: pygame.Surface, colour: Colour, points: Sequence[Point], width: float = 0) -> None:
    pygame.draw.polygon(surface, colour, scaled(points), round(width * S))


def disc(surface: pygame.Surface, colour: Colour, centre: Point, radius: float, width: float = 0) -> None:
    pygame.draw.circle(surface, colour, (centre[0] * S, centre[1] * S), radius * S, round(width * S))


def line(surface: pygame.Surface, colour: Colour, start: Point, end: Point, width: float = 1) -> None:
    pygame.draw.line(surface, colour, (start[0] * S, start[1] * S), (end[0] * S, end[1] * S), max(1, round(width * S)))


def ellipse(cx: float, cy: float, rx: float, ry: float, tilt: float = 0.0, steps: int = 40) -> list[Point]:
    """An ellipse as a polygon, turned ``tilt`` degrees clockwise on screen."""
    turn = math.radians(tilt)
    points = []
    for step in range(steps):
        a = math.tau * step / steps
        x, y = rx * math.cos(a), ry * math.sin(a)
        points.append((cx + x * math.cos(turn) - y * math.sin(turn), cy + x * math.sin(turn) + y * math.cos(turn)))
    return points


def regular(centre: Point, radius: float, sides: int, rotation: float) -> list[Point]:
    """A regular polygon whose first corner points ``rotation`` degrees clockwise from east."""
    return [(centre[0] + radius * math.cos(math.radians(rotation + 360 * k / sides)),
             centre[1] + radius * math.sin(math.radians(rotation + 360 * k / sides))) for k in range(sides)]


def mix(a: Colour, b: Colour, amount: float) -> Colour:
    return tuple(round(x + (y - x) * amount) for x, y in zip(a, b))


def shade(colour: Colour, amount: float) -> Colour:
    """Lighter for ``amount`` > 0, darker below."""
    return mix(colour, (255, 255, 255) if amount > 0 else (0, 0, 0), abs(amount))


def recoloured(layer: pygame.Surface, colour: Colour) -> pygame.Surface:
    """``layer``'s shape in one colour, its alpha kept."""
    flat = layer.copy()
    flat.fill((0, 0, 0), special_flags=pygame.BLEND_RGB_MULT)
    flat.fill(colour[:3], special_flags=pygame.BLEND_RGB_ADD)
    return flat


def outline_under(layer: pygame.Surface, colour: Colour, width: float) -> pygame.Surface:
    """``layer`` on a rim of ``colour`` ``width`` final pixels wide: shapes stay readable on any ground."""
    rim = recoloured(layer, colour)
    out = pygame.Surface(layer.get_size(), pygame.SRCALPHA)
    reach = width * S
    for step in range(16):
        angle = math.tau * step / 16
        out.blit(rim, (round(reach * math.cos(angle)), round(reach * math.sin(angle))))
    out.blit(layer, (0, 0))
    return out


def erase(surface: pygame.Surface, cover: pygame.Surface) -> None:
    """Clear ``surface`` wherever ``cover`` is opaque (a mask must not tint what stands in front of it)."""
    eraser = recoloured(cover, (0, 0, 0))
    surface.blit(eraser, (0, 0), special_flags=pygame.BLEND_RGBA_SUB)


def finish(surface: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    return pygame.transform.smoothscale(surface, size)


def strip(frames: Sequence[pygame.Surface]) -> pygame.Surface:
    """Frames side by side, as ``FredericusSprites`` cuts them."""
    width, height = frames[0].get_size()
    sheet = pygame.Surface((width * len(frames), height), pygame.SRCALPHA)
    for index, frame in enumerate(frames):
        sheet.blit(frame, (index * width, 0))
    return sheet


def speckle(surface: pygame.Surface, rng: random.Random, area: Sequence[Point], colours: Sequence[Colour],
            count: int, size: float) -> None:
    """Stone grain: small dots inside the polygon ``area``."""
    xs, ys = [p[0] for p in area], [p[1] for p in area]
    mask = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    for _ in range(count):
        x, y = rng.uniform(min(xs), max(xs)), rng.uniform(min(ys), max(ys))
        disc(mask, rng.choice(colours), (x, y), size * rng.uniform(0.5, 1.0))
    clip = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    poly(clip, (255, 255, 255, 255), area)
    mask.blit(clip, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    surface.blit(mask, (0, 0))


def mix_point(a: Point, b: Point, amount: float) -> Point:
    return a[0] + (b[0] - a[0]) * amount, a[1] + (b[1] - a[1]) * amount
