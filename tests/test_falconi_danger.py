"""The danger overlay: the lanes where a police car could catch Don Falconi before his next turn, worked
out lane by lane as the rules let each car act (F-3.6, F-5.1 … F-5.4, F-6.1, F-6.4, F-6.6), never hiding a real
catch and never reading what the deciding seat cannot see (F-9); and the D key / right stick showing and hiding
it on the board.

Places are written ``x,y E``: the car is in cell (x,y), having come in through its east edge.
"""

from __future__ import annotations

import random

import pygame
from falconi_scenarios import build, play
from hypothesis import given, settings
from hypothesis import strategies as st
from random_moves import random_moves
from registry_cases import pizzas
from scene_driver import screenshot_dir

from game.core.errors import StateFormatError
from game.falconi.actions import place_text
from game.falconi.city import cell_of, place_of, same_cell
from game.falconi.constants import ACTION, ACTIVE, COUNTRY, DRIVE, FOREST, FUGITIVE, PLACE, POLICE, PORT
from game.falconi.danger import danger_lanes, police_to_come, risky_stops
from game.falconi.state import FalconiState
from game.falconi.tiles import EMPTY
from game.services.match import Match, MatchSetup, SeatPlan
from scenes.falconi.danger import DANGER
from scenes.falconi.view import FalconiView
from scenes.kit import input as inp
from scenes.kit.stack import Push
from scenes.playing.play import PlayScene
from scenes.playing.sources.local import start_match_scene


def at(state: FalconiState, text: str) -> int:
    """The place written ``x,y E``."""
    return next(p for p in range(state.city.cell_count * 4) if place_text(state.city, p) == text)


def cars_at(state: FalconiState, text: str, seat: int = FUGITIVE) -> frozenset[int]:
    return danger_lanes(state, seat).cars_at(at(state, text))


# --- Mode I ------------------------------------------------------------------------------------------------
def port_behind(**fields) -> FalconiState:
    """Port police at its open end (4,7) S with a straight road north of it to Don Falconi's open end at (4,4)."""
    board = {"4,8": "straight r0", "4,6": "straight r0", "4,5": "straight r0"}
    return build(board=board, cars={FUGITIVE: "4,4 S", PORT: "4,7 S"}, turn_seat=PORT, phase="place",
                 drawn="straight", **fields)


def test_mode1_a_car_that_can_drive_into_his_lane_next_turn_puts_it_in_danger():
    assert cars_at(port_behind(), "4,4 S") == {PORT}


def test_mode1_the_other_lane_of_the_same_cell_is_not_in_danger():
    state = port_behind()
    assert at(state, "4,4 N") not in danger_lanes(state, FUGITIVE)


def test_mode1_a_road_closed_by_a_chili_bomb_keeps_the_car_out():
    assert cars_at(port_behind(closed=["4,6 N", "4,5 S"]), "4,4 S") == frozenset()


def test_mode1_a_car_reaches_through_a_tunnel():
    # Country police leaves (0,1) westward through W1 and comes back in at (8,7) through its east edge (F-1.4).
    state = build(police=(COUNTRY, FOREST), board={"0,0": "curve r1"}, cars={COUNTRY: "0,1 N"},
                  turn_seat=COUNTRY, phase="place", drawn="curve")
    assert cars_at(state, "8,7 E") == {COUNTRY}


def test_mode1_a_car_at_its_station_lays_any_tile_that_may_come_from_the_pile():
    state = FalconiState.new_game("margherita", 1)
    danger = danger_lanes(state, FUGITIVE)
    assert danger.cars_at(at(state, "4,1 N")) == {PORT}  # a straight in front of the Port station
    assert danger.cars_at(at(state, "5,0 W")) == {PORT}  # a curve or a junction turning east
    assert danger.cars_at(at(state, "1,4 W")) == {COUNTRY}
    assert at(state, "4,2 N") not in danger  # two tiles away: one tile a turn


def test_mode1_only_the_tile_drawn_counts_once_it_is_drawn():
    state = build(cars={PORT: "4,0 N"}, turn_seat=PORT, phase="place", drawn="straight")
    assert cars_at(state, "4,1 N") == {PORT}
    assert at(state, "5,0 W") not in danger_lanes(state, FUGITIVE)  # a straight cannot turn east


def test_mode1_a_tile_an_earlier_car_lays_opens_the_way_for_a_later_one():
    # Country's open end (4,6) lies on Forest's only way to him: once Country fills it, Forest drives on through.
    board = {"4,7": "straight r0", "4,5": "straight r0", "6,6": "straight r1"}
    cars = {FUGITIVE: "4,4 S", COUNTRY: "4,6 S", FOREST: "5,6 E"}
    both = build(police=(COUNTRY, FOREST), board=board, cars=cars, turn_seat=FUGITIVE, phase="place",
                 drawn="curve")
    assert cars_at(both, "4,4 S") == {COUNTRY, FOREST}
    alone = build(police=(COUNTRY, FOREST), board=board, cars=cars, turn_seat=FOREST, phase="place",
                  drawn="crossroads")
    assert cars_at(alone, "4,4 S") == frozenset()  # Country's turn is over: the cell stays empty


def test_mode1_his_drive_options_in_danger_are_his_risky_stops():
    board = {"1,8": "straight r1", "3,8": "straight r1"}
    state = build(board=board, cars={FUGITIVE: "4,8 S", PORT: "2,8 W"}, turn_seat=FUGITIVE, phase="place",
                  drawn="crossroads")
    play(state, "place crossroads 4,8 r0")
    risky = {state.action_text(action): cars for action, cars in risky_stops(state, FUGITIVE).items()}
    assert risky == {"drive 4,7 S": {PORT}, "drive 5,8 W": {PORT}}  # not 2,8 E: Port stands in the other lane


def test_mode1_a_drive_before_taking_a_tile_is_no_stop():
    # Both wait at (4,6), he having come in from the west, Port from the south; he lays a curve west–south.
    state = build(board={"3,6": "straight r1", "4,7": "straight r0"}, cars={FUGITIVE: "4,6 W", PORT: "4,6 S"},
                  turn_seat=FUGITIVE, phase="place", drawn="curve")
    play(state, "place curve 4,6 r2", "drive 4,8 N")
    assert state.phase == DRIVE and state.pre_drive and state.turn_seat == PORT
    assert risky_stops(state, FUGITIVE) == {}


# --- Mode II -----------------------------------------------------------------------------------------------
def action_turn(variant: str = "salami", seat: int = FUGITIVE, **fields) -> FalconiState:
    fields.setdefault("reserves", [["curve", "straight"], [], ["t-junction", "t-junction"], []])
    return build(variant, turn_seat=seat, phase="action", actions_left=3, acted=0, **fields)


def test_mode2_three_drives_reach_three_tiles_and_no_further():
    board = {f"4,{y}": "straight r0" for y in range(1, 6)}
    state = action_turn(board=board, cars={PORT: "4,1 N", FUGITIVE: "4,5 N"})
    danger = danger_lanes(state, FUGITIVE)
    assert [danger.cars_at(at(state, f"4,{y} N")) for y in (2, 3, 4, 5)] == [{PORT}, {PORT}, {PORT}, set()]
    assert at(state, "4,4 S") not in danger  # the other lane: he would be facing the car


def test_mode2_a_reserve_tile_laid_in_front_and_driven_over_reaches_one_tile_further():
    board = {"4,2": "straight r0", "4,4": "straight r0"}
    state = action_turn(board=board, cars={PORT: "4,2 N", FUGITIVE: "4,4 N"})
    assert cars_at(state, "4,4 N") == {PORT}  # place at (4,3), drive onto it, drive on: three actions
    empty_handed = action_turn(board=board, cars={PORT: "4,2 N", FUGITIVE: "4,4 N"},
                               reserves=[["curve", "straight"], [], [], []])
    assert cars_at(empty_handed, "4,4 N") == frozenset()  # draw, place, drive, drive: four actions


def test_mode2_a_car_at_its_station_first_lays_a_tile_in_front_of_it():
    board = {"4,1": "straight r0", "4,2": "straight r0", "4,3": "straight r0"}
    state = action_turn(board=board, cars={FUGITIVE: "4,3 N"})
    danger = danger_lanes(state, FUGITIVE)
    assert danger.cars_at(at(state, "4,1 N")) == danger.cars_at(at(state, "4,2 N")) == {PORT}
    assert at(state, "4,3 N") not in danger


def test_mode2_the_car_whose_turn_it_is_counts_only_its_actions_left():
    board = {f"4,{y}": "straight r0" for y in range(1, 5)}
    state = build("salami", board=board, cars={PORT: "4,1 N", FUGITIVE: "4,4 N"}, turn_seat=PORT,
                  phase="action", actions_left=2, acted=1, reserves=[[], [], [], []])
    assert cars_at(state, "4,3 N", PORT) == {PORT}
    assert cars_at(state, "4,4 N", PORT) == frozenset()


def test_mode2_a_chili_boost_that_overtakes_a_police_car_knocks_it_out_of_the_danger():
    board = {f"4,{y}": "straight r0" for y in range(2, 8)}
    state = action_turn("diavola", board=board, cars={FUGITIVE: "4,7 S", PORT: "4,5 S"}, accomplice="port",
                        boosts=2)
    assert cars_at(state, "4,4 S") == {PORT}
    risky = {state.action_text(action) for action in risky_stops(state, FUGITIVE)}
    assert "step N" not in risky and "boost N,N,N" not in risky  # behind Port; past Port, which is out


# --- who may know what (F-9) -------------------------------------------------------------------------------
def test_police_to_come_are_the_cars_before_his_next_turn():
    state = build(police=POLICE, turn_seat=PORT, phase="place", drawn="curve")
    assert police_to_come(state) == [PORT, FOREST]
    assert police_to_come(build(police=POLICE, phase="place", drawn="curve")) == [COUNTRY, PORT, FOREST]


def test_the_police_count_his_face_down_reserve_among_the_tiles_they_may_draw():
    # Port's car at its station holds nothing and the pile is one straight; he holds a curve face down (F-6.2).
    board = {"4,1": "straight r1", "5,0": "straight r1", "4,3": "straight r0"}
    state = build("salami", cars={FUGITIVE: "4,3 N"}, board=board, turn_seat=FUGITIVE, phase="action",
                  actions_left=3, acted=0, pile_top=("straight",), pile_size=1,
                  reserves=[["curve", "u-turn"], [], [], []])
    assert at(state, "5,0 W") not in danger_lanes(state, FUGITIVE)  # he knows only a straight can come
    assert cars_at(state, "5,0 W", PORT) == {PORT}  # to the police a curve may: draw, lay it turning east, drive


# --- properties over random play ---------------------------------------------------------------------------
def offered_catches(state: FalconiState) -> set[int]:
    """The police seats offered a catch in this decision (F-5.4 catch, F-6.4 Drive into his lane)."""
    seat = state.turn_seat
    if state.outcome is not None or seat == FUGITIVE or state.current_seat != seat:
        return set()
    fugitive = state.cars[FUGITIVE]
    return {seat for action in state.legal_actions() if action.verb == "catch"
            or action.verb == "step" and state.links[same_cell(state.cars[seat], action.edge)] == fugitive}


def catches_within_turn(state: FalconiState, seen: set) -> bool:
    """Whether the car whose turn it is can catch him before its turn ends, whatever it does (every action)."""
    key = (bytes(state.board), bytes(state.closed), tuple(state.cars), tuple(state.reserve(seat) for seat in range(4)),
           state.actions_left, state.phase, state.tile_just_drawn(), state.bombs)
    if key in seen:
        return False
    seen.add(key)
    seat = state.turn_seat
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action)
        if after.outcome is not None and after.outcome.termination == "catch":
            return True
        if after.outcome is None and after.turn_seat == seat and catches_within_turn(after, seen):
            return True
    return False


variants = st.sampled_from(pizzas())
police_setups = st.sampled_from([(PORT,), (COUNTRY, FOREST), POLICE])


@settings(max_examples=40)
@given(variant=variants, police=police_setups, seed=st.integers(0, 10_000))
def test_every_catch_offered_before_his_next_turn_was_in_the_danger_set(variant, police, seed):
    """Soundness: from each point where the board no longer changes but by the police (the police round, and
    his Mode I drive after laying his tile), every catch offered before his next turn is in the set."""
    danger = None
    for before, _action, _after in random_moves(FalconiState.new_game(variant, seed, police), seed):
        if before.turn_number > 160:
            break
        his_stop = before.variant.mode == 1 and before.phase == DRIVE and not before.pre_drive
        if before.turn_seat == FUGITIVE:
            danger = danger_lanes(before, FUGITIVE) if his_stop and before.current_seat == FUGITIVE else None
            continue
        if danger is None:
            danger = danger_lanes(before, before.current_seat)
        for car in offered_catches(before):
            assert car in danger.cars_at(before.cars[FUGITIVE]), (seed, before.turn_number)


@settings(max_examples=60)
@given(variant=variants, seed=st.integers(0, 10_000))
def test_every_catch_a_car_near_him_can_make_in_its_turn_was_in_the_danger_set(variant, seed):
    """Soundness where catches are common: police cars moved next to him, each car's whole turn tried out in
    every way, the cars before it in the round playing at random."""
    state = near_him(variant, seed)
    if state is None:
        return
    danger = danger_lanes(state, FUGITIVE)
    rng = random.Random(seed)
    while state.outcome is None and state.turn_seat != FUGITIVE:
        fresh = state.phase == PLACE if state.variant.mode == 1 else state.phase == ACTION and state.acted == 0
        if fresh and state.current_seat == state.turn_seat and catches_within_turn(state, set()):
            assert state.turn_seat in danger.cars_at(state.cars[FUGITIVE]), (seed, state.turn_number)
        state.apply(rng.choice(state.legal_actions()))


def near_him(variant: str, seed: int) -> FalconiState | None:
    """A position of random play, the police round about to begin, with catches within reach: in Mode II the
    police cars are put on tiles within three cells of Don Falconi; in Mode I he is put at an open end the first
    police car can drive to with one of its tiles (found by playing the rules, not by the danger set). ``None``
    when the game ended first or a car cannot stand there."""
    rng = random.Random(seed)
    state = FalconiState.new_game(variant, seed, POLICE)
    for _ in range(rng.randrange(4, 40) if state.variant.mode == 1 else rng.randrange(20, 90)):
        if state.is_terminal():
            return None
        state.apply(rng.choice(state.legal_actions()))
    if state.is_terminal():
        return None
    city, data = state.city, state.to_json()
    mode1 = state.variant.mode == 1
    if not mode1:
        fx, fy = city.xy(cell_of(state.cars[FUGITIVE]))
        near = [c for c in range(city.cell_count)
                if state.board[c] != EMPTY and abs(city.xy(c)[0] - fx) + abs(city.xy(c)[1] - fy) <= 3]
        for seat in POLICE:
            if state.status[seat] == ACTIVE:
                data["cars"][seat] = place_text(city, place_of(rng.choice(near), rng.randrange(4)))
    first = min(seat for seat in POLICE if state.status[seat] == ACTIVE)
    drawn = next((item for item in reversed(data["pile"]) if not item.startswith("escape")), None) if mode1 else None
    if drawn is not None:
        data["pile"].remove(drawn)
    data.update(turn_seat=first, decider=first, phase="place" if mode1 else "action", actions_left=0 if mode1 else 3,
                acted=0, drawn=drawn, drive_from=None, pre_drive=False, catch_edge=None)
    try:
        start = FalconiState.from_json(data)
    except StateFormatError:  # its open end was filled: it drives on first (F-5.3), not what this sets up
        return None
    if not mode1:
        return start
    trial = start.clone()
    trial.apply(rng.choice(trial.legal_actions()))
    ends = [a for a in trial.legal_actions() if a.verb == "drive" and a.slot < 0] if trial.phase == DRIVE else []
    if not ends:
        return start
    rng.shuffle(ends)
    for end in ends:  # an open end the new tile leads to directly has no road into it yet (F-3.3)
        data["cars"][FUGITIVE] = place_text(city, place_of(end.cell, end.edge))
        try:
            return FalconiState.from_json(data)
        except StateFormatError:
            continue
    return start


@settings(max_examples=30)
@given(variant=variants, police=police_setups, seed=st.integers(0, 10_000), moves=st.integers(0, 80),
       seat=st.sampled_from([FUGITIVE, COUNTRY, PORT, FOREST]))
def test_the_danger_set_never_depends_on_what_the_seat_cannot_see(variant, police, seed, moves, seat):
    state = FalconiState.new_game(variant, seed, police)
    for _before, _action, _after in random_moves(state, seed):
        moves -= 1
        if moves < 0:
            break
    if state.is_terminal():
        return
    danger = danger_lanes(state, seat)
    for deal in range(3):
        twin = state.determinize(seat, random.Random(deal))
        assert danger_lanes(twin, seat) == danger
        if seat == FUGITIVE:
            assert risky_stops(twin, seat) == risky_stops(state, seat)


# --- the board ---------------------------------------------------------------------------------------------
def test_key_d_and_the_right_stick_show_and_hide_the_danger_lanes(driver, tmp_path):
    person = SeatPlan.human(0)
    match = Match(MatchSetup("falconi", (person, SeatPlan("off"), person, SeatPlan("off")), seed=3))
    board = {"1,8": "straight r1", "3,8": "straight r1"}
    match.state = play(build(board=board, cars={FUGITIVE: "4,8 S", PORT: "2,8 W"}, turn_seat=FUGITIVE,
                             phase="place", drawn="crossroads"), "place crossroads 4,8 r0")
    driver.app.stack.apply(Push(start_match_scene(driver.app.context, match)))
    driver.run(3)
    scene = driver.top
    assert isinstance(scene, PlayScene)
    overlay = scene.view.danger
    assert overlay.shown is not None and at(match.state, "4,7 S") in overlay.shown  # on: the hints are on
    assert ("dest", at(match.state, "4,7 S")) in overlay.of(match.state)[1]  # a siren on that drive
    legend = driver.app.context.tr("danger.legend")
    assert legend in scene.view.hud(match.state, scene.source.visible_seats()).notes
    shown = pygame.image.tobytes(driver.app.screen, "RGB")
    driver.save(screenshot_dir(tmp_path), "danger_on")
    driver.key(pygame.K_d)
    driver.run()
    assert overlay.shown is None and pygame.image.tobytes(driver.app.screen, "RGB") != shown
    assert legend not in scene.view.hud(match.state, scene.source.visible_seats()).notes
    driver.save(screenshot_dir(tmp_path), "danger_off")
    driver.pad(pygame.CONTROLLER_BUTTON_RIGHTSTICK)
    driver.run()
    assert overlay.shown is not None and pygame.image.tobytes(driver.app.screen, "RGB") == shown


def test_the_danger_lanes_are_never_drawn_while_an_ai_seat_decides(driver):
    setup = MatchSetup("falconi", (SeatPlan.ai("easy"), SeatPlan("off"), SeatPlan.human(0), SeatPlan("off")),
                       seed=3)
    driver.app.stack.apply(Push(start_match_scene(driver.app.context, Match(setup))))
    driver.run(2)
    assert driver.top.view.danger.on and driver.top.view.danger.shown is None


def test_a_game_without_an_overlay_says_so(driver):
    person = SeatPlan.human(0)
    driver.app.stack.apply(Push(start_match_scene(driver.app.context, Match(MatchSetup("fredericus", (person,) * 2)))))
    driver.run()
    driver.key(pygame.K_d)
    assert driver.top.message == driver.app.context.tr("danger.none")


def test_the_danger_toggle_is_bound_to_d_and_the_right_stick():
    mapper = inp.InputMapper()
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d, mod=0)
    assert [intent.kind for intent in mapper.intents(key)] == [DANGER]
    stick = pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=7, button=pygame.CONTROLLER_BUTTON_RIGHTSTICK)
    assert [intent.kind for intent in mapper.intents(stick)] == [DANGER]
    assert any(entry[0] == "danger.keys.toggle" for entry in inp.key_help())


def legend_at(driver, match: Match) -> list[str]:
    """The danger legend's lines in the side panel as the person deciding at ``match`` reads them."""
    driver.app.stack.apply(Push(start_match_scene(driver.app.context, match)))
    driver.run(2)
    scene = driver.top
    assert isinstance(scene, PlayScene) and isinstance(scene.view, FalconiView) and scene.view.danger.shown is not None
    state = match.state
    assert isinstance(state, FalconiState)
    notes = scene.view.hud(state, scene.source.visible_seats()).notes
    tr = driver.app.context.tr
    keys = ("danger.legend", "danger.legend.none", "danger.legend.police", "danger.legend.police.none")
    return [key for key in keys if tr(key) in notes]


def test_a_police_seat_reads_the_danger_legend_worded_for_the_police(driver):
    """The lanes a police car sees are where Don Falconi could be caught by it or the cars after it before his
    next turn: its legend says so, and Don Falconi's says where he could be caught."""
    person = SeatPlan.human(0)
    match = Match(MatchSetup("falconi", (person, SeatPlan("off"), person, SeatPlan("off")), seed=3))
    read = {}
    rng = random.Random(3)
    while len(read) < 2 and not match.state.is_terminal():
        side = "police" if match.state.current_seat in POLICE else "fugitive"
        if side not in read:
            read[side] = legend_at(driver, match)
        match.play(rng.choice(match.state.legal_actions()))
    assert read["police"] and all(key.startswith("danger.legend.police") for key in read["police"])
    assert read["fugitive"] and not any(key.startswith("danger.legend.police") for key in read["fugitive"])
