"""The replay of a finished match, from its game-over screen: every position of the match, stepped with the
keys, the mouse or a pad, or played by itself with the actions' animations; a close button leaves it (issue 38,
point 1: it used to trap a mouse player). It plays in the one play scene, from a replay source (issue 53)."""

from __future__ import annotations

import random

import pygame
import pytest
from scene_driver import Driver, FixedClock, screenshot_dir

from game.services.match import Match, MatchSetup, Person, SeatPlan
from scenes.app import App
from scenes.kit import tooltip
from scenes.kit.stack import Push
from scenes.pages.gameover import GameOverScene
from scenes.pages.menus import TitleScene
from scenes.playing.gameview import PANEL_AREA
from scenes.playing.play import PlayScene
from scenes.playing.replay_controls import button_rects
from scenes.playing.sources.replay import ReplaySource

SETUPS = {
    "margherita": MatchSetup("falconi", (SeatPlan.human(0),) + (SeatPlan.ai("easy"),) * 3, (Person("Anna"),), seed=5),
    "fredericus": MatchSetup("fredericus", (SeatPlan.human(0), SeatPlan.ai("easy")), (Person("Anna"),), seed=5),
}


def finished(setup: MatchSetup) -> Match:
    match, rng = Match(setup), random.Random(setup.seed)
    while not match.state.is_terminal():
        match.play(rng.choice(match.state.legal_actions()))
    return match


def quick_app(tmp_path, monkeypatch) -> App:
    """A window over a data folder of its own, on a fixed clock, its animations at four times their speed."""
    monkeypatch.setenv("FALCONI_DATA_DIR", str(tmp_path / "data"))
    app = App(fps=0)
    app.clock = FixedClock(100)
    app.context.settings = app.context.settings.changed(animation_speed=4.0)
    return app


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(SETUPS))
def test_the_game_over_screen_opens_a_replay_stepped_with_keys_and_mouse(tmp_path, monkeypatch, game):
    app = quick_app(tmp_path, monkeypatch)
    try:
        driver = Driver(app)
        match = finished(SETUPS[game])
        app.stack.apply(Push(GameOverScene(app.context, match)))
        driver.run()
        driver.click_item("replay")
        scene = driver.top
        assert isinstance(scene, PlayScene) and isinstance(scene.source, ReplaySource)
        replay = scene.source
        assert replay.shown == len(match.log)
        assert replay.states[-1].to_json() == match.state.to_json()  # the replayed match is the match
        driver.key(pygame.K_LEFT)
        assert replay.shown == len(match.log) - 1
        driver.key(pygame.K_HOME)
        assert replay.shown == 0
        rects = button_rects()
        driver.click(rects["forward"].center)
        assert replay.shown == 1
        driver.run(2)
        driver.save(screenshot_dir(tmp_path), f"replay_{game}_step1")
        driver.click(rects["play"].center)  # plays on by itself
        assert replay.playing
        driver.run(60)
        assert replay.shown > 2
        driver.click(rects["play"].center)
        assert not replay.playing
        driver.click(rects["first"].center)
        assert replay.shown == 0
        driver.key(pygame.K_END)
        assert replay.shown == len(match.log)
        driver.key(pygame.K_ESCAPE)
        over = driver.top
        assert isinstance(over, GameOverScene)
        driver.key(pygame.K_ESCAPE)  # a reflex Esc keeps the result: it only points at the way out
        assert driver.top is over and over.menu.focused.key == "menu"
        driver.key(pygame.K_ESCAPE)
        assert isinstance(driver.top, TitleScene)
    finally:
        app.close()


@pytest.fixture
def replay(tmp_path, monkeypatch):
    """A Margherita match's replay opened from its game-over screen by a click, at a position with actions
    either side; the driver and the replay (the play scene's source)."""
    app = quick_app(tmp_path, monkeypatch)
    try:
        driver = Driver(app)
        app.stack.apply(Push(GameOverScene(app.context, finished(SETUPS["margherita"]))))
        driver.run()
        driver.click_item("replay")
        play = driver.top
        assert isinstance(play, PlayScene) and isinstance(play.source, ReplaySource)
        scene = play.source
        assert len(scene.log) > 20
        scene.go(10)
        driver.run()
        yield driver, scene
    finally:
        app.close()


def picture_on(name: str) -> str:
    """The icon drawn on button ``name`` in the last frame, as the tooltips registry saw it."""
    area = button_rects()[name]
    return next(tip.picture for tip in tooltip.tips().tips if tip.area == area)


def tip_on(name: str) -> str:
    area = button_rects()[name]
    return next(tip.message.key for tip in tooltip.tips().tips if tip.area == area)


def assert_transport(driver, scene, first, back, play, forward, last) -> None:
    """Each of the five transport actions, done by ``first(driver)``…, moves the replay as its button says."""
    total = len(scene.log)
    back(driver)
    assert scene.shown == 9
    forward(driver)
    forward(driver)
    assert scene.shown == 11
    last(driver)
    assert scene.shown == total
    first(driver)
    assert scene.shown == 0
    play(driver)
    assert scene.playing
    driver.run(40)
    assert scene.shown > 1 and scene.playing
    play(driver)
    assert not scene.playing
    stopped = scene.shown
    driver.run(40)
    assert scene.shown == stopped


@pytest.mark.slow
def test_the_transport_buttons_step_play_and_jump_by_a_click(replay):
    driver, scene = replay

    def click(name):
        return lambda driver: driver.click(button_rects()[name].center)

    assert_transport(driver, scene, *(click(name) for name in ("first", "back", "play", "forward", "last")))


@pytest.mark.slow
def test_home_left_space_right_and_end_do_what_the_buttons_do(replay):
    driver, scene = replay

    def key(code):
        return lambda driver: driver.key(code)

    assert_transport(driver, scene, key(pygame.K_HOME), key(pygame.K_LEFT), key(pygame.K_SPACE), key(pygame.K_RIGHT),
                     key(pygame.K_END))


@pytest.mark.slow
def test_the_pads_shoulders_d_pad_and_a_do_what_the_buttons_do(replay):
    driver, scene = replay

    def pad(button):
        return lambda driver: driver.pad(button)

    assert_transport(driver, scene, pad(pygame.CONTROLLER_BUTTON_LEFTSHOULDER), pad(pygame.CONTROLLER_BUTTON_DPAD_LEFT),
                     pad(pygame.CONTROLLER_BUTTON_A), pad(pygame.CONTROLLER_BUTTON_DPAD_RIGHT),
                     pad(pygame.CONTROLLER_BUTTON_RIGHTSHOULDER))


def test_the_mouse_wheel_and_r_e_which_turn_tiles_in_a_game_move_nothing_here(replay):
    driver, scene = replay
    driver.move(button_rects()["last"].center)
    driver.wheel(1)
    driver.wheel(-1)
    driver.keys(pygame.K_r, pygame.K_e)
    assert scene.shown == 10 and driver.top.source is scene


@pytest.mark.parametrize("leave", ["click", "esc", "pad b"])
def test_the_replay_closes_with_a_click_on_its_close_button_esc_or_the_pads_b(replay, leave):
    driver, scene = replay
    close = button_rects()["close"]
    assert picture_on("close") == "icon:close" and tip_on("close") == "tips.replay.close"
    if leave == "click":
        driver.click(close.center)
    elif leave == "esc":
        driver.key(pygame.K_ESCAPE)
    else:
        driver.pad(pygame.CONTROLLER_BUTTON_B)
    assert isinstance(driver.top, GameOverScene)


def test_the_close_button_stands_at_the_panels_top_right_where_a_close_control_is_looked_for():
    close, panel = button_rects()["close"], PANEL_AREA
    assert close.top - panel.top < 20 and panel.right - close.right < 20
    assert all(not close.colliderect(rect) for name, rect in button_rects().items() if name != "close")


def test_each_button_shows_the_icon_and_tip_of_what_it_does_and_play_turns_to_pause(replay):
    driver, scene = replay
    icons = {"first": "first", "back": "step_back", "play": "play", "forward": "step_forward", "last": "last",
             "close": "close"}
    assert {name: picture_on(name) for name in icons} == {name: f"icon:{icon}" for name, icon in icons.items()}
    assert {name: tip_on(name) for name in icons} == {name: f"tips.replay.{name}" for name in icons}
    driver.key(pygame.K_SPACE)
    assert scene.playing and picture_on("play") == "icon:pause" and tip_on("play") == "tips.replay.pause"
    driver.key(pygame.K_SPACE)
    assert not scene.playing and picture_on("play") == "icon:play"


def test_buttons_that_can_do_nothing_are_greyed_at_either_end(replay):
    driver, scene = replay
    assert scene.enabled() == {"first": True, "back": True, "forward": True, "last": True}
    driver.key(pygame.K_END)
    assert scene.enabled() == {"first": True, "back": True, "forward": False, "last": False}
    driver.click(button_rects()["forward"].center)  # greyed: it refuses
    assert scene.shown == len(scene.log)
    driver.key(pygame.K_HOME)
    assert scene.enabled() == {"first": False, "back": False, "forward": True, "last": True}


def test_tab_and_the_pads_x_move_the_focus_along_the_buttons_and_enter_presses_the_focused_one(replay):
    driver, scene = replay
    assert scene.focus == "play"  # Enter, Space and pad A play until the focus moves
    driver.key(pygame.K_TAB)
    assert scene.focus == "forward"
    driver.key(pygame.K_RETURN)
    assert scene.shown == 11
    driver.pad(pygame.CONTROLLER_BUTTON_X)
    assert scene.focus == "last"
    driver.key(pygame.K_TAB, pygame.KMOD_SHIFT)
    driver.key(pygame.K_TAB, pygame.KMOD_SHIFT)
    driver.key(pygame.K_TAB, pygame.KMOD_SHIFT)
    assert scene.focus == "back"
    driver.pad(pygame.CONTROLLER_BUTTON_A)
    assert scene.shown == 10
    driver.run(10)
    due = tooltip.tips().due()  # the focused button explains itself
    assert due is not None and due.message.key == "tips.replay.back" and due.focus == button_rects()["back"]
    driver.move(button_rects()["close"].center)  # the pointer takes the focus, as in a menu
    assert scene.focus == "close"
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.top, GameOverScene)


def test_the_keys_reminder_names_the_pads_buttons_once_a_pad_is_used(replay, monkeypatch):
    driver, scene = replay
    tr, said = driver.app.context.tr, []
    blit = driver.app.context.text.blit
    monkeypatch.setattr(driver.app.context.text, "blit", lambda surface, text, *a, **k: said.append(text) or
                        blit(surface, text, *a, **k))
    driver.redraw()
    assert tr("replay.keys") in said and tr("replay.keys.pad") not in said
    said.clear()
    driver.pad(pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
    driver.run()
    assert tr("replay.keys.pad") in said and tr("replay.keys.buttons.pad") in said
