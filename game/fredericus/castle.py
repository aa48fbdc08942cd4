"""Castel del Monte (R-1.1) as plain data: towers, guard posts, card rows and the courtyard, in map pixels.

The layout comes from the Tiled map through :mod:`game.fredericus.castlemap`; here it is checked against R-1.1
so the rules and the view can index everything by number and trust the geometry (clockwise, rows outward).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from game.core.errors import MapError

TOWERS = 8  # the octagon's towers, and so its guard posts, rows and courtyard segments


@dataclass(frozen=True)
class Spot:
    """A numbered place on the board (tower, guard post or courtyard segment), in map pixels."""

    number: int
    x: float
    y: float
    source: str = field(default="", compare=False)  # where it was read from, so errors can point at it


@dataclass(frozen=True)
class Row:
    """A row of cards: ``(x, y)`` is its first card (nearest the castle), ``(dx, dy)`` one step outward."""

    number: int
    x: float
    y: float
    dx: int
    dy: int
    source: str = field(default="", compare=False)


@dataclass(frozen=True)
class CastleLayout:
    """A validated castle: raises ``MapError`` naming the problem if the places break R-1.1.

    ``towers``, ``posts``, ``rows`` and ``segments`` are listed by number, so ``towers[p]`` is tower ``p``.
    """

    width: float  # map size in pixels
    height: float
    centre: tuple[float, float]  # the courtyard centre
    towers: tuple[Spot, ...]
    posts: tuple[Spot, ...]
    rows: tuple[Row, ...]
    segments: tuple[Spot, ...]

    def __post_init__(self) -> None:
        _validate(self)

    @property
    def tower_count(self) -> int:
        return len(self.towers)


def _label(kind: str, place: Spot | Row) -> str:
    return f"{kind} {place.number}" + (f" ({place.source})" if place.source else "")


def _check_numbers(kind: str, places: tuple[Spot, ...] | tuple[Row, ...]) -> None:
    """Each of 0..7 exactly once, listed in order: the rules index places by number."""
    seen: dict[int, list[Spot | Row]] = {}
    for place in places:
        if isinstance(place.number, bool) or not isinstance(place.number, int) or not 0 <= place.number < TOWERS:
            raise MapError(f"{_label(kind, place)} is not numbered 0..{TOWERS - 1}")
        seen.setdefault(place.number, []).append(place)
    for number, same in sorted(seen.items()):
        if len(same) > 1:
            sources = ", ".join(place.source or "?" for place in same)
            raise MapError(f"{kind} {number} appears {len(same)} times ({sources}); each number once (R-1.1)")
    missing = [str(number) for number in range(TOWERS) if number not in seen]
    if missing:
        kinds = kind if len(missing) == 1 else f"{kind}s"
        raise MapError(f"{kinds} {', '.join(missing)} missing: the castle has {TOWERS} of each, numbered 0..7 (R-1.1)")
    if [place.number for place in places] != list(range(TOWERS)):
        raise MapError(f"the {kind}s must be listed in number order 0..{TOWERS - 1}")


def _angle(layout: CastleLayout, x: float, y: float) -> float:
    """Angle around the centre; the map's y axis points down, so a growing angle turns clockwise on screen."""
    return math.atan2(y - layout.centre[1], x - layout.centre[0])


def _check_clockwise(layout: CastleLayout) -> None:
    for tower in layout.towers:
        if math.isclose(tower.x, layout.centre[0]) and math.isclose(tower.y, layout.centre[1]):
            raise MapError(f"{_label('tower', tower)} stands on the courtyard centre")
    angles = [_angle(layout, tower.x, tower.y) for tower in layout.towers]
    # each step from tower p to p+1, as the shorter turn in [-pi, pi): positive is clockwise
    steps = [(angles[(p + 1) % TOWERS] - angles[p] + math.pi) % math.tau - math.pi for p in range(TOWERS)]
    if all(step < 0 for step in steps):
        raise MapError("the towers are numbered counter-clockwise; R-1.1 numbers them 0..7 clockwise")
    for p, step in enumerate(steps):
        if step <= 0:
            after = layout.towers[(p + 1) % TOWERS]
            raise MapError(f"{_label('tower', after)} is not clockwise after tower {p} around the centre (R-1.1)")
    turns = sum(steps) / math.tau
    if not math.isclose(turns, 1):
        raise MapError(f"the towers 0..7 go round the centre {turns:.0f} times; once, clockwise, is R-1.1")


def _check_beside_towers(layout: CastleLayout, kind: str, places: tuple[Spot, ...] | tuple[Row, ...]) -> None:
    """Post, row and segment p belong to tower p (R-1.1): each must lie nearer tower p than any other tower."""
    tower_angles = [_angle(layout, tower.x, tower.y) for tower in layout.towers]
    for place in places:
        angle = _angle(layout, place.x, place.y)
        nearest = min(range(TOWERS), key=lambda p: abs((tower_angles[p] - angle + math.pi) % math.tau - math.pi))
        if nearest != place.number:
            raise MapError(f"{_label(kind, place)} lies by tower {nearest}, not by tower {place.number} (R-1.1)")


def _check_rows_outward(layout: CastleLayout) -> None:
    for row in layout.rows:
        if isinstance(row.dx, bool) or isinstance(row.dy, bool) or row.dx not in (-1, 0, 1) or row.dy not in (-1, 0, 1):
            raise MapError(
                f"{_label('row', row)} has direction ({row.dx}, {row.dy}), not a unit step: dx and dy must each "
                "be -1, 0 or 1"
            )
        if (row.dx, row.dy) == (0, 0):
            raise MapError(f"{_label('row', row)} has no direction: dx and dy are both 0")
        away = (row.x - layout.centre[0]) * row.dx + (row.y - layout.centre[1]) * row.dy
        if away < 0:
            raise MapError(f"{_label('row', row)} grows inward, towards the courtyard centre, instead of outward")
        if away == 0:
            raise MapError(f"{_label('row', row)} grows sideways past the courtyard centre instead of outward")


def _validate(layout: CastleLayout) -> None:
    if not (layout.width > 0 and layout.height > 0):
        raise MapError(f"the castle map has no area ({layout.width} × {layout.height} pixels)")
    groups: tuple[tuple[str, tuple[Spot, ...] | tuple[Row, ...]], ...] = (
        ("tower", layout.towers),
        ("post", layout.posts),
        ("row", layout.rows),
        ("segment", layout.segments),
    )
    for kind, places in groups:
        _check_numbers(kind, places)
    cx, cy = layout.centre
    if not (0 <= cx <= layout.width and 0 <= cy <= layout.height):
        raise MapError(f"the courtyard centre ({cx}, {cy}) lies outside the map")
    for kind, places in groups:
        for place in places:
            if not (0 <= place.x <= layout.width and 0 <= place.y <= layout.height):
                raise MapError(f"{_label(kind, place)} at ({place.x}, {place.y}) lies outside the map")
    _check_clockwise(layout)
    for kind, places in groups[1:]:
        _check_beside_towers(layout, kind, places)
    _check_rows_outward(layout)
