"""The Falconi evaluation the searching bots lean on: the Mode II road distance and time pressure."""

from __future__ import annotations

import random
from typing import Any

import pytest
from falconi_scenarios import build, rigged
from hypothesis import given, settings
from hypothesis import strategies as st
from registry_cases import pizzas

from game.falconi.city import cell_of, same_cell
from game.falconi.constants import ACTIVE, FUGITIVE, POLICE
from game.falconi.heuristics import (
    _escape_fronts,
    _fugitive_ways,
    chase_distances,
    escape_distance,
    pointless,
    values,
    values_for_one_search,
    ways_on,
)
from game.falconi.road_bits import BoardBits, RoadDistances, RoadsOut
from game.falconi.road_search import cheapest_road, distances_to, out_of_reach, road_distance
from game.falconi.state import FalconiState

PORT = 2
STRAIGHT_ROAD = {f"4,{y}": "straight r0" for y in range(3, 9)}


def police_behind(fugitive_place: str) -> object:
    """Salami, the port car at 4,8 heading north up a straight road on which he stands at 4,4."""
    return build("salami", turn_seat=PORT, phase="action", board=STRAIGHT_ROAD,
                 cars={FUGITIVE: fugitive_place, PORT: "4,8 S"},
                 reserves=[["curve", "straight"], [], ["t-junction", "t-junction"], []], actions_left=3, acted=0)


def test_road_distance_counts_one_action_per_tile_driven():
    state = police_behind("4,4 S")
    assert road_distance(state, state.cars[PORT], state.cars[FUGITIVE]) == 4


def test_chase_distance_needs_his_lane_f6_4():
    """A catch enters his cell through the edge he came in by (F-6.4): meeting him head-on is not a catch,
    so the car must build its way round into his lane first."""
    same_lane, oncoming = police_behind("4,4 S"), police_behind("4,4 N")
    assert chase_distances(same_lane)[PORT] == 4
    assert road_distance(oncoming, oncoming.cars[PORT], oncoming.cars[FUGITIVE]) == 4
    assert chase_distances(oncoming)[PORT] > 4


def test_a_police_car_in_his_lane_values_the_position_more():
    # On a crossroads he has three ways on, so his guess stays clear of its floor in both positions.
    def at_a_crossroads(fugitive_place: str) -> object:
        return build("salami", turn_seat=PORT, phase="action", board=STRAIGHT_ROAD | {"4,4": "crossroads r0"},
                     cars={FUGITIVE: fugitive_place, PORT: "4,8 S"},
                     reserves=[["curve", "straight"], [], ["t-junction", "t-junction"], []], actions_left=3, acted=0)

    same_lane, oncoming = at_a_crossroads("4,4 S"), at_a_crossroads("4,4 N")
    assert values(same_lane)[PORT] > values(oncoming)[PORT]
    assert values(same_lane)[FUGITIVE] < values(oncoming)[FUGITIVE]


def test_mode2_rounds_played_bring_his_win_closer_d11():
    """The round limit ends the game in his favour, so stalling must never look good to the police."""
    early, late = police_behind("4,4 S"), rigged(police_behind("4,4 S"), round=40)
    assert values(late)[FUGITIVE] > values(early)[FUGITIVE]
    assert values(late)[PORT] < values(early)[PORT]


NORTH_ROAD = {f"3,{y}": "straight r0" for y in range(0, 5)}  # from his car at 3,4 up to border slot N3


def fugitive_on_the_north_road(reserve: list[str], **fields: Any) -> FalconiState:
    return build("salami", turn_seat=FUGITIVE, phase="action", board=NORTH_ROAD, cars={FUGITIVE: "3,4 S"},
                 reserves=[reserve, [], ["t-junction", "t-junction"], []], actions_left=3, acted=0, **fields)


def test_escape_distance_counts_the_drives_into_a_slot_holding_an_escape_tile_f3_5():
    assert escape_distance(fugitive_on_the_north_road(["curve", "straight"], escapes={"N3": "port"})) == 5


def test_escape_distance_counts_placing_his_own_escape_tile_first_f6_3():
    assert escape_distance(fugitive_on_the_north_road(["curve", "escape:port"])) == 6


def test_without_an_escape_tile_there_is_no_escape_distance():
    assert escape_distance(fugitive_on_the_north_road(["curve", "straight"])) == 60


def test_an_escape_within_reach_raises_his_value():
    near = fugitive_on_the_north_road(["curve", "straight"], escapes={"N3": "port"})
    none = fugitive_on_the_north_road(["curve", "straight"])
    assert values(near)[FUGITIVE] > values(none)[FUGITIVE]


def test_f6_5_his_worth_grows_with_his_ways_on():
    """A U-turn in front of the prison only leads back into it: no way on, so he is blocked when his turn
    begins (F-6.5), however many cells around him are empty. A straight has one way on, a crossroads three:
    each is a tile more the police must lay across his roads."""
    def first_tile(tile: str) -> object:
        return build("salami", turn_seat=FUGITIVE, phase="action", board={"4,8": tile},
                     cars={FUGITIVE: "4,8 S"}, reserves=[["curve"], [], ["t-junction", "t-junction"], []],
                     actions_left=3, acted=0)

    trapped, one, three = (values(first_tile(tile))[FUGITIVE] for tile in ("u-turn r0", "straight r0", "crossroads r0"))
    assert trapped == 0.05 and trapped < one < three
    assert ways_on(first_tile("straight r0"), FUGITIVE, 8) == 1
    assert ways_on(first_tile("crossroads r0"), FUGITIVE, 8) == 3


@settings(max_examples=25, deadline=None)
@given(variant=st.sampled_from(pizzas(mode=2)), seed=st.integers(0, 10**6))
@pytest.mark.slow
def test_the_backward_search_agrees_with_driving_forward_from_each_car(variant: str, seed: int):
    """chase_distances searches backwards from him once for all cars; along a random game it must give
    what a forward search from each car gives: his lane if any road leads there, else his cell plus 4; or one
    more than the way beside the net's cells (in front of an escape tile in his reach, else his open ends)."""
    state = FalconiState.new_game(variant, seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        chases = chase_distances(state)
        ends = _escape_fronts(state, None) or _fugitive_ways(state, 8, None)[1]
        beside = {cell for end in ends for cell in state.city.neighbours[cell_of(end)]}
        for police in POLICE:
            start, him = state.cars[police], state.cars[FUGITIVE]
            if state.status[police] == ACTIVE and start != him:  # a car in his very lane: tested below
                lane = road_distance(state, start, him, exact=True)
                expected = lane if lane < 60 else min(60, road_distance(state, start, him) + 4)
                net = min((road_distance(state, start, cell * 4) for cell in beside), default=60)
                assert chases[police] == min(expected, net + 1 if net < 60 else 60)
        state.apply(rng.choice(state.legal_actions()))


@settings(max_examples=15, deadline=None)
@given(variant=st.sampled_from(pizzas(mode=2)), seed=st.integers(0, 10**6))
@pytest.mark.slow
def test_the_level_by_level_search_agrees_with_the_place_by_place_one(variant: str, seed: int):
    """The value guess reads road distances from a search of whole cost levels at once, as bits, that stops
    at the places read: read in any order, they must be those of the search place by place."""
    state = FalconiState.new_game(variant, seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        him = state.cars[FUGITIVE]
        for targets in ((him,), tuple(same_cell(him, edge) for edge in range(4)), tuple(range(100, 140, 3))):
            expected = distances_to(state, targets)
            levels = RoadDistances(BoardBits(state), targets)
            places = list(range(len(expected)))
            rng.shuffle(places)
            assert {place: levels[place] for place in places} == dict(enumerate(expected))
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.slow
def test_the_roads_out_answer_for_any_slots_as_a_search_for_those_slots():
    """His escape distance is remembered by board and place for every set of slots he may use (a police
    search's samples deal him different ones): asked in turn about different slots, it must answer what a
    search for just those slots finds."""
    rng = random.Random(5)
    for seed in range(1, 4):
        state = FalconiState.new_game("diavola", seed)
        while not state.is_terminal():
            him = state.cars[FUGITIVE]
            roads = RoadsOut(BoardBits(state), him)
            for _ in range(3):
                slot_cost = {slot: rng.choice((1, 2)) for slot in rng.sample(range(len(state.escapes)), 3)}
                assert roads.cheapest(slot_cost) == cheapest_road(state, him, -1, 0, slot_cost)
            state.apply(rng.choice(state.legal_actions()))


def test_a_car_standing_in_his_lane_must_still_drive_out_and_back_in_f6_4():
    """A catch is a drive into his lane: a car already standing in it is not there yet. Counting it as there
    kept cars turning on the spot in his cell, each three-point turn of his answered by one of theirs."""
    state = build("salami", turn_seat=PORT, phase="action", board=STRAIGHT_ROAD | {"4,4": "crossroads r0"},
                  cars={FUGITIVE: "4,4 S", PORT: "4,4 S"},
                  reserves=[["curve", "straight"], [], ["t-junction", "t-junction"], []], actions_left=3, acted=0)
    assert chase_distances(state)[PORT] > 0


def test_a_police_turn_that_brings_the_car_no_nearer_is_pointless_f6_1():
    state = police_behind("4,4 S")  # Port drives north behind him: turning round only leads away
    turns = [action for action in state.legal_actions() if action.verb == "turn"]
    assert turns and all(pointless(state, action) for action in turns)
    assert not any(pointless(state, action) for action in state.legal_actions() if action.verb != "turn")


def pocket(fugitive_place: str, north_of_pocket: str) -> object:
    """Salami: he shuttles between 4,8 (a straight N-S in front of the prison) and the overpass at 4,7, whose
    N-S road leads on to ``north_of_pocket`` at 4,6; the port car stands well away at 4,2."""
    board = {"4,8": "straight r0", "4,7": "overpass r0", "4,6": north_of_pocket, "4,2": "straight r0"}
    return build("salami", turn_seat=FUGITIVE, phase="action", board=board,
                 cars={FUGITIVE: fugitive_place, PORT: "4,2 S"},
                 reserves=[["curve", "straight"], [], ["t-junction", "t-junction"], []], actions_left=3, acted=0)


def test_a_lane_entered_from_the_prison_is_out_of_reach_f1_5_f3_6():
    """No car can come from behind out of the prison, so his first lane can never be caught (F-3.6)."""
    assert out_of_reach(pocket("4,8 S", "straight r0"))


def test_a_pocket_closed_by_a_crosswise_tile_is_out_of_reach_for_good():
    """Heading south in the pocket he can only be caught by a car coming down through 4,6, and a straight
    laid east-west there closes that road for good: nothing is ever taken off the board in Salami."""
    assert out_of_reach(pocket("4,8 N", "straight r1"))
    assert out_of_reach(pocket("4,7 N", "straight r1"))


def test_a_lane_a_car_could_still_build_its_way_into_is_in_reach():
    assert not out_of_reach(pocket("4,8 N", "straight r0"))
    assert not out_of_reach(police_behind("4,4 S"))


@pytest.mark.slow
@settings(max_examples=15, deadline=None)
@given(variant=st.sampled_from(pizzas(mode=2)), seed=st.integers(0, 10**6))
def test_the_value_guess_of_one_search_remembers_without_changing_a_value(variant: str, seed: int):
    """The search's value guess keeps the road searches it has done by board and place: along a random game,
    revisiting earlier positions, it must give exactly what the plain guess gives."""
    state = FalconiState.new_game(variant, seed)
    remembering = values_for_one_search()
    rng = random.Random(seed)
    seen = []
    while not state.is_terminal():
        seen.append(state.clone())
        for position in (state, rng.choice(seen)):
            assert remembering(position) == values(position)
        state.apply(rng.choice(state.legal_actions()))


def test_f6_5_a_car_beside_his_open_end_is_where_the_net_closes():
    """Out of reach of a catch, a police car heads for his open ends: its way counts to a cell beside one,
    from where it can lay the tile that closes it (F-6.1, F-6.5)."""
    from game.falconi.heuristics import _net_map

    board = {"4,8": "straight r0", "3,7": "straight r0", "2,7": "straight r0"}
    state = build("salami", turn_seat=PORT, phase="action", board=board,
                  cars={FUGITIVE: "4,8 S", PORT: "3,7 N", 1: "2,7 N"}, police=(1, PORT),
                  reserves=[["curve", "straight"], [], ["t-junction", "t-junction"], []], actions_left=3, acted=0)
    net = _net_map(state, None, _fugitive_ways(state, 8, None)[1])
    assert net is not None
    assert ways_on(state, FUGITIVE, 8) == 1  # north into the empty cell 4,7
    assert net[state.cars[PORT]] == 0  # 3,7 lies beside 4,7
    assert 0 < net[state.cars[1]] < 60
