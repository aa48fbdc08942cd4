"""The read-only queries of a Falconi position: the rule answers the board asks for (game/falconi/queries.py) and
the state's own queries, which hand out copies so that nothing outside the rules core can change a position."""

from __future__ import annotations

import pytest
from falconi_scenarios import build, play

from game.falconi.actions import Action
from game.falconi.city import place_of
from game.falconi.constants import COUNTRY, FOREST, FUGITIVE, PORT
from game.falconi.queries import bomb_place, catch_place, laying, places_free, step_catches, step_end, turn_place
from game.falconi.state import FalconiState
from game.falconi.tiles import ESCAPE, KIND_BY_NAME


def into_the_escape_slot() -> FalconiState:
    """Country holds a curve at (0,3): one way it turns north to the open road, the other west into the escape
    slot W3, where a police car may not drive (F-3.4)."""
    return build("prosciutto", police=(COUNTRY, FOREST), board={"0,2": "straight r0"}, cars={COUNTRY: "0,3 N"},
                 escapes={"W3": "country"}, status=["active", "active", "off", "out"], turn_seat=COUNTRY,
                 phase="place", drawn="curve", reserves=[[], [], [], []])


def test_f5_5_a_tile_whose_road_runs_only_where_its_car_may_not_go_leads_nowhere():
    state = into_the_escape_slot()
    laid = laying(state, state.parse_action("place curve 0,3 r3"))
    assert laid.leads_nowhere and laid.after is None and not laid.needs_bomb


def test_f5_1_a_tile_with_an_open_road_leads_on_to_the_drive():
    state = into_the_escape_slot()
    laid = laying(state, state.parse_action("place curve 0,3 r0"))
    assert not laid.leads_nowhere and not laid.needs_bomb
    assert laid.after is not None and laid.after.turn_seat == COUNTRY and laid.after.legal_actions()


def test_f5_5_a_tile_leading_don_falconi_only_into_a_block_needs_a_bomb():
    state = build(board={"4,7": "straight r1"}, cars={FUGITIVE: "4,8 S"}, turn_seat=FUGITIVE, phase="place",
                  drawn="straight")
    laid = laying(state, state.parse_action("place straight 4,8 r0"))
    assert laid.needs_bomb and not laid.leads_nowhere and laid.after is not None


def test_laying_leaves_the_position_as_it_was_and_answers_nothing_for_an_illegal_placement():
    state = into_the_escape_slot()
    before = state.to_json()
    laying(state, state.parse_action("place curve 0,3 r3"))
    assert state.to_json() == before
    assert laying(state, Action("place", KIND_BY_NAME["straight"], 0, 0)) == (None, False, False)


def test_the_tile_just_drawn_is_the_one_waiting_to_be_placed_and_none_once_it_lies():
    state = into_the_escape_slot()
    assert state.tile_just_drawn() == KIND_BY_NAME["curve"]
    play(state, "place curve 0,3 r0")
    assert state.tile_just_drawn() is None


def test_f5_4_the_catch_and_the_bomb_that_answers_it_land_at_the_tile_behind_him():
    state = build(board={"4,5": "straight r0", "4,7": "straight r0"}, cars={FUGITIVE: "4,4 S", PORT: "4,6 S"},
                  turn_seat=PORT, phase="place", drawn="straight")
    play(state, "place straight 4,6 r0", "catch S")
    behind = place_of(state.city.cell(4, 5), 2)
    assert catch_place(state, state.catch_edge) == behind and bomb_place(state) == behind
    play(state, "bomb")
    assert state.closed[behind]


@pytest.mark.parametrize(("his_lane", "catches"), [("4,4 N", True), ("4,4 S", False)])
def test_f6_4_a_police_step_catches_only_into_his_cell_in_his_lane(his_lane: str, catches: bool):
    state = build("salami", board={"4,3": "straight r0", "4,4": "straight r0"},
                  cars={PORT: "4,3 N", FUGITIVE: his_lane}, turn_seat=PORT, phase="action", actions_left=3, acted=0,
                  reserves=[["curve", "straight"], [], [], []])
    south = 2
    assert step_end(state, south) == place_of(state.city.cell(4, 4), 0)
    assert step_catches(state, south) == catches
    assert turn_place(state, south) == place_of(state.city.cell(4, 3), south)


def test_f6_3_only_the_escape_tile_just_drawn_goes_down_within_his_draw():
    state = build("salami", cars={FUGITIVE: "4,8 S"}, turn_seat=FUGITIVE, phase="action", actions_left=3,
                  acted=0, reserves=[["curve"], [], [], []], pile_top=("escape:forest",))
    east = state.city.slot_by_name["E0"]
    assert not places_free(state, east)
    play(state, "draw")
    assert places_free(state, east) and ESCAPE + 2 in state.reserve(FUGITIVE)
    play(state, "place curve 4,8 r1")
    assert not places_free(state, east)


def test_only_don_falconis_mode_ii_hand_is_face_down():
    assert FalconiState.new_game("salami", 1).hides_hand(FUGITIVE)
    assert not FalconiState.new_game("salami", 1).hides_hand(PORT)
    assert not FalconiState.new_game("funghi", 1).hides_hand(FUGITIVE)


def test_the_queries_hand_out_copies_that_cannot_change_the_position() -> None:
    state = FalconiState.new_game("funghi", 2)
    before = state.to_json()
    for copy in (state.board, state.closed, state.escapes, state.cars, state.status, state.reserve(PORT)):
        with pytest.raises(TypeError):
            copy[0] = 1  # type: ignore[index]  # the write this test expects to fail
    with pytest.raises(AttributeError):
        state.cars = (0, 0, 0, 0)  # type: ignore[misc]  # the write this test expects to fail
    with pytest.raises(AttributeError):
        state.pile = []  # type: ignore[attr-defined]  # the write this test expects to fail
    assert state.to_json() == before
