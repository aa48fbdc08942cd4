"""The title screen moves: Don Falconi's car drives the road up to the castle's hill, and the falcons circle."""

from __future__ import annotations

import pygame
import pytest
from scene_driver import Driver, FixedClock, screenshot_dir

from scenes.app import App
from scenes.pages.menus import TitleScene
from scenes.pages.title_motion import DRIVE_SECONDS, FALCONS, ROAD, road_point


def test_the_road_runs_from_off_the_left_edge_to_the_castles_hill():
    assert road_point(0) == ROAD[0] and road_point(1) == ROAD[2]
    assert all(road_point(step / 10)[0] < road_point((step + 1) / 10)[0] for step in range(10))


@pytest.mark.slow
def test_the_car_and_the_falcons_move_while_the_title_is_up(tmp_path, monkeypatch):
    monkeypatch.setenv("FALCONI_DATA_DIR", str(tmp_path / "data"))
    app = App(fps=0)
    app.clock = FixedClock(100)
    try:
        driver = Driver(app)
        driver.run(20)
        scene = driver.top
        assert isinstance(scene, TitleScene) and scene.animating
        road = pygame.Rect(0, 520, 1100, 200)
        falcons = pygame.Rect(920, 150, 200, 110)
        before = {name: app.screen.subsurface(area).copy() for name, area in (("road", road), ("sky", falcons))}
        driver.save(screenshot_dir(tmp_path), "title_moving_a")
        driver.run(int(DRIVE_SECONDS / 4 / 0.1))  # a quarter of the drive later
        driver.save(screenshot_dir(tmp_path), "title_moving_b")
        for name, area in (("road", road), ("sky", falcons)):
            after = app.screen.subsurface(area)
            assert pygame.image.tobytes(after, "RGB") != pygame.image.tobytes(before[name], "RGB"), name
        assert scene.motion.clock > DRIVE_SECONDS / 4 and len(FALCONS) == 2
    finally:
        app.close()
