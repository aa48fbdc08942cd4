"""Final scoring (R-8): points for cards, triangular points for creature–objective pairs, and the tie rule.

:func:`breakdown` keeps the points of each category apart, so the game over can show how a total was made;
:func:`score` counts the same total faster."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

FREDERICUS_POINTS = 2


def pair_points(pairs: int) -> int:
    """R-8.2: the first pair scores 1, the second 2, …: n pairs score n(n+1)/2."""
    return pairs * (pairs + 1) // 2


@dataclass(frozen=True)
class Breakdown:
    """A falconer's points by the categories of R-8: a point per creature and per objective, the pairs' bonus
    (``pairs`` pairs score :func:`pair_points`) and Fredericus."""

    creatures: int
    objectives: int
    pairs: int
    fredericus: int

    @property
    def pair_bonus(self) -> int:
        return pair_points(self.pairs)

    @property
    def points(self) -> tuple[int, int, int, int]:
        """The points of each category, in the order of :data:`CATEGORIES`."""
        return self.creatures, self.objectives, self.pair_bonus, self.fredericus

    @property
    def total(self) -> int:
        return sum(self.points)


CATEGORIES = ("creatures", "objectives", "pairs", "fredericus")  # the names of Breakdown.points, in its order


def breakdown(creatures: Sequence[int], objectives: Sequence[int], has_fredericus: bool) -> Breakdown:
    """A player's points by category, from their creatures and objectives, each given as counts per creature
    kind (R-8.1, R-8.2: each card is in at most one pair, so a kind makes min(creatures, objectives) pairs)."""
    return Breakdown(
        creatures=sum(creatures),
        objectives=sum(objectives),
        pairs=sum(min(caught, wanted) for caught, wanted in zip(creatures, objectives)),
        fredericus=FREDERICUS_POINTS if has_fredericus else 0,
    )


def score(creatures: Sequence[int], objectives: Sequence[int], has_fredericus: bool) -> int:
    """A player's points from their creatures and objectives, each given as counts per creature kind: the total
    of :func:`breakdown`, counted without building one, as the AI's search asks it at every node."""
    points = sum(creatures) + sum(objectives) + (FREDERICUS_POINTS if has_fredericus else 0)
    pairs = sum(min(caught, wanted) for caught, wanted in zip(creatures, objectives))
    return points + pair_points(pairs)


def winner(points: Sequence[int], order: Sequence[int]) -> int:
    """R-8.3: the most points; among tied players, the one who played last in the turn order."""
    best = max(points[seat] for seat in order)
    return [seat for seat in order if points[seat] == best][-1]


def places(points: Sequence[int], order: Sequence[int]) -> dict[int, int]:
    """Each seat's place in the final ranking, 1 for the winner. R-8.3 breaks a tie for the win (the tied player
    who played last in the turn order wins); it says nothing of the places below, so players tied there share
    one (1st, 2nd, 2nd)."""
    best = winner(points, order)
    return {seat: 1 if seat == best else 1 + sum(other == best or points[other] > points[seat]
                                                 for other in order if other != seat)
            for seat in order}
