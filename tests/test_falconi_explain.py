"""Every chase's moment explained on the board (issue 52): the core names the road, the blocks, the crater, the
counter, for each kind of event, on small scenarios played through the rules."""

from __future__ import annotations

from typing import Any

from falconi_scenarios import build, play, texts

from game.falconi.city import place_of
from game.falconi.constants import COUNTRY, FUGITIVE, PORT, ROUND_LIMIT
from game.falconi.explain import explain
from game.falconi.state import FalconiState

MODE1_PLACE: dict[str, Any] = {"phase": "place", "drawn": "straight"}


def played(state: FalconiState, *actions: str) -> tuple:
    """Play ``actions``; the explanation of the last one."""
    for text in actions[:-1]:
        play(state, text)
    before = state.clone()
    action = state.parse_action(actions[-1])
    state.apply(action)
    return explain(before, action, state)


def place(state: FalconiState, text: str) -> int:
    x, y, edge = text.replace(",", " ").split()
    return place_of(state.city.cell(int(x), int(y)), "NESW".index(edge))


def cell(state: FalconiState, text: str) -> int:
    x, y = text.split(",")
    return state.city.cell(int(x), int(y))


def catch_scenario(**fields: Any) -> FalconiState:
    """Port came north to (4,6); Don Falconi waits at (4,4), having come south from (4,3)."""
    board = {"4,5": "straight r0", "4,7": "straight r0"}
    return build(board=board, cars={FUGITIVE: "4,4 S", PORT: "4,6 S"}, turn_seat=PORT, **MODE1_PLACE, **fields)


def test_f5_4_a_catch_shows_the_road_of_the_police_car_into_his_lane():
    state = catch_scenario(bombs=0)
    (why,) = played(state, "place straight 4,6 r0", "catch S")
    assert why.kind == "catch"
    assert why.road == (place(state, "4,6 S"), place(state, "4,5 S"), place(state, "4,4 S"))


def test_f5_4_a_catch_after_he_declines_the_bomb_shows_the_same_road():
    state = catch_scenario()
    (why,) = played(state, "place straight 4,6 r0", "catch S", "pass")
    assert why.kind == "catch" and why.road[-1] == place(state, "4,4 S") and why.road[0] == place(state, "4,6 S")


def test_f5_4_a_chili_bomb_shows_the_edge_it_closed_and_the_car_it_blocked():
    state = catch_scenario()
    bomb, out = played(state, "place straight 4,6 r0", "catch S", "bomb")
    assert bomb.kind == "bomb" and bomb.edges == (place(state, "4,5 S"),)
    assert bomb.road[-1] == place(state, "4,4 S")
    assert out.kind == "out" and cell(state, "4,5") in out.cells  # the closed edge is Port's dead end


def test_f5_5_a_blast_shows_the_crater_and_the_road_to_it():
    state = build(board={"4,7": "straight r1"}, cars={FUGITIVE: "4,8 S"}, turn_seat=FUGITIVE, **MODE1_PLACE)
    (why,) = played(state, "place straight 4,8 r0", "blast 4,7 S")
    assert why.kind == "blast" and why.cells == (cell(state, "4,7"),)
    assert why.road == (place(state, "4,8 S"), place(state, "4,7 S"))


def test_f5_5_a_blocked_fugitive_shows_his_roads_and_the_tile_across_them():
    state = build(board={"4,7": "straight r1"}, cars={FUGITIVE: "4,8 S"}, turn_seat=FUGITIVE, bombs=0,
                  **MODE1_PLACE)
    (why,) = played(state, "place straight 4,8 r0")
    assert state.outcome.termination == "fugitive_blocked"
    assert why.kind == "blocked" and why.cells == (cell(state, "4,7"),)
    assert place(state, "4,8 S") in why.reach


def test_f5_5_a_road_into_a_plain_border_slot_shows_that_slot():
    state = build(board={"1,8": "straight r1"}, cars={FUGITIVE: "0,8 E"}, turn_seat=FUGITIVE, phase="place",
                  drawn="curve")
    (why,) = played(state, "place curve 0,8 r1")
    assert why.kind == "blocked" and why.slots == (state.city.slot_by_name["S0"],)


def test_f3_5_an_escape_shows_the_road_out_to_the_slot():
    state = build("prosciutto", board={"0,2": "straight r0"}, cars={FUGITIVE: "0,3 N"}, escapes={"W3": "country"},
                  turn_seat=FUGITIVE, phase="place", drawn="curve", reserves=[[], [], [], []])
    (why,) = played(state, "place curve 0,3 r3", "drive W3")
    slot = state.city.slot_by_name["W3"]
    assert why.kind == "escape" and why.slots == (slot,)
    assert why.road == (place(state, "0,3 N"), -(slot + 1))


def test_f7_2_the_tiles_running_out_show_the_empty_pile():
    board = {"4,0": "straight r0"}
    state = build(board=board, cars={PORT: "4,0 N"}, turn_seat=PORT, phase="drive", drive_from="4,0 N", pile_size=0)
    (why,) = played(state, "drive 4,1 N")
    assert why.kind == "tiles_out" and why.note is not None and why.note.key == "why.falconi.tiles_out"


def test_f7_3_the_round_limit_shows_its_counter():
    board = {"4,8": "straight r0", "4,0": "straight r0", "4,1": "straight r0"}
    state = build("salami", board=board, cars={PORT: "4,0 N"}, turn_seat=PORT, phase="action",
                  reserves=[["curve", "straight"], [], [], []], actions_left=1, acted=2, round=ROUND_LIMIT)
    (why,) = played(state, "step S")
    assert state.outcome.termination == "round_limit"
    assert why.note is not None and dict(why.note.fields) == {"round": ROUND_LIMIT, "limit": ROUND_LIMIT}


def test_f6_4_a_mode2_catch_shows_the_one_tile_driven_into_his_lane():
    board = {"4,3": "straight r0", "4,4": "straight r0"}
    state = build("salami", board=board, cars={PORT: "4,3 N", FUGITIVE: "4,4 N"}, turn_seat=PORT,
                  phase="action", reserves=[["curve", "straight"], [], [], []])
    (why,) = played(state, "step S")
    assert why.kind == "catch" and why.road == (place(state, "4,3 N"), place(state, "4,4 N"))


def test_f6_6_a_boost_shows_its_road_its_crater_and_not_the_cars_it_passed_as_blocked():
    board = {"4,8": "straight r0", "4,7": "straight r1", "4,6": "straight r0", "4,5": "straight r0"}
    state = build("diavola", board=board, cars={PORT: "4,6 S", COUNTRY: "0,4 W"}, police=(COUNTRY, PORT),
                  turn_seat=FUGITIVE, phase="action", boosts=2, reserves=[["curve", "straight"], [], [], []])
    assert "boost N,N" in texts(state)
    whys = played(state, "boost N,N")
    assert [why.kind for why in whys] == ["boost"]
    assert whys[0].cells == (cell(state, "4,7"),) and whys[0].road[-1] == place(state, "4,6 S")


def test_an_ordinary_move_has_nothing_to_explain():
    state = catch_scenario()
    assert played(state, "place straight 4,6 r0") == ()
