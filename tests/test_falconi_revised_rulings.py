"""The rulings revised or added on 2026-11-24 (F-4.2, F-5.2, F-5.5, F-5.8, F-6.3, F-6.5, F-6.6, F-7.3), one
test per checkable consequence. Each test of a revised ruling fails under the old one; the comment on a test
that cannot (the old program already played it so) says why.

Places are written ``x,y E``: the car is in cell (x,y), having come in through its east edge.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from falconi_scenarios import build, pile_order, play, texts
from registry_cases import pizzas

from game.core.errors import GameError, IllegalActionError, StateFormatError
from game.falconi.city import place_of
from game.falconi.constants import ACTIVE, COUNTRY, FOREST, FUGITIVE, OUT, PORT
from game.falconi.state import FalconiState
from game.falconi.tiles import CRATER, ESCAPE, KIND_BY_NAME, U_TURN

MODE1_PLACE: dict[str, Any] = {"phase": "place", "drawn": "straight"}
FOREST_ESCAPE = ESCAPE + 2


def mode2_turn(variant: str = "salami", seat: int = FUGITIVE, **fields) -> FalconiState:
    """A Mode II position in the middle of ``seat``'s turn (loaded as a save, so no start-of-turn check)."""
    fields.setdefault("reserves", [["curve", "straight"], [], ["t-junction", "t-junction"], []])
    fields.setdefault("actions_left", 3)
    fields.setdefault("acted", 3 - fields["actions_left"])
    return build(variant, turn_seat=seat, phase="action", **fields)


def police_turn_ends(variant: str = "margherita", **fields) -> FalconiState:
    """Mode I: Port police about to finish its drive, so that ``drive 4,1 N`` starts the fugitive's turn."""
    board = fields.pop("board", {})
    board["4,0"] = "straight r0"
    return build(variant, board=board, cars={PORT: "4,0 N", **fields.pop("cars", {})}, turn_seat=PORT,
                 phase="drive", drive_from="4,0 N", **fields)


def fugitive_turn_begins(variant: str = "salami", **fields) -> FalconiState:
    """Mode II: Port's last action (``step S``) of round 1 is played, and the fugitive's turn begins."""
    board = {"4,0": "straight r0", "4,1": "straight r0", **fields.pop("board", {})}
    fields.setdefault("reserves", [["curve", "curve"], [], [], []])
    state = mode2_turn(variant, seat=PORT, board=board, cars={PORT: "4,0 N", **fields.pop("cars", {})},
                       actions_left=1, **fields)
    return play(state, "step S")


# --- F-4.2 a lone police car is the Port car ---------------------------------------------------------------------
@pytest.mark.parametrize("seat", [COUNTRY, FOREST])
def test_f4_2_a_one_car_game_with_another_car_is_refused(seat: int) -> None:
    with pytest.raises(GameError, match="one police car uses the Port car"):
        FalconiState.new_game("margherita", 1, (seat,))


def test_f4_2_a_saved_one_car_game_with_another_car_is_refused() -> None:
    data = FalconiState.new_game("salami", 1, (PORT,)).to_json()
    data["status"] = ["active", "active", "off", "off"]
    data["cars"] = ["4,8 S", "0,4 W", None, None]
    data["reserves"][1], data["reserves"][2] = data["reserves"][2], []
    with pytest.raises(StateFormatError, match="Port car"):
        FalconiState.from_json(data)


# --- F-5.2 cars never block each other ---------------------------------------------------------------------------
def test_f5_2_the_fugitive_may_stop_where_a_police_car_stands() -> None:
    state = build(cars={FUGITIVE: "4,8 S", PORT: "4,6 S"}, board={"4,7": "t-junction r1"},
                  turn_seat=FUGITIVE, pile_top=("straight",), **MODE1_PLACE)
    play(state, "place straight 4,8 r0")  # the T at (4,7) joins N, S, W: open ends (4,6) S and (3,7) E
    assert sorted(texts(state)) == ["drive 3,7 E", "drive 4,6 S"]
    play(state, "drive 4,6 S")
    assert state.outcome is None and state.cars[FUGITIVE] == state.cars[PORT]
    # Sharing a place is no catch; the police car must arrive. Its straight leads away from him.
    play(state, "place straight 4,6 r0")
    assert texts(state) == ["drive 4,5 S"]


def test_f5_2_a_police_car_on_his_only_open_end_does_not_block_him() -> None:
    # Port came north along the road he is about to take, and waits at its end, his only stopping place.
    state = build(board={"4,7": "straight r0"}, cars={FUGITIVE: "4,8 S", PORT: "4,6 S"}, turn_seat=FUGITIVE,
                  bombs=0, **MODE1_PLACE)
    play(state, "place straight 4,8 r0")
    assert texts(state) == ["drive 4,6 S"]


# --- F-5.5 the Chili Bomb destroys obstacles in front of him -------------------------------------------------------
def test_f5_5_he_may_bomb_a_block_in_front_of_him_while_open_ends_are_reachable() -> None:
    state = build(board={"4,7": "t-junction r1", "4,6": "straight r1"}, cars={FUGITIVE: "4,8 S"},
                  turn_seat=FUGITIVE, **MODE1_PLACE)
    play(state, "place straight 4,8 r0")  # on through the T: west to an open end, north into a block
    assert sorted(texts(state)) == ["blast 4,6 S", "drive 3,7 E"]
    play(state, "blast 4,6 S")
    assert state.board[state.city.cell(4, 6)] == CRATER and state.bombs == 1
    assert sorted(texts(state)) == ["drive 3,6 E", "drive 4,5 S", "drive 5,6 W"]  # on from the crater


def test_f5_5_a_bomb_reaches_an_escape_tile_behind_a_block() -> None:
    state = build("prosciutto", board={"0,3": "straight r0", "2,3": "straight r1"}, cars={FUGITIVE: "1,3 E"},
                  escapes={"W3": "country"},
                  turn_seat=FUGITIVE, phase="place", drawn="t-junction", reserves=[[], [], [], []])
    play(state, "place t-junction 1,3 r0")  # W, E, S joined: an open end south, a block west
    assert sorted(texts(state)) == ["blast 0,3 E", "drive 1,4 N"]
    play(state, "blast 0,3 E")
    assert "drive W3" in texts(state)
    play(state, "drive W3")
    assert state.outcome is not None and state.outcome.termination == "escape"


def test_f5_5_the_crater_is_open_to_the_police() -> None:
    state = build(board={"4,7": "t-junction r1", "4,6": "straight r1", "4,4": "straight r0"},
                  cars={FUGITIVE: "4,8 S", PORT: "4,5 N"},
                  turn_seat=FUGITIVE, pile_top=("straight",), **MODE1_PLACE)
    play(state, "place straight 4,8 r0", "blast 4,6 S", "drive 3,6 E")
    play(state, "place straight 4,5 r0")  # Port comes south into the crater and turns west after him
    assert "catch N" in texts(state)


# --- F-5.8 no U-turn as a first tile ------------------------------------------------------------------------------
def test_f5_8_a_u_turn_drawn_at_the_prison_goes_back_and_he_draws_again() -> None:
    state = police_turn_ends(pile_top=("u-turn", "curve"))
    u_turns = pile_order(state).count(U_TURN)
    play(state, "drive 4,1 N")
    assert state.turn_seat == FUGITIVE and state.tile_just_drawn() == KIND_BY_NAME["curve"]
    assert pile_order(state).count(U_TURN) == u_turns


def test_f5_8_a_police_car_at_its_station_draws_again_too() -> None:
    state = build(board={"4,8": "straight r0"}, cars={FUGITIVE: "4,8 S"}, turn_seat=FUGITIVE, phase="drive",
                  drive_from="4,8 S", pile_top=("u-turn", "u-turn", "straight"))
    play(state, "drive 4,7 S")
    assert state.turn_seat == PORT and state.tile_just_drawn() == KIND_BY_NAME["straight"]


def test_f5_8_a_reserve_of_u_turns_is_no_other_tile_to_play() -> None:
    state = police_turn_ends("funghi", pile_top=("u-turn", "curve"),
                             reserves=[["u-turn", "u-turn"], [], ["straight", "straight"], []])
    play(state, "drive 4,1 N")
    assert state.tile_just_drawn() == KIND_BY_NAME["curve"] and "place curve 4,8 r1" in texts(state)


def test_f5_8_with_another_tile_in_reserve_he_may_still_choose_the_u_turn() -> None:
    # The exception of F-5.8, which the old rules played the same way.
    state = police_turn_ends("funghi", pile_top=("u-turn",),
                             reserves=[["curve", "straight"], [], ["straight", "straight"], []])
    play(state, "drive 4,1 N")
    assert state.tile_just_drawn() == U_TURN and "place u-turn 4,8 r0" in texts(state)


def test_f5_8_no_margherita_deal_starts_with_a_u_turn_at_the_prison() -> None:
    for seed in range(1, 201):  # 23 of these deals used to start with one (docs/ai.md, 2026-11-24)
        state = FalconiState.new_game("margherita", seed)
        assert state.tile_just_drawn() != U_TURN, f"seed {seed}"


def test_f5_8_u_turns_put_back_just_below_another_u_turn_do_not_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    # Margherita deal 636 played at random (seed 636) once drew the same two U-turns for ever: every put-back
    # went to the same place, just below the other U-turn on top. Each put-back must go to a new place.
    budget = {"shuffles": 0}

    class CountedRandom(random.Random):
        def randrange(self, *args, **kwargs):
            budget["shuffles"] += 1
            assert budget["shuffles"] < 1000, "the U-turns keep going back to the top"
            return super().randrange(*args, **kwargs)

    monkeypatch.setattr(random, "Random", CountedRandom)  # the module game.falconi.mode1 draws with
    state = FalconiState.new_game("margherita", 636)
    choose = random.Random(636).choice
    while not state.is_terminal():
        state.apply(choose(state.legal_actions()))
    assert budget["shuffles"] > 0


def test_f5_8_mode2_placing_a_u_turn_stays_a_choice() -> None:
    # Mode II has no draw-and-place: placing a U-turn was always a choice, as before.
    state = mode2_turn(reserves=[["u-turn", "curve"], [], [], []])
    assert "place u-turn 4,8 r0" in texts(state)


# --- F-6.3 the police never learn what he drew ---------------------------------------------------------------------
def test_f6_3_a_drawn_escape_tile_goes_face_down_into_his_reserve_within_the_draw() -> None:
    state = mode2_turn(reserves=[["curve"], [], [], []], pile_top=("escape:forest",))
    play(state, "draw")
    assert state.reserve(FUGITIVE) == (KIND_BY_NAME["curve"], FOREST_ESCAPE)
    assert state.actions_left == 2 and state.current_seat == FUGITIVE and "keep" not in texts(state)


def test_f6_3_a_fresh_escape_tile_may_be_placed_at_once_at_no_further_cost() -> None:
    state = mode2_turn(reserves=[["curve"], [], [], []], pile_top=("escape:forest",))
    play(state, "draw", "escape E0")
    assert state.escapes[state.city.slot_by_name["E0"]] == 2 and state.actions_left == 2


def test_f6_3_the_offer_ends_with_his_next_action() -> None:
    state = mode2_turn(reserves=[["curve"], [], [], []], pile_top=("escape:forest",))
    play(state, "draw", "place curve 4,8 r1", "escape E0")  # placed later: one action of its own
    assert state.turn_seat == PORT


def test_f6_3_after_a_draw_as_his_last_action_the_offer_waits_for_his_next_turn() -> None:
    state = mode2_turn(board={"4,8": "crossroads r0"}, cars={FUGITIVE: "4,8 S"}, reserves=[[], [], [], []],
                       actions_left=1, pile_top=("escape:forest",))
    play(state, "draw")
    assert state.turn_seat == PORT
    while state.turn_seat == PORT:
        play(state, texts(state)[0])
    assert state.turn_seat == FUGITIVE and "escape E0" in texts(state)
    play(state, "escape E0")
    assert state.actions_left == 3


@pytest.mark.parametrize("variant", pizzas(mode=2))
def test_f6_3_the_police_see_the_same_whatever_he_drew(variant: str) -> None:
    games = [mode2_turn(variant, reserves=[["curve"], [], [], []], pile_top=(top,))
             for top in ("escape:forest", "crossroads")]
    for game in games:
        assert game.narrate(game.parse_action("draw")) == games[0].narrate(games[0].parse_action("draw"))
        play(game, "draw")
    for seat in (PORT,):
        assert games[0].observation(seat) == games[1].observation(seat)
    play(games[0], "place curve 4,8 r1")
    play(games[1], "place curve 4,8 r1")
    assert games[0].observation(PORT) == games[1].observation(PORT)


def test_f6_3_an_illegal_action_error_names_no_hidden_tile() -> None:
    state = mode2_turn(reserves=[["curve", "u-turn"], [], [], []])
    with pytest.raises(IllegalActionError) as error:
        state.apply(state.parse_action("place crossroads 4,8 r0"))
    message = str(error.value)
    assert "Don Falconi must choose" in message
    assert "curve" not in message and "u-turn" not in message


# --- F-6.5 blocked means no way on -------------------------------------------------------------------------------
def test_f6_5_a_fugitive_closed_in_at_the_prison_is_blocked() -> None:
    # He never left the prison: a crossroads in front of it, closed on three sides by tiles with no road
    # towards him. He could still draw, place or turn round, which used to keep him in the game.
    board = {"4,8": "crossroads r0", "4,7": "straight r1", "3,8": "straight r0", "5,8": "straight r0"}
    state = fugitive_turn_begins(board=board, cars={FUGITIVE: "4,8 S"})
    assert state.outcome is not None
    assert state.outcome.termination == "fugitive_blocked" and state.outcome.winners == {PORT}


def test_f6_5_a_road_into_an_empty_cell_is_a_way_on() -> None:
    # The old rule too let him play on here.
    state = fugitive_turn_begins(board={"4,8": "crossroads r0", "4,7": "straight r1", "3,8": "straight r0"},
                                 cars={FUGITIVE: "4,8 S"})
    assert state.outcome is None and state.current_seat == FUGITIVE


def test_f6_5_both_directions_of_his_road_count() -> None:
    # North of him a block; behind him his road leads back south to an empty cell: a three-point turn away.
    board = {"4,5": "straight r1", "4,6": "straight r0", "4,7": "straight r0"}
    state = fugitive_turn_begins(board=board, cars={FUGITIVE: "4,6 S"})
    assert state.outcome is None and state.current_seat == FUGITIVE


@pytest.mark.parametrize(("holds", "blocked"), [(["curve"], True), (["escape:forest"], False)])
def test_f6_5_a_free_slot_of_a_district_whose_escape_tile_he_holds_is_a_way_out(holds, blocked) -> None:
    board = {"8,2": "straight r1", "7,2": "straight r0"}  # his road leads only east, to the Forest slot E2
    state = fugitive_turn_begins(board=board, cars={FUGITIVE: "8,2 W"}, reserves=[holds, [], [], []])
    assert (state.outcome is not None and state.outcome.termination == "fugitive_blocked") == blocked


def test_f6_5_an_escape_tile_on_the_border_is_a_way_out() -> None:
    board = {"8,2": "straight r1", "7,2": "straight r0"}
    state = fugitive_turn_begins(board=board, cars={FUGITIVE: "8,2 W"}, escapes={"E2": "forest"})
    assert state.outcome is None


@pytest.mark.parametrize(("boosts", "blocked"), [(0, True), (1, False)])
def test_f6_5_in_diavola_a_block_a_boost_could_smash_keeps_him_in_for_the_turn(boosts: int, blocked: bool) -> None:
    # Revised again on 2026-11-27: only for the turn, in which he must smash it (test_falconi_rulings_2026_11_27).
    board = {"4,8": "straight r0", "4,7": "straight r1"}
    state = fugitive_turn_begins("diavola", board=board, cars={FUGITIVE: "4,8 S"}, boosts=boosts,
                                 accomplice=None, set_aside=["escape:port"])
    assert (state.outcome is not None) == blocked and state.must_smash == (not blocked)


def test_f6_5_a_police_car_with_no_way_on_is_out_though_it_could_still_place_tiles() -> None:
    board = {"4,1": "straight r0", "4,2": "straight r1", "4,0": "straight r0"}
    state = mode2_turn(police=(PORT, FOREST), board=board, cars={PORT: "4,1 N"}, actions_left=1,
                       reserves=[["straight", "curve"], [], ["curve", "curve"], []])
    play(state, "place straight 4,8 r0")
    assert state.status[PORT] == OUT and state.turn_seat == FOREST


def test_f6_5_a_police_car_that_can_still_reach_his_lane_plays_on() -> None:
    board = {"4,1": "straight r0", "4,2": "straight r0", "4,3": "straight r1", "4,0": "straight r0",
             "4,8": "straight r0"}
    state = mode2_turn(police=(PORT, FOREST), board=board, cars={PORT: "4,1 N", FUGITIVE: "4,2 N"},
                       actions_left=1, reserves=[["straight", "curve"], [], ["curve", "curve"], []])
    play(state, "place curve 3,2 r0")
    assert state.status[PORT] == ACTIVE and state.turn_seat == PORT
    play(state, "step S")
    assert state.outcome is not None and state.outcome.termination == "catch"


def test_f6_5_blocked_cars_are_checked_only_when_their_turn_begins() -> None:
    # Closed in during the police's turn, he is blocked when his own turn begins, not before.
    board = {"4,8": "crossroads r0", "4,7": "straight r1", "3,8": "straight r0", "5,7": "straight r0",
             "5,6": "straight r0"}
    state = mode2_turn(seat=PORT, board=board, cars={FUGITIVE: "4,8 S", PORT: "5,6 N"},
                       reserves=[["curve", "curve"], [], ["straight", "straight"], []], actions_left=3)
    play(state, "step S")
    play(state, "place straight 5,8 r0")
    assert state.outcome is None and state.turn_seat == PORT
    play(state, state.action_text(next(a for a in state.legal_actions() if a.verb != "turn")))
    assert state.outcome is not None and state.outcome.termination == "fugitive_blocked"


# --- F-6.6 the revised Chili Boost ---------------------------------------------------------------------------------
def test_f6_6_a_boost_smashes_the_block_ahead_and_drives_up_to_three_tiles_beyond() -> None:
    board = {"4,8": "straight r0", "4,7": "straight r1", "4,6": "straight r0", "4,5": "straight r0",
             "4,4": "straight r0", "4,3": "straight r0"}
    state = mode2_turn("diavola", board=board, boosts=2, cars={FUGITIVE: "4,8 S"})
    boosts = {t for t in texts(state) if t.startswith("boost")}
    assert boosts == {"boost N", "boost N,N", "boost N,N,N", "boost N,N,N,N"}
    play(state, "boost N,N,N,N")
    assert state.board[state.city.cell(4, 7)] == CRATER
    assert state.cars[FUGITIVE] == place_of(state.city.cell(4, 4), 2) and state.actions_left == 2


def test_f6_6_a_boost_smashes_only_the_block_directly_ahead() -> None:
    board = {"4,8": "straight r0", "4,7": "straight r0", "4,6": "straight r1", "4,5": "straight r0"}
    state = mode2_turn("diavola", board=board, boosts=2, cars={FUGITIVE: "4,8 S"})
    assert {t for t in texts(state) if t.startswith("boost")} == {"boost N"}


def test_f6_6_a_boost_never_smashes_the_tile_he_stands_on() -> None:
    board = {"4,8": "straight r1", "4,7": "straight r0"}
    state = mode2_turn("diavola", board=board, boosts=2, cars={FUGITIVE: "4,8 S"})
    assert not any(t.startswith("boost") for t in texts(state))


def test_f6_6_police_overtaken_beyond_the_crater_are_out() -> None:
    board = {"4,8": "straight r0", "4,7": "straight r1", "4,6": "straight r0", "4,5": "straight r0"}
    state = mode2_turn("diavola", board=board, boosts=2, police=(COUNTRY, PORT),
                       cars={FUGITIVE: "4,8 S", PORT: "4,6 S", COUNTRY: "4,5 N"},
                       reserves=[["curve", "straight"], [], ["t-junction", "t-junction"], []])
    play(state, "boost N,N,N")
    assert state.status[PORT] == OUT and state.status[COUNTRY] == ACTIVE


# --- F-7.3 the round limit ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("round_", "over"), [(49, False), (50, True)])
def test_f7_3_the_fugitive_wins_when_round_50_is_complete(round_: int, over: bool) -> None:
    # A program rule before, a ruling now: the old program ended the game at the same moment.
    state = fugitive_turn_begins(board={"4,8": "crossroads r0"}, cars={FUGITIVE: "4,8 S"}, round=round_)
    assert (state.outcome is not None) == over
    if over:
        assert state.outcome is not None
        assert state.outcome.termination == "round_limit" and state.outcome.winners == {FUGITIVE}
        assert state.round_number == 51 and state.turn_seat == FUGITIVE
    else:
        assert state.round_number == 50 and state.current_seat == FUGITIVE


