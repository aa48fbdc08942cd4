"""The hint key: H or the pad's left-stick click asks the Normal AI what it would play for the person
deciding now, and the play scene shows it without playing it; it goes when the position or the player's path
changes, and it is never asked or shown for anyone but the person whose turn it is."""

from __future__ import annotations

import random
import time

import pygame
import pytest
from event_player import _choose_step, choose
from scene_driver import Driver, FixedClock, screenshot_dir

from game.ai.levels import level_makers
from game.ai.service import AIService
from game.core.view import SeatView
from game.falconi.options import FalconiOptions
from game.services.match import MatchSetup, Person, SeatPlan
from scenes.app import App
from scenes.pages.menus import TitleScene
from scenes.pages.overlays import HandOverOverlay, PauseOverlay
from scenes.playing.hints import HINT_LEVEL
from scenes.playing.play import PlayScene

EASY, ANNA = SeatPlan.ai("easy"), SeatPlan.human(0)
STICK = pygame.CONTROLLER_BUTTON_LEFTSTICK
MARGHERITA = MatchSetup("falconi", (ANNA, EASY, EASY, EASY), (Person("Anna"),), seed=7,
                        options=FalconiOptions("margherita"))
DIAVOLA = MatchSetup("falconi", (ANNA, EASY, EASY, EASY), (Person("Anna"),), seed=4, options=FalconiOptions("diavola"))
FREDERICUS = MatchSetup("fredericus", (ANNA, EASY), (Person("Anna"),), seed=5)


class Asked:
    """Every request the scene makes of the AI worker, and every cancel, passed on to the real service."""

    def __init__(self, ai: AIService, monkeypatch) -> None:
        self.requests: list[tuple] = []  # (the state as asked, level, seed, decision)
        self.cancelled: list = []
        real_ask, real_cancel = ai.ask, ai.cancel

        def ask(state, level, seed):
            decision = real_ask(state, level, seed)
            self.requests.append((state.clone(), level, seed, decision))
            return decision

        def cancel(decision=None):
            self.cancelled.append(decision)
            real_cancel(decision)

        monkeypatch.setattr(ai, "ask", ask)
        monkeypatch.setattr(ai, "cancel", cancel)

    @property
    def hints(self) -> list[tuple]:
        return [request for request in self.requests if request[1] == HINT_LEVEL]


@pytest.fixture
def game(tmp_path, monkeypatch, service):
    """Open the app on a set-up (with the shared worker); yields (driver, scene, asked); closed afterwards."""
    apps = []

    def open_game(setup: MatchSetup, ai_pause: float = 0.0):
        monkeypatch.setenv("FALCONI_DATA_DIR", str(tmp_path / "data"))
        app = App(setup, fps=0)
        apps.append(app)
        app.context.ai.close()  # not started yet: the shared worker answers instead
        app.context.ai = service
        app.context.ai_pause = ai_pause
        app.context.settings = app.context.settings.changed(animation_speed=4.0)
        app.clock = FixedClock(100)
        driver = Driver(app)
        asked = Asked(service, monkeypatch)
        scene = driver.top
        scene.source.ai_wait = ai_pause  # the scene read the app's pause before it was changed here
        return driver, scene, asked

    yield open_game
    for app in apps:
        app.close()
        app.context.ai = service  # app.close closed the shared worker's pool: not for the next test
        service.start()


def wait_for_chooser(driver: Driver, scene: PlayScene) -> None:
    for _ in range(3000):
        if driver.top is scene and scene.chooser is not None:
            return
        time.sleep(0.002)
        driver.run()
    raise AssertionError("the person never got to choose")


def wait_for_hint(driver: Driver, scene: PlayScene) -> None:
    deadline = time.monotonic() + 30
    while scene.hints.action is None:
        assert scene.hints.decision is not None, "the hint was dropped before it came"
        assert time.monotonic() < deadline, "no hint came"
        time.sleep(0.005)
        driver.run()
    driver.run()


def normal_choice(state, seed):
    """What the Normal AI plays in ``state`` with ``seed``, asked here, outside the scene. Its search stops at a
    time cap too (docs/ai.md), so the tests compare only positions it searches in a small part of that cap."""
    return level_makers()[HINT_LEVEL]().choose(SeatView(state), random.Random(seed))


def drawn_words(scene: PlayScene, driver: Driver, monkeypatch) -> list[str]:
    """Every text drawn in the next frame."""
    words: list[str] = []
    real = scene.context.text.blit

    def recording_blit(surface, text, *args, **anchor):
        words.append(text)
        return real(surface, text, *args, **anchor)

    monkeypatch.setattr(scene.context.text, "blit", recording_blit)
    driver.run()
    monkeypatch.setattr(scene.context.text, "blit", real)
    return words


@pytest.mark.slow
def test_h_shows_what_the_normal_ai_would_play_and_plays_nothing(game, tmp_path, monkeypatch):
    driver, scene, asked = game(MARGHERITA)
    scene.context.settings = scene.context.settings.changed(hints=False)  # no tooltips: the key still asks
    wait_for_chooser(driver, scene)
    before, seed = scene.match.to_json(), scene.decision_seed()
    driver.key(pygame.K_h)
    assert scene.hints.decision is not None
    assert scene.context.tr("hints.thinking") in drawn_words(scene, driver, monkeypatch)  # at once
    wait_for_hint(driver, scene)
    state = scene.match.state
    assert [request[2] for request in asked.hints] == [seed]
    assert scene.hints.action == normal_choice(state, seed) and scene.hints.action in state.legal_actions()
    assert scene.match.to_json() == before and scene.chooser is scene.hints.chooser  # shown, not played
    assert scene.hints.marks(scene.chooser)
    drawn = " ".join(drawn_words(scene, driver, monkeypatch))  # its lines, however the banner wraps them
    assert all(sentence in drawn for sentence in scene.hints.sentences())  # what to play, and why
    driver.save(screenshot_dir(tmp_path), "hint_margherita")
    other = next(action for action in state.legal_actions() if action != scene.hints.action)
    choose(driver, scene, other, "keyboard")
    assert scene.hints.chooser is None and len(scene.match.log) == 1
    assert not any(words.startswith("Hint") for words in drawn_words(scene, driver, monkeypatch))


@pytest.mark.slow
def test_the_stick_click_hints_a_mode_ii_action_that_the_player_then_follows_step_by_step(game, tmp_path):
    driver, scene, asked = game(DIAVOLA)
    wait_for_chooser(driver, scene)
    seed, shots = scene.decision_seed(), screenshot_dir(tmp_path)
    driver.pad(STICK)
    wait_for_hint(driver, scene)
    hint, state = scene.hints.action, scene.match.state
    assert hint == normal_choice(state, seed)
    chooser, path, text = scene.chooser, scene.hints.path, state.action_text(hint)
    driver.save(shots, "hint_diavola")
    while not scene.match.log:  # the hint stays while the player takes its steps
        assert scene.hints.chooser is chooser and scene.hints.follows(tuple(chooser.prefix))
        _choose_step(driver, chooser, path[len(chooser.prefix)], "pad", 0)
        if not scene.match.log:
            driver.save(shots, f"hint_diavola_step{len(chooser.prefix)}")
    assert [entry.text for entry in scene.match.log] == [text]
    assert scene.hints.chooser is None  # played: the hint has gone with its position
    driver.pad(STICK)  # the turn's second action gets a hint of its own, for the new position and seed
    wait_for_hint(driver, scene)
    state, level, second_seed, decision = asked.hints[-1]
    assert len(asked.hints) == 2 and level == "normal" and second_seed == scene.decision_seed() == seed + 1
    assert state.to_json() == scene.match.state.to_json() and scene.hints.action == decision.result()
    assert scene.hints.action in scene.match.state.legal_actions() and len(scene.match.log) == 1
    driver.save(shots, "hint_diavola_second_action")


@pytest.mark.slow
def test_a_step_off_the_hints_path_drops_it(game):
    driver, scene, asked = game(DIAVOLA)
    wait_for_chooser(driver, scene)
    driver.key(pygame.K_h)
    wait_for_hint(driver, scene)
    chooser = scene.chooser
    path = scene.hints.path
    off = next(option for option in chooser.options
               if option != path[len(chooser.prefix)] and chooser.action_of(option) is None)
    _choose_step(driver, chooser, off, "keyboard", 0)
    assert scene.chooser is chooser and scene.hints.chooser is None and not scene.match.log


@pytest.mark.slow
def test_undo_cancels_a_pending_hint(game):
    driver, scene, asked = game(FREDERICUS)
    rng = random.Random(4)
    while not scene.match.can_undo():
        wait_for_chooser(driver, scene)
        choose(driver, scene, rng.choice(scene.match.state.legal_actions()), "keyboard")
    wait_for_chooser(driver, scene)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL, unicode="", scancode=0))
    driver.run()  # both in one frame: the search cannot have answered yet
    decision = asked.hints[0][3]
    assert decision in asked.cancelled and scene.hints.chooser is None
    while not decision.done():
        time.sleep(0.005)
    driver.run(3)
    assert scene.hints.action is None and len(asked.hints) == 1


@pytest.mark.slow
def test_leaving_the_game_cancels_a_pending_hint(game):
    driver, scene, asked = game(FREDERICUS)
    wait_for_chooser(driver, scene)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    driver.run()
    assert isinstance(driver.top, PauseOverlay)
    driver.click_item("quit")
    driver.click_item("yes")
    assert isinstance(driver.top, TitleScene)
    assert asked.hints[0][3] in asked.cancelled


@pytest.mark.slow
def test_no_hint_while_an_ai_seat_decides(game):
    setup = MatchSetup("falconi", (EASY, ANNA, EASY, EASY), (Person("Anna"),), seed=3,
                       options=FalconiOptions("margherita"))
    driver, scene, asked = game(setup, ai_pause=1000.0)  # Don Falconi's AI waits: it is his turn throughout
    driver.run()
    driver.key(pygame.K_h)
    driver.pad(STICK)
    assert scene.message == scene.context.tr("hints.refused.ai")
    assert asked.requests == [] and scene.hints.chooser is None
    driver.key(pygame.K_p)
    assert not driver.top.menu.item("hint").enabled


@pytest.mark.slow
def test_the_pause_menu_asks_for_a_hint_once(game, tmp_path):
    driver, scene, asked = game(FREDERICUS)
    wait_for_chooser(driver, scene)
    driver.pad(pygame.CONTROLLER_BUTTON_START)
    assert isinstance(driver.top, PauseOverlay) and driver.top.menu.item("hint").enabled
    driver.save(screenshot_dir(tmp_path), "hint_pause_menu")
    driver.click_item("hint")
    assert driver.top is scene and len(asked.hints) == 1
    driver.key(pygame.K_h)  # pending: not asked again
    wait_for_hint(driver, scene)
    driver.pad(STICK)  # shown: not asked again
    assert len(asked.hints) == 1 and scene.hints.action == normal_choice(scene.match.state, asked.hints[0][2])
    driver.save(screenshot_dir(tmp_path), "hint_fredericus")


@pytest.mark.slow
def test_two_people_get_hints_only_for_their_own_turn_after_the_hand_over(game, tmp_path, monkeypatch):
    """Anna (keyboard) is Don Falconi with his secret reserve; Bruno (a gamepad) drives the Port police car."""
    seats = (ANNA, EASY, SeatPlan.human(1), SeatPlan("off"))
    setup = MatchSetup("falconi", seats, (Person("Anna"), Person("Bruno", "pad1")), seed=4,
                       options=FalconiOptions("diavola"))
    driver, scene, asked = game(setup)
    driver.run()
    assert isinstance(driver.top, HandOverOverlay)
    driver.key(pygame.K_h)
    driver.pad(STICK)  # Bruno's pad is seen; the overlay takes both presses
    assert isinstance(driver.top, HandOverOverlay) and asked.hints == []
    driver.key(pygame.K_RETURN)
    assert driver.top is scene and scene.source.visible_seats() == frozenset({0})
    driver.pad(STICK)  # Bruno may not ask on Anna's turn
    assert asked.hints == [] and scene.message == scene.context.tr("hints.refused.person", name="Anna")
    driver.key(pygame.K_h)
    assert [request[0].current_seat for request in asked.hints] == [0]
    wait_for_hint(driver, scene)
    assert scene.hints.chooser is scene.chooser and scene.source.visible_seats() == frozenset({0})
    rng = random.Random(2)
    while scene.match.state.current_seat == 0:  # Anna asks again on her last action and plays at once
        if scene.match.state.actions_left == 1 and scene.hints.chooser is None:
            driver.key(pygame.K_h)
        choose(driver, scene, rng.choice(scene.match.state.legal_actions()), "keyboard")
    for _ in range(2000):  # the AI Country car, then Bruno: no hint of Anna's shows meanwhile
        words = drawn_words(scene, driver, monkeypatch)
        assert scene.hints.chooser is None and not any(word.startswith("Hint") for word in words)
        if driver.top is scene and scene.match.state.current_seat == 2 and scene.chooser is not None:
            break
        time.sleep(0.002)
    assert scene.match.state.current_seat == 2
    driver.key(pygame.K_h)  # Anna may not ask on Bruno's turn
    assert scene.message == scene.context.tr("hints.refused.person", name="Bruno")
    driver.pad(STICK)
    assert asked.hints[-1][0].current_seat == 2
    wait_for_hint(driver, scene)
    driver.save(screenshot_dir(tmp_path), "hint_bruno")
