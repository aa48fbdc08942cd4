"""A game that leaves the stack is freed at once, by reference counting, with its view and every picture they hold.

Reference cycles (the scene's own method handed to its animation timeline, the view's to its danger overlay)
left each finished game's board pictures, over 10 MB, to the cyclic garbage collector, which runs rarely: in
``python main.py soak`` dead games piled up between collections and the window's memory climbed in steps.
"""

from __future__ import annotations

import gc
import weakref

import pygame
import pytest
from scene_driver import Driver, FixedClock

from game.falconi.options import FalconiOptions
from game.services.match import MatchSetup, Person, SeatPlan
from scenes.app import App
from scenes.kit.stack import Reset
from scenes.pages.menus import TitleScene
from scenes.playing.play import PlayScene

SETUPS = {
    "falconi": MatchSetup("falconi", (SeatPlan.human(0),) + (SeatPlan.ai("easy"),) * 3, (Person("Anna"),), seed=7,
                          options=FalconiOptions("diavola")),
    "fredericus": MatchSetup("fredericus", (SeatPlan.human(0),) + (SeatPlan.ai("easy"),) * 2, (Person("Anna"),),
                             seed=7),
}


@pytest.mark.parametrize("game", sorted(SETUPS))
@pytest.mark.slow
def test_a_game_left_for_the_title_menu_is_freed_without_the_cycle_collector(tmp_path, monkeypatch, game):
    monkeypatch.setenv("FALCONI_DATA_DIR", str(tmp_path))
    app = App(SETUPS[game], fps=0)
    app.clock = FixedClock()
    driver = Driver(app)
    try:
        driver.run(30)
        scene = driver.top
        assert isinstance(scene, PlayScene)
        driver.keys(pygame.K_h, pygame.K_d, pygame.K_RIGHT, pygame.K_RETURN)  # a hint, the danger lanes, a move
        driver.run(30)
        board = weakref.ref(scene.board_picture)  # with the board's kept drawing
        played, view = weakref.ref(scene), weakref.ref(scene.view)
        del scene
        gc.collect()
        gc.disable()  # from here on, only reference counting frees anything
        try:
            app.stack.apply(Reset(TitleScene(app.context)))
            driver.run(2)
            assert played() is None and view() is None
            assert board() is None
        finally:
            gc.enable()
    finally:
        app.close()
