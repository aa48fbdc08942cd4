"""The AI levels offered for every seat of both games, and the developer-only yardsticks: ``cheat`` (searches
the true state) and ``sitter`` (never drives away from where it stands)."""

from __future__ import annotations

import time
from collections.abc import Callable

from game.ai.easy import EasyBot
from game.ai.ismcts import ISMCTSBot, SearchBudget
from game.core.bots import Bot, Evaluation, GreedyBot, RandomBot

# Strength is set by iterations; the seconds are caps under the decision-time targets (easy 0.1 s, normal 1 s,
# hard 3 s per decision at the 95th percentile) less a margin for the last iteration.
NORMAL = SearchBudget(iterations=400, seconds=0.9, prior_visits=3)
HARD = SearchBudget(iterations=1600, seconds=2.8, prior_visits=3)


def level_makers(evaluate_greedy: Evaluation | None = None,
                 clock: Callable[[], float] = time.perf_counter) -> dict[str, Callable[[], Bot]]:
    """Every bot a seat can be given by name: the simulation baselines and the three levels. ``clock`` times the
    searches' caps: the wall clock for players, who wait on it; tournaments give the process's CPU time, so that a
    loaded or paused machine does not cut searches short and a seed gives the same games."""
    makers: dict[str, Callable[[], Bot]] = {
        "random": RandomBot,
        "easy": lambda: EasyBot(clock=clock),
        "normal": lambda: ISMCTSBot("normal", NORMAL, clock=clock),
        "hard": lambda: ISMCTSBot("hard", HARD, clock=clock),
        "cheat": lambda: ISMCTSBot("cheat", HARD, cheat=True, clock=clock),
        "sitter": lambda: ISMCTSBot("sitter", HARD, sitter=True, clock=clock),
    }
    if evaluate_greedy is not None:
        makers["greedy"] = lambda: GreedyBot(evaluate_greedy)
    return makers
