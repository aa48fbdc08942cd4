"""Random games as a stream of moves, for tests that look at what each move changes."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any


def random_moves(state: Any, seed: int) -> Iterator[tuple[Any, Any, Any]]:
    """Every move of a random game from ``state`` (played on, in place) as (position before, move, position
    after), both positions copies."""
    rng = random.Random(seed)
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        before = state.clone()
        state.apply(action)
        yield before, action, state.clone()


def played_at_random(state: Any, seed: int, moves: int) -> bool:
    """``state`` after up to ``moves`` random moves (played in place, from ``random.Random(seed)``); whether the
    game is still on."""
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():
            return False
        state.apply(rng.choice(state.legal_actions()))
    return not state.is_terminal()
