"""The layout check (``python main.py check layout``, run by CI over every screen in every language at two window
sizes: ``devtools/layout/``) finds what it must: a text outside its box or the window, over another text or an
icon, or cut short; a tip leaving the window or covering another control; a tip, banner, lesson or message over
what the player may click next or over a text; a text of one scene lying on a text of the scene under it.
A failure names the language, the screen, the text and the rects.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pygame
import pytest
from scene_driver import FixedClock

from devtools.catalogue import Screen
from devtools.layout import recording as fit
from devtools.layout.frames import placement_problems
from devtools.layout.walk import walk
from game.core.message import Message
from game.falconi.state import FalconiState
from game.i18n import Translator
from scenes.falconi import draw
from scenes.fredericus import panels
from scenes.kit import tooltip, ui_art
from scenes.kit.stack import SceneStack
from scenes.kit.ui import LOGICAL_SIZE, TextCache, panel
from scenes.pages.overlays import ConfirmOverlay
from scenes.playing import action_bar, event_banner, hud, tutorial_overlay
from scenes.playing.gameview import BAR_AREA
from scenes.playing.hints import Hints
from scenes.playing.hud import Chip


@pytest.mark.slow
def test_check_layout_walks_the_screens_named_in_a_language_and_reports_in_json(tmp_path):
    """The command as CI runs it, in a process of its own, on two screens in Italian at both sizes."""
    run = subprocess.run([sys.executable, "main.py", "check", "layout", "--languages", "it", "--only", "title",
                          "settings", "--jobs", "1", "--json"], capture_output=True, text=True, timeout=300,
                         env={**_environment(), "FALCONI_DATA_DIR": str(tmp_path)})
    report = json.loads(run.stdout)
    assert (run.returncode, report["overlaps"], report["scenes"], report["languages"]) == (0, 0, 2, ["it"])
    assert report["sizes"] == ["640x360", "1280x720"]
    assert run.stderr.count("it ") == 2  # a line for each walk as it ends


def test_check_layout_names_a_screen_it_does_not_know():
    run = subprocess.run([sys.executable, "main.py", "check", "layout", "--only", "nowhere", "--languages", "en",
                          "--jobs", "1"], capture_output=True, text=True, timeout=120, env=_environment())
    assert (run.returncode, run.stderr.strip()) == (2, "main.py: no such screen: nowhere")


def _environment() -> dict[str, str]:
    import os

    return {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def test_a_label_too_long_for_its_button_is_found(driver):
    """The whole walk catches a text that leaves its box: a Yes no button can hold."""
    class LongYes(Translator):
        def __call__(self, key: str, **fields: Any) -> str:
            return "Yes " * 40 if key == "common.yes" else super().__call__(key, **fields)

    context = driver.app.context
    driver.app.clock = FixedClock(16)
    context.tr = LongYes("en")
    screen = Screen("long yes", lambda: [ConfirmOverlay(context, "?", "yes")])
    problems = walk(driver.app, [screen])["long yes"]
    assert any(problem.startswith("'Yes Yes") and "leaves its box" in problem for problem in problems)


def test_a_text_leaving_its_box_or_the_window_covering_another_text_or_a_picture_or_cut_is_told():
    pygame.font.init()
    surface = pygame.Surface(LOGICAL_SIZE)
    text = TextCache()
    with fit.recording() as drawn:
        panel(surface, pygame.Rect(100, 100, 200, 60))
        text.blit(surface, "fits", 24, topleft=(110, 110))
        text.blit(surface, "far too long for the box it sits in", 24, topleft=(110, 140))
        text.blit(surface, "off the edge", 24, topleft=(1250, 10))
        text.blit(surface, "over fits", 24, topleft=(120, 112))
        text.wrap("a sentence of many words", 60, 24, most=1)
        tooltip.icon(surface, "undo", 28, topleft=(300, 400))
        text.blit(surface, "the undo name", 24, midleft=(320, 414))
    problems = drawn.problems(surface)
    assert len(problems) == 5, problems
    assert problems[0] == "'a sentence of many words' is cut to fewer lines than it needs"
    assert any(p.startswith("'far too long for the box it sits in' at (110, 140")
               and p.endswith("leaves its box (100, 100, 200x60)") for p in problems)
    assert any(p.startswith("'off the edge'") and p.endswith("leaves the window") for p in problems)
    assert any(p.startswith("'fits'") and "overlaps 'over fits'" in p for p in problems)
    assert any(p.startswith("'the undo name'") and "overlaps the picture icon:undo at (300, 400, 28x28)" in p
               for p in problems)


def test_a_box_laid_over_a_text_hides_it_and_is_not_its_box():
    """A card laid over the log covers its lines: they are neither judged by the card nor overlapped by it."""
    pygame.font.init()
    surface = pygame.Surface(LOGICAL_SIZE)
    text = TextCache()
    with fit.recording() as drawn:
        text.blit(surface, "a log line under the card", 24, topleft=(110, 110))
        panel(surface, pygame.Rect(100, 100, 200, 60))
        text.blit(surface, "the card", 24, topleft=(112, 112))
    assert drawn.problems(surface) == []


def test_a_tip_that_covers_another_control_is_told(driver):
    """Where no place is clear, the tip says what it covers, and so does the recording of the controls kept."""
    tips = tooltip.tips()
    tips.clear()
    icon = pygame.Rect(600, 350, 10, 10)  # the pointer's arrow reaches down to y 377
    tips.mode, tips.pointer = "pointer", icon.center
    with fit.recording() as drawn:
        for band in (pygame.Rect(0, 0, 1280, 349), pygame.Rect(0, 378, 1280, 342)):  # no room anywhere
            tooltip.control(band)
        shown = tips.show(driver.app.screen, tooltip.Tip(icon, Message("tips.icon.undo")), driver.app.context)
    assert shown.covers and placement_problems(shown)[0].endswith(f"covers the control at {shown.covers[0]}")
    assert drawn.covering() == [f"the tip at {_rect(shown.rect)} covers the control at {_rect(control)}"
                                for control in shown.covers]


def _rect(rect: pygame.Rect) -> str:
    return f"({rect.x}, {rect.y}, {rect.width}x{rect.height})"


BOX = pygame.Rect(100, 100, 200, 60)
BOXES: dict[str, Callable[[pygame.Surface], None]] = {  # each looked up as it is called: wrapped while recording
    "panel": lambda surface: panel(surface, BOX),
    "button": lambda surface: ui_art.draw_button(surface, BOX),
    "wedge": lambda surface: panels.paint_wedge(surface, BOX),
}


@pytest.mark.parametrize("name", BOXES)
def test_a_text_running_out_of_each_kind_of_box_is_told(name):
    """Every box the recording hears of (its wrapper in place) holds the words placed in it."""
    assert _running_out(BOXES[name], BOX)


def test_a_text_running_out_of_the_falconi_strip_is_told():
    """The strip beside the Falconi board is not framed, but its words keep to it."""
    geometry = draw.Geometry(FalconiState.new_game("margherita", 0).city)
    text = TextCache()
    assert _running_out(lambda surface: draw.draw_strip(surface, geometry, text, "Anna", (200, 60, 60), [], [], ""),
                        geometry.strip)


def _running_out(draw_box: Callable[[pygame.Surface], None], box: pygame.Rect) -> bool:
    """Whether a text placed in the box ``draw_box`` draws at ``box`` and running out of it is told."""
    pygame.font.init()
    surface = pygame.Surface(LOGICAL_SIZE)
    with fit.recording() as drawn:
        draw_box(surface)
        TextCache().blit(surface, "far too long for the box it sits in " * 3, 24, topleft=(box.x + 4, box.y + 20))
    return any(problem.endswith(f"leaves its box {_rect(box)}") for problem in drawn.problems(surface))


def test_a_text_over_an_emblem_or_a_hud_chip_is_told():
    """An emblem and a HUD chip's picture are pictures too (an icon: the test above): no word may run over them."""
    pygame.font.init()
    surface = pygame.Surface(LOGICAL_SIZE)
    text = TextCache()
    chip = Chip("coin", Message("tips.icon.undo"), "×2")
    with fit.recording() as drawn:
        tooltip.emblem(surface, "falconi", 40, topleft=(100, 100))
        text.blit(surface, "over the emblem", 24, midleft=(110, 120))
        hud.draw_hud(surface, pygame.Rect(100, 300, 300, 200), hud.Hud((), (chip,)), {}, _Painter(), text, 0.0)
        text.blit(surface, "over the chip", 24, midleft=(110, 300 + hud.CHIP // 2))
    problems = drawn.problems(surface)
    assert any("overlaps the picture emblem:falconi at (100, 100, 40x40)" in problem for problem in problems)
    assert any(problem.startswith("'over the chip'") and "overlaps the picture coin" in problem
               for problem in problems)


class _Painter:
    def picture(self, name: str, size: int) -> pygame.Surface:
        return pygame.Surface((size, size))

    def seat_colour(self, seat: int) -> tuple[int, int, int]:
        return (200, 60, 60)


WINDOW = pygame.Rect((0, 0), LOGICAL_SIZE)
OVERLAYS: dict[str, Callable[[pygame.Surface, TextCache], object]] = {
    "banner": lambda surface, text: event_banner.draw_event_banner(surface, text, "A car is out", WINDOW),
    "lesson": lambda surface, text: tutorial_overlay.draw_lesson(
        surface, text, tutorial_overlay.Lesson("Lesson", "Drive the car.", "", "", 0.5), BOX, 0.0),
    "message": lambda surface, text: action_bar.draw_message(surface, text, ["Nothing to take back"], 300),
}


@pytest.mark.parametrize("what", OVERLAYS)
def test_each_overlay_over_a_place_kept_clear_is_told(what):
    """The event banner, the lesson and the action bar's message tell the recording where they went (the hint's
    banner and the tips: ``test_nothing_covers.py`` and the test above)."""
    pygame.font.init()
    surface = pygame.Surface(LOGICAL_SIZE)
    tooltip.clear()
    with fit.recording() as drawn:
        tooltip.control(WINDOW)  # nowhere is clear
        OVERLAYS[what](surface, TextCache())
    assert drawn.covering() and all(problem.startswith(f"the {what} at ")
                                    and problem.endswith(f"covers the control at {_rect(WINDOW)}")
                                    for problem in drawn.covering())


def test_a_recording_leaves_what_it_wrapped_as_it_was():
    owners = (ui_art, tooltip, tooltip.Tooltips, TextCache, draw, panels, hud, action_bar, tutorial_overlay,
              event_banner, Hints, SceneStack)
    before = [dict(vars(owner)) for owner in owners]
    with fit.recording():
        assert [dict(vars(owner)) for owner in owners] != before
    assert [dict(vars(owner)) for owner in owners] == before


@pytest.mark.parametrize("what", OVERLAYS)
def test_each_overlay_over_a_text_is_told(what):
    """Overlays take free space (issue 51: the lesson box hid half of the game log): one drawn over a text of
    its own scene is told, naming the text."""
    pygame.font.init()
    surface = pygame.Surface(LOGICAL_SIZE)
    tooltip.clear()
    text = TextCache()
    with fit.recording() as drawn:
        for y in range(0, LOGICAL_SIZE[1], 20):
            for x in (*range(0, BAR_AREA.x, 150), BAR_AREA.x):
                text.blit(surface, "a line of the game log", 18, topleft=(x, y))
        OVERLAYS[what](surface, text)
    assert any(problem.startswith(f"the {what} at ") and problem.endswith("covers 'a line of the game log' at "
                                                                          f"{_rect(rect)}")
               for problem in drawn.covering_texts() for rect in _rects_of(drawn, surface))


def _rects_of(drawn: fit.Recording, surface: pygame.Surface) -> list[pygame.Rect]:
    return [text.rect for text in drawn.top_texts(surface)]


def test_a_text_of_a_scene_over_a_text_of_the_scene_under_it_is_told():
    """The game-over caption over the panel's "Pile" (issue 51): the scene above draws no box there, so both
    texts show; over its own panel, the one under is hidden."""
    pygame.font.init()
    surface = pygame.Surface(LOGICAL_SIZE)
    text = TextCache()
    with fit.recording() as drawn:
        drawn.layer()
        text.blit(surface, "Pile: 48", 24, topleft=(100, 100))
        text.blit(surface, "Bombs", 24, topleft=(100, 300))
        drawn.layer()
        text.blit(surface, "Don Falconi escapes!", 24, topleft=(90, 104))
        panel(surface, pygame.Rect(80, 280, 300, 60))
        text.blit(surface, "Play again", 24, topleft=(90, 300))
    assert drawn.showing_through() == [
        f"'Don Falconi escapes!' at {_rect(drawn.top_texts(surface)[0].rect)} lies on 'Pile: 48' at "
        f"{_rect(drawn.sheets[surface, 1].texts[0].rect)} of the screen under it"]


def test_a_focused_rows_tip_over_the_page_title_is_told(driver):
    """Where no place is clear of the title, the tip's problems name it (issue 51: "Who plays?" was covered)."""
    from devtools.layout.frames import shown_tip_problems

    context = driver.app.context
    tips = tooltip.tips()
    app = driver.app
    title = app.stack.top

    class Title:
        """A page of one title, written all over the screen but for a row in its middle."""

        animating = False

        def draw(self, surface: pygame.Surface) -> None:
            surface.fill((0, 0, 0))
            for y in [*range(0, 320, 25), *range(390, 700, 25)]:
                for x in range(0, 1280, 160):
                    context.text.blit(surface, "Who plays?", 28, topleft=(x, y))

    app.stack.draw = lambda surface: Title().draw(surface)
    try:
        tips.mode = "focus"
        row = pygame.Rect(40, 340, 1200, 40)
        problems = shown_tip_problems(app, tooltip.Tip(row, Message("tips.icon.undo"), focus=row))
    finally:
        del app.stack.draw
    assert title is app.stack.top, problems
    assert any(problem.startswith("tip the tip at ") and "covers 'Who plays?'" in problem
               for problem in problems), problems
