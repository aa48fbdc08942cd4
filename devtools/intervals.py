"""95 % intervals for win rates: Wilson's score interval for one rate, Newcombe's hybrid score interval for
the difference of two."""

from __future__ import annotations

import math


def wilson_interval(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95 % for the default ``z``); ``(0, 1)`` when no games."""
    if games <= 0:
        return 0.0, 1.0
    if not 0 <= wins <= games:
        raise ValueError(f"wins must be between 0 and {games}, not {wins}")
    p = wins / games
    z2 = z * z
    denominator = 1 + z2 / games
    centre = (p + z2 / (2 * games)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games))
    return max(0.0, centre - half), min(1.0, centre + half)


def newcombe_difference(
    wins_a: int, games_a: int, wins_b: int, games_b: int, z: float = 1.96
) -> tuple[float, float, float]:
    """``rate_a - rate_b`` and its hybrid score interval (Newcombe 1998, method 10)."""
    p1 = wins_a / games_a if games_a else 0.0
    p2 = wins_b / games_b if games_b else 0.0
    l1, u1 = wilson_interval(wins_a, games_a, z)
    l2, u2 = wilson_interval(wins_b, games_b, z)
    difference = p1 - p2
    low = difference - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    high = difference + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    return difference, low, high


# -------------------------------------------------------------------------------------- one game, in a worker


