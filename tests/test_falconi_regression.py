"""Counted-move regression ("perft" for Falconi) and the headless command line.

For every pizza, three fixed random games are played: game ``seed`` with the police set-up stored beside it,
each action chosen by ``random.Random(seed).choice(state.legal_actions())``. The number of legal actions at
every decision, and how the game ended, are stored in ``tests/data/falconi_move_counts.json``; the engine must
reproduce them exactly, so any change to the rules (or to the order of legal actions) is noticed at once.

When a rules change is *intended*, regenerate the file from the repository root and review the diff::

    python -m tests.test_falconi_regression --regenerate

(``python tests/test_falconi_regression.py --regenerate`` works too.) Without ``--regenerate`` the script only
reports which games differ.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from game.falconi.state import FalconiState
from game.falconi.variants import VARIANTS

ROOT = Path(__file__).resolve().parents[1]

DATA = Path(__file__).resolve().parent / "data" / "falconi_move_counts.json"
FORMAT = "falconi-move-counts"
GAMES = ((1, (1, 2, 3)), (2, (1, 3)), (4, (2,)))  # (seed, police seats) for each variant


def counted_game(variant: str, seed: int, police: tuple[int, ...]) -> dict[str, Any]:
    """Play one fixed random game and record what the regression compares."""
    state = FalconiState.new_game(variant, seed, police)
    choose = random.Random(seed).choice
    counts = []
    while not state.is_terminal():
        legal = state.legal_actions()
        counts.append(len(legal))
        state.apply(choose(legal))
    assert state.outcome is not None
    return {
        "variant": variant,
        "seed": seed,
        "police": list(police),
        "counts": counts,
        "termination": state.outcome.termination,
        "winners": sorted(state.outcome.winners),
        "turns": state.turn_number,
    }


def all_counted_games() -> list[dict[str, Any]]:
    return [counted_game(variant, seed, police) for variant in VARIANTS for seed, police in GAMES]


def load_expected() -> dict[str, Any]:
    return json.loads(DATA.read_text(encoding="utf-8"))


def _key(game: dict[str, Any]) -> str:
    return f"{game['variant']}-seed{game['seed']}-police{''.join(map(str, game['police']))}"


# --- the regression ---------------------------------------------------------------------------------------------
def test_stored_move_counts_cover_every_variant() -> None:
    expected = load_expected()
    assert expected["format"] == FORMAT
    stored = {(game["variant"], game["seed"], tuple(game["police"])) for game in expected["games"]}
    wanted = {(variant, seed, police) for variant in VARIANTS for seed, police in GAMES}
    assert stored == wanted, "regenerate tests/data/falconi_move_counts.json (see this module's docstring)"


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_engine_reproduces_the_stored_move_counts(variant: str) -> None:
    for game in (g for g in load_expected()["games"] if g["variant"] == variant):
        actual = counted_game(variant, game["seed"], tuple(game["police"]))
        first_difference = next(
            (i for i, (a, b) in enumerate(zip(actual["counts"], game["counts"])) if a != b),
            min(len(actual["counts"]), len(game["counts"])),
        )
        assert actual["counts"] == game["counts"], (
            f"{_key(game)}: legal-action counts differ from decision {first_difference} on "
            f"(stored {game['counts'][first_difference:first_difference + 5]}, "
            f"now {actual['counts'][first_difference:first_difference + 5]})"
        )
        assert actual == game, f"{_key(game)}: the game ends differently"


def test_stored_games_are_real_games() -> None:
    """The stored file is not trivially small: real games with choices, ending in several ways."""
    games = load_expected()["games"]
    assert all(len(game["counts"]) >= 5 and all(count >= 1 for count in game["counts"]) for game in games)
    assert all(max(game["counts"]) > 1 for game in games)
    assert len({game["termination"] for game in games}) >= 2


# --- the command line -------------------------------------------------------------------------------------------
def run_main(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "main.py", *args], cwd=ROOT, capture_output=True, text=True, timeout=timeout
    )


@pytest.mark.parametrize("variant", list(VARIANTS))
@pytest.mark.slow
def test_cli_simulates_falconi_games_between_bots(variant: str) -> None:
    seats = "greedy,random,off,random"
    result = run_main("simulate", "falconi", "--variant", variant, "--seats", seats, "--games", "5", "--seed", "3",
                      "--json")
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    summary = json.loads(result.stdout)
    assert summary["game"] == "falconi" and summary["variant"] == variant and summary["seats"] == seats
    assert summary["errors"] == 0 and "error_samples" not in summary
    assert summary["games"] == 5 and summary["finished"] == 5
    assert sum(summary["endings"].values()) == 5
    assert sum(summary["wins_by_side"].values()) == 5, "every game is won by exactly one side"
    assert set(summary["wins_by_side"]) <= {"fugitive", "police"}
    seats_in_play = {"Don Falconi", "Country police", "Forest police"}  # the Port seat is off
    assert set(summary["wins_by_seat"]) == seats_in_play
    assert summary["wins_by_seat"]["Don Falconi"] == summary["wins_by_side"].get("fugitive", 0)
    police_wins = summary["wins_by_seat"]["Country police"] + summary["wins_by_seat"]["Forest police"]
    police_games = summary["wins_by_side"].get("police", 0)
    assert police_games <= police_wins <= 2 * police_games  # a blocked fugitive makes every active car win
    assert 1 <= summary["mean_turns"] <= summary["max_turns"]


@pytest.mark.slow
def test_cli_same_simulation_twice_gives_the_same_summary() -> None:
    args = ("simulate", "falconi", "--variant", "funghi", "--seats", "random,random,random,random", "--games", "3",
            "--seed", "8", "--json")
    first, second = run_main(*args), run_main(*args)
    assert first.returncode == second.returncode == 0
    assert json.loads(first.stdout) == json.loads(second.stdout)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("--variant", "nope"), ("nope", "margherita")),
        (("--seats", "random,off,off,off"), ("police",)),
        (("--seats", "off,random"), ("Don Falconi",)),
        (("--seats", "random,wizard"), ("wizard",)),
        (("--games", "0"), ("--games",)),
    ],
    ids=["unknown variant", "no police", "no fugitive", "unknown bot", "no games"],
)
def test_cli_refuses_bad_options_with_a_clear_message(args: tuple[str, ...], words: tuple[str, ...]) -> None:
    result = run_main("simulate", "falconi", *args)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and result.stdout == ""
    assert result.stderr.startswith("main.py: ")
    for word in words:
        assert word in result.stderr


@pytest.mark.slow
def test_cli_bench_prints_json_figures_for_every_falconi_variant() -> None:
    """Runs each measurement for only a few hundredths of a second: it checks the shape, never the speed."""
    result = run_main("bench", "rules", "--seconds", "0.03", "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["seconds_per_game_setup"] == 0.03
    for variant in VARIANTS:
        figures = report["games"][f"falconi/{variant}"]
        assert isinstance(figures["actions_per_second"], int) and figures["actions_per_second"] > 0
        assert figures["games"] >= 1 and figures["mean_actions_per_game"] > 0
        assert figures["clone_microseconds"] > 0


# --- regenerating the stored counts ------------------------------------------------------------------------------
def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(description="Check or regenerate tests/data/falconi_move_counts.json.")
    parser.add_argument("--regenerate", action="store_true", help="write the counts the engine gives now")
    args = parser.parse_args(argv)
    games = all_counted_games()
    if args.regenerate:
        DATA.parent.mkdir(parents=True, exist_ok=True)
        lines = ",\n  ".join(json.dumps(game) for game in games)  # one game per line: readable diffs
        header = f'"format": "{FORMAT}", "how": "python -m tests.test_falconi_regression --regenerate"'
        DATA.write_text(f"{{{header},\n \"games\": [\n  {lines}\n ]\n}}\n", encoding="utf-8")
        print(f"wrote {len(games)} games to {DATA}")
        return 0
    stored = {_key(game): game for game in load_expected()["games"]} if DATA.exists() else {}
    differ = [_key(game) for game in games if stored.get(_key(game)) != game]
    for key in differ:
        print(f"differs: {key}")
    print("all stored games reproduced" if not differ else f"{len(differ)} of {len(games)} games differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
