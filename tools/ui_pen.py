"""The drawing helpers of ``tools/make_ui_art.py``: a pen that draws in design units on a larger canvas, and
the shapes that icons, emblems and backgrounds share (arrowheads, stars, a chili pepper, a falcon).

Glyphs are drawn in white (``W``) and a lighter grey (``G``) for secondary parts; ``CUT`` punches holes.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

Colour = tuple[int, int, int, int]
Point = tuple[float, float]
W: Colour = (255, 255, 255, 255)
G: Colour = (176, 182, 194, 255)
CUT: Colour = (0, 0, 0, 0)


class Pen:
    """Draws in design units (48 for an icon, 128 for an emblem, 1280 for a background) on a canvas ``scale``
    times larger, so the picture can be smoothed down to its real size."""

    def __init__(self, surface: pygame.Surface, scale: float) -> None:
        self.surface, self.k = surface, scale

    def p(self, point: Point) -> tuple[float, float]:
        return point[0] * self.k, point[1] * self.k

    def circle(self, colour: Sequence[int], centre: Point, radius: float, width: float = 0) -> None:
        pygame.draw.circle(self.surface, colour, self.p(centre), radius * self.k, round(width * self.k))

    def ellipse(self, colour: Sequence[int], box: tuple[float, float, float, float], width: float = 0) -> None:
        pygame.draw.ellipse(self.surface, colour, self.box(box), round(width * self.k))

    def rect(self, colour: Sequence[int], box: tuple[float, float, float, float], radius: float = 0,
             width: float = 0) -> None:
        pygame.draw.rect(self.surface, colour, self.box(box), round(width * self.k),
                         border_radius=round(radius * self.k))

    def polygon(self, colour: Sequence[int], points: Sequence[Point]) -> None:
        pygame.draw.polygon(self.surface, colour, [self.p(point) for point in points])

    def stroke(self, colour: Sequence[int], points: Sequence[Point], width: float, closed: bool = False) -> None:
        """A thick line through ``points`` with round joints and ends (pygame's own thick lines leave gaps)."""
        half = width / 2
        ends = list(points) + ([points[0]] if closed else [])
        for (x1, y1), (x2, y2) in zip(ends, ends[1:]):
            length = math.hypot(x2 - x1, y2 - y1) or 1
            nx, ny = -(y2 - y1) / length * half, (x2 - x1) / length * half
            self.polygon(colour, [(x1 + nx, y1 + ny), (x2 + nx, y2 + ny), (x2 - nx, y2 - ny), (x1 - nx, y1 - ny)])
        for point in ends:
            self.circle(colour, point, half)

    def arc(self, colour: Sequence[int], centre: Point, radius: float, start: float, end: float,
            width: float) -> None:
        """A thick arc from ``start`` to ``end`` degrees, clockwise on screen from east."""
        self.stroke(colour, arc_points(centre, radius, start, end), width)

    def box(self, box: tuple[float, float, float, float]) -> pygame.Rect:
        x, y, w, h = box
        return pygame.Rect(round(x * self.k), round(y * self.k), round(w * self.k), round(h * self.k))


def arc_points(centre: Point, radius: float, start: float, end: float, steps: int = 40) -> list[Point]:
    cx, cy = centre
    angles = [math.radians(start + (end - start) * i / steps) for i in range(steps + 1)]
    return [(cx + radius * math.cos(a), cy + radius * math.sin(a)) for a in angles]


def head(pen: Pen, colour: Sequence[int], tip: Point, angle: float, size: float) -> None:
    """An arrowhead whose point is ``tip``, pointing ``angle`` degrees (clockwise from east)."""
    a = math.radians(angle)
    back = (tip[0] - size * math.cos(a), tip[1] - size * math.sin(a))
    nx, ny = -math.sin(a) * size * 0.62, math.cos(a) * size * 0.62
    pen.polygon(colour, [tip, (back[0] + nx, back[1] + ny), (back[0] - nx, back[1] - ny)])


def star_points(centre: Point, outer: float, inner: float) -> list[Point]:
    cx, cy = centre
    return [(cx + (outer if i % 2 == 0 else inner) * math.sin(math.pi * i / 5),
             cy - (outer if i % 2 == 0 else inner) * math.cos(math.pi * i / 5)) for i in range(10)]


def chili_band(pen: Pen, colour: Sequence[int], tip: Point, stem: Point, bend: float, width: float) -> None:
    """A chili pepper from its stem end to its curled tip, as a tapering curved band."""
    (x1, y1), (x2, y2) = stem, tip
    mx, my = (x1 + x2) / 2 + bend * (y2 - y1) / 40, (y1 + y2) / 2 - bend * (x2 - x1) / 40
    left, right = [], []
    steps = 24
    for i in range(steps + 1):
        t = i / steps
        x = (1 - t) ** 2 * x1 + 2 * (1 - t) * t * mx + t * t * x2
        y = (1 - t) ** 2 * y1 + 2 * (1 - t) * t * my + t * t * y2
        dx = 2 * (1 - t) * (mx - x1) + 2 * t * (x2 - mx)
        dy = 2 * (1 - t) * (my - y1) + 2 * t * (y2 - my)
        length = math.hypot(dx, dy) or 1
        half = width / 2 * (1 - t ** 1.6) + 0.4
        left.append((x - dy / length * half, y + dx / length * half))
        right.append((x + dy / length * half, y - dx / length * half))
    pen.polygon(colour, left + right[::-1])


def falcon_points(cx: float, cy: float, span: float) -> list[Point]:
    """A falcon gliding, seen from below, its long pointed wings swept back, centred on ``(cx, cy)``; the art's
    backgrounds and emblem fly the same bird."""
    shape = [(0, -11), (2, -9), (3, -6), (10, -8), (16, -5), (22, 1), (13, 1), (5, 4), (3, 8), (5, 14), (-5, 14),
             (-3, 8), (-5, 4), (-13, 1), (-22, 1), (-16, -5), (-10, -8), (-3, -6), (-2, -9)]
    k = span / 44
    return [(cx + x * k, cy + y * k) for x, y in shape]
