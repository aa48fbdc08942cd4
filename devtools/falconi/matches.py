"""Catch Don Falconi's tournaments: one level on one side against another on the other (``tournament
falconi``), two levels head to head with the roles swapped on every deal (``tournament falconi-h2h``), how
their rows read, and Falconi's rows of the strength table. The machinery is :mod:`devtools.tournament`'s."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from devtools.falconi import GAME
from devtools.intervals import wilson_interval
from devtools.runners import Jobs
from devtools.tournament import (
    DEFAULT_JOBS,
    LADDER_TARGET,
    GameTask,
    Plan,
    band_verdict,
    check_arguments,
    error_fields,
    execute,
    format_row,
    mean_decision,
    mean_game_seconds,
    percent,
    rate_fields,
    record_letters,
    run_plans,
    span,
    timing,
)
from game.core.errors import GameError
from game.falconi.constants import FUGITIVE, POLICE
from game.falconi.options import FalconiOptions

FUGITIVE_SEAT = FUGITIVE
POLICE_SEATS = POLICE
SIDES = ("fugitive", "police")
RESULT_FIELDS: Mapping[str, Any] = {"sealed_since": None}  # a result no seal watch saw: a broken or Mode I game

# The share of games each level must win against ``random``, on each side of each variant.
VS_RANDOM = {"hard": 0.95, "normal": 0.90, "easy": 0.80}
HEAD_TO_HEAD_TARGET = LADDER_TARGET  # each level against the one below it


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
        if state.turn_seat != FUGITIVE_SEAT or state.round_number == self._round:
            return
        from game.falconi.road_search import out_of_reach

        self._round = state.round_number
        if not out_of_reach(state):
            self.since = None
        elif self.since is None:
            self.since = state.round_number

    def fields(self) -> dict[str, Any]:
        """What the watch adds to a finished game's result."""
        return {"sealed_since": self.since}


def watch(state: Any) -> SealWatch | None:
    """The watch :func:`devtools.tournament.play_task` keeps over a game: Mode II's seal, nothing in Mode I."""
    return SealWatch() if state.variant.mode == 2 else None


def variant_name(variant: str) -> str:
    from game.falconi.variants import find_variant

    return find_variant(variant).name


def police_seats(count: int) -> tuple[int, ...]:
    """The police cars of a ``count``-car game, as the app sets them up (F-4.2: one car is the Port's)."""
    from game.falconi.state import default_police

    return default_police(count)


def _task(variant: str, levels: tuple[str, ...], seed: int, cars: tuple[int, ...]) -> GameTask:
    in_play = tuple(seat == FUGITIVE_SEAT or seat in cars for seat in range(len(levels)))
    return GameTask(GAME, FalconiOptions.named(variant), in_play, levels, seed)


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


def _ending_fields(finished: list[dict[str, Any]]) -> dict[str, Any]:
    """How the games ended, commonest first (a catch, a block, an escape…), and their median length in turns:
    what decides a row besides who won it."""
    endings = Counter(result["termination"] for result in finished)
    turns = sorted(result["turns"] for result in finished)
    return {"endings": dict(endings.most_common()), "median_turns": turns[len(turns) // 2] if turns else None}


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


def _levels(fugitive: str, police: str) -> tuple[str, ...]:
    return (fugitive, police, police, police)


# ------------------------------------------------------------------------------------------------- plans


def falconi_side_plan(variant: str, bot: str, against: str, side: str, games: int, seed: int,
                      police: int = 3) -> Plan:
    if side not in SIDES:
        raise GameError(f"unknown side {side!r}; choose fugitive or police")
    levels = _levels(bot, against) if side == "fugitive" else _levels(against, bot)
    cars = police_seats(police)
    tasks = [_task(variant, levels, seed + index, cars) for index in range(games)]

    def summarise(results: list[dict[str, Any]]) -> dict[str, Any]:
        finished = [result for result in results if not result["error"]]
        wins = sum(_side_won(side, result["winners"]) for result in finished)
        error_count, samples = error_fields(results)
        row = {
            "kind": "falconi_side",
            "game": GAME,
            "variant": variant,
            "bot": bot,
            "against": against,
            "side": side,
            "police": police,
            "games": games,
            "seed": seed,
            **rate_fields(wins, len(finished)),
            "errors": error_count,
            "record": record_letters(results, lambda _i, result: _side_won(side, result["winners"])),
            "mean_decision_seconds": mean_decision(results, lambda _i: _side_seats(side)),
            "mean_decision_seconds_against": mean_decision(
                results, lambda _i: _side_seats("police" if side == "fugitive" else "fugitive")
            ),
            "mean_game_seconds": mean_game_seconds(results),
            "losses_without_a_choice": _choiceless_losses(side, results),
            **_out_of_reach_fields(variant, results),
            **_ending_fields(finished),
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
        tasks.append(_task(variant, _levels(a, b), seed + index, cars))  # A as Don Falconi
        tasks.append(_task(variant, _levels(b, a), seed + index, cars))  # A as the police

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
        error_count, samples = error_fields(results)
        row = {
            "kind": "falconi_h2h",
            "game": GAME,
            "variant": variant,
            "a": a,
            "b": b,
            "police": police,
            "games": 2 * deals,
            "deals": deals,
            "seed": seed,
            **rate_fields(wins, finished),
            "by_side": {side: rate_fields(*per_side[side]) | sealed[side] for side in SIDES},
            "errors": error_count,
            "record": record_letters(results, lambda i, result: _side_won(a_side(i), result["winners"])),
            "mean_decision_seconds_a": mean_decision(results, lambda i: _side_seats(a_side(i))),
            "mean_decision_seconds_b": mean_decision(
                results, lambda i: _side_seats("police" if a_side(i) == "fugitive" else "fugitive")
            ),
            "mean_game_seconds": mean_game_seconds(results),
        }
        if samples:
            row["error_samples"] = samples
        return row

    return Plan(f"falconi-{variant.lower()}-{police}cars-{a}-h2h-{b}-seed{seed}", tasks, summarise)


# ---------------------------------------------------------------------------------------- the public matches


def falconi_side_match(
    variant: str, bot: str, against: str, side: str, games: int, seed: int = 1, jobs: Jobs = DEFAULT_JOBS,
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
    jobs: Jobs = DEFAULT_JOBS,
    report: Callable[[str], None] | None = None,
    police: int = 3,
    record: Path | None = None,
) -> list[dict[str, Any]]:
    """:func:`falconi_side_match` for several sides in one stream of games (one pool, no idle tail between
    them), calling ``report`` with each row's line as it finishes."""
    plans = falconi_sides_plans(variant, bot, against, sides, games, seed, jobs, police)
    return run_plans(plans, jobs, report, record)


def falconi_sides_plans(variant: str, bot: str, against: str, sides: Sequence[str], games: int, seed: int,
                        jobs: Jobs, police: int = 3) -> list[Plan]:
    """The plans of :func:`falconi_sides_match`, its arguments checked."""
    check_arguments(games, jobs, (bot, against))
    name = variant_name(variant)
    return [falconi_side_plan(name, bot, against, side, games, seed, police) for side in sides]


def falconi_head_to_head(
    variant: str, a: str, b: str, games: int, seed: int = 1, jobs: Jobs = DEFAULT_JOBS, police: int = 3,
    record: Path | None = None,
) -> dict[str, Any]:
    """Side by side: every deal (seed) is played twice, A as Don Falconi against B's police, then B as Don
    Falconi against A's police. ``games`` counts games, rounded up to an even number; reports A's win rate
    over all of them and on each side."""
    row = execute([falconi_head_to_head_plan(variant, a, b, games, seed, jobs, police)], jobs, record=record)[0]
    return row | {"text": format_row(row)}


def falconi_head_to_head_plan(variant: str, a: str, b: str, games: int, seed: int, jobs: Jobs,
                              police: int = 3) -> Plan:
    """The plan of :func:`falconi_head_to_head`, its arguments checked."""
    check_arguments(games, jobs, (a, b))
    return falconi_h2h_plan(variant_name(variant), a, b, games, seed, police)


# ----------------------------------------------------------------------------------------- a row as a line


def where(row: dict[str, Any]) -> str:
    return f"falconi {row['variant']}"


def describe(row: dict[str, Any], tally: str) -> str:
    """What a side or head-to-head row played, with its tally, its timing and what Mode II adds."""
    cars = "" if row.get("police", 3) == 3 else f" ({row['police']} police car{'s' if row['police'] > 1 else ''})"
    if row["kind"] == "falconi_side":
        text = f"falconi {row['variant']}{cars}  {row['bot']} vs {row['against']}  as {row['side']}  {tally}"
        text += timing(row["mean_decision_seconds"], f"{row['bot']} ")
        if row.get("losses_without_a_choice"):
            ceiling = 1 - row["losses_without_a_choice"] / row["finished"]
            text += (f"  ({row['losses_without_a_choice']} lost without a single choice:"
                     f" no play wins more than {percent(ceiling)})")
        if row.get("fugitive_wins_out_of_reach"):
            text += (f"  ({row['fugitive_wins_out_of_reach']} fugitive wins out of the police's reach,"
                     f" from round {row['out_of_reach_since_median']} on median)")
        if row.get("endings"):
            endings = ", ".join(f"{count} {termination}" for termination, count in row["endings"].items())
            text += f"  (ended: {endings}; {row['median_turns']} turns on median)"
        return text
    sides = ", ".join(f"{side} {value['wins']}/{value['finished']}" for side, value in row["by_side"].items())
    text = f"falconi {row['variant']}{cars}  {row['a']} vs {row['b']}  head-to-head  {tally}  ({sides})"
    text += timing(row["mean_decision_seconds_a"], f"{row['a']} ")
    if "fugitive_wins_out_of_reach" in row["by_side"]["fugitive"]:
        text += (f"  (fugitive wins out of the police's reach: {row['a']}"
                 f" {row['by_side']['fugitive']['fugitive_wins_out_of_reach']}, {row['b']}"
                 f" {row['by_side']['police']['fugitive_wins_out_of_reach']})")
    return text


# ------------------------------------------------------------------------------------ the strength table


def table_matches(levels: Sequence[str], cheat: bool, variants: Sequence[str] | None = None) -> list[dict[str, Any]]:
    """Falconi's matches of the strength table, weakest level first: on each side of each variant each level
    against ``random``, each level head to head against the one below it in ``ladder`` order, and ``hard``'s
    cheating yardstick against ``random`` (``gap_of``: the row it is compared with)."""
    from devtools.strength_table import LADDER
    from game.falconi.variants import VARIANTS

    chosen_variants = [variant_name(name) for name in (variants or list(VARIANTS))]
    matches: list[dict[str, Any]] = []
    for variant in chosen_variants:
        for level in levels:
            for side in SIDES:
                matches.append({"kind": "falconi_side", "variant": variant, "bot": level, "against": "random",
                                "side": side, "target": VS_RANDOM[level],
                                "requirement": f"{level} beats random in ≥ {VS_RANDOM[level]:.0%}"})
        for level in levels:
            below = LADDER[LADDER.index(level) - 1]
            matches.append({"kind": "falconi_h2h", "variant": variant, "a": level, "b": below,
                            "target": HEAD_TO_HEAD_TARGET,
                            "requirement": f"{level} beats {below} in ≥ {HEAD_TO_HEAD_TARGET:.0%}"})
        if cheat and "hard" in levels:
            for side in SIDES:
                matches.append({"kind": "falconi_side", "variant": variant, "bot": "cheat", "against": "random",
                                "side": side, "gap_of": "hard"})
    return matches


def table_plan(match: dict[str, Any], games: int, seed: int) -> Plan:
    if match["kind"] == "falconi_h2h":
        return falconi_h2h_plan(match["variant"], match["a"], match["b"], games, seed)
    return falconi_side_plan(match["variant"], match["bot"], match["against"], match["side"], games, seed)


def table_summary(options: Mapping[str, Any] | None, rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The table's summary fields of Falconi: the variants measured (``options`` is ``None`` when Falconi was
    left out of the table)."""
    return {"variants": sorted({row["variant"] for row in rows if "variant" in row})}


# --------------------------------------------------------------------------- the recorded rows of docs/ai.md

BALANCE_TABLE = "Catch Don Falconi: balance and strength"
LADDER_TABLE = "Catch Don Falconi: the ladder"
MARKDOWN_TABLES = {  # each table's head: its columns, and the line under them
    BALANCE_TABLE: "| pizza | police cars | Don Falconi | police | games | Don Falconi wins | rate | 95% interval "
                   "| target | verdict | how the games ended | command (`python main.py …`) |\n"
                   "|---|---|---|---|---|---|---|---|---|---|---|---|",
    LADDER_TABLE: "| pizza | match | games | wins | rate | 95% interval | by side | verdict "
                  "| command (`python main.py …`) |\n|---|---|---|---|---|---|---|---|---|",
}
_SIDE_NAME = re.compile(r"falconi-([a-z]+)-(\d)cars-([a-z]+)-vs-([a-z]+)-as-(fugitive|police)-seed(\d+)")
_H2H_NAME = re.compile(r"falconi-([a-z]+)-(\d)cars-([a-z]+)-h2h-([a-z]+)-seed(\d+)")
# How a game ended, as the table says it (the terminations of game.falconi).
_ENDINGS = {"catch": "caught", "fugitive_blocked": "blocked", "escape": "escaped", "police_out": "every police car out",
            "round_limit": "round limit", "tiles_out": "tiles ran out"}


def recorded_plan(name: str, games: int) -> Plan | None:
    """The plan a record file's name stands for, cut to its first ``games`` games (whole deals for a head to
    head), or ``None`` for a name that is not one of Falconi's."""
    side = _SIDE_NAME.fullmatch(name)
    if side:
        variant, police, bot, against, role, seed = side.groups()
        return falconi_side_plan(variant_name(variant), bot, against, role, games, int(seed), int(police))
    h2h = _H2H_NAME.fullmatch(name)
    if h2h and games >= 2:
        variant, police, a, b, seed = h2h.groups()
        return falconi_h2h_plan(variant_name(variant), a, b, games // 2 * 2, int(seed), int(police))
    return None


# Every row of the balance table is played to 200 games at least; a row recorded further (to settle an open
# verdict) keeps its number in the command that reproduces it.
TABLE_GAMES = 200
# Targets that differ by pizza (issue 36, after the rulings of 2026-11-27). In Margherita the order of the pile
# bounds what fair play can win against random police (the cheating yardstick, which knows it, does better:
# docs/ai.md); in Diavola a Don Falconi who never drives away still wins some games that a free slot of his
# secret accomplice's district keeps open.
_FUGITIVE_FLOOR = {"margherita": 0.85}  # hard Don Falconi against random police; 95% elsewhere
_SITTER_CEILING = {"diavola": 0.10}  # the sitter's rate against hard police; 5% elsewhere


def command_games(finished: int) -> int:
    """The ``--games`` of a row's command: 200, or the games recorded when there are more."""
    return max(TABLE_GAMES, finished)


def markdown_row(row: dict[str, Any], folder: str) -> tuple[str, tuple[Any, ...], str]:
    """A recorded row as a line of its table in docs/ai.md, with its target, its verdict and the command that
    grows it (run with the recorded number of games, the command plays nothing and prints the row), and where
    it stands in its table: by pizza, then three police cars before one, then by the levels."""
    from game.falconi.variants import VARIANTS

    variant, police = row["variant"], row["police"]
    pizza = variant.title()
    pizza_order = (list(VARIANTS).index(variant.lower()), -police)
    cars = f" --police {police}" if police != 3 else ""
    if row["kind"] == "falconi_h2h":
        record = f"--games {command_games(row['finished'])}{cars} --record {folder}`"
        sides = row["by_side"]
        by_side = (f"as Don Falconi {sides['fugitive']['wins']}/{sides['fugitive']['finished']}, "
                   f"as the police {sides['police']['wins']}/{sides['police']['finished']}")
        verdict = band_verdict(row["interval"], low=HEAD_TO_HEAD_TARGET)
        command = f"`tournament falconi-h2h --variant {variant.lower()} --a {row['a']} --b {row['b']} {record}"
        from devtools.strength_table import level_rank

        order = (*pizza_order, level_rank(row["a"]))
        return LADDER_TABLE, order, (f"| {pizza} | {row['a']} vs {row['b']} | {row['finished']} | {row['wins']}/"
                              f"{row['finished']} | {percent(row['rate'])} | {span(row['interval'])} | {by_side} | "
                              f"{verdict} | {command} |")
    bot, against, side, finished = row["bot"], row["against"], row["side"], row["finished"]
    fugitive, police_level = (bot, against) if side == "fugitive" else (against, bot)
    record = f"--games {command_games(finished)}{cars} --record {folder}`"
    his_wins = row["wins"] if side == "fugitive" else finished - row["wins"]
    interval = wilson_interval(his_wins, finished)
    if bot == "hard" and side == "fugitive" and against == "random":
        floor = _FUGITIVE_FLOOR.get(variant.lower(), 0.95)
        rank, target, verdict = 0, f"≥ {floor:.0%}", band_verdict(interval, low=floor)
    elif bot == "hard" and side == "police" and against in ("random", "sitter"):
        ceiling = _SITTER_CEILING.get(variant.lower(), 0.05) if against == "sitter" else 0.05
        rank = 1 if against == "random" else 2
        target, verdict = f"≤ {ceiling:.0%}", band_verdict(interval, high=ceiling)
    elif fugitive == police_level == "hard":
        rank, target, verdict = 3, *(("20–60%", band_verdict(interval, 0.2, 0.6)) if police == 3 else ("report", "-"))
    else:
        rank, target, verdict = 4, "report", "-"
    endings = ", ".join(f"{count} {_ENDINGS.get(ending, ending)}" for ending, count in row["endings"].items())
    notes = [endings]
    if side == "fugitive" and (row["losses_without_a_choice"] or variant.lower() == "margherita"):
        notes.append(f"{row['losses_without_a_choice']} lost without a choice")  # Margherita's target: none
    if row.get("fugitive_wins_out_of_reach"):
        notes.append(f"{row['fugitive_wins_out_of_reach']} of his wins out of every car's reach (from round "
                     f"{row['out_of_reach_since_median']}, median)")
    notes.append(f"{row['median_turns']} turns (median)")
    command = f"`tournament falconi --variant {variant.lower()} --bot {bot} --against {against} --side {side} {record}"
    return BALANCE_TABLE, (*pizza_order, rank), (
        f"| {pizza} | {police} | {fugitive} | {police_level} | {finished} | {his_wins}/{finished} | "
        f"{percent(his_wins / finished)} | {span(interval)} | {target} | {verdict} | {'; '.join(notes)} | {command} |")
