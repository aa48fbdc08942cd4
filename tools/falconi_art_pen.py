"""The drawing pen of ``tools/make_falconi_art.py``: shapes given in tile pixels, drawn four times larger and
shrunk with an area filter, so edges come out smooth while every run gives the same pixels.

A pen may carry a tint layer: parts drawn with ``tint=...`` go white (or grey, for shading) on that layer and
are painted in a district's colour by the game; ``clear_tint`` cuts details out of it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

import pygame

Point = tuple[float, float]
Colour = tuple[int, ...]
SUPERSAMPLE = 4
CLEAR = (0, 0, 0, 0)


def shade(colour: Colour, amount: float) -> tuple[int, int, int]:
    """``colour`` lightened (amount > 0, towards white) or darkened (amount < 0, towards black)."""
    target = 255 if amount > 0 else 0
    return tuple(round(c + (target - c) * abs(amount)) for c in colour[:3])  # type: ignore[return-value]


class Pen:
    """A square picture of ``size`` tile pixels drawn at :data:`SUPERSAMPLE` times that, with a tint layer."""

    def __init__(self, size: int, seed: int = 0) -> None:
        self.size = size
        self.k = SUPERSAMPLE
        self.base = pygame.Surface((size * self.k, size * self.k), pygame.SRCALPHA)
        self.tint = pygame.Surface((size * self.k, size * self.k), pygame.SRCALPHA)
        self.rng = random.Random(seed)

    # --- coordinates ---------------------------------------------------------------------------------------
    def _p(self, point: Point) -> tuple[float, float]:
        return point[0] * self.k, point[1] * self.k

    def _layers(self, tint: int | None) -> list[tuple[pygame.Surface, Colour | None]]:
        """The base layer, and the tint layer in grey ``tint`` (255: the district colour itself) or cut out."""
        return [(self.base, None), (self.tint, CLEAR if tint is None else (tint, tint, tint, 255))]

    # --- shapes --------------------------------------------------------------------------------------------
    def rect(self, colour: Colour, x: float, y: float, w: float, h: float, radius: float = 0,
             tint: int | None = None, blend: bool = False) -> None:
        box = pygame.Rect(round(x * self.k), round(y * self.k), round(w * self.k), round(h * self.k))
        self._draw(colour, tint, blend, lambda s, c: pygame.draw.rect(s, c, box, border_radius=round(radius * self.k)))

    def circle(self, colour: Colour, centre: Point, radius: float, tint: int | None = None,
               blend: bool = False) -> None:
        self._draw(colour, tint, blend, lambda s, c: pygame.draw.circle(s, c, self._p(centre), radius * self.k))

    def ellipse(self, colour: Colour, x: float, y: float, w: float, h: float, tint: int | None = None,
                blend: bool = False) -> None:
        box = pygame.Rect(round(x * self.k), round(y * self.k), round(w * self.k), round(h * self.k))
        self._draw(colour, tint, blend, lambda s, c: pygame.draw.ellipse(s, c, box))

    def poly(self, colour: Colour, points: Sequence[Point], tint: int | None = None, blend: bool = False) -> None:
        scaled = [self._p(point) for point in points]
        self._draw(colour, tint, blend, lambda s, c: pygame.draw.polygon(s, c, scaled))

    def band(self, colour: Colour, start: Point, end: Point, width: float, tint: int | None = None,
             blend: bool = False) -> None:
        """A straight stroke ``width`` wide from ``start`` to ``end`` (square ends)."""
        length = math.dist(start, end) or 1
        nx, ny = -(end[1] - start[1]) / length * width / 2, (end[0] - start[0]) / length * width / 2
        self.poly(colour, [(start[0] + nx, start[1] + ny), (end[0] + nx, end[1] + ny),
                           (end[0] - nx, end[1] - ny), (start[0] - nx, start[1] - ny)], tint, blend)

    def arc(self, colour: Colour, centre: Point, radius: float, width: float, start: float, end: float,
            tint: int | None = None, blend: bool = False) -> None:
        """A stroke along a circle from angle ``start`` to ``end`` (radians, screen orientation)."""
        steps = max(8, round(abs(end - start) * radius / 2))
        angles = [start + (end - start) * i / steps for i in range(steps + 1)]
        outer = [(centre[0] + (radius + width / 2) * math.cos(a), centre[1] + (radius + width / 2) * math.sin(a))
                 for a in angles]
        inner = [(centre[0] + (radius - width / 2) * math.cos(a), centre[1] + (radius - width / 2) * math.sin(a))
                 for a in reversed(angles)]
        self.poly(colour, outer + inner, tint, blend)

    def dashes(self, colour: Colour, start: Point, end: Point, width: float, dash: float, gap: float,
               offset: float = 0.0) -> None:
        """A dashed line: dashes ``dash`` long every ``dash + gap``, beginning ``offset`` into the period."""
        length = math.dist(start, end)
        ux, uy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
        position = -offset
        while position < length:
            a, b = max(0.0, position), min(length, position + dash)
            if b > a:
                self.band(colour, (start[0] + ux * a, start[1] + uy * a), (start[0] + ux * b, start[1] + uy * b),
                          width)
            position += dash + gap

    def arc_dashes(self, colour: Colour, centre: Point, radius: float, width: float, start: float, end: float,
                   dash: float, gap: float) -> None:
        length = abs(end - start) * radius
        position = gap / 2
        sign = 1 if end >= start else -1
        while position < length:
            a, b = position, min(length, position + dash)
            self.arc(colour, centre, radius, width, start + sign * a / radius, start + sign * b / radius)
            position += dash + gap

    def _draw(self, colour: Colour, tint: int | None, blend: bool,
              paint: Callable[[pygame.Surface, Colour], object]) -> None:
        """Draw on the base layer (blending see-through colours when ``blend``) and on the tint layer."""
        if blend:
            layer = pygame.Surface(self.base.get_size(), pygame.SRCALPHA)
            paint(layer, colour)
            self.base.blit(layer, (0, 0))
        else:
            paint(self.base, colour)
        if tint is not None or not blend:
            paint(self.tint, CLEAR if tint is None else (tint, tint, tint, 255))

    def clip(self, x: float, y: float, w: float, h: float) -> None:
        box = pygame.Rect(round(x * self.k), round(y * self.k), round(w * self.k), round(h * self.k))
        self.base.set_clip(box)
        self.tint.set_clip(box)

    def unclip(self) -> None:
        self.base.set_clip(None)
        self.tint.set_clip(None)

    # --- things ---------------------------------------------------------------------------------------------
    def tree(self, centre: Point, radius: float, leaf: Colour = (58, 122, 58)) -> None:
        """A tree from above: its shadow, a round crown with lumps and a lit side."""
        x, y = centre
        self.circle((0, 0, 0, 70), (x + radius * 0.3, y + radius * 0.35), radius, blend=True)
        self.circle(shade(leaf, -0.25), centre, radius)
        for i in range(5):
            angle = i * math.tau / 5 + self.rng.uniform(0, 0.8)
            self.circle(leaf, (x + math.cos(angle) * radius * 0.35, y + math.sin(angle) * radius * 0.35),
                        radius * 0.62)
        self.circle(shade(leaf, 0.22), (x - radius * 0.3, y - radius * 0.3), radius * 0.38)

    def house(self, x: float, y: float, w: float, h: float, roof: Colour, ridge_along_x: bool | None = None) -> None:
        """A building from above: its shadow, a pitched roof with a lit and a shaded half, and a ridge."""
        self.rect((0, 0, 0, 80), x + 1.2, y + 1.4, w, h, radius=1, blend=True)
        self.rect(shade(roof, -0.3), x, y, w, h, radius=1)
        along_x = w >= h if ridge_along_x is None else ridge_along_x
        if along_x:
            self.rect(shade(roof, 0.12), x + 0.6, y + 0.6, w - 1.2, h / 2 - 0.6)
            self.rect(shade(roof, -0.08), x + 0.6, y + h / 2, w - 1.2, h / 2 - 0.6)
            self.band(shade(roof, 0.35), (x + 0.8, y + h / 2), (x + w - 0.8, y + h / 2), 0.7)
        else:
            self.rect(shade(roof, 0.12), x + 0.6, y + 0.6, w / 2 - 0.6, h - 1.2)
            self.rect(shade(roof, -0.08), x + w / 2, y + 0.6, w / 2 - 0.6, h - 1.2)
            self.band(shade(roof, 0.35), (x + w / 2, y + 0.8), (x + w / 2, y + h - 0.8), 0.7)

    def flat_roof(self, x: float, y: float, w: float, h: float, roof: Colour) -> None:
        """A flat-roofed block: shadow, parapet, and a vent or two."""
        self.rect((0, 0, 0, 80), x + 1.2, y + 1.4, w, h, radius=1, blend=True)
        self.rect(shade(roof, -0.35), x, y, w, h, radius=1)
        self.rect(roof, x + 0.8, y + 0.8, w - 1.6, h - 1.6)
        for _ in range(1 + int(w * h > 200)):
            vx, vy = x + self.rng.uniform(2, max(2.5, w - 5)), y + self.rng.uniform(2, max(2.5, h - 5))
            self.rect(shade(roof, -0.2), vx, vy, 2.6, 2.6)
            self.rect(shade(roof, 0.25), vx, vy, 2.6, 1.0)

    def finish(self, size: int) -> tuple[pygame.Surface, pygame.Surface]:
        """Both layers shrunk to ``size`` pixels square with an area filter."""
        return (pygame.transform.smoothscale(self.base, (size, size)),
                pygame.transform.smoothscale(self.tint, (size, size)))
