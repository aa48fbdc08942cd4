"""The game-over screen and the replay keep their board's drawing between frames, as the play scene does: the
board view draws again only when what it shows changes, and its tips answer the pointer all the while."""

from __future__ import annotations

import pygame
import pytest
from scene_driver import Driver, FixedClock
from test_replay import SETUPS, finished

from scenes.app import App
from scenes.kit import tooltip
from scenes.kit.stack import Push
from scenes.pages.gameover import GameOverScene
from scenes.playing.play import PlayScene
from scenes.playing.sources.replay import ReplaySource

pytestmark = pytest.mark.screen


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("FALCONI_DATA_DIR", str(tmp_path / "data"))
    app = App(fps=0)
    app.clock = FixedClock(50)
    yield app
    app.close()


def count_drawings(monkeypatch, scene) -> list:
    """The states the scene's board view is asked to draw, in order."""
    drawn: list = []
    real = scene.view.draw_board

    def draw_board(surface, state, *rest, **named) -> None:
        drawn.append(state)
        real(surface, state, *rest, **named)

    monkeypatch.setattr(scene.view, "draw_board", draw_board)
    return drawn


def board_tips() -> list[str]:
    return [tip.message.key for tip in tooltip.tips().tips if tip.area.colliderect(pygame.Rect(0, 0, 800, 720))]


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(SETUPS))
def test_the_game_over_board_is_drawn_again_only_for_the_winning_moment_and_back(app, monkeypatch, game):
    match = finished(SETUPS[game])
    over = GameOverScene(app.context, match)
    app.stack.apply(Push(over))
    driver = Driver(app)
    driver.run()
    tips = board_tips()
    assert tips  # the board's tokens and tiles have tips
    drawn = count_drawings(monkeypatch, over)
    driver.run(10)
    assert drawn == [] and board_tips() == tips  # kept, and its tips still answer
    while not over.timeline.busy:
        driver.run()
    assert drawn and drawn[0] is over.moment[2]  # the moment's position, drawn once its animation begins
    while over.showing_moment:
        driver.run()
    driver.run(20)
    assert drawn[-1] is match.state and sum(state is match.state for state in drawn) == 1  # back, drawn once


@pytest.mark.parametrize("game", sorted(SETUPS))
def test_the_replay_draws_its_board_again_only_when_it_steps(app, monkeypatch, game):
    match = finished(SETUPS[game])
    app.stack.apply(Push(GameOverScene(app.context, match)))
    driver = Driver(app)
    driver.run()
    driver.click_item("replay")
    replay = driver.top
    assert isinstance(replay, PlayScene) and isinstance(replay.source, ReplaySource)
    drawn = count_drawings(monkeypatch, replay)
    driver.run(10)
    assert drawn == [] and board_tips()
    driver.key(pygame.K_HOME)
    driver.run(10)
    assert drawn == [replay.source.states[0]]
    driver.key(pygame.K_RIGHT)
    while replay.timeline.busy:
        driver.run()
    driver.run(10)
    assert drawn[-1] is replay.source.states[1] and len(drawn) <= 4  # the step, and the pieces its animation hid
