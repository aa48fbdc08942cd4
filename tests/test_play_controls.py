"""The on-screen controls of the play scene: with the mouse alone a player reaches the menu, undo, a hint, the
rules and the whole log, each button doing what its key does."""

from __future__ import annotations

import random
import time

import pygame
import pytest
from event_player import choose
from scene_driver import screenshot_dir
from test_hints import FREDERICUS, MARGHERITA, game, wait_for_chooser, wait_for_hint  # noqa: F401 — a fixture

from scenes.kit import tooltip
from scenes.kit.chooser import Rotation
from scenes.pages.gameover import GameOverScene
from scenes.pages.log_overlay import LogOverlay
from scenes.pages.overlays import PauseOverlay, RulesOverlay
from scenes.playing.controls import CONTROLS, control_rects
from scenes.playing.play import PlayScene
from scenes.playing.replay_controls import button_rects
from scenes.playing.sources.replay import ReplaySource


def test_the_controls_stand_in_a_row_inside_the_panel_apart_from_each_other():
    rects = list(control_rects().values())
    assert len(rects) == len(CONTROLS) == 5
    assert not any(one.colliderect(other) for number, one in enumerate(rects) for other in rects[number + 1:])


@pytest.mark.slow
def test_a_mouse_alone_reaches_the_menu_undo_hint_rules_and_log(game, tmp_path):  # noqa: F811
    driver, scene, _asked = game(MARGHERITA)
    wait_for_chooser(driver, scene)
    tr, rects = driver.app.context.tr, control_rects()
    driver.run()
    driver.save(screenshot_dir(tmp_path), "play_controls")
    for name, overlay in (("menu", PauseOverlay), ("rules", RulesOverlay), ("log", LogOverlay)):
        driver.click(rects[name].center)
        assert isinstance(driver.top, overlay), name
        driver.key(pygame.K_ESCAPE)
        assert driver.top is scene, name
    driver.click(rects["undo"].center)
    assert scene.message == tr("play.cannot_undo")
    driver.click(rects["hint"].center)
    wait_for_hint(driver, scene)
    assert scene.hints.action is not None
    played = len(scene.match.log)
    for _ in range(20):
        if len(scene.match.log) > played:
            break
        driver.key(pygame.K_RETURN)
    assert len(scene.match.log) == played + 1 and scene.match.can_undo()
    driver.click(rects["undo"].center)
    assert len(scene.match.log) == played and scene.message == tr("play.undone")


@pytest.mark.slow
def test_the_turning_prompt_names_the_keys_of_the_device_in_use(game):  # noqa: F811
    driver, scene, _asked = game(MARGHERITA)
    wait_for_chooser(driver, scene)
    tr, view, state = driver.app.context.tr, scene.view, scene.match.state
    turning = ("rot", Rotation(1, click_again=True))
    driver.key(pygame.K_TAB)
    assert view.input_device == "keyboard" and view.label(state, turning) == tr("falconi.tip.rot_again.keyboard")
    driver.pad(pygame.CONTROLLER_BUTTON_X)
    assert view.input_device == "pad" and view.label(state, turning) == tr("falconi.tip.rot_again.pad")
    driver.move((400, 300))
    assert view.input_device == "mouse" and view.label(state, turning) == tr("falconi.tip.rot_again")


@pytest.mark.slow
@pytest.mark.parametrize("setup", [MARGHERITA, FREDERICUS], ids=["falconi", "fredericus"])
def test_a_whole_game_is_played_with_the_mouse_alone_to_its_replay(game, setup, tmp_path):  # noqa: F811
    """Every choice a click (and the wheel to turn a tile) on what the board or the bar shows, the result
    screen's items clicked too: from the first move to the replay and out of it by its close button (issue 38,
    point 1), no key is pressed."""
    driver, scene, _asked = game(setup)
    rng = random.Random(11)
    for _ in range(20_000):
        if not isinstance(driver.top, PlayScene):
            break
        if scene.chooser is None or scene.timeline.busy:
            time.sleep(0.001)
            driver.run()
            continue
        choose(driver, scene, rng.choice(scene.match.state.legal_actions()), "mouse")
    over = driver.top
    assert isinstance(over, GameOverScene) and scene.match.state.is_terminal()
    driver.click_item("replay")
    assert isinstance(driver.top, PlayScene) and isinstance(driver.top.source, ReplaySource)
    replay = driver.top.source
    driver.click(button_rects()["first"].center)
    assert replay.shown == 0
    driver.click(button_rects()["forward"].center)
    assert replay.shown == 1
    driver.save(screenshot_dir(tmp_path), f"mouse_only_replay_{setup.game}")
    driver.click(button_rects()["close"].center)
    assert driver.top is over


def test_no_tip_is_placed_over_the_square_being_chosen(game):  # noqa: F811
    driver, scene, _asked = game(MARGHERITA)
    wait_for_chooser(driver, scene)
    driver.run()
    focused = scene.chooser.focused
    assert not scene.view.is_button(focused)
    assert scene.chooser.rect(focused) in tooltip.tips().controls


def test_a_prompt_of_two_sentences_has_one_colon(driver):
    """"Gioca la tessera: curva: Piazzala ruotata di 270°" (issue 51's playtest): the step that is a sentence of
    its own follows the first after a full stop."""
    from game.falconi.options import FalconiOptions
    from game.services.match import OFF, Match, MatchSetup, Person, SeatPlan
    from scenes.kit.stack import Push
    from scenes.playing.action_bar import message_and_prompt
    from scenes.playing.sources.local import start_match_scene

    setup = MatchSetup("falconi", (SeatPlan.human(0), OFF, SeatPlan.ai("easy"), OFF),
                       (Person("Player 1"),), options=FalconiOptions("margherita"), seed=2)
    scene = start_match_scene(driver.app.context, Match(setup))
    driver.app.stack.apply(Push(scene))
    driver.run(2)
    chooser = scene.chooser
    while chooser.options and chooser.options[0][0] != "rot":
        chooser.choose(chooser.options[0])
    _, prompt = message_and_prompt(driver.app.context, scene.view, scene.match.state, chooser, "")
    said = " ".join(prompt)
    assert said.count(":") <= 1 and ". " in said, said
