"""Final scoring (R-8): points for cards, triangular points for creature–objective pairs, and the tie rule."""

from __future__ import annotations

from collections.abc import Sequence

FREDERICUS_POINTS = 2


def pair_points(pairs: int) -> int:
    """R-8.2: the first pair scores 1, the second 2, …: n pairs score n(n+1)/2."""
    return pairs * (pairs + 1) // 2


def score(creatures: Sequence[int], objectives: Sequence[int], has_fredericus: bool) -> int:
    """A player's points from their creatures and objectives, each given as counts per creature kind."""
    points = sum(creatures) + sum(objectives) + (FREDERICUS_POINTS if has_fredericus else 0)
    pairs = sum(min(caught, wanted) for caught, wanted in zip(creatures, objectives))
    return points + pair_points(pairs)


def winner(points: Sequence[int], order: Sequence[int]) -> int:
    """R-8.3: the most points; among tied players, the one who played last in the turn order."""
    best = max(points[seat] for seat in order)
    return [seat for seat in order if points[seat] == best][-1]
