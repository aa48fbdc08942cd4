"""Tournaments between AI levels: the strength figures of docs/ai.md, measured rather than asserted.

Every match is a list of whole games. Game *i* of a match is set up with seed ``seed + i`` and each seat's
bot draws from its own generator seeded from that seed and the seat, so a match gives the same result for a
fixed seed whatever the number of worker processes (``jobs``), or whatever plays them: a Ray
cluster's workers (:mod:`devtools.runners`). One caveat: ``easy`` (in Falconi),
``normal``, ``hard`` and ``cheat`` stop at an iteration budget *or* a time cap, whichever comes first. Here the
cap counts the worker's CPU time, not the wall clock, so a loaded or paused machine does not end a search
early; only a machine so slow that a search needs more CPU time than its cap makes a run differ from another.
``random`` and ``greedy`` are exactly reproducible.

Bots are made fresh for every game from the level names (``game.ai.levels.level_makers``) and decide on a
:class:`game.core.view.SeatView` only. An exception during a game (an illegal action, a rules bug, a game
that never ends) is counted as an error of the match, never a crash; win rates are over finished games.

Win rates carry 95 % Wilson score intervals (:mod:`devtools.intervals`). The strength table, with its
targets, is assembled in :mod:`devtools.strength_table`.

This module is the machinery every game shares: a game to play (:class:`GameTask`), playing it
(:func:`play_task`), matches as plans of games played in one stream of worker processes, recorded and
resumed (:func:`execute`), and the figures and the line of a row. Which matches a game has, and what its
rows say, is the game's own (``devtools/<game>/matches.py``, found by :mod:`devtools.games`).
"""


from __future__ import annotations

import contextlib
import json
import os
import random
import time
import traceback
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from devtools.games import matches_part
from devtools.intervals import wilson_interval
from devtools.runners import Jobs, runner_of
from game.core.errors import GameError
from game.core.options import GameOptions
from game.core.protocol import GameState
from game.core.simulate import MAX_DECISIONS
from game.core.view import SeatView
from game.registry import game_spec

DEFAULT_JOBS = 2


@dataclass(frozen=True)
class GameTask:
    """One game to play: which game (a name of :mod:`game.registry`), its options and the seats in play (as
    its :class:`~game.core.gamespec.GameSpec` makes a state of them), the level in each seat and the seed."""

    game: str
    options: GameOptions  # the game's options record
    in_play: tuple[bool, ...]  # a flag per seat
    levels: tuple[str, ...]  # a level name per seat index (seats not in play are never asked)
    seed: int


_MAKERS: dict[str, dict[str, Callable[[], Any]]] = {}


def _makers(game: str) -> dict[str, Callable[[], Any]]:
    """The level makers of ``game``, built once per process (``greedy`` follows the game's heuristic)."""
    if game not in _MAKERS:
        from game.ai.levels import level_makers

        _MAKERS[game] = level_makers(game_spec(game).knowledge().evaluate, clock=time.process_time)
    return _MAKERS[game]


def level_names() -> tuple[str, ...]:
    """Every level a tournament seat can be given."""
    from game.ai.levels import level_makers

    return tuple(level_makers(lambda _state, _seat: 0.0))  # the names only: no game's heuristic is needed for them


def _new_state(task: GameTask) -> GameState:
    return game_spec(task.game).new_state(task.options, task.in_play, task.seed)


def seat_rng(seed: int, seat: int) -> random.Random:
    """The generator of one seat's bot in the game of ``seed``: the same in any process, for any ``jobs``."""
    return random.Random(f"tournament:{seed}:{seat}")


def play_task(task: GameTask) -> dict[str, Any]:
    """Play one game to the end and report the winners and each seat's thinking time; errors are reported.

    The game's own tournament part may watch the game (``watch``): the fields it reports join the result,
    and a result without them (a broken game) has the part's ``RESULT_FIELDS`` instead."""
    seats = len(task.levels)
    seconds = [0.0] * seats
    decisions = [0] * seats
    choices = [0] * seats  # decisions with more than one legal action
    started = time.perf_counter()
    extra: Mapping[str, Any] = {}
    try:
        games_part = matches_part(task.game)
        extra = games_part.RESULT_FIELDS
        makers = _makers(task.game)
        state = _new_state(task)
        bots = {seat: makers[task.levels[seat]]() for seat in state.seats}
        rngs = [seat_rng(task.seed, seat) for seat in range(seats)]
        watch = games_part.watch(state)
        clock = time.perf_counter
        for _ in range(MAX_DECISIONS):
            if state.is_terminal():
                break
            if watch is not None:
                watch.see(state)
            view = SeatView(state)
            seat = view.seat
            before = clock()
            action = bots[seat].choose(view, rngs[seat])
            seconds[seat] += clock() - before
            decisions[seat] += 1
            choices[seat] += len(view.legal_actions) > 1
            state.apply(action)
        else:
            raise RuntimeError(f"the game did not end within {MAX_DECISIONS} decisions")
        outcome = state.outcome
        assert outcome is not None
        return {
            "seed": task.seed,
            "winners": sorted(outcome.winners),
            "termination": outcome.termination,
            "turns": state.turn_number,
            "seconds": seconds,
            "decisions": decisions,
            "choices": choices,
            "game_seconds": time.perf_counter() - started,
            **extra,
            **(watch.fields() if watch is not None else {}),
            "error": None,
        }
    except Exception as error:  # noqa: BLE001 — a tournament counts a broken game as an error and goes on
        return {
            "seed": task.seed,
            "winners": None,
            "termination": None,
            "turns": 0,
            "seconds": seconds,
            "decisions": decisions,
            "choices": choices,
            "game_seconds": time.perf_counter() - started,
            **extra,
            "error": f"seed {task.seed}: {type(error).__name__}: {error}\n{traceback.format_exc(limit=4)}",
        }


def _play_numbered(numbered: tuple[int, GameTask]) -> tuple[int, dict[str, Any]]:
    return numbered[0], play_task(numbered[1])


# ----------------------------------------------------------------------------------------- matches as plans


@dataclass
class Plan:
    """A match waiting to be played: its name (the file its games are recorded in), its games, and how their
    results, in game order, make the match's row."""

    name: str
    tasks: list[GameTask]
    summarise: Callable[[list[dict[str, Any]]], dict[str, Any]]
    results: dict[int, dict[str, Any]] = field(default_factory=dict)

    def row(self) -> dict[str, Any]:
        return self.summarise([self.results[index] for index in range(len(self.tasks))])


def _recorded(path: Path, plan: Plan) -> dict[int, dict[str, Any]]:
    """The games of ``plan`` already in its record file: those whose seed is the one the plan gives them
    (a line cut short by an interrupted run is left out, and played again)."""
    found: dict[int, dict[str, Any]] = {}
    if not path.exists():
        return found
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            entry = json.loads(line)
            index, result = int(entry["game"]), entry["result"]
        except (ValueError, KeyError, TypeError):
            continue
        if 0 <= index < len(plan.tasks) and isinstance(result, dict) and result.get("seed") == plan.tasks[index].seed:
            found[index] = result
    return found


def _mend(path: Path) -> None:
    """Cut a record's last line if a run was killed while writing it (or the disk filled): the next game is
    appended on a line of its own instead of joining the torn one, which would lose it too."""
    if not path.exists():
        return
    with open(path, "rb+") as file:
        data = file.read()
        if data and not data.endswith(b"\n"):
            file.truncate(data.rfind(b"\n") + 1)


def _append(path: Path, entry: dict[str, Any]) -> None:
    """Append a game to its record in one write, on disk before the next game is asked for: a kill loses
    at most the line being written, which :func:`_mend` cuts on the next run."""
    with open(path, "a", encoding="utf-8") as file:
        file.write(json.dumps(entry) + "\n")
        file.flush()
        os.fsync(file.fileno())


def execute(
    plans: Sequence[Plan], jobs: Jobs, on_row: Callable[[int, dict[str, Any]], None] | None = None,
    record: Path | None = None, on_game: Callable[[int], None] | None = None,
) -> list[dict[str, Any]]:
    """Play every plan's games in one stream (workers never wait for a match to end) and summarise each
    match as soon as its last game is in, calling ``on_row`` with the plan's index and its row, and
    ``on_game`` with the plan's index as each of its games is in (recorded). ``jobs``
    plays them: a number of local processes, or a runner (:mod:`devtools.runners`); the records are the same.

    With ``record`` (a folder), each game's result is appended to ``<record>/<plan name>.jsonl`` as it
    ends, and games already there are not played again: a long match can be stopped and resumed, or grown
    from 50 games to 200, losing at most the games under way."""
    if record is not None:
        record.mkdir(parents=True, exist_ok=True)
        for plan in plans:
            _mend(record / f"{plan.name}.jsonl")
            plan.results.update(_recorded(record / f"{plan.name}.jsonl", plan))
    rows: list[dict[str, Any]] = [{} for _ in plans]
    todo: list[tuple[int, GameTask]] = []
    owners: list[tuple[int, int]] = []  # (plan, game) of each entry of todo
    for owner, plan in enumerate(plans):
        missing = [index for index in range(len(plan.tasks)) if index not in plan.results]
        if not missing:
            rows[owner] = plan.row()
            if on_row:
                on_row(owner, rows[owner])
        for index in missing:
            todo.append((len(todo), plan.tasks[index]))
            owners.append((owner, index))
    # closed as a stop (Ctrl-C, SIGTERM) passes, wherever it comes: the workers are stopped then, not whenever
    # the generator happens to be collected
    with contextlib.closing(runner_of(jobs).unordered(_play_numbered, todo)) as results:
        for number, result in results:
            owner, index = owners[number]
            plan = plans[owner]
            plan.results[index] = result
            if record is not None:
                _append(record / f"{plan.name}.jsonl", {"game": index, "result": result})
            if on_game:
                on_game(owner)
            if len(plan.results) == len(plan.tasks):
                rows[owner] = plan.row()
                if on_row:
                    on_row(owner, rows[owner])
    return rows


def check_arguments(games: int, jobs: Jobs, levels: Iterable[str]) -> None:
    if games < 1:
        raise GameError(f"--games must be at least 1, not {games}")
    if isinstance(jobs, int) and jobs < 1:
        raise GameError(f"--jobs must be at least 1, not {jobs}")
    known = level_names()
    for level in levels:
        if level not in known:
            raise GameError(f"unknown level {level!r}; choose one of {', '.join(known)}")


def run_plans(
    plans: Sequence[Plan], jobs: Jobs, report: Callable[[str], None] | None = None, record: Path | None = None,
) -> list[dict[str, Any]]:
    """:func:`execute` the plans, each row with its line (``text``) added, in the order they finish; ``report``
    is called with each line as its row is done."""
    rows: list[dict[str, Any]] = []

    def on_row(_index: int, row: dict[str, Any]) -> None:
        rows.append(row | {"text": format_row(row)})
        if report:
            report(rows[-1]["text"])

    execute(plans, jobs, on_row, record)
    return rows


def run_match(args: Any, report: Callable[[str], None] | None) -> list[dict[str, Any]]:
    """``python main.py tournament <kind>``: the kind's plans (``args.plans``) played by ``args.jobs``,
    recorded in ``args.record`` if given; ``report`` gets each row's line as it is done."""
    return run_plans(args.plans(args), args.jobs, report, args.record)


def recorded_games(plan: Plan, folder: Path) -> int:
    """How many of ``plan``'s games ``folder`` holds already (those a ``--record`` run would not play)."""
    return len(_recorded(folder / f"{plan.name}.jsonl", plan))


# ------------------------------------------------------------------------------------- the figures of a row


def rate_fields(wins: int, finished: int) -> dict[str, Any]:
    """Wins over finished games, with the rate's 95 % Wilson interval."""
    low, high = wilson_interval(wins, finished)
    return {
        "wins": wins,
        "finished": finished,
        "rate": round(wins / finished, 4) if finished else None,
        "interval": [round(low, 4), round(high, 4)],
    }


def recorded_count(path: Path) -> int:
    """How many games of a record file are there from its first on, with none missing (0 without the file)."""
    if not path.exists():
        return 0
    found: set[int] = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            found.add(int(json.loads(line)["game"]))
        except (ValueError, KeyError, TypeError):
            continue  # a line cut short by an interrupted run
    count = 0
    while count in found:
        count += 1
    return count


def recorded_row(plan: Plan, folder: Path) -> dict[str, Any] | None:
    """``plan``'s row from the games recorded in ``folder`` alone (nothing is played), or ``None`` while any
    of its games is not there."""
    plan.results.update(_recorded(folder / f"{plan.name}.jsonl", plan))
    return plan.row() if len(plan.results) == len(plan.tasks) else None


def error_fields(results: list[dict[str, Any]]) -> tuple[int, list[str]]:
    """The number of broken games, and the first three errors."""
    errors = [result["error"] for result in results if result["error"]]
    return len(errors), errors[:3]


def record_letters(results: list[dict[str, Any]], won: Callable[[int, dict[str, Any]], bool]) -> str:
    """One letter per game in order: ``W`` won, ``L`` lost, ``E`` broken by an error."""
    return "".join("E" if result["error"] else "W" if won(index, result) else "L"
                   for index, result in enumerate(results))


def mean_decision(results: list[dict[str, Any]], seats_of: Callable[[int], Iterable[int]]) -> float | None:
    """Mean seconds per decision over the seats ``seats_of(game index)`` of every game."""
    seconds = decisions = 0
    for index, result in enumerate(results):
        for seat in seats_of(index):
            seconds += result["seconds"][seat]
            decisions += result["decisions"][seat]
    return round(seconds / decisions, 4) if decisions else None


def mean_game_seconds(results: list[dict[str, Any]]) -> float | None:
    if not results:
        return None
    return round(sum(result["game_seconds"] for result in results) / len(results), 3)


# ------------------------------------------------------------------------------------------ a row as a line


def percent(rate: float | None) -> str:
    return "  n/a" if rate is None else f"{100 * rate:.1f}%"


def interval_text(interval: Sequence[float]) -> str:
    return f"[{100 * interval[0]:.1f}, {100 * interval[1]:.1f}]"


LADDER_TARGET = 0.55  # each level's share of wins against the one below it


def span(interval: Sequence[float]) -> str:
    """A 95 % interval as a table writes it: ``71.8–83.2`` (percent)."""
    return f"{100 * interval[0]:.1f}–{100 * interval[1]:.1f}"


def band_verdict(interval: Sequence[float], low: float | None = None, high: float | None = None) -> str:
    """``met`` when the interval lies within ``low``..``high`` (either may be open), ``missed`` when it lies
    wholly outside, ``open`` while it straddles a bound (more games would decide)."""
    below, above = interval
    if (low is not None and above < low) or (high is not None and below > high):
        return "missed"
    if (low is None or below >= low) and (high is None or above <= high):
        return "met"
    return "open"


def timing(seconds: float | None, label: str = "") -> str:
    if seconds is None:
        return ""
    ms = seconds * 1000
    return f"  {label}{ms:.2f} ms/decision" if ms < 10 else f"  {label}{ms:.0f} ms/decision"


def format_row(row: dict[str, Any]) -> str:
    """One readable line per match, e.g.
    ``falconi margherita  hard vs random  as fugitive  188/200  94.0% [89.8, 96.5]``: the game's own part
    says what was played (``describe``, or ``where`` for the cheating yardstick's gap), this the figures."""
    games_part = matches_part(row["game"])
    if row["kind"] == "cheat_gap":
        role = f"  as {row['side']}" if row.get("side") else ""
        text = (f"{games_part.where(row)}  cheat-hard gap vs {row['against']}{role}  hard {percent(row['hard_rate'])}, "
                f"cheat {percent(row['cheat_rate'])}  gap {row['gap_points']:.1f} pp "
                f"[{row['gap_interval_points'][0]:.1f}, {row['gap_interval_points'][1]:.1f}]")
    else:
        tally = f"{row['wins']}/{row['finished']}  {percent(row['rate'])} {interval_text(row['interval'])}"
        text = games_part.describe(row, tally)
        if row["errors"]:
            text += f"  {row['errors']} error(s)"
    if "verdict" in row:
        text += f"  -> {row['verdict']} ({row['requirement']})"
    return text
