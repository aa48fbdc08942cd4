"""A newcomer who only presses Enter through a lesson, as the first-path and Mode II tests walk it."""

from __future__ import annotations

import pygame
from scene_driver import Driver

from game.services.tutorials import LEARNER, NOTE, SCRIPT
from scenes.pages.tutorial_menus import TutorialEndOverlay
from scenes.playing.tutorial import TutorialScene


def press_enter_to_the_end_card(driver: Driver, scene: TutorialScene) -> None:
    """Enter at every step: it dismisses the notes, plays the watched actions at once and takes the arrow's
    choice, never refused; then the end card comes."""
    for _ in range(400):
        if scene.step is None or driver.top is not scene:
            break
        if scene.timeline.busy:
            driver.run()
            continue
        index, kind = scene.index, scene.step.kind
        driver.key(pygame.K_RETURN)
        assert scene.refusal == "", f"Enter refused at {scene.step.lesson}"
        if kind in (NOTE, SCRIPT) or scene.chooser is None or not scene.chooser.prefix:
            assert scene.index == index + 1 or kind == LEARNER, f"Enter did not go on at step {index + 1}"
    for _ in range(30):
        if isinstance(driver.top, TutorialEndOverlay):
            break
        driver.run()
    assert isinstance(driver.top, TutorialEndOverlay)
