"""The AI's strength table (docs/ai.md): which matches to play, their targets, and a verdict per row.

A verdict is ``pass``/``fail`` when the row's 95 % interval lies clear of the target, ``pass?``/``fail?`` when
the interval straddles it (more games would decide). The cheating yardstick's gap to fair ``hard`` carries
Newcombe's interval for a difference of two rates.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from devtools.intervals import newcombe_difference
from devtools.tournament import (
    DEFAULT_JOBS,
    SIDES,
    Plan,
    check_arguments,
    execute,
    falconi_h2h_plan,
    falconi_side_plan,
    format_row,
    fredericus_plan,
    variant_name,
)
from game.core.errors import GameError

# The playing levels from weakest to strongest: each must beat the one before it head to head.
LADDER = ("random", "easy", "normal", "hard")
# The share of Falconi games each level must win against ``random``, on each side of each variant.
FALCONI_VS_RANDOM = {"hard": 0.95, "normal": 0.90, "easy": 0.80}
HEAD_TO_HEAD_TARGET = 0.55
FREDERICUS_VS_RANDOM = 0.90  # hard's win rate against random opponents
FREDERICUS_VS_EASY_RATIO = 1.5  # hard's win rate against easy opponents, as a multiple of its fair share
CHEAT_GAP_POINTS = 15.0  # fair hard within this many percentage points of the cheating search


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


def strength_plan(
    games: int,
    variants: Sequence[str] | None = None,
    levels: Sequence[str] = ("easy", "normal", "hard"),
    players: Sequence[int] = (2, 4),
    seed: int = 1,
    cheat: bool = True,
    falconi: bool = True,
    fredericus: bool = True,
) -> list[dict[str, Any]]:
    """The matches of the strength table, as descriptions (no game is played): for each Falconi variant and
    side each level against ``random``, each level head to head against the one below it, ``hard`` and the
    cheating ``cheat`` against ``random``; for Fredericus each level against ``random`` and against ``easy``
    opponents (and ``cheat`` against ``random``). Targets are attached where the issue sets one."""
    from game.falconi.variants import VARIANTS

    chosen_variants = [variant_name(name) for name in (variants or list(VARIANTS))]
    for level in levels:
        if level not in LADDER[1:]:
            raise GameError(f"the table measures easy, normal and hard, not {level!r}")
    chosen = [level for level in LADDER[1:] if level in levels]  # weakest first: quick rows come first
    matches: list[dict[str, Any]] = []
    if falconi:
        for variant in chosen_variants:
            for level in chosen:
                for side in SIDES:
                    matches.append({"kind": "falconi_side", "variant": variant, "bot": level, "against": "random",
                                    "side": side, "target": FALCONI_VS_RANDOM[level],
                                    "requirement": f"{level} beats random in ≥ {FALCONI_VS_RANDOM[level]:.0%}"})
            for level in chosen:
                below = LADDER[LADDER.index(level) - 1]
                matches.append({"kind": "falconi_h2h", "variant": variant, "a": level, "b": below,
                                "target": HEAD_TO_HEAD_TARGET,
                                "requirement": f"{level} beats {below} in ≥ {HEAD_TO_HEAD_TARGET:.0%}"})
            if cheat and "hard" in chosen:
                for side in SIDES:
                    matches.append({"kind": "falconi_side", "variant": variant, "bot": "cheat", "against": "random",
                                    "side": side, "gap_of": "hard"})
    if fredericus:
        for count in players:
            if count not in (2, 3, 4):
                raise GameError(f"Fredericus is played by 2, 3 or 4 falconers, not {count}")
            for level in chosen:
                target = FREDERICUS_VS_RANDOM if level == "hard" else None
                matches.append({"kind": "fredericus", "players": count, "bot": level, "against": "random",
                                "target": target,
                                "requirement": f"hard wins ≥ {FREDERICUS_VS_RANDOM:.0%}" if target else None})
                if level != "easy":
                    target = FREDERICUS_VS_EASY_RATIO / count if level == "hard" else None
                    requirement = f"hard wins ≥ {FREDERICUS_VS_EASY_RATIO:g}× its fair share" if target else None
                    matches.append({"kind": "fredericus", "players": count, "bot": level, "against": "easy",
                                    "target": target, "requirement": requirement})
            if cheat and "hard" in chosen:
                matches.append({"kind": "fredericus", "players": count, "bot": "cheat", "against": "random",
                                "gap_of": "hard"})
    for match in matches:
        match.update(games=games, seed=seed)
    return matches


def run_strength_table(
    games: int = 200,
    variants: Sequence[str] | None = None,
    levels: Sequence[str] = ("easy", "normal", "hard"),
    players: Sequence[int] = (2, 4),
    seed: int = 1,
    jobs: int = DEFAULT_JOBS,
    cheat: bool = True,
    falconi: bool = True,
    fredericus: bool = True,
    report: Callable[[str], None] | None = print,
) -> dict[str, Any]:
    """Play the whole table of :func:`strength_plan`, calling ``report`` with each row's line as soon as the
    row is done, and return every row (JSON-able) with a count of verdicts."""
    check_arguments(games, jobs, levels)
    matches = strength_plan(games, variants, levels, players, seed, cheat, falconi, fredericus)
    plans: list[Plan] = []
    for match in matches:
        if match["kind"] == "falconi_side":
            plans.append(falconi_side_plan(match["variant"], match["bot"], match["against"], match["side"],
                                            games, seed))
        elif match["kind"] == "falconi_h2h":
            plans.append(falconi_h2h_plan(match["variant"], match["a"], match["b"], games, seed))
        else:
            plans.append(fredericus_plan(match["players"], match["bot"], match["against"], games, seed, False))
    rows: list[dict[str, Any]] = []
    started = time.perf_counter()

    def key(match: dict[str, Any]) -> tuple:
        """What tells two matches of the table apart, but for the level under test."""
        return tuple(match.get(name) for name in ("kind", "variant", "players", "side", "against"))

    done: dict[tuple, dict[str, Any]] = {}

    def on_row(index: int, row: dict[str, Any]) -> None:
        match = matches[index]
        if match.get("target") is not None:
            row = _with_target(row, match["target"], match["requirement"])
        row = row | {"text": format_row(row)}
        if match["kind"] != "falconi_h2h":
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
    return {
        "games": games,
        "seed": seed,
        "jobs": jobs,
        "levels": list(levels),
        "variants": sorted({row["variant"] for row in rows if "variant" in row}),
        "players": list(players) if fredericus else [],
        "seconds": round(time.perf_counter() - started, 1),
        "verdicts": verdicts,
        "errors": sum(row["errors"] for row in rows if row["kind"] != "cheat_gap"),
        "rows": rows,
    }


# ------------------------------------------------------------------------------------------------ text rows
