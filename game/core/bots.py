"""Bots for every seat: ``random`` and ``greedy``. Bots see a :class:`SeatView`, never the game itself."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from typing import Any, Protocol

from game.core.protocol import A, GameState, Seat
from game.core.view import SeatView

Evaluation = Callable[[GameState[Any], Seat], float]


class Bot(Protocol):
    """Chooses one legal action for the seat whose decision it is.

    ``cancel``, when set by another thread, asks a searching bot to stop at once (``SearchCancelled``).
    """

    name: str

    def choose(self, view: SeatView[A], rng: random.Random, cancel: threading.Event | None = None) -> A: ...


class RandomBot:
    """Plays a uniformly random legal action: the baseline every other bot must beat."""

    name = "random"

    def choose(self, view: SeatView[A], rng: random.Random, cancel: threading.Event | None = None) -> A:
        return rng.choice(view.legal_actions)


class GreedyBot:
    """Looks one action ahead on a sample of the hidden information and plays the action whose result
    ``evaluate`` likes best for its seat."""

    name = "greedy"

    def __init__(self, evaluate: Evaluation) -> None:
        self._evaluate = evaluate

    def choose(self, view: SeatView[A], rng: random.Random, cancel: threading.Event | None = None) -> A:
        actions = view.legal_actions
        if len(actions) == 1:
            return actions[0]
        seat = view.seat
        sample = view.sample(rng)
        best_score = float("-inf")
        best: list[A] = []
        for action in actions:
            after = sample.clone()
            after.apply(action)
            if after.is_terminal():
                score = 1e9 * after.returns()[seat]
            else:
                score = self._evaluate(after, seat)
            if score > best_score:
                best_score, best = score, [action]
            elif score == best_score:
                best.append(action)
        return rng.choice(best)
