"""Catch Don Falconi's set-ups of the benchmarks: every variant with all three police cars."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from devtools.bench_ai import GameSetup
    from game.core.protocol import GameState


def rules_bench_games() -> dict[str, Callable[[int], GameState]]:
    """``bench rules``: a game per variant, all three police cars in play, by name."""
    from game.falconi.constants import POLICE
    from game.falconi.setup import game_factory
    from game.falconi.variants import VARIANTS

    return {f"falconi/{name}": game_factory(name, POLICE) for name in VARIANTS}


def ai_bench_setups() -> list[GameSetup]:
    """``bench ai``: each variant with all three police cars; the level plays Don Falconi in even games and
    every police car in odd ones."""
    from devtools.bench_ai import GameSetup
    from game.falconi.constants import FUGITIVE, POLICE
    from game.falconi.state import FalconiState
    from game.falconi.variants import VARIANTS

    def seats(game: int) -> tuple[int, ...]:
        return (FUGITIVE,) if game % 2 == 0 else POLICE

    def side(game: int) -> str:
        return "Don Falconi" if game % 2 == 0 else "all police"

    def dealer(variant: str) -> Callable[[int], GameState]:
        return lambda seed: FalconiState.new_game(variant, seed, POLICE)

    return [GameSetup(f"falconi/{variant}", dealer(variant), seats, side) for variant in VARIANTS]
