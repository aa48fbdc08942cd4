"""One suite every registered game passes, as OpenSpiel's ``games_sim_test``: over every game of the registry
(and the tests' tiny third game) and every set-up its spec allows, clones, JSON, action texts, determinizing
and the end of the game are checked at every position of random games and of games played by every AI level.

The quick tier plays one seeded random game on each of a game's option sets with its first seat pattern, and a
game of ``random`` and of ``hard`` on each game's very first set-up; the ``slow`` tier plays every set-up,
Hypothesis's seeds, and every level on every set-up."""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Iterator, Sequence
from typing import Any

import pytest
from conformance import (
    SetUp,
    check_action_texts,
    check_clone,
    check_determinize,
    check_json,
    check_position,
    check_terminal,
    level_bots,
    new_state,
    play_checked,
    random_positions,
    set_ups,
)
from hypothesis import given, settings
from hypothesis import strategies as st
from takeaway_game import TAKEAWAY, TakeAway

from game.ai.levels import level_makers
from game.core.gamespec import GameSpec
from game.core.protocol import GameState
from game.registry import game_names, game_spec, register, unregister

SPECS = [*map(game_spec, game_names()), TAKEAWAY]
SET_UPS = [set_up for spec in SPECS for set_up in set_ups(spec)]
FIRST = {spec.name: set_ups(spec)[0] for spec in SPECS}
QUICK = [set_up for set_up in SET_UPS if set_up.in_play == FIRST[set_up.game].in_play]
LEVELS = tuple(level_makers(lambda _state, _seat: 0.0))
QUICK_LEVELS = ("random", "hard")  # the quick tier's few whole games: no search, and the search on a tiny budget
SEED = 7


@pytest.fixture(scope="module", autouse=True)
def takeaway_registered() -> Iterator[None]:
    """The tiny game is in the registry while a test runs (the bots find its knowledge there), and only then."""
    register(TAKEAWAY)
    yield
    unregister(TAKEAWAY.name)


def tiered(quick: Collection[SetUp]) -> list[Any]:
    """Every set-up, those not in ``quick`` marked slow."""
    return [pytest.param(set_up, id=str(set_up), marks=() if set_up in quick else pytest.mark.slow)
            for set_up in SET_UPS]


LEVEL_GAMES = [
    pytest.param(set_up, level, id=f"{set_up}-{level}",
                 marks=() if set_up in FIRST.values() and level in QUICK_LEVELS else pytest.mark.slow)
    for set_up in SET_UPS for level in LEVELS
]


def positions(set_up: SetUp, seed: int = SEED) -> Iterator[tuple[GameState[Any], GameSpec]]:
    spec = game_spec(set_up.game)
    for state in random_positions(new_state(set_up, spec, seed), seed):
        yield state, spec


def test_the_suite_covers_every_registered_game_with_each_of_its_set_ups() -> None:
    assert {set_up.game for set_up in SET_UPS} == {*game_names(), TAKEAWAY.name}
    falconi = [set_up for set_up in SET_UPS if set_up.game == "falconi"]
    assert len(falconi) == 5 * 5  # five pizzas, each with 3, 2 (three ways) or 1 police car (F-4.2)
    assert {sum(set_up.in_play) for set_up in SET_UPS if set_up.game == "fredericus"} == {2, 3, 4}
    assert set(LEVELS) >= {"random", "easy", "normal", "hard", "cheat", "sitter", "greedy"}


@pytest.mark.parametrize("set_up", tiered(QUICK))
def test_a_clone_equals_its_original_and_is_independent_of_it(set_up: SetUp) -> None:
    for state, _ in positions(set_up):
        check_clone(state)


@pytest.mark.parametrize("set_up", tiered(QUICK))
def test_a_state_comes_back_equal_from_its_json_and_writes_the_same_json(set_up: SetUp) -> None:
    for state, spec in positions(set_up):
        check_json(state, spec)


@pytest.mark.parametrize("set_up", tiered(QUICK))
def test_every_legal_action_reads_back_from_its_text(set_up: SetUp) -> None:
    for state, _ in positions(set_up):
        check_action_texts(state)


@pytest.mark.parametrize("set_up", tiered(QUICK))
def test_a_determinized_state_shows_each_seat_what_the_true_one_shows(set_up: SetUp) -> None:
    rng = random.Random(SEED)
    for state, _ in positions(set_up):
        check_determinize(state, rng)


@pytest.mark.parametrize("set_up", tiered(QUICK))
def test_a_game_ends_exactly_when_it_has_an_outcome_with_well_formed_returns(set_up: SetUp) -> None:
    for state, _ in positions(set_up):
        check_terminal(state)
    assert state.is_terminal()


@pytest.mark.slow
@settings(max_examples=5)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
@pytest.mark.parametrize("set_up", SET_UPS, ids=str)
def test_random_games_of_any_seed_keep_the_whole_protocol(set_up: SetUp, seed: int) -> None:
    rng = random.Random(seed)
    for state, spec in positions(set_up, seed):
        check_position(state, spec, rng)


@pytest.mark.parametrize(("set_up", "level"), LEVEL_GAMES)
def test_every_ai_level_plays_a_whole_game_of_legal_actions_keeping_the_protocol(set_up: SetUp, level: str) -> None:
    spec = game_spec(set_up.game)
    make = level_bots(spec)[level]
    state = new_state(set_up, spec, SEED)
    assert play_checked(state, spec, make, SEED) > 0 and state.is_terminal()


# --- the checks can fail ---------------------------------------------------------------------------------------
class SharedClone(TakeAway):
    def clone(self) -> SharedClone:
        return self


class EqualToAnything(TakeAway):
    def __eq__(self, other: object) -> bool:
        return True

    def clone(self) -> EqualToAnything:
        return EqualToAnything(self.stones + 1, self.players, self.turn, self.taken)


class ForgetfulJson(TakeAway):
    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "taken": 0}


class MisreadText(TakeAway):
    def parse_action(self, text: str) -> int:
        return 1


class PeekingSample(TakeAway):
    def determinize(self, seat: int, rng: random.Random) -> PeekingSample:
        return PeekingSample(self.stones + 1, self.players, self.turn, self.taken)


class EndlessEnd(TakeAway):
    def legal_actions(self) -> Sequence[int]:
        return [] if self.stones == 1 else super().legal_actions()


BROKEN: list[tuple[Callable[[GameState[Any]], None], GameState[Any]]] = [
    (check_clone, SharedClone(5)),
    (check_clone, EqualToAnything(5)),
    (lambda state: check_json(state, TAKEAWAY), ForgetfulJson(5, taken=2)),
    (check_action_texts, MisreadText(5)),
    (lambda state: check_determinize(state, random.Random(1)), PeekingSample(5)),
    (check_terminal, EndlessEnd(1)),
]


@pytest.mark.parametrize(("check", "state"), BROKEN, ids=lambda value: type(value).__name__)
def test_each_check_catches_a_game_that_breaks_it(check: Callable[[GameState[Any]], None],
                                                  state: GameState[Any]) -> None:
    with pytest.raises(AssertionError):
        check(state)
