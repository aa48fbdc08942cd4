"""Fredericus's tournaments: one level in one seat, another in all the others, the seat going round
(``tournament fredericus``), how their rows read, and Fredericus's rows of the strength table. The machinery
is :mod:`devtools.tournament`'s."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from devtools.fredericus import GAME
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
    span,
    timing,
)
from game.core.errors import GameError
from game.fredericus.options import FredericusOptions
from game.fredericus.seating import players_problem

RESULT_FIELDS: Mapping[str, Any] = {}

VS_RANDOM = 0.90  # hard's win rate against random opponents
VS_EASY_RATIO = 1.5  # hard's win rate against easy opponents, as a multiple of its fair share
TABLE_PLAYERS = (2, 4)  # the numbers of falconers the strength table measures unless told


def watch(_state: Any) -> None:
    """Nothing to watch in a Fredericus game beyond its winners."""
    return None


def check_players(players: int) -> None:
    if problem := players_problem(players):
        raise GameError(problem)


def fredericus_seat(players: int, index: int) -> int:
    """The bot's seat in game ``index`` of a Fredericus match: every seat in turn."""
    return index % players


def fredericus_plan(
    players: int, bot: str, against: str, games: int, seed: int, short_game: bool
) -> Plan:
    check_players(players)
    tasks = []
    for index in range(games):
        levels = [against] * players
        levels[fredericus_seat(players, index)] = bot
        tasks.append(GameTask(GAME, FredericusOptions(short_game), (True,) * players, tuple(levels), seed + index))

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
        fields = rate_fields(wins, finished)
        fair = 1 / players
        error_count, samples = error_fields(results)
        row = {
            "kind": "fredericus",
            "game": GAME,
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
            "by_seat": [rate_fields(*value) for value in by_seat],
            "errors": error_count,
            "record": record_letters(results, lambda i, result: fredericus_seat(players, i) in result["winners"]),
            "mean_decision_seconds": mean_decision(results, lambda i: (fredericus_seat(players, i),)),
            "mean_game_seconds": mean_game_seconds(results),
        }
        if samples:
            row["error_samples"] = samples
        return row

    short = "-short" if short_game else ""
    return Plan(f"fredericus-{players}p{short}-{bot}-vs-{against}-seed{seed}", tasks, summarise)


def fredericus_match(
    players: int,
    bot: str,
    against: str,
    games: int,
    seed: int = 1,
    jobs: Jobs = DEFAULT_JOBS,
    short_game: bool = False,
    record: Path | None = None,
) -> dict[str, Any]:
    """``bot`` in one seat, ``against`` in all the others; in game *i* (seed ``seed + i``) the bot sits in seat
    ``i % players``, so every seat is played. Reports the win rate with its interval, the fair share
    ``1/players`` and the rate as a multiple of it."""
    plan = fredericus_match_plan(players, bot, against, games, seed, jobs, short_game)
    row = execute([plan], jobs, record=record)[0]
    return row | {"text": format_row(row)}


def fredericus_match_plan(players: int, bot: str, against: str, games: int, seed: int, jobs: Jobs,
                          short_game: bool = False) -> Plan:
    """The plan of :func:`fredericus_match`, its arguments checked."""
    check_arguments(games, jobs, (bot, against))
    return fredericus_plan(players, bot, against, games, seed, short_game)


# ----------------------------------------------------------------------------------------- a row as a line


def where(row: dict[str, Any]) -> str:
    return f"fredericus {row['players']}p"


def describe(row: dict[str, Any], tally: str) -> str:
    short = " short" if row.get("short_game") else ""
    ratio = row["ratio_to_fair_share"]
    ratio_text = "" if ratio is None else f", ×{ratio:.2f}"
    text = (f"fredericus {row['players']}p{short}  {row['bot']} vs {row['against']}  seats rotated  {tally}"
            f"  fair share {percent(row['fair_share'])}{ratio_text}")
    return text + timing(row["mean_decision_seconds"], f"{row['bot']} ")


# ------------------------------------------------------------------------------------ the strength table


def table_matches(levels: Sequence[str], cheat: bool, players: Sequence[int] = TABLE_PLAYERS) -> list[dict[str, Any]]:
    """Fredericus's matches of the strength table, for each number of falconers: each level against
    ``random`` and (but ``easy``) against ``easy`` opponents, and ``hard``'s cheating yardstick against
    ``random`` (``gap_of``: the row it is compared with)."""
    matches: list[dict[str, Any]] = []
    for count in players:
        check_players(count)
        for level in levels:
            target = VS_RANDOM if level == "hard" else None
            matches.append({"kind": "fredericus", "players": count, "bot": level, "against": "random",
                            "target": target,
                            "requirement": f"hard wins ≥ {VS_RANDOM:.0%}" if target else None})
            if level != "easy":
                target = VS_EASY_RATIO / count if level == "hard" else None
                requirement = f"hard wins ≥ {VS_EASY_RATIO:g}× its fair share" if target else None
                matches.append({"kind": "fredericus", "players": count, "bot": level, "against": "easy",
                                "target": target, "requirement": requirement})
        if cheat and "hard" in levels:
            matches.append({"kind": "fredericus", "players": count, "bot": "cheat", "against": "random",
                            "gap_of": "hard"})
    return matches


def table_plan(match: dict[str, Any], games: int, seed: int) -> Plan:
    return fredericus_plan(match["players"], match["bot"], match["against"], games, seed, False)


def table_summary(options: Mapping[str, Any] | None, rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The table's summary fields of Fredericus: the numbers of falconers measured (none when it was left
    out: ``options`` is ``None``)."""
    return {"players": [] if options is None else list(options.get("players", TABLE_PLAYERS))}


# --------------------------------------------------------------------------- the recorded rows of docs/ai.md

STRENGTH_TABLE = "Fredericus"
LADDER_TABLE = "Fredericus: the ladder"
FULL_GAMES = 200  # the games a row of the table is to have
_HEAD = ("| players | match | games | wins | rate | 95% interval | target | verdict | command (`python main.py …`) |\n"
         "|---|---|---|---|---|---|---|---|---|")
MARKDOWN_TABLES = {STRENGTH_TABLE: _HEAD, LADDER_TABLE: _HEAD}  # each table's head
_NAME = re.compile(r"fredericus-(\d)p-([a-z]+)-vs-([a-z]+)-seed(\d+)")  # the whole game: short ones are left out


def recorded_plan(name: str, games: int) -> Plan | None:
    """The plan a record file's name stands for, cut to its first ``games`` games, or ``None`` for a name that
    is not one of Fredericus's."""
    found = _NAME.fullmatch(name)
    if found is None:
        return None
    players, bot, against, seed = found.groups()
    return fredericus_plan(int(players), bot, against, games, int(seed), False)


def markdown_row(row: dict[str, Any], folder: str) -> tuple[str, tuple[Any, ...], str]:
    """A recorded row as a line of its table in docs/ai.md: ``hard`` against ``random`` (≥ 90%) and against
    ``easy`` (≥ 1.5 times the fair share) in the strength table, any other pair in the ladder (≥ 55%)."""
    bot, against, players = row["bot"], row["against"], row["players"]
    if (bot, against) == ("hard", "random"):
        table, goal, target = STRENGTH_TABLE, VS_RANDOM, f"≥ {VS_RANDOM:.0%}"
    elif (bot, against) == ("hard", "easy"):
        goal = VS_EASY_RATIO * row["fair_share"]
        table, target = STRENGTH_TABLE, f"≥ {100 * goal:.1f}% ({VS_EASY_RATIO:g} × fair share)"
    else:
        table, goal, target = LADDER_TABLE, LADDER_TARGET, f"≥ {LADDER_TARGET:.0%}"
    command = (f"`tournament fredericus --players {players} --bot {bot} --against {against} --games {FULL_GAMES} "
               f"--record {folder}`")
    from devtools.strength_table import level_rank

    order = (players, level_rank(bot), level_rank(against))
    return table, order, (f"| {players} | {bot} vs {against} | {row['finished']} | {row['wins']}/{row['finished']} | "
                   f"{percent(row['rate'])} | {span(row['interval'])} | {target} | "
                   f"{band_verdict(row['interval'], low=goal)} | {command} |")
