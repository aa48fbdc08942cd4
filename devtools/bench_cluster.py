"""``bench cluster``: how a tournament row scales, measured here and projected to bigger machines.

One row's first games are played four times: by 1 and by 2 local processes (``--jobs``) and on a Ray started
in the process with 1 and 2 CPUs (``--cluster local``), each run timed from its first game handed out to its
last result, and its games compared with the others' (the same seeds must give the same games).

The projection to 16 and 64 cores plays no game: it schedules the row's recorded games (their
``game_seconds``, from ``docs/measurements``) on that many cores in the order Ray hands them out, each game's
time scaled by today's speed (this run's single process against the record, over the same games) and by what a
core of a 2-CPU Ray plays against a lone process (Ray's overhead and two busy cores sharing one machine). A row
is then bounded by its longest game as much as by its total: the same schedule of every complete record in the
folder shows which rows more cores would not shorten.
"""

from __future__ import annotations

import argparse
import contextlib
import heapq
import json
import shlex
import statistics
import time
from collections.abc import Callable, Generator, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

from devtools.bench_rules import chess_nodes_per_second
from devtools.runners import LocalPool, Runner
from devtools.tournament import run_plans

Item = TypeVar("Item")
Result = TypeVar("Result")

ROW = "falconi --variant funghi --bot hard --against random --side fugitive"
GAMES = 48  # games of the row each run plays
WORKERS = (1, 2)
CORES = (16, 64)
SCHEDULED = (*WORKERS, *CORES)  # the cores each projection is given
PROJECTED_GAMES = 200  # a row of docs/ai.md's tables
YARDSTICK_SECONDS = 3.0


class _Timed:
    """A runner that passes every game through and keeps each result and the run's seconds."""

    def __init__(self, inner: Runner) -> None:
        self._inner = inner
        self.name = inner.name
        self.results: list[Any] = []
        self.seconds = 0.0

    def unordered(self, function: Callable[[Item], Result], items: Sequence[Item]) -> Generator[Result, None, None]:
        started = time.perf_counter()
        with contextlib.closing(self._inner.unordered(function, items)) as results:
            for result in results:
                self.results.append(result)
                yield result
        self.seconds = time.perf_counter() - started


def _games(results: list[Any]) -> list[tuple[Any, ...]]:
    """What makes a game the same game whatever played it: its seed, winners, ending and turns."""
    ordered = [result for _number, result in sorted(results, key=lambda numbered: numbered[0])]
    return [(game["seed"], tuple(game["winners"]), game.get("termination"), game["turns"]) for game in ordered]


def _play(args: argparse.Namespace, runner: Runner) -> _Timed:
    timed = _Timed(runner)
    run_plans(args.plans(args), timed)
    return timed


@contextlib.contextmanager
def _ray(cpus: int) -> Iterator[tuple[Runner, float]]:
    from devtools.cluster import attached

    started = time.perf_counter()
    with attached("local", cpus) as runner:
        yield runner, time.perf_counter() - started


def makespan(durations: Sequence[float], cores: int) -> float:
    """Seconds until the last game ends when each game, in order, goes to the first core free (as Ray hands
    out a row's tasks)."""
    free = [0.0] * cores
    for seconds in durations:
        heapq.heappush(free, heapq.heappop(free) + seconds)
    return max(free)


def _record_seconds(path: Path) -> dict[int, float]:
    found: dict[int, float] = {}
    if not path.exists():
        return found
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            entry = json.loads(line)
            found[int(entry["game"])] = float(entry["result"]["game_seconds"])
        except (ValueError, KeyError, TypeError):
            continue
    return found


def _projection(durations: Sequence[float], scale: float, start: float) -> dict[str, float]:
    scaled = [seconds * scale for seconds in durations]
    return {_cores(cores): round(start + makespan(scaled, cores), 1) for cores in SCHEDULED}


def _cores(cores: int) -> str:
    return f"{cores} core{'s' if cores != 1 else ''}"


def run_cluster_bench(row: str, games: int, folder: Path, parse: Callable[[Sequence[str]], argparse.Namespace],
                      report: Callable[[str], None]) -> dict[str, Any]:
    args = parse(["tournament", *shlex.split(row), "--games", str(games)])
    yardstick_before = chess_nodes_per_second(YARDSTICK_SECONDS)
    runs: list[dict[str, Any]] = []
    games_of: dict[str, list[tuple[Any, ...]]] = {}
    ray_start: list[float] = []
    plan = args.plans(args)[0].name  # the record of the row's games, whose times the projection takes
    single: list[float] = []
    for kind in ("processes", "ray local"):
        for workers in WORKERS:
            with contextlib.ExitStack() as stack:
                if kind == "processes":
                    runner: Runner = LocalPool(workers)
                else:
                    runner, started = stack.enter_context(_ray(workers))
                    ray_start.append(started)
                timed = _play(args, runner)
            rate = games / timed.seconds * 60
            runs.append({"runner": kind, "workers": workers, "seconds": round(timed.seconds, 1),
                         "games_per_minute": round(rate, 1), "per_worker": round(rate / workers, 1)})
            report(f"{kind:<10} {workers} worker{'s' if workers > 1 else ' '}  {timed.seconds:7.1f} s  "
                   f"{rate:6.1f} games/min  {rate / workers:6.1f} per worker")
            games_of[f"{kind} {workers}"] = _games(timed.results)
            if kind == "processes" and workers == 1:
                single = [result["game_seconds"] for _number, result in sorted(timed.results, key=lambda n: n[0])]
    yardstick_after = chess_nodes_per_second(YARDSTICK_SECONDS)
    reference = next(iter(games_of.values()))
    lone, ray_two = runs[0]["games_per_minute"], runs[3]["per_worker"]
    per_core = ray_two / lone  # a core of a 2-CPU Ray against a lone process
    recorded = _record_seconds(folder / f"{plan}.jsonl")
    common = [index for index in range(len(single)) if index in recorded]
    speed = (statistics.fmean(single[index] for index in common) / statistics.fmean(recorded[index] for index in common)
             if common else 1.0)
    if len(recorded) >= PROJECTED_GAMES:  # the record's times, at today's speed
        durations = [recorded[index] * speed for index in sorted(recorded)[:PROJECTED_GAMES]]
        source = f"{plan}.jsonl"
    else:  # no full record: this run's games, over again
        durations = [single[index % len(single)] for index in range(PROJECTED_GAMES)]
        source = f"this run's {len(single)} games, repeated"
    start = statistics.fmean(ray_start)
    return {
        "row": row,
        "games": games,
        "yardstick_nodes_per_second": [yardstick_before, yardstick_after],
        "runs": runs,
        "same_games": all(found == reference for found in games_of.values()),
        "ray_start_seconds": round(start, 1),
        "per_core_of_ray_against_one_process": round(per_core, 3),
        "speed_against_record": round(speed, 3),
        "projection": {"games": PROJECTED_GAMES, "from": source,
                       "seconds": _projection(durations, 1 / per_core, start)},
        "records": _records_projected(folder, speed / per_core, start),
    }


def _records_projected(folder: Path, scale: float, start: float) -> list[dict[str, Any]]:
    """Every complete record of the folder scheduled on the projected cores: which rows more cores shorten."""
    rows = []
    for path in sorted(folder.glob("*.jsonl")):
        recorded = _record_seconds(path)
        if len(recorded) < PROJECTED_GAMES:
            continue
        durations = [recorded[index] * scale for index in sorted(recorded)[:PROJECTED_GAMES]]
        rows.append({"record": path.stem.removesuffix("-seed1"), "core_hours": round(sum(durations) / 3600, 2),
                     "longest_game_seconds": round(max(durations)),
                     **{_cores(cores): round(start + makespan(durations, cores)) for cores in SCHEDULED}})
    return rows


def describe(figures: dict[str, Any]) -> list[str]:
    """The bench's figures as a reader takes them in: the runs, then the projections."""
    before, after = figures["yardstick_nodes_per_second"]
    projection = figures["projection"]
    lines = [
        f"yardstick: {before} and {after} python-chess nodes/s (before, after)",
        f"row: {figures['row']}, {figures['games']} games a run; the same games in every run: "
        f"{'yes' if figures['same_games'] else 'NO'}",
        "runner      workers  seconds  games/min  per worker",
        *(f"{run['runner']:<11} {run['workers']:>7}  {run['seconds']:>7}  {run['games_per_minute']:>9}  "
          f"{run['per_worker']:>10}" for run in figures["runs"]),
        f"ray start: {figures['ray_start_seconds']} s; a core of a 2-CPU Ray plays "
        f"{figures['per_core_of_ray_against_one_process']} of a lone process; today's speed against the record: "
        f"{figures['speed_against_record']} of its time per game",
        f"{projection['games']} games of the row on a Ray of n cores (from {projection['from']}):",
        *(f"  {cores}: {_minutes(seconds)}" for cores, seconds in projection["seconds"].items()),
        f"every complete record, {PROJECTED_GAMES} games on a Ray of n cores:",
        f"  {'record':<48} {'core-h':>6} {'longest':>9} " + " ".join(f"{_cores(cores):>10}" for cores in SCHEDULED),
        *(f"  {row['record']:<48} {row['core_hours']:>6} {_minutes(row['longest_game_seconds']):>9} "
          + " ".join(f"{_minutes(row[_cores(cores)]):>10}" for cores in SCHEDULED)
          for row in figures["records"]),
    ]
    return lines


def _minutes(seconds: float) -> str:
    if seconds < 120:
        return f"{seconds:.0f} s"
    return f"{seconds / 60:.1f} min" if seconds < 7200 else f"{seconds / 3600:.1f} h"
