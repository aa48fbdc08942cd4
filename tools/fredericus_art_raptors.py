"""The raptors of ``tools/make_fredericus_art.py``: the peregrine falcon and the goshawk perched on their seat
base, hooded, and in flight seen from above, each with a mask of the parts that take the falconer's colour."""

from __future__ import annotations

from collections.abc import Mapping

import pygame

from scenes.fredericus import sprites as sp
from tools.fredericus_art_kit import (
    INK,
    Colour,
    Point,
    canvas,
    disc,
    ellipse,
    erase,
    finish,
    line,
    mix_point,
    outline_under,
    poly,
    shade,
    strip,
)

# Natural colours: the peregrine slate above, cream and barred below, dark helmet; the goshawk brown-grey
# above, white and finely barred below, with a white brow and an orange eye.
FALCON = {"back": (78, 90, 116), "dark": (46, 52, 68), "belly": (238, 228, 204), "bars": (120, 110, 100),
          "cap": (40, 44, 58), "eye": (30, 24, 20), "ring": (240, 200, 70)}
GOSHAWK = {"back": (112, 100, 86), "dark": (74, 64, 54), "belly": (242, 238, 228), "bars": (132, 120, 108),
           "cap": (70, 62, 56), "eye": (232, 120, 30), "ring": (232, 120, 30)}
YELLOW = (236, 196, 64)
HOOD_LEATHER = (150, 78, 40)
PLUME = (244, 214, 96)
WING_SPANS = (1.0, 0.74, 0.46, 0.34, 0.56, 0.84)  # the flap cycle: how much of the wings shows from above


def raptor_sheets(kind: str) -> tuple[pygame.Surface, pygame.Surface]:
    """A raptor's natural sheet and its seat mask (the base it stands on and its jesses)."""
    falcon = kind == "falcon"
    colours = FALCON if falcon else GOSHAWK
    frames, masks = [], []
    for index in range(sp.BIRD_FRAMES):
        bird, mask = canvas(sp.BIRD_SIZE), canvas(sp.BIRD_SIZE)
        if index in (sp.PERCHED, sp.HOODED):
            base(mask)
            perched(bird, colours, falcon)
            if index == sp.HOODED:
                hood(bird, falcon)
        elif index == sp.HOOD:
            hood(bird, falcon)
        else:
            flying(bird, colours, falcon, WING_SPANS[sp.FLAP.index(index)] if index in sp.FLAP else None)
        if index != sp.HOOD:
            bird = outline_under(bird, INK, 0.7)
        erase(mask, bird)
        if index in (sp.PERCHED, sp.HOODED):
            line(mask, (255, 255, 255), (16.5, 20.5), (15.5, 24.2), 0.9)  # jesses from the legs over the base
            line(mask, (255, 255, 255), (18.0, 20.5), (18.6, 24.2), 0.9)
        elif index != sp.HOOD:  # jesses trailing behind the tail
            for side in (-1, 1):
                line(mask, (255, 255, 255), (10.0, 16 + side * 0.8), (3.4, 16 + side * 2.6), 1.1)
                disc(mask, (255, 255, 255), (3.2, 16 + side * 2.7), 0.9)
        frames.append(finish(bird, sp.BIRD_SIZE))
        masks.append(finish(mask, sp.BIRD_SIZE))
    return strip(frames), strip(masks)


def base(mask: pygame.Surface) -> None:
    """The round seat-coloured base: white top (the exact seat colour), grey side (a darker shade)."""
    middle = (16 + sp.BASE_OFFSET[0], 16 + sp.BASE_OFFSET[1])
    poly(mask, (60, 60, 60), ellipse(middle[0], middle[1] + 1.2, 10.6, 5.4))
    poly(mask, (150, 150, 150), ellipse(middle[0], middle[1] + 1.0, 10.0, 4.8))
    poly(mask, (60, 60, 60), ellipse(middle[0], middle[1] - 0.2, 10.6, 5.0))
    poly(mask, (255, 255, 255), ellipse(middle[0], middle[1] - 0.2, 9.8, 4.3))


def perched(bird: pygame.Surface, c: Mapping[str, Colour], falcon: bool) -> None:
    """Standing, facing east: the falcon tall and slim, the goshawk shorter, rounder, long-tailed."""
    top = 3.0 if falcon else 6.0
    body_y, body_ry, body_rx = (13.8, 7.6, 4.8) if falcon else (15.2, 6.6, 5.6)
    tail = [(12.5, 17), (9.0, 25.5 if falcon else 26.5), (11.6, 26.5 if falcon else 27.3), (15.0, 18)]
    poly(bird, c["dark"], tail)
    if not falcon:
        for band in (21.0, 23.6):
            line(bird, c["back"], (10.6, band), (13.2, band - 0.6), 0.7)
    poly(bird, c["belly"], ellipse(16.6, body_y, body_rx, body_ry, 12))
    for row in range(5):  # barring on the breast
        y = body_y - 1.5 + row * 2.1
        for x in (16.8, 18.6, 20.0):
            if x < 16.6 + body_rx * 0.95 - abs(y - body_y) * 0.4:
                line(bird, c["bars"], (x - 0.5, y), (x + 0.5, y + 0.2), 0.5)
    poly(bird, c["back"], ellipse(14.4, body_y + 0.5, body_rx * 0.72, body_ry * 1.02, 18))
    poly(bird, c["dark"], [(12.2, body_y + 4), (10.4, body_y + 9.6), (14.0, body_y + 5)])  # wing tips
    for row in range(3):
        line(bird, c["dark"], (12.6, body_y - 2 + 2.6 * row), (15.6, body_y - 0.8 + 2.6 * row), 0.4)
    head = (18.2, top + 3.4)
    poly(bird, c["belly"], ellipse(head[0], head[1], 3.7, 3.5))
    poly(bird, c["cap"], [(14.8, head[1] + 0.6), (15.6, top + 0.6), (19.2, top - 0.2), (21.4, head[1] - 1.6),
                          (19.0, head[1] - 0.6), (17.6, head[1] + 1.4)])
    if falcon:  # the peregrine's moustache
        poly(bird, c["cap"], [(18.0, head[1]), (19.4, head[1] - 0.2), (18.8, head[1] + 3.4), (17.6, head[1] + 3.0)])
    else:  # the goshawk's white brow
        line(bird, (250, 250, 246), (16.4, head[1] - 1.6), (20.4, head[1] - 1.8), 0.7)
    disc(bird, c["ring"], (19.6, head[1] - 0.4), 1.3)
    disc(bird, c["eye"] if not falcon else (20, 16, 14), (19.7, head[1] - 0.4), 0.8)
    poly(bird, YELLOW, [(21.2, head[1] - 0.9), (22.6, head[1] - 0.3), (21.4, head[1] + 0.6)])
    poly(bird, (60, 60, 66), [(22.4, head[1] - 0.6), (23.6, head[1] + 0.4), (22.6, head[1] + 1.6), (22.0, head[1])])
    for x in (16.0, 18.2):  # legs and talons
        line(bird, YELLOW, (x + 0.6, 19.6), (x + 0.3, 22.6), 0.9)
        line(bird, YELLOW, (x - 0.4, 22.8), (x + 1.6, 22.8), 0.7)


def hood(bird: pygame.Surface, falcon: bool) -> None:
    """A leather hood over the head, with its plume: the raptor sees nothing (R-5)."""
    top = 3.0 if falcon else 6.0
    head = (18.2, top + 3.4)
    poly(bird, HOOD_LEATHER, ellipse(head[0] + 0.4, head[1] - 0.1, 4.3, 4.0))
    poly(bird, shade(HOOD_LEATHER, 0.25), ellipse(head[0] - 0.4, head[1] - 1.2, 2.4, 1.6))
    line(bird, (96, 44, 20), (head[0] - 3.2, head[1] + 1.4), (head[0] + 3.8, head[1] + 1.2), 0.6)
    poly(bird, PLUME, [(head[0] - 0.6, head[1] - 3.6), (head[0] - 1.6, head[1] - 7.4), (head[0] + 0.4, head[1] - 6.4),
                       (head[0] + 1.8, head[1] - 7.2), (head[0] + 1.0, head[1] - 3.6)])
    poly(bird, YELLOW, [(head[0] + 4.4, head[1] + 0.2), (head[0] + 5.6, head[1] + 1.0), (head[0] + 4.4, head[1] + 1.8)])


def flying(bird: pygame.Surface, c: Mapping[str, Colour], falcon: bool, span: float | None) -> None:
    """In flight seen from above, heading east, as it crosses the board: the falcon with long pointed wings
    and a narrow tail, the goshawk with broad fingered wings and a long rounded tail. ``span`` is how much of
    the wings shows (a raised or lowered wing is foreshortened); ``None`` folds them for a stoop."""
    cx, cy = 16.0, 16.0
    tail_end = 3.6 if falcon else 2.6
    spread = 1.6 if falcon else 2.4
    tail = [(cx - 4, cy - 1.4), (tail_end, cy - spread - (0.4 if span is None else 1.0)),
            (tail_end - 0.6, cy), (tail_end, cy + spread + (0.4 if span is None else 1.0)), (cx - 4, cy + 1.4)]
    poly(bird, c["back"], tail)
    for band in (0.35, 0.7):
        x = cx - 4 + (tail_end - cx + 4) * band
        line(bird, c["dark"], (x, cy - spread * band - 0.6), (x, cy + spread * band + 0.6), 0.6)
    if span is None:
        for side in (-1, 1):
            poly(bird, c["dark"], [(cx + 3, cy + side * 1.8), (cx - 9, cy + side * 1.2), (cx - 2, cy + side * 3.0)])
    else:
        for side in (-1, 1):
            paint_wing(bird, (cx, cy), span, side, c, falcon)
    poly(bird, c["back"], ellipse(cx, cy, 6.4, 2.9 if falcon else 3.3))
    poly(bird, shade(c["back"], 0.2), ellipse(cx + 0.6, cy, 3.6, 1.3))
    head = (cx + 6.4, cy)
    poly(bird, c["cap"], ellipse(head[0], head[1], 2.6, 2.3))
    if not falcon:
        for side in (-1, 1):
            line(bird, (250, 250, 246), (head[0] - 1.6, cy + side * 1.5), (head[0] + 1.2, cy + side * 1.3), 0.5)
    poly(bird, YELLOW, [(head[0] + 2.2, cy - 0.8), (head[0] + 3.8, cy), (head[0] + 2.2, cy + 0.8)])


def paint_wing(bird: pygame.Surface, middle: Point, span: float, side: int, c: Mapping[str, Colour],
               falcon: bool) -> None:
    """One wing from above, ``side`` -1 to the north of the body, 1 to the south; its length along the span
    times ``span``. The falcon's sweeps back to a point, the goshawk's ends in spread fingers."""
    cx, cy = middle
    if falcon:
        outline = [(2.6, 0.0), (3.2, 0.42), (1.4, 0.78), (-4.4, 1.0), (-2.6, 0.7), (-3.4, 0.36), (-3.6, 0.0)]
        reach = 13.6
    else:
        outline = [(2.4, 0.0), (2.8, 0.45), (1.8, 0.8), (0.6, 1.0), (-0.8, 0.93), (-2.0, 0.98), (-3.0, 0.88),
                   (-4.2, 0.8), (-5.0, 0.5), (-4.6, 0.0)]
        reach = 12.2
    points = [(cx + x, cy + side * (2.0 + span * reach * along)) for x, along in outline]
    poly(bird, c["back"], points)
    tips = [point for point, (_, along) in zip(points, outline) if along >= 0.7]
    poly(bird, c["dark"], [mix_point(points[1], points[-2], 0.55), *tips])
    line(bird, shade(c["back"], 0.3), points[0], points[1], 0.6)
