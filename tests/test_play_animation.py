"""The play scene shows each move as an animation over the board of the new position: the core has moved on
already, a press skips to the end, the next AI move waits for the end, sounds and shakes follow the settings."""

from __future__ import annotations

import time

import pygame
import pytest

from game.falconi.options import FalconiOptions
from game.services.match import Match, MatchSetup, Person, SeatPlan
from scenes.app import App
from scenes.kit.animation import Animation
from scenes.kit.results import LeaveGame
from scenes.kit.stack import Push
from scenes.pages.game_choice import GameChoiceScene
from scenes.playing.gameview import BOARD_AREA
from scenes.playing.sources.local import start_match_scene

HUMAN, EASY = SeatPlan.human(0), SeatPlan.ai("easy")


class Marker(Animation):
    """A white square in the board's corner, hiding a piece named "marker"."""

    def __init__(self, duration: float = 1.0, shake: float = 0.0) -> None:
        super().__init__(duration, hides={"marker"}, sound="tile_drop", shake=shake)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((255, 255, 255), pygame.Rect(0, 0, 20, 20))


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("FALCONI_DATA_DIR", str(tmp_path / "data"))
    app = App(fps=0)
    app.context.ai_pause = 0.0
    yield app
    app.close()


def scene_with_marker(app, monkeypatch, seats=(HUMAN, EASY, EASY, EASY), **marker):
    setup = MatchSetup("falconi", seats, (Person("Anna"),), seed=4, options=FalconiOptions("margherita"))
    cues = []
    monkeypatch.setattr(app.context.audio, "play", cues.append)  # before the scene, whose timeline keeps it
    scene = start_match_scene(app.context, Match(setup))
    calls = []

    def animations(before, action, after, visible):
        calls.append((before, action, after, visible))
        return [Marker(**marker)]

    monkeypatch.setattr(scene.view, "animations", animations)
    hidden_seen = []
    draw_board = scene.view.draw_board

    def recording_draw_board(surface, state, chooser, visible, last, hidden=frozenset(), **rest):
        hidden_seen.append(hidden)
        draw_board(surface, state, chooser, visible, last, hidden, **rest)

    monkeypatch.setattr(scene.view, "draw_board", recording_draw_board)
    return scene, calls, hidden_seen, cues


def test_a_move_is_applied_at_once_and_animated_from_the_state_before(app, monkeypatch):
    scene, calls, hidden_seen, cues = scene_with_marker(app, monkeypatch)
    action = scene.match.state.legal_actions()[0]
    turn = scene.match.state.turn_number
    scene.source.play_action(action)
    assert len(scene.match.log) == 1  # the core did not wait
    before, played, after, _visible = calls[0]
    assert played == action and before.turn_number == turn and after.turn_number == scene.match.state.turn_number
    # the match's one copy before, and the state itself after: it moves on only once the animations are done
    assert before is not scene.match.state and after is scene.match.state
    assert cues == ["tile_drop"]
    scene.draw(app.screen)
    assert hidden_seen[-1] == {"marker"} and app.screen.get_at((5, 5))[:3] == (255, 255, 255)
    scene.update(1.1)
    scene.draw(app.screen)
    assert hidden_seen[-1] == frozenset() and not scene.timeline.busy


@pytest.mark.parametrize("speed", [0.5, 2.0])
def test_animations_run_at_the_animation_speed(app, monkeypatch, speed):
    app.context.settings = app.context.settings.changed(animation_speed=speed)
    scene, *_ = scene_with_marker(app, monkeypatch)
    scene.source.play_action(scene.match.state.legal_actions()[0])
    scene.update(0.99 / speed)
    assert scene.timeline.busy
    scene.update(0.02 / speed)
    assert not scene.timeline.busy


def test_a_press_skips_to_the_final_position_and_still_counts(app, monkeypatch):
    scene, *_ = scene_with_marker(app, monkeypatch)
    scene.source.play_action(scene.match.state.legal_actions()[0])
    app.stack.apply(Push(scene))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(400, 300), rel=(0, 0), buttons=(0, 0, 0)))
    app.frame()
    assert scene.timeline.busy  # pointing does not skip
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="", scancode=0))
    app.frame()
    assert not scene.timeline.busy and type(app.stack.top).__name__ == "LogOverlay"


def test_the_next_ai_move_waits_until_the_animation_ends(app, monkeypatch):
    scene, calls, *_ = scene_with_marker(app, monkeypatch, seats=(EASY, EASY, EASY, HUMAN))
    for _ in range(400):
        scene.update(0.001)
        if scene.source.pending is not None and scene.source.pending.done():
            break
        time.sleep(0.005)
    scene.update(0.0)
    assert len(calls) == 1 and scene.timeline.busy  # the first AI move, now animating
    deadline = time.perf_counter() + 10
    while scene.source.pending is None or not scene.source.pending.done():
        assert time.perf_counter() < deadline
        scene.update(0.001)
        time.sleep(0.005)
    moves = len(scene.match.log)
    scene.update(0.001)
    assert len(scene.match.log) == moves and scene.timeline.busy  # decided, but held back
    scene.update(1.0)
    scene.update(0.0)
    assert len(scene.match.log) == moves + 1


@pytest.mark.slow
@pytest.mark.parametrize("shaking", [True, False])
def test_a_shake_moves_the_board_only_when_the_setting_allows(app, monkeypatch, shaking):
    app.context.settings = app.context.settings.changed(screen_shake=shaking)
    scene, *_ = scene_with_marker(app, monkeypatch, shake=10.0)
    scene.draw(app.screen)
    still = pygame.image.tobytes(app.screen.subsurface(BOARD_AREA.inflate(-40, -40)), "RGB")
    scene.source.play_action(scene.match.state.legal_actions()[0])
    scene.timeline.skip()
    scene.draw(app.screen)
    settled = pygame.image.tobytes(app.screen.subsurface(BOARD_AREA.inflate(-40, -40)), "RGB")
    scene.timeline.add([Marker(shake=10.0)])
    moved = False
    for _ in range(5):
        scene.draw(app.screen)
        moved |= pygame.image.tobytes(app.screen.subsurface(BOARD_AREA.inflate(-40, -40)), "RGB") != settled
        scene.update(0.02)
    assert moved == shaking and still


def test_undo_ends_the_animation_of_the_move_it_takes_back(app, monkeypatch):
    scene, *_ = scene_with_marker(app, monkeypatch)
    scene.source.play_action(scene.match.state.legal_actions()[0])
    assert scene.timeline.busy
    scene.source.undo(scene.match.setup.people[0].device)
    assert not scene.timeline.busy


def test_the_game_plays_its_own_music_and_the_title_none(app, monkeypatch):
    asked = []
    monkeypatch.setattr(app.context.audio, "play_music", asked.append)
    setup = MatchSetup("fredericus", (HUMAN, EASY), (Person("Anna"),), seed=4)
    scene = start_match_scene(app.context, Match(setup))
    app.stack.apply(Push(scene))
    app.frame()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p, mod=0, unicode="", scancode=0))
    app.frame()
    assert type(app.stack.top).__name__ == "PauseOverlay"
    assert asked == ["fredericus"]  # an overlay keeps the game's music
    app.stack.apply(scene.resume(LeaveGame()))
    app.frame()
    assert asked == ["fredericus", None]


def test_a_window_rests_only_while_nothing_moves(app):
    app.fps = 60
    app.frame()
    assert app.rest() == 0.0  # the title moves: its car drives on
    app.stack.apply(Push(GameChoiceScene(app.context)))
    app.frame()
    assert app._due() is None  # a still menu, untouched: it waits for input
    setup = MatchSetup("falconi", (EASY, HUMAN, EASY, EASY), (Person("Anna"),), seed=4,
                       options=FalconiOptions("margherita"))
    app.stack.apply(Push(start_match_scene(app.context, Match(setup))))
    app.frame()
    assert app.rest() == 0.0  # an AI seat is to play
