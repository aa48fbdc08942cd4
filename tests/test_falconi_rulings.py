"""One test per ruling with a checkable consequence (../shared/rules/falconi.md), each on a small scenario.

Places are written ``x,y E``: the car is in cell (x,y), having come in through its east edge.
"""

from __future__ import annotations

from typing import Any

import pytest
from falconi_scenarios import build, pile_order, play, texts

from game.core.errors import GameError, IllegalActionError
from game.falconi.city import cell_of, place_of
from game.falconi.constants import COUNTRY, FOREST, FUGITIVE, OUT, POLICE, PORT
from game.falconi.state import FalconiState, default_police
from game.falconi.tiles import EXITS, KIND_BY_NAME, OVERPASS, TILE_MIX, U_TURN, tile_code

MODE1_PLACE: dict[str, Any] = {"phase": "place", "drawn": "straight"}


def police_turn_ends(variant: str = "margherita", **fields) -> FalconiState:
    """Port police at its station about to finish its drive: applying ``drive 4,1 N`` starts the fugitive's turn."""
    board = fields.pop("board", {})
    board["4,0"] = "straight r0"
    return build(variant, board=board, cars={PORT: "4,0 N", **fields.pop("cars", {})}, turn_seat=PORT,
                 phase="drive", drive_from="4,0 N", **fields)


# --- F-2 tiles ------------------------------------------------------------------------------------------
def test_f2_1_the_default_mix_has_81_road_tiles():
    assert sum(TILE_MIX.values()) == 81


def test_f2_1_u_turn_sends_the_car_back_out_through_its_entry_edge():
    assert EXITS[tile_code(U_TURN, 0)][2] == (2,)  # in from S, out through S in the other lane


def test_f2_1_overpass_keeps_its_two_roads_apart():
    assert EXITS[OVERPASS * 4][0] == (2,)
    assert EXITS[OVERPASS * 4][1] == (3,)


# --- F-3 roads, lanes and moving ------------------------------------------------------------------------------
def catch_scenario(fugitive_place: str, **fields) -> FalconiState:
    """Port came north to (4,6); Don Falconi waits at (4,4), having come north, or south from (4,3)."""
    board = {"4,5": "straight r0", "4,7": "straight r0"}
    if fugitive_place.endswith("N"):
        board["4,3"] = "straight r0"
    return build(board=board, cars={FUGITIVE: fugitive_place, PORT: "4,6 S"},
                 turn_seat=PORT, **MODE1_PLACE, **fields)


def test_f3_6_police_arriving_in_the_same_lane_catches_from_behind():
    state = play(catch_scenario("4,4 S"), "place straight 4,6 r0")
    assert texts(state) == ["catch S"]


def test_f3_6_police_in_opposite_lane_does_not_catch():
    state = play(catch_scenario("4,4 N"), "place straight 4,6 r0")
    assert texts(state) == ["drive 4,4 S"]
    play(state, "drive 4,4 S")
    assert state.outcome is None


def test_f1_4_f3_2_a_drive_goes_through_a_tunnel_at_no_cost():
    # Country police leaves (0,1) westward through W1 and comes back in at (8,7) through its east edge.
    state = build(police=(COUNTRY, FOREST), board={"0,0": "curve r1"}, cars={COUNTRY: "0,1 N"}, turn_seat=COUNTRY,
                  phase="place", drawn="curve")
    assert "place curve 0,1 r3" in texts(state)  # W–N: in from the north, out to the west
    play(state, "place curve 0,1 r3")
    assert texts(state) == ["drive 8,7 E"]


def test_f3_4_police_cannot_drive_into_an_escape_slot():
    state = build("prosciutto", police=(COUNTRY, FOREST), board={"0,2": "straight r0"}, cars={COUNTRY: "0,3 N"},
                  escapes={"W3": "country"},
                  status=["active", "active", "off", "out"], turn_seat=COUNTRY, phase="place", drawn="curve",
                  reserves=[[], [], [], []])
    play(state, "place curve 0,3 r3")  # W–N: its road leads out to the escape slot W3
    assert state.status[COUNTRY] == OUT  # a dead end, no open end: blocked (F-5.5)
    assert state.outcome.termination == "police_out"


def test_f3_5_the_fugitive_reaching_an_escape_slot_escapes():
    state = build("prosciutto", board={"0,2": "straight r0"}, cars={FUGITIVE: "0,3 N"}, escapes={"W3": "country"},
                  turn_seat=FUGITIVE,
                  phase="place", drawn="curve", reserves=[[], [], [], []])
    play(state, "place curve 0,3 r3")
    assert "drive W3" in texts(state)
    play(state, "drive W3")
    assert state.outcome.termination == "escape" and state.outcome.winners == {FUGITIVE}


# --- F-4 set-up -------------------------------------------------------------------------------------------------
def test_f4_1_turn_order_is_fugitive_then_country_port_forest():
    state = FalconiState.new_game("margherita", 5)
    order = []
    while len(order) < 8 and not state.is_terminal():
        if not order or order[-1] != state.turn_seat:
            order.append(state.turn_seat)
        state.apply(state.legal_actions()[0])
    assert order[:4] == [FUGITIVE, COUNTRY, PORT, FOREST]


def test_f4_1_police_out_of_the_game_are_skipped():
    state = build(police=POLICE, cars={PORT: "4,6 S"}, board={"4,7": "straight r0"},
                  status=["active", "active", "out", "active"], turn_seat=COUNTRY, **MODE1_PLACE)
    play(state, state.action_text(state.legal_actions()[0]))
    play(state, state.action_text(state.legal_actions()[0]))
    assert state.turn_seat == FOREST


def test_f4_2_a_single_police_car_starts_at_the_port_station():
    assert default_police(1) == (PORT,)
    state = FalconiState.new_game("margherita", 1, default_police(1))
    assert state.seats == (FUGITIVE, PORT)
    assert state.action_text(state.legal_actions()[0]).startswith("place")
    assert state.cars[PORT] == place_of(state.city.cell(4, 0), 0)


def test_f4_4_cars_start_at_the_open_ends_of_their_buildings():
    state = FalconiState.new_game("margherita", 1)
    city = state.city
    assert state.cars[FUGITIVE] == place_of(city.cell(4, 8), 2)  # (4,8) entered from S
    assert state.cars[COUNTRY] == place_of(city.cell(0, 4), 3)
    assert state.cars[PORT] == place_of(city.cell(4, 0), 0)
    assert state.cars[FOREST] == place_of(city.cell(8, 4), 1)


def test_f4_3_the_same_seed_deals_the_same_pile_and_another_seed_another():
    assert pile_order(FalconiState.new_game("funghi", 3)) == pile_order(FalconiState.new_game("funghi", 3))
    assert pile_order(FalconiState.new_game("funghi", 3)) != pile_order(FalconiState.new_game("funghi", 4))


# --- F-5 Mode I ---------------------------------------------------------------------------------------------------
def test_f5_1_a_tile_is_placed_only_in_rotations_with_a_road_on_the_entry_edge():
    state = build(cars={FUGITIVE: "4,8 S"}, turn_seat=FUGITIVE, phase="place", drawn="curve")
    assert texts(state) == ["place curve 4,8 r1", "place curve 4,8 r2"]  # E–S and S–W


def test_f5_1_drive_follows_every_joined_tile_and_offers_each_open_end():
    board = {"4,7": "crossroads r0"}
    state = build(board=board, cars={FUGITIVE: "4,8 S"}, turn_seat=FUGITIVE, **MODE1_PLACE)
    play(state, "place straight 4,8 r0")
    assert sorted(texts(state)) == ["drive 3,7 E", "drive 4,6 S", "drive 5,7 W"]


def test_f5_1_funghi_reserve_tile_may_be_played_and_the_drawn_one_kept():
    reserves = [["curve", "u-turn"], ["straight", "straight"], ["curve", "curve"], ["t-junction", "t-junction"]]
    state = build("funghi", police=POLICE, cars={FUGITIVE: "4,8 S"}, turn_seat=FUGITIVE, phase="place",
                  drawn="straight", reserves=reserves)
    assert "place u-turn 4,8 r0" in texts(state)
    play(state, "place u-turn 4,8 r0")
    assert state.reserve(FUGITIVE) == (KIND_BY_NAME["straight"], KIND_BY_NAME["curve"])


# Both cars wait at the same empty cell (4,6): Don Falconi came in from the west, Port from the south.
SHARED_OPEN_END = {"board": {"3,6": "straight r1", "4,7": "straight r0"},
                   "cars": {FUGITIVE: "4,6 W", PORT: "4,6 S"}, "turn_seat": FUGITIVE, "phase": "place"}


def test_f5_3_a_filled_open_end_with_a_road_makes_the_car_drive_on_first():
    state = build(drawn="curve", **SHARED_OPEN_END)
    play(state, "place curve 4,6 r2", "drive 4,8 N")  # W–S: he drives on south, past where Port came from
    assert state.turn_seat == PORT and state.pre_drive
    assert texts(state) == ["drive 2,6 E"]  # Port's south edge has a road: it drives on, west
    play(state, "drive 2,6 E")
    assert texts(state) and all(t.startswith("place") and " 2,6 " in t for t in texts(state))


def test_f5_3_a_filled_open_end_without_a_road_blocks_the_police_car():
    state = build(drawn="straight", **SHARED_OPEN_END)
    play(state, "place straight 4,6 r1", "drive 5,6 W")  # W–E: nothing on the police car's south edge
    assert state.outcome.termination == "police_out"


def test_f5_4_fugitive_may_answer_a_catch_with_a_chili_bomb_out_of_turn():
    state = play(catch_scenario("4,4 S"), "place straight 4,6 r0", "catch S")
    assert state.current_seat == FUGITIVE and state.turn_seat == PORT
    assert texts(state) == ["bomb", "pass"]


def test_f5_4_declining_the_bomb_lets_the_catch_happen():
    state = play(catch_scenario("4,4 S"), "place straight 4,6 r0", "catch S", "pass")
    assert state.outcome.termination == "catch" and state.outcome.winners == {PORT}


def test_f5_4_a_bomb_closes_the_road_behind_him_and_a_police_car_with_no_way_on_is_out():
    state = play(catch_scenario("4,4 S"), "place straight 4,6 r0", "catch S", "bomb")
    assert state.bombs == 1
    assert state.closed[place_of(state.city.cell(4, 5), 2)] and state.closed[place_of(state.city.cell(4, 6), 0)]
    assert state.outcome.termination == "police_out"


def test_f5_4_catch_goes_on_by_another_route_and_he_may_bomb_again():
    board = {"4,5": "crossroads r0", "5,6": "curve r3", "5,5": "curve r2", "4,7": "straight r0"}
    state = build(board=board, cars={FUGITIVE: "4,4 S", PORT: "4,6 S"}, turn_seat=PORT, phase="place",
                  drawn="crossroads")
    play(state, "place crossroads 4,6 r0")
    assert [t for t in texts(state) if t.startswith("catch")] == ["catch E", "catch S"]
    play(state, "catch S", "bomb")
    assert state.current_seat == PORT
    assert [t for t in texts(state) if t.startswith("catch")] == ["catch E"]
    play(state, "catch E", "bomb")
    assert state.bombs == 0 and not any(t.startswith("catch") for t in texts(state))


def test_f5_4_without_bombs_the_catch_is_immediate():
    state = play(catch_scenario("4,4 S", bombs=0), "place straight 4,6 r0", "catch S")
    assert state.outcome.termination == "catch"


def test_f5_5_blocked_fugitive_bombs_the_block_into_a_crater_and_drives_on():
    state = build(board={"4,7": "straight r1"}, cars={FUGITIVE: "4,8 S"}, turn_seat=FUGITIVE, **MODE1_PLACE)
    play(state, "place straight 4,8 r0")
    assert texts(state) == ["blast 4,7 S", "pass"]
    play(state, "blast 4,7 S")
    assert state.board[state.city.cell(4, 7)] == 24 and state.bombs == 1
    assert sorted(texts(state)) == ["drive 3,7 E", "drive 4,6 S", "drive 5,7 W"]


def test_f5_5_blocked_fugitive_without_a_bomb_loses():
    state = build(board={"4,7": "straight r1"}, cars={FUGITIVE: "4,8 S"}, turn_seat=FUGITIVE, bombs=0,
                  **MODE1_PLACE)
    play(state, "place straight 4,8 r0")
    assert state.outcome.termination == "fugitive_blocked" and state.outcome.winners == {PORT}


def test_f5_5_a_border_dead_end_cannot_be_bombed():
    state = build(board={"1,8": "straight r1"}, cars={FUGITIVE: "0,8 E"}, turn_seat=FUGITIVE, phase="place",
                  drawn="curve")
    play(state, "place curve 0,8 r1")  # E–S: the road runs into the plain border slot S0
    assert state.outcome.termination == "fugitive_blocked"


def test_f5_5_a_bombed_edge_is_simply_reopened():
    # The fugitive drives back south into a bombed road: a U-turn at (4,4) turns him round.
    state = build(board={"4,5": "straight r0", "4,6": "straight r0"}, closed=["4,5 S", "4,6 N"],
                  cars={FUGITIVE: "4,4 S"}, turn_seat=FUGITIVE, phase="place", drawn="u-turn")
    play(state, "place u-turn 4,4 r0")  # the loop's road end at S: back out south in the other lane
    assert texts(state) == ["blast 4,6 N", "pass"]
    play(state, "blast 4,6 N")
    assert not state.closed[state.city.cell(4, 6) * 4]
    assert state.board[state.city.cell(4, 6)] != 24  # the tile stays
    assert texts(state) == ["drive 4,7 N"]


def test_f5_6_a_drawn_escape_tile_goes_on_a_free_slot_of_its_colour_then_the_player_draws_again():
    state = police_turn_ends("prosciutto", pile_top=("escape:port", "curve"), reserves=[[], [], [], []])
    play(state, "drive 4,1 N")
    assert state.turn_seat == FUGITIVE
    assert texts(state) == [f"escape N{i}" for i in (0, 1, 2, 3, 5, 6, 7, 8)]  # never the station N4
    play(state, "escape N6")
    assert state.escapes[state.city.slot_by_name["N6"]] == 1
    assert state.tile_just_drawn() == KIND_BY_NAME["curve"]
    assert state.action_text(state.legal_actions()[0]).startswith("place")


def test_f5_7_variant_set_ups():
    assert FalconiState.new_game("margherita", 1).bombs == 2
    funghi = FalconiState.new_game("funghi", 1)
    assert all(len(funghi.reserve(seat)) == 2 for seat in range(4))
    assert sum(1 for item in pile_order(FalconiState.new_game("prosciutto", 1)) if item >= 6) == 3
    assert sum(1 for item in pile_order(funghi) if item >= 6) == 0


def test_f7_2_mode1_the_tiles_running_out_lets_the_fugitive_win():
    state = police_turn_ends(pile_size=0)
    play(state, "drive 4,1 N")
    assert state.outcome.termination == "tiles_out" and state.outcome.winners == {FUGITIVE}


# --- F-6 Mode II ----------------------------------------------------------------------------------------------
def action_turn(variant: str = "salami", seat: int = FUGITIVE, **fields) -> FalconiState:
    fields.setdefault("reserves", [["curve", "straight"], [], ["t-junction", "t-junction"], []])
    fields.setdefault("actions_left", 3)
    fields.setdefault("acted", 3 - fields["actions_left"])
    return build(variant, turn_seat=seat, phase="action", **fields)


def test_f6_1_draw_only_while_the_reserve_holds_fewer_than_two_tiles():
    assert "draw" not in texts(action_turn())
    assert "draw" in texts(action_turn(reserves=[["curve"], [], ["t-junction", "t-junction"], []]))


def test_f6_1_a_car_at_its_building_places_only_in_front_of_it():
    cells = {t.split()[2] for t in texts(action_turn()) if t.startswith("place")}
    assert cells == {"4,8"}


def test_f6_1_later_tiles_go_in_any_empty_cell_beside_the_car_in_any_rotation():
    state = action_turn(board={"4,8": "straight r0", "3,8": "straight r1"})
    placements = [t for t in texts(state) if t.startswith("place")]
    assert {t.split()[2] for t in placements} == {"5,8", "4,7"}
    assert "place curve 4,7 r0" in placements and "place curve 4,7 r3" in placements


def test_f6_1_drive_moves_one_tile_onto_a_tile_with_a_road_on_the_facing_edge():
    state = action_turn(board={"4,8": "straight r0", "4,7": "straight r0", "4,6": "straight r0"})
    assert "step N" in texts(state)
    play(state, "step N")
    assert state.cars[FUGITIVE] == place_of(state.city.cell(4, 7), 2) and state.actions_left == 2


def test_f6_1_a_car_cannot_drive_into_an_empty_cell_or_a_dead_end():
    state = action_turn(board={"4,8": "straight r0", "4,7": "straight r1"})
    assert not any(t.startswith("step") for t in texts(state))


def test_f6_1_three_point_turn_costs_the_whole_turn():
    state = action_turn(board={"4,8": "straight r0"}, cars={FUGITIVE: "4,8 S"})
    assert "turn N" in texts(state)
    play(state, "turn N")
    assert state.cars[FUGITIVE] == place_of(state.city.cell(4, 8), 0)
    assert state.turn_seat == PORT


def test_f6_1_three_point_turn_only_as_the_first_action():
    state = action_turn(board={"4,8": "straight r0"}, reserves=[["curve"], [], ["t-junction", "t-junction"], []])
    play(state, "draw")
    assert not any(t.startswith("turn") for t in texts(state))


def test_f6_1_a_turn_is_three_actions():
    state = action_turn(reserves=[[], [], ["t-junction", "t-junction"], []])
    play(state, "draw", "draw")
    assert state.turn_seat == FUGITIVE
    play(state, state.action_text(state.legal_actions()[0]))
    assert state.turn_seat == PORT


def test_f6_2_the_police_never_see_the_fugitives_mode2_reserve():
    state = action_turn()
    assert state.observation(PORT)["reserves"][FUGITIVE] == 2
    assert state.observation(FUGITIVE)["reserves"][FUGITIVE] == ["straight", "curve"]
    assert state.observation(FUGITIVE)["reserves"][PORT] == ["t-junction", "t-junction"]


def test_f6_3_a_police_car_must_place_a_drawn_escape_tile_at_once():
    state = action_turn(seat=PORT, cars={PORT: "4,0 N"}, reserves=[[], [], [], []], pile_top=("escape:forest",))
    play(state, "draw")
    assert all(t.startswith("escape") for t in texts(state)) and "keep" not in texts(state)
    play(state, "escape S7")
    assert state.actions_left == 2 and state.escapes[state.city.slot_by_name["S7"]] == 2


def test_f6_4_a_police_drive_into_his_cell_in_his_lane_catches():
    board = {"4,3": "straight r0", "4,4": "straight r0"}
    state = action_turn(seat=PORT, board=board, cars={PORT: "4,3 N", FUGITIVE: "4,4 N"})
    play(state, "step S")
    assert state.outcome.termination == "catch" and state.outcome.winners == {PORT}


def test_f6_4_a_police_drive_into_his_cell_in_the_other_lane_does_not_catch():
    board = {"4,3": "straight r0", "4,4": "straight r0"}
    state = action_turn(seat=PORT, board=board, cars={PORT: "4,3 N", FUGITIVE: "4,4 S"})
    play(state, "step S")
    assert state.outcome is None


def test_f6_5_a_police_car_on_a_tile_without_a_road_on_its_entry_edge_is_out():
    board = {"4,0": "straight r1", "3,0": "straight r1", "5,0": "straight r1", "4,1": "straight r1"}
    # Port's car stands on a tile with no road on its entry edge: it can neither drive nor turn round.
    state = action_turn(board=board, cars={PORT: "4,0 N"}, reserves=[[], [], ["curve", "curve"], []],
                        police=(PORT, FOREST))
    while state.turn_seat == FUGITIVE and state.outcome is None:
        play(state, texts(state)[0])
    assert state.status[PORT] == OUT and state.turn_seat == FOREST


def test_f6_6_the_accomplice_may_only_be_placed_as_the_first_action():
    state = action_turn("diavola", accomplice="port", boosts=2)
    assert "accomplice N0" in texts(state)
    play(state, "place curve 4,8 r1")
    assert not any(t.startswith("accomplice") for t in texts(state))


def test_f6_6_the_police_know_he_has_an_accomplice_but_not_its_district():
    state = action_turn("diavola", accomplice="port", boosts=2)
    assert state.observation(PORT)["accomplice"] == "hidden"
    assert state.observation(FUGITIVE)["accomplice"] == "port"


def test_f6_6_a_chili_boost_drives_up_to_three_tiles_in_one_action():
    board = {"4,8": "straight r0", "4,7": "straight r0", "4,6": "straight r0", "4,5": "straight r0"}
    state = action_turn("diavola", board=board, boosts=2)
    assert {"boost N", "boost N,N", "boost N,N,N"} <= set(texts(state))
    play(state, "boost N,N,N")
    assert state.cars[FUGITIVE] == place_of(state.city.cell(4, 5), 2)
    assert state.boosts == 1 and state.actions_left == 2


def test_f6_6_a_boost_smashes_the_block_ahead_into_a_crater_and_no_second_one():
    board = {"4,8": "straight r0", "4,7": "straight r1", "4,6": "straight r1"}
    state = action_turn("diavola", board=board, boosts=2)
    assert "boost N" in texts(state) and "boost N,N" not in texts(state)  # only one block per boost
    play(state, "boost N")
    assert state.board[state.city.cell(4, 7)] == 24


def test_f6_6_police_overtaken_in_their_own_lane_are_out():
    board = {"4,8": "straight r0", "4,7": "straight r0", "4,6": "straight r0"}
    state = action_turn("diavola", board=board, boosts=2, police=(COUNTRY, PORT),
                        cars={PORT: "4,7 S", COUNTRY: "4,6 N"},
                        reserves=[["curve", "straight"], [], ["t-junction", "t-junction"], []])
    play(state, "boost N,N")
    assert state.status[PORT] == OUT  # overtaken from behind, same lane
    assert state.status[COUNTRY] != OUT  # met head-on in the other lane


def test_f7_2_mode2_an_empty_pile_at_the_fugitives_turn_makes_it_the_last_round():
    # Port finishes its turn with an empty pile; the fugitive's turn starts the last round.
    state = action_turn(seat=PORT, board={"4,8": "straight r0", "4,0": "straight r0", "4,1": "straight r0"},
                        cars={PORT: "4,0 N"}, reserves=[[], [], [], []], pile_size=0, actions_left=1)
    play(state, "step S")
    assert state.turn_seat == FUGITIVE and state.last_round
    while state.turn_seat == FUGITIVE:
        play(state, texts(state)[0])
    assert state.turn_seat == PORT and state.outcome is None
    while state.turn_seat == PORT:
        play(state, texts(state)[0])
    assert state.outcome.termination == "tiles_out" and state.outcome.winners == {FUGITIVE}


# --- F-8 and errors -----------------------------------------------------------------------------------------
def test_f8_3_every_police_car_out_lets_the_fugitive_win():
    state = play(catch_scenario("4,4 S"), "place straight 4,6 r0", "catch S", "bomb")
    assert state.outcome.winners == {FUGITIVE} and state.returns()[FUGITIVE] == 1.0


def test_an_illegal_action_is_refused_with_a_readable_message_and_nothing_changes():
    state = catch_scenario("4,4 S")
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="not legal now: Port police must choose a tile to place"):
        state.apply(state.parse_action("place curve 4,6 r0"))
    assert state.to_json() == before


def test_unknown_variant_is_a_clear_error():
    with pytest.raises(GameError, match="unknown variant 'hawaii'"):
        FalconiState.new_game("hawaii", 1)


# --- rulings covered by name --------------------------------------------------------------------------------
def test_f2_3_the_fugitive_holds_two_bombs_in_mode1_and_two_boosts_in_diavola():
    assert (FalconiState.new_game("funghi", 1).bombs, FalconiState.new_game("funghi", 1).boosts) == (2, 0)
    assert (FalconiState.new_game("salami", 1).bombs, FalconiState.new_game("salami", 1).boosts) == (0, 0)
    assert (FalconiState.new_game("diavola", 1).bombs, FalconiState.new_game("diavola", 1).boosts) == (0, 2)


def test_f2_4_four_cars_the_fugitive_and_three_police():
    state = FalconiState.new_game("margherita", 1)
    assert state.seats == (FUGITIVE, COUNTRY, PORT, FOREST)
    assert [state.seat_name(seat) for seat in state.seats][0] == "Don Falconi"


def test_f3_2_a_car_chooses_at_junctions_and_enters_the_next_cell_by_the_facing_edge():
    state = build(board={"4,7": "t-junction r1"}, cars={FUGITIVE: "4,8 S"}, turn_seat=FUGITIVE, **MODE1_PLACE)
    play(state, "place straight 4,8 r0")  # the T at (4,7) joins N, S and W
    assert sorted(texts(state)) == ["drive 3,7 E", "drive 4,6 S"]


def test_f3_3_cars_rest_at_open_ends_in_empty_cells():
    state = build(board={"4,7": "straight r0"}, cars={FUGITIVE: "4,8 S"}, turn_seat=FUGITIVE, **MODE1_PLACE)
    play(state, "place straight 4,8 r0", "drive 4,6 S")
    assert state.board[cell_of(state.cars[FUGITIVE])] == 255  # (4,6) is empty: an open end


def test_f6_7_a_mode2_car_may_leave_its_first_tile_by_any_road():
    state = action_turn(board={"4,8": "crossroads r0", "4,7": "crossroads r0", "3,8": "crossroads r0",
                               "5,8": "crossroads r0"})
    assert {t for t in texts(state) if t.startswith("step")} == {"step N", "step E", "step W"}


def test_f7_1_the_fugitive_moves_first():
    for variant in ("margherita", "salami"):
        state = FalconiState.new_game(variant, 9)
        assert state.turn_seat == FUGITIVE and state.current_seat == FUGITIVE
