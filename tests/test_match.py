"""The match behind the app: seats, log, undo within a turn, take-back against AI, and saves that replay."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from registry_cases import pizzas

from game.core.errors import GameError, IllegalActionError, StateFormatError
from game.falconi.options import FalconiOptions
from game.registry import variant_cases
from game.services.match import OFF, Match, MatchSetup, Person, SeatPlan

ALONE_AS_FUGITIVE = (SeatPlan.human(0), SeatPlan.ai("easy"), SeatPlan.ai("easy"), OFF)
ALONE_AGAINST_ONE = (SeatPlan.human(0), SeatPlan.ai("easy"))
ANNA = (Person("Anna"),)
TWO_PEOPLE = (Person("Anna"), Person("Bruno", "pad1"))
ALONE = {"falconi": ALONE_AS_FUGITIVE, "fredericus": ALONE_AGAINST_ONE}  # a person against the AI, per game


def falconi(variant="salami", seats=ALONE_AS_FUGITIVE, people=ANNA, seed=3):
    return Match(MatchSetup("falconi", seats, people, seed, options=FalconiOptions(variant)))


def fredericus(seats=ALONE_AGAINST_ONE, people=ANNA, seed=3):
    return Match(MatchSetup("fredericus", seats, people, seed))


def play_first(match, verb):
    action = next(a for a in match.state.legal_actions() if match.state.action_text(a).startswith(verb))
    return match.play(action).entry


def test_a_played_action_is_logged_with_its_seat_turn_and_sentence():
    match = falconi()
    placed = play_first(match, "place")
    assert (placed.seat, placed.turn, placed.text) == (0, 1, "place curve 4,8 r0")
    assert placed.message.key == "log.falconi.place" and not placed.revealed
    drawn = play_first(match, "draw")
    assert drawn.revealed  # a tile came off the pile
    assert match.log == [placed, drawn]


def test_an_illegal_action_changes_nothing():
    match = falconi()
    before = match.state.clone()
    with pytest.raises(IllegalActionError):
        match.play(match.state.parse_action("step N"))
    assert match.state == before and match.log == []


def test_undo_takes_back_an_action_within_the_turn():
    match = falconi()
    before = match.state.clone()
    play_first(match, "place")
    assert match.can_undo()
    match.undo()
    assert match.state == before and match.log == []
    assert not match.can_undo()


def test_nothing_before_a_draw_can_be_undone():
    match = falconi()
    play_first(match, "place")
    play_first(match, "draw")
    assert not match.can_undo()


def test_undo_stays_open_after_the_turn_has_passed_until_the_next_seat_acts():
    match = fredericus()
    rng = random.Random(1)
    while not match.log or match.state.current_seat == match.log[-1].seat:
        before = match.state.clone()
        match.play(rng.choice(match.state.legal_actions()))
    assert match.state.current_seat == 1 and match.can_undo()  # the AI's turn has come; it has not acted yet
    match.undo()
    assert match.state == before
    match.play(rng.choice(match.state.legal_actions()))
    match.play(rng.choice(match.state.legal_actions()))  # now the AI acts
    assert match.log[-1].seat == 1 and not match.can_undo()


def hot_seat_turn_passed():
    """Salami at one screen: Anna's Don Falconi has played three actions (no draw), Bruno's Port car is next."""
    match = falconi(seats=(SeatPlan.human(0), OFF, SeatPlan.human(1), OFF), people=TWO_PEOPLE)
    for text in ("place curve 4,8 r1", "place overpass 5,8 r0", "step E"):
        match.play(match.state.parse_action(text))
    return match


def test_undo_in_a_hot_seat_game_stays_open_until_the_next_person_has_seen_a_secret():
    match = hot_seat_turn_passed()
    assert match.state.current_seat == 2 and match.can_undo()  # Bruno's turn, and he has not played
    match.undo()
    assert match.state.current_seat == 0 and match.can_undo()  # Anna's earlier actions too
    match.play(match.state.legal_actions()[0])
    match.close_undo()  # Bruno confirmed the hand-over and saw his tiles
    assert not match.can_undo()


def test_once_the_next_person_has_acted_only_their_own_move_can_be_undone():
    match = hot_seat_turn_passed()
    anna = len(match.log)
    play_first(match, "place straight")
    match.undo()
    assert len(match.log) == anna and not match.can_undo()


def test_undo_needs_a_person_to_play():
    match = falconi(seats=(SeatPlan.ai("easy"), OFF, SeatPlan.human(0), OFF))
    play_first(match, "place")
    with pytest.raises(GameError, match="nothing to undo"):
        match.undo()


def test_take_back_rewinds_to_the_start_of_my_last_turn_against_ai():
    match = fredericus()
    rng = random.Random(5)
    start_of_my_turn = None
    while len(match.log) < 40 or match.state.current_seat != 0:
        if match.state.current_seat == 0 and (not match.log or match.log[-1].seat != 0):
            start_of_my_turn = (match.state.clone(), len(match.log))
        match.play(rng.choice(match.state.legal_actions()))
    state, length = start_of_my_turn
    assert match.can_take_back()
    match.take_back()
    assert match.state == state and len(match.log) == length


def test_take_back_is_only_for_games_against_ai():
    match = falconi(seats=(SeatPlan.human(0), OFF, SeatPlan.human(1), OFF), people=TWO_PEOPLE)
    play_first(match, "place")
    assert not match.can_take_back(0)
    with pytest.raises(GameError, match="only against AI"):
        match.take_back(0)


@pytest.mark.parametrize("variant", pizzas())
def test_a_save_replays_to_the_same_state_and_log(variant):
    match = falconi(variant=variant)
    rng = random.Random(9)
    for _ in range(60):
        if match.state.is_terminal():
            break
        match.play(rng.choice(match.state.legal_actions()))
    restored = Match.from_json(json.loads(json.dumps(match.to_json())))
    assert restored.state == match.state
    assert restored.log == match.log
    assert restored.setup == match.setup


def test_a_fredericus_save_replays_to_the_same_state():
    match = fredericus(seats=(SeatPlan.human(0), SeatPlan.human(1), SeatPlan.ai("hard")), people=TWO_PEOPLE)
    rng = random.Random(2)
    for _ in range(50):
        match.play(rng.choice(match.state.legal_actions()))
    restored = Match.from_json(json.loads(json.dumps(match.to_json())))
    assert restored.state == match.state and restored.setup == match.setup


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda d: d.update(format="chess"), "not a falconi-fredericus-match"),
        (lambda d: d.update(version=99), "newer version"),
        (lambda d: d["actions"].append("fly away"), "cannot be replayed"),
        (lambda d: d["actions"].insert(0, "step N"), "cannot be replayed"),
        (lambda d: d["setup"].update(game="chess"), "impossible"),
        (lambda d: d["setup"]["seats"].__setitem__(0, {"kind": "off"}), "impossible"),
        (lambda d: d["setup"]["seats"].__setitem__(1, {"kind": "person", "person": 7}), "impossible"),
        (lambda d: d["setup"]["seats"].__setitem__(1, {"kind": "robot"}), "seat 2: unknown kind of player 'robot'"),
        (lambda d: d["setup"].pop("seed"), "no field 'seed'"),
        (lambda d: d.update(actions="draw"), "must be a list"),
        (lambda d: d["setup"].update(people=[3]), "must be an object"),
    ],
)
def test_a_broken_save_is_refused_with_a_clear_message(change, message):
    match = falconi()
    play_first(match, "place")
    data = match.to_json()
    change(data)
    with pytest.raises(StateFormatError, match=message):
        Match.from_json(data)


@pytest.mark.parametrize(
    "game, seats, message",
    [
        ("falconi", (OFF, SeatPlan.ai("easy"), OFF, OFF), "Don Falconi"),
        ("falconi", (SeatPlan.human(0), OFF, OFF, OFF), "at least one police car"),
        ("falconi", (SeatPlan.human(0), SeatPlan.ai("easy")), "four seats"),
        ("fredericus", (SeatPlan.human(0), OFF), "no empty seats"),
        ("fredericus", (SeatPlan.human(0),), "2, 3 or 4"),
        ("fredericus", (SeatPlan.human(0), SeatPlan.ai("superb")), "unknown AI level"),
        ("chess", (SeatPlan.human(0),), "unknown game"),
    ],
)
def test_an_impossible_setup_says_why(game, seats, message):
    with pytest.raises(GameError, match=message):
        MatchSetup(game, seats)


def test_one_person_may_drive_all_three_police_cars_f_4_2():
    setup = MatchSetup("falconi", (SeatPlan.ai("normal"),) + (SeatPlan.human(0),) * 3)
    assert setup.seats_of(0) == (1, 2, 3) and setup.against_ai_only


@settings(max_examples=40)
@given(st.lists(st.sampled_from(["play", "play", "play", "undo", "take_back"]), min_size=1, max_size=80),
       st.sampled_from(variant_cases()), st.integers(0, 10_000))
def test_play_undo_and_take_back_always_agree_with_a_replay_of_the_log(steps, case, seed):
    match = Match(MatchSetup(case.game, ALONE[case.game], ANNA, seed, options=case.options))
    rng = random.Random(seed)
    for step in steps:
        if match.state.is_terminal():
            break
        if step == "play":
            match.play(rng.choice(match.state.legal_actions()))
        elif step == "undo" and match.can_undo():
            match.undo()
        elif step == "take_back" and match.can_take_back():
            match.take_back()
        replayed = Match.replay(match.setup, [entry.text for entry in match.log])
        assert replayed.state == match.state


@pytest.mark.parametrize("make", [falconi, fredericus])
def test_the_positions_of_a_match_lead_from_its_start_to_its_state(make):
    match, rng = make(), random.Random(5)
    for _ in range(30):
        if match.state.is_terminal():
            break
        match.play(rng.choice(match.state.legal_actions()))
    states, actions = match.positions()
    assert len(states) == len(actions) + 1 == len(match.log) + 1
    assert states[0].to_json() == match.setup.new_state().to_json()
    assert states[-1].to_json() == match.state.to_json()
    assert [states[i].action_text(action) for i, action in enumerate(actions)] == [e.text for e in match.log]
