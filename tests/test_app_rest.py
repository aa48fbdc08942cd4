"""Quiet at rest (issue 54): a window nothing moves on draws and flips nothing, sleeps until the next event or the
change a scene said was due, and draws the first frame after an input at once."""

from __future__ import annotations

import threading
import time

import pygame
import pytest
from scene_driver import Driver, FixedClock
from test_replay import SETUPS, finished

from game.services.match import Match, MatchSetup, Person, SeatPlan
from scenes.app import App
from scenes.kit import tooltip
from scenes.kit.stack import Push
from scenes.pages.game_choice import GameChoiceScene
from scenes.pages.gameover import GameOverScene
from scenes.pages.title_motion import STILL_AFTER
from scenes.playing.hints import PULSE_FRAME
from scenes.playing.play import BANNER_SECONDS
from scenes.playing.sources.local import start_match_scene

ANNA = MatchSetup("falconi", (SeatPlan.human(0), SeatPlan.ai("easy"), SeatPlan.ai("easy"), SeatPlan.ai("easy")),
                  (Person("Anna"),), seed=7)


@pytest.fixture
def flips(monkeypatch) -> list[int]:
    """Every ``pygame.display.flip``, counted."""
    counted: list[int] = []
    real = pygame.display.flip

    def flip() -> None:
        counted.append(1)
        real()

    monkeypatch.setattr(pygame.display, "flip", flip)
    return counted


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("FALCONI_DATA_DIR", str(tmp_path / "data"))
    app = App()
    app.clock = FixedClock(100)
    yield Driver(app)
    app.close()


def test_a_menu_at_rest_draws_and_flips_nothing_and_an_input_draws_the_next_frame(app, flips):
    app.click_item("new")
    assert isinstance(app.top, GameChoiceScene)
    app.run(2)
    before = len(flips), app.app.drawn
    app.run(200)  # twenty seconds
    assert (len(flips), app.app.drawn) == before
    app.key(pygame.K_DOWN)  # one frame: it shows the move of the focus
    assert len(flips) == before[0] + 1 and tooltip.tips().shown is None
    app.run(50)  # and one more as the focused row's tip comes up after its delay
    assert len(flips) == before[0] + 2 and tooltip.tips().shown is not None


def test_the_title_rests_ten_seconds_after_the_last_input_and_moves_again_on_the_next(app, flips):
    frames = round(STILL_AFTER / 0.1)
    app.run(frames - 5)
    assert app.top.animating and len(flips) >= frames - 5
    app.run(10)
    assert not app.top.animating
    drawn, where = len(flips), app.top.motion.clock
    app.run(100)
    assert len(flips) == drawn and app.top.motion.clock == where  # frozen in place, drawn once
    app.move((5, 5))
    app.run(3)
    assert app.top.animating and app.top.motion.clock > where and len(flips) == drawn + 4


def test_a_banner_running_out_is_redrawn_as_it_runs_out(app, flips):
    app.app.stack.apply(Push(start_match_scene(app.app.context, Match(ANNA))))
    app.run(3)
    scene = app.top
    assert not scene.animating and scene.next_change_in() is None  # Anna to play: the board waits
    scene.announce("A car is put out")
    app.app.dirty = True  # as the move that announces it would
    app.run()
    drawn = len(flips)
    frames = round(BANNER_SECONDS / 0.1)
    app.run(frames - 2)
    assert len(flips) == drawn and scene.banner_left > 0
    app.run(3)
    assert scene.banner_left == 0 and len(flips) == drawn + 1  # the frame it went in, and no other
    app.run(50)
    assert len(flips) == drawn + 1


def test_the_game_over_draws_its_winning_moment_then_rests(app, flips):
    app.app.stack.apply(Push(GameOverScene(app.app.context, finished(SETUPS["margherita"]))))
    over = app.top
    showings = 0
    for _ in range(600):  # a minute: the moment plays its showings, each held, then stays
        was = over.showing_moment
        app.run()
        showings += over.showing_moment and not was
        if over.next_change_in() is None:
            break
    assert showings >= 1 and over.next_change_in() is None and (over.tally is None or over.tally.done)
    drawn = len(flips)
    app.run(200)
    assert len(flips) == drawn


def test_a_rest_sleeps_until_an_event_and_wakes_within_a_frame(tmp_path, monkeypatch):
    monkeypatch.setenv("FALCONI_DATA_DIR", str(tmp_path / "data"))
    app = App()
    try:
        app.stack.apply(Push(GameChoiceScene(app.context)))
        app.frame()
        app.frame()
        posted: list[float] = []

        def post() -> None:
            time.sleep(0.3)
            posted.append(time.perf_counter())
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0))

        giving_up = time.perf_counter() + 5
        app.stopping = lambda: time.perf_counter() > giving_up
        threading.Thread(target=post, daemon=True).start()
        rested = app.rest()
        woke = time.perf_counter()
        assert 0.25 < rested < 4 and woke - posted[0] < 0.1  # a frame is 17 ms; the machine may be busy
        drawn = app.drawn
        app.frame()
        assert app.drawn == drawn + 1
    finally:
        app.close()


def test_a_rest_ends_when_the_change_it_waits_for_is_due(tmp_path, monkeypatch):
    monkeypatch.setenv("FALCONI_DATA_DIR", str(tmp_path / "data"))
    app = App()
    try:
        scene = start_match_scene(app.context, Match(ANNA))
        app.stack.apply(Push(scene))
        app.frame()
        app.frame()
        scene.announce("A car is put out")
        scene.banner_left = 0.3
        app.stopping = lambda: False
        assert 0.28 < app.rest() < 1.5
        drawn = app.drawn
        app.frame()
        assert scene.banner_left == 0 and app.drawn == drawn + 1
    finally:
        app.close()


def test_tests_frames_never_wait_for_real_time(app):
    started = time.perf_counter()
    app.run(300)  # at rest: each frame returns at once
    assert time.perf_counter() - started < 5


def test_the_layout_check_draws_the_frames_it_reads_even_at_rest(app, monkeypatch):
    """``check layout`` reads what a frame draws: a resting window draws nothing, so each of its frames is asked
    for, and a frame that drew no text is a problem, not a pass."""
    from devtools.layout.frames import frame_problems

    app.click_item("new")
    app.run(2)
    drawn = app.app.drawn
    app.run(5)
    assert app.app.drawn == drawn  # at rest
    assert frame_problems(app.app, 2) == []
    monkeypatch.setattr(app.app.stack, "draw", lambda screen: None)
    assert frame_problems(app.app, 1) == ["a frame drew no text: nothing of it was checked"]


def test_a_lesson_s_pointer_rests_ten_seconds_after_the_last_input_and_moves_again_on_the_next(app, flips):
    from game.services.tutorials import LEARNER, TUTORIALS
    from scenes.playing.sources.tutorial import tutorial_scene

    tutorial = TUTORIALS["margherita"]
    first_move = next(index for index, step in enumerate(tutorial.steps) if step.kind == LEARNER)
    app.app.stack.apply(Push(tutorial_scene(app.app.context, tutorial, first_move)))
    app.run(round(STILL_AFTER / 0.1) - 5)
    scene = app.top
    assert not scene.animating and scene.next_change_in() == PULSE_FRAME  # a step of the pulse at a time
    app.run(10)
    assert not scene.animating and scene.next_change_in() is None
    drawn, where = len(flips), scene.source.pointer_clock
    app.run(100)
    assert len(flips) == drawn and scene.source.pointer_clock == where  # the arrow and its ring still, drawn once
    app.key(pygame.K_RIGHT)
    app.run(3)
    assert scene.next_change_in() == PULSE_FRAME and scene.source.pointer_clock > where
    assert len(flips) == drawn + 4  # the input's frame, then a step of the pulse each (simulated) tenth


def test_a_lesson_s_pointer_moves_at_the_hint_s_pace_not_the_full_frame_rate(app, flips):
    """The arrow and its ring are all that move: the window's own loop (frame, rest) draws a step of their pulse
    fifteen times a second, not sixty, in real time."""
    from game.services.tutorials import LEARNER, TUTORIALS
    from scenes.playing.sources.tutorial import tutorial_scene

    tutorial = TUTORIALS["margherita"]
    first_move = next(index for index, step in enumerate(tutorial.steps) if step.kind == LEARNER)
    app.app.stack.apply(Push(tutorial_scene(app.app.context, tutorial, first_move)))
    app.run(3)
    window = app.app
    window.fps, window.clock = 60, pygame.time.Clock()
    drawn, deadline = len(flips), time.perf_counter() + 1.0
    while time.perf_counter() < deadline:
        window.frame()
        window.rest()
    assert 5 <= len(flips) - drawn <= 20  # a loaded machine oversleeps: fewer, never the sixty of a moving scene
