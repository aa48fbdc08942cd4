"""The AI does not dither in Mode II (issue 38, 2): no turning on the spot while a way on lies ahead, no step
out and straight back, and the police close the road to an escape tile in sight. The searches here use the
``normal`` budget with a clock that never moves, so only the iteration count stops them (as the hint's and
an AI seat's search, which ask the same level)."""

from __future__ import annotations

import random

import pytest
from falconi_scenarios import build

from game.ai.ismcts import ISMCTSBot
from game.ai.levels import NORMAL
from game.core.view import SeatView
from game.falconi.constants import COUNTRY, FOREST, FUGITIVE, PORT
from game.falconi.heuristics import chase_distances, escape_distance, pointless, way_ahead
from game.falconi.state import FalconiState
from scenes.playing.hints import HINT_LEVEL


def normal_choice(state: FalconiState, seed: int) -> str:
    bot = ISMCTSBot("normal", NORMAL, clock=lambda: 0.0)
    return state.action_text(bot.choose(SeatView(state), random.Random(seed)))


def normal_turn(state: FalconiState, seed: int) -> list[str]:
    """The whole turn the ``normal`` level plays for the car whose turn it is."""
    seat, rng, played = state.turn_seat, random.Random(seed), []
    bot = ISMCTSBot("normal", NORMAL, clock=lambda: 0.0)
    while not state.is_terminal() and state.turn_seat == seat:
        action = bot.choose(SeatView(state), rng)
        played.append(state.action_text(action))
        state.apply(action)
    return played


def at_the_prison() -> FalconiState:
    """Salami, round 2 of a normal-vs-normal game: he stands on a straight in front of the prison facing north,
    the cell ahead still empty; the police are building their way down from their stations."""
    board = {"4,8": "straight r0", "5,8": "overpass r0", "0,4": "curve r2", "0,5": "straight r0",
             "4,0": "crossroads r0", "4,1": "straight r0", "8,4": "crossroads r0", "7,4": "straight r1"}
    return build("salami", police=(COUNTRY, PORT, FOREST), turn_seat=FUGITIVE, phase="action", board=board,
                 cars={FUGITIVE: "4,8 S", COUNTRY: "0,5 N", PORT: "4,0 N", FOREST: "8,4 E"},
                 reserves=[["straight", "straight"], ["overpass"], ["curve"], ["straight"]],
                 actions_left=3, acted=0, round=2)


@pytest.mark.slow
def test_don_falconi_does_not_turn_on_the_spot_at_the_prison_while_the_way_ahead_is_open_f6_1():
    """A normal Don Falconi spent four rounds of a Salami game turning round at the prison: turning gained
    nothing the value guess could tell, and a turn ends his turn at once, so its trials looked clean."""
    state = at_the_prison()
    turns = [action for action in state.legal_actions() if action.verb == "turn"]
    assert way_ahead(state, FUGITIVE) and turns
    assert not any(normal_choice(state, seed).startswith("turn") for seed in range(3))
    assert all(pointless(state, action) for action in turns)


def test_turning_round_is_no_dither_when_it_takes_him_out_of_a_chasers_lane_f3_6():
    """The port car drives up behind him in his lane: turning round puts it in the opposite lane (F-3.6), and
    the value guess names that gain, so the turn stays a choice."""
    board = {f"4,{y}": "straight r0" for y in range(3, 9)}
    state = build("salami", turn_seat=FUGITIVE, phase="action", board=board,
                  cars={FUGITIVE: "4,4 S", PORT: "4,6 S"},
                  reserves=[["curve", "straight"], [], ["t-junction", "t-junction"], []], actions_left=3, acted=0)
    turn = state.parse_action("turn N")
    after = state.clone()
    after.apply(turn)
    assert min(chase_distances(after)) > min(chase_distances(state))
    assert not pointless(state, turn)


def u_turn_stepped_into() -> FalconiState:
    """Diavola, round 3 of a normal-vs-normal game, the Forest car's last action: it laid a U-turn at 7,5 and
    drove into it from the crossroads at 8,5 (its last drive of this turn began there); it could drive straight
    back out. Don Falconi, at 5,7, heads for the escape tile at S6."""
    board = {"4,0": "curve r0", "5,0": "curve r2", "4,1": "curve r1", "5,1": "curve r3", "0,3": "curve r0",
             "8,3": "curve r2", "0,4": "t-junction r1", "8,4": "curve r1", "0,5": "straight r0", "7,5": "u-turn r3",
             "8,5": "crossroads r0", "0,6": "overpass r0", "4,7": "crater", "5,7": "overpass r0",
             "4,8": "straight r0"}
    return build("diavola", police=(COUNTRY, PORT, FOREST), turn_seat=FOREST, phase="action", board=board,
                 craters={"4,7": "straight r1"}, escapes={"N0": "port", "S6": "forest"}, accomplice=None,
                 boosts=1, cars={FUGITIVE: "5,7 W", COUNTRY: "0,6 N", PORT: "4,1 E", FOREST: "7,5 E"},
                 drive_from="8,5 N", reserves=[["crossroads"], ["t-junction"], [], []], actions_left=1, acted=2,
                 round=3)


def test_a_car_does_not_drive_straight_back_where_its_last_drive_began_f6_1():
    """A normal police car drove into a U-turn and straight back out in the same turn, and a hint that asks the
    same search undid its own advice the same way: the drive back gains nothing the value guess can name."""
    state = u_turn_stepped_into()
    back = state.parse_action("step E")
    assert back in state.legal_actions()
    assert all(normal_choice(state, seed) != "step E" for seed in range(3))
    assert pointless(state, back)


@pytest.mark.slow
def test_the_hint_does_not_undo_the_drive_it_advised(service):
    """The hint asks the AI worker, which gets the position as a save: where the car's last drive began goes
    with it, so the hint after a drive it advised never says to drive back."""
    state = u_turn_stepped_into()
    for seed in range(3):
        decision = service.ask(state, HINT_LEVEL, seed)
        assert decision.future.result(timeout=60) is not None
        assert decision.result() != state.parse_action("step E")


def test_a_drive_back_that_catches_him_is_no_dither_f6_4():
    """The port car stepped into a U-turn at 4,4 from the crossroads at 4,3, where he now stands heading north:
    driving back out enters his lane from behind, a catch (F-6.4), which ends the game."""
    board = {"4,2": "straight r0", "4,3": "crossroads r0", "4,4": "u-turn r2", "4,8": "straight r0"}
    state = build("salami", turn_seat=PORT, phase="action", board=board,
                  cars={FUGITIVE: "4,3 S", PORT: "4,4 N"}, drive_from="4,3 N",
                  reserves=[["curve", "straight"], [], ["t-junction", "straight"], []], actions_left=2, acted=1)
    assert not pointless(state, state.parse_action("step N"))


def escape_two_cells_away(country_at: str) -> FalconiState:
    """Diavola, both Chili Boosts spent: an escape tile waits at W6 and he stands at 2,6 heading west, the
    straight at 1,6 and the empty cell 0,6 between him and it (four actions: his next turn and one more). The
    Country car comes down the west edge, its turn now."""
    board = {"2,6": "straight r1", "1,6": "straight r1", "0,3": "straight r0", "0,4": "straight r0",
             "0,5": "straight r0", "4,2": "straight r0", "8,4": "straight r1"}
    return build("diavola", police=(COUNTRY, PORT, FOREST), turn_seat=COUNTRY, phase="action", board=board,
                 cars={FUGITIVE: "2,6 E", COUNTRY: country_at, PORT: "4,2 N", FOREST: "8,4 E"},
                 escapes={"W6": "forest"}, accomplice=None, boosts=0,
                 reserves=[["curve", "straight"], ["straight", "t-junction"], ["t-junction", "t-junction"],
                           ["curve", "curve"]], actions_left=3, acted=0)


@pytest.mark.slow
def test_the_police_close_the_road_to_an_escape_two_cells_from_him_f6_6():
    """In Diavola three normal police let him drive out by an escape tile two cells away. The Country car two
    tiles up the road has just the turn it needs: two drives and a tile across 0,6."""
    state = escape_two_cells_away("0,3 N")
    before = escape_distance(state)
    closed = 0
    for seed in range(3):
        played = state.clone()
        normal_turn(played, seed)
        closed += escape_distance(played) > before
    assert closed >= 2
