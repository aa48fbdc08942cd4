"""Issue 52: the further lesson on Mode II (Pizza Salami and Diavola) in one short game. Don Falconi takes turns
of three actions (draw, place next to his car, drive one tile), places an escape tile on the border and flees
through it with a Chili Boost, the police's turns scripted between; it is listed under More lessons, and a
learner who only presses Enter plays it to its end card and, with one more Enter, into a ready Diavola game."""

from __future__ import annotations

import pygame
from play_kinds import is_tutorial
from scene_driver import screenshot_dir
from tutorial_walk import open_app, press_enter_to_the_end_card

from game.core.tutorial import main_line
from game.falconi.constants import FUGITIVE
from game.services.match import Match
from game.services.tutorials import LEARNER, MORE_LESSONS, SCRIPT, TUTORIALS, problems
from scenes.kit.stack import Push
from scenes.pages.tutorial_menus import LearnScene, MoreLessonsScene, TutorialEndOverlay
from scenes.playing.play import PlayScene
from scenes.playing.sources.tutorial import tutorial_scene

MODE2 = TUTORIALS["falconi_mode2"]



def test_the_lesson_teaches_mode_ii_in_a_few_screens_and_ends_in_an_escape():
    assert MODE2 in MORE_LESSONS["falconi"] and MODE2.options.variant == "diavola"
    assert MODE2.screen_count <= 8 and problems(MODE2) == []
    learned = [step.actions[0].split()[0] for step in MODE2.steps if step.kind == LEARNER]
    assert {"draw", "place", "step", "escape", "boost"} <= set(learned)
    assert all(step.seat == FUGITIVE for step in MODE2.steps if step.kind == LEARNER)
    assert any(step.kind == SCRIPT for step in MODE2.steps)  # the police's turns between
    match = Match(MODE2.setup)
    for text in main_line(MODE2.steps):
        match.play(match.state.parse_action(text))
    assert match.state.outcome is not None and match.state.outcome.termination == "escape"
    first_turn = [text.split()[0] for text in main_line(MODE2.steps)[:3]]
    assert first_turn == ["place", "place", "draw"]  # a turn is three actions


def test_a_learner_who_only_presses_enter_escapes_and_lands_in_a_diavola_game(tmp_path, monkeypatch):
    driver = open_app(tmp_path, monkeypatch)
    try:
        driver.click_item("learn")
        assert isinstance(driver.top, LearnScene)
        driver.click_item("more")
        assert isinstance(driver.top, MoreLessonsScene)
        driver.click_item(MODE2.name)
        scene = driver.top
        assert is_tutorial(scene) and scene.source.tutorial is MODE2
        press_enter_to_the_end_card(driver, scene)
        assert scene.match.state.outcome is not None and scene.match.state.outcome.termination == "escape"
        driver.key(pygame.K_RETURN)
        assert isinstance(driver.top, PlayScene) and not is_tutorial(driver.top)
        assert driver.top.match.setup.options == MODE2.options
    finally:
        driver.app.close()


def test_each_screen_of_the_lesson_is_drawn_in_french_and_german(tmp_path, monkeypatch):
    """Pictures to look at: every step the learner reads, and the end card."""
    folder = screenshot_dir(tmp_path)
    for language in ("fr", "de"):
        driver = open_app(tmp_path, monkeypatch, language)
        try:
            for index, step in enumerate(MODE2.steps):
                if step.kind == SCRIPT and MODE2.steps[index - 1].kind == SCRIPT:
                    continue
                driver.app.stack.apply(Push(tutorial_scene(driver.app.context, MODE2, index)))
                driver.run(3)
                driver.save(folder, f"mode2-{index:02d}-{language}")
            driver.app.stack.apply(Push(tutorial_scene(driver.app.context, MODE2, len(MODE2.steps))))
            driver.run(10)
            assert isinstance(driver.top, TutorialEndOverlay)
            driver.save(folder, f"mode2-end-{language}")
        finally:
            driver.app.close()
