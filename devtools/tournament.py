"""Tournaments between AI levels: the strength figures of docs/ai.md, measured rather than asserted.

Every match is a list of whole games. Game *i* of a match is set up with seed ``seed + i`` and each seat's
bot draws from its own generator seeded from that seed and the seat, so a match gives the same result for a
fixed seed whatever the number of worker processes (``jobs``). One caveat: ``easy`` (in Falconi),
``normal``, ``hard`` and ``cheat`` stop at an iteration budget *or* a time cap, whichever comes first; on a
loaded machine the cap can end a search early and the figures can then differ slightly from run to run.
``random`` and ``greedy`` are exactly reproducible.

Bots are made fresh for every game from the level names (``game.ai.levels.level_makers``) and decide on a
:class:`game.core.view.SeatView` only. An exception during a game (an illegal action, a rules bug, a game
that never ends) is counted as an error of the match, never a crash; win rates are over finished games.

Win rates carry 95 % Wilson score intervals (:mod:`devtools.intervals`). The strength table, with its
targets, is assembled in :mod:`devtools.strength_table`.
"""


from __future__ import annotations

import json
import multiprocessing
import random
import time
import traceback
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from devtools.intervals import wilson_interval
from game.ai.service import ignore_ctrl_c
from game.core.errors import GameError
from game.core.protocol import GameState
from game.core.simulate import MAX_DECISIONS
from game.core.view import SeatView

FUGITIVE_SEAT = 0
POLICE_SEATS = (1, 2, 3)
SIDES = ("fugitive", "police")
DEFAULT_JOBS = 2


@dataclass(frozen=True)
class GameTask:
    """One game to play: which game, its set-up, the level in each seat and the seed."""

    game: str  # "falconi" or "fredericus"
    setup: str | int  # the Falconi variant, or the number of Fredericus players
    levels: tuple[str, ...]  # a level name per seat index (seats not in play are never asked)
    seed: int
    short_game: bool = False
    police: tuple[int, ...] = (1, 2, 3)  # Falconi: the police seats in play


_MAKERS: dict[str, dict[str, Callable[[], Any]]] = {}


def _makers(game: str) -> dict[str, Callable[[], Any]]:
    """The level makers of ``game``, built once per process (``greedy`` follows the game's heuristic)."""
    if game not in _MAKERS:
        from game.ai.levels import level_makers

        if game == "falconi":
            from game.falconi.heuristics import evaluate
        else:
            from game.fredericus.heuristics import evaluate
        _MAKERS[game] = level_makers(evaluate)
    return _MAKERS[game]


def level_names() -> tuple[str, ...]:
    """Every level a tournament seat can be given."""
    return tuple(_makers("falconi"))


def _new_state(task: GameTask) -> GameState:
    if task.game == "falconi":
        from game.falconi.state import FalconiState

        return FalconiState.new_game(str(task.setup), task.seed, police=task.police)
    from game.fredericus.state import FredericusState

    return FredericusState.new_game(int(task.setup), task.seed, short_game=task.short_game)


def seat_rng(seed: int, seat: int) -> random.Random:
    """The generator of one seat's bot in the game of ``seed``: the same in any process, for any ``jobs``."""
    return random.Random(f"tournament:{seed}:{seat}")


class SealWatch:
    """Falconi Mode II: the round since which Don Falconi has stood out of every police car's reach
    (:func:`game.falconi.heuristics.out_of_reach`) at the start of each of his turns, that is all through
    the police's turns in between; ``None`` while a car could still reach him. A police side that loses
    to a fugitive sealed since an early round had no chance to catch him."""

    def __init__(self) -> None:
        self.since: int | None = None
        self._round = 0

    def see(self, state: Any) -> None:
        """Look at the game before a decision; only the first decision of each of his turns counts."""
        if state.turn_seat != FUGITIVE_SEAT or state.round == self._round:
            return
        from game.falconi.heuristics import out_of_reach

        self._round = state.round
        if not out_of_reach(state):
            self.since = None
        elif self.since is None:
            self.since = state.round


def play_task(task: GameTask) -> dict[str, Any]:
    """Play one game to the end and report the winners and each seat's thinking time; errors are reported."""
    seats = len(task.levels)
    seconds = [0.0] * seats
    decisions = [0] * seats
    choices = [0] * seats  # decisions with more than one legal action
    started = time.perf_counter()
    watch: SealWatch | None = None
    try:
        makers = _makers(task.game)
        state = _new_state(task)
        bots = {seat: makers[task.levels[seat]]() for seat in state.seats}
        rngs = [seat_rng(task.seed, seat) for seat in range(seats)]
        if task.game == "falconi" and state.variant.mode == 2:
            watch = SealWatch()
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
            "sealed_since": watch.since if watch is not None else None,
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
            "sealed_since": None,
            "error": f"seed {task.seed}: {type(error).__name__}: {error}\n{traceback.format_exc(limit=4)}",
        }


def _play_numbered(numbered: tuple[int, GameTask]) -> tuple[int, dict[str, Any]]:
    return numbered[0], play_task(numbered[1])


def _run_tasks(tasks: Sequence[tuple[int, GameTask]], jobs: int) -> Iterator[tuple[int, dict[str, Any]]]:
    """The results of the numbered ``tasks`` as each game ends, played in ``jobs`` spawned worker processes
    (in this one if 1), each with its number."""
    if jobs <= 1 or len(tasks) <= 1:
        for numbered in tasks:
            yield _play_numbered(numbered)
        return
    context = multiprocessing.get_context("spawn")  # spawn: safe with threads, the same on every platform
    with context.Pool(processes=min(jobs, len(tasks)), initializer=ignore_ctrl_c) as pool:
        yield from pool.imap_unordered(_play_numbered, tasks, chunksize=1)


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


def execute(
    plans: Sequence[Plan], jobs: int, on_row: Callable[[int, dict[str, Any]], None] | None = None,
    record: Path | None = None,
) -> list[dict[str, Any]]:
    """Play every plan's games in one stream (workers never wait for a match to end) and summarise each
    match as soon as its last game is in, calling ``on_row`` with the plan's index and its row.

    With ``record`` (a folder), each game's result is appended to ``<record>/<plan name>.jsonl`` as it
    ends, and games already there are not played again: a long match can be stopped and resumed, or grown
    from 50 games to 200, losing at most the games under way."""
    if record is not None:
        record.mkdir(parents=True, exist_ok=True)
        for plan in plans:
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
    for number, result in _run_tasks(todo, jobs):
        owner, index = owners[number]
        plan = plans[owner]
        plan.results[index] = result
        if record is not None:
            with open(record / f"{plan.name}.jsonl", "a", encoding="utf-8") as file:
                file.write(json.dumps({"game": index, "result": result}) + "\n")
        if len(plan.results) == len(plan.tasks):
            rows[owner] = plan.row()
            if on_row:
                on_row(owner, rows[owner])
    return rows


def check_arguments(games: int, jobs: int, levels: Iterable[str]) -> None:
    if games < 1:
        raise GameError(f"--games must be at least 1, not {games}")
    if jobs < 1:
        raise GameError(f"--jobs must be at least 1, not {jobs}")
    known = level_names()
    for level in levels:
        if level not in known:
            raise GameError(f"unknown level {level!r}; choose one of {', '.join(known)}")


def variant_name(variant: str) -> str:
    from game.falconi.variants import find_variant

    return find_variant(variant).name


def _rate_fields(wins: int, finished: int) -> dict[str, Any]:
    low, high = wilson_interval(wins, finished)
    return {
        "wins": wins,
        "finished": finished,
        "rate": round(wins / finished, 4) if finished else None,
        "interval": [round(low, 4), round(high, 4)],
    }


def _errors(results: list[dict[str, Any]]) -> tuple[int, list[str]]:
    errors = [result["error"] for result in results if result["error"]]
    return len(errors), errors[:3]


def _record(results: list[dict[str, Any]], won: Callable[[int, dict[str, Any]], bool]) -> str:
    """One letter per game in order: ``W`` won, ``L`` lost, ``E`` broken by an error."""
    return "".join("E" if result["error"] else "W" if won(index, result) else "L"
                   for index, result in enumerate(results))


def _mean_decision(results: list[dict[str, Any]], seats_of: Callable[[int], Iterable[int]]) -> float | None:
    """Mean seconds per decision over the seats ``seats_of(game index)`` of every game."""
    seconds = decisions = 0
    for index, result in enumerate(results):
        for seat in seats_of(index):
            seconds += result["seconds"][seat]
            decisions += result["decisions"][seat]
    return round(seconds / decisions, 4) if decisions else None


def _game_seconds(results: list[dict[str, Any]]) -> float | None:
    if not results:
        return None
    return round(sum(result["game_seconds"] for result in results) / len(results), 3)


def _out_of_reach_fields(variant: str, results: list[dict[str, Any]]) -> dict[str, Any]:
    """Mode II: the fugitive's wins in which he stood out of every police car's reach to the end
    (:class:`SealWatch`), and the median round from which he did; nothing for Mode I."""
    from game.falconi.variants import find_variant

    if find_variant(variant).mode != 2:
        return {}
    rounds = sorted(result["sealed_since"] for result in results
                    if not result["error"] and result["sealed_since"] is not None
                    and FUGITIVE_SEAT in result["winners"])
    return {"fugitive_wins_out_of_reach": len(rounds),
            "out_of_reach_since_median": rounds[len(rounds) // 2] if rounds else None}


def _choiceless_losses(side: str, results: list[dict[str, Any]]) -> int:
    """Games the side lost without ever having a choice: every bot in its seats plays them alike (the other
    side's generators are seeded per seat), so no play of the side could have won them."""
    seats = _side_seats(side)
    return sum(1 for result in results
               if not result["error"] and not _side_won(side, result["winners"])
               and not any(result["choices"][seat] for seat in seats))


def _side_seats(side: str) -> tuple[int, ...]:
    return (FUGITIVE_SEAT,) if side == "fugitive" else POLICE_SEATS


def _side_won(side: str, winners: list[int]) -> bool:
    return (FUGITIVE_SEAT in winners) == (side == "fugitive")


def _falconi_levels(fugitive: str, police: str) -> tuple[str, ...]:
    return (fugitive, police, police, police)


def police_seats(count: int) -> tuple[int, ...]:
    """The police cars of a ``count``-car game, as the app sets them up (F-4.2: one car is the Port's)."""
    from game.falconi.state import default_police

    return default_police(count)


def falconi_side_plan(variant: str, bot: str, against: str, side: str, games: int, seed: int,
                      police: int = 3) -> Plan:
    if side not in SIDES:
        raise GameError(f"unknown side {side!r}; choose fugitive or police")
    levels = _falconi_levels(bot, against) if side == "fugitive" else _falconi_levels(against, bot)
    cars = police_seats(police)
    tasks = [GameTask("falconi", variant, levels, seed + index, police=cars) for index in range(games)]

    def summarise(results: list[dict[str, Any]]) -> dict[str, Any]:
        finished = [result for result in results if not result["error"]]
        wins = sum(_side_won(side, result["winners"]) for result in finished)
        error_count, samples = _errors(results)
        row = {
            "kind": "falconi_side",
            "game": "falconi",
            "variant": variant,
            "bot": bot,
            "against": against,
            "side": side,
            "police": police,
            "games": games,
            "seed": seed,
            **_rate_fields(wins, len(finished)),
            "errors": error_count,
            "record": _record(results, lambda _i, result: _side_won(side, result["winners"])),
            "mean_decision_seconds": _mean_decision(results, lambda _i: _side_seats(side)),
            "mean_decision_seconds_against": _mean_decision(
                results, lambda _i: _side_seats("police" if side == "fugitive" else "fugitive")
            ),
            "mean_game_seconds": _game_seconds(results),
            "losses_without_a_choice": _choiceless_losses(side, results),
            **_out_of_reach_fields(variant, results),
        }
        if samples:
            row["error_samples"] = samples
        return row

    return Plan(f"falconi-{variant.lower()}-{police}cars-{bot}-vs-{against}-as-{side}-seed{seed}", tasks, summarise)


def falconi_h2h_plan(variant: str, a: str, b: str, games: int, seed: int, police: int = 3) -> Plan:
    deals = (games + 1) // 2  # each deal is played twice, the roles swapped
    cars = police_seats(police)
    tasks: list[GameTask] = []
    for index in range(deals):
        tasks.append(GameTask("falconi", variant, _falconi_levels(a, b), seed + index, police=cars))  # A fugitive
        tasks.append(GameTask("falconi", variant, _falconi_levels(b, a), seed + index, police=cars))  # A police

    def a_side(index: int) -> str:
        return "fugitive" if index % 2 == 0 else "police"

    def summarise(results: list[dict[str, Any]]) -> dict[str, Any]:
        per_side = {side: [0, 0] for side in SIDES}  # wins, finished
        for index, result in enumerate(results):
            if result["error"]:
                continue
            side = a_side(index)
            per_side[side][0] += _side_won(side, result["winners"])
            per_side[side][1] += 1
        # Mode II: how many fugitive wins no police play could have stopped, by the side A played.
        sealed = {side: _out_of_reach_fields(variant, [result for index, result in enumerate(results)
                                                        if a_side(index) == side]) for side in SIDES}
        wins = sum(value[0] for value in per_side.values())
        finished = sum(value[1] for value in per_side.values())
        error_count, samples = _errors(results)
        row = {
            "kind": "falconi_h2h",
            "game": "falconi",
            "variant": variant,
            "a": a,
            "b": b,
            "police": police,
            "games": 2 * deals,
            "deals": deals,
            "seed": seed,
            **_rate_fields(wins, finished),
            "by_side": {side: _rate_fields(*per_side[side]) | sealed[side] for side in SIDES},
            "errors": error_count,
            "record": _record(results, lambda i, result: _side_won(a_side(i), result["winners"])),
            "mean_decision_seconds_a": _mean_decision(results, lambda i: _side_seats(a_side(i))),
            "mean_decision_seconds_b": _mean_decision(
                results, lambda i: _side_seats("police" if a_side(i) == "fugitive" else "fugitive")
            ),
            "mean_game_seconds": _game_seconds(results),
        }
        if samples:
            row["error_samples"] = samples
        return row

    return Plan(f"falconi-{variant.lower()}-{police}cars-{a}-h2h-{b}-seed{seed}", tasks, summarise)


def fredericus_seat(players: int, index: int) -> int:
    """The bot's seat in game ``index`` of a Fredericus match: every seat in turn."""
    return index % players


def fredericus_plan(
    players: int, bot: str, against: str, games: int, seed: int, short_game: bool
) -> Plan:
    if players not in (2, 3, 4):
        raise GameError(f"Fredericus is played by 2, 3 or 4 falconers, not {players}")
    tasks = []
    for index in range(games):
        levels = [against] * players
        levels[fredericus_seat(players, index)] = bot
        tasks.append(GameTask("fredericus", players, tuple(levels), seed + index, short_game))

    def summarise(results: list[dict[str, Any]]) -> dict[str, Any]:
        by_seat = [[0, 0] for _ in range(players)]  # wins, finished
        for index, result in enumerate(results):
            if result["error"]:
                continue
            seat = fredericus_seat(players, index)
            by_seat[seat][0] += seat in result["winners"]
            by_seat[seat][1] += 1
        wins = sum(value[0] for value in by_seat)
        finished = sum(value[1] for value in by_seat)
        fields = _rate_fields(wins, finished)
        fair = 1 / players
        error_count, samples = _errors(results)
        row = {
            "kind": "fredericus",
            "game": "fredericus",
            "players": players,
            "short_game": short_game,
            "bot": bot,
            "against": against,
            "games": games,
            "seed": seed,
            **fields,
            "fair_share": round(fair, 4),
            "ratio_to_fair_share": round(fields["rate"] / fair, 3) if finished else None,
            "ratio_interval": [round(bound / fair, 3) for bound in fields["interval"]],
            "by_seat": [_rate_fields(*value) for value in by_seat],
            "errors": error_count,
            "record": _record(results, lambda i, result: fredericus_seat(players, i) in result["winners"]),
            "mean_decision_seconds": _mean_decision(results, lambda i: (fredericus_seat(players, i),)),
            "mean_game_seconds": _game_seconds(results),
        }
        if samples:
            row["error_samples"] = samples
        return row

    short = "-short" if short_game else ""
    return Plan(f"fredericus-{players}p{short}-{bot}-vs-{against}-seed{seed}", tasks, summarise)


# ---------------------------------------------------------------------------------------- the public matches


def falconi_side_match(
    variant: str, bot: str, against: str, side: str, games: int, seed: int = 1, jobs: int = DEFAULT_JOBS,
    police: int = 3, record: Path | None = None,
) -> dict[str, Any]:
    """``bot`` plays ``side`` of Falconi (``fugitive``: seat 0; ``police``: all three cars, a bot each) and
    ``against`` the other side; game *i* uses ``seed + i``. Returns the wins of ``bot``'s side, the rate over
    finished games with its 95 % interval, the errors and ``bot``'s mean seconds per decision."""
    return falconi_sides_match(variant, bot, against, (side,), games, seed, jobs, police=police, record=record)[0]


def falconi_sides_match(
    variant: str,
    bot: str,
    against: str,
    sides: Sequence[str] = SIDES,
    games: int = 200,
    seed: int = 1,
    jobs: int = DEFAULT_JOBS,
    report: Callable[[str], None] | None = None,
    police: int = 3,
    record: Path | None = None,
) -> list[dict[str, Any]]:
    """:func:`falconi_side_match` for several sides in one stream of games (one pool, no idle tail between
    them), calling ``report`` with each row's line as it finishes."""
    check_arguments(games, jobs, (bot, against))
    name = variant_name(variant)
    plans = [falconi_side_plan(name, bot, against, side, games, seed, police) for side in sides]
    rows: list[dict[str, Any]] = []

    def on_row(_index: int, row: dict[str, Any]) -> None:
        rows.append(row | {"text": format_row(row)})
        if report:
            report(rows[-1]["text"])

    execute(plans, jobs, on_row, record)
    return rows


def falconi_head_to_head(
    variant: str, a: str, b: str, games: int, seed: int = 1, jobs: int = DEFAULT_JOBS, police: int = 3,
    record: Path | None = None,
) -> dict[str, Any]:
    """Side by side: every deal (seed) is played twice, A as Don Falconi against B's police, then B as Don
    Falconi against A's police. ``games`` counts games, rounded up to an even number; reports A's win rate
    over all of them and on each side."""
    check_arguments(games, jobs, (a, b))
    plan = falconi_h2h_plan(variant_name(variant), a, b, games, seed, police)
    row = execute([plan], jobs, record=record)[0]
    return row | {"text": format_row(row)}


def fredericus_match(
    players: int,
    bot: str,
    against: str,
    games: int,
    seed: int = 1,
    jobs: int = DEFAULT_JOBS,
    short_game: bool = False,
    record: Path | None = None,
) -> dict[str, Any]:
    """``bot`` in one seat, ``against`` in all the others; in game *i* (seed ``seed + i``) the bot sits in seat
    ``i % players``, so every seat is played. Reports the win rate with its interval, the fair share
    ``1/players`` and the rate as a multiple of it."""
    check_arguments(games, jobs, (bot, against))
    plan = fredericus_plan(players, bot, against, games, seed, short_game)
    row = execute([plan], jobs, record=record)[0]
    return row | {"text": format_row(row)}


# ----------------------------------------------------------------------------------------------- the table


def _percent(rate: float | None) -> str:
    return "  n/a" if rate is None else f"{100 * rate:.1f}%"


def _interval_text(interval: Sequence[float]) -> str:
    return f"[{100 * interval[0]:.1f}, {100 * interval[1]:.1f}]"


def _timing(seconds: float | None, label: str = "") -> str:
    if seconds is None:
        return ""
    ms = seconds * 1000
    return f"  {label}{ms:.2f} ms/decision" if ms < 10 else f"  {label}{ms:.0f} ms/decision"


def format_row(row: dict[str, Any]) -> str:
    """One readable line per match, e.g.
    ``falconi margherita  hard vs random  as fugitive  188/200  94.0% [89.8, 96.5]``."""
    kind = row["kind"]
    if kind == "cheat_gap":
        where = (f"falconi {row['variant']}" if row["game"] == "falconi"
                 else f"fredericus {row['players']}p")
        role = f"  as {row['side']}" if row.get("side") else ""
        text = (f"{where}  cheat-hard gap vs {row['against']}{role}  hard {_percent(row['hard_rate'])}, "
                f"cheat {_percent(row['cheat_rate'])}  gap {row['gap_points']:.1f} pp "
                f"[{row['gap_interval_points'][0]:.1f}, {row['gap_interval_points'][1]:.1f}]")
    else:
        tally = f"{row['wins']}/{row['finished']}  {_percent(row['rate'])} {_interval_text(row['interval'])}"
        cars = "" if row.get("police", 3) == 3 else f" ({row['police']} police car{'s' if row['police'] > 1 else ''})"
        if kind == "falconi_side":
            text = f"falconi {row['variant']}{cars}  {row['bot']} vs {row['against']}  as {row['side']}  {tally}"
            text += _timing(row["mean_decision_seconds"], f"{row['bot']} ")
            if row.get("losses_without_a_choice"):
                ceiling = 1 - row["losses_without_a_choice"] / row["finished"]
                text += (f"  ({row['losses_without_a_choice']} lost without a single choice:"
                         f" no play wins more than {_percent(ceiling)})")
            if row.get("fugitive_wins_out_of_reach"):
                text += (f"  ({row['fugitive_wins_out_of_reach']} fugitive wins out of the police's reach,"
                         f" from round {row['out_of_reach_since_median']} on median)")
        elif kind == "falconi_h2h":
            sides = ", ".join(f"{side} {value['wins']}/{value['finished']}" for side, value in row["by_side"].items())
            text = f"falconi {row['variant']}{cars}  {row['a']} vs {row['b']}  head-to-head  {tally}  ({sides})"
            text += _timing(row["mean_decision_seconds_a"], f"{row['a']} ")
            if "fugitive_wins_out_of_reach" in row["by_side"]["fugitive"]:
                text += (f"  (fugitive wins out of the police's reach: {row['a']}"
                         f" {row['by_side']['fugitive']['fugitive_wins_out_of_reach']}, {row['b']}"
                         f" {row['by_side']['police']['fugitive_wins_out_of_reach']})")
        else:
            short = " short" if row.get("short_game") else ""
            ratio = row["ratio_to_fair_share"]
            ratio_text = "" if ratio is None else f", ×{ratio:.2f}"
            text = (f"fredericus {row['players']}p{short}  {row['bot']} vs {row['against']}  seats rotated  {tally}"
                    f"  fair share {_percent(row['fair_share'])}{ratio_text}")
            text += _timing(row["mean_decision_seconds"], f"{row['bot']} ")
        if row["errors"]:
            text += f"  {row['errors']} error(s)"
    if "verdict" in row:
        text += f"  -> {row['verdict']} ({row['requirement']})"
    return text
