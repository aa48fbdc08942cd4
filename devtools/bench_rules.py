"""``python main.py bench rules``: random-playout speed of the rules cores, with python-chess as a yardstick.

Figures, not pass/fail: the targets (≥ 100,000 actions per second, clones in a few microseconds) are read
off this output, never asserted in timed unit tests.
"""

from __future__ import annotations

import platform
import random
import time
from collections.abc import Callable
from typing import Any

from game.core.protocol import GameState


def playout_speed(new_game: Callable[[int], GameState], seconds: float, repeats: int = 3) -> dict[str, float]:
    """Random playouts measured ``repeats`` times: this machine's speed wanders, so the median is reported
    with the slowest and fastest run."""
    runs = [_playout_run(new_game, seconds / repeats) for _ in range(repeats)]
    rates = sorted(run["actions_per_second"] for run in runs)
    median = runs[[run["actions_per_second"] for run in runs].index(rates[len(rates) // 2])]
    return median | {"slowest_actions_per_second": rates[0], "fastest_actions_per_second": rates[-1]}


def _playout_run(new_game: Callable[[int], GameState], seconds: float) -> dict[str, float]:
    """Play random games (legal actions + a random choice + apply) for about ``seconds``."""
    actions = games = 0
    setup_time = 0.0
    start = time.perf_counter()
    seed = 0
    while time.perf_counter() - start < seconds:
        before = time.perf_counter()
        state = new_game(seed)
        setup_time += time.perf_counter() - before
        choose = random.Random(seed).choice
        while not state.is_terminal():
            state.apply(choose(state.legal_actions()))
            actions += 1
        games += 1
        seed += 1
    elapsed = time.perf_counter() - start
    return {
        "actions_per_second": round(actions / (elapsed - setup_time)),
        "games_per_second": round(games / elapsed, 1),
        "mean_actions_per_game": round(actions / games, 1),
        "games": games,
    }


def clone_microseconds(new_game: Callable[[int], GameState], repeats: int = 20000) -> float:
    """Mean time to clone a state taken twenty actions into a random game."""
    state = new_game(0)
    rng = random.Random(0)
    for _ in range(20):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    start = time.perf_counter()
    for _ in range(repeats):
        state.clone()
    return round((time.perf_counter() - start) / repeats * 1e6, 2)


def chess_nodes_per_second(seconds: float) -> float | None:
    """python-chess legal move generation plus push/pop, as a perft count from the start position."""
    try:
        import chess
    except ImportError:
        return None
    board = chess.Board()
    nodes = 0

    def perft(depth: int) -> None:
        nonlocal nodes
        for move in board.legal_moves:
            nodes += 1
            if depth > 1:
                board.push(move)
                perft(depth - 1)
                board.pop()

    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        perft(3)
    return round(nodes / (time.perf_counter() - start))


def benchmark_games() -> dict[str, Callable[[int], GameState]]:
    """Every game set-up the benchmark measures, by name: each game's own (``devtools/<game>/benches.py``)."""
    from devtools.games import parts

    games: dict[str, Callable[[int], GameState]] = {}
    for _name, part in parts("benches"):
        games |= part.rules_bench_games()
    return games


def run_rules_bench(seconds: float = 3.0) -> dict[str, Any]:
    results: dict[str, Any] = {}
    for name, new_game in benchmark_games().items():
        figures = playout_speed(new_game, seconds)
        figures["clone_microseconds"] = clone_microseconds(new_game)
        results[name] = figures
    report: dict[str, Any] = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "seconds_per_game_setup": seconds,
        "note": "actions_per_second: median of 3 runs of random playouts (legal actions + random choice + apply), "
        "set-up time excluded",
        "games": results,
        "chess_yardstick_nodes_per_second": chess_nodes_per_second(seconds),
    }
    return report
