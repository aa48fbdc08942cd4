"""``python main.py bench ai``: decision times, search speed and tree memory of the AI levels.

Figures, not pass/fail: the targets (95th percentile of the decision time: easy ≤ 0.1 s, normal ≤ 1 s,
hard ≤ 3 s on a 2-core machine; ≥ 1,000 search iterations per second; a tree under 50 MB, freed after each
decision) are read off this output, never asserted in timed unit tests.

How it measures, for every game set-up (Falconi: each of the five variants with all three police cars;
Fredericus: 2 and 4 players) and every level:

* ``games`` games are played with the level on one side and ``random`` everywhere else. Falconi: game *i*
  gives the level Don Falconi when *i* is even and all three police cars when *i* is odd; Fredericus: game
  *i* gives it seat ``i % players``. Game *i* of a set-up is dealt with seed ``seed + i``.
* Every decision the level takes is timed from building its ``SeatView`` to the returned action. Decisions
  with a single legal action are answered without thinking; those with more than one are *searched* (easy
  looks one action ahead, normal and hard run ISMCTS). Percentiles are reported for both.
* Iterations per second is the sum of ``bot.stats.iterations`` over the sum of ``bot.stats.seconds`` of the
  searched decisions (one process, so one core).
* To keep the default run short, a level takes at most ``max_searched[level]`` searched decisions a game
  (default: easy unlimited, normal 50, hard 20); the level's seats then play on at random so the game still
  ends (``capped_games`` counts such games). The measured decisions therefore lean to the opening and the
  middle game, where the pile and deck are fullest and samples cost most.
* Memory, once per set-up: a mid-game position (half-way through a random game, at a decision with several
  actions) is searched by ``hard`` under ``tracemalloc`` after a warm-up decision. ``peak_mb`` is the peak
  allocated above the baseline during the decision (tree, samples and rollouts); ``tree_mb`` is the tree
  alone, built again with the same budget and measured while it is still held; ``tree_mb_at_node_cap``
  extrapolates it to ``max_nodes``. After the decision and ``gc.collect()``, ``retained_kb`` is what stays
  above the baseline, ``nodes_alive`` the search-tree nodes still alive anywhere (0: the bot keeps no tree)
  and ``freed`` says both are as they should be.
* The python-chess yardstick of ``bench rules`` (perft nodes per second) is measured in the same run, before
  and after the games, and ``search_speed`` gives each searching level's iterations per second per set-up
  divided by the yardstick's mean: this machine's speed wanders by 2× from day to day, so speed-ups are
  compared as such ratios, each measured with its own yardstick.

The default, ``run_ai_bench()`` (``games=2``, all three levels, memory included), takes about 5 minutes on
the 2-core reference machine (4–7 depending on its load, most of it in hard decisions); ``games=1`` takes
about 3 minutes but measures only Don Falconi in Falconi. Each further game adds about 2 minutes.
"""

from __future__ import annotations

import gc
import math
import os
import platform
import random
import time
import tracemalloc
from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict
from typing import Any

from devtools.bench_rules import chess_nodes_per_second
from game.ai.ismcts import ISMCTSBot, _Node
from game.ai.knowledge import knowledge_of
from game.ai.levels import HARD, level_makers
from game.core.bots import Bot, RandomBot
from game.core.errors import GameError
from game.core.protocol import GameState, Seat
from game.core.simulate import MAX_DECISIONS
from game.core.view import SeatView

# The target 95th percentile of decision time per level, in seconds, on the 2-core reference machine.
TARGET_P95_SECONDS = {"easy": 0.1, "normal": 1.0, "hard": 3.0}
TARGET_ITERATIONS_PER_SECOND = 1000
TARGET_TREE_MB = 50
# Searched decisions measured per game and level (None: all of them); see the module docstring.
DEFAULT_MAX_SEARCHED: dict[str, int | None] = {"easy": None, "normal": 50, "hard": 20, "cheat": 20}
MIB = 1024 * 1024


class GameSetup:
    """One game set-up of the benchmark: how to deal a game, and which seats the level takes in game *i*."""

    def __init__(self, name: str, new_game: Callable[[int], GameState], seats: Callable[[int], tuple[Seat, ...]],
                 sides: Callable[[int], str]) -> None:
        self.name, self.new_game, self.seats, self.sides = name, new_game, seats, sides


def game_setups() -> list[GameSetup]:
    """Every set-up measured, each game's own (``devtools/<game>/benches.py``): the five Falconi variants (all
    police cars in play), Fredericus for 2 and 4."""
    from devtools.games import parts

    return [setup for _name, part in parts("benches") for setup in part.ai_bench_setups()]


def percentiles(values: Iterable[float]) -> dict[str, float | None]:
    """p50, p95, p99 (nearest rank) and the maximum, in seconds rounded to 0.1 ms."""
    ordered = sorted(values)
    if not ordered:
        return {"p50": None, "p95": None, "p99": None, "max": None}

    def rank(p: float) -> float:
        return round(ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)], 4)

    return {"p50": rank(50), "p95": rank(95), "p99": rank(99), "max": round(ordered[-1], 4)}


class _LevelRecord:
    """Everything timed for one level in one set-up."""

    def __init__(self) -> None:
        self.all_seconds: list[float] = []
        self.searched_seconds: list[float] = []
        self.iterations = 0
        self.search_seconds = 0.0
        self.searched_with_stats = 0
        self.games = self.capped_games = self.wins = 0
        self.sides: list[str] = []


def _play_measured(state: GameState, bot: Bot, seats: tuple[Seat, ...], seed: int, cap: int | None,
                   record: _LevelRecord) -> None:
    """Play ``state`` to the end: ``bot`` takes ``seats`` (until ``cap`` searched decisions), random the rest."""
    bot_rng, other_rng = random.Random(seed * 7919 + 1), random.Random(seed * 104729 + 2)
    fallback = RandomBot()
    searched = 0
    capped = False
    for _ in range(MAX_DECISIONS):
        if state.is_terminal():
            break
        seat = state.current_seat
        if seat in seats and (cap is None or searched < cap):
            started = time.perf_counter()
            view = SeatView(state)
            action = bot.choose(view, bot_rng)
            elapsed = time.perf_counter() - started
            if action not in view.legal_actions:
                raise GameError(f"{bot.name} chose an illegal action {action!r}")
            record.all_seconds.append(elapsed)
            if len(view.legal_actions) > 1:
                searched += 1
                record.searched_seconds.append(elapsed)
                stats = getattr(bot, "stats", None)
                if stats is not None:
                    record.iterations += stats.iterations
                    record.search_seconds += stats.seconds
                    record.searched_with_stats += 1
        else:
            capped = capped or seat in seats
            action = fallback.choose(SeatView(state), other_rng)
        state.apply(action)
    else:
        raise GameError(f"a benchmark game did not end within {MAX_DECISIONS} decisions")
    record.games += 1
    record.capped_games += capped
    outcome = state.outcome
    assert outcome is not None
    record.wins += any(seat in outcome.winners for seat in seats)


def _level_figures(level: str, bot: Bot, record: _LevelRecord) -> dict[str, Any]:
    budget = getattr(bot, "budget", None)
    everything = percentiles(record.all_seconds)
    searched = percentiles(record.searched_seconds)
    figures: dict[str, Any] = {
        "games": record.games,
        "sides": record.sides,
        "wins": record.wins,
        "capped_games": record.capped_games,
        "decisions": len(record.all_seconds),
        "searched_decisions": len(record.searched_seconds),
        "seconds": everything,
        "searched_seconds": searched,
        "mean_iterations": None,
        "iterations_per_second": None,
        "cap_seconds": budget.seconds if budget is not None else None,
        "over_cap": sum(1 for s in record.all_seconds if s > budget.seconds) if budget is not None else None,
        "target_p95": TARGET_P95_SECONDS.get(level),
    }
    if record.searched_with_stats:
        figures["mean_iterations"] = round(record.iterations / record.searched_with_stats, 1)
        if record.search_seconds > 0:
            figures["iterations_per_second"] = round(record.iterations / record.search_seconds)
    target = TARGET_P95_SECONDS.get(level)
    p95 = everything["p95"]
    figures["p95_within_target"] = None if target is None or p95 is None else p95 <= target
    return figures


def mid_game_position(new_game: Callable[[int], GameState], seed: int) -> GameState:
    """Half-way through a random game dealt with ``seed``, at the first later decision with several actions."""
    state = new_game(seed)
    rng = random.Random(seed)
    actions = []
    while not state.is_terminal():
        actions.append(rng.choice(state.legal_actions()))
        state.apply(actions[-1])
    state = new_game(seed)
    for action in actions[: len(actions) // 2]:
        state.apply(action)
    for action in actions[len(actions) // 2 :]:
        if len(state.legal_actions()) > 1:
            break
        state.apply(action)
    if state.is_terminal() or len(state.legal_actions()) < 2:
        raise GameError("no mid-game decision with a choice in this game")
    return state


def _nodes_alive() -> int:
    return sum(1 for obj in gc.get_objects() if type(obj) is _Node)


def tree_memory(state: GameState, seed: int = 0) -> dict[str, Any]:
    """Memory of one ``hard`` decision on ``state``, measured with ``tracemalloc`` (see the module docstring)."""
    bot = level_makers()["hard"]()
    assert isinstance(bot, ISMCTSBot)
    bot.choose(SeatView(state), random.Random(seed + 1))  # warm-up: lazy tables and imports are not the tree
    gc.collect()
    already_alive = _nodes_alive()
    was_tracing = tracemalloc.is_tracing()
    if not was_tracing:
        tracemalloc.start()
    try:
        gc.collect()
        baseline = tracemalloc.get_traced_memory()[0]
        tracemalloc.reset_peak()
        bot.choose(SeatView(state), random.Random(seed))
        peak = tracemalloc.get_traced_memory()[1] - baseline
        stats = bot.stats
        gc.collect()
        retained = tracemalloc.get_traced_memory()[0] - baseline
        nodes_alive = _nodes_alive() - already_alive
        # The tree alone, built again with the same budget and measured while it is still held.
        view = SeatView(state)
        root = _Node(None, -1, None)
        gc.collect()
        before_tree = tracemalloc.get_traced_memory()[0]
        _, tree_nodes = bot._search(  # the benchmark measures the tree the bot would build
            root, view.sample, knowledge_of(view.game_name), random.Random(seed), time.perf_counter(), None
        )
        gc.collect()
        tree_bytes = tracemalloc.get_traced_memory()[0] - before_tree
        del root, view
        gc.collect()
    finally:
        if not was_tracing:
            tracemalloc.stop()
    per_node = tree_bytes / max(1, tree_nodes)
    return {
        "position": repr(state),
        "iterations": stats.iterations,
        "nodes": stats.nodes,
        "seconds_under_tracemalloc": round(stats.seconds, 3),
        "peak_mb": round(peak / MIB, 3),
        "tree_mb": round(tree_bytes / MIB, 3),
        "tree_bytes_per_node": round(per_node),
        "tree_mb_at_node_cap": round(per_node * HARD.max_nodes / MIB, 1),
        "max_nodes": HARD.max_nodes,
        "retained_kb": round(retained / 1024, 1),
        "nodes_alive": nodes_alive,
        "freed": nodes_alive == 0 and retained < max(64 * 1024, peak // 20),
    }


def platform_info() -> dict[str, Any]:
    usable: int | None
    try:
        usable = len(os.sched_getaffinity(0))
    except AttributeError:  # not on every platform
        usable = os.cpu_count()
    return {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "machine": platform.machine(),
        "processor": platform.processor() or None,
        "cpu_count": os.cpu_count(),
        "usable_cpus": usable,
    }


def run_ai_bench(
    games: int = 2,
    levels: Iterable[str] = ("easy", "normal", "hard"),
    seed: int = 1,
    max_searched: Mapping[str, int | None] | None = None,
    memory: bool = True,
    setups: Iterable[str] | None = None,
    yardstick_seconds: float = 3.0,
) -> dict[str, Any]:
    """Measure every level in every set-up (``setups`` picks some by name) and return JSON-able figures.

    ``max_searched`` overrides :data:`DEFAULT_MAX_SEARCHED` per level; ``memory=False`` skips the
    ``tracemalloc`` measurement of a hard decision; the yardstick runs ``yardstick_seconds`` before and after.
    """
    if games < 1:
        raise GameError("the AI benchmark needs at least 1 game per level")
    makers = level_makers()
    levels = tuple(levels)
    unknown = [level for level in levels if level not in makers]
    if unknown:
        raise GameError(f"unknown AI level(s) {', '.join(unknown)}; choose from {', '.join(makers)}")
    caps = dict(DEFAULT_MAX_SEARCHED) | dict(max_searched or {})
    chosen = game_setups()
    if setups is not None:
        wanted = set(setups)
        chosen = [setup for setup in chosen if setup.name in wanted]
        if len(chosen) != len(wanted):
            raise GameError(f"unknown set-up among {', '.join(sorted(wanted))}")
    started = time.perf_counter()
    yardstick_before = chess_nodes_per_second(yardstick_seconds)
    results: dict[str, Any] = {}
    totals: dict[str, _LevelRecord] = {level: _LevelRecord() for level in levels}
    for setup in chosen:
        figures: dict[str, Any] = {}
        for level in levels:
            record = _LevelRecord()
            bot: Bot = makers[level]()
            for index in range(games):
                bot = makers[level]()
                record.sides.append(setup.sides(index))
                _play_measured(setup.new_game(seed + index), bot, setup.seats(index), seed + index,
                               caps.get(level), record)
            figures[level] = _level_figures(level, bot, record)
            total = totals[level]
            total.all_seconds += record.all_seconds
            total.searched_seconds += record.searched_seconds
            total.iterations += record.iterations
            total.search_seconds += record.search_seconds
            total.searched_with_stats += record.searched_with_stats
        if memory:
            figures["memory_hard_decision"] = tree_memory(mid_game_position(setup.new_game, seed), seed)
        results[setup.name] = figures
    summary: dict[str, Any] = {}
    for level in levels:
        total = totals[level]
        per_setup = [results[name][level]["seconds"]["p95"] for name in results]
        summary[level] = {
            "decisions": len(total.all_seconds),
            "searched_decisions": len(total.searched_seconds),
            "seconds": percentiles(total.all_seconds),
            "worst_set_up_p95": max((p for p in per_setup if p is not None), default=None),
            "target_p95": TARGET_P95_SECONDS.get(level),
            "iterations_per_second": round(total.iterations / total.search_seconds) if total.search_seconds else None,
        }
    if memory:
        memories = [results[name]["memory_hard_decision"] for name in results]
        summary["memory_hard_decision"] = {
            "max_peak_mb": max(m["peak_mb"] for m in memories),
            "max_tree_mb_at_node_cap": max(m["tree_mb_at_node_cap"] for m in memories),
            "all_freed": all(m["freed"] for m in memories),
            "target_mb": TARGET_TREE_MB,
        }
    yardstick = _yardstick(yardstick_before, chess_nodes_per_second(yardstick_seconds))
    budgets = {level: asdict(bot.budget) for level in levels
               if isinstance(bot := makers[level](), ISMCTSBot)}
    return {
        "platform": platform_info(),
        "settings": {
            "games": games,
            "seed": seed,
            "levels": list(levels),
            "max_searched_per_game": {level: caps.get(level) for level in levels},
            "budgets": budgets,
            "opponents": "random",
            "note": "seconds: every decision the level took, from building its SeatView to the action; "
                    "searched_seconds: those with more than one legal action. iterations_per_second: sum of "
                    "search iterations over sum of search seconds (one process, one core). "
                    f"Targets: p95 {TARGET_P95_SECONDS} s, ≥ {TARGET_ITERATIONS_PER_SECOND} iterations/s, "
                    f"tree < {TARGET_TREE_MB} MB and freed after each decision.",
        },
        "yardstick": yardstick,
        "search_speed": search_speed(results, yardstick["nodes_per_second"]),
        "set_ups": results,
        "summary": summary,
        "elapsed_seconds": round(time.perf_counter() - started, 1),
    }


def _yardstick(before: float | None, after: float | None) -> dict[str, Any]:
    """python-chess perft speed before and after the run, and their mean (``None`` without python-chess)."""
    runs = [nodes for nodes in (before, after) if nodes is not None]
    return {"nodes_per_second": round(sum(runs) / len(runs)) if runs else None, "before": before, "after": after,
            "what": "python-chess perft nodes per second (bench rules' yardstick)"}


def search_speed(results: Mapping[str, Any], yardstick: float | None) -> dict[str, dict[str, Any]]:
    """Per set-up and searching level: iterations per second and their ratio to the yardstick's nodes per
    second, the figure that stays comparable from one day's machine to another's."""
    speeds: dict[str, dict[str, Any]] = {}
    for name, figures in results.items():
        for level, level_figures in figures.items():
            rate = level_figures.get("iterations_per_second") if level in DEFAULT_MAX_SEARCHED else None
            if rate is None:
                continue
            speeds.setdefault(name, {})[level] = {
                "iterations_per_second": rate,
                "per_yardstick_node": round(rate / yardstick, 5) if yardstick else None,
            }
    return speeds
