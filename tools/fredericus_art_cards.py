"""The card pictures of ``tools/make_fredericus_art.py``: blank card bodies of every size on the board, and the
signs printed on them (the eight creatures, tree, sky, seal, and the crown of Fredericus)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pygame

from scenes.fredericus import sprites as sp
from tools.fredericus_art_kit import (
    INK,
    Colour,
    Point,
    S,
    canvas,
    disc,
    finish,
    line,
    outline_under,
    poly,
    shade,
    strip,
)

PARCHMENT = (242, 230, 198)
BODIES = {  # fill, inner frame line
    sp.BODY_CREATURE: (PARCHMENT, (176, 132, 76)),
    sp.BODY_TREE: ((142, 188, 104), (86, 132, 62)),
    sp.BODY_SKY: ((160, 204, 240), (108, 156, 206)),
    sp.BODY_SEAL: ((152, 32, 42), (222, 176, 78)),
    sp.BODY_OBJECTIVE: ((236, 226, 206), (118, 78, 152)),
    sp.BODY_BACK: ((82, 54, 118), (224, 184, 86)),
    sp.BODY_FREDERICUS: ((232, 190, 84), (150, 98, 30)),
}


def card_bodies(size: tuple[int, int]) -> pygame.Surface:
    """The blank cards of one size, in ``BODY_*`` order: a rounded face with a soft light from above, a dark
    edge and a thin inner frame (the back: a gold lattice)."""
    frames = []
    width, height = size
    rect = pygame.Rect(0, 0, width * S, height * S)
    inner = rect.inflate(-1.2 * S, -1.2 * S)
    shape = canvas(size)  # the face's rounded outline: what is outside it is cut away
    pygame.draw.rect(shape, (255, 255, 255, 255), inner, border_radius=round(2.4 * S))
    for body in range(sp.BODY_FRAMES):
        fill, frame_colour = BODIES[body]
        face = canvas(size)
        for row in range(inner.height):  # lighter at the top
            pygame.draw.line(face, shade(fill, 0.14 - 0.26 * row / inner.height), (inner.left, inner.top + row),
                             (inner.right - 1, inner.top + row))
        if body == sp.BODY_BACK:  # a lattice
            for offset in range(-height * S, width * S, 4 * S):
                left, right = inner.left + offset, inner.right - offset
                for start, end in (((left, inner.top), (left + inner.height, inner.bottom)),
                                   ((right, inner.top), (right - inner.height, inner.bottom))):
                    pygame.draw.line(face, shade(fill, 0.18), start, end, S // 2)
        face.blit(shape, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        card = canvas(size)
        pygame.draw.rect(card, INK, rect, border_radius=3 * S)
        card.blit(face, (0, 0))
        if min(size) >= 20:
            pygame.draw.rect(card, frame_colour, inner.inflate(-2.2 * S, -2.2 * S), round(0.7 * S),
                             border_radius=round(1.6 * S))
        frames.append(finish(card, size))
    return strip(frames)


CREATURE_COLOURS = (
    (214, 152, 36),  # griffin: gold
    (104, 144, 214),  # unicorn: pale blue
    (70, 142, 52),  # basilisk: green
    (230, 112, 28),  # chimera: orange
    (146, 76, 168),  # harpy: purple
    (138, 82, 44),  # manticore: brown
    (196, 36, 36),  # dragon: red
    (246, 176, 30),  # phoenix: flame
)


def signs(size: int) -> pygame.Surface:
    """Each row card's sign and the crown of Fredericus, at ``size`` pixels, outlined so it reads on its card.
    Shapes are laid out on a 0..1 square."""
    frames = []
    for code in range(sp.SIGN_FRAMES):
        layer = canvas((size, size))
        SIGN_PAINTERS[code](Painter(layer, size))
        frames.append(finish(outline_under(layer, INK, 0.55 if size < 16 else 0.75), (size, size)))
    return strip(frames)


class Painter:
    """Draws on a sign in 0..1 coordinates (a margin is left for the outline)."""

    def __init__(self, layer: pygame.Surface, size: int) -> None:
        self.layer, self.size = layer, size

    def at(self, points: Sequence[Point]) -> list[Point]:
        margin = 0.9
        span = self.size - 2 * margin
        return [(margin + x * span, margin + y * span) for x, y in points]

    def poly(self, colour: Colour, points: Sequence[Point]) -> None:
        poly(self.layer, colour, self.at(points))

    def disc(self, colour: Colour, centre: Point, radius: float) -> None:
        disc(self.layer, colour, self.at([centre])[0], radius * (self.size - 1.8))

    def line(self, colour: Colour, start: Point, end: Point, width: float) -> None:
        a, b = self.at([start, end])
        line(self.layer, colour, a, b, width * self.size)


def griffin(p: Painter) -> None:
    """An eagle's head with a hooked beak and ear tufts before a raised wing."""
    c = CREATURE_COLOURS[0]
    p.poly(shade(c, -0.25), [(0.05, 0.95), (0.08, 0.3), (0.2, 0.05), (0.3, 0.3), (0.38, 0.08), (0.48, 0.35),
                             (0.56, 0.55), (0.45, 0.95)])
    p.poly(c, [(0.3, 1.0), (0.34, 0.5), (0.42, 0.26), (0.5, 0.02), (0.58, 0.2), (0.72, 0.22), (0.92, 0.36),
               (1.0, 0.5), (0.86, 0.62), (0.8, 0.52), (0.7, 0.56), (0.62, 0.72), (0.66, 1.0)])
    p.poly((250, 226, 120), [(0.72, 0.22), (0.92, 0.36), (1.0, 0.5), (0.86, 0.62), (0.82, 0.46), (0.72, 0.4)])
    p.disc(INK, (0.66, 0.36), 0.06)


def unicorn(p: Painter) -> None:
    """A horse's head with a long spiral horn and a flowing mane."""
    c = CREATURE_COLOURS[1]
    p.poly((244, 236, 200), [(0.42, 0.34), (0.98, 0.0), (0.52, 0.44)])
    p.poly(shade(c, -0.3), [(0.12, 1.0), (0.18, 0.5), (0.3, 0.22), (0.42, 0.24), (0.3, 0.6), (0.36, 1.0)])
    p.poly(c, [(0.26, 1.0), (0.3, 0.6), (0.38, 0.3), (0.52, 0.2), (0.64, 0.32), (0.92, 0.62), (0.94, 0.76),
               (0.8, 0.8), (0.6, 0.66), (0.58, 1.0)])
    p.disc(INK, (0.56, 0.4), 0.06)


def basilisk(p: Painter) -> None:
    """The crowned king of serpents, coiled and rearing."""
    c = CREATURE_COLOURS[2]
    p.line(c, (0.1, 0.86), (0.9, 0.86), 0.2)
    p.line(c, (0.72, 0.86), (0.72, 0.62), 0.2)
    p.line(c, (0.74, 0.62), (0.3, 0.62), 0.18)
    p.line(c, (0.32, 0.64), (0.34, 0.36), 0.18)
    p.poly(c, [(0.2, 0.36), (0.3, 0.22), (0.62, 0.24), (0.66, 0.36), (0.5, 0.48), (0.24, 0.46)])
    p.poly((240, 200, 60), [(0.24, 0.24), (0.26, 0.0), (0.36, 0.12), (0.43, -0.02), (0.5, 0.12), (0.6, 0.0),
                            (0.6, 0.24)])
    p.disc(INK, (0.48, 0.34), 0.05)


def chimera(p: Painter) -> None:
    """A lion's maned head with a goat's curling horns."""
    c = CREATURE_COLOURS[3]
    mane = [(0.5 + 0.48 * math.cos(math.tau * k / 18) * (1 if k % 2 else 0.8),
             0.58 + 0.42 * math.sin(math.tau * k / 18) * (1 if k % 2 else 0.8)) for k in range(18)]
    p.poly(shade(c, -0.3), mane)
    p.disc(shade(c, 0.25), (0.5, 0.6), 0.24)
    p.poly((236, 226, 196), [(0.3, 0.42), (0.1, 0.0), (0.04, 0.22), (0.2, 0.44)])
    p.poly((236, 226, 196), [(0.7, 0.42), (0.9, 0.0), (0.96, 0.22), (0.8, 0.44)])
    p.disc(INK, (0.41, 0.56), 0.05)
    p.disc(INK, (0.59, 0.56), 0.05)


def harpy(p: Painter) -> None:
    """Wide feathered wings raised round a woman's head."""
    c = CREATURE_COLOURS[4]
    for side in (1, -1):
        def x(value: float, side: int = side) -> float:
            return 0.5 + side * value
        p.poly(c, [(x(0.06), 0.5), (x(0.3), 0.1), (x(0.5), 0.02), (x(0.46), 0.24), (x(0.5), 0.3), (x(0.4), 0.44),
                   (x(0.44), 0.52), (x(0.2), 0.7)])
    p.poly(shade(c, -0.2), [(0.38, 0.5), (0.62, 0.5), (0.58, 0.9), (0.5, 1.0), (0.42, 0.9)])
    p.disc((238, 206, 170), (0.5, 0.38), 0.15)
    p.poly((70, 40, 30), [(0.34, 0.36), (0.4, 0.22), (0.6, 0.22), (0.66, 0.36), (0.6, 0.3), (0.4, 0.3)])


def manticore(p: Painter) -> None:
    """A maned lion under a scorpion's segmented tail, its sting raised over its back."""
    c = CREATURE_COLOURS[5]
    p.poly(c, [(0.04, 1.0), (0.08, 0.7), (0.24, 0.6), (0.64, 0.62), (0.74, 0.7), (0.7, 1.0), (0.58, 1.0),
               (0.54, 0.82), (0.24, 0.82), (0.18, 1.0)])
    p.disc(shade(c, -0.35), (0.76, 0.62), 0.2)
    p.disc(shade(c, 0.3), (0.8, 0.64), 0.11)
    for k in range(6):  # the tail's segments, curling up and forward
        angle = math.radians(200 - k * 34)
        p.disc(shade(c, -0.15), (0.36 + 0.24 * math.cos(angle), 0.36 - 0.3 * math.sin(angle)), 0.085 - 0.005 * k)
    p.poly((214, 50, 40), [(0.56, 0.26), (0.76, 0.2), (0.66, 0.48)])


def dragon(p: Painter) -> None:
    """A bat wing spread above a horned head breathing fire."""
    c = CREATURE_COLOURS[6]
    p.poly(c, [(0.4, 0.62), (0.06, 0.04), (0.24, 0.26), (0.3, 0.1), (0.42, 0.32), (0.54, 0.12), (0.58, 0.4),
               (0.74, 0.26), (0.62, 0.64)])
    p.poly(shade(c, -0.3), [(0.2, 1.0), (0.38, 0.58), (0.66, 0.56), (0.78, 0.66), (0.96, 0.7), (0.92, 0.84),
                            (0.7, 0.82), (0.5, 1.0)])
    p.poly((250, 214, 120), [(0.7, 0.58), (0.8, 0.44), (0.74, 0.6)])
    p.disc((250, 214, 120), (0.72, 0.66), 0.05)


def phoenix(p: Painter) -> None:
    """A bird rising with raised wings out of flames."""
    c = CREATURE_COLOURS[7]
    p.poly((214, 58, 30), [(0.1, 1.0), (0.2, 0.66), (0.3, 0.82), (0.4, 0.6), (0.5, 0.8), (0.6, 0.6), (0.7, 0.82),
                           (0.8, 0.66), (0.9, 1.0)])
    p.poly(c, [(0.5, 0.78), (0.14, 0.4), (0.0, 0.0), (0.36, 0.24), (0.5, 0.46), (0.64, 0.24), (1.0, 0.0), (0.86, 0.4)])
    p.disc(c, (0.5, 0.3), 0.12)
    p.poly((250, 236, 160), [(0.56, 0.26), (0.72, 0.3), (0.58, 0.36)])


def tree(p: Painter) -> None:
    """A broad oak crown on a short trunk."""
    p.poly((110, 74, 38), [(0.42, 1.0), (0.46, 0.56), (0.54, 0.56), (0.6, 1.0)])
    for centre, radius in (((0.3, 0.48), 0.22), ((0.7, 0.48), 0.22), ((0.5, 0.3), 0.28), ((0.5, 0.56), 0.22)):
        p.disc((38, 106, 44), centre, radius)
    p.disc((70, 140, 64), (0.42, 0.28), 0.12)


def sky(p: Painter) -> None:
    """A white cloud before a low sun."""
    p.disc((250, 214, 90), (0.72, 0.32), 0.2)
    for centre, radius in (((0.3, 0.62), 0.2), ((0.52, 0.5), 0.26), ((0.74, 0.64), 0.18)):
        p.disc((252, 252, 255), centre, radius)
    p.poly((252, 252, 255), [(0.12, 0.82), (0.12, 0.64), (0.9, 0.64), (0.9, 0.82)])


def seal(p: Painter) -> None:
    """The imperial seal: a gold disc bearing a black eagle."""
    p.disc((236, 190, 76), (0.5, 0.5), 0.5)
    p.disc((196, 146, 48), (0.5, 0.5), 0.4)
    p.disc((236, 190, 76), (0.5, 0.5), 0.34)
    p.poly((40, 30, 26), [(0.5, 0.28), (0.56, 0.38), (0.78, 0.3), (0.62, 0.56), (0.56, 0.74), (0.5, 0.66),
                          (0.44, 0.74), (0.38, 0.56), (0.22, 0.3), (0.44, 0.38)])


def crown(p: Painter) -> None:
    """Frederick's imperial crown."""
    gold = (242, 196, 64)
    p.poly(gold, [(0.08, 0.86), (0.06, 0.3), (0.3, 0.56), (0.5, 0.16), (0.7, 0.56), (0.94, 0.3), (0.92, 0.86)])
    p.poly(shade(gold, -0.25), [(0.08, 0.86), (0.08, 0.72), (0.92, 0.72), (0.92, 0.86)])
    p.disc((200, 40, 50), (0.5, 0.5), 0.08)
    for x in (0.06, 0.5, 0.94):
        p.disc(gold, (x, 0.2 if x == 0.5 else 0.3), 0.07)


SIGN_PAINTERS: tuple[Callable[[Painter], None], ...] = (
    griffin, unicorn, basilisk, chimera, harpy, manticore, dragon, phoenix, tree, sky, seal, crown)
