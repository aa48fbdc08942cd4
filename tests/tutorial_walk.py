"""The window the lesson tests open, and a newcomer who only presses Enter through a lesson in it."""

from __future__ import annotations

import pygame
from scene_driver import Driver, FixedClock

from game.services.tutorials import LEARNER, NOTE, SCRIPT
from scenes.app import App
from scenes.pages.tutorial_menus import TutorialEndOverlay
from scenes.playing.play import PlayScene
from scenes.playing.sources.tutorial import TutorialSource


def open_app(tmp_path, monkeypatch, language: str = "en") -> Driver:
    """The app on a data folder of its own, no AI pause, animations at four times their speed."""
    monkeypatch.setenv("FALCONI_DATA_DIR", str(tmp_path / "data"))
    app = App(fps=0)
    app.context.ai_pause = 0.0
    app.context.change_settings(app.context.settings.changed(animation_speed=4.0, language=language))
    app.clock = FixedClock(100)
    return Driver(app)


def press_enter_to_the_end_card(driver: Driver, scene: PlayScene[TutorialSource]) -> None:
    """Enter at every step: it dismisses the notes, plays the watched actions at once and takes the arrow's
    choice, never refused; then the end card comes."""
    for _ in range(400):
        if scene.source.step is None or driver.top is not scene:
            break
        if scene.timeline.busy:
            driver.run()
            continue
        index, kind = scene.source.index, scene.source.step.kind
        driver.key(pygame.K_RETURN)
        assert scene.source.refusal == "", f"Enter refused at {scene.source.step.lesson}"
        if kind in (NOTE, SCRIPT) or scene.chooser is None or not scene.chooser.prefix:
            assert scene.source.index == index + 1 or kind == LEARNER, f"Enter did not go on at step {index + 1}"
    for _ in range(30):
        if isinstance(driver.top, TutorialEndOverlay):
            break
        driver.run()
    assert isinstance(driver.top, TutorialEndOverlay)
