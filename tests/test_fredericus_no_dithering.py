"""Issue 38, point 2: neither a Fredericus AI seat nor the hint (which asks the ``normal`` AI) takes back the
falconer's own move of this turn or of its last one, unless the value guess names something the take-back wins.

Positions come from ``build_position`` (see tests/test_fredericus_rules.py): with 4 players and start 0, seat
k's falcon is on post k and its goshawk on post k+4, and every row not named ends in a sky card.
"""

from __future__ import annotations

import json
import random

import pytest
from fredericus_builder import build_position as build

from devtools import dithering
from devtools.fredericus.dithering import ReversalWatch
from game.ai.ismcts import ISMCTSBot
from game.ai.levels import NORMAL
from game.core.errors import StateFormatError
from game.core.view import SeatView
from game.fredericus import FredericusState, heuristics


def act(state: FredericusState, *texts: str) -> FredericusState:
    for text in texts:
        state.apply(state.parse_action(text))
    return state


def a_sky_card_moved_from_row_6_to_row_5() -> FredericusState:
    """The hint of the issue: Red moved a sky card from row 6 onto row 5, three actions still to spend."""
    return act(build(4, {5: "TS", 6: "gS"}, objectives={0: "u"}, round_number=3), "card 6 5")


def normal_choice(state: FredericusState, seed: int) -> str:
    """What ``normal`` plays, as the hint's worker asks it: from the state's JSON, with a clock that never moves
    (only the iteration budget stops the search, so the choice is the same on any machine)."""
    sent = FredericusState.from_json(json.loads(json.dumps(state.to_json())))
    bot = ISMCTSBot("normal", NORMAL, clock=lambda: 0.0)
    return sent.action_text(bot.choose(SeatView(sent), random.Random(seed)))


@pytest.mark.parametrize("seed", [14, 37])  # the seeds with which today's search took the card straight back
def test_the_normal_ai_and_the_hint_do_not_move_a_card_straight_back(seed):
    assert normal_choice(a_sky_card_moved_from_row_6_to_row_5(), seed) != "card 5 6"


def test_taking_back_a_move_for_nothing_is_pointless_moving_on_is_not():
    state = a_sky_card_moved_from_row_6_to_row_5()
    assert heuristics.pointless(state, state.parse_action("card 5 6"))
    assert not heuristics.pointless(state, state.parse_action("card 5 4"))


def test_a_raptor_moved_there_and_back_in_one_turn_is_a_take_back_too():
    state = act(build(4), "raptor 0g 5")
    assert heuristics.pointless(state, state.parse_action("raptor 0g 4"))
    assert not heuristics.pointless(state, state.parse_action("raptor 0g 6"))


def test_a_take_back_that_wins_a_capture_back_is_still_played():
    """Red's falcon on post 0 hunts high (R-4.1); moving the sky card ending row 1 away spoils it, and moving it
    back is worth the capture the value guess names."""
    state = act(build(4, {0: "g", 1: "TTS", 2: "T"}), "card 1 2")
    assert "capture 0f" not in {state.action_text(action) for action in state.legal_actions()}
    assert not heuristics.pointless(state, state.parse_action("card 2 1"))


def test_the_falconers_move_of_the_last_round_counts_and_the_one_before_it_does_not():
    state = act(build(4), "card 6 5", "card 3 4", "card 4 3", "card 3 4", "end", "token hand 2")
    for _ in range(3):  # Blue, Green and Yellow spend their turns far from rows 5 and 6
        act(state, "card 1 2", "card 2 1", "card 1 2", "card 2 1", "end", "token hand 2")
    assert state.current_seat == 0
    assert heuristics.pointless(state, state.parse_action("card 5 6"))  # its move of the last round
    act(state, "card 3 2", "card 2 3", "card 3 2", "card 2 3", "end", "stay")
    for _ in range(3):
        act(state, "card 1 2", "card 2 1", "card 1 2", "card 2 1", "end", "stay")
    assert not heuristics.pointless(state, state.parse_action("card 5 6"))  # two turns ago: a move like any


def test_a_card_laid_over_the_moved_one_is_not_taken_for_it():
    state = act(build(4), "card 6 5", "card 4 5")  # the sky card from row 6 now lies under row 4's
    assert not heuristics.pointless(state, state.parse_action("card 5 6"))


def test_the_falconers_last_moves_survive_the_json_round_trip():
    state = act(build(4), "card 6 5", "raptor 0g 5")
    data = json.loads(json.dumps(state.to_json()))
    assert data["recent_moves"][0] == [[], ["card 5 6 12S", "raptor 0g 4"]]
    again = FredericusState.from_json(data)
    assert again == state and again.to_json() == data
    assert heuristics.pointless(again, again.parse_action("card 5 6"))


@pytest.mark.parametrize("moves", [["card 5"], [["flip 3"], []], "card 5 6 12S", [["card 5 6 \u00b2S"], []],
                                   [["card 5 6 " + "9" * 5000 + "S"], []]])
def test_last_moves_that_cannot_be_read_are_refused_saying_why(moves):
    data = build(4).to_json()
    data["recent_moves"][0] = moves
    with pytest.raises(StateFormatError, match="recent_moves"):
        FredericusState.from_json(data)


def test_the_dithering_count_finds_take_backs_of_the_same_turn_and_of_the_last_round():
    """``python -m devtools.dithering fredericus`` counts with this watch: a card there and back in one turn
    (once by Red, twice by each of the others), a raptor there in one turn and back in the next, and not a card
    that another falconer moved since."""
    state = build(4)
    watch = ReversalWatch(state)
    moves = ["card 6 5", "card 5 6", "raptor 0g 5", "card 2 3", "end", "token hand 2"]
    moves += ["card 3 4", "card 4 3", "card 1 2", "card 2 1", "end", "token hand 2"] * 3  # Blue, Green, Yellow
    moves += ["raptor 0g 4", "card 3 2"]  # Red's goshawk back; Red's card on row 3 was Yellow's to move last
    for text in moves:
        before = state.clone()
        action = state.parse_action(text)
        state.apply(action)
        watch.see(before, action, state)
    assert watch.counts() == {"card moves": 16, "raptor moves": 2, "card same turn": 7, "card last round": 0,
                              "raptor same turn": 0, "raptor last round": 1}
    assert watch.examples()[0] == "turn 5: card 6 5 6 (same turn)"  # Red, the first turn of round 2


def test_the_generic_dithering_runner_counts_fredericus_as_its_own_script_did(capsys):
    """The take-backs of two easy 2-player games, seeds 1 and 2, as the former ``devtools.fredericus.dithering``
    script counted them with the same seeds, now through ``python -m devtools.dithering fredericus``."""
    assert dithering.main(["fredericus", "--players", "2", "--games", "2", "--seed", "1", "--level", "easy"]) == 0
    total = capsys.readouterr().out.splitlines()[-1].split()
    assert total == ["total", "2", "games", "40", "123", "30", "14", "6", "4", "2"]
