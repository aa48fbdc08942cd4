"""Gamepads plugged out and in during a game (hot-plugging): the game stops and asks for the pad, also when the
pad went while another overlay was up, and goes on with the pad when it comes back.

The dummy video driver has no gamepads, so SDL's game controller is replaced by a stand-in that opens device
index ``n`` as the pad with instance id ``100 + n``; pads already in use are heard of through their presses,
as in the other scene tests.
"""

from __future__ import annotations

import pygame
import pytest
from event_player import choose
from scene_driver import Driver, screenshot_dir

from game.services.match import MatchSetup, Person, SeatPlan
from scenes.app import App
from scenes.pages.overlays import ConfirmOverlay, PadMissingOverlay, PauseOverlay, RulesOverlay, SettingsOverlay
from scenes.playing.play import PlayScene

EASY = SeatPlan.ai("easy")


class StandInController:
    """Opens what SDL would open for a game controller plugged in at ``index``."""

    def __init__(self, index: int) -> None:
        self.index = index

    def as_joystick(self) -> StandInController:
        return self

    def get_instance_id(self) -> int:
        return 100 + self.index

    def quit(self) -> None:
        pass


@pytest.fixture(autouse=True)
def stand_in_controllers(monkeypatch):
    monkeypatch.setattr(pygame._sdl2.controller, "Controller", StandInController)


def open_game(tmp_path, monkeypatch, setup: MatchSetup) -> Driver:
    monkeypatch.setenv("FALCONI_DATA_DIR", str(tmp_path / "data"))
    app = App(setup, fps=0)
    app.context.ai_pause = 0.0
    return Driver(app)


def plug_in(driver: Driver, index: int) -> None:
    driver.post(pygame.CONTROLLERDEVICEADDED, device_index=index)


def pull_out(driver: Driver, instance_id: int) -> None:
    driver.post(pygame.CONTROLLERDEVICEREMOVED, instance_id=instance_id)


def test_a_pad_plugged_back_in_resumes_the_game_with_it(tmp_path, monkeypatch):
    setup = MatchSetup("falconi", (SeatPlan.human(0), EASY, EASY, EASY), (Person("Anna", "pad1"),), seed=2)
    driver = open_game(tmp_path, monkeypatch, setup)
    try:
        scene = driver.top
        driver.pad(pygame.CONTROLLER_BUTTON_DPAD_LEFT, 5)  # Anna's pad is seen: it is pad1
        pull_out(driver, 5)
        assert isinstance(driver.top, PadMissingOverlay) and driver.top.device == "pad1"
        driver.save(screenshot_dir(tmp_path), "overlay_pad_missing_unplugged")
        plug_in(driver, 0)  # back, with a new instance id
        assert driver.top is scene and scene.match.setup.people[0].device == "pad1"
        choose(driver, scene, scene.match.state.legal_actions()[0], "pad", pad=100)
        assert scene.match.log[-1].seat == 0
    finally:
        driver.app.close()


@pytest.mark.parametrize("device, answer, instance_id", [("pad1", "press", 3), ("pad2", "plug_in", 100)])
def test_a_persons_pad_not_seen_yet_is_asked_for_at_their_turn_and_bound_when_one_answers(
        tmp_path, monkeypatch, device, answer, instance_id):
    seats = (SeatPlan.human(0), SeatPlan("off"), SeatPlan.human(1), SeatPlan("off"))
    setup = MatchSetup("falconi", seats, (Person("Anna"), Person("Bruno", device)), seed=3)
    driver = open_game(tmp_path, monkeypatch, setup)
    try:
        scene = driver.top
        while scene.match.state.current_seat == 0:
            choose(driver, scene, scene.match.state.legal_actions()[0], "keyboard")
        driver.run()
        assert isinstance(driver.top, PadMissingOverlay) and driver.top.device == device
        driver.save(screenshot_dir(tmp_path), "overlay_pad_missing")
        if answer == "press":
            driver.pad(pygame.CONTROLLER_BUTTON_A, instance_id)  # Bruno's pad answers: it is there
        else:
            plug_in(driver, 0)  # the only pad plugged in is pad1: Bruno plays with it now
        assert driver.top is scene and scene.match.setup.people[1].device == "pad1"
        choose(driver, scene, scene.match.state.legal_actions()[0], "pad", pad=instance_id)
        assert scene.match.log[-1].seat == 2
    finally:
        driver.app.close()


def open_pause(driver: Driver) -> None:
    driver.key(pygame.K_p)


def open_rules(driver: Driver) -> None:
    driver.key(pygame.K_F1)


def open_settings(driver: Driver) -> None:
    driver.key(pygame.K_p)
    driver.click_item("settings")


def open_confirm_quit(driver: Driver) -> None:
    driver.key(pygame.K_p)
    driver.click_item("quit")


@pytest.mark.parametrize("open_overlay, overlay", [
    (open_pause, PauseOverlay), (open_rules, RulesOverlay), (open_settings, SettingsOverlay),
    (open_confirm_quit, ConfirmOverlay),
], ids=["pause", "rules", "settings", "confirm_quit"])
def test_a_pad_pulled_out_under_another_overlay_is_asked_for_once_it_closes(tmp_path, monkeypatch, open_overlay,
                                                                             overlay):
    setup = MatchSetup("falconi", (SeatPlan.human(0), EASY, EASY, EASY), (Person("Anna", "pad1"),), seed=2)
    driver = open_game(tmp_path, monkeypatch, setup)
    try:
        scene = driver.top
        driver.pad(pygame.CONTROLLER_BUTTON_DPAD_LEFT, 5)
        open_overlay(driver)
        assert isinstance(driver.top, overlay)
        pull_out(driver, 5)
        assert isinstance(driver.top, overlay)  # the game is paused already; this overlay is not disturbed
        while not isinstance(driver.top, (PlayScene, PadMissingOverlay)):
            driver.key(pygame.K_ESCAPE)
        assert isinstance(driver.top, PadMissingOverlay) and driver.top.device == "pad1"
        plug_in(driver, 0)
        assert driver.top is scene
    finally:
        driver.app.close()


def test_a_pad_that_comes_back_as_another_persons_is_not_taken_over(tmp_path, monkeypatch):
    seats = (SeatPlan.human(0), SeatPlan("off"), SeatPlan.human(1), SeatPlan("off"))
    setup = MatchSetup("falconi", seats, (Person("Anna", "pad1"), Person("Bruno", "pad2")), seed=3)
    driver = open_game(tmp_path, monkeypatch, setup)
    try:
        scene = driver.top
        driver.pad(pygame.CONTROLLER_BUTTON_DPAD_LEFT, 5)  # pad1
        driver.pad(pygame.CONTROLLER_BUTTON_DPAD_LEFT, 6)  # pad2
        pull_out(driver, 6)
        assert isinstance(driver.top, PadMissingOverlay) and driver.top.device == "pad2"
        pull_out(driver, 5)
        plug_in(driver, 0)  # comes back as pad1: Anna's, not a new pad for Bruno
        assert isinstance(driver.top, PadMissingOverlay) and driver.top.device == "pad2"
        assert [person.device for person in scene.match.setup.people] == ["pad1", "pad2"]
        plug_in(driver, 1)
        assert driver.top is scene
        assert [person.device for person in scene.match.setup.people] == ["pad1", "pad2"]
    finally:
        driver.app.close()
