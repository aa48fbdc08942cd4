"""Built-in bots for simulations: ``random`` and ``greedy``. Bots depend only on the state protocol."""

from __future__ import annotations

import random
from typing import Callable, Protocol

from game.core.errors import GameError
from game.core.protocol import Action, GameState, Seat

Evaluation = Callable[[GameState, Seat], float]


class Bot(Protocol):
    """Chooses one legal action for the seat whose decision it is."""

    name: str

    def choose(self, state: GameState, rng: random.Random) -> Action: ...


def check_decision(state: GameState) -> Seat:
    """The seat a bot is asked to decide for; a clear error for a finished game."""
    if state.is_terminal():
        raise GameError("the game is over: there is no decision to take")
    return state.current_seat


class RandomBot:
    """Plays a uniformly random legal action: the baseline every other bot must beat."""

    name = "random"

    def choose(self, state: GameState, rng: random.Random) -> Action:
        check_decision(state)
        return rng.choice(state.legal_actions())


class GreedyBot:
    """Looks one action ahead and plays the action whose result ``evaluate`` likes best for its seat.

    It looks ahead on ``state.determinize(seat)``, a copy in which everything its seat may not see is dealt
    anew, so it never profits from hidden information.
    """

    name = "greedy"

    def __init__(self, evaluate: Evaluation) -> None:
        self._evaluate = evaluate

    def choose(self, state: GameState, rng: random.Random) -> Action:
        seat = check_decision(state)
        actions = list(state.legal_actions())
        if len(actions) == 1:
            return actions[0]
        view = state.determinize(seat, rng)
        best_score = float("-inf")
        best: list[Action] = []
        for action in actions:
            after = view.clone()
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
