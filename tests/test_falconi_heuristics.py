"""The Falconi evaluation the searching bots lean on: the Mode II road distance and time pressure."""

from __future__ import annotations

from falconi_scenarios import build

from game.falconi.constants import FUGITIVE
from game.falconi.heuristics import chase_distance, road_distance, values

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
    assert chase_distance(same_lane, same_lane.cars[PORT], same_lane.cars[FUGITIVE]) == 4
    assert road_distance(oncoming, oncoming.cars[PORT], oncoming.cars[FUGITIVE]) == 4
    assert chase_distance(oncoming, oncoming.cars[PORT], oncoming.cars[FUGITIVE]) > 4


def test_a_police_car_in_his_lane_values_the_position_more():
    same_lane, oncoming = police_behind("4,4 S"), police_behind("4,4 N")
    assert values(same_lane)[PORT] > values(oncoming)[PORT]
    assert values(same_lane)[FUGITIVE] < values(oncoming)[FUGITIVE]


def test_mode2_rounds_played_bring_his_win_closer_d11():
    """The round limit ends the game in his favour, so stalling must never look good to the police."""
    early, late = police_behind("4,4 S"), police_behind("4,4 S")
    late.round = 40
    assert values(late)[FUGITIVE] > values(early)[FUGITIVE]
    assert values(late)[PORT] < values(early)[PORT]
