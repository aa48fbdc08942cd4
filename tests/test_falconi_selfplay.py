"""Random self-play of every pizza with every police set-up, every position checked by ``check_invariants``.

The checks live in ``tests/falconi_invariants.py`` (shared with the property tests): tiles accounted for
(F-2.1, F-2.2), reserves (F-5.1, F-6.2), cars on legal places (F-3.1, F-4.4, F-6.1), escape tiles on plain
slots of their district (F-5.6), the decider and the turn order (F-4.1, F-5.4), text forms, JSON and clone
round trips, what the police may see (F-9), a bounded game and consistent returns (F-8).

Each game is its own test so that ``pytest -n 2`` spreads them; two random players take turns: a uniform one
and an "eager" one that takes catches, bombs, boosts and escapes whenever it can.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from falconi_invariants import (  # noqa: F401  (check_invariants is re-exported for other tests)
    CHOOSERS,
    POLICE_SETUPS,
    VARIANT_NAMES,
    Snapshot,
    check_invariants,
    play_random_game,
)
from falconi_scenarios import pile_order, rigged
from registry_cases import pizzas

from game.falconi.constants import FUGITIVE, PORT
from game.falconi.state import FalconiState

MODE1 = tuple(pizzas(mode=1))
MODE1_SEEDS = tuple(range(8))
MODE2_SEEDS = (0, 4, 5)  # include a blocked Don Falconi (salami, eager, 4) and an escape (diavola, eager, 5)


def _games() -> list[Any]:
    games = []
    for variant in VARIANT_NAMES:
        seeds = MODE1_SEEDS if variant in MODE1 else MODE2_SEEDS
        for police in POLICE_SETUPS:
            for chooser in CHOOSERS:
                for seed in seeds:
                    name = f"{variant}-police{''.join(map(str, police))}-{chooser}-{seed}"
                    games.append(pytest.param(variant, police, chooser, seed, id=name))
    return games


GAMES = _games()


@pytest.mark.parametrize(("variant", "police", "chooser", "seed"), GAMES)
@pytest.mark.slow
def test_random_self_play_keeps_every_invariant(variant: str, police: tuple[int, ...], chooser: str, seed: int) -> None:
    state, played = play_random_game(variant, police, seed, chooser)
    assert state.is_terminal()
    assert played, "a game takes at least one action"


def test_self_play_games_reach_every_kind_of_action() -> None:
    """The games above are worth checking only if they reach the rare rules: replay them unchecked (fast)."""
    verbs: dict[int, Counter[str]] = {1: Counter(), 2: Counter()}
    endings: Counter[str] = Counter()
    for param in GAMES:
        variant, police, chooser, seed = param.values
        state, played = play_random_game(variant, police, seed, chooser, checked=False)
        verbs[state.variant.mode].update(text.split()[0] for text in played)
        assert state.outcome is not None
        endings[state.outcome.termination] += 1
    assert set(verbs[1]) == {"place", "drive", "catch", "bomb", "pass", "blast", "escape"}
    assert set(verbs[2]) == {"draw", "place", "step", "turn", "escape", "boost", "accomplice"}
    assert {"catch", "fugitive_blocked", "police_out", "escape", "round_limit"} <= set(endings)


def test_same_seed_and_chooser_replay_the_same_game() -> None:
    first = play_random_game("prosciutto", (1, 2, 3), 3, "eager", checked=False)
    second = play_random_game("prosciutto", (1, 2, 3), 3, "eager", checked=False)
    assert first[1] == second[1] and first[0] == second[0]


# --- the checker itself must notice broken positions ----------------------------------------------------------
def _fresh(variant: str = "funghi") -> FalconiState:
    return FalconiState.new_game(variant, 11, (1, 2, 3))


def test_check_invariants_accepts_a_new_game_and_returns_a_snapshot() -> None:
    snapshot = check_invariants(_fresh())
    assert isinstance(snapshot, Snapshot) and snapshot.turn == 1 and snapshot.turn_seat == FUGITIVE


@pytest.mark.parametrize(
    "corrupt",
    [
        pytest.param(lambda st: rigged(st, pile=[*pile_order(st), 0]), id="an extra tile in the pile"),
        pytest.param(lambda st: rigged(st, pile=pile_order(st)[1:]), id="a tile lost from the pile"),
        pytest.param(lambda st: rigged(st, pile=pile_order(st)[:-1],
                                       reserves=[[*st.reserve(seat), *(pile_order(st)[-1:] if seat == PORT else [])]
                                                 for seat in range(4)]), id="three reserve tiles"),
        pytest.param(lambda st: rigged(st, escapes=[1 if slot == st.city.slot_by_name["N4"] else district
                                                    for slot, district in enumerate(st.escapes)]),
                     id="escape on a station"),
        pytest.param(lambda st: rigged(st, decider=PORT), id="decider out of turn"),
        pytest.param(lambda st: rigged(st, legal=()), id="no legal action before the end"),
    ],
)
def test_check_invariants_notices_a_broken_position(corrupt) -> None:
    with pytest.raises(AssertionError):
        check_invariants(corrupt(_fresh()))


def test_check_invariants_notices_a_turn_out_of_order() -> None:
    state = _fresh("margherita")
    snapshot = check_invariants(state)
    while state.turn_number == 1:
        state.apply(random.Random(0).choice(state.legal_actions()))
    assert state.turn_seat == 1  # Country follows Don Falconi (F-4.1)
    skipped = Snapshot(**{**snapshot.__dict__, "turn_seat": 1})
    with pytest.raises(AssertionError, match="turn passed"):
        check_invariants(state, skipped)


# --- engine bugs found by self-play ----------------------------------------------------------------------------
# Margherita, seed 535, Port police only, "eager" chooser: the Port car waits at the open end (5,4 N); Don
# Falconi, at (5,4 S) in the same empty cell, places a crossroads there and drives to (6,4 W). On its turn the
# Port car first drives on (F-5.3) from (5,4 N), i.e. its route enters his last tile (5,4) through N, and
# offers "catch N". He answers with a Chili Bomb, which closes (5,4 N) — the very edge the police car stands
# at. Then "catch N" is offered again: the bomb changed nothing (mode1.open_drive explores from a closed start).
BOMB_ON_POLICE_ENTRY = (
    "place straight 4,8 r0", "drive 4,7 S", "place t-junction 4,0 r1", "drive 4,1 N", "place t-junction 4,7 r3",
    "drive 5,7 W", "place overpass 4,1 r0", "drive 4,2 N", "place t-junction 5,7 r2", "drive 5,6 S",
    "place overpass 4,2 r0", "drive 4,3 N", "place straight 5,6 r0", "drive 5,5 S", "place curve 4,3 r0",
    "drive 5,3 W", "place straight 5,5 r0", "drive 5,4 S", "place curve 5,3 r2", "drive 5,4 N",
    "place crossroads 5,4 r0", "drive 6,4 W", "catch N",
)


def test_chili_bomb_on_the_edge_the_police_car_stands_at_stops_the_catch() -> None:
    """F-5.4: the bomb closes the edge through which the police route enters his last tile, for good."""
    state = FalconiState.new_game("margherita", 535, (PORT,))
    for text in BOMB_ON_POLICE_ENTRY:
        state.apply(state.parse_action(text))
    assert state.current_seat == FUGITIVE and [state.action_text(a) for a in state.legal_actions()] == ["bomb", "pass"]
    state.apply(state.parse_action("bomb"))
    assert "5,4 N" in state.to_json()["closed"]
    offered = [state.action_text(a) for a in state.legal_actions()]
    assert "catch N" not in offered, f"the police car still catches through the destroyed edge: {offered}"
    # Its only way on leads through the destroyed edge: it can reach nothing and is out of the game, and with
    # no other police car in the chase Don Falconi wins (F-5.4, F-8.3).
    assert state.outcome is not None and state.outcome.termination == "police_out", offered
