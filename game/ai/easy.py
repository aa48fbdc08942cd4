"""The ``easy`` level: a one-ply heuristic player with some noise — it chases, blocks and captures when it
sees how, and now and then plays something else, as a beginner would."""

from __future__ import annotations

import random
import threading

from game.ai.knowledge import knowledge_of
from game.core.bots import GreedyBot
from game.core.protocol import Action
from game.core.view import SeatView


class EasyBot:
    name = "easy"

    def __init__(self, noise: float = 0.15) -> None:
        self.noise = noise

    def choose(self, view: SeatView, rng: random.Random, cancel: threading.Event | None = None) -> Action:
        if rng.random() < self.noise:
            return rng.choice(view.legal_actions)
        return GreedyBot(knowledge_of(view.game_name).evaluate).choose(view, rng, cancel)
