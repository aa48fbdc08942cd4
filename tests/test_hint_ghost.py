"""The hint's ghost tile is turned as its banner says (issue 38, point 7): "turned 90°" in the banner and a ghost
on the board in another rotation told the player two things at once."""

from __future__ import annotations

from concurrent.futures import Future

import pygame
import pytest
from event_player import _choose_step
from scene_driver import Driver, FixedClock, screenshot_dir

from game.ai.service import Decision
from game.falconi.options import FalconiOptions
from game.services.match import MatchSetup, Person, SeatPlan
from scenes.app import App
from scenes.falconi.preview import placing
from scenes.kit.chooser import quarters

EASY, ANNA = SeatPlan.ai("easy"), SeatPlan.human(0)
MARGHERITA = MatchSetup("falconi", (ANNA, EASY, EASY, EASY), (Person("Anna"),), seed=7,
                        options=FalconiOptions("margherita"))


@pytest.fixture
def driver(tmp_path, monkeypatch):
    """The app on Anna's first turn of a Margherita game: Don Falconi's tile is drawn and only its rotation is
    left to choose; the AI is never asked (the hint's answer is given in each test)."""
    monkeypatch.setenv("FALCONI_DATA_DIR", str(tmp_path / "data"))
    app = App(MARGHERITA, fps=0)
    app.clock = FixedClock(100)
    driver = Driver(app)
    driver.run(2)
    yield driver
    app.close()


def answer_hints_with(driver: Driver, monkeypatch, action) -> None:
    """The hint key's search answers at once with ``action``, as the Normal AI would with its own choice."""
    def ask(state, level, seed):
        answer: Future[str | None] = Future()
        answer.set_result(state.action_text(action))
        return Decision(1, state.current_seat, answer, state.clone())

    monkeypatch.setattr(driver.app.context.ai, "ask", ask)


def ghost_cell(driver: Driver, cell: int) -> list[tuple[int, ...]]:
    """The pixels inside the cell the tile is placed in, clear of the ring round it."""
    scene = driver.top
    rect = scene.view._geometry(scene.match.state).cell_rect(cell).inflate(-12, -12)
    screen = driver.app.screen
    return [tuple(screen.get_at((x, y))[:3]) for x in range(rect.left, rect.right)
            for y in range(rect.top, rect.bottom)]


def test_the_hints_ghost_tile_shows_the_rotation_its_banner_names(driver, monkeypatch, tmp_path):
    scene = driver.top
    chooser = scene.chooser
    assert chooser.focused[0] == "rot"  # the tile and its cell are forced: the rotation is the choice
    shown = quarters(chooser.focused[1])
    hint = next(action for action, path in chooser.paths.items() if quarters(path[-1][1]) != shown)
    answer_hints_with(driver, monkeypatch, hint)
    driver.key(pygame.K_h)
    driver.run(2)
    assert scene.hints.action == hint and scene.match.log == []  # shown, not played
    assert f"{90 * hint.edge}°" in scene.hints.sentence()
    driver.save(screenshot_dir(tmp_path), "hint_ghost_turned")
    with_hint = ghost_cell(driver, hint.cell)
    scene.hints.cancel()  # the same frame without the hint, the hinted rotation chosen by hand
    chooser.set_focus(chooser.paths[hint][-1])
    driver.redraw()
    assert with_hint == ghost_cell(driver, hint.cell)
    chooser.set_focus(next(step for step in chooser.options if quarters(step[1]) == shown))
    driver.redraw()
    assert with_hint != ghost_cell(driver, hint.cell)  # the rotation shows in those pixels


def test_a_mode_ii_hints_tile_starts_turned_as_told_once_the_player_has_followed_it_to_the_rotation(
        tmp_path, monkeypatch):
    """In Diavola the hint's tile is chosen first (its cell in front of the prison follows by itself); the rotation
    step then starts on the rotation the banner names, and the ghost shows it."""
    monkeypatch.setenv("FALCONI_DATA_DIR", str(tmp_path / "data"))
    setup = MatchSetup("falconi", (ANNA, EASY, EASY, EASY), (Person("Anna"),), seed=4,
                       options=FalconiOptions("diavola"))
    app = App(setup, fps=0)
    try:
        app.clock = FixedClock(100)
        driver = Driver(app)
        driver.run(2)
        scene = driver.top
        chooser, state = scene.chooser, scene.match.state
        hint = next(action for action in state.legal_actions() if action.verb == "place" and action.edge != 0)
        answer_hints_with(driver, monkeypatch, hint)
        driver.key(pygame.K_h)
        driver.run(2)
        path = chooser.paths[hint]
        for step in path[:-1]:  # by mouse clicks, as far as the rotation
            if chooser.options[0][0] == "rot":
                break
            _choose_step(driver, chooser, step, "mouse", 0)
        assert scene.hints.follows(tuple(chooser.prefix)) and chooser.options[0][0] == "rot"
        assert chooser.focused == path[-1]
        assert placing(scene.view, state, chooser) == (hint.tile, hint.cell, hint.edge)
        driver.save(screenshot_dir(tmp_path), "hint_ghost_mode_ii")
    finally:
        app.close()
