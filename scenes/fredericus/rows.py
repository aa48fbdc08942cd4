"""Where a Fredericus row's cards lie: out from their tower, and past the board's edge round a bend.

Every card shows the same strip of itself, ``STRIP`` across or down the board, so a growing row only gets
longer. Where a row reaches the board's edge it folds: it turns into the free wedge beside it (each of the eight
has a plan, ``FOLDS``), the card at the bend showing whole and the next leg starting just clear of it. Each row's
path is worked out once for the castle, clear of the board's edge, the panels, the castle's pieces and every
other row's longest path, so that rows of any lengths never meet. Only a row longer than its whole path squeezes
its first leg's inner cards, keeping the cards nearest its end, the ones the rules look at, as before.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import pygame
from pygame import Vector2

from scenes.playing.gameview import BOARD_AREA

MARGIN = 8  # between the board's edge and the farthest a row reaches: its destination box
STRIP = 18  # what a card leaves visible of the one before it, across or down the board: room for the card's sign
OUTER_STEPS = 5  # gaps at a row's end that keep their width when a row is too long for the board
SPREAD = 3  # cards either side of a card lifted out of a squeezed row that move apart to show their signs
THINNEST = 1.0  # the least a card of a squeezed row shows of itself while its neighbours are spread
BADGE = 22  # capture badge and ghost-slot size
TURN_GAP = 2  # between the card at a bend and the first card of the next leg
N, S, E, W = Vector2(0, -1), Vector2(0, 1), Vector2(1, 0), Vector2(-1, 0)
NE, SE, SW, NW = (Vector2(1, -1).normalize(), Vector2(1, 1).normalize(), Vector2(-1, 1).normalize(),
                  Vector2(-1, -1).normalize())
# Each row's legs after its first, with the most cards a leg may take (None: as many as fit). A straight row
# turns clockwise along the board's edge into the free wedge beside it; a diagonal one turns at the corner and
# runs along the side edge. Those of rows 3 and 7 share their edge with rows 2 and 6: they take half of it.
FOLDS: dict[int, tuple[tuple[Vector2, int | None], ...]] = {
    0: ((E, None),), 1: ((E, None), (S, None)), 2: ((S, None),), 3: ((E, None), (N, 7)),
    4: ((W, None),), 5: ((W, None), (N, None)), 6: ((N, None),), 7: ((W, None), (S, 7)),
}
FOLD_ORDER = (1, 3, 5, 7, 0, 2, 4, 6)  # the diagonals' short folds first, then the straight rows' long ones


@dataclass(frozen=True)
class Leg:
    """A straight run of a row: its first card's centre, its direction, its cards' size and its length (the
    offset of its last card: the bend, or the farthest the end card may lie with its destination box beyond)."""

    start: Vector2
    direction: Vector2
    size: tuple[int, int]
    length: float

    @property
    def step(self) -> float:
        return step_along(self.direction)

    @property
    def places(self) -> int:
        return int(self.length / self.step + 1e-6) + 1


@dataclass(frozen=True)
class RowLayout:
    """One row on screen: its legs, and each card's leg and offset along it. ``origin``, ``direction`` and
    ``size`` are the first leg's; a card's own are ``direction_at`` and ``size_at``."""

    origin: Vector2
    direction: Vector2
    size: tuple[int, int]
    offsets: tuple[float, ...]
    full_step: float
    step: float  # from card to card where the board has room: the strip a card shows of itself
    squeezed: int  # how many of the inner cards lie closer than ``step`` (none while the row fits its path)
    legs: tuple[Leg, ...] = ()
    on: tuple[int, ...] = ()  # each card's leg

    @staticmethod
    def build(legs: Sequence[Leg], cards: int) -> RowLayout:
        """Cards ``STRIP`` apart along the legs in turn; past the whole path, the first leg's inner cards share
        what is left of it evenly."""
        first = legs[0]
        full = _full(first.size, first.direction)
        later = sum(leg.places for leg in legs[1:])
        offsets: list[float] = []
        on: list[int] = []
        inner = 0
        if cards <= first.places + later:
            for number, leg in enumerate(legs):
                here = min(leg.places, cards - len(offsets))
                offsets += [index * leg.step for index in range(here)]
                on += [number] * here
        else:  # the first leg holds more than OUTER_STEPS steps, so some inner gaps remain to squeeze
            mine = cards - later
            inner = mine - 1 - OUTER_STEPS
            squeezed = (first.length - OUTER_STEPS * first.step) / inner
            offsets = [index * squeezed if index <= inner else inner * squeezed + (index - inner) * first.step
                       for index in range(mine)]
            on = [0] * mine
            for number, leg in enumerate(legs[1:], 1):
                offsets += [index * leg.step for index in range(leg.places)]
                on += [number] * leg.places
        return RowLayout(first.start, first.direction, first.size, tuple(offsets), full, first.step, inner,
                         tuple(legs), tuple(on))

    def spread(self, lifted: int) -> RowLayout:
        """The row as drawn while the card at ``lifted`` lies whole over it: in the squeezed part of a row, up to
        ``SPREAD`` cards either side move a whole step apart so that their signs show again, and the rest close
        up. The lifted card, the first card and the outer cards keep their places, so no hotspot moves."""
        if lifted >= self.squeezed:
            return self
        at, last = self.offsets[lifted], self.offsets[self.squeezed]
        inward = _gaps(at, lifted, [self.step] * SPREAD)
        outward = _gaps(last - at, self.squeezed - lifted, [2 * extent(self.size, self.direction)]
                        + [self.step] * SPREAD)  # the first card out starts where the lifted one ends
        offsets = list(self.offsets)
        for index in range(lifted - 1, 0, -1):  # the first card keeps its place: the last gap inward is the rest
            offsets[index] = offsets[index + 1] - inward[lifted - 1 - index]
        for index in range(lifted + 1, self.squeezed):
            offsets[index] = offsets[index - 1] + outward[index - lifted - 1]
        return replace(self, offsets=tuple(offsets))

    def direction_at(self, index: int) -> Vector2:
        """The way the row runs at a card: its leg's."""
        return self.legs[self.on[index]].direction if self.offsets else self.direction

    def size_at(self, index: int) -> tuple[int, int]:
        """A card's size: it lies across its leg."""
        return self.legs[self.on[index]].size if self.offsets else self.size

    def centre(self, index: int) -> Vector2:
        """A card's centre; an empty row (R-1.2: it has no end) answers with its first place."""
        if not self.offsets:
            return Vector2(self.origin)
        leg = self.legs[self.on[index]]
        return leg.start + leg.direction * self.offsets[index]

    def card_rect(self, index: int) -> pygame.Rect:
        return rect_at(self.centre(index), self.size_at(index))

    def slot_centre(self) -> Vector2:
        """Where a card moved here would lie, clear of the end card: a full step beyond it along its leg, or
        round the bend where the leg has no room for it (the first place of an empty row)."""
        return self._slot()[0]

    def slot_rect(self) -> pygame.Rect:
        return rect_at(*self._slot())

    def _slot(self) -> tuple[Vector2, tuple[int, int]]:
        if not self.offsets:
            return Vector2(self.origin), self.size
        end = len(self.offsets) - 1
        number = self.on[end]
        leg = self.legs[number]
        full = _full(leg.size, leg.direction)
        if number == len(self.legs) - 1 or self.offsets[end] + full <= leg.length + 1e-6:
            return self.centre(end) + leg.direction * full, leg.size
        turn = self.legs[number + 1]
        return self.centre(end) + turn.direction * turn_gap(leg.size, turn.size, turn.direction), turn.size

    def badge_rect(self) -> pygame.Rect:
        """The capture hotspot, just beyond the end card towards the destination box, so it never hides the
        card's own hotspot."""
        if not self.offsets:
            return rect_at(self.origin + self.direction * (extent((BADGE, BADGE), self.direction) + 2),
                           (BADGE, BADGE))
        end = len(self.offsets) - 1
        way = (self.slot_centre() - self.centre(end)).normalize()
        gap = extent(self.size_at(end), way) + extent((BADGE, BADGE), way) + 2
        return rect_at(self.centre(end) + way * gap, (BADGE, BADGE))

    def card_at(self, pos: tuple[int, int]) -> int | None:
        """The card whose visible part is under ``pos``: the last drawn of the cards there, as each later card
        lies over the one before; every card of a row keeps at least a pixel of its own, however long the row."""
        return next((index for index in reversed(range(len(self.offsets))) if self.card_rect(index).collidepoint(pos)),
                    None)

    def strip(self, index: int) -> tuple[Vector2, tuple[float, float]]:
        """The middle and size of the visible part of a card (each later card of a leg covers the outer part of
        the one before it; the card at a bend shows whole); on a diagonal that part is an L whose corner square
        holds the card's sign."""
        if index == len(self.offsets) - 1 or self.on[index + 1] != self.on[index]:
            return self.centre(index), self.size_at(index)
        size, direction = self.size_at(index), self.direction_at(index)
        half = extent(size, direction)
        visible = min(self.offsets[index + 1] - self.offsets[index], 2 * half)
        middle = self.centre(index) - direction * (half - visible / 2)
        if direction.x == 0:
            return middle, (size[0], visible)
        if direction.y == 0:
            return middle, (visible, size[1])
        side = visible / 1.4142
        return middle, (side, side)


def paths(origins: Sequence[Vector2], directions: Sequence[Vector2], blocked: Sequence[pygame.Rect]) -> list[
        tuple[Leg, ...]]:
    """Every row's legs: the straight ones as far as the board goes, then the folds in ``FOLD_ORDER``, each
    clear of ``blocked``, of the other rows' straight runs and of the folds made before it."""
    straight = [_straight(origin, direction) for origin, direction in zip(origins, directions)]
    taken = [_rects((leg,), True) for leg in straight]
    result: list[tuple[Leg, ...]] = [(leg,) for leg in straight]
    for row in FOLD_ORDER:
        others = list(blocked) + [rect for number, rects in enumerate(taken) if number != row for rect in rects]
        result[row] = _fold(straight[row], FOLDS[row], others)
        taken[row] = _rects(result[row], True)
    return result


def _straight(origin: Vector2, direction: Vector2) -> Leg:
    size = card_size(direction)
    return Leg(Vector2(origin), Vector2(direction), size, _room(origin, direction, size) - _full(size, direction))


def _fold(straight: Leg, plan: Sequence[tuple[Vector2, int | None]], blocked: list[pygame.Rect]) -> tuple[Leg, ...]:
    """The longest path of ``straight`` and as many legs of ``plan`` as find room (a leg needs a card's room)."""
    best: tuple[Leg, ...] = (straight,)
    for count in range(1, len(plan) + 1):
        path = _follow(straight, plan[:count], blocked)
        if path is not None and sum(leg.places for leg in path) > sum(leg.places for leg in best):
            best = path
    return best


def _follow(straight: Leg, plan: Sequence[tuple[Vector2, int | None]], blocked: list[pygame.Rect]) -> tuple[
        Leg, ...] | None:
    """``straight`` bent into every leg of ``plan``, the last leg leaving room for the destination box; None
    where one finds no room."""
    area = BOARD_AREA.inflate(-2 * MARGIN, -2 * MARGIN)
    legs: list[Leg] = []
    current = replace(straight, length=straight.length + _full(straight.size, straight.direction))  # no box
    for number, (direction, most) in enumerate(plan):
        size = card_size(direction)
        corner = None
        nearest = max(current.places - 3, 0) if number == 0 else 0  # a row bends only near the board's edge
        for index in range(current.places - 1, nearest - 1, -1):
            start = current.start + current.direction * index * current.step
            start += direction * turn_gap(current.size, size, direction)
            if _free(rect_at(start, size), area, blocked):
                corner = index, start
                break
        if corner is None:
            return None
        legs.append(replace(current, length=corner[0] * current.step))
        last = number == len(plan) - 1
        fits = 0
        mine = _rects(legs, False)
        step = step_along(direction)
        while most is None or fits < most:
            centre = corner[1] + direction * fits * step
            boxes = [rect_at(centre, size)]
            if last:
                boxes.append(rect_at(centre + direction * _full(size, direction), size))
            if not all(_free(box, area, blocked + mine) for box in boxes):
                break
            fits += 1
        if fits == 0:
            return None
        current = Leg(corner[1], Vector2(direction), size, (fits - 1) * step)
    legs.append(current)
    return tuple(legs)


def _free(rect: pygame.Rect, area: pygame.Rect, blocked: list[pygame.Rect]) -> bool:
    return area.contains(rect) and rect.collidelist(blocked) == -1


def _rects(legs: Sequence[Leg], ends: bool) -> list[pygame.Rect]:
    """Every card place of ``legs`` and, with ``ends``, the destination box and badge beyond the last."""
    rects = [rect_at(leg.start + leg.direction * index * leg.step, leg.size) for leg in legs
             for index in range(leg.places)]
    if ends:
        last = legs[-1]
        end = last.start + last.direction * last.length
        rects.append(rect_at(end + last.direction * _full(last.size, last.direction), last.size))
    return rects


def step_along(direction: Vector2) -> float:
    """From card to card: ``STRIP`` across or down the board (a diagonal step moves ``STRIP`` both ways)."""
    return STRIP / max(abs(direction.x), abs(direction.y))


def turn_gap(before: tuple[int, int], after: tuple[int, int], direction: Vector2) -> float:
    """From the card at a bend to the next leg's first card along ``direction``: the two just clear."""
    return extent(before, direction) + extent(after, direction) + TURN_GAP


def card_size(direction: Vector2) -> tuple[int, int]:
    """Cards lie across their row: wide in vertical rows, tall in horizontal ones, square on the diagonals."""
    if abs(direction.x) < 1e-6:
        return 40, 24
    if abs(direction.y) < 1e-6:
        return 24, 40
    return 28, 28


def _full(size: tuple[int, int], direction: Vector2) -> float:
    """A whole card's step: the destination box lies clear of the end card."""
    return 2 * extent(size, direction) + 2


def extent(size: tuple[int, int], direction: Vector2) -> float:
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


def _gaps(length: float, count: int, wanted: Sequence[float]) -> list[float]:
    """``count`` gaps that fill ``length``, from the lifted card away: as many of the ``wanted`` ones as leave
    each of the others ``THINNEST`` at least (the last is always one of the others), then the others alike."""
    taken = min(len(wanted), count - 1)
    while taken > 0 and sum(wanted[:taken]) + (count - taken) * THINNEST > length:
        taken -= 1
    first = list(wanted[:max(taken, 0)])
    rest = count - len(first)
    return first + [(length - sum(first)) / rest] * rest if rest else first


def rect_at(centre: Vector2, size: tuple[int, int]) -> pygame.Rect:
    rect = pygame.Rect(0, 0, *size)
    rect.center = (round(centre.x), round(centre.y))
    return rect
