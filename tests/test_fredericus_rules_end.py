"""The Fredericus rulings from R-6 on (flipping a row, the end of the game, the shorter game) and ``apply``'s
contract, one test per ruling, on the hand-made positions of ``test_fredericus_rules.py``."""

from __future__ import annotations

import json

import pytest
from fredericus_builder import build_position as build
from test_fredericus_rules import G, U, act, finish_betting, own_hand, spend_actions, texts, token_places

from game.core.errors import IllegalActionError, StateFormatError
from game.fredericus import FredericusState
from game.fredericus.actions import CARD, END_TURN, STAY_TOKENS, Action
from game.fredericus.cards import FREDERICUS, SEAL, SKY, TREE
from game.services.match import Match
from game.services.tutorials import TUTORIALS


# --- R-6 flipping a row ---------------------------------------------------------------------------
def test_r6_1_flip_needs_own_unhooded_raptor_and_two_seals():
    assert "flip 0" in texts(build(4, {7: "I", 0: "gT", 1: "I"}))
    assert "flip 0" not in texts(build(4, {7: "I", 0: "gT", 1: "S"}))
    assert "flip 0" not in texts(build(4, {7: "I", 0: "gT", 1: "I"}, hooded=["0f"]))
    assert "flip 2" not in texts(build(4, {1: "I", 3: "I"}))  # Green's post, no Red raptor


def test_r6_1_flip_reverses_the_row():
    state = build(4, {7: "I", 0: "gT", 1: "I"})
    before = state.row(0)
    act(state, "flip 0")
    assert state.row(0) == before[::-1]


def test_r6_2_flip_draws_then_discards_the_chosen_seal_and_gives_two_actions():
    state = build(4, {7: "I", 0: "gT", 1: "SI"}, deck="u", actions_left=1)
    act(state, "flip 0")
    assert own_hand(state, 0)[U] == 1 and state.actions_left == 3
    assert texts(state) == {"seal 7", "seal 1"}
    act(state, "seal 1")
    assert state.row(1)[-1] == SKY and state.row(7)[-1] == SEAL and state.seals_discarded == 1


def test_r6_2_extra_actions_after_flip_are_optional():
    """R-6.2 (revised 2026-11-24): the flip's 2 extra actions "may" be taken; once the turn's own 4 actions are
    spent, the turn may end with both extras unused, or with one, or after using both."""
    state = build(4, {7: "I", 0: "gT", 1: "II"}, deck="u")
    act(state, "flip 0", "seal 1")
    assert state.actions_left == 6 and "end" not in texts(state)
    act(state, "card 3 4", "card 4 3", "card 3 4", "card 4 3")  # the own four actions
    assert state.actions_left == 2 and "end" in texts(state)
    assert {"card 3 4", "raptor 0f 1"} <= texts(state)  # the extras stay on offer until the turn ends
    later = act(state.clone(), "card 3 4")
    assert later.actions_left == 1 and "end" in texts(later)
    act(later, "card 4 3")
    assert texts(later) == {"end"}
    act(state, "end")  # both extras left unused
    assert state.phase_name == "token" and state.current_seat == 0
    act(state, "token hand 0")
    assert state.current_seat == 1 and state.actions_left == 4 and "end" not in texts(state)  # nothing carries over
    assert state.extra_actions_left == 0


def test_r6_2_a_flip_after_the_last_action_leaves_the_turn_free_to_end():
    state = build(4, {7: "I", 0: "gT", 1: "SI"}, actions_left=0)
    act(state, "flip 0", "seal 1")
    assert state.actions_left == 2 and "end" in texts(state) and "card 3 4" in texts(state)


def test_r6_2_own_actions_still_required_after_flip():
    """R-3.1 still holds after a flip: with 1 own action left the player has 1 own and 2 extra actions, and may
    end the turn only once the own one is spent (the extras are the last to go)."""
    state = build(4, {7: "I", 0: "gT", 1: "SI"}, deck="u", actions_left=1)
    act(state, "flip 0", "seal 1")
    assert state.actions_left == 3 and "end" not in texts(state)
    with pytest.raises(IllegalActionError):
        act(state, "end")
    act(state, "card 3 4")
    assert state.actions_left == 2 and "end" in texts(state)
    assert (state.own_actions_left, state.extra_actions_left) == (0, 2)
    first_round = build(4, {7: "I", 0: "gT", 1: "II"}, round_number=1, actions_left=2)  # the start player's 2
    act(first_round, "flip 0", "seal 1", "card 3 4")
    assert first_round.actions_left == 3 and "end" not in texts(first_round)
    act(first_round, "card 4 3")
    assert "end" in texts(first_round)


def test_r6_2_unused_extra_actions_survive_the_json_round_trip():
    """A position whose only actions left are a flip's optional extras saves and loads as it was, still free to
    end; a save from before the revision (the same fields) loads too, and no extras appear without a flip."""
    state = build(4, {7: "I", 0: "gT", 1: "II"}, deck="u", actions_left=1)
    act(state, "flip 0", "seal 1", "card 3 4")
    data = json.loads(json.dumps(state.to_json()))
    again = FredericusState.from_json(data)
    assert again == state and again.to_json() == data
    assert "end" in texts(again) and "card 3 4" in texts(again) and again.extra_actions_left == 2
    assert again.observation(1)["extra_actions_left"] == 2
    older = dict(data, flipped=False)  # the same counts without the flip: two own actions, none optional
    assert "end" not in texts(FredericusState.from_json(older))
    with pytest.raises(StateFormatError, match="no row was flipped"):
        FredericusState.from_json(dict(data, flipped=False, actions_left=6))


def test_r6_2_a_save_played_when_the_extras_were_forced_still_replays():
    """Saves are action texts replayed from the seed: a game recorded before the revision (the tutorial's flip,
    then all four actions used, as the old rules forced) replays to the same position under the new rules."""
    recorded = [
        "bet 2", "bet 2", "bet 6", "bet 1", "card 2 3", "card 5 6", "capture 0g", "end", "stay", "raptor 1f 0",
        "raptor 1g 6", "card 1 0", "end", "token 1 4", "hood 0 1f", "raptor 0f 7", "flip 7", "seal 0",
        "card 3 4", "card 4 3", "raptor 0g 5", "raptor 0g 4", "end", "stay",
    ]  # fmt: skip
    match = Match.replay(TUTORIALS["fredericus"].setup, recorded)
    state = match.state
    assert [entry.text for entry in match.log] == recorded
    assert state.current_seat == 1 and state.actions_left == 4
    assert state.to_json()["rows"] == ["STuSbdS", "STTSST", "pTISTg", "bTcSSSTT", "SSSThS", "huSgTS", "mSTTTTII",
                                       "TcSTmdT"]  # as the old rules left it


def row_of(state: FredericusState, row: int, cards: str) -> FredericusState:
    """``state`` with row ``row`` holding only ``cards`` (letters, first card first); the cards it had go to the
    start of the row opposite, so every other row keeps its end."""
    data = state.to_json()
    rest = data["rows"][row]
    for letter in cards:
        rest = rest.replace(letter, "", 1) if letter in rest else rest
    opposite = (row + 4) % 8
    data["rows"][opposite] = rest + data["rows"][opposite]
    data["rows"][row] = cards
    return FredericusState.from_json(data)


def test_r_6_3_an_empty_row_cannot_be_flipped():
    """R-6.3 (new 2026-11-27): the flip gathers the row's cards and lays them down reversed; an empty row has
    none, so two seals beside its post offer no flip, and no objective or extra actions with it."""
    state = row_of(build(4, {7: "I", 1: "I"}), 0, "")
    assert state.row(0) == () and state.row(7)[-1] == state.row(1)[-1] == SEAL
    assert "flip 0" not in texts(state)
    with pytest.raises(IllegalActionError):
        act(state, "flip 0")


def test_r_6_3_a_row_of_one_card_may_be_flipped_with_the_rewards_of_r_6_2():
    state = row_of(build(4, {7: "I", 0: "g", 1: "SI"}, deck="u", actions_left=1), 0, "g")
    assert state.row(0) == (G,) and "flip 0" in texts(state)
    act(state, "flip 0", "seal 1")
    assert state.row(0) == (G,)  # nothing moves
    assert own_hand(state, 0)[U] == 1 and state.actions_left == 3 and state.extra_actions_left == 2
    assert state.row(1)[-1] == SKY and state.seals_discarded == 1


def test_r3_3_only_one_flip_per_turn():
    state = build(4, {7: "I", 0: "gT", 1: "II"})
    act(state, "flip 0", "seal 1")
    assert state.row(1)[-1] == SEAL and "flip 0" not in texts(state)


# --- R-7 the end of the game ----------------------------------------------------------------------
def play_to_end(state: FredericusState) -> FredericusState:
    """Finish the game with the first legal action each time (deterministic, quick)."""
    while not state.is_terminal():
        state.apply(END_TURN if END_TURN in state.legal_actions() else state.legal_actions()[0])
    return state


def test_r7_2_an_eighth_creature_triggers_the_end_and_the_round_is_completed():
    state = build(4, {7: "S", 0: "g", 1: "S"}, creatures={1: "uuubbbc"}, raptors={"1f": 0}, turn=1)
    act(state, "capture 1f")
    assert state.trigger == "eighth_creature" and not state.is_terminal()
    turns = state.turn_number
    play_to_end(state)
    assert state.turn_number == turns + 2  # Green and Yellow still play; Red does not start again
    assert state.outcome.termination == "eighth_creature"


def test_r7_2_no_objective_is_drawn_once_the_end_is_triggered():
    state = build(
        4, {7: "S", 0: "g", 1: "S"}, creatures={0: "uuubbbc"}, tokens={1: [0], 2: [0], 3: [0]}, deck="hub"
    )
    act(state, "capture 0f")  # the eighth creature: tokens come back, but nobody draws
    assert token_places(state)[1:] == [9, 9, 9] and sum(map(state.objective_count, state.seats)) == 0


def test_r7_2_drawing_fredericus_triggers_the_end_and_the_drawer_keeps_it():
    state = build(4, {7: "I", 0: "gT", 1: "I"}, deck="F")
    act(state, "flip 0")
    assert state.trigger == "fredericus_drawn" and state.fredericus_holder == 0
    turns = state.turn_number
    play_to_end(state)
    assert state.outcome.termination == "fredericus_drawn" and state.turn_number == turns + 3
    assert state.scores()[0] == 2  # Fredericus alone


def test_r7_2_fredericus_drawn_during_a_payout_stops_the_later_draws():
    tokens = {0: [4], 1: [2], 2: [1], 3: [4]}
    state = build(4, {3: "S", 4: "g", 5: "S"}, raptors={"2f": 4}, tokens=tokens, turn=2, deck="F")
    act(state, "capture 2f")  # Yellow draws first (clockwise from Green) and finds Fredericus
    assert state.fredericus_holder == 3 and state.trigger == "fredericus_drawn"
    assert token_places(state) == [9, 2, 1, 9] and state.objective_count(0) == 0


def test_r7_2_a_start_of_turn_draw_of_fredericus_still_lets_that_player_play():
    state = build(3, turn=1, tokens={2: ["centre"]}, deck="F", actions_left=0)
    act(state, "end", "token hand 0")
    assert state.current_seat == 2 and state.fredericus_holder == 2 and state.phase_name == "play"
    spend_actions(state)
    act(state, "end")
    assert state.is_terminal() and state.scores()[2] == 2


def test_r7_2_a_flip_after_the_trigger_draws_nothing_but_still_pays():
    state = build(4, {7: "I", 0: "gT", 1: "I"}, creatures={1: "uuubbbcc"}, trigger="eighth_creature", actions_left=0)
    act(state, "flip 0")
    assert state.objective_count(0) == 0 and state.actions_left == 2 and state.phase_name == "seal"


def test_r7_2_keeper_turning_up_fredericus_ends_the_game_and_nobody_scores_it():
    state = build(4, turn=3, deck="F", actions_left=0)
    act(state, "end", "token hand 0")
    assert state.is_terminal() and state.outcome.termination == "fredericus_discarded"
    assert state.fredericus_holder == -1 and state.discarded_objectives()[-1] == FREDERICUS
    assert state.scores() == [0, 0, 0, 0]
    assert state.legal_actions() == () and state.current_seat == -1


def test_r7_2_the_last_turn_skips_the_pointless_token_step():
    state = build(4, turn=3, actions_left=0, creatures={0: "ggguuubb"}, trigger="eighth_creature")
    act(state, "end")
    assert state.is_terminal()


def test_r7_3_the_deck_never_runs_dry_before_the_end():
    for seed in range(20):
        state = finish_betting(FredericusState.new_game(2, seed))
        while not state.is_terminal():
            assert state.hidden_supply() or state.trigger is not None  # Fredericus is always the last card out
            state.apply(state.legal_actions()[seed % len(state.legal_actions())])


# --- R-9 the shorter game -------------------------------------------------------------------------
def test_r9_tidy_moves_three_trees_to_the_start_once_per_turn():
    state = build(4, {0: "gSTTT", 4: "SSS"}, short_game=True)
    assert {a for a in texts(state) if a.startswith("tidy")} == {"tidy 0", "tidy 4"}
    before = state.row(0)
    act(state, "tidy 0")
    assert state.row(0) == (TREE,) * 3 + before[:-3] and state.actions_left == 4
    assert not {"tidy 0", "tidy 4"} & texts(state)


def test_r9_tidy_needs_the_option_and_own_raptor():
    assert "tidy 0" not in texts(build(4, {0: "gTTT"}))
    assert "tidy 1" not in texts(build(4, {1: "gTTT"}, short_game=True))
    assert "tidy 0" not in texts(build(4, {0: "gTTS"}, short_game=True))


# --- apply's contract -------------------------------------------------------------------------------
def test_illegal_action_raises_a_readable_error_and_leaves_the_state_untouched():
    state = build(4, {2: "g"})
    before = state.to_json()
    for action in (END_TURN, Action(CARD, 2, 4), STAY_TOKENS, "card 2 3", None, (1, 2), Action("nonsense")):
        with pytest.raises(IllegalActionError) as error:
            state.apply(action)
        assert "not legal now" in str(error.value) and "Red falconer" in str(error.value)
    assert state.to_json() == before


def test_describe_tells_the_log_what_happens():
    state = build(4, {7: "S", 0: "g", 1: "S", 3: "T", 5: "T"}, raptors={"1f": 4})
    said = {state.action_text(a): state.describe(a) for a in state.legal_actions()}
    assert said["card 0 1"] == "Red moves the griffin from row 0 to row 1"
    assert said["raptor 0g 5"] == "Red moves the goshawk from post 4 to post 5"
    assert said["hood 4 1f"] == "Red hoods Blue's falcon at post 4"
    assert said["capture 0f"] == "Red's falcon captures the griffin at tower 0"
