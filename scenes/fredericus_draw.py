"""The Fredericus board on screen: where every card, post, tower, token and tray sits, and placeholder painting.

The geometry comes from the castle map (R-1.1) scaled into ``BOARD_AREA``, so hotspots and drawing always agree.
Rows run outward from their towers, every card showing the same strip of itself whatever the row's length, so a
growing row only gets longer; only a row longer than the board can hold squeezes its inner cards, and even then
keeps the cards nearest its end as before, because the end cards are the ones the rules look at. The falconers'
trays, the objective deck, the status and the legend sit in the eight wedges between the rows, and the arrows of
the previews pass under them. Art replaces the painting later; the layout stays.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame
from pygame import Vector2

from game.fredericus.cards import FREDERICUS, KINDS, SEAL, SKY, TOWERS, TREE
from game.fredericus.castlemap import load_castle
from scenes.gameview import BOARD_AREA
from scenes.ui import TextCache, seat_colour

SCALE = 0.7  # map pixels to screen pixels: leaves the rows as much room as the castle can spare
POST_SCALE = 0.64  # the posts a little further in, so the raptors standing there leave the towers visible
MIDDLE = Vector2(BOARD_AREA.center)
MARGIN = 8  # between the board's edge and the farthest a row reaches: its destination box
STRIP = 18  # what a card leaves visible of the one before it, across or down the board: room for the card's sign
OUTER_STEPS = 5  # gaps at a row's end that keep their width when a row is too long for the board
BADGE = 22  # capture badge and ghost-slot size
CHIP = 20  # a captured creature's or an objective's chip
COUNT_RADIUS = 6  # the round count badge on a chip's top-right corner
CHIP_STEP = CHIP + COUNT_RADIUS + 1  # chip to chip along a line: a chip's count clears the next chip
ARROW_GAP = 4  # how far short of a panel a preview arrow stops before passing under it

BOARD_COLOUR = (34, 46, 38)
WALL = (156, 146, 124)
WALL_EDGE = (92, 84, 70)
COURTYARD = (118, 108, 90)
INK = (30, 24, 18)
Palette = Sequence[tuple[int, int, int]]  # a colour per seat (see scenes.ui.seat_colour)
SEAT_COLOURS: Palette = tuple(seat_colour("fredericus", seat) for seat in range(4))
CARD_COLOURS = {TREE: (58, 128, 62), SKY: (150, 200, 240), SEAL: (140, 28, 40)}
PARCHMENT = (238, 224, 190)
CREATURE_INK = (96, 42, 18)
GOLD = (232, 190, 80)
END_FRAME = (250, 246, 226)
BACK = (92, 64, 126)
LAST = (120, 230, 255)  # the last move
TALON = (255, 138, 40)  # a capture possible right now
WEDGE = (28, 36, 32)

# The eight wedges between the rows (see the module note), by their place round the board.
TRAY_RECTS = {
    "top": pygame.Rect(428, 4, 190, 104),
    "right": pygame.Rect(600, 384, 196, 108),
    "bottom": pygame.Rect(182, 612, 190, 104),
    "left": pygame.Rect(4, 188, 190, 104),
}
TRAY_PLACES = {2: ("top", "bottom"), 3: ("top", "right", "bottom"), 4: ("top", "right", "bottom", "left")}
DECK_RECT = pygame.Rect(182, 4, 194, 104)
STATUS_RECT = pygame.Rect(600, 190, 196, 146)
LEGEND_RECT = pygame.Rect(4, 384, 196, 146)
KEY_RECT = pygame.Rect(428, 612, 190, 104)


@dataclass(frozen=True)
class RowLayout:
    """One row on screen: its first card's centre, its outward direction, its card size and each card's offset."""

    origin: Vector2
    direction: Vector2
    size: tuple[int, int]
    offsets: tuple[float, ...]
    full_step: float

    @staticmethod
    def build(origin: Vector2, direction: Vector2, size: tuple[int, int], cards: int) -> RowLayout:
        """Cards ``STRIP`` apart (a diagonal step moves ``STRIP`` across and down), the destination box a whole
        card beyond the end; past what the board holds, the inner cards share what is left evenly."""
        full = 2 * _extent(size, direction) + 2  # the destination box lies clear of the end card
        step = STRIP / max(abs(direction.x), abs(direction.y))
        room = _room(origin, direction, size) - full
        gaps = max(cards - 1, 0)
        if gaps * step <= room:
            offsets = [index * step for index in range(cards)]
        else:  # the board holds more than OUTER_STEPS steps on every row, so some inner gaps remain to squeeze
            inner = gaps - OUTER_STEPS
            squeezed = (room - OUTER_STEPS * step) / inner
            offsets = [index * squeezed if index <= inner else inner * squeezed + (index - inner) * step
                       for index in range(cards)]
        return RowLayout(origin, direction, size, tuple(offsets), full)

    def centre(self, index: int) -> Vector2:
        """A card's centre; an empty row (R-1.2: it has no end) answers with its first place."""
        return self.origin + self.direction * (self.offsets[index] if self.offsets else 0)

    def card_rect(self, index: int) -> pygame.Rect:
        return _rect_at(self.centre(index), self.size)

    def slot_centre(self) -> Vector2:
        """Where a card moved here would lie: one full step beyond the end (the first place of an empty row)."""
        if not self.offsets:
            return Vector2(self.origin)
        return self.origin + self.direction * (self.offsets[-1] + self.full_step)

    def slot_rect(self) -> pygame.Rect:
        return _rect_at(self.slot_centre(), self.size)

    def badge_rect(self) -> pygame.Rect:
        """The capture hotspot, just beyond the end card, so it never hides the card's own hotspot."""
        gap = _extent(self.size, self.direction) + _extent((BADGE, BADGE), self.direction) + 2
        end = self.centre(len(self.offsets) - 1) if self.offsets else self.origin
        return _rect_at(end + self.direction * gap, (BADGE, BADGE))

    def strip(self, index: int) -> tuple[Vector2, tuple[float, float]]:
        """The middle and size of the visible part of a card (each later card covers the outer part of the one
        before it); on a diagonal that part is an L whose corner square holds the card's sign."""
        extent = _extent(self.size, self.direction)
        if index == len(self.offsets) - 1:
            return self.centre(index), self.size
        visible = min(self.offsets[index + 1] - self.offsets[index], 2 * extent)
        middle = self.centre(index) - self.direction * (extent - visible / 2)
        if self.direction.x == 0:
            return middle, (self.size[0], visible)
        if self.direction.y == 0:
            return middle, (visible, self.size[1])
        side = visible / 1.4142
        return middle, (side, side)


class Layout:
    """Every place on the board for one position: rows, towers, posts, courtyard, raptors and trays."""

    def __init__(self, row_lengths: Sequence[int], posts: Sequence[int], hooded: int, players: int) -> None:
        castle = load_castle()
        origin = Vector2(castle.centre)

        def place(x: float, y: float, scale: float = SCALE) -> Vector2:
            return MIDDLE + (Vector2(x, y) - origin) * scale

        self.towers = [place(spot.x, spot.y) for spot in castle.towers]
        self.posts = [place(spot.x, spot.y, POST_SCALE) for spot in castle.posts]
        self.segments = [place(spot.x, spot.y) for spot in castle.segments]
        self.rows = [
            RowLayout.build(place(row.x, row.y), Vector2(row.dx, row.dy).normalize(), _card_size(row.dx, row.dy),
                            row_lengths[row.number])
            for row in castle.rows
        ]
        self.raptors = _raptor_places(self, posts, hooded)
        self.trays = {seat: TRAY_RECTS[name] for seat, name in enumerate(TRAY_PLACES[players])}
        self.panels = [*self.trays.values(), DECK_RECT, STATUS_RECT, LEGEND_RECT, KEY_RECT]  # arrows pass under

    def tower_rect(self, tower: int) -> pygame.Rect:
        return _rect_at(self.towers[tower], (30, 30))

    def post_rect(self, post: int) -> pygame.Rect:
        return _rect_at(self.posts[post], (40, 36))

    def segment_rect(self, segment: int) -> pygame.Rect:
        return _rect_at(self.segments[segment], (20, 20))

    def centre_rect(self) -> pygame.Rect:
        return _rect_at(MIDDLE, (20, 20))

    def raptor_rect(self, raptor: int) -> pygame.Rect:
        centre, small = self.raptors[raptor]
        return _rect_at(centre, (12, 18) if small else (16, 24))

    def hand_rect(self, seat: int) -> pygame.Rect:
        """Where a falconer's tokens in hand lie in the tray."""
        tray = self.trays[seat]
        return pygame.Rect(tray.x + 4, tray.bottom - 24, 60, 20)

    def tray_token_centres(self, seat: int, count: int) -> list[Vector2]:
        hand = self.hand_rect(seat)
        return [Vector2(hand.x + 10 + 16 * index, hand.centery) for index in range(count)]

    def tower_token_centres(self, tower: int) -> list[Vector2]:
        """Four token places on the tower's outer rim, clear of its number (R-1.4: four tokens at most)."""
        middle = self.towers[tower]
        outward = (middle - MIDDLE).normalize() * 14
        return [middle + outward.rotate(angle) for angle in (-35, 35, -95, 95)]


def _card_size(dx: int, dy: int) -> tuple[int, int]:
    """Cards lie across their row: wide in vertical rows, tall in horizontal ones, square on the diagonals."""
    if dx == 0:
        return 40, 24
    if dy == 0:
        return 24, 40
    return 28, 28


def _extent(size: tuple[int, int], direction: Vector2) -> float:
    """Half the length of a box of ``size`` along ``direction``."""
    return (size[0] * abs(direction.x) + size[1] * abs(direction.y)) / 2


def _room(origin: Vector2, direction: Vector2, size: tuple[int, int]) -> float:
    """How far a card's centre may go from ``origin`` along ``direction`` and stay inside the board."""
    limits = []
    area = BOARD_AREA.inflate(-2 * MARGIN, -2 * MARGIN)
    half = Vector2(size) / 2
    if direction.x:
        edge = area.right - half.x if direction.x > 0 else area.left + half.x
        limits.append((edge - origin.x) / direction.x)
    if direction.y:
        edge = area.bottom - half.y if direction.y > 0 else area.top + half.y
        limits.append((edge - origin.y) / direction.y)
    return min(limits)


def _rect_at(centre: Vector2, size: tuple[int, int]) -> pygame.Rect:
    rect = pygame.Rect(0, 0, *size)
    rect.center = (round(centre.x), round(centre.y))
    return rect


def _raptor_places(layout: Layout, posts: Sequence[int], hooded: int) -> dict[int, tuple[Vector2, bool]]:
    """Each raptor's centre and whether it is drawn small (hooded, in the courtyard segment, R-5.1). The pieces
    of a post stand side by side, three to a line, whichever way the post faces."""
    places: dict[int, tuple[Vector2, bool]] = {}
    for post in range(TOWERS):
        here = [raptor for raptor in range(len(posts)) if posts[raptor] == post]
        for small in (False, True):
            group = [raptor for raptor in here if bool(hooded >> raptor & 1) == small]
            spot = layout.segments[post] if small else layout.posts[post]
            spacing = Vector2(11, 16) if small else Vector2(15, 22)
            lines = (len(group) + 2) // 3
            for index, raptor in enumerate(group):
                line, place = divmod(index, 3)
                across = min(len(group) - 3 * line, 3)
                offset = Vector2((place - (across - 1) / 2) * spacing.x, (line - (lines - 1) / 2) * spacing.y)
                places[raptor] = (spot + offset, small)
    return places


# --- painting ---------------------------------------------------------------------------------------------
def paint_castle(surface: pygame.Surface, layout: Layout, text: TextCache) -> None:
    """The octagonal wall through the towers, the courtyard with its segments and centre, the guard posts."""
    surface.fill(BOARD_COLOUR, BOARD_AREA)
    pygame.draw.polygon(surface, WALL, [Vector2(point) for point in _octagon(layout.towers, 1.12)])
    pygame.draw.polygon(surface, WALL_EDGE, [Vector2(point) for point in _octagon(layout.towers, 1.12)], 3)
    pygame.draw.polygon(surface, COURTYARD, _octagon(layout.segments, 1.5))
    pygame.draw.polygon(surface, WALL_EDGE, _octagon(layout.segments, 1.5), 2)
    for segment in layout.segments:
        pygame.draw.circle(surface, WALL_EDGE, segment, 8, 1)
    pygame.draw.circle(surface, WALL, MIDDLE, 10)
    pygame.draw.circle(surface, WALL_EDGE, MIDDLE, 10, 2)
    for post in layout.posts:
        pygame.draw.circle(surface, (128, 118, 98), post, 14)
        pygame.draw.circle(surface, WALL_EDGE, post, 14, 1)
    for number, tower in enumerate(layout.towers):
        pygame.draw.circle(surface, (186, 176, 152), tower, 13)
        pygame.draw.circle(surface, WALL_EDGE, tower, 13, 2)
        text.blit(surface, str(number), 20, INK, bold=True, center=(round(tower.x), round(tower.y)))


def _octagon(points: Sequence[Vector2], factor: float) -> list[Vector2]:
    return [MIDDLE + (point - MIDDLE) * factor for point in points]


def paint_row(surface: pygame.Surface, text: TextCache, row: RowLayout, cards: Sequence[int],
              shorts: Sequence[str]) -> None:
    """Cards from the first outward, so each later card lies over the outer part of the one before."""
    for index, code in enumerate(cards):
        middle, room = row.strip(index)
        paint_card(surface, text, row.card_rect(index), code, shorts, middle, room)
    if cards:  # the end card, the one the rules look at, gets a light frame
        pygame.draw.rect(surface, END_FRAME, row.card_rect(len(cards) - 1), 2, border_radius=3)


def paint_card(surface: pygame.Surface, text: TextCache, rect: pygame.Rect, code: int, shorts: Sequence[str],
               mark: Vector2 | None = None, room: tuple[float, float] | None = None) -> None:
    """A row card in its kind's colour with its sign at ``mark``: a tree, a cloud, a seal, or the creature's
    letters — only its initial, or nothing, when ``room`` (the visible part's size) is too small."""
    colour = CARD_COLOURS.get(code, PARCHMENT)
    pygame.draw.rect(surface, colour, rect, border_radius=3)
    pygame.draw.rect(surface, INK, rect, 1, border_radius=3)
    width, height = room if room is not None else rect.size
    if mark is None or min(width, height) < 10:
        return
    x, y = round(mark.x), round(mark.y)
    if code == TREE:
        pygame.draw.polygon(surface, (20, 66, 28), [(x, y - 6), (x - 5, y + 3), (x + 5, y + 3)])
        pygame.draw.line(surface, (80, 50, 20), (x, y + 3), (x, y + 6), 2)
    elif code == SKY:
        for dx, dy, radius in ((-3, 1, 4), (3, 1, 4), (0, -2, 4)):
            pygame.draw.circle(surface, (250, 252, 255), (x + dx, y + dy), radius)
    elif code == SEAL:
        pygame.draw.circle(surface, GOLD, (x, y), 5)
        pygame.draw.circle(surface, (120, 80, 20), (x, y), 5, 1)
    else:
        large = 19 if min(rect.size) >= 24 else 15  # smaller letters before fewer, in a narrow strip
        for letters, size in ((shorts[code], large), (shorts[code], 15), (shorts[code][:1], large)):
            image = text.render(letters, size, CREATURE_INK, bold=True)
            if image.get_width() <= width and image.get_height() - 4 <= height:
                surface.blit(image, image.get_rect(center=(x, y)))
                return


def paint_objective(surface: pygame.Surface, text: TextCache, rect: pygame.Rect, code: int | None,
                    shorts: Sequence[str]) -> None:
    """An objective chip: the creature's letters, Fredericus in gold, or a card back (``None``)."""
    if code is None:
        pygame.draw.rect(surface, BACK, rect, border_radius=3)
        pygame.draw.rect(surface, GOLD, rect.inflate(-6, -6), 1, border_radius=2)
    else:
        pygame.draw.rect(surface, GOLD if code == FREDERICUS else PARCHMENT, rect, border_radius=3)
        text.blit(surface, shorts[code], 15, CREATURE_INK, bold=True, center=rect.center)
    pygame.draw.rect(surface, INK, rect, 1, border_radius=3)


def paint_raptor(surface: pygame.Surface, centre: Vector2, raptor: int, hooded: bool, small: bool = False,
                 colours: Palette = SEAT_COLOURS, mark: str = "", text: TextCache | None = None) -> None:
    """A falcon is the tall piece (a triangle), a goshawk the short one (a disc); a hood is a dark cap. With
    ``text``, the piece carries its falconer's ``mark`` too, so that it is not told by colour alone."""
    colour = colours[raptor >> 1]
    scale = 0.75 if small else 1.0
    x, y = centre
    if raptor & 1 == 0:
        top = Vector2(x, y - 11 * scale)
        points = [top, Vector2(x + 7 * scale, y + 9 * scale), Vector2(x - 7 * scale, y + 9 * scale)]
        pygame.draw.polygon(surface, colour, points)
        pygame.draw.polygon(surface, INK, points, 2)
        if hooded:
            pygame.draw.polygon(surface, INK, [top, Vector2(x + 3.5 * scale, y - 1 * scale),
                                               Vector2(x - 3.5 * scale, y - 1 * scale)])
        middle = Vector2(x, y + 4 * scale)
    else:
        radius = 7 * scale
        middle = Vector2(x, y + 3 * scale)
        pygame.draw.circle(surface, colour, middle, radius)
        pygame.draw.circle(surface, INK, middle, radius, 2)
        if hooded:
            pygame.draw.circle(surface, INK, middle, radius, draw_top_left=True, draw_top_right=True)
    if mark and text is not None:
        paint_mark(surface, text, mark, middle, 11 if small else 13, colour)


def paint_token(surface: pygame.Surface, centre: Vector2, seat: int, colours: Palette = SEAT_COLOURS,
                mark: str = "", text: TextCache | None = None) -> None:
    """A betting token: a diamond in the seat's colour, unlike the round goshawk; with ``text``, its ``mark``."""
    x, y = centre
    points = [(x, y - 7), (x + 7, y), (x, y + 7), (x - 7, y)]
    pygame.draw.polygon(surface, colours[seat], points)
    pygame.draw.polygon(surface, (250, 250, 250), points, 1)
    if mark and text is not None:
        paint_mark(surface, text, mark, Vector2(x, y + 0.5), 12, colours[seat])


def seat_marks(names: Sequence[str]) -> tuple[str, ...]:
    """The mark each falconer's pieces carry besides their colour: the initial of the seat's colour name in
    the player's language, or the seat's number where two names start alike (German Grün and Gelb)."""
    initials = tuple(name[:1].upper() for name in names)
    if all(initials) and len(set(initials)) == len(initials):
        return initials
    return tuple(str(seat + 1) for seat in range(len(names)))


def paint_mark(surface: pygame.Surface, text: TextCache, mark: str, centre: Vector2, size: int,
               fill: tuple[int, int, int]) -> None:
    """A seat's mark on a piece of colour ``fill``: dark on a light piece, light on a dark one, with a rim of
    the other so that it reads on a hood too."""
    light = (250, 250, 250)
    ink, rim = (INK, light) if sum(fill) > 420 else (light, INK)
    halo = text.render(mark, size, rim, True)
    image = text.render(mark, size, ink, True)
    rect = image.get_rect(center=(round(centre.x), round(centre.y)))
    for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        surface.blit(halo, rect.move(dx, dy))
    surface.blit(image, rect)


def outline(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, ...], width: int = 2) -> None:
    pygame.draw.rect(surface, colour, rect.inflate(2 * width, 2 * width), width, border_radius=4)


def arrow(surface: pygame.Surface, colour: tuple[int, ...], start: Vector2, end: Vector2, width: int = 3,
          under: Sequence[pygame.Rect] = ()) -> None:
    """A straight arrow whose head ends at ``end``; it passes under the panels ``under`` (drawn only outside
    them), as a card moved between two far row ends would otherwise be drawn across a falconer's tray."""
    start, end = Vector2(start), Vector2(end)
    if start.distance_to(end) < 4:
        return
    along = (end - start).normalize()
    for piece_start, piece_end in arrow_pieces(start, end - along * 8, under):
        pygame.draw.line(surface, colour, piece_start, piece_end, width)
    pygame.draw.polygon(surface, colour, arrow_head(start, end))


def arrow_head(start: Vector2, end: Vector2) -> list[Vector2]:
    """The three corners of the head of an arrow from ``start`` to ``end``."""
    along = (end - start).normalize()
    across = Vector2(-along.y, along.x)
    return [end, end - along * 11 + across * 6, end - along * 11 - across * 6]


def arrow_pieces(start: Vector2, end: Vector2, under: Sequence[pygame.Rect]) -> list[tuple[Vector2, Vector2]]:
    """The parts of the line from ``start`` to ``end`` that lie outside every rectangle of ``under``, each
    stopping ``ARROW_GAP`` short of it."""
    hidden = sorted(span for rect in under if (span := _span_inside(start, end, rect.inflate(2 * ARROW_GAP,
                                                                                            2 * ARROW_GAP))))
    pieces, begin = [], 0.0
    for enter, leave in hidden:
        if enter > begin:
            pieces.append((begin, enter))
        begin = max(begin, leave)
    if begin < 1:
        pieces.append((begin, 1.0))
    return [(start.lerp(end, a), start.lerp(end, b)) for a, b in pieces]


def _span_inside(start: Vector2, end: Vector2, rect: pygame.Rect) -> tuple[float, float] | None:
    """Where, as fractions of the way from ``start`` to ``end``, the line is inside ``rect`` (Liang–Barsky)."""
    enter, leave = 0.0, 1.0
    delta = end - start
    for move, low, high, at in ((delta.x, rect.left, rect.right, start.x), (delta.y, rect.top, rect.bottom, start.y)):
        if move == 0:
            if not low <= at <= high:
                return None
            continue
        first, second = sorted(((low - at) / move, (high - at) / move))
        enter, leave = max(enter, first), min(leave, second)
    return (enter, leave) if enter < leave else None


def ghost_layer() -> pygame.Surface:
    """A transparent layer the size of the board, for previews blitted see-through."""
    return pygame.Surface(BOARD_AREA.size, pygame.SRCALPHA)


def paint_wedge(surface: pygame.Surface, rect: pygame.Rect, edge: tuple[int, int, int] = (70, 84, 74)) -> None:
    pygame.draw.rect(surface, WEDGE, rect, border_radius=6)
    pygame.draw.rect(surface, edge, rect, 1, border_radius=6)


def creature_counts(counts: Sequence[int]) -> list[tuple[int, int]]:
    """(kind, count) for each kind held, in kind order: chips show a kind once with its count."""
    return [(kind, count) for kind, count in enumerate(counts[:KINDS]) if count]


ChipLine = tuple[int, int, int]  # a line of chips: its left, its middle y and its right


def chip_places(lines: Sequence[ChipLine], chips: Sequence[tuple[int | None, int]]) -> list[
        tuple[pygame.Rect, pygame.Rect | None]]:
    """Each chip's rect and, for a count above one, its count badge's: chips fill one line before the next,
    ``CHIP_STEP`` apart so that a count never covers the next chip. The last line takes all that are left; when
    they do not fit, the chips without a count let the next chip cover part of them first."""
    places: list[tuple[pygame.Rect, pygame.Rect | None]] = []
    for number, (left, middle_y, right) in enumerate(lines):
        rest = chips[len(places):]
        line = rest if number == len(lines) - 1 else _fitting(rest, right - left)
        steps = _chip_steps([amount > 1 for _, amount in line], right - left)
        x = float(left)
        for (_, amount), step in zip(line, steps):
            rect = pygame.Rect(round(x), middle_y - CHIP // 2, CHIP, CHIP)
            badge = pygame.Rect(0, 0, 2 * COUNT_RADIUS, 2 * COUNT_RADIUS)
            badge.center = (rect.right, rect.top + 2)
            places.append((rect, badge if amount > 1 else None))
            x += step
    return places


def _fitting(chips: Sequence[tuple[int | None, int]], room: int) -> list[tuple[int | None, int]]:
    """The first chips that fit ``room`` a whole step apart, their counts included."""
    taken, reach = [], 0
    for chip in chips:
        if reach + CHIP + (COUNT_RADIUS if chip[1] > 1 else 0) > room:
            break
        taken.append(chip)
        reach += CHIP_STEP
    return taken


def _chip_steps(counted: Sequence[bool], room: int) -> list[float]:
    """How far each chip of a line is from the next: ``CHIP_STEP``, or less for the chips without a count when
    the line is too short, as long as a third of each stays in sight; evenly less for all past that."""
    if not counted:
        return []
    need = CHIP + (COUNT_RADIUS if counted[-1] else 0)
    steps = [float(CHIP_STEP)] * (len(counted) - 1)
    if sum(steps) + need <= room:
        return steps + [0.0]
    plain = [index for index, has_count in enumerate(counted[:-1]) if not has_count]
    spare = room - need - CHIP_STEP * (len(steps) - len(plain))
    if plain and spare >= len(plain) * CHIP / 3:
        for index in plain:
            steps[index] = spare / len(plain)
    else:
        steps = [(room - need) / len(steps)] * len(steps)
    return steps + [0.0]


def paint_chips(surface: pygame.Surface, text: TextCache, lines: Sequence[ChipLine],
                chips: Sequence[tuple[int | None, int]], shorts: Sequence[str], row_cards: bool) -> None:
    """The chips placed by ``chip_places``; ``row_cards`` paints captured creatures, else objectives."""
    for (code, amount), (rect, badge) in zip(chips, chip_places(lines, chips)):
        if row_cards and code is not None:
            paint_card(surface, text, rect, code, shorts, Vector2(rect.center))
        else:
            paint_objective(surface, text, rect, code, shorts)
        if badge is not None:
            paint_count(surface, text, badge, amount)


def paint_count(surface: pygame.Surface, text: TextCache, badge: pygame.Rect, count: int) -> None:
    """How many of a kind, as a small round badge (placed by ``chip_places``)."""
    pygame.draw.circle(surface, INK, badge.center, COUNT_RADIUS)
    pygame.draw.circle(surface, GOLD, badge.center, COUNT_RADIUS, 1)
    text.blit(surface, str(count), 14, (255, 255, 255), bold=True, center=badge.center)


# --- the wedges: trays, deck, status, legend -------------------------------------------------------------------
@dataclass(frozen=True)
class Tray:
    """What a falconer's tray shows, already translated; ``objectives`` holds ``(None, n)`` for hidden cards."""

    seat: int
    name: str
    points: str
    tags: str
    caught_label: str
    objectives_label: str
    creatures: tuple[tuple[int, int], ...]
    objectives: tuple[tuple[int | None, int], ...]
    tokens_in_hand: int
    current: bool
    mark: str = ""  # what the falconer's pieces carry besides their colour (see seat_marks)


def paint_tray(surface: pygame.Surface, text: TextCache, layout: Layout, tray: Tray, shorts: Sequence[str],
               focus_colour: tuple[int, int, int], colours: Palette = SEAT_COLOURS) -> None:
    rect = layout.trays[tray.seat]
    paint_wedge(surface, rect, colours[tray.seat])
    if tray.current:
        pygame.draw.rect(surface, focus_colour, rect, 3, border_radius=6)
    swatch = pygame.Rect(rect.x + 7, rect.y + 7, 14, 14)
    pygame.draw.rect(surface, colours[tray.seat], swatch, border_radius=3)
    if tray.mark:
        paint_mark(surface, text, tray.mark, Vector2(swatch.center), 13, colours[tray.seat])
    text.blit(surface, tray.name, 22, (240, 240, 240), bold=True, midleft=(rect.x + 27, rect.y + 15))
    text.blit(surface, tray.points, 20, (240, 240, 240), midright=(rect.right - 7, rect.y + 15))
    lines = ((tray.caught_label, tray.creatures, True), (tray.objectives_label, tray.objectives, False))
    label_width = max(text.render(label, 16).get_width() for label, _, _ in lines)
    for line, (label, chips, row_cards) in enumerate(lines):
        chip_line = tray_chip_line(rect, label_width, line)
        text.blit(surface, label, 16, (176, 184, 176), midleft=(rect.x + 7, chip_line[1]))
        paint_chips(surface, text, [chip_line], chips, shorts, row_cards)
    for centre in layout.tray_token_centres(tray.seat, tray.tokens_in_hand):
        paint_token(surface, centre, tray.seat, colours, tray.mark, text)
    text.blit(surface, tray.tags, 16, (200, 200, 160), midright=(rect.right - 7, rect.bottom - 14))


def tray_chip_line(tray: pygame.Rect, label_width: int, line: int) -> ChipLine:
    """A tray's line of captured creatures (``line`` 0) or of objectives (1), right of the wider label."""
    return tray.x + 12 + label_width, tray.y + 42 + 25 * line, tray.right - 6


def paint_deck(surface: pygame.Surface, text: TextCache, lines: Sequence[str], deck_count: int,
               discards: Sequence[tuple[int | None, int]], shorts: Sequence[str]) -> None:
    """The objective deck (face down, with its count), the notes in ``lines`` and, after the last of them, the
    face-up discards."""
    rect = DECK_RECT
    paint_wedge(surface, rect)
    back = pygame.Rect(rect.x + 8, rect.y + 8, 22, 30)
    for depth in (4, 2, 0) if deck_count else ():
        paint_objective(surface, text, back.move(depth, -depth // 2), None, shorts)
    text.blit(surface, f"×{deck_count}", 20, (240, 240, 240), bold=True, midleft=(rect.x + 38, rect.y + 22))
    for number, line in enumerate(lines[:-1]):
        text.blit(surface, line, 16, (200, 206, 196), topleft=(rect.x + 78, rect.y + 6 + 15 * number))
    label = text.blit(surface, lines[-1], 16, (200, 206, 196), midleft=(rect.x + 8, rect.y + 66))
    paint_chips(surface, text, deck_chip_lines(label.width), discards, shorts, False)


def deck_chip_lines(label_width: int) -> list[ChipLine]:
    """The lines of the discarded objectives: after their label, then below it, far enough apart that the
    counts of the second line stay clear of the chips of the first."""
    rect = DECK_RECT
    return [(rect.x + 14 + label_width, rect.y + 66, rect.right - 8), (rect.x + 8, rect.y + 92, rect.right - 8)]


def paint_status(surface: pygame.Surface, text: TextCache, lines: Sequence[tuple[str, tuple[int, int, int]]],
                 actions_left: int, actions_label: str, focus: str) -> None:
    """The turn in a few words, the actions left as pips after ``actions_label``, and what the focused option
    does."""
    rect = STATUS_RECT
    paint_wedge(surface, rect)
    y = rect.y + 6
    for line, colour in lines:
        for part in text.wrap(line, rect.width - 12, 18):
            text.blit(surface, part, 18, colour, topleft=(rect.x + 6, y))
            y += 17
    if actions_left:
        left = text.blit(surface, actions_label, 18, (200, 206, 196), midleft=(rect.x + 6, y + 10)).right + 4
        for pip in range(actions_left):
            pygame.draw.circle(surface, GOLD, (left + 8 + 18 * pip, y + 10), 7)
            pygame.draw.circle(surface, INK, (left + 8 + 18 * pip, y + 10), 7, 1)
        y += 24
    for part in text.wrap(focus, rect.width - 12, 17)[: max((rect.bottom - y) // 16, 0)]:
        text.blit(surface, part, 17, (250, 204, 92), topleft=(rect.x + 6, y))
        y += 16


def paint_legend(surface: pygame.Surface, text: TextCache, names: Sequence[str], shorts: Sequence[str],
                 pieces: Sequence[str], colours: Palette = SEAT_COLOURS, marks: Sequence[str] = ()) -> None:
    """What the shapes mean: the eleven row cards (``names`` by code), then the pieces (``pieces``: falcon,
    goshawk, hooded, token, capture possible, last move), shown in the seat ``colours`` with their ``marks``."""
    rect = LEGEND_RECT
    paint_wedge(surface, rect)
    for code, name in enumerate(names):
        x = rect.x + 6 + (code // 6) * 96
        y = rect.y + 8 + (code % 6) * 22
        card = pygame.Rect(x, y, 18, 18)
        paint_card(surface, text, card, code, shorts, Vector2(card.center))
        text.blit(surface, name, 16, (200, 206, 196), midleft=(x + 22, card.centery))
    rect = KEY_RECT
    paint_wedge(surface, rect)
    second = rect.x + 34 + max(text.render(name, 16).get_width() for name in pieces[:3])
    for index, name in enumerate(pieces):
        x = rect.x + 8 if index < 3 else second
        y = rect.y + 18 + (index % 3) * 32
        centre = Vector2(x + 8, y)
        if index < 3:
            paint_raptor(surface, centre, 0 if index != 1 else 1, hooded=index == 2, colours=colours,
                         mark=marks[0] if marks else "", text=text)
        elif index == 3:
            paint_token(surface, centre, 1, colours, marks[1] if marks else "", text)
        else:
            pygame.draw.rect(surface, TALON if index == 4 else LAST, _rect_at(centre, (16, 16)), 2, border_radius=4)
        text.blit(surface, name, 16, (200, 206, 196), midleft=(x + 20, y))
