"""The replay of a finished match, from its game-over screen: every position of the match, stepped with the
keys or the mouse, or played by itself with the actions' animations."""

from __future__ import annotations

import random

import pygame
import pytest
from scene_driver import Driver, FixedClock, screenshot_dir

from game.services.match import Match, MatchSetup, Person, SeatPlan
from scenes.app import App
from scenes.kit.stack import Push
from scenes.pages.gameover import GameOverScene
from scenes.pages.menus import TitleScene
from scenes.playing.replay import ReplayScene, button_rects

SETUPS = {
    "margherita": MatchSetup("falconi", (SeatPlan.human(0),) + (SeatPlan.ai("easy"),) * 3, (Person("Anna"),), seed=5),
    "fredericus": MatchSetup("fredericus", (SeatPlan.human(0), SeatPlan.ai("easy")), (Person("Anna"),), seed=5),
}


def finished(setup: MatchSetup) -> Match:
    match, rng = Match(setup), random.Random(setup.seed)
    while not match.state.is_terminal():
        match.play(rng.choice(match.state.legal_actions()))
    return match


@pytest.mark.parametrize("game", sorted(SETUPS))
def test_the_game_over_screen_opens_a_replay_stepped_with_keys_and_mouse(tmp_path, monkeypatch, game):
    monkeypatch.setenv("FALCONI_DATA_DIR", str(tmp_path / "data"))
    app = App(fps=0)
    app.clock = FixedClock(100)
    app.context.settings = app.context.settings.changed(animation_speed=4.0)
    try:
        driver = Driver(app)
        match = finished(SETUPS[game])
        app.stack.apply(Push(GameOverScene(app.context, match)))
        driver.run()
        driver.click_item("replay")
        replay = driver.top
        assert isinstance(replay, ReplayScene) and replay.shown == len(match.log)
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
        driver.click(rects["start"].center)
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
