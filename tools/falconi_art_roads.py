"""Road tiles of the Falconi city for ``tools/make_falconi_art.py`` (F-2.1 and the crater), each drawn once at
rotation 0; the sheet builder turns them by quarter turns, which is exact.

Road geometry (road width, lanes, the U-turn's loop) comes from :mod:`scenes.falconi.sprites`, which the car
animations follow too.
"""

from __future__ import annotations

import math

from game.falconi.tiles import CROSSROADS, CURVE, OVERPASS, STRAIGHT, T_JUNCTION, U_TURN
from scenes.falconi.sprites import LANE, ROAD_HALF, TILE, U_LOOP_CENTRE, U_LOOP_RADIUS
from tools.falconi_art_pen import Colour, Pen, shade

T = TILE
LO, HI = T * (0.5 - ROAD_HALF), T * (0.5 + ROAD_HALF)  # the road's sides across a straight tile
MID = T / 2
PAVEMENT = (168, 164, 154)
KERB = (206, 202, 192)
ASPHALT = (66, 68, 76)
BRIDGE = (90, 92, 102)
LINE = (232, 232, 222)
CENTRE = (246, 206, 84)
GRASS = (92, 138, 74)
ROOFS = ((176, 92, 70), (126, 136, 156), (196, 170, 116), (150, 110, 90), (112, 150, 150), (186, 128, 96))


# --- road pieces (rotation 0 drawings; N is up) -----------------------------------------------------------------
def _arm(pen: Pen, edge: int, colour: Colour = ASPHALT) -> None:
    """The road from edge ``edge`` to the tile's middle square."""
    box = {0: (LO, 0, HI - LO, MID), 1: (MID, LO, T - MID, HI - LO), 2: (LO, MID, HI - LO, T - MID),
           3: (0, LO, MID, HI - LO)}[edge]
    pen.rect(KERB, box[0] - (1 if edge in (0, 2) else 0), box[1] - (1 if edge in (1, 3) else 0),
             box[2] + (2 if edge in (0, 2) else 0), box[3] + (2 if edge in (1, 3) else 0))
    pen.rect(colour, *box)


def _arm_lines(pen: Pen, edge: int, junction: bool) -> None:
    """Edge lines and the dashed centre line of an arm; they stop where a junction begins."""
    stop = LO if junction else MID
    along = [(0.0, stop), (T - stop, T), (T - stop, T), (0.0, stop)][edge]
    for side in (LO + 2, HI - 2):
        if edge in (0, 2):
            pen.band(LINE, (side, along[0]), (side, along[1]), 0.9)
        else:
            pen.band(LINE, (along[0], side), (along[1], side), 0.9)
    if edge in (0, 2):
        pen.dashes(CENTRE, (MID, along[0]), (MID, along[1]), 1.3, 5, 4, offset=0 if edge == 0 else 1)
    else:
        pen.dashes(CENTRE, (along[0], MID), (along[1], MID), 1.3, 5, 4, offset=0 if edge == 3 else 1)
    if junction:  # a stop line across the arm's own lane, where it meets the junction
        depth = [LO - 1.5, HI + 1.5, HI + 1.5, LO - 1.5][edge]
        if edge == 0:
            pen.band(LINE, (MID, depth), (LO + 1, depth), 1.4)
        elif edge == 2:
            pen.band(LINE, (MID, depth), (HI - 1, depth), 1.4)
        elif edge == 1:
            pen.band(LINE, (depth, MID), (depth, LO + 1), 1.4)
        else:
            pen.band(LINE, (depth, MID), (depth, HI - 1), 1.4)


def _square_side_lines(pen: Pen, missing: list[int]) -> None:
    """Edge lines along the sides of a junction square that no arm leaves by."""
    for edge in missing:
        fixed = [LO + 2, HI - 2, HI - 2, LO + 2][edge]
        if edge in (0, 2):
            pen.band(LINE, (LO + 2, fixed), (HI - 2, fixed), 0.9)
        else:
            pen.band(LINE, (fixed, LO + 2), (fixed, HI - 2), 0.9)


def _corner(pen: Pen, x: float, y: float, kind: int) -> None:
    """A small corner block of 16 × 16 pixels: a tree on grass, a kiosk or a little house."""
    w = LO
    pen.rect(GRASS if kind % 3 == 0 else PAVEMENT, x + 1.5, y + 1.5, w - 3, w - 3, radius=2)
    if kind % 3 == 0:
        pen.tree((x + w / 2, y + w / 2), 5.2)
    elif kind % 3 == 1:
        pen.house(x + 2.5, y + 2.5, w - 5.5, w - 5.5, ROOFS[kind % len(ROOFS)])
    else:
        pen.flat_roof(x + 2.5, y + 2.5, w - 5.5, w - 5.5, (150, 152, 160))


def _strip(pen: Pen, x: float, y: float, w: float, h: float, seed: int) -> None:
    """A block of buildings along a road: two or three houses with narrow gaps."""
    along_y = h > w
    length = h if along_y else w
    cuts = [0.0, length * (0.45 + 0.1 * (seed % 3)), length]
    for index, (a, b) in enumerate(zip(cuts, cuts[1:])):
        roof = ROOFS[(seed + index * 2) % len(ROOFS)]
        if along_y:
            box = (x + 2, y + a + 2, w - 4, b - a - 3.5)
        else:
            box = (x + a + 2, y + 2, b - a - 3.5, h - 4)
        if (seed + index) % 4 == 3:
            pen.flat_roof(*box, (144, 148, 156))
        else:
            pen.house(*box, roof, ridge_along_x=not along_y)


def road_tile(kind: int) -> Pen:
    """A road tile of ``kind`` at rotation 0 (F-2.1): two lanes, centre and edge lines, city blocks between."""
    pen = Pen(T, seed=kind * 7 + 1)
    pen.rect(PAVEMENT, 0, 0, T, T)
    if kind == STRAIGHT:
        _strip(pen, 0, 0, LO - 1, T, 1)
        _strip(pen, HI + 1, 0, LO - 1, T, 4)
        for edge in (0, 2):
            _arm(pen, edge)
        pen.rect(ASPHALT, LO, 0, HI - LO, T)
        for edge in (0, 2):
            _arm_lines(pen, edge, junction=False)
    elif kind == CURVE:
        _curve(pen)
    elif kind in (T_JUNCTION, CROSSROADS):
        ends = (1, 2, 3) if kind == T_JUNCTION else (0, 1, 2, 3)
        if kind == T_JUNCTION:
            _strip(pen, 0, 0, T, LO - 1, 2)
            _corner(pen, 0, HI, 0)
            _corner(pen, HI, HI, 1)
        else:
            for index, (x, y) in enumerate(((0, 0), (HI, 0), (HI, HI), (0, HI))):
                _corner(pen, x, y, index + 2)
        for edge in ends:
            _arm(pen, edge)
        pen.rect(ASPHALT, LO, LO, HI - LO, HI - LO)
        for edge in ends:
            _arm_lines(pen, edge, junction=True)
        _square_side_lines(pen, [edge for edge in range(4) if edge not in ends])
    elif kind == U_TURN:
        _u_turn(pen)
    elif kind == OVERPASS:
        _overpass(pen)
    return pen


def _curve(pen: Pen) -> None:
    """N–E: a quarter circle about the north-east corner, the inner corner a little garden, the outer a park."""
    corner = (T, 0.0)
    pen.rect(GRASS, 0, 0, T, T)
    pen.circle(PAVEMENT, corner, HI + 3)
    pen.house(3, HI - 4, 20, 19, ROOFS[0])
    pen.flat_roof(3, 30, 11, 12, (150, 152, 160))
    for centre, radius in (((8, 8), 5.5), ((20, 4.5), 4), ((44, 58), 5), ((57, 53), 4.2), ((29, 56), 4)):
        pen.tree(centre, radius)
    pen.circle(KERB, corner, HI + 1)
    pen.circle(ASPHALT, corner, HI)
    pen.circle(KERB, corner, LO + 1)
    pen.circle(GRASS, corner, LO)
    pen.tree((T - 6, 6), 5)
    start, end = math.pi / 2, math.pi
    for radius in (LO + 2, HI - 2):
        pen.arc(LINE, corner, radius, 0.9, start, end)
    pen.arc_dashes(CENTRE, corner, MID, 1.3, start, end, 5, 4)


def _u_turn(pen: Pen) -> None:
    """The road comes in from S and ends in a turning loop round a little island (F-3.2)."""
    centre = (MID, T * (1 - U_LOOP_CENTRE))
    outer, inner = T * (U_LOOP_RADIUS + LANE), T * (U_LOOP_RADIUS - LANE)
    pen.rect(GRASS, 0, 0, T, T)
    pen.house(2, 2, 13, 15, ROOFS[2])
    pen.house(T - 15, 2, 13, 15, ROOFS[4])
    pen.rect(PAVEMENT, 0, 38, LO - 1, T - 38)
    pen.rect(PAVEMENT, HI + 1, 38, LO - 1, T - 38)
    pen.flat_roof(2, 44, LO - 5, 18, (150, 152, 160))
    pen.house(HI + 3, 44, LO - 5, 18, ROOFS[5])
    pen.circle(KERB, centre, outer + 1.2)
    _arm(pen, 2)
    pen.circle(ASPHALT, centre, outer)
    pen.rect(ASPHALT, LO, centre[1], HI - LO, T - centre[1])
    pen.circle(KERB, centre, inner + 1)
    pen.circle(GRASS, centre, inner)
    pen.circle((214, 90, 110), (centre[0] - 1.5, centre[1] - 1), 1.3)
    pen.circle((240, 200, 70), (centre[0] + 1.6, centre[1] + 1.2), 1.2)
    top = centre[1] + outer * 0.82
    for side in (LO + 2, HI - 2):
        pen.band(LINE, (side, T), (side, top), 0.9)
    pen.dashes(CENTRE, (MID, T), (MID, centre[1] + outer), 1.3, 5, 4, offset=1)
    lane = T * U_LOOP_RADIUS
    pen.arc_dashes(LINE, centre, outer - 2, 0.9, -math.pi * 0.25, -math.pi * 0.75, 6, 3)
    for angle in (-math.pi * 0.5, -math.pi * 0.95, -math.pi * 0.05):  # arrows round the loop, anticlockwise
        tip = (centre[0] + math.cos(angle - 0.5) * lane, centre[1] + math.sin(angle - 0.5) * lane)
        back = (centre[0] + math.cos(angle) * lane, centre[1] + math.sin(angle) * lane)
        dx, dy = tip[0] - back[0], tip[1] - back[1]
        pen.poly(LINE, [tip, (back[0] - dy * 0.5, back[1] + dx * 0.5), (back[0] + dy * 0.5, back[1] - dx * 0.5)])


def _overpass(pen: Pen) -> None:
    """N–S underneath, E–W on a bridge above it: embankments in the corners, the bridge's shadow on the road
    below and its parapets on top (F-3.2: the two roads never join)."""
    for x, y in ((0, 0), (HI, 0), (HI, HI), (0, HI)):
        pen.rect((104, 148, 82), x, y, LO, LO)
        toward = 1 if x == 0 else -1  # the embankment slopes down towards the road underneath
        for i in range(4):
            pen.rect(shade((104, 148, 82), -0.06 * i), x + (LO - 4 - i * 3 if toward > 0 else i * 3), y, 3, LO)
    pen.tree((7, 7), 4.5)
    pen.tree((T - 7, T - 7), 4.5)
    _arm(pen, 0)
    _arm(pen, 2)
    pen.rect(shade(ASPHALT, -0.12), LO, 0, HI - LO, T)
    for edge in (0, 2):
        _arm_lines(pen, edge, junction=False)
    pen.rect((0, 0, 0, 110), LO, HI, HI - LO, 7, blend=True)  # the bridge's shadow falls south-east
    pen.rect((0, 0, 0, 60), LO, HI + 7, HI - LO, 3, blend=True)
    pen.rect((120, 120, 128), 0, LO - 3, T, HI - LO + 6)
    pen.rect(BRIDGE, 0, LO, T, HI - LO)
    for y in (LO + 2, HI - 2):
        pen.band(LINE, (0, y), (T, y), 0.9)
    pen.dashes(CENTRE, (0, MID), (T, MID), 1.3, 5, 4)
    for y in (LO - 3, HI + 1):  # parapets with posts
        pen.rect((214, 214, 220), 0, y, T, 2)
        for x in range(2, T, 8):
            pen.rect((150, 150, 160), x, y, 1.5, 2)


def crater_tile() -> Pen:
    """A blasted tile (F-5.5, F-6.6): a crossroads of broken road round a scorched crater."""
    pen = Pen(T, seed=99)
    ground = (150, 132, 108)
    pen.rect(ground, 0, 0, T, T)
    for _ in range(40):
        x, y = pen.rng.uniform(0, T), pen.rng.uniform(0, T)
        pen.circle(shade(ground, pen.rng.uniform(-0.2, 0.12)), (x, y), pen.rng.uniform(1, 3))
    broken = shade(ASPHALT, 0.05)
    pen.rect(KERB, LO - 1, 0, HI - LO + 2, T)
    pen.rect(KERB, 0, LO - 1, T, HI - LO + 2)
    pen.rect(broken, LO, 0, HI - LO, T)
    pen.rect(broken, 0, LO, T, HI - LO)
    for _ in range(16):  # holes torn out of the asphalt
        x, y = pen.rng.uniform(LO, HI), pen.rng.uniform(2, 18)
        for _turn in range(pen.rng.randrange(4)):
            x, y = T - y, x
        pen.circle(shade(ground, -0.1), (x, y), pen.rng.uniform(1.2, 2.6))
    for edge_start, edge_end in (((MID, 0), (MID, LO - 4)), ((MID, T), (MID, HI + 4)), ((0, MID), (LO - 4, MID)),
                                 ((T, MID), (HI + 4, MID))):
        pen.dashes(shade(CENTRE, -0.25), edge_start, edge_end, 1.3, 5, 4)
    for angle in range(0, 360, 30):  # scorch rays
        a = math.radians(angle + 15 + pen.rng.uniform(-8, 8))
        reach = pen.rng.uniform(18, 26)
        pen.band((20, 16, 14, 70), (MID, MID), (MID + math.cos(a) * reach, MID + math.sin(a) * reach),
                 pen.rng.uniform(3, 5), blend=True)
    pen.circle((84, 66, 52), (MID, MID), 14)
    pen.circle((52, 38, 30), (MID + 0.5, MID + 0.8), 11)
    pen.circle((28, 20, 16), (MID + 1, MID + 1.5), 7)
    for _ in range(14):
        a, r = pen.rng.uniform(0, math.tau), pen.rng.uniform(11, 15)
        pen.rect((168, 158, 146), MID + math.cos(a) * r - 1, MID + math.sin(a) * r - 1, pen.rng.uniform(1.5, 3),
                 pen.rng.uniform(1.5, 3))
    return pen
