"""Where everything on the Fredericus board sits: rows, cards, towers, posts, raptors, tokens, panels and chips.

The geometry comes from the castle map (R-1.1) scaled into ``BOARD_AREA``, so hotspots, drawing and animations
always agree. Rows run outward from their towers, every card showing the same strip of itself whatever the row's
length, and fold round a bend at the board's edge into free space (:mod:`scenes.fredericus.rows`); only a row
longer than its whole path squeezes its inner cards, keeping the cards nearest its end, the ones the rules look at.
The objective deck, the status and the two legends sit in four of the eight wedges between the rows, one to a
quarter of the board, and the arrows of the previews pass under them. What each falconer holds is on their
card in the side panel (``scenes/playing/hud.py``): what is caught or drawn flies off the board's right edge
towards it (``Layout.hands``). Nothing here paints.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from functools import cache

import pygame
from pygame import Vector2

from game.fredericus.actions import CENTRE, HAND
from game.fredericus.cards import TOWERS
from game.fredericus.castlemap import load_castle
from scenes.fredericus.rows import OUTER_STEPS as OUTER_STEPS
from scenes.fredericus.rows import THINNEST as THINNEST
from scenes.fredericus.rows import Leg, RowLayout, paths, rect_at
from scenes.playing import controls
from scenes.playing.gameview import BOARD_AREA, PANEL_AREA
from scenes.playing.hud import BLOCK_HEIGHT, GAP

SCALE = 0.7  # map pixels to screen pixels: leaves the rows as much room as the castle can spare
MIDDLE = Vector2(BOARD_AREA.center)
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
LEGEND_RECT = pygame.Rect(4, 384, 194, 146)  # its corner clear of a card lifted from row 5
KEY_RECT = pygame.Rect(428, 612, 190, 104)
PANELS = (DECK_RECT, STATUS_RECT, LEGEND_RECT, KEY_RECT)
# Where the side panel's seat cards stand, two to a row (see scenes/playing/play.py and hud.py): the first below
# the controls and a turn line of two lines, which is where it stands but for a one-line turn.
HUD_TOP = controls.TOP + controls.HEIGHT + 2 * 32 + 4


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
        self.rows = [RowLayout.build(legs, row_lengths[number]) for number, legs in enumerate(row_paths())]
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


@cache
def row_paths() -> tuple[tuple[Leg, ...], ...]:
    """Every row's path on the board (see :mod:`scenes.fredericus.rows`), clear of the panels and of the castle's
    towers, guard posts (with as many raptors as may stand there) and courtyard."""
    castle = load_castle()
    origin = Vector2(castle.centre)

    def place(x: float, y: float) -> Vector2:
        return MIDDLE + (Vector2(x, y) - origin) * SCALE

    blocked = [*PANELS, rect_at(MIDDLE, (20, 20))]
    blocked += [rect_at(place(spot.x, spot.y), (30, 30)) for spot in castle.towers]
    blocked += [rect_at(place(spot.x, spot.y), (3 * RAPTOR_SIZE[0], 3 * RAPTOR_SIZE[1])) for spot in castle.posts]
    blocked += [rect_at(place(spot.x, spot.y), (20, 20)) for spot in castle.segments]
    rows = sorted(castle.rows, key=lambda row: row.number)
    return tuple(paths([place(row.x, row.y) for row in rows], [Vector2(row.dx, row.dy).normalize() for row in rows],
                       blocked))


def hand_point(place: int) -> Vector2:
    """Just beyond the board's right edge, level with the card of the seat ``place``-th in turn order in the side
    panel: where a creature caught or an objective drawn goes, and a token in hand comes from."""
    row = place // 2
    return Vector2(BOARD_AREA.right + (PANEL_AREA.x - BOARD_AREA.right) // 2, HUD_TOP + row * (BLOCK_HEIGHT + GAP)
                   + BLOCK_HEIGHT // 2)


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
