"""Where a banner goes over the board: at the first of a few spots that covers nothing the player may click
next or must see (the places registered with ``scenes.kit.tooltip.control`` this frame: board options, cars
and raptors, seat cards), else at the one covering least. A banner comes in a few shapes (its words wrapped
wide in few lines, or narrow in more): each spot is tried in the first shape, then in the next."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from scenes.kit import tooltip

MARGIN = 10  # between a banner and the edge of the field it stands in
STEP = 24  # between two spots tried across the field once the usual ones are taken
REMEMBERED = 16  # placements kept, by their banner's shapes and what it must keep clear of


def spots(size: tuple[int, int], field: pygame.Rect, top: int | None = None) -> list[pygame.Rect]:
    """The places for a box of ``size`` inside ``field``, best first: centred on its bottom edge, on its top
    edge (at ``top`` when given), the corners, half-way down each side, then every ``STEP`` pixels across the
    field, nearest the bottom edge's centre first."""
    width, height = size
    inside = field.inflate(-2 * MARGIN, -2 * MARGIN)
    bottom, upper = inside.bottom - height, inside.top if top is None else top
    middle = inside.centery - height // 2
    centre, left, right = inside.centerx - width // 2, inside.left, inside.right - width
    places = [(centre, bottom), (centre, upper), (left, bottom), (right, bottom), (left, upper), (right, upper),
              (left, middle), (right, middle)]
    across = sorted(((x, y) for x in range(left, right + 1, STEP) for y in range(inside.top, bottom + 1, STEP)),
                    key=lambda point: abs(point[0] - centre) + abs(point[1] - bottom))
    return [pygame.Rect(x, y, width, height) for x, y in places + across]


def place(sizes: Sequence[tuple[int, int]], field: pygame.Rect, extra: Sequence[pygame.Rect] = (),
          top: int | None = None, top_first: bool = False) -> tuple[int, pygame.Rect]:
    """Where a banner goes, as the number of its shape (of ``sizes``) and its box: the first spot (see
    :func:`spots`; the top edge before the bottom one with ``top_first``) covering none of this frame's kept
    places nor ``extra``, else the one covering fewest of their pixels. Remembered: the same frame comes often."""
    keep = tuple(map(tuple, [*tooltip.tips().controls, *extra]))
    key = (tuple(sizes), tuple(field), keep, top, top_first)
    found = _PLACED.get(key)
    if found is None:
        found = _PLACED[key] = _place(sizes, field, [pygame.Rect(rect) for rect in keep], top, top_first)
        while len(_PLACED) > REMEMBERED:
            del _PLACED[next(iter(_PLACED))]
    return found[0], pygame.Rect(found[1])


def _place(sizes: Sequence[tuple[int, int]], field: pygame.Rect, keep: list[pygame.Rect], top: int | None,
           top_first: bool) -> tuple[int, pygame.Rect]:
    tried: list[tuple[int, int, pygame.Rect]] = []
    for shape, size in enumerate(sizes):
        places = spots(size, field, top)
        if top_first:
            places[:2] = places[1::-1]
        for rect in places:
            tried.append((tooltip.covered(rect, keep), shape, rect))
            if not tried[-1][0]:
                return shape, rect
    _, shape, rect = min(tried, key=lambda each: each[0])  # min keeps the first of equals
    return shape, rect


_PLACED: dict[tuple[object, ...], tuple[int, pygame.Rect]] = {}
