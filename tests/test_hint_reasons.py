"""A hint's reason comes from what the AI's value guess weighs (issue 52): the named terms add up to the guess,
the reason is the term the move gains most, and it reads only what the deciding seat may see."""

from __future__ import annotations

import random

import pytest
from falconi_scenarios import build, rigged
from fredericus_builder import build_position
from registry_cases import pizzas

from game.falconi import heuristics as falconi_heuristics
from game.falconi import hint_reason as falconi_reason
from game.falconi.constants import FUGITIVE, PORT
from game.falconi.state import FalconiState
from game.fredericus import FredericusState
from game.fredericus import hint_reason as fredericus_reason
from game.registry import game_names, game_spec

PIZZAS = pizzas()


@pytest.mark.parametrize("variant", pizzas())
def test_the_falconi_terms_add_up_to_the_value_guess_for_every_seat(variant):
    state = FalconiState.new_game(variant, 5)
    rng = random.Random(5)
    for _ in range(60):
        if state.is_terminal():
            break
        guess = falconi_heuristics.values(state)
        for seat in range(4):
            assert sum(falconi_reason.terms(state, seat).values()) == pytest.approx(guess[seat])
        state.apply(rng.choice(state.legal_actions()))


def test_f5_4_a_tile_that_lets_the_police_car_catch_him_is_told_as_winning():
    state = build(board={"4,5": "straight r0", "4,7": "straight r0"}, cars={FUGITIVE: "4,4 S", PORT: "4,6 S"},
                  turn_seat=PORT, bombs=0, phase="place", drawn="straight")
    reason = falconi_reason.reason(state, state.parse_action("place straight 4,6 r0"))
    assert reason.key == "hints.why.falconi.police.wins"


def test_f6_2_a_police_hint_never_reads_his_hidden_reserve():
    """Twins that differ only in Don Falconi's face-down reserve (an escape tile of the Country, two cells from
    a free Country slot, or two road tiles) give every police move the same reason, though the guess itself
    differs between them."""
    board = {"1,3": "straight r1", "0,3": "straight r1", "4,0": "straight r0"}
    first = build("salami", board=board, cars={FUGITIVE: "1,3 E", PORT: "4,0 N"}, turn_seat=PORT, phase="action",
                  reserves=[["escape:country", "straight"], [], [], []], actions_left=3, acted=0)
    second = rigged(first, reserves=[[0, 1], [], [], []])
    assert falconi_reason.terms(first, PORT)["escape"] != falconi_reason.terms(second, PORT)["escape"]
    for action in first.legal_actions():
        assert falconi_reason.reason(first, action) == falconi_reason.reason(second, action), action


def test_a_falconi_draw_is_told_by_drawing_itself_never_by_what_it_turns_up():
    state = build("salami", board={"4,8": "straight r0"}, cars={FUGITIVE: "4,8 S"}, turn_seat=FUGITIVE,
                  phase="action", reserves=[["curve"], [], [], []], actions_left=3, acted=0)
    draw = state.parse_action("draw")
    assert falconi_reason.reason(state, draw).key == "hints.why.falconi.fugitive.draw"


def test_r8_2_taking_the_creature_an_objective_needs_is_told_as_a_pair():
    state = build_position(4, {7: "S", 0: "m", 1: "S"}, objectives={0: "m"})
    reason = fredericus_reason.reason(state, state.parse_action("capture 0f"))
    assert reason.key == "hints.why.fredericus.capture_pair"
    assert dict(reason.fields) == {"creature": "@card.manticore.the"}


def test_r4_1_covering_the_creature_an_objective_needs_is_never_told_as_a_gain():
    """The hint that advised covering the manticore its player needed: the guess weighs that creature (a pair
    within reach), so covering it is a loss, and no reason calls it a gain."""
    state = build_position(4, {7: "S", 0: "m", 1: "S", 3: "S", 5: "S"}, objectives={0: "m"})
    cover = state.parse_action("card 1 0")  # the sky of row 1 onto the manticore
    before = fredericus_reason.terms(state, 0, (0, 0, 0, 0, 0, 1, 0, 0), False)
    after_state = state.clone()
    after_state.apply(cover)
    after = fredericus_reason.terms(after_state, 0, (0, 0, 0, 0, 0, 1, 0, 0), False)
    assert after.get("pair_reach", (0.0, -1))[0] < before["pair_reach"][0]
    assert fredericus_reason.reason(state, cover).key not in ("hints.why.fredericus.pair_reach",
                                                               "hints.why.fredericus.reach")


def test_r10_a_fredericus_reason_never_reads_a_rivals_objectives():
    plain = build_position(4, {7: "S", 0: "g", 1: "S", 3: "S", 4: "u", 5: "S"})
    needing = build_position(4, {7: "S", 0: "g", 1: "S", 3: "S", 4: "u", 5: "S"}, objectives={1: "uu"})
    for action in plain.legal_actions():
        assert fredericus_reason.reason(plain, action) == fredericus_reason.reason(needing, action)


def test_both_games_tell_their_hints_reason_through_the_ai_knowledge():
    for game in game_names():
        assert game_spec(game).knowledge().hint_reason is not None


def test_most_falconi_hints_say_what_sets_their_move_above_the_others():
    """A newcomer met "the AI looked further ahead" on most hints: a move is now weighed against the seat's
    other moves, not only against standing still, so most of the moves the value guess likes best have a
    reason of their own (about three in five had one when weighed against standing still alone)."""
    told = asked = 0
    for seed in range(10):
        state = FalconiState.new_game(PIZZAS[seed % len(PIZZAS)], seed)
        rng = random.Random(seed)
        for _ in range(40):
            if state.is_terminal():
                break
            seat = state.current_seat

            def value(action, state=state, seat=seat):
                tried = state.clone()
                tried.apply(action)
                tried = falconi_reason._best_follow_up(tried, seat)
                return (falconi_heuristics.utilities if tried.is_terminal() else falconi_heuristics.values)(tried)[seat]

            actions = state.legal_actions()
            action = max(actions, key=value) if rng.random() < 0.7 else rng.choice(actions)
            if action.verb != "draw":
                asked += 1
                told += not falconi_reason.reason(state, action).key.endswith(".even")
            state.apply(action)
    assert told >= 0.7 * asked, (told, asked)


def test_a_lone_move_is_hinted_as_the_only_one():
    """Where one move is left (a Fredericus turn with nothing but its end), the hint says what it gains, or that
    it is the only one, never "the AI looked further ahead"."""
    for new_game in (lambda seed: FalconiState.new_game("salami", seed),
                     lambda seed: FredericusState.new_game(2, seed)):
        state, rng, seen = new_game(3), random.Random(3), 0
        while not state.is_terminal() and seen < 3:
            actions = state.legal_actions()
            if len(actions) == 1:
                module = falconi_reason if isinstance(state, FalconiState) else fredericus_reason
                key = module.reason(state, actions[0]).key
                assert not key.endswith(".even"), key
                seen += key == "hints.why.only"
            state.apply(rng.choice(actions))
        assert seen, "no lone move met"
