"""The Falconi danger overlay on the board: a see-through red strip with chevrons in each lane where a
police car could catch Don Falconi before his next turn (:mod:`game.falconi.danger`), drawn in that lane's own
half of the road from the edge he would have come in by, and a small red siren on each option that would stop
him in such a lane. A catch comes from behind (F-3.6), so the chevrons point the way he faces there.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Callable, Iterable, Sequence
from itertools import pairwise
from typing import TYPE_CHECKING

import pygame

from game.core.protocol import Seat
from game.falconi.actions import Action
from game.falconi.city import OPPOSITE, cell_of, edge_of
from game.falconi.constants import POLICE
from game.falconi.danger import Danger, danger_lanes, risky_stops
from game.falconi.state import FalconiState
from game.falconi.tiles import EMPTY, EXITS
from game.i18n import Translator
from scenes.falconi.draw import DIRECTIONS, Geometry, Point
from scenes.falconi.lanes import lane_point, tile_lane
from scenes.kit.input import Binding, GameIntent
from scenes.playing.gameview import BOARD_AREA

DANGER = GameIntent("danger")  # the key that shows or hides the overlay, which the board registers
DANGER_BINDING = Binding(DANGER, (pygame.K_d,), (pygame.CONTROLLER_BUTTON_RIGHTSTICK,),
                         ("danger.keys.toggle", ("D",), ("input.right_stick_click",)))

STRIP = (226, 38, 38, 150)  # the lane's tint
CHEVRON = (255, 238, 232, 235)
RIM = (70, 0, 0, 200)
STRIP_LENGTH = 0.42  # cells along the lane from its edge
STRIP_WIDTH = 0.2  # cells (a lane is 0.25 wide)
CHEVRONS = (0.14, 0.31)  # where along the strip its chevrons sit, in cells
SIREN = 26  # the siren badge's size in pixels
SIREN_RED = (214, 30, 36)

if TYPE_CHECKING:
    from scenes.falconi.steps import FalconiStep


class DangerOverlay:
    """The overlay of one board view: whether it is on (the ``hints`` setting's choice at first, then the
    player's), what it shows for the position on the board, worked out once per decision, and what the last
    drawing showed (for the side panel's legend)."""

    def __init__(self, on: bool, steps: Callable[[FalconiState, Action], tuple[FalconiStep, ...]]) -> None:
        """``steps`` is the view's method (an option is known by its last step). It is held weakly: the view
        owns this overlay, and a strong reference back would leave a dead view, with its board pictures, to
        the rare full collection of cycles."""
        self.on = on
        self._steps = weakref.WeakMethod(steps)
        self.shown: Danger | None = None  # the danger set last drawn; None while the overlay is not drawn
        self._layer: DangerLayer | None = None
        self._known: tuple[object, Danger, dict[FalconiStep, frozenset[Seat]]] | None = None

    def toggle(self) -> None:
        self.on = not self.on

    def of(self, state: FalconiState) -> tuple[Danger, dict[FalconiStep, frozenset[Seat]]]:
        """The danger set as the deciding seat sees it, and his risky stops by the board step that chooses
        them; known again when the legal actions are (a new decision brings new ones)."""
        if self._known is None or self._known[0] is not state.legal_actions():
            seat = state.current_seat
            danger = danger_lanes(state, seat)
            steps = self._steps()
            assert steps is not None, "the view that owns the overlay is alive while it draws"
            risky = {steps(state, action)[-1]: cars for action, cars in risky_stops(state, seat, danger).items()}
            self._known = (state.legal_actions(), danger, risky)
        return self._known[1], self._known[2]

    def draw_lanes(self, surface: pygame.Surface, geometry: Geometry, state: FalconiState, deciding: bool) -> None:
        """The red lanes, while a person decides (``deciding``) with the overlay on; never for AI seats."""
        self.shown = None
        if not (self.on and deciding) or state.outcome is not None:
            return
        self.shown = self.of(state)[0]
        if self._layer is None:
            self._layer = DangerLayer()
        self._layer.draw(surface, geometry, state.board, self.shown.lanes)

    def draw_sirens(self, surface: pygame.Surface, state: FalconiState, options: Iterable[FalconiStep],
                    mark: Callable[[FalconiStep], pygame.Rect]) -> None:
        """A siren on each option on offer that would stop him in danger (after :meth:`draw_lanes`)."""
        if self.shown is None:
            return
        risky = self.of(state)[1]
        for option in options:
            if option in risky:
                siren(surface, mark(option))

    def caught_by(self, tr: Translator, state: FalconiState, step: FalconiStep) -> str:
        """For an option's hint: who could catch him if he stops there ("" when nobody could, or when off)."""
        if self.shown is None:
            return ""
        cars = self.of(state)[1].get(step)
        if not cars:
            return ""
        return tr("danger.tip", cars=", ".join(tr(f"seat.falconi.{car}") for car in sorted(cars)))

    def legend(self, tr: Translator, state: FalconiState) -> list[str]:
        """The side panel's lines explaining the marks while they are drawn, worded for the side that reads
        them: Don Falconi reads where he could be caught, a police car where he could be caught by it or the
        cars still to play before his next turn (the set is theirs then, see :mod:`game.falconi.danger`)."""
        if self.shown is None:
            return []
        key = "danger.legend.police" if state.current_seat in POLICE else "danger.legend"
        if not self.shown:
            return [tr(f"{key}.none")]
        lines = [tr(key)]
        if self.of(state)[1]:
            lines.append(tr("danger.legend.siren"))
        return lines


class DangerLayer:
    """The see-through layer the lanes are painted on, made once: it goes under the option highlights, whose
    tints must not wipe it out."""

    def __init__(self) -> None:
        self.surface = pygame.Surface((BOARD_AREA.right, BOARD_AREA.bottom), pygame.SRCALPHA)

    def draw(self, surface: pygame.Surface, geometry: Geometry, board: Sequence[int], places: Iterable[int]) -> None:
        """Mark every lane of ``places`` on ``surface`` (the board)."""
        layer = self.surface
        layer.fill((0, 0, 0, 0))
        width = max(4, round(STRIP_WIDTH * geometry.cs))
        for place in sorted(places):
            points = lane_strip(geometry, board, place)
            for a, b in pairwise(points):
                pygame.draw.line(layer, STRIP, a, b, width)
            for point in points[1:-1]:
                pygame.draw.circle(layer, STRIP, point, width / 2)
            for along in CHEVRONS:
                _chevron(layer, points, along * geometry.cs, width * 0.42)
        surface.blit(layer, BOARD_AREA.topleft, area=BOARD_AREA)


def lane_strip(geometry: Geometry, board: Sequence[int], place: int) -> list[Point]:
    """The first stretch of the lane of ``place`` from its entry edge: along the tile's road (straight on where
    it can, else the wider left turn), or straight in across an empty cell (a Mode I open end)."""
    cell, entry = cell_of(place), edge_of(place)
    tile = board[cell]
    exits = EXITS[tile][entry] if tile != EMPTY else ()
    if exits:
        ahead, left = OPPOSITE[entry], (entry + 1) % 4  # coming in by N heads south: its left is east
        exit_edge = ahead if ahead in exits else left if left in exits else exits[0]
        points = tile_lane(geometry, cell, entry, exit_edge)
    else:
        start = lane_point(geometry, cell, entry, inward=True)
        dx, dy = DIRECTIONS[entry]
        points = [start, (start[0] - dx * geometry.cs, start[1] - dy * geometry.cs)]
    return _first(points, STRIP_LENGTH * geometry.cs)


def _first(points: list[Point], length: float) -> list[Point]:
    """The polyline cut ``length`` pixels from its start."""
    result = [points[0]]
    for a, b in pairwise(points):
        step = math.dist(a, b)
        if step >= length:
            amount = length / step if step else 0.0
            result.append((a[0] + (b[0] - a[0]) * amount, a[1] + (b[1] - a[1]) * amount))
            return result
        result.append(b)
        length -= step
    return result


def _along(points: list[Point], distance: float) -> tuple[Point, Point]:
    """The point ``distance`` pixels along the polyline and the unit direction there."""
    for a, b in pairwise(points):
        step = math.dist(a, b)
        if step and (distance <= step or b == points[-1]):
            ux, uy = (b[0] - a[0]) / step, (b[1] - a[1]) / step
            amount = min(distance, step)
            return (a[0] + ux * amount, a[1] + uy * amount), (ux, uy)
        distance -= step
    return points[-1], (0.0, 0.0)


def _chevron(layer: pygame.Surface, points: list[Point], distance: float, size: float) -> None:
    (x, y), (ux, uy) = _along(points, distance)
    if (ux, uy) == (0.0, 0.0):
        return
    px, py = -uy, ux
    tip = (x + ux * size * 0.6, y + uy * size * 0.6)
    arms = [(x - ux * size * 0.6 + px * size, y - uy * size * 0.6 + py * size), tip,
            (x - ux * size * 0.6 - px * size, y - uy * size * 0.6 - py * size)]
    pygame.draw.lines(layer, RIM, False, arms, 5)
    pygame.draw.lines(layer, CHEVRON, False, arms, 3)


def siren(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A small red police siren at the top right of ``rect``, kept inside the board: this stop is in danger."""
    badge = pygame.Rect(0, 0, SIREN, SIREN)
    badge.center = (rect.right - SIREN // 4, rect.top + SIREN // 4)
    badge.clamp_ip(BOARD_AREA)
    cx, cy = badge.center
    pygame.draw.circle(surface, (20, 20, 24), (cx, cy), SIREN // 2)
    pygame.draw.circle(surface, SIREN_RED, (cx, cy), SIREN // 2 - 2)
    light = (255, 250, 240)
    foot = (cx, round(cy + SIREN * 0.2))  # the dome stands on a base, its rays fan out above it
    pygame.draw.circle(surface, light, foot, round(SIREN * 0.22), draw_top_left=True, draw_top_right=True)
    base = pygame.Rect(0, 0, round(SIREN * 0.56), max(2, SIREN // 9))
    base.midtop = foot
    pygame.draw.rect(surface, light, base)
    for angle in (-55, 0, 55):
        ux, uy = math.sin(math.radians(angle)), -math.cos(math.radians(angle))
        start = (foot[0] + ux * SIREN * 0.29, foot[1] + uy * SIREN * 0.29)
        end = (foot[0] + ux * SIREN * 0.4, foot[1] + uy * SIREN * 0.4)
        pygame.draw.line(surface, light, start, end, 2)
