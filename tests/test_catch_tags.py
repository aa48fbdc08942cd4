"""Issue 52's playtest: in the Falconi first path's catch lesson two roads reach Don Falconi, and their two
CATCH! tags sat on each other, on the Police caption of the border and on the cars. Each tag now stands apart
from the other, inside the grid and off the cars, and is drawn as words the layout check records."""

from __future__ import annotations

import pygame
import pytest
from scene_driver import Driver, FixedClock, screenshot_dir

from devtools.layout import recording as fit
from game.i18n import PSEUDO
from game.services.tutorials import FIRST_PATHS, LEARNER
from scenes.app import App
from scenes.falconi import tags
from scenes.kit.stack import Push
from scenes.playing.sources.tutorial import tutorial_scene


@pytest.mark.parametrize("language", ["fr", "de", "en", PSEUDO])
def test_the_two_catch_tags_stand_apart_off_the_cars_and_the_border(tmp_path, monkeypatch, language):
    monkeypatch.setenv("FALCONI_DATA_DIR", str(tmp_path / "data"))
    app = App(fps=0)
    app.context.change_settings(app.context.settings.changed(animation_speed=4.0, language=language))
    app.clock = FixedClock(100)
    driver = Driver(app)
    try:
        path = FIRST_PATHS["falconi"]
        index = next(number for number, step in enumerate(path.steps)
                     if step.kind == LEARNER and step.lesson == "tutorial.path.falconi.catch")
        drawn: list[tuple[str, pygame.Rect]] = []
        real = tags.tag
        monkeypatch.setattr(tags, "tag", lambda *args: drawn.append((args[2], real(*args))) or drawn[-1][1])
        app.stack.apply(Push(tutorial_scene(app.context, path, index)))
        driver.run(3)
        scene = driver.top
        catch = scene.context.tr("falconi.tag.catch")
        boxes = [box for words, box in drawn if words == catch]
        assert len(boxes) == 2, drawn
        first, second = boxes
        assert not first.inflate(2 * tags.GAP - 2, 2 * tags.GAP - 2).colliderect(second), boxes
        state = scene.match.state
        field = scene.view.playfield(state)
        for box in boxes:
            assert field.contains(box), (box, field)  # off the border's captions ("Police", the tunnels)
            assert box.collidelist(scene.view.pieces(state)) < 0, (box, scene.view.pieces(state))
        scene.board_picture.forget()  # drawn afresh and recorded: the check sees each tag's words
        with fit.recording() as recorded:
            app.frame()
        words = [text.rect for sheet in recorded.sheets.values() for text in sheet.texts if text.words == catch]
        assert len(words) == 2 and all(any(box.contains(rect) for box in boxes) for rect in words), words
        driver.save(screenshot_dir(tmp_path), f"catch_tags_{language}")
    finally:
        app.close()
