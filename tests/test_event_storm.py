"""A storm of random input from every scene and overlay: keys, clicks, mouse motion, the wheel, pad buttons
and sticks, pads plugged and unplugged, window resizes. Nothing may raise, and every scene and overlay must
have been on top at some point, so the storm really went everywhere."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import pygame
import pytest
from online_table import FakeNetwork
from scene_driver import Driver

from game.falconi.options import FalconiOptions
from game.services.match import Match, MatchSetup, Person, SeatPlan
from scenes.app import App
from scenes.kit.stack import Push
from scenes.playing.sources.local import start_match_scene

EASY, OFF = SeatPlan.ai("easy"), SeatPlan("off")
KEYS = [pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB,
        pygame.K_r, pygame.K_e, pygame.K_F1, pygame.K_p, pygame.K_SPACE, pygame.K_z, pygame.K_a, pygame.K_1,
        pygame.K_F11]
MODIFIERS = [0, 0, 0, pygame.KMOD_LCTRL, pygame.KMOD_LSHIFT]
EVERY_SCENE = {"TitleScene", "GameChoiceScene", "VariantScene", "FredericusOptionsScene", "SeatSetupScene",
               "PlayScene", "GameOverScene", "PauseOverlay", "RulesOverlay", "SettingsOverlay", "ConfirmOverlay",
               "HandOverOverlay", "PadMissingOverlay"}


def random_event(driver: Driver, rng: random.Random) -> None:
    roll = rng.random()
    where = (rng.randrange(-20, 1300), rng.randrange(-20, 740))  # a little outside the window too
    if roll < 0.35:
        driver.key(rng.choice(KEYS), rng.choice(MODIFIERS))
    elif roll < 0.55:
        driver.click(where, rng.choice([1, 1, 2, 3]))
    elif roll < 0.62:
        driver.move(where)
    elif roll < 0.68:
        driver.wheel(rng.choice([-1, 1]))
    elif roll < 0.86:
        driver.pad(rng.randrange(pygame.CONTROLLER_BUTTON_MAX), rng.choice([0, 1, 7]))
    elif roll < 0.93:
        driver.post(pygame.CONTROLLERAXISMOTION, instance_id=rng.choice([0, 1]), axis=rng.randrange(6),
                    value=rng.randrange(-32768, 32768))
    elif roll < 0.96:
        driver.post(pygame.JOYDEVICEREMOVED, instance_id=rng.choice([0, 1, 5]))
    elif roll < 0.98:
        driver.post(pygame.JOYDEVICEADDED, device_index=rng.choice([0, 3]), guid="")  # no such pad here
    else:
        driver.post(pygame.VIDEORESIZE, size=(rng.randrange(200, 2000), rng.randrange(150, 1200)),
                    w=640, h=360)


def open_app(tmp_path, monkeypatch, setup: MatchSetup | None = None) -> Driver:
    monkeypatch.setenv("FALCONI_DATA_DIR", str(tmp_path / "data"))
    app = App(setup, fps=0)
    app.context.ai_pause = 0.0
    app.context.network = FakeNetwork().doors  # Play online opens stand-in tables, never a real server
    return Driver(app)


def finished(setup: MatchSetup) -> Match:
    match = Match(setup)
    rng = random.Random(3)
    while not match.state.is_terminal():
        match.play(rng.choice(match.state.legal_actions()))
    return match


def solo(variant: str) -> MatchSetup:
    return MatchSetup("falconi", (SeatPlan.human(0), EASY, EASY, EASY), (Person("Anna"),), seed=2,
                      options=FalconiOptions.named(variant))


TWO_PEOPLE = MatchSetup("falconi", (SeatPlan.human(0), OFF, SeatPlan.human(1), OFF),
                        (Person("Anna"), Person("Bruno")), seed=5, options=FalconiOptions("diavola"))
ON_A_PAD = MatchSetup("falconi", (SeatPlan.human(1), OFF, SeatPlan.human(0), OFF),
                      (Person("Anna"), Person("Bruno", "pad1")), seed=4)  # Bruno, on a pad, plays first
FREDERICUS = MatchSetup("fredericus", (SeatPlan.human(0), SeatPlan.human(1)), (Person("Anna"), Person("Bruno")),
                        seed=9)

# Where each storm starts, and the keys that take it there first.
STARTS: list[tuple[str, MatchSetup | None, tuple[int, ...]]] = [
    ("title", None, ()),
    ("fredericus options", None, (pygame.K_RETURN, pygame.K_DOWN, pygame.K_RETURN)),
    ("seat set-up", None, (pygame.K_RETURN, pygame.K_RETURN, pygame.K_RETURN)),
    ("quit?", None, (pygame.K_ESCAPE,)),
    ("pause", solo("salami"), (pygame.K_p,)),
    ("rules", solo("prosciutto"), (pygame.K_F1,)),
    ("two people", TWO_PEOPLE, ()),
    ("pad missing", ON_A_PAD, ()),
    ("fredericus", FREDERICUS, ()),
]


def storm(driver: Driver, make: Callable[[], Driver], rng: random.Random, events: int, seen: set[str]) -> Driver:
    for _ in range(events):
        random_event(driver, rng)
        seen.add(type(driver.top).__name__)
        if not driver.app.stack.running:  # the storm found Quit: open the window again
            driver.app.close()
            driver = make()
    return driver


@pytest.mark.slow
def test_random_input_from_every_scene_and_overlay_raises_nothing(tmp_path, monkeypatch):
    rng = random.Random(2026)
    seen: set[str] = set()
    for _name, setup, keys in STARTS:
        def make(setup: MatchSetup | None = setup) -> Driver:
            return open_app(tmp_path, monkeypatch, setup)

        driver = make()
        try:
            driver.run()
            driver.keys(*keys)
            seen.add(type(driver.top).__name__)
            driver = storm(driver, make, rng, 400, seen)
        finally:
            driver.app.close()
    over = open_app(tmp_path, monkeypatch)
    try:  # a finished game goes on to its game-over screen, where the storm goes on
        over.app.stack.apply(Push(start_match_scene(over.app.context, finished(solo("margherita")))))
        deadline = time.monotonic() + 30  # the result waits 1.2 s of frame time: frames are fast or slow
        while type(over.top).__name__ != "GameOverScene" and time.monotonic() < deadline:
            over.run()
        seen.add(type(over.top).__name__)
        over = storm(over, lambda: open_app(tmp_path, monkeypatch), rng, 300, seen)
    finally:
        over.app.close()
    assert seen >= EVERY_SCENE, f"the storm never reached {sorted(EVERY_SCENE - seen)}"
