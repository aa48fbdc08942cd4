"""The lanes a car drives along on screen: a route of places (a cell and its entry edge) turned into the curve a
car follows in the right-hand lane (F-3.6, F-6.4) — straight across, round a quarter circle at a turn,
round the island of a U-turn's loop — broken where a tunnel carries it across the city (F-1.4).

The road pictures (``tools/make_falconi_art.py``) are drawn from the same numbers in
:mod:`scenes.falconi.sprites`, so a car stays in its lane.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import pairwise

from game.falconi.city import cell_of, edge_of, same_cell
from scenes.falconi.draw import DIRECTIONS, Geometry, Point
from scenes.falconi.sprites import CAR_AHEAD, LANE, U_LOOP_CENTRE, U_LOOP_RADIUS, heading_of

ARC_STEPS = 12  # points per quarter circle
TUNNEL_DEPTH = 0.42  # how far into a tunnel's slot a car drives before it is gone (cells)
TUNNEL_TIME = 0.9  # the way through a tunnel counts as this many cells of driving
FADE = 0.4  # cells over which a car fades out into a tunnel and in out of the other one
ESCAPE_DEPTH = 0.3  # how far into an escape slot the fugitive drives to meet his accomplice (cells)
JOIN = 0.3  # cells: a car that starts off its lane is back on it this far along
JOIN_STEPS = 16
SMOOTHING = 0.1  # cells: a car's heading follows its lane a little ahead and behind, so it turns smoothly


def _add(a: Point, b: Point, scale: float = 1.0) -> Point:
    return a[0] + b[0] * scale, a[1] + b[1] * scale


def _right(heading: Point) -> Point:
    """The right-hand side of a screen direction (y grows downwards)."""
    return -heading[1], heading[0]


def lane_point(geometry: Geometry, cell: int, edge: int, inward: bool) -> Point:
    """Where the lane of a car crossing ``edge`` of ``cell`` meets that edge: coming in (``inward``) or going
    out."""
    dx, dy = DIRECTIONS[edge]
    heading = (-dx, -dy) if inward else (dx, dy)
    return _add(geometry.edge_mid(cell, edge), _right(heading), geometry.cs * LANE)


def tile_lane(geometry: Geometry, cell: int, entry: int, exit_edge: int) -> list[Point]:
    """The lane across ``cell`` from ``entry`` to ``exit_edge``, edge to edge: a line, a quarter circle about
    the corner between the two edges, or (``exit_edge == entry``) the loop of a U-turn, anticlockwise round its
    island so that it stays on the right."""
    cs = geometry.cs
    start = lane_point(geometry, cell, entry, inward=True)
    end = lane_point(geometry, cell, exit_edge, inward=False)
    dx, dy = DIRECTIONS[entry]
    inward = (-dx, -dy)
    if exit_edge == entry:
        centre = _add(geometry.edge_mid(cell, entry), inward, U_LOOP_CENTRE * cs)
        radius, lane = U_LOOP_RADIUS * cs, LANE * cs
        join = _add(centre, inward, -math.sqrt(radius * radius - lane * lane))
        join = _add(join, _right(inward), lane)
        first = math.atan2(join[1] - centre[1], join[0] - centre[0])
        back = math.atan2(dy, dx)  # from the loop's centre back towards the open edge
        last = 2 * back - first - math.tau
        steps = ARC_STEPS * 4
        loop = [(centre[0] + radius * math.cos(first + (last - first) * i / steps),
                 centre[1] + radius * math.sin(first + (last - first) * i / steps)) for i in range(steps + 1)]
        return [start, *loop, end]
    if exit_edge == (entry + 2) % 4:
        return [start, end]
    ex, ey = DIRECTIONS[exit_edge]
    corner = _add(geometry.centre(cell), (dx + ex, dy + ey), cs / 2)
    radius = math.dist(start, corner)
    first = math.atan2(start[1] - corner[1], start[0] - corner[0])
    last = math.atan2(end[1] - corner[1], end[0] - corner[0])
    turn = (last - first + math.pi) % math.tau - math.pi  # the quarter turn, either way
    return [(corner[0] + radius * math.cos(first + turn * i / ARC_STEPS),
             corner[1] + radius * math.sin(first + turn * i / ARC_STEPS)) for i in range(ARC_STEPS + 1)]


def _trim_start(points: list[Point], distance: float) -> list[Point]:
    """The polyline without its first ``distance`` pixels."""
    for index, (a, b) in enumerate(pairwise(points)):
        length = math.dist(a, b)
        if distance < length:
            amount = distance / length
            return [(a[0] + (b[0] - a[0]) * amount, a[1] + (b[1] - a[1]) * amount), *points[index + 1:]]
        distance -= length
    return points[-1:]


def _join(start: Point, heading: Point, points: list[Point], distance: float) -> list[Point]:
    """From ``start``, facing ``heading``, onto the polyline ``points`` ``distance`` pixels along it: a cubic
    curve leaving in the car's resting direction and meeting the lane along it, so a car that rests off its
    lane (in the straight lane before a curve) drives off without a jump."""
    rest = _trim_start(points, distance)
    meet = rest[0]
    after = rest[1] if len(rest) > 1 else points[-1]
    length = math.dist(meet, after) or 1.0
    along = ((after[0] - meet[0]) / length, (after[1] - meet[1]) / length)
    reach = math.dist(start, meet) / 3
    first, second = _add(start, heading, reach), _add(meet, along, -reach)
    curve = []
    for step in range(1, JOIN_STEPS + 1):
        t = step / JOIN_STEPS
        a, b, c, d = (1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t * t, t ** 3
        curve.append((a * start[0] + b * first[0] + c * second[0] + d * meet[0],
                      a * start[1] + b * first[1] + c * second[1] + d * meet[1]))
    return [start, *curve, *rest[1:]]


def exit_edge_to(links: Sequence[int], here: int, there: int) -> int:
    """The edge by which a car at ``here`` leaves its cell for ``there`` (a place, or ``-(slot + 1)``)."""
    return next(edge for edge in range(4) if links[same_cell(here, edge)] == there)


def route_legs(geometry: Geometry, links: Sequence[int], route: Sequence[int], start: Point | None = None,
               end: Point | None = None) -> list[list[Point]]:
    """The lanes along a route of places (the last may be ``-(slot + 1)``, a slot driven into), from ``start``
    (default: where a car at the first place stands) to ``end`` (default: where it stands at the last), one
    polyline per stretch above ground: a tunnel ends one and begins the next."""
    cs = geometry.cs
    legs: list[list[Point]] = [[start or geometry.car_point(route[0])]]
    for index, (here, there) in enumerate(pairwise(route)):
        cell, entry = cell_of(here), edge_of(here)
        exit_edge = exit_edge_to(links, here, there)
        lane = tile_lane(geometry, cell, entry, exit_edge)
        if index == 0:
            dx, dy = DIRECTIONS[entry]
            legs[-1] = _join(legs[-1][0], (-dx, -dy), lane, (0.5 - CAR_AHEAD + JOIN) * cs)
        else:
            legs[-1] += lane[1:]
        outward = DIRECTIONS[exit_edge]
        if there < 0:
            legs[-1].append(_add(lane[-1], outward, ESCAPE_DEPTH * cs))
            return legs
        if geometry.neighbour(cell, exit_edge) != cell_of(there):  # into a tunnel, out of its partner
            legs[-1].append(_add(lane[-1], outward, TUNNEL_DEPTH * cs))
            mouth = lane_point(geometry, cell_of(there), edge_of(there), inward=True)
            legs.append([_add(mouth, DIRECTIONS[edge_of(there)], TUNNEL_DEPTH * cs), mouth])
    last = route[-1]
    legs[-1].append(end or geometry.car_point(last))
    if len(route) == 1 and end is None:
        legs[-1] = legs[-1][:1]
    return legs


@dataclass
class LanePath:
    """Lanes walked at constant speed: :meth:`at` gives the point, the heading (degrees, 0 = east,
    counter-clockwise) and how visible the car is (fading into and out of tunnels) at a distance along them."""

    legs: list[list[Point]]
    cs: int
    rest_heading: float = 0.0  # the heading of a car that does not move
    lengths: list[list[float]] = field(init=False)
    starts: list[float] = field(init=False)
    total: float = field(init=False)

    def __post_init__(self) -> None:
        self.lengths = [[math.dist(a, b) for a, b in pairwise(leg)] for leg in self.legs]
        self.starts, position = [], 0.0
        for index, lengths in enumerate(self.lengths):
            self.starts.append(position)
            position += sum(lengths) + (TUNNEL_TIME * self.cs if index + 1 < len(self.legs) else 0)
        self.total = position

    @classmethod
    def of_route(cls, geometry: Geometry, links: Sequence[int], route: Sequence[int], start: Point | None = None,
                 end: Point | None = None) -> LanePath:
        return cls(route_legs(geometry, links, route, start, end), geometry.cs, heading_of(edge_of(route[0])))

    @property
    def cells(self) -> float:
        """The path's length in cells: how long driving it takes."""
        return self.total / self.cs

    def _leg_at(self, distance: float) -> tuple[int, float]:
        """Which leg ``distance`` falls in and how far along it (past its end while in a tunnel)."""
        index = max(i for i, start in enumerate(self.starts) if start <= distance or i == 0)
        return index, distance - self.starts[index]

    def _point(self, leg: int, along: float) -> Point:
        points, lengths = self.legs[leg], self.lengths[leg]
        along = max(0.0, along)
        for (a, b), length in zip(pairwise(points), lengths):
            if along <= length and length > 0:
                return a[0] + (b[0] - a[0]) * along / length, a[1] + (b[1] - a[1]) * along / length
            along -= length
        return points[-1]

    def at(self, distance: float) -> tuple[Point, float, float]:
        """The point, heading and visibility (0–1) ``distance`` pixels along the path."""
        distance = max(0.0, min(self.total, distance))
        leg, travelled = self._leg_at(distance)  # past the leg's end while in a tunnel
        length = sum(self.lengths[leg])
        along = min(travelled, length)
        point = self._point(leg, along)
        reach = min(SMOOTHING * self.cs, max(0.5, along), max(0.5, length - along))  # narrower at the ends:
        behind, ahead = self._point(leg, along - reach), self._point(leg, along + reach)  # still facing as it rests
        if math.dist(behind, ahead) < 1e-6:
            heading = self.rest_heading if length == 0 else _heading(self.legs[leg][-2], self.legs[leg][-1])
        else:
            heading = _heading(behind, ahead)
        fade = FADE * self.cs
        alpha = 1.0
        if leg + 1 < len(self.legs):
            alpha = min(alpha, max(0.0, (length - travelled) / fade))
        if leg > 0:
            alpha = min(alpha, max(0.0, along / fade))
        return point, heading, alpha


def _heading(start: Point, end: Point) -> float:
    return math.degrees(math.atan2(-(end[1] - start[1]), end[0] - start[0]))
