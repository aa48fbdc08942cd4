"""No accidental loss, through the window and real pygame events (issue 51): the ghost tile starts on a rotation
that keeps the mover's way open and shows its turn; a move that would lose the game asks first, on No, from every
device, unless the setting is off; undo stays open until the next person has acted or seen a secret, at one
screen too. The rules' side of it: tests/test_self_defeat.py."""

from __future__ import annotations

import pygame
import pytest
from event_player import _choose_step, choose, confirm
from hypothesis import given, settings
from hypothesis import strategies as st
from random_moves import played_at_random
from registry_cases import pizzas
from scene_driver import Driver, FixedClock, screenshot_dir

from game.ai.service import AIService
from game.falconi.constants import FUGITIVE
from game.falconi.options import FalconiOptions
from game.falconi.queries import Way, way_after
from game.falconi.state import FalconiState
from game.falconi.variants import VariantName
from game.services.match import Match, MatchSetup, Person, SeatPlan
from game.services.saves import SaveStore
from game.services.settings import Settings
from scenes.app import App
from scenes.context import AppContext
from scenes.falconi import draw
from scenes.falconi.view import FalconiView
from scenes.kit.chooser import GROUP, Step, first_rotation, quarters
from scenes.kit.input import InputMapper
from scenes.pages.overlays import ConfirmOverlay, HandOverOverlay, SettingsOverlay
from scenes.playing.play import PlayScene

EASY = SeatPlan.ai("easy")
ANNA, BRUNO = SeatPlan.human(0), SeatPlan.human(1)
OFF = SeatPlan("off")
PEOPLE = (Person("Anna"), Person("Bruno"))
PAD = pygame.CONTROLLER_BUTTON_A


@pytest.fixture(scope="module")
def view(tmp_path_factory):
    pygame.init()
    folder = tmp_path_factory.mktemp("data")
    return FalconiView(AppContext(Settings(), folder, SaveStore(folder), AIService(), InputMapper()))


def open_app(tmp_path, monkeypatch, setup: MatchSetup, language: str = "en", ai_pause: float = 0.0) -> Driver:
    monkeypatch.setenv("FALCONI_DATA_DIR", str(tmp_path / "data"))
    app = App(setup, fps=0)
    app.context.ai_pause = ai_pause
    app.context.change_settings(app.context.settings.changed(language=language, animation_speed=4.0))
    app.clock = FixedClock(100)
    driver = Driver(app)
    driver.run(2)
    return driver


def alone_as_don_falconi(variant: VariantName = "diavola") -> MatchSetup:
    """The issue's game: alone as Don Falconi against three AI police cars; his reserve holds two curves."""
    return MatchSetup("falconi", (ANNA, EASY, EASY, EASY), PEOPLE[:1], seed=4, options=FalconiOptions(variant))


def focused(scene: PlayScene) -> Step:
    """The option the scene's chooser has in focus (it must have one)."""
    assert scene.chooser is not None and scene.chooser.focused is not None
    return scene.chooser.focused


def reserve_ghost(driver: Driver) -> PlayScene:
    """*Place a reserve tile* clicked: the curve waits on (4,8), the one cell before the prison, to be turned."""
    scene = driver.top
    assert isinstance(scene, PlayScene) and scene.chooser is not None
    driver.click(scene.chooser.rect((GROUP, "place")).center)
    driver.run()
    assert focused(scene)[0] == "rot"
    return scene


def blocking_rotation(driver: Driver, scene: PlayScene, device: str) -> None:
    """Turn the ghost to the curve N–E, which has no road on the prison's side."""
    for _ in range(4):
        if quarters(focused(scene)[1]) == 0:
            return
        if device == "pad":
            driver.pad(pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
        else:
            driver.key(pygame.K_r)
    assert quarters(focused(scene)[1]) == 0


def press_confirm(driver: Driver, scene: PlayScene, device: str) -> None:
    if device == "mouse":
        assert scene.chooser is not None
        driver.click(scene.chooser.rect(focused(scene)).center)
    elif device == "pad":
        driver.pad(PAD)
    else:
        driver.key(pygame.K_RETURN)


@pytest.mark.parametrize("variant", pizzas(mode=2))
def test_f6_5_the_reserve_ghost_starts_on_a_rotation_that_keeps_don_falconis_way_open(tmp_path, monkeypatch,
                                                                                       variant):
    driver = open_app(tmp_path, monkeypatch, alone_as_don_falconi(variant))
    try:
        scene = reserve_ghost(driver)
        state, focused = scene.match.state, scene.chooser.focused
        action = scene.chooser.action_of(focused)
        assert action is not None and way_after(state, action) == Way.OPEN
        assert quarters(focused[1]) in (1, 2)  # the curve takes the road out of the prison (S) to E or W
    finally:
        driver.app.close()


@pytest.mark.parametrize("language", ["it", "de"])
def test_the_ghost_tile_shows_how_far_it_is_turned_and_the_question_says_what_follows(tmp_path, monkeypatch,
                                                                                      language):
    """Look at the PNGs: the ghost's corner says 90°, then 0° with DEAD END above it; the question names the
    block and the police's win in the player's language, and stands on No."""
    driver = open_app(tmp_path, monkeypatch, alone_as_don_falconi(), language)
    try:
        scene = reserve_ghost(driver)
        folder = screenshot_dir(tmp_path)
        cell = scene.chooser.rect(scene.chooser.focused)
        badge_edge = (cell.x + 3, cell.y + 10)  # the left edge of the box in the cell's corner that gives the turn
        driver.save(folder, f"loss_reserve_ghost_{language}")
        assert driver.app.screen.get_at(badge_edge)[:3] == draw.ROUTE
        blocking_rotation(driver, scene, "keyboard")
        driver.run()
        driver.save(folder, f"loss_reserve_ghost_blocked_{language}")
        assert driver.app.screen.get_at(badge_edge)[:3] == draw.ROUTE
        driver.key(pygame.K_RETURN)
        question = driver.top
        assert isinstance(question, ConfirmOverlay)
        assert question.detail == driver.app.context.tr("falconi.loss.no_way")
        driver.save(folder, f"loss_confirm_{language}")
    finally:
        driver.app.close()


@pytest.mark.parametrize("device", ["keyboard", "mouse", "pad"])
def test_a_move_that_would_block_don_falconi_asks_once_and_a_hurried_confirm_keeps_it(tmp_path, monkeypatch,
                                                                                      device):
    driver = open_app(tmp_path, monkeypatch, alone_as_don_falconi())
    try:
        scene = reserve_ghost(driver)
        blocking_rotation(driver, scene, device)
        press_confirm(driver, scene, device)
        question = driver.top
        assert isinstance(question, ConfirmOverlay) and question.menu.items[question.menu.focus].key == "no"
        if device == "pad":
            driver.pad(PAD)
        else:
            driver.key(pygame.K_RETURN)  # the hurried second press: No
        assert driver.top is scene and scene.match.log == []
        assert quarters(scene.chooser.focused[1]) == 0  # the tile still waits, turned as it was
        press_confirm(driver, scene, device)
        assert isinstance(driver.top, ConfirmOverlay)  # asked again: once a move
        confirm(driver, device)
        assert driver.top is scene and [entry.text for entry in scene.match.log] == ["place curve 4,8 r0"]
    finally:
        driver.app.close()


def test_with_confirm_moves_that_lose_turned_off_in_the_settings_the_move_is_played_at_once(tmp_path, monkeypatch):
    driver = open_app(tmp_path, monkeypatch, alone_as_don_falconi())
    try:
        scene = driver.top
        driver.key(pygame.K_ESCAPE)
        driver.click_item("settings")
        settings = driver.top
        assert isinstance(settings, SettingsOverlay)
        driver.save(screenshot_dir(tmp_path), "loss_settings")
        index = next(i for i, item in enumerate(settings.menu.items) if item.key == "confirm_losses")
        while settings.menu.focus != index:
            driver.key(pygame.K_DOWN)
        driver.key(pygame.K_RIGHT)
        assert driver.app.context.settings.confirm_losses is False
        driver.keys(pygame.K_ESCAPE, pygame.K_ESCAPE)
        assert driver.top is scene
        reserve_ghost(driver)
        blocking_rotation(driver, scene, "keyboard")
        driver.key(pygame.K_RETURN)
        assert driver.top is scene and [entry.text for entry in scene.match.log] == ["place curve 4,8 r0"]
    finally:
        driver.app.close()


def test_an_ai_seats_losing_move_asks_nobody(tmp_path, monkeypatch):
    """Only a person's chosen move asks: the AI plays its own at once (the question is the window's, not the
    rules')."""
    setup = MatchSetup("falconi", (EASY, EASY, ANNA, OFF), PEOPLE[:1], seed=4, options=FalconiOptions("diavola"))
    driver = open_app(tmp_path, monkeypatch, setup)
    try:
        scene = driver.top
        for _ in range(400):
            if scene.match.log:
                break
            driver.run()
        assert scene.match.log and not isinstance(driver.top, ConfirmOverlay)
    finally:
        driver.app.close()


def test_f6_5_a_police_move_chosen_with_the_keyboard_that_shuts_its_own_car_in_asks_too(tmp_path, monkeypatch):
    """The French newcomer's Enter: Anna's Port car, the only police car, lays a curve with no road towards its
    station; the question says the car leaves the chase and Don Falconi wins, and Esc keeps the move unplayed."""
    setup = MatchSetup("falconi", (EASY, OFF, ANNA, OFF), PEOPLE[:1], seed=13, options=FalconiOptions("salami"))
    driver = open_app(tmp_path, monkeypatch, setup)
    try:
        scene = driver.top
        for _ in range(2000):
            if scene.chooser is not None:
                break
            driver.run()
        state = scene.match.state
        assert state.current_seat == 2
        closing = next(action for action in state.legal_actions()
                       if action.verb == "place" and state.self_defeat(action) is not None)
        path = scene.chooser.paths[closing]
        while len(scene.chooser.prefix) < len(path) - 1:
            _choose_step(driver, scene.chooser, path[len(scene.chooser.prefix)], "keyboard", 0)
        while scene.chooser.focused != path[-1]:
            driver.key(pygame.K_r)
        played = len(scene.match.log)
        driver.key(pygame.K_RETURN)
        question = driver.top
        assert isinstance(question, ConfirmOverlay)
        assert question.detail == driver.app.context.tr("falconi.loss.no_way_last")
        driver.key(pygame.K_ESCAPE)
        assert driver.top is scene and len(scene.match.log) == played
    finally:
        driver.app.close()


@settings(max_examples=80)
@given(st.sampled_from(pizzas()), st.integers(0, 10_000), st.integers(0, 80), st.integers(0, 3))
def test_the_first_rotation_shown_keeps_the_way_open_whenever_one_does(view, variant, seed, moves, turn):
    """Over random positions of every pizza: for each tile and cell on offer, the rotation the chooser starts on
    (whatever the player last turned to) is one of the best ways the rules core sees (F-5.5, F-6.5)."""
    state = FalconiState.new_game(variant, seed)
    if not played_at_random(state, seed, moves):
        return
    placements: dict[tuple[int, int], list] = {}
    for action in state.legal_actions():
        if action.verb == "place":
            placements.setdefault((action.tile, action.cell), []).append(action)
    for actions in placements.values():
        values = [view.steps(state, action)[-1][1] for action in actions]
        shown = actions[first_rotation(values, turn)]
        assert way_after(state, shown) == min(way_after(state, action) for action in actions)


# --- undo ----------------------------------------------------------------------------------------------------
def hot_seat_salami(tmp_path, monkeypatch) -> tuple[Driver, PlayScene]:
    """Anna is Don Falconi (secret reserve: a hand-over first), Bruno the Port police (nothing secret)."""
    setup = MatchSetup("falconi", (ANNA, OFF, BRUNO, OFF), PEOPLE, seed=3, options=FalconiOptions("salami"))
    driver = open_app(tmp_path, monkeypatch, setup)
    assert isinstance(driver.top, HandOverOverlay)
    driver.key(pygame.K_RETURN)
    scene = driver.top
    assert isinstance(scene, PlayScene)
    for text in ("place curve 4,8 r1", "place overpass 5,8 r0", "step E"):
        choose(driver, scene, scene.match.state.parse_action(text), "keyboard")
    driver.run()
    return driver, scene


def test_undo_stays_open_in_a_hot_seat_game_after_the_turn_has_passed(tmp_path, monkeypatch):
    driver, scene = hot_seat_salami(tmp_path, monkeypatch)
    try:
        assert driver.top is scene and scene.match.state.current_seat == 2  # Bruno's turn, no hand-over
        assert scene.match.can_undo()  # the ↶ button is lit
        driver.key(pygame.K_z, pygame.KMOD_LCTRL)
        assert [entry.text for entry in scene.match.log] == ["place curve 4,8 r1", "place overpass 5,8 r0"]
        assert scene.message == driver.app.context.tr("play.undone")
        driver.run()
        assert isinstance(driver.top, HandOverOverlay)  # Anna's secrets again: Bruno may be looking
        driver.key(pygame.K_RETURN)
        assert driver.top is scene and scene.match.state.current_seat == FUGITIVE and scene.chooser is not None
    finally:
        driver.app.close()


def test_once_the_next_person_has_acted_only_their_move_can_be_taken_back(tmp_path, monkeypatch):
    driver, scene = hot_seat_salami(tmp_path, monkeypatch)
    try:
        state = scene.match.state
        choose(driver, scene, next(a for a in state.legal_actions() if a.verb == "place"), "keyboard")
        driver.key(pygame.K_z, pygame.KMOD_LCTRL)  # Bruno's move
        driver.key(pygame.K_z, pygame.KMOD_LCTRL)  # Anna's: no longer
        assert len(scene.match.log) == 3 and scene.message == driver.app.context.tr("play.cannot_undo")
    finally:
        driver.app.close()


def test_the_hand_over_offers_undo_until_the_next_person_has_seen_their_secrets(tmp_path, monkeypatch):
    """Fredericus at one screen: after Anna's bet the hand-over for Bruno may still take it back; once Bruno has
    seen his objectives, it stands."""
    setup = MatchSetup("fredericus", (ANNA, BRUNO), PEOPLE, seed=5)
    driver = open_app(tmp_path, monkeypatch, setup)
    try:
        scene = driver.app.stack.scenes[1]
        assert isinstance(scene, PlayScene)
        assert isinstance(driver.top, HandOverOverlay)
        driver.key(pygame.K_RETURN)  # the first person looks, and bets till the turn passes
        first = scene.match.state.current_seat
        while scene.match.state.current_seat == first:
            choose(driver, scene, scene.match.state.legal_actions()[0], "keyboard")
        driver.run()
        bets = len(scene.match.log)
        handover = driver.top
        assert isinstance(handover, HandOverOverlay)
        assert handover.menu.items[handover.menu.focus].key == "ready"  # Enter never undoes
        driver.save(screenshot_dir(tmp_path), "loss_handover_undo")
        driver.click_item("undo")
        assert len(scene.match.log) == bets - 1 and scene.match.state.current_seat == first
        # the second playtest: whoever pressed it, the screen may be in the next person's hands; the first
        # person's secrets show only after their own hand-over
        assert isinstance(driver.top, HandOverOverlay) and driver.top.person == scene.source.person_to_play()
        assert scene.source.visible_seats() == frozenset()
        driver.key(pygame.K_RETURN)
        assert driver.top is scene
        choose(driver, scene, scene.match.state.legal_actions()[0], "keyboard")
        driver.run()
        assert isinstance(driver.top, HandOverOverlay)
        driver.key(pygame.K_RETURN)  # the next person looks
        assert driver.top is scene and not scene.match.can_undo()
        driver.key(pygame.K_z, pygame.KMOD_LCTRL)
        assert len(scene.match.log) == bets and scene.message == driver.app.context.tr("play.cannot_undo")
    finally:
        driver.app.close()


def test_alone_against_ai_undo_takes_back_the_move_that_ended_the_turn_until_the_ai_answers(tmp_path, monkeypatch):
    """Solo play keeps its take-back of whole turns in the pause menu; Ctrl+Z reaches the last move of the turn
    too, for as long as no AI seat has answered it."""
    setup = MatchSetup("falconi", (ANNA, OFF, EASY, OFF), PEOPLE[:1], seed=3, options=FalconiOptions("salami"))
    driver = open_app(tmp_path, monkeypatch, setup, ai_pause=60.0)
    try:
        scene = driver.top
        for text in ("place curve 4,8 r1", "place overpass 5,8 r0", "step E"):
            choose(driver, scene, scene.match.state.parse_action(text), "keyboard")
        assert scene.match.state.current_seat == 2 and scene.source.pending is None  # the AI waits its pause
        driver.key(pygame.K_z, pygame.KMOD_LCTRL)
        assert len(scene.match.log) == 2 and scene.match.state.current_seat == FUGITIVE
        assert scene.chooser is not None
    finally:
        driver.app.close()


def test_a_tile_in_hand_shows_where_it_may_go_and_a_click_there_lays_it(driver, tmp_path):
    """Issue 51's newcomer chose *Place a reserve tile*, had the first reserve picked and saw no square light up:
    the focused tile in hand now outlines the cells it may go to, and a click on one takes the tile and the cell
    (Salami, Don Falconi's first placement, two reserve tiles)."""
    from scenes.kit.stack import Push
    from scenes.playing.sources.local import start_match_scene

    police = SeatPlan.ai("normal")
    setup = MatchSetup("falconi", (SeatPlan.human(0), police, police, police), (Person("Player 1"),),
                       options=FalconiOptions("salami"), seed=1)
    scene = start_match_scene(driver.app.context, Match(setup))
    driver.app.stack.apply(Push(scene))
    driver.run(3)
    chooser = scene.chooser
    assert chooser is not None and chooser.focused == (GROUP, "place")
    driver.key(pygame.K_RETURN)  # Place a reserve tile: the first tile has the focus
    assert chooser.focused is not None and chooser.focused[0] == "tile"
    cells = chooser.behind()
    assert cells and all(step[0] == "cell" for step, _ in cells)
    driver.save(screenshot_dir(tmp_path), "reserve-tile-preview")
    step, rect = cells[0]
    driver.click(rect.center)
    assert scene.chooser.prefix == [(GROUP, "place"), ("tile", 0), step]
    assert scene.chooser.options and scene.chooser.options[0][0] == "rot"  # on to its turn, on that cell
