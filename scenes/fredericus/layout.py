"""Where everything on the Fredericus board sits: rows, cards, towers, posts, raptors, tokens, panels and chips.

The geometry comes from the castle map (R-1.1) scaled into ``BOARD_AREA``, so hotspots, drawing and animations
always agree. Rows run outward from their towers, every card showing the same strip of itself whatever the row's
length, so a growing row only gets longer; only a row longer than the board can hold squeezes its inner cards,
and even then keeps the cards nearest its end as before, because the end cards are the ones the rules look at.
The objective deck, the status and the two legends sit in four of the eight wedges between the rows, one to a
quarter of the board, and the arrows of the previews pass under them. What each falconer holds is on their
card in the side panel (``scenes/playing/hud.py``): what is caught or drawn flies off the board's right edge
towards it (``Layout.hands``). Nothing here paints.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

import pygame
from pygame import Vector2

from game.fredericus.actions import CENTRE, HAND
from game.fredericus.cards import TOWERS
from game.fredericus.castlemap import load_castle
from scenes.playing import controls
from scenes.playing.gameview import BOARD_AREA, PANEL_AREA
from scenes.playing.hud import BLOCK_HEIGHT, GAP

SCALE = 0.7  # map pixels to screen pixels: leaves the rows as much room as the castle can spare
MIDDLE = Vector2(BOARD_AREA.center)
MARGIN = 8  # between the board's edge and the farthest a row reaches: its destination box
STRIP = 18  # what a card leaves visible of the one before it, across or down the board: room for the card's sign
OUTER_STEPS = 5  # gaps at a row's end that keep their width when a row is too long for the board
SPREAD = 3  # cards either side of a card lifted out of a squeezed row that move apart to show their signs
THINNEST = 1.0  # the least a card of a squeezed row shows of itself while its neighbours are spread
BADGE = 22  # capture badge and ghost-slot size
CHIP = 20  # a captured creature's or an objective's chip
COUNT_RADIUS = 6  # the round count badge on a chip's top-right corner
CHIP_STEP = CHIP + COUNT_RADIUS + 1  # chip to chip along a line: a chip's count clears the next chip
ARROW_GAP = 4  # how far short of a panel a preview arrow stops before passing under it
RAPTOR_SIZE = (22, 30)  # what a perched raptor's picture covers (see scenes/fredericus/sprites.py)
RAPTOR_SMALL = (18, 23)  # the same, hooded in the courtyard

# Four of the eight wedges between the rows (see the module note).
DECK_RECT = pygame.Rect(182, 4, 194, 104)
DECK_BACK = pygame.Rect(DECK_RECT.x + 8, DECK_RECT.y + 8, 22, 30)  # the objective deck's top card
STATUS_RECT = pygame.Rect(600, 190, 196, 146)
LEGEND_RECT = pygame.Rect(4, 384, 196, 146)
KEY_RECT = pygame.Rect(428, 612, 190, 104)
PANELS = (DECK_RECT, STATUS_RECT, LEGEND_RECT, KEY_RECT)
# Where the side panel's seat cards stand, two to a row (see scenes/playing/play.py and hud.py): the first below
# the controls and a turn line of two lines, which is where it stands but for a one-line turn.
HUD_TOP = controls.TOP + controls.HEIGHT + 2 * 32 + 4


@dataclass(frozen=True)
class RowLayout:
    """One row on screen: its first card's centre, its outward direction, its card size and each card's offset."""

    origin: Vector2
    direction: Vector2
    size: tuple[int, int]
    offsets: tuple[float, ...]
    full_step: float
    step: float  # from card to card where the board has room: the strip a card shows of itself
    squeezed: int  # how many of the inner cards lie closer than ``step`` (none while the row fits the board)

    @staticmethod
    def build(origin: Vector2, direction: Vector2, size: tuple[int, int], cards: int) -> RowLayout:
        """Cards ``STRIP`` apart (a diagonal step moves ``STRIP`` across and down), the destination box a whole
        card beyond the end; past what the board holds, the inner cards share what is left evenly."""
        full = 2 * _extent(size, direction) + 2  # the destination box lies clear of the end card
        step = STRIP / max(abs(direction.x), abs(direction.y))
        room = _room(origin, direction, size) - full
        gaps = max(cards - 1, 0)
        inner = 0
        if gaps * step <= room:
            offsets = [index * step for index in range(cards)]
        else:  # the board holds more than OUTER_STEPS steps on every row, so some inner gaps remain to squeeze
            inner = gaps - OUTER_STEPS
            squeezed = (room - OUTER_STEPS * step) / inner
            offsets = [index * squeezed if index <= inner else inner * squeezed + (index - inner) * step
                       for index in range(cards)]
        return RowLayout(origin, direction, size, tuple(offsets), full, step, inner)

    def spread(self, lifted: int) -> RowLayout:
        """The row as drawn while the card at ``lifted`` lies whole over it: in the squeezed part of a row, up to
        ``SPREAD`` cards either side move a whole step apart so that their signs show again, and the rest close
        up. The lifted card, the first card and the outer cards keep their places, so no hotspot moves."""
        if lifted >= self.squeezed:
            return self
        at, last = self.offsets[lifted], self.offsets[self.squeezed]
        inward = _gaps(at, lifted, [self.step] * SPREAD)
        outward = _gaps(last - at, self.squeezed - lifted, [2 * _extent(self.size, self.direction)]
                        + [self.step] * SPREAD)  # the first card out starts where the lifted one ends
        offsets = list(self.offsets)
        for index in range(lifted - 1, 0, -1):  # the first card keeps its place: the last gap inward is the rest
            offsets[index] = offsets[index + 1] - inward[lifted - 1 - index]
        for index in range(lifted + 1, self.squeezed):
            offsets[index] = offsets[index - 1] + outward[index - lifted - 1]
        return RowLayout(self.origin, self.direction, self.size, tuple(offsets), self.full_step, self.step,
                         self.squeezed)

    def centre(self, index: int) -> Vector2:
        """A card's centre; an empty row (R-1.2: it has no end) answers with its first place."""
        return self.origin + self.direction * (self.offsets[index] if self.offsets else 0)

    def card_rect(self, index: int) -> pygame.Rect:
        return rect_at(self.centre(index), self.size)

    def slot_centre(self) -> Vector2:
        """Where a card moved here would lie: one full step beyond the end (the first place of an empty row)."""
        if not self.offsets:
            return Vector2(self.origin)
        return self.origin + self.direction * (self.offsets[-1] + self.full_step)

    def slot_rect(self) -> pygame.Rect:
        return rect_at(self.slot_centre(), self.size)

    def badge_rect(self) -> pygame.Rect:
        """The capture hotspot, just beyond the end card, so it never hides the card's own hotspot."""
        gap = _extent(self.size, self.direction) + _extent((BADGE, BADGE), self.direction) + 2
        end = self.centre(len(self.offsets) - 1) if self.offsets else self.origin
        return rect_at(end + self.direction * gap, (BADGE, BADGE))

    def card_at(self, pos: tuple[int, int]) -> int | None:
        """The card whose visible part is under ``pos``: the last drawn of the cards there, as each later card
        lies over the one before; every card of a row keeps at least a pixel of its own, however long the row."""
        return next((index for index in reversed(range(len(self.offsets))) if self.card_rect(index).collidepoint(pos)),
                    None)

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
    """Every place on the board for one position: rows, towers, posts, courtyard, raptors, hands."""

    def __init__(self, row_lengths: Sequence[int], posts: Sequence[int], hooded: Collection[int], players: int,
                 order: Sequence[int] = ()) -> None:
        """``order``: the seats in turn order, as their cards stand in the side panel (by seat number if not
        given)."""
        castle = load_castle()
        origin = Vector2(castle.centre)

        def place(x: float, y: float) -> Vector2:
            return MIDDLE + (Vector2(x, y) - origin) * SCALE

        self.towers = [place(spot.x, spot.y) for spot in castle.towers]
        self.posts = [place(spot.x, spot.y) for spot in castle.posts]
        self.segments = [place(spot.x, spot.y) for spot in castle.segments]
        self.rows = [
            RowLayout.build(place(row.x, row.y), Vector2(row.dx, row.dy).normalize(), _card_size(row.dx, row.dy),
                            row_lengths[row.number])
            for row in castle.rows
        ]
        self.raptors = _raptor_places(self, posts, hooded)
        self.hands = {seat: hand_point(place) for place, seat in enumerate(order or range(players))}
        self.panels = list(PANELS)  # arrows pass under them

    def tower_rect(self, tower: int) -> pygame.Rect:
        return rect_at(self.towers[tower], (30, 30))

    def post_rect(self, post: int) -> pygame.Rect:
        return rect_at(self.posts[post], (40, 36))

    def segment_rect(self, segment: int) -> pygame.Rect:
        return rect_at(self.segments[segment], (20, 20))

    def centre_rect(self) -> pygame.Rect:
        return rect_at(MIDDLE, (20, 20))

    def raptor_rect(self, raptor: int) -> pygame.Rect:
        """The bird as drawn, its base included: where it is clicked and outlined."""
        centre, small = self.raptors[raptor]
        return rect_at(centre, RAPTOR_SMALL if small else RAPTOR_SIZE)

    def token_centres(self, tokens: Sequence[tuple[int, int]]) -> list[Vector2]:
        """Where each betting token is drawn (``tokens`` as the state's ``betting_tokens``: an owner and a place
        per token): on its tower's rim in the order they came, in the centre, or, in hand, beyond the board's edge
        by its falconer's card (not drawn on the board: the card shows it)."""
        centres = []
        used = [0] * TOWERS
        for seat, place in tokens:
            if place == CENTRE:
                centres.append(Vector2(MIDDLE))
            elif place == HAND:
                centres.append(Vector2(self.hands[seat]))
            else:
                centres.append(self.tower_token_centres(place)[used[place] % 4])
                used[place] += 1
        return centres

    def tower_token_centres(self, tower: int) -> list[Vector2]:
        """Four token places on the tower's outer rim, clear of its number (R-1.4: four tokens at most)."""
        middle = self.towers[tower]
        outward = (middle - MIDDLE).normalize() * 14
        return [middle + outward.rotate(angle) for angle in (-35, 35, -95, 95)]


def hand_point(place: int) -> Vector2:
    """Just beyond the board's right edge, level with the card of the seat ``place``-th in turn order in the side
    panel: where a creature caught or an objective drawn goes, and a token in hand comes from."""
    row = place // 2
    return Vector2(BOARD_AREA.right + (PANEL_AREA.x - BOARD_AREA.right) // 2, HUD_TOP + row * (BLOCK_HEIGHT + GAP)
                   + BLOCK_HEIGHT // 2)


def _gaps(length: float, count: int, wanted: Sequence[float]) -> list[float]:
    """``count`` gaps that fill ``length``, from the lifted card away: as many of the ``wanted`` ones as leave
    each of the others ``THINNEST`` at least (the last is always one of the others), then the others alike."""
    taken = min(len(wanted), count - 1)
    while taken > 0 and sum(wanted[:taken]) + (count - taken) * THINNEST > length:
        taken -= 1
    first = list(wanted[:max(taken, 0)])
    rest = count - len(first)
    return first + [(length - sum(first)) / rest] * rest if rest else first


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


def rect_at(centre: Vector2, size: tuple[int, int]) -> pygame.Rect:
    rect = pygame.Rect(0, 0, *size)
    rect.center = (round(centre.x), round(centre.y))
    return rect


def _raptor_places(layout: Layout, posts: Sequence[int], hooded: Collection[int]) -> dict[int, tuple[Vector2, bool]]:
    """Each raptor's centre and whether it is drawn small (hooded, in the courtyard segment, R-5.1). The pieces
    of a post stand side by side, three to a line, whichever way the post faces, touching: however many
    share a post (R-3.2), each shows whole and is pointed at on its own."""
    places: dict[int, tuple[Vector2, bool]] = {}
    for post in range(TOWERS):
        here = [raptor for raptor in range(len(posts)) if posts[raptor] == post]
        for small in (False, True):
            group = [raptor for raptor in here if (raptor in hooded) == small]
            spot = layout.segments[post] if small else layout.posts[post]
            spacing = Vector2(RAPTOR_SMALL if small else RAPTOR_SIZE)
            lines = (len(group) + 2) // 3
            for index, raptor in enumerate(group):
                line, place = divmod(index, 3)
                across = min(len(group) - 3 * line, 3)
                offset = Vector2((place - (across - 1) / 2) * spacing.x, (line - (lines - 1) / 2) * spacing.y)
                places[raptor] = (spot + offset, small)
    return places


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


def deck_chip_lines(label_width: int) -> list[ChipLine]:
    """The lines of the discarded objectives: after their label, then below it, far enough apart that the
    counts of the second line stay clear of the chips of the first."""
    rect = DECK_RECT
    return [(rect.x + 14 + label_width, rect.y + 66, rect.right - 8), (rect.x + 8, rect.y + 92, rect.right - 8)]
