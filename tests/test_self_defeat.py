"""No accidental loss, as the rules cores answer it: which moves end the game against the one who makes them
(``GameState.self_defeat``, for the window to ask first), and which rotations of a tile keep its own car's way open
(``game.falconi.queries.way_after``). One test per ruling, then properties over random positions.

Places are written ``x,y E``: the car is in cell (x,y), having come in through its east edge.
"""

from __future__ import annotations

import random

from falconi_scenarios import build, play
from fredericus_builder import build_position
from hypothesis import given, settings
from hypothesis import strategies as st
from random_moves import played_at_random
from registry_cases import pizzas

from game.core.message import Message
from game.falconi.actions import BOMB, PASS
from game.falconi.constants import FUGITIVE, OUT, PORT
from game.falconi.queries import Way, way_after
from game.falconi.state import FalconiState
from game.fredericus.actions import END_TURN
from game.fredericus.state import FredericusState

VARIANTS = tuple(pizzas())
AT_ONCE = {"falconi.loss.blocked", "falconi.loss.caught", "falconi.loss.out", "falconi.loss.last_out",
           "falconi.loss.ends"}  # losses the move itself brings, not the next turn's start


def prison_start(variant: str) -> FalconiState:
    """A new game whose Don Falconi holds a curve, his car still at the prison, facing the empty cell (4,8)."""
    return next(state for seed in range(40) if 1 in (state := FalconiState.new_game(variant, seed)).reserve(FUGITIVE))


def places(state: FalconiState, text: str) -> list:
    return [action for action in state.legal_actions() if state.action_text(action).startswith(text)]


# --- Falconi ------------------------------------------------------------------------------------------------
def test_f6_5_a_curve_with_no_road_towards_don_falconi_leaves_him_no_way_on_in_salami_and_diavola():
    """The issue's first move: the curve N–E at (4,8) before the prison; turned to take the south road, it is fine."""
    for variant in ("salami", "diavola"):
        state = prison_start(variant)
        ways = {action.edge: way_after(state, action) for action in places(state, "place curve 4,8")}
        assert ways == {0: Way.CLOSED, 1: Way.OPEN, 2: Way.OPEN, 3: Way.CLOSED}, variant
        said = state.self_defeat(state.parse_action("place curve 4,8 r0"))
        assert said == Message("falconi.loss.no_way"), variant
        assert state.self_defeat(state.parse_action("place curve 4,8 r1")) is None


def test_f5_5_a_police_tile_that_leads_nowhere_puts_the_car_out_and_says_so():
    """Country police, Forest still in the chase: its curve turned out to the escape slot W3 leads nowhere."""
    state = build("prosciutto", police=(1, 3), board={"0,2": "straight r0"}, cars={1: "0,3 N"},
                  escapes={"W3": "country"}, status=["active", "active", "off", "active"], turn_seat=1,
                  phase="place", drawn="curve", reserves=[[], [], [], []])
    assert way_after(state, state.parse_action("place curve 0,3 r3")) == Way.CLOSED
    assert state.self_defeat(state.parse_action("place curve 0,3 r3")) == Message("falconi.loss.out")
    assert state.self_defeat(state.parse_action("place curve 0,3 r0")) is None  # on to the open end at (1,3)


def test_f8_3_the_last_police_car_going_out_gives_don_falconi_the_game():
    state = build("prosciutto", police=(1, 3), board={"0,2": "straight r0"}, cars={1: "0,3 N"},
                  escapes={"W3": "country"}, status=["active", "active", "off", "out"], turn_seat=1,
                  phase="place", drawn="curve", reserves=[[], [], [], []])
    assert state.self_defeat(state.parse_action("place curve 0,3 r3")) == Message("falconi.loss.last_out")


def test_f5_5_a_car_played_by_the_same_person_as_another_still_in_the_chase_loses_nothing_going_out():
    state = build("prosciutto", police=(1, 3), board={"0,2": "straight r0"}, cars={1: "0,3 N"},
                  escapes={"W3": "country"}, status=["active", "active", "off", "active"], turn_seat=1,
                  phase="place", drawn="curve", reserves=[[], [], [], []])
    assert state.self_defeat(state.parse_action("place curve 0,3 r3"), allies=frozenset({3})) is None


def test_f5_4_letting_a_catch_stand_when_a_chili_bomb_would_stop_it_asks_first():
    """Port came north to (4,6) and catches Don Falconi at (4,4) from behind; he still holds his bombs."""
    state = build(board={"4,5": "straight r0", "4,7": "straight r0"}, cars={FUGITIVE: "4,4 S", PORT: "4,6 S"},
                  turn_seat=PORT, phase="place", drawn="straight")
    play(state, "place straight 4,6 r0", "catch S")
    assert state.current_seat == FUGITIVE and set(state.legal_actions()) == {BOMB, PASS}
    assert state.self_defeat(PASS) == Message.of("falconi.loss.caught", police="@seat.falconi.2")
    assert state.self_defeat(BOMB) is None


def test_f6_5_a_police_tile_closing_its_own_way_says_it_leaves_the_chase():
    """The Port car, alone, still at its station: a curve at (4,0) with no road north shuts it in."""
    state = build("salami", cars={PORT: "4,0 N"}, turn_seat=PORT, phase="action", actions_left=3, acted=0,
                  reserves=[["straight", "u-turn"], [], ["curve"], []])
    closing = state.parse_action("place curve 4,0 r1")  # east–south: nothing faces the station
    assert way_after(state, closing) == Way.CLOSED
    assert state.self_defeat(closing) == Message("falconi.loss.no_way_last")
    assert state.self_defeat(state.parse_action("place curve 4,0 r0")) is None


def test_f9_a_warning_to_the_police_never_hangs_on_don_falconis_face_down_tiles():
    """Twins the Port car cannot tell apart (his reserve and accomplice dealt anew) get the same answers."""
    checked = 0
    for state in decisions(("salami", "diavola"), range(8)):
        seat = state.current_seat
        if seat == FUGITIVE:
            continue
        twin = state.determinize(seat, random.Random(7))
        assert twin.observation(seat) == state.observation(seat)
        for action in state.legal_actions():
            assert state.self_defeat(action) == twin.self_defeat(action), state.action_text(action)
            checked += 1
    assert checked > 100


def decisions(variants, seeds, every: int = 1):
    """Positions of random games (a police car or three), every ``every`` decisions."""
    for variant in variants:
        for seed in seeds:
            state = FalconiState.new_game(variant, seed, (PORT,) if seed % 2 else (1, 2, 3))
            rng = random.Random(seed)
            number = 0
            while not state.is_terminal():
                if number % every == 0:
                    yield state.clone()
                number += 1
                state.apply(rng.choice(state.legal_actions()))


@settings(max_examples=150)
@given(st.sampled_from(VARIANTS), st.integers(0, 10_000), st.integers(0, 80))
def test_a_move_said_to_lose_does_and_another_would_not(variant, seed, moves):
    """A warning is true where the move itself decides (the game over against its mover, or its car out), and
    never comes where every legal move would bring it: an unavoidable loss asks nothing."""
    state = FalconiState.new_game(variant, seed, (PORT,) if seed % 3 == 0 else (1, 2, 3))
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():
            return
        state.apply(rng.choice(state.legal_actions()))
    if state.is_terminal():
        return
    seat = state.current_seat
    said = {action: state.self_defeat(action) for action in state.legal_actions()}
    if any(said.values()):
        assert not all(said.values())
    for action, warning in said.items():
        if warning is not None and warning.key in AT_ONCE:
            after = play(state.clone(), state.action_text(action))
            lost = (after.outcome is not None and seat not in after.outcome.winners) or after.status[seat] == OUT
            assert lost, (state.action_text(action), warning)


@settings(max_examples=150)
@given(st.sampled_from(VARIANTS), st.integers(0, 10_000), st.integers(0, 80))
def test_some_rotation_keeps_the_way_open_exactly_when_laying_the_tile_is_not_a_defeat(variant, seed, moves):
    """The rotations' ways and the warnings agree: where a tile on a cell keeps the way open in one rotation,
    none of its rotations that close it is laid without a question."""
    state = FalconiState.new_game(variant, seed)
    if not played_at_random(state, seed, moves):
        return
    if state.is_terminal() or state.phase.name not in ("PLACE", "ACTION"):
        return
    for action in state.legal_actions():
        if action.verb == "place" and way_after(state, action) == Way.OPEN:
            assert state.self_defeat(action) is None, state.action_text(action)


# --- Fredericus ---------------------------------------------------------------------------------------------
def last_turn(**fields) -> FredericusState:
    """Four falconers, the end triggered by Red's eighth creature; Yellow (last in the turn order) has spent
    their actions; a manticore ends row 3, where Yellow's falcon could still take it (rows 2 and 4 end in sky)."""
    creatures = fields.pop("creatures", {0: "ggguuubb", 3: "cc"})
    return build_position(4, {3: "m"}, turn=3, actions_left=0, creatures=creatures, trigger="eighth_creature",
                          **fields)


def test_r7_2_ending_the_last_turn_while_behind_asks_first_and_says_by_how_much():
    state = last_turn()
    assert END_TURN in state.legal_actions() and len(state.legal_actions()) > 1
    assert state.self_defeat(END_TURN) == Message.of("fredericus.loss.behind", leader="@seat.fredericus.0",
                                                     theirs=8, mine=2)
    after = state.clone()
    after.apply(END_TURN)
    assert after.is_terminal() and 3 not in after.outcome.winners


def test_r7_2_an_end_turn_before_the_round_is_complete_ends_nothing():
    state = build_position(4, {2: "m"}, turn=2, actions_left=0, creatures={0: "ggguuubb"},
                           trigger="eighth_creature")
    assert state.self_defeat(END_TURN) is None


def test_r8_3_a_tie_goes_to_the_one_ending_the_game():
    state = last_turn(creatures={0: "ggguuubb", 3: "ccchhhmm"})
    assert state.self_defeat(END_TURN) is None


def test_r7_2_an_end_turn_that_is_the_only_move_left_asks_nothing():
    state = build_position(4, turn=3, actions_left=0, creatures={0: "ggguuubb", 3: "cc"}, trigger="eighth_creature")
    assert state.legal_actions() == (END_TURN,)
    assert state.self_defeat(END_TURN) is None


def test_r10_the_question_never_hangs_on_the_others_secret_pairs():
    """Red's objective pairs with its griffins or not: Yellow cannot tell, and is asked the same either way."""
    pairing = last_turn(objectives={0: "g"})
    plain = last_turn(objectives={0: "m"})
    assert pairing.scores()[0] != plain.scores()[0]
    assert pairing.self_defeat(END_TURN) == plain.self_defeat(END_TURN) is not None
