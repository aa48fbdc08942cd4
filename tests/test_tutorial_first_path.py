"""Issue 52: a first path per game that a newcomer finishes in five minutes. At most ten lessons each, the rest
as further lessons picked from a menu; the bench's model of a person finishes each path within five minutes;
Enter, Space, A and a click always go on (a note, a watched action, the arrow's choice); a newcomer who only
ever presses Enter reaches the end card and, with one more Enter, a ready game."""

from __future__ import annotations

import pygame
import pytest
from play_kinds import is_tutorial
from scene_driver import screenshot_dir
from tutorial_walk import open_app, press_enter_to_the_end_card

from devtools.bench_tutorial import LIMIT_MINUTES, run_tutorial_bench
from game.registry import game_names
from game.services.tutorials import FIRST_PATHS, LEARNER, MORE_LESSONS, NOTE, problems
from scenes.kit.stack import Push
from scenes.pages.tutorial_menus import LearnScene, MoreLessonsScene, TutorialEndOverlay
from scenes.playing.play import PlayScene
from scenes.playing.sources.tutorial import tutorial_scene


def test_every_game_has_a_first_path_of_at_most_ten_lessons_and_further_lessons():
    assert set(FIRST_PATHS) == set(game_names())
    for game, path in FIRST_PATHS.items():
        assert 5 <= path.screen_count <= 10, f"{game}: {path.screen_count} lessons"
        assert MORE_LESSONS[game], f"{game} has no further lessons"


@pytest.mark.parametrize("lesson", [lesson for lessons in MORE_LESSONS.values() for lesson in lessons],
                         ids=lambda lesson: lesson.name)
def test_every_further_lesson_replays_from_its_opening(lesson):
    assert problems(lesson) == []


def test_the_bench_finds_every_first_path_within_five_minutes():
    figures = run_tutorial_bench()
    assert set(figures["games"]) == set(FIRST_PATHS) and figures["within_limit"]
    for game, path in figures["games"].items():
        assert 0 < path["minutes"] <= LIMIT_MINUTES, f"{game}: {path['minutes']} minutes"
        assert path["lessons"] == FIRST_PATHS[game].screen_count <= 10
    assert figures["games"]["falconi"]["game_over"]  # the path plays Margherita to its catch


PRESSES = {
    "Enter": lambda driver: driver.key(pygame.K_RETURN),
    "Space": lambda driver: driver.key(pygame.K_SPACE),
    "pad A": lambda driver: driver.pad(pygame.CONTROLLER_BUTTON_A),
    "click": lambda driver: driver.click((400, 360)),
}


@pytest.mark.parametrize("press", sorted(PRESSES))
def test_enter_space_a_and_a_click_each_dismiss_a_note(tmp_path, monkeypatch, press):
    driver = open_app(tmp_path, monkeypatch)
    try:
        for path in FIRST_PATHS.values():
            scene = tutorial_scene(driver.app.context, path)
            driver.app.stack.apply(Push(scene))
            driver.run()
            assert scene.source.step.kind == NOTE
            PRESSES[press](driver)
            assert scene.source.index == 1, f"{press} left the first note of {path.name} on screen"
    finally:
        driver.app.close()


@pytest.mark.parametrize("name", sorted(FIRST_PATHS))
def test_a_newcomer_who_only_presses_enter_finishes_the_path_and_lands_in_a_game(tmp_path, monkeypatch, name):
    """Enter at every step: it dismisses the notes, plays the watched actions at once, and takes the arrow's
    choice (the focus starts on it), never refused; the end card comes, and Enter there starts a real game."""
    driver = open_app(tmp_path, monkeypatch)
    try:
        driver.click_item("learn")
        assert isinstance(driver.top, LearnScene)
        driver.click_item(FIRST_PATHS[name].name)
        scene = driver.top
        assert is_tutorial(scene)
        press_enter_to_the_end_card(driver, scene)
        driver.key(pygame.K_RETURN)
        assert isinstance(driver.top, PlayScene) and not is_tutorial(driver.top)
        assert driver.top.match.setup.game == name
    finally:
        driver.app.close()


@pytest.mark.parametrize("language", ["en", "it", "de", "fr"])
def test_the_lesson_pages_are_drawn_in_every_language(tmp_path, monkeypatch, language):
    """Pictures to look at: Learn to play, the further lessons, a lesson of each path, the end card."""
    driver = open_app(tmp_path, monkeypatch, language)
    folder = screenshot_dir(tmp_path)
    try:
        driver.click_item("learn")
        driver.save(folder, f"learn-{language}")
        driver.click_item("more")
        assert isinstance(driver.top, MoreLessonsScene)
        driver.save(folder, f"more-{language}")
        for path in FIRST_PATHS.values():
            for index, step in enumerate(path.steps):
                if step.kind == LEARNER and step.lesson in (path.steps[2].lesson, path.steps[-1].lesson):
                    driver.app.stack.apply(Push(tutorial_scene(driver.app.context, path, index)))
                    driver.run(3)
                    driver.save(folder, f"lesson-{path.name}-{index}-{language}")
            driver.app.stack.apply(Push(tutorial_scene(driver.app.context, path, len(path.steps))))
            driver.run(10)
            assert isinstance(driver.top, TutorialEndOverlay)
            driver.save(folder, f"end-{path.name}-{language}")
    finally:
        driver.app.close()
