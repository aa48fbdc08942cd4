"""The frame of the Falconi city for ``tools/make_falconi_art.py``: empty lots, the corners, and the border slots
(F-1.2 … F-1.5) with their district scenery, prison, police stations, tunnel mouths and escape tiles, each drawn
for the north side of the city (outside is up); the sheet builder turns them to the other sides.
"""

from __future__ import annotations

import math

from scenes.falconi.sprites import LANE
from tools.falconi_art_pen import Pen, shade
from tools.falconi_art_roads import ASPHALT, CENTRE, GRASS, HI, KERB, LINE, LO, MID, PAVEMENT, T

LOT = (46, 58, 50)
BAND = 6  # the district band along a border slot's inner edge
NONE_BAND = (118, 118, 126)


def lot_tile() -> Pen:
    """An empty cell of the grid: a dark vacant lot, so laid tiles and their roads stand out."""
    pen = Pen(T, seed=5)
    pen.rect(LOT, 0, 0, T, T)
    for _ in range(70):
        x, y = pen.rng.uniform(2, T - 2), pen.rng.uniform(2, T - 2)
        pen.circle(shade(LOT, pen.rng.uniform(-0.18, 0.12)), (x, y), pen.rng.uniform(0.6, 1.6))
    pen.rect((64, 80, 68), 0, 0, T, 1)
    pen.rect((64, 80, 68), 0, 0, 1, T)
    pen.rect((36, 46, 40), 0, T - 1, T, 1)
    pen.rect((36, 46, 40), T - 1, 0, 1, T)
    return pen


def corner_tile() -> Pen:
    """A corner of the border ring: a small square with a tree."""
    pen = Pen(T, seed=6)
    pen.rect((40, 46, 58), 0, 0, T, T)
    pen.rect((58, 66, 80), 6, 6, T - 12, T - 12, radius=6)
    pen.rect(GRASS, 10, 10, T - 20, T - 20, radius=5)
    pen.tree((MID, MID), 12)
    return pen


def _band(pen: Pen, road: bool = False) -> None:
    """The inner edge of a border slot: a kerb and the district's colour band (the road, if any, crosses it)."""
    pen.rect(KERB, 0, T - BAND - 2, T, 2)
    if road:
        pen.rect((232, 232, 232), 0, T - BAND, LO - 1, BAND, tint=255)
        pen.rect((232, 232, 232), HI + 1, T - BAND, LO - 1, BAND, tint=255)
    else:
        pen.rect((232, 232, 232), 0, T - BAND, T, BAND, tint=255)
    pen.rect((0, 0, 0, 70), 0, T - BAND, T, 1, blend=True)


def plain_slot(look: str, variant: int) -> Pen:
    """A plain border slot of a district on the city's north side: country fields, port quays, forest,
    or the prison's walled yard."""
    pen = Pen(T, seed=("country", "port", "forest", "none").index(look) * 10 + variant)
    {"country": _country, "port": _port, "forest": _forest, "none": _yard}[look](pen, variant)
    if look == "none":
        pen.rect(KERB, 0, T - BAND - 2, T, 2)
        pen.rect(NONE_BAND, 0, T - BAND, T, BAND)
    else:
        _band(pen)
    return pen


def _country(pen: Pen, variant: int) -> None:
    field = ((214, 182, 86), (150, 176, 76), (200, 160, 80))[variant]
    pen.rect(field, 0, 0, T, T - BAND)
    for x in range(2, T, 6):  # furrows
        pen.band(shade(field, -0.16), (x, 1), (x, T - BAND - 3), 1.6)
    pen.rect((84, 122, 62), 0, T - BAND - 6, T, 4)  # a hedge along the road
    for x in range(3, T, 7):
        pen.circle((74, 112, 54), (x, T - BAND - 4), 2.6)
    if variant == 0:
        pen.house(8, 10, 26, 16, (178, 62, 50))
        pen.rect((130, 110, 90), 34, 20, 18, 12, radius=2)
        pen.tree((52, 10), 6)
    elif variant == 1:
        for x, y in ((14, 14), (30, 28), (46, 12), (50, 34)):
            pen.circle((0, 0, 0, 60), (x + 1.5, y + 1.5), 4.5, blend=True)
            pen.circle((226, 196, 110), (x, y), 4.5)
            pen.circle((196, 160, 82), (x, y), 2.4)
    else:
        pen.rect((122, 170, 84), 0, 0, T, T - BAND - 6)
        for x in range(4, T, 10):
            pen.rect((120, 90, 60), x, 30, 1.5, 10)
        pen.band((120, 90, 60), (0, 33), (T, 33), 1)
        pen.tree((18, 14), 8)
        pen.tree((46, 18), 6.5)


def _port(pen: Pen, variant: int) -> None:
    water = (44, 98, 150)
    pen.rect(water, 0, 0, T, 24)
    for _ in range(10):
        x, y = pen.rng.uniform(2, T - 8), pen.rng.uniform(2, 20)
        pen.band(shade(water, 0.35), (x, y), (x + pen.rng.uniform(3, 7), y), 1)
    pen.rect((150, 146, 138), 0, 24, T, T - BAND - 24)  # the quay
    pen.rect((110, 106, 100), 0, 24, T, 2)
    for x in range(6, T, 14):  # bollards
        pen.circle((40, 40, 44), (x, 28), 1.3)
    if variant == 0:
        colours = ((196, 70, 52), (52, 112, 180), (220, 164, 48), (60, 150, 96))
        for index, (x, y) in enumerate(((4, 33), (22, 33), (40, 33), (13, 44), (31, 44))):
            colour = colours[(index * 3) % 4]
            pen.rect((0, 0, 0, 80), x + 1, y + 1.2, 16, 9, blend=True)
            pen.rect(colour, x, y, 16, 9)
            for stripe in range(1, 8):
                pen.band(shade(colour, -0.2), (x + stripe * 2, y + 0.5), (x + stripe * 2, y + 8.5), 0.6)
    elif variant == 1:
        pen.poly((0, 0, 0, 70), [(14, 6), (44, 6), (50, 12), (44, 18), (14, 18)], blend=True)
        pen.poly((230, 230, 232), [(12, 4), (42, 4), (48, 10), (42, 16), (12, 16)])
        pen.rect((176, 64, 56), 16, 7, 14, 6, radius=1)
        pen.flat_roof(6, 32, 40, 18, (136, 124, 112))
    else:
        pen.rect((0, 0, 0, 70), 30, 32, 30, 16, blend=True)
        pen.rect((232, 178, 44), 26, 28, 8, 20)  # a crane: its body and its arm over the water
        pen.band((232, 178, 44), (30, 32), (30, 2), 3)
        pen.band((60, 60, 60), (30, 6), (30, 2), 1)
        pen.rect((52, 112, 180), 4, 34, 16, 9)
        pen.rect((196, 70, 52), 40, 38, 18, 9)


def _forest(pen: Pen, variant: int) -> None:
    pen.rect((40, 78, 44), 0, 0, T, T - BAND)
    leaves = ((46, 104, 52), (58, 120, 56), (38, 92, 60))
    if variant == 2:
        pen.house(20, 24, 20, 14, (120, 84, 60))
    spots = [(x + pen.rng.uniform(-3, 3), y + pen.rng.uniform(-3, 3)) for y in range(6, 56, 11)
             for x in range(5 + (y // 11 % 2) * 5, T, 12)]
    for x, y in spots:
        if variant == 2 and 14 < x < 46 and 18 < y < 44:
            continue
        pen.tree((x, y), pen.rng.uniform(5, 7.2), leaves[pen.rng.randrange(3)])


def _yard(pen: Pen, variant: int) -> None:
    """The prison's grounds beside it: a high outer wall with barbed wire, and a yard inside."""
    pen.rect((132, 132, 138), 0, 0, T, T - BAND)
    for y in range(12, T - BAND, 6):  # concrete slabs
        pen.band((120, 120, 126), (0, y), (T, y), 0.6)
    if variant == 0:  # a basketball court
        pen.rect((176, 104, 74), 8, 16, 48, 32)
        for box in ((8, 16, 48, 32), (22, 16, 20, 12)):
            pen.rect((240, 240, 240), *box[:2], box[2], 0.9)
            pen.rect((240, 240, 240), box[0], box[1] + box[3] - 0.9, box[2], 0.9)
            pen.rect((240, 240, 240), box[0], box[1], 0.9, box[3])
            pen.rect((240, 240, 240), box[0] + box[2] - 0.9, box[1], 0.9, box[3])
        pen.arc((240, 240, 240), (32, 48), 8, 0.9, math.pi, math.tau)
        pen.circle((230, 120, 40), (32, 18.5), 1.8)
    elif variant == 1:  # a watchtower sweeping the yard with its searchlight
        pen.poly((255, 246, 190, 70), [(32, 30), (6, 54), (26, 56)], blend=True)
        pen.rect((0, 0, 0, 90), 25, 23, 16, 16, blend=True)
        pen.rect((70, 70, 78), 23, 21, 16, 16, radius=1)
        pen.rect((96, 96, 104), 25, 23, 12, 12)
        pen.circle((255, 240, 170), (31, 29), 2.4)
    else:  # an exercise lawn with a running track
        pen.rect((86, 128, 70), 6, 16, 52, 32, radius=14)
        pen.rect((176, 110, 80), 9, 19, 46, 26, radius=12)
        pen.rect((86, 128, 70), 14, 24, 36, 16, radius=8)
    pen.rect((0, 0, 0, 80), 0, 9, T, 3, blend=True)
    pen.rect((96, 96, 104), 0, 0, T, 9)  # the outer wall and the wire on it
    pen.rect((158, 158, 166), 0, 0, T, 2)
    for x in range(0, T, 4):
        pen.band((30, 30, 34), (x, 3.5), (x + 2, 6.5), 0.7)
        pen.band((30, 30, 34), (x + 2, 6.5), (x + 4, 3.5), 0.7)


def prison_slot() -> Pen:
    """The prison (F-1.3): walls with watchtowers, a cell block with barred roof lights, a gate to the road."""
    pen = Pen(T, seed=41)
    pen.rect((96, 98, 106), 0, 0, T, T)
    pen.rect((0, 0, 0, 90), 4, 4, T - 6, 40, blend=True)
    pen.rect((132, 134, 142), 2, 2, T - 4, 40, radius=2)
    pen.rect((80, 82, 90), 6, 6, T - 12, 32)
    pen.flat_roof(10, 9, T - 20, 16, (150, 150, 158))
    for x in range(13, T - 12, 4):
        pen.rect((34, 34, 40), x, 12, 1.6, 10)
    for x, y in ((2, 2), (T - 10, 2), (2, 34), (T - 10, 34)):
        pen.rect((60, 60, 68), x, y, 8, 8, radius=1)
        pen.circle((250, 236, 150), (x + 4, y + 4), 1.6)
    pen.rect(KERB, LO - 1, 42, HI - LO + 2, T - 42)
    pen.rect(ASPHALT, LO, 40, HI - LO, T - 40)
    pen.rect((46, 46, 52), LO, 36, HI - LO, 6)  # the gate
    for x in range(int(LO) + 2, int(HI), 4):
        pen.rect((160, 160, 170), x, 36, 1.2, 6)
    for side in (LO + 2, HI - 2):
        pen.band(LINE, (side, 44), (side, T), 0.9)
    pen.dashes(CENTRE, (MID, 44), (MID, T), 1.3, 5, 4)
    pen.rect(KERB, 0, T - BAND - 2, LO - 1, 2)
    pen.rect(KERB, HI + 1, T - BAND - 2, LO - 1, 2)
    pen.rect(NONE_BAND, 0, T - BAND, LO - 1, BAND)
    pen.rect(NONE_BAND, HI + 1, T - BAND, LO - 1, BAND)
    return pen


def station_slot() -> Pen:
    """A police station (F-1.3): a building with a roof in the district's colour and a badge, its yard and
    the road out to the city."""
    pen = Pen(T, seed=42)
    pen.rect(PAVEMENT, 0, 0, T, T)
    pen.rect((0, 0, 0, 90), 5, 4, T - 8, 26, blend=True)
    pen.rect((232, 232, 232), 3, 2, T - 6, 26, radius=2, tint=170)
    pen.rect((232, 232, 232), 5, 4, T - 10, 22, radius=1, tint=255)
    pen.circle((244, 244, 244), (MID, 15), 7)
    star = [(MID + math.cos(-math.pi / 2 + i * math.pi / 5) * (6 if i % 2 == 0 else 2.6),
             15 + math.sin(-math.pi / 2 + i * math.pi / 5) * (6 if i % 2 == 0 else 2.6)) for i in range(10)]
    pen.poly((52, 96, 200), star)
    pen.rect(ASPHALT, 3, 30, T - 6, 12)
    for x in range(6, T - 6, 8):
        pen.band(LINE, (x, 31), (x, 37), 0.8)
    pen.rect(KERB, LO - 1, 42, HI - LO + 2, T - 42)
    pen.rect(ASPHALT, LO, 30, HI - LO, T - 30)
    for side in (LO + 2, HI - 2):
        pen.band(LINE, (side, 44), (side, T), 0.9)
    pen.dashes(CENTRE, (MID, 44), (MID, T), 1.3, 5, 4)
    _band(pen, road=True)
    return pen


def tunnel_slot() -> Pen:
    """A tunnel mouth (F-1.4): a wooded hill with a portal, the district's colour on its frame."""
    pen = Pen(T, seed=43)
    pen.rect((70, 112, 62), 0, 0, T, T)
    for radius, amount in ((40, -0.1), (30, 0.0), (20, 0.08)):
        pen.circle(shade((84, 130, 70), amount), (MID, -4), radius)
    for x, y in ((8, 6), (56, 8), (20, 3), (44, 2)):
        pen.tree((x, y), 5.5)
    pen.rect(KERB, LO - 1, 30, HI - LO + 2, T - 30)
    pen.rect(ASPHALT, LO, 26, HI - LO, T - 26)
    for side in (LO + 2, HI - 2):
        pen.band(LINE, (side, 32), (side, T), 0.9)
    pen.dashes(CENTRE, (MID, 32), (MID, T), 1.3, 5, 4)
    pen.rect((232, 232, 232), LO - 5, 12, HI - LO + 10, 18, radius=7, tint=255)
    pen.rect((120, 120, 126), LO - 2, 15, HI - LO + 4, 15, radius=6)
    pen.rect((10, 10, 14), LO, 17, HI - LO, 13, radius=5)
    pen.rect((30, 30, 36), LO, 26, HI - LO, 4)
    for x in range(int(LO) + 3, int(HI) - 2, 5):
        pen.circle((250, 214, 120), (x, 19.5), 0.8)
    _band(pen, road=True)
    return pen


def escape_slot() -> Pen:
    """An escape tile (F-2.2) on a slot: a tile in the district's colour, the road up to a chequered line and
    the accomplice's getaway car waiting beyond it, and a star for the district's letter."""
    pen = Pen(T, seed=44)
    pen.rect((0, 0, 0, 110), 3, 4, T - 5, T - 5, radius=6, blend=True)
    pen.rect((232, 232, 232), 2, 2, T - 4, T - 4, radius=6, tint=255)
    pen.rect(ASPHALT, LO, 6, HI - LO, T - 6)
    pen.rect(ASPHALT, LO, 6, HI - LO, 12, radius=6)
    for side in (LO + 2, HI - 2):
        pen.band(LINE, (side, 36), (side, T), 0.9)
    pen.dashes(CENTRE, (MID, 38), (MID, T), 1.3, 5, 4)
    for row in range(2):  # the chequered line
        for column in range(8):
            colour = (245, 245, 245) if (row + column) % 2 == 0 else (20, 20, 24)
            pen.rect(colour, LO + column * 4, 32 + row * 2.5, 4, 2.5)
    getaway(pen, (MID + T * LANE, 19))
    pen.circle((0, 0, 0, 90), (13.5, 15), 10, blend=True)
    star = [(12 + math.cos(-math.pi / 2 + i * math.pi / 5) * (10.5 if i % 2 == 0 else 5),
             14 + math.sin(-math.pi / 2 + i * math.pi / 5) * (10.5 if i % 2 == 0 else 5)) for i in range(10)]
    pen.poly((250, 250, 250), star)
    pen.rect((250, 250, 250), 2, 2, T - 4, 1.2)
    return pen


def getaway(pen: Pen, centre: tuple[float, float]) -> None:
    """The accomplice's car, a small red convertible seen from above, pointing north (away from the city)."""
    x, y = centre
    pen.rect((0, 0, 0, 90), x - 6.5 + 1, y - 11 + 1.5, 13, 22, radius=4, blend=True)
    pen.rect((40, 14, 18), x - 6.5, y - 11, 13, 22, radius=4)
    pen.rect((204, 36, 44), x - 5.8, y - 10.3, 11.6, 20.6, radius=3.5)
    pen.rect((30, 30, 36), x - 4.5, y - 3, 9, 8, radius=2)  # open top: the seats
    pen.rect((120, 60, 40), x - 3.6, y - 1.5, 3, 3, radius=1)
    pen.rect((120, 60, 40), x + 0.6, y - 1.5, 3, 3, radius=1)
    pen.rect((170, 210, 240), x - 4.5, y - 5.5, 9, 2, radius=1)
    pen.band((250, 250, 250), (x, y - 10), (x, y - 6), 1.4)
    pen.band((250, 250, 250), (x, y + 6), (x, y + 10), 1.4)
    pen.rect((255, 244, 190), x - 5, y - 10.8, 2.5, 1.2)
    pen.rect((255, 244, 190), x + 2.5, y - 10.8, 2.5, 1.2)
