"""The action icons of ``tools/make_ui_art.py``: one small drawing function per icon, in a 48-unit square.

Glyphs are drawn in white (``W``) and a lighter grey (``G``) for secondary parts; ``CUT`` punches holes, which
the dark outline added afterwards fills, so details read as dark lines. A tint multiplies the whole icon, so
the white becomes the tint and the outline stays dark.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from tools.ui_pen import CUT, G, Pen, Point, W, arc_points, chili_band, falcon_points, head, star_points


# --- Falconi's actions ---------------------------------------------------------------------------------------
def draw_tile(pen: Pen) -> None:
    pen.rect(G, (4, 35, 28, 5), 1.5)
    pen.rect(G, (4, 41, 28, 5), 1.5)
    pen.rect(W, (4, 5, 28, 27), 3)
    pen.rect(G, (15, 5, 6, 27))
    pen.stroke(W, [(40, 44), (40, 16)], 5)
    head(pen, W, (40, 5), -90, 12)


def place_tile(pen: Pen) -> None:
    for x, y, dx, dy in ((17, 17, 1, 1), (44, 17, -1, 1), (17, 44, 1, -1), (44, 44, -1, -1)):
        pen.stroke(G, [(x + 7 * dx, y), (x, y), (x, y + 7 * dy)], 3.5)
    pen.rect(W, (3, 3, 24, 24), 3)
    pen.rect(G, (3, 12, 24, 6))
    pen.stroke(W, [(24, 24), (30, 30)], 5)
    head(pen, W, (39, 39), 45, 12)


def rotate(pen: Pen) -> None:
    pen.arc(W, (24, 25), 14, -60, 215, 5.5)
    head(pen, W, (31, 6.5), -28, 13)


def _car(pen: Pen, x: float, y: float) -> None:
    """A small car in profile, its front to the right, its wheels' bottom at ``y``."""
    pen.polygon(W, [(x, y - 5), (x, y - 12), (x + 8, y - 14), (x + 12, y - 21), (x + 25, y - 21), (x + 30, y - 14),
                    (x + 36, y - 12), (x + 37, y - 5)])
    pen.polygon(CUT, [(x + 11.5, y - 14), (x + 14, y - 18.5), (x + 18, y - 18.5), (x + 18, y - 14)])
    pen.polygon(CUT, [(x + 20.5, y - 14), (x + 20.5, y - 18.5), (x + 24, y - 18.5), (x + 27, y - 14)])
    for wheel in (x + 9, x + 28):
        pen.circle(CUT, (wheel, y - 5), 6)
        pen.circle(W, (wheel, y - 5), 3.5)


def drive(pen: Pen) -> None:
    _car(pen, 9, 36)
    for y, length in ((19, 7), (25, 9), (31, 6)):
        pen.stroke(G, [(2, y), (2 + length, y)], 2.5)


def three_point_turn(pen: Pen) -> None:
    pen.stroke(W, [(13, 43), (13, 21)], 5.5)
    pen.arc(W, (22, 21), 9, 180, 360, 5.5)
    pen.stroke(W, [(31, 21), (31, 30)], 5.5)
    head(pen, W, (31, 43), 90, 12)
    pen.stroke(G, [(38, 12), (44, 6)], 3)
    pen.stroke(G, [(40, 18), (46, 16)], 3)


def escape_tile(pen: Pen) -> None:
    pen.stroke(G, [(26, 14), (26, 6), (5, 6), (5, 42), (26, 42), (26, 34)], 4.5)
    pen.stroke(W, [(13, 24), (33, 24)], 6)
    head(pen, W, (45, 24), 0, 14)


def accomplice(pen: Pen) -> None:
    pen.ellipse(W, (9, 30, 30, 28))
    pen.rect(CUT, (0, 44, 48, 4))
    pen.circle(W, (24, 21), 8.5)
    pen.ellipse(W, (7, 11, 34, 7))
    pen.rect(W, (14.5, 3, 19, 11), 4)
    pen.rect(G, (14.5, 9.5, 19, 3))
    pen.rect(CUT, (16, 19.5, 16, 4), 2)


def chili_bomb(pen: Pen) -> None:
    pen.circle(W, (21, 29), 14)
    pen.rect(W, (26, 11, 9, 8), 2)
    pen.arc(CUT, (21, 29), 9, 200, 250, 2.5)
    pen.stroke(G, [(31, 11), (34, 6), (39, 5)], 3)
    pen.polygon(W, star_points((41, 6), 6, 2.5))


def chili_boost(pen: Pen) -> None:
    chili_band(pen, W, (6, 43), (31, 12), 10, 14)
    pen.polygon(G, [(24, 11), (32, 7), (38, 13), (35, 19)])
    pen.stroke(G, [(33, 10), (36, 4), (41, 3)], 3.5)
    for y, length in ((26, 9), (33, 7)):
        pen.stroke(G, [(46 - length, y), (46, y)], 3)


def end_turn(pen: Pen) -> None:
    pen.stroke(W, [(5, 24), (24, 24)], 6)
    head(pen, W, (35, 24), 0, 15)
    pen.rect(W, (37, 7, 6, 34), 2)


def catch(pen: Pen) -> None:
    """Handcuffs: the police reach Don Falconi."""
    for x in (13, 35):
        pen.circle(W, (x, 32), 10, 4.5)
        pen.rect(W, (x - 5, 14, 10, 9), 2)
    pen.ellipse(G, (18, 12, 7, 6), 2)
    pen.ellipse(G, (23, 12, 7, 6), 2)


def blast(pen: Pen) -> None:
    """A Chili Bomb going off on a blocked road."""
    points: list[Point] = []
    for i in range(22):
        radius = (22, 10, 17, 10)[i % 4] if i % 2 == 0 else 9.5
        angle = math.radians(i * 360 / 22 - 90)
        points.append((24 + radius * math.cos(angle), 25 + radius * math.sin(angle)))
    pen.polygon(W, points)
    pen.polygon(G, [(24 + (x - 24) * 0.45, 25 + (y - 25) * 0.45) for x, y in points])


def keep(pen: Pen) -> None:
    """A drawn tile put aside into the reserve."""
    pen.stroke(G, [(5, 27), (5, 43), (43, 43), (43, 27)], 4.5)
    pen.rect(W, (13, 18, 22, 20), 3)
    pen.rect(G, (21, 18, 6, 20))
    pen.stroke(W, [(24, 2), (24, 8)], 4.5)
    head(pen, W, (24, 15), 90, 9)


def pass_turn(pen: Pen) -> None:
    """Do without: no Chili Bomb this time."""
    pen.circle(W, (24, 24), 18, 5)
    pen.stroke(W, [(12, 12), (36, 36)], 5)


def step(pen: Pen) -> None:
    """Drive on by one tile."""
    pen.rect(G, (3, 14, 20, 20), 3, 3)
    pen.rect(G, (25, 14, 20, 20), 3, 3)
    pen.stroke(W, [(10, 24), (28, 24)], 5)
    head(pen, W, (40, 24), 0, 12)


# --- Fredericus' actions -------------------------------------------------------------------------------------
def move_card(pen: Pen) -> None:
    pen.rect(G, (20, 12, 20, 28), 3)
    pen.rect(W, (6, 6, 20, 28), 3)
    pen.rect(CUT, (10, 10, 12, 20), 2)
    pen.polygon(W, star_points((16, 20), 5, 2.2))
    pen.stroke(W, [(18, 42), (33, 42)], 4.5)
    head(pen, W, (44, 42), 0, 11)


def move_raptor(pen: Pen) -> None:
    pen.polygon(W, falcon_points(24, 24, 46))


def capture(pen: Pen) -> None:
    pen.circle(W, (24, 24), 16, 4.5)
    for a, b in (((24, 2), (24, 13)), ((24, 35), (24, 46)), ((2, 24), (13, 24)), ((35, 24), (46, 24))):
        pen.stroke(W, [a, b], 4.5)
    pen.circle(W, (24, 24), 4)


def hood(pen: Pen) -> None:
    body = [(7, 41), (7, 29)] + arc_points((21, 26), 14, 190, 330, 16) + [(39, 27), (41, 34), (32, 33), (30, 41)]
    pen.polygon(W, body)
    pen.arc(CUT, (21, 28), 9.5, 195, 300, 2)
    pen.stroke(CUT, [(7, 35), (30, 35)], 1.8)
    pen.circle(W, (21, 10), 4)
    for tip in ((15, 3), (21, 1), (27, 3)):
        pen.stroke(G, [(21, 8), tip], 2.5)


def flip_row(pen: Pen) -> None:
    for x, colour in ((3, W), (18, G), (33, W)):
        pen.rect(colour, (x, 24, 12, 18), 2)
    pen.arc(W, (24, 22), 14, 200, 330, 4)
    head(pen, W, (40, 18), 70, 10)


def bet(pen: Pen) -> None:
    for y in (35, 27, 19):
        for colour, grow in ((CUT, 1.5), (W, 0)):
            pen.ellipse(colour, (7 - grow, y - grow, 34 + 2 * grow, 10 + 2 * grow))
            pen.rect(colour, (7 - grow, y - 5, 34 + 2 * grow, 10))
            pen.ellipse(colour, (7 - grow, y - 10 - grow, 34 + 2 * grow, 10 + 2 * grow))
    pen.ellipse(G, (14, 10.5, 20, 5))


def seal(pen: Pen) -> None:
    """The imperial seal, discarded from the end of a row."""
    points = [(24 + (18 + 1.8 * math.sin(12 * a)) * math.cos(a), 24 + (18 + 1.8 * math.sin(12 * a)) * math.sin(a))
              for a in (math.radians(i * 3) for i in range(120))]
    pen.polygon(W, points)
    pen.circle(CUT, (24, 24), 12, 1.8)
    pen.polygon(G, star_points((24, 24.5), 8, 3.4))


def tidy(pen: Pen) -> None:
    """The last three cards of a row moved back to its start."""
    for x in (4, 18, 32):
        pen.rect(W, (x, 6, 12, 17), 2)
    pen.arc(W, (24, 26), 15, 10, 165, 4)
    head(pen, W, (8, 22), -95, 10)


# --- the game's controls -------------------------------------------------------------------------------------
def undo(pen: Pen) -> None:
    pen.arc(W, (26, 27), 13, 190, 450, 5.5)
    head(pen, W, (8, 30), 95, 13)


def hint(pen: Pen) -> None:
    pen.circle(W, (24, 19), 13)
    pen.rect(W, (17, 26, 14, 8), 2)
    pen.rect(G, (17.5, 35, 13, 3.5), 1.5)
    pen.rect(G, (19.5, 40, 9, 3.5), 1.5)
    pen.stroke(CUT, [(20, 27), (22, 18), (26, 18), (28, 27)], 2)
    for a in (200, 245, 295, 340):
        x, y = math.cos(math.radians(a)), math.sin(math.radians(a))
        pen.stroke(G, [(24 + 16.5 * x, 19 + 16.5 * y), (24 + 21 * x, 19 + 21 * y)], 2.5)


def log(pen: Pen) -> None:
    pen.rect(W, (8, 4, 32, 40), 4)
    for y in (12, 19, 26, 33):
        pen.rect(CUT, (14, y, 20 if y < 33 else 12, 3), 1)


def pause(pen: Pen) -> None:
    pen.rect(W, (11, 8, 9, 32), 2.5)
    pen.rect(W, (28, 8, 9, 32), 2.5)


def settings(pen: Pen) -> None:
    points: list[Point] = []
    for tooth in range(8):
        base = tooth * 45
        for angle, radius in ((base - 16, 14), (base - 9, 20), (base + 9, 20), (base + 16, 14)):
            points.append((24 + radius * math.cos(math.radians(angle)), 24 + radius * math.sin(math.radians(angle))))
    pen.polygon(W, points)
    pen.circle(W, (24, 24), 15)
    pen.circle(CUT, (24, 24), 6)


def rules(pen: Pen) -> None:
    pen.polygon(W, [(23, 12), (4, 8), (4, 38), (23, 42)])
    pen.polygon(W, [(25, 12), (44, 8), (44, 38), (25, 42)])
    for y in (16, 22, 28):
        pen.stroke(CUT, [(8, y), (19, y + 1)], 1.8)
        pen.stroke(CUT, [(29, y + 1), (40, y)], 1.8)


def back(pen: Pen) -> None:
    pen.stroke(W, [(43, 24), (18, 24)], 6.5)
    head(pen, W, (4, 24), 180, 17)


def confirm(pen: Pen) -> None:
    pen.stroke(W, [(8, 25), (19, 36), (40, 12)], 7)


def star(pen: Pen) -> None:
    pen.polygon(W, star_points((24, 25.5), 21, 8.6))


def star_empty(pen: Pen) -> None:
    pen.polygon(W, star_points((24, 25.5), 21, 8.6))
    pen.polygon(CUT, star_points((24, 25.5), 12, 4.9))


def player(pen: Pen) -> None:
    pen.ellipse(W, (8, 29, 32, 30))
    pen.rect(CUT, (0, 44, 48, 4))
    pen.circle(W, (24, 15), 10)


def ai(pen: Pen) -> None:
    pen.rect(G, (4, 21, 5, 12), 2)
    pen.rect(G, (39, 21, 5, 12), 2)
    pen.rect(W, (8, 13, 32, 28), 7)
    pen.circle(CUT, (18, 25), 4)
    pen.circle(CUT, (30, 25), 4)
    pen.rect(CUT, (17, 33, 14, 3), 1)
    pen.stroke(W, [(24, 13), (24, 7)], 3)
    pen.circle(W, (24, 5), 3.5)


def gamepad(pen: Pen) -> None:
    pen.ellipse(W, (3, 15, 18, 27))
    pen.ellipse(W, (27, 15, 18, 27))
    pen.rect(W, (9, 13, 30, 18), 8)
    pen.rect(CUT, (10.5, 19.5, 3, 10), 1)
    pen.rect(CUT, (7, 23, 10, 3), 1)
    for x, y in ((34, 20), (38, 24), (30, 24), (34, 28)):
        pen.circle(CUT, (x, y), 2)


def keyboard(pen: Pen) -> None:
    pen.rect(W, (2, 11, 44, 27), 4)
    for row, y in enumerate((15, 21)):
        for column in range(6 - row):
            pen.rect(CUT, (6 + row * 3 + column * 6.4, y, 4, 4), 1)
    pen.rect(CUT, (12, 29, 24, 4), 1)


def mouse(pen: Pen) -> None:
    pen.rect(W, (12, 4, 24, 40), 12)
    pen.stroke(CUT, [(12, 20), (36, 20)], 2)
    pen.stroke(CUT, [(24, 4), (24, 20)], 2)
    pen.rect(G, (22, 9, 4, 7), 2)


def volume(pen: Pen) -> None:
    pen.rect(W, (4, 17, 9, 14), 2)
    pen.polygon(W, [(11, 17), (23, 7), (23, 41), (11, 31)])
    pen.arc(W, (24, 24), 9, -45, 45, 3.5)
    pen.arc(W, (24, 24), 17, -50, 50, 3.5)


# --- the replay's transport: the same shapes as a media player's -----------------------------------------
def _triangle(pen: Pen, tip_x: float, back_x: float, half: float = 15) -> None:
    """A solid triangle pointing from ``back_x`` to ``tip_x`` (left or right), centred on the middle line."""
    pen.polygon(W, [(tip_x, 24), (back_x, 24 - half), (back_x, 24 + half)])


def first(pen: Pen) -> None:
    """|◀ : back to the start."""
    pen.rect(W, (7, 9, 7, 30), 2)
    _triangle(pen, 14, 41)


def last(pen: Pen) -> None:
    """▶| : on to the end."""
    _triangle(pen, 34, 7)
    pen.rect(W, (34, 9, 7, 30), 2)


def step_back(pen: Pen) -> None:
    """◀◀ : one action back."""
    _triangle(pen, 3, 24, 13)
    _triangle(pen, 22, 43, 13)


def step_forward(pen: Pen) -> None:
    """▶▶ : one action on."""
    _triangle(pen, 24, 5, 13)
    _triangle(pen, 45, 26, 13)


def close(pen: Pen) -> None:
    """✕ : close this screen."""
    pen.stroke(W, [(11, 11), (37, 37)], 7)
    pen.stroke(W, [(37, 11), (11, 37)], 7)


# --- menu items ----------------------------------------------------------------------------------------------
def play(pen: Pen) -> None:
    pen.polygon(W, [(12, 6), (41, 24), (12, 42)])


def resume(pen: Pen) -> None:
    pen.rect(W, (6, 8, 8, 32), 2)
    pen.polygon(W, [(19, 8), (43, 24), (19, 40)])


def leave(pen: Pen) -> None:
    pen.arc(W, (24, 26), 16, -50, 230, 5.5)
    pen.stroke(W, [(24, 4), (24, 24)], 5.5)


def delete(pen: Pen) -> None:
    """A waste-bin: a lid with its handle over a tapering, ribbed body."""
    pen.rect(W, (18, 3, 12, 8), 2.5)
    pen.rect(CUT, (21.5, 6, 5, 5))
    pen.rect(W, (5, 9, 38, 6), 2)
    pen.polygon(W, [(9, 18), (39, 18), (35.5, 45), (12.5, 45)])
    for top, bottom in ((16.5, 18), (24, 24), (31.5, 30)):
        pen.stroke(CUT, [(top, 23), (bottom, 40)], 2.6)


def home(pen: Pen) -> None:
    pen.polygon(W, [(24, 4), (45, 23), (39, 23), (39, 43), (9, 43), (9, 23), (3, 23)])
    pen.rect(CUT, (19, 29, 10, 14), 1)


def language(pen: Pen) -> None:
    pen.circle(W, (24, 24), 19)
    pen.ellipse(CUT, (16, 6, 16, 36), 2)
    pen.stroke(CUT, [(24, 5), (24, 43)], 2)
    pen.stroke(CUT, [(5, 24), (43, 24)], 2)
    pen.stroke(CUT, [(8, 15), (40, 15)], 2)
    pen.stroke(CUT, [(8, 33), (40, 33)], 2)


def window(pen: Pen) -> None:
    pen.rect(W, (3, 7, 42, 34), 4)
    pen.rect(CUT, (7, 15, 34, 22), 1)
    pen.stroke(G, [(12, 31), (19, 24), (24, 28), (30, 21), (36, 27)], 2.5)


def music(pen: Pen) -> None:
    pen.ellipse(W, (5, 31, 14, 11))
    pen.ellipse(W, (27, 27, 14, 11))
    pen.rect(W, (15, 9, 4, 28))
    pen.rect(W, (37, 5, 4, 28))
    pen.polygon(W, [(15, 9), (41, 3), (41, 11), (15, 17)])


def speed(pen: Pen) -> None:
    pen.arc(W, (24, 30), 19, 180, 360, 5)
    pen.stroke(W, [(24, 30), (35, 17)], 4)
    pen.circle(W, (24, 30), 4.5)
    for angle in (210, 240, 270, 300, 330):
        x, y = math.cos(math.radians(angle)), math.sin(math.radians(angle))
        pen.stroke(G, [(24 + 10 * x, 30 + 10 * y), (24 + 13 * x, 30 + 13 * y)], 2)


def fullscreen(pen: Pen) -> None:
    for x, y, dx, dy in ((5, 5, 1, 1), (43, 5, -1, 1), (5, 43, 1, -1), (43, 43, -1, -1)):
        pen.stroke(W, [(x + 12 * dx, y), (x, y), (x, y + 12 * dy)], 5)
    pen.rect(G, (15, 15, 18, 18), 2)


def eye(pen: Pen) -> None:
    upper = arc_points((24, 42), 26, 232, 308, 20)
    lower = arc_points((24, 6), 26, 52, 128, 20)
    pen.polygon(W, upper + lower)
    pen.circle(CUT, (24, 24), 8)
    pen.circle(W, (24, 24), 4.5)


def shake(pen: Pen) -> None:
    pen.rect(W, (13, 8, 22, 32), 4)
    pen.rect(CUT, (17, 12, 14, 20), 1)
    for side in (-1, 1):
        pen.stroke(G, [(24 + 15 * side, 14), (24 + 19 * side, 20), (24 + 15 * side, 26), (24 + 19 * side, 32)], 2.5)


GLYPHS: dict[str, Callable[[Pen], None]] = {
    "draw_tile": draw_tile, "place_tile": place_tile, "rotate": rotate, "drive": drive, "step": step,
    "three_point_turn": three_point_turn, "escape_tile": escape_tile, "accomplice": accomplice,
    "chili_bomb": chili_bomb, "chili_boost": chili_boost, "end_turn": end_turn, "catch": catch, "blast": blast,
    "keep": keep, "pass": pass_turn, "move_card": move_card, "seal": seal, "tidy": tidy,
    "move_raptor": move_raptor, "capture": capture, "hood": hood, "flip_row": flip_row, "bet": bet,
    "undo": undo, "hint": hint, "log": log, "pause": pause, "settings": settings, "rules": rules, "back": back,
    "confirm": confirm, "star": star, "star_empty": star_empty, "player": player, "ai": ai, "gamepad": gamepad,
    "keyboard": keyboard, "mouse": mouse, "volume": volume, "play": play, "resume": resume, "quit": leave,
    "delete": delete, "home": home, "language": language, "window": window, "music": music, "speed": speed,
    "fullscreen": fullscreen, "eye": eye, "shake": shake, "first": first, "step_back": step_back,
    "step_forward": step_forward, "last": last, "close": close,
}
