"""Catch Don Falconi's set-ups of the benchmarks (every variant with all three police cars) and its part of the
record of same decisions."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from devtools.bench_ai import GameSetup
    from devtools.games import DecisionPick, OnlineBenchTable
    from game.core.protocol import GameState


def rules_bench_games() -> dict[str, Callable[[int], GameState]]:
    """``bench rules``: a game per variant, all three police cars in play, by name."""
    from devtools.falconi.setup import game_factory
    from game.falconi.constants import POLICE
    from game.falconi.variants import VARIANTS

    return {f"falconi/{name}": game_factory(name, POLICE) for name in VARIANTS}


def ai_bench_setups() -> list[GameSetup]:
    """``bench ai``: each variant with all three police cars; the level plays Don Falconi in even games and
    every police car in odd ones."""
    from devtools.bench_ai import GameSetup
    from game.falconi.constants import FUGITIVE, POLICE
    from game.falconi.state import FalconiState
    from game.falconi.variants import VARIANTS

    def seats(game: int) -> tuple[int, ...]:
        return (FUGITIVE,) if game % 2 == 0 else POLICE

    def side(game: int) -> str:
        return "Don Falconi" if game % 2 == 0 else "all police"

    def dealer(variant: str) -> Callable[[int], GameState]:
        return lambda seed: FalconiState.new_game(variant, seed, POLICE)

    return [GameSetup(f"falconi/{variant}", dealer(variant), seats, side) for variant in VARIANTS]


# --- the record of same decisions (devtools.same_decisions) -------------------------------------------
GUESS_POSITIONS = 150  # per variant
GUESS_EVERY = 3  # every third position of a random game, so that the positions of many games are met


def _deciding(rule: str) -> Callable[[GameState], bool]:
    from game.falconi.constants import FUGITIVE

    def wanted(state: Any) -> bool:
        if rule == "police":
            return bool(state.current_seat != FUGITIVE)
        fugitive = state.current_seat == FUGITIVE
        if rule == "smashing":  # F-6.5: a turn in which he must smash a block
            return fugitive and bool(state.must_smash)
        return fugitive and (rule == "fugitive" or (state.accomplice >= 0 and state.boosts > 0))

    return wanted


def decision_picks(setup: str) -> tuple[DecisionPick, ...]:
    """The opening, Don Falconi and a police car early and later on, a later position of either, and in
    Diavola Don Falconi still holding his accomplice and a boost, and in a turn bound to smash a block."""
    from devtools.games import DecisionPick

    picks: tuple[DecisionPick, ...] = (
        DecisionPick("opening", 1, 0), DecisionPick("fugitive", 1, 5, _deciding("fugitive")),
        DecisionPick("police", 3, 6, _deciding("police")), DecisionPick("later", 6, 20),
        DecisionPick("fugitive-later", 2, 25, _deciding("fugitive")),
        DecisionPick("police-later", 5, 30, _deciding("police")))
    if setup == "falconi/diavola":
        picks += (DecisionPick("boosting", 5, 12, _deciding("boosting")),
                  DecisionPick("smashing", 5, 12, _deciding("smashing")))
    return picks


def online_bench_table() -> OnlineBenchTable:
    """Margherita with all three police cars: the client drives Don Falconi, the AI the police."""
    from devtools.games import OnlineBenchTable
    from game.falconi.options import FalconiOptions
    from game.falconi.seating import SEAT_COUNT

    return OnlineBenchTable("falconi", FalconiOptions("margherita").to_json(), SEAT_COUNT)


def guess_groups() -> tuple[str, ...]:
    """Each variant, all three police cars in play."""
    from game.falconi.variants import VARIANTS

    return tuple(f"falconi/{variant}" for variant in VARIANTS)


def _guess_positions(group: str) -> Iterator[tuple[int, int, Any]]:
    """(seed, actions, position): every :data:`GUESS_EVERY`-th unfinished position of random games of the
    group's variant, game after game, :data:`GUESS_POSITIONS` in all."""
    from game.falconi.constants import POLICE
    from game.falconi.state import FalconiState

    given = 0
    seed = 0
    while True:
        seed += 1
        state, rng, played = FalconiState.new_game(group.split("/")[1], seed, POLICE), random.Random(seed), 0
        while not state.is_terminal():
            if played % GUESS_EVERY == 0:
                yield seed, played, state
                given += 1
                if given == GUESS_POSITIONS:
                    return
            state.apply(rng.choice(state.legal_actions()))
            played += 1


def _guess(state: Any, memo: dict[Any, Any] | None = None) -> dict[str, Any]:
    """The value guess of ``state`` and, in Mode II, the distances and ways on behind it (``memo`` as the
    search's remembering guess uses it)."""
    from game.falconi import heuristics
    from game.falconi.constants import ACTIVE

    figures: dict[str, Any] = {"values": heuristics.values(state, memo)}
    if state.variant.mode == 2:
        figures["chase"] = heuristics.chase_distances(state, memo)
        figures["escape"] = heuristics.escape_distance(state, memo)
        figures["ways"] = [heuristics.ways_on(state, seat, 8, memo) if state.status[seat] == ACTIVE else None
                           for seat in range(4)]
    return figures


def record_guesses(group: str) -> list[dict[str, Any]]:
    return [{"seed": seed, "actions": actions} | _guess(state) for seed, actions, state in _guess_positions(group)]


def check_guesses(group: str, entries: Sequence[dict[str, Any]]) -> list[str]:
    """Worked out both alone and with one memory shared by all the positions, as a search shares it."""
    memo: dict[Any, Any] = {}
    problems = []
    for entry, (seed, actions, state) in zip(entries, _guess_positions(group), strict=True):
        where = f"{group} values at seed {seed}, {actions} actions"
        if (seed, actions) != (entry["seed"], entry["actions"]):
            problems.append(f"{where}: recorded for seed {entry['seed']}, {entry['actions']} actions: re-record")
            continue
        recorded = {key: value for key, value in entry.items() if key not in ("seed", "actions")}
        for how, found in (("alone", _guess(state)), ("remembering", _guess(state, memo))):
            if found != recorded:
                problems.append(f"{where} ({how}): {found} instead of {recorded}")
    return problems
