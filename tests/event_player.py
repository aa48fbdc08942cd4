"""Play a person's actions through posted events only: the keyboard, the mouse or a gamepad, as a player
would, by moving the chooser's focus to each step of the wanted action and confirming it."""

from __future__ import annotations

import pygame
from scene_driver import Driver

from scenes.pages.overlays import ConfirmOverlay

TAB, ENTER, ROTATE = pygame.K_TAB, pygame.K_RETURN, pygame.K_r


def choose(driver: Driver, scene, action, device: str, pad: int = 0) -> None:
    """Post the events that choose ``action`` in the play ``scene``; fails if the action is not played."""
    played = len(scene.match.log)
    for _ in range(12):  # no action has more steps
        if isinstance(driver.top, ConfirmOverlay):  # a move that loses asks first (it starts on No)
            confirm(driver, device, pad)
        chooser = scene.chooser
        if len(scene.match.log) > played:
            return
        assert chooser is not None, "the scene stopped offering choices before the action was played"
        path = chooser.paths[action]
        assert tuple(chooser.prefix) == path[: len(chooser.prefix)], "a wrong option was chosen"
        step = path[len(chooser.prefix)]
        _choose_step(driver, chooser, step, device, pad)
    assert len(scene.match.log) > played, f"{action} was not played"


def _choose_step(driver: Driver, chooser, step, device: str, pad: int) -> None:
    rotating = step[0] == "rot"
    tries = len(chooser.options) + 1
    if device == "mouse":
        pos = chooser.rect(step).center
        driver.move(pos)
        for _ in range(tries):
            if chooser.focused == step:
                break
            driver.wheel(-1)
        assert chooser.focused == step, f"the mouse cannot focus {step}"
        driver.click(pos)
        return
    for _ in range(tries):
        if chooser.focused == step:
            break
        if device == "keyboard":
            driver.key(ROTATE if rotating else TAB)
        else:
            driver.pad(pygame.CONTROLLER_BUTTON_RIGHTSHOULDER if rotating else pygame.CONTROLLER_BUTTON_X, pad)
    assert chooser.focused == step, f"the {device} cannot focus {step}"
    if device == "keyboard":
        driver.key(ENTER)
    else:
        driver.pad(pygame.CONTROLLER_BUTTON_A, pad)


def confirm(driver: Driver, device: str, pad: int = 0) -> None:
    """Answer Yes to the question on top, with ``device``: its focus starts on No, below Yes."""
    if device == "mouse":
        driver.click_item("yes")
    elif device == "keyboard":
        driver.keys(pygame.K_UP, ENTER)
    else:
        driver.pad(pygame.CONTROLLER_BUTTON_DPAD_UP, pad)
        driver.pad(pygame.CONTROLLER_BUTTON_A, pad)
