"""The AI's strength table (docs/ai.md): which matches to play, their targets, and a verdict per row.

A verdict is ``pass``/``fail`` when the row's 95 % interval lies clear of the target, ``pass?``/``fail?`` when
the interval straddles it (more games would decide). The cheating yardstick's gap to fair ``hard`` carries
Newcombe's interval for a difference of two rates.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from devtools.games import matches_part, parts
from devtools.intervals import newcombe_difference
from devtools.runners import Jobs, jobs_name
from devtools.tournament import DEFAULT_JOBS, Plan, check_arguments, execute, format_row
from game.core.errors import GameError

# The playing levels from weakest to strongest: each must beat the one before it head to head.
LADDER = ("random", "easy", "normal", "hard")

CHEAT_GAP_POINTS = 15.0  # fair hard within this many percentage points of the cheating search
# What tells two matches of the table apart but for the levels playing: the cheating yardstick's row is
# compared with fair ``hard``'s row of the same match.
_LEVEL_FIELDS = ("bot", "a", "b", "target", "requirement", "gap_of", "games", "seed")


def level_rank(level: str) -> int:
    """Where ``level`` stands in :data:`LADDER` (after it, for a yardstick such as ``cheat``): tables order their
    rows by it."""
    return LADDER.index(level) if level in LADDER else len(LADDER)


def _verdict(rate: float | None, low: float, high: float, target: float, errors: int) -> str:
    """``pass``/``fail`` when the interval lies wholly on one side of the target, ``pass?``/``fail?`` when the
    point estimate does but the interval still straddles it, ``error`` when games broke."""
    if errors or rate is None:
        return "error"
    if rate >= target:
        return "pass" if low >= target else "pass?"
    return "fail" if high < target else "fail?"


def _with_target(row: dict[str, Any], target: float, requirement: str) -> dict[str, Any]:
    low, high = row["interval"]
    return row | {
        "target": target,
        "requirement": requirement,
        "verdict": _verdict(row["rate"], low, high, target, row["errors"]),
    }


def _cheat_gap_row(hard: dict[str, Any], cheat: dict[str, Any]) -> dict[str, Any]:
    """How far fair ``hard`` falls short of the cheating yardstick on the same seeds, in percentage points."""
    difference, low, high = newcombe_difference(cheat["wins"], cheat["finished"], hard["wins"], hard["finished"])
    errors = hard["errors"] + cheat["errors"]
    gap, gap_low, gap_high = (round(100 * value, 1) for value in (difference, low, high))
    if errors or not hard["finished"] or not cheat["finished"]:
        verdict = "error"
    elif gap <= CHEAT_GAP_POINTS:
        verdict = "pass" if gap_high <= CHEAT_GAP_POINTS else "pass?"
    else:
        verdict = "fail" if gap_low > CHEAT_GAP_POINTS else "fail?"
    row = {
        "kind": "cheat_gap",
        "game": hard["game"],
        "against": hard["against"],
        "hard_rate": hard["rate"],
        "hard_interval": hard["interval"],
        "cheat_rate": cheat["rate"],
        "cheat_interval": cheat["interval"],
        "gap_points": gap,
        "gap_interval_points": [gap_low, gap_high],
        "games": hard["games"],
        "seed": hard["seed"],
        "errors": errors,
        "target": CHEAT_GAP_POINTS,
        "requirement": f"hard within {CHEAT_GAP_POINTS:g} points of cheat",
        "verdict": verdict,
    }
    for key in ("variant", "side", "players", "short_game"):
        if key in hard:
            row[key] = hard[key]
    return row


def _games_options(options: Mapping[str, Mapping[str, Any]] | None) -> dict[str, Mapping[str, Any]]:
    """The games the table measures, each with its options (every game with a table part, unless told)."""
    if options is None:
        return {game: {} for game, _part in parts("matches")}
    return dict(options)


def strength_plan(
    games: int,
    levels: Sequence[str] = ("easy", "normal", "hard"),
    seed: int = 1,
    cheat: bool = True,
    options: Mapping[str, Mapping[str, Any]] | None = None,
) -> list[dict[str, Any]]:
    """The matches of the strength table, as descriptions (no game is played), game by game: each game's own
    part says which (``table_matches``; for Falconi each level against ``random`` on each side of each variant,
    head to head against the level below, and the cheating ``cheat`` against ``random``; for Fredericus each
    level against ``random`` and against ``easy`` opponents). ``options`` names the games to measure, each
    with the options of its ``table_matches`` (a game's name: its options; Falconi's ``variants``, Fredericus's
    ``players``); every game by default. Targets are attached where the issue sets one."""
    for level in levels:
        if level not in LADDER[1:]:
            raise GameError(f"the table measures easy, normal and hard, not {level!r}")
    chosen = [level for level in LADDER[1:] if level in levels]  # weakest first: quick rows come first
    matches: list[dict[str, Any]] = []
    for game, game_options in _games_options(options).items():
        matches += [match | {"game": game} for match in matches_part(game).table_matches(chosen, cheat, **game_options)]
    for match in matches:
        match.update(games=games, seed=seed)
    return matches


def run_strength_table(
    games: int = 200,
    levels: Sequence[str] = ("easy", "normal", "hard"),
    seed: int = 1,
    jobs: Jobs = DEFAULT_JOBS,
    cheat: bool = True,
    options: Mapping[str, Mapping[str, Any]] | None = None,
    report: Callable[[str], None] | None = print,
) -> dict[str, Any]:
    """Play the whole table of :func:`strength_plan`, calling ``report`` with each row's line as soon as the
    row is done, and return every row (JSON-able) with a count of verdicts."""
    check_arguments(games, jobs, levels)
    chosen_games = _games_options(options)
    matches = strength_plan(games, levels, seed, cheat, chosen_games)
    plans: list[Plan] = [matches_part(match["game"]).table_plan(match, games, seed) for match in matches]
    rows: list[dict[str, Any]] = []
    started = time.perf_counter()

    def key(match: dict[str, Any]) -> tuple:
        """What tells two matches of the table apart, but for the level under test."""
        return tuple(sorted((name, value) for name, value in match.items() if name not in _LEVEL_FIELDS))

    done: dict[tuple, dict[str, Any]] = {}

    def on_row(index: int, row: dict[str, Any]) -> None:
        match = matches[index]
        if match.get("target") is not None:
            row = _with_target(row, match["target"], match["requirement"])
        row = row | {"text": format_row(row)}
        if "bot" in match:  # a head-to-head has no level under test of its own
            done[key(match) + (match["bot"],)] = row
        rows.append(row)
        if report:
            report(row["text"])
        if "gap_of" in match:
            hard = done.get(key(match) + (match["gap_of"],))
            if hard is not None:
                gap = _cheat_gap_row(hard, row)
                gap = gap | {"text": format_row(gap)}
                rows.append(gap)
                if report:
                    report(gap["text"])

    execute(plans, jobs, on_row)
    verdicts: dict[str, int] = {}
    for row in rows:
        if "verdict" in row:
            verdicts[row["verdict"]] = verdicts.get(row["verdict"], 0) + 1
    summaries: dict[str, Any] = {}
    for game, part in parts("matches"):
        summaries |= part.table_summary(chosen_games.get(game), rows)
    return {
        "games": games,
        "seed": seed,
        "jobs": jobs_name(jobs),
        "levels": list(levels),
        **summaries,
        "seconds": round(time.perf_counter() - started, 1),
        "verdicts": verdicts,
        "errors": sum(row["errors"] for row in rows if row["kind"] != "cheat_gap"),
        "rows": rows,
    }
