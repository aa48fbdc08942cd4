"""The rulings revised on 2026-11-27 (F-5.8, F-6.5 in Diavola, F-6.6's accomplice), one test per checkable
consequence. Each test fails under the rulings of 2026-11-24 but for those marked as the half of a ruling the
old program already played so (each says why).

Places are written ``x,y E``: the car is in cell (x,y), having come in through its east edge.
"""

from __future__ import annotations

import random

import pytest
from falconi_scenarios import build, pile_order, play, texts
from test_falconi_revised_rulings import fugitive_turn_begins, mode2_turn, police_turn_ends

from game.ai.levels import level_makers
from game.core.view import SeatView
from game.falconi import mode2
from game.falconi.constants import FUGITIVE, OUT, PLACE, PORT
from game.falconi.network import drive_route
from game.falconi.state import FalconiState
from game.falconi.tiles import CRATER, KIND_BY_NAME, U_TURN

# Don Falconi's road north of the prison: two straights, his car at the open end beyond them.
ROAD_HOME = {"4,8": "straight r0", "4,7": "straight r0"}


# --- F-5.8 no U-turn back into the car's own building --------------------------------------------------------------
def test_f5_8_a_u_turn_that_would_send_him_back_into_the_prison_later_goes_back_into_the_pile() -> None:
    state = police_turn_ends(board=dict(ROAD_HOME), cars={FUGITIVE: "4,6 S"}, pile_top=("u-turn", "curve"))
    u_turns = pile_order(state).count(U_TURN)
    play(state, "drive 4,1 N")
    assert state.turn_seat == FUGITIVE and state.tile_just_drawn() == KIND_BY_NAME["curve"]
    assert pile_order(state).count(U_TURN) == u_turns


def test_f5_8_a_police_car_sent_back_into_its_station_draws_again_too() -> None:
    board = {"4,8": "straight r0", "4,0": "straight r0", "4,1": "straight r0"}
    state = build(board=board, cars={FUGITIVE: "4,8 S", PORT: "4,2 N"}, turn_seat=FUGITIVE, phase="drive",
                  drive_from="4,8 S", pile_top=("u-turn", "straight"))
    play(state, "drive 4,7 S")
    assert state.turn_seat == PORT and state.tile_just_drawn() == KIND_BY_NAME["straight"]


@pytest.mark.parametrize(("bombs", "put_back"), [(2, False), (0, True)])
def test_f5_8_a_bombable_block_on_the_way_back_lets_the_u_turn_stand(bombs: int, put_back: bool) -> None:
    # His road back crosses a crossroads whose side roads end at tiles with no road towards him: with a Chili
    # Bomb those blocks are a way off (F-5.5), so the U-turn is placed as drawn; without one it goes back.
    board = {"4,8": "straight r0", "4,7": "crossroads r0", "3,7": "straight r0", "5,7": "straight r0"}
    state = police_turn_ends(board=board, cars={FUGITIVE: "4,6 S"}, bombs=bombs, pile_top=("u-turn", "curve"))
    play(state, "drive 4,1 N")
    assert state.tile_just_drawn() == (KIND_BY_NAME["curve"] if put_back else U_TURN)


def test_f5_8_a_u_turn_back_to_an_open_end_is_placed_as_drawn() -> None:
    # As before the revision: the way back turns off at a T-junction into an empty cell.
    board = {"4,8": "straight r0", "4,7": "t-junction r1"}  # joins N, S and W: west of it (3,7) is empty
    state = police_turn_ends(board=board, cars={FUGITIVE: "4,6 S"}, pile_top=("u-turn", "curve"))
    play(state, "drive 4,1 N")
    assert state.tile_just_drawn() == U_TURN and texts(state) == ["place u-turn 4,6 r0"]


def test_f5_8_a_u_turn_back_into_a_plain_border_slot_is_placed_as_drawn() -> None:
    # As before the revision: the way back ends at the city's edge (W5), not at his building, so the ruling
    # does not spare him; he is blocked by his own road, not by the shuffle.
    state = police_turn_ends(board={"0,5": "straight r1"}, cars={FUGITIVE: "1,5 W"}, bombs=0,
                             pile_top=("u-turn", "curve"))
    play(state, "drive 4,1 N")
    assert state.tile_just_drawn() == U_TURN


def test_f5_8_a_reserve_of_u_turns_later_in_the_game_is_no_other_tile_to_play() -> None:
    state = police_turn_ends("funghi", board=dict(ROAD_HOME), cars={FUGITIVE: "4,6 S"},
                             pile_top=("u-turn", "curve"), reserves=[["u-turn", "u-turn"], [], ["straight"] * 2, []])
    play(state, "drive 4,1 N")
    assert state.tile_just_drawn() == KIND_BY_NAME["curve"]


def test_f5_8_with_another_tile_in_reserve_the_u_turn_home_stays_a_choice() -> None:
    # As before the revision: a Funghi player who holds another tile chooses.
    state = police_turn_ends("funghi", board=dict(ROAD_HOME), cars={FUGITIVE: "4,6 S"},
                             pile_top=("u-turn",), reserves=[["curve", "straight"], [], ["straight"] * 2, []])
    play(state, "drive 4,1 N")
    assert state.tile_just_drawn() == U_TURN and "place u-turn 4,6 r0" in texts(state)


def test_f5_8_no_random_margherita_car_is_ever_sent_home_by_a_u_turn_it_had_to_place() -> None:
    # Whole random games: whenever a car has to place a U-turn (Margherita has no reserve) and is blocked by it
    # at once, its road back does not lead into its own building.
    checked = 0
    for seed in range(1, 61):
        state = FalconiState.new_game("margherita", seed)
        choose = random.Random(seed).choice
        while not state.is_terminal():
            if state.phase == PLACE and state.tile_just_drawn() == U_TURN:
                seat = state.turn_seat
                placed = play(state.clone(), texts(state)[0])
                over = placed.outcome is not None and placed.outcome.termination == "fugitive_blocked"
                if over or placed.status[seat] == OUT:
                    home = drive_route(placed, placed.cars[seat], -(placed.building(seat) + 1))
                    assert home is None, f"seed {seed}, turn {state.turn_number}: a U-turn sent seat {seat} home"
                checked += 1
            state.apply(choose(state.legal_actions()))
    assert checked > 20


# --- F-6.5 Diavola: a block is a way on only if he smashes it this turn --------------------------------------------
BLOCK_AHEAD = {"4,8": "straight r0", "4,7": "straight r1"}  # a block directly north of him, nothing else


def must_smash_turn(**fields) -> FalconiState:
    fields.setdefault("boosts", 1)
    return fugitive_turn_begins("diavola", board=dict(BLOCK_AHEAD), cars={FUGITIVE: "4,8 S"}, accomplice=None,
                                set_aside=["escape:port"], **fields)


def test_f6_5_with_only_a_block_to_smash_his_turn_begins_bound_to_smash_it() -> None:
    state = must_smash_turn()
    assert state.outcome is None and state.current_seat == FUGITIVE and state.must_smash
    assert mode2.count_ways_on(state, FUGITIVE, 1) == 0  # the block is no way on by itself


def test_f6_5_a_turn_that_ends_without_the_smash_blocks_him() -> None:
    state = must_smash_turn()
    play(state, "turn N")  # a three-point turn spends the whole turn
    assert state.outcome is not None
    assert state.outcome.termination == "fugitive_blocked" and state.outcome.winners == {PORT}


def test_f6_5_three_actions_without_a_smash_block_him_at_the_turns_end() -> None:
    state = must_smash_turn()
    play(state, "place curve 3,8 r0", "place curve 5,8 r0")
    assert state.outcome is None
    play(state, "draw")
    assert state.outcome is not None and state.outcome.termination == "fugitive_blocked"


def test_f6_5_the_smash_keeps_him_in_the_game() -> None:
    state = must_smash_turn()
    play(state, "boost N")
    assert state.board[state.city.cell(4, 7)] == CRATER and not state.must_smash
    play(state, "place curve 3,7 r0", "draw")
    assert state.outcome is None and state.turn_seat == PORT


@pytest.mark.parametrize(("boosts", "in_game"), [(1, False), (2, True)])
def test_f6_5_a_block_too_far_to_smash_within_the_turn_does_not_save_him(boosts: int, in_game: bool) -> None:
    # The block lies four tiles north of him: one boost cannot reach it and smash it within three actions
    # (drive, drive, smash from two tiles short); with two, a boost of 3 tiles, a drive and a smash do.
    board = {f"4,{y}": "straight r0" for y in range(4, 9)} | {"4,3": "straight r1"}
    state = fugitive_turn_begins("diavola", board=board, cars={FUGITIVE: "4,8 S"}, boosts=boosts,
                                 accomplice=None, set_aside=["escape:port"])
    assert (state.outcome is None) == in_game
    if in_game:
        assert state.must_smash
    else:
        assert state.outcome is not None and state.outcome.termination == "fugitive_blocked"


def test_f6_5_another_way_on_frees_him_from_the_smash() -> None:
    # As before the revision: with an open end beside the block he plays his turn as he likes.
    state = fugitive_turn_begins("diavola", board={"4,8": "crossroads r0", "4,7": "straight r1"},
                                 cars={FUGITIVE: "4,8 S"}, boosts=1, accomplice=None, set_aside=["escape:port"])
    assert state.outcome is None and not state.must_smash


def test_f6_5_the_ai_knows_it_must_smash() -> None:
    bot = level_makers()["normal"]()
    state = must_smash_turn()
    rng = random.Random(1)
    while state.turn_seat == FUGITIVE and not state.is_terminal():
        state.apply(bot.choose(SeatView(state, FUGITIVE), rng))
    assert state.board[state.city.cell(4, 7)] == CRATER and state.outcome is None


def accomplice_twins() -> list[FalconiState]:
    """Port's last action of round 1, twice: Don Falconi's road ends at E2, a free Forest slot, behind him, and
    a block lies ahead. His accomplice is from the Forest in the first twin (E2 is a way out) and from the Port
    in the second (no way on but the block: he must smash it). Nothing else differs."""
    board = {"8,2": "straight r1", "7,2": "straight r0", "4,0": "straight r0", "4,1": "straight r0"}
    return [mode2_turn("diavola", seat=PORT, board=board, cars={FUGITIVE: "8,2 E", PORT: "4,0 N"}, boosts=1,
                       accomplice=district, actions_left=1, reserves=[["curve", "curve"], [], [], []])
            for district in ("forest", "port")]


def test_f6_5_the_police_do_not_see_whether_he_must_smash() -> None:
    free, bound = (play(twin, "step S") for twin in accomplice_twins())
    assert not free.must_smash and bound.must_smash
    assert free.observation(PORT) == bound.observation(PORT)
    assert "must_smash" in bound.observation(FUGITIVE)


# --- F-6.6 the accomplice never waits on the prison's side ---------------------------------------------------------
def test_f6_6_the_accomplice_is_never_offered_a_south_border_slot() -> None:
    state = mode2_turn("diavola", accomplice="forest", set_aside=["escape:country", "escape:port"])
    slots = {text.split()[1] for text in texts(state) if text.startswith("accomplice")}
    assert slots == {"E0", "E2", "E3", "E5", "W6", "W8"}


def test_f6_6_a_free_south_slot_of_his_accomplices_district_is_no_way_out() -> None:
    # His road leads only into S6, a free Forest slot: with a Forest escape tile in his reserve it is a way out
    # (F-6.5); with the Forest accomplice it is not, for the accomplice never waits there.
    board = {"6,8": "straight r0", "6,7": "straight r1"}
    held = fugitive_turn_begins("diavola", board=board, cars={FUGITIVE: "6,8 N"}, boosts=0, accomplice=None,
                                reserves=[["escape:forest"], [], [], []], set_aside=["escape:port"])
    assert held.outcome is None
    waiting = fugitive_turn_begins("diavola", board=board, cars={FUGITIVE: "6,8 N"}, boosts=0,
                                   accomplice="forest", reserves=[["curve"], [], [], []],
                                   set_aside=["escape:port", "escape:country"])
    assert waiting.outcome is not None and waiting.outcome.termination == "fugitive_blocked"


def test_f6_6_a_drawn_escape_tile_may_still_go_on_the_south_border() -> None:
    # As before the revision: only the accomplice keeps off the prison's side.
    state = mode2_turn("diavola", accomplice="port", reserves=[["curve"], [], [], []], pile_top=("escape:forest",),
                       set_aside=["escape:country"])
    play(state, "draw")
    assert "escape S6" in texts(state)
