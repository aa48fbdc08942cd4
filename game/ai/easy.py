"""The ``easy`` level: a quick heuristic player with some noise — it chases, blocks and captures when it sees
how, and now and then plays something else, as a beginner would.

How far it looks is the game's choice (``GameKnowledge.easy_lookahead``). In Fredericus the worth of a move
shows at once, so it plays the heuristic's one-ply favourite. In Falconi the danger is the opponents' reply,
so it runs a short search (40 iterations, a tenth of ``normal``) with the same heuristic.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable

from game.ai.ismcts import ISMCTSBot, SearchBudget
from game.ai.knowledge import knowledge_of
from game.core.bots import GreedyBot
from game.core.protocol import A
from game.core.view import SeatView

EASY_SECONDS = 0.08  # the target is 0.1 s per decision


class EasyBot:
    name = "easy"

    def __init__(self, noise: float = 0.1, seconds: float = EASY_SECONDS,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self.noise = noise
        self.seconds = seconds  # the search's cap; tests raise it so that only the iteration count stops it
        self.clock = clock  # what the cap is timed by (see ``level_makers``)

    def choose(self, view: SeatView[A], rng: random.Random, cancel: threading.Event | None = None) -> A:
        if rng.random() < self.noise:
            return rng.choice(view.legal_actions)
        knowledge = knowledge_of(view.game_name)
        if knowledge.easy_lookahead:
            budget = SearchBudget(iterations=knowledge.easy_lookahead, seconds=self.seconds, prior_visits=3)
            return ISMCTSBot("easy", budget, clock=self.clock).choose(view, rng, cancel)
        return GreedyBot(knowledge.evaluate).choose(view, rng, cancel)
