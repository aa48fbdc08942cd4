"""Every language fits: each screen of the catalogue, drawn in English, Italian, German, French and the
pseudo-language (English with every word 40% longer), draws no text outside its box or the window, over
another text or an icon, or cut short; every tooltip stays inside the window and covers no other control; and no
tip, banner or message covers what the player may click next (a button, a board option, a car, a seat card, the
prompt line: ``tests/fit_check.py``, which any scene test can call).

Each screen is drawn as it opens, then after each of a few presses of Tab (the next menu item with its note,
the next rules topic, the board's next option), with its focused item's tip; the tip of every icon the
screen registered is drawn as if the pointer rested on it. ``fit_recording`` records where everything went.
A failure names the language, the screen, the text and the rects.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import fit_recording as fit
import pygame
import pytest
from fit_check import focus_tip_problems, frame_problems, placement_problems, pointer_tip_problems
from scene_driver import FixedClock

from devtools.catalogue import Screen, every_screen, midgame_screens, open_screen
from game.core.message import Message
from game.falconi.state import FalconiState
from game.i18n import PSEUDO, Translator
from game.services.settings import LANGUAGES
from scenes.falconi import draw
from scenes.fredericus import panels
from scenes.kit import surface_cache, tooltip, ui_art
from scenes.kit.stack import Reset, SceneStack
from scenes.kit.ui import LOGICAL_SIZE, TextCache, panel
from scenes.pages.overlays import ConfirmOverlay
from scenes.playing import action_bar, event_banner, hud, tutorial_overlay
from scenes.playing.hints import Hints
from scenes.playing.hud import Chip

FRAMES = 3  # frames drawn as a screen opens: its first may still be settling
TABS = 10  # presses of Tab on each screen: the settings' ten items, every rules topic


def walk(app, screens: list[Screen]) -> list[str]:
    """Open each screen in the app's language and say every text and tip that does not fit, naming the
    language and the screen."""
    context = app.context
    title = type(app.stack.scenes[0])
    app.stack.apply(Reset(title(context)))
    for cache in surface_cache.caches():
        cache.clear()  # every picture with words in it is drawn again, in this language, while we record
    language = context.tr.language
    found: dict[str, None] = {}
    for screen in screens:
        with fit.recording() as opening:  # a board draws its first picture as its scene is made
            open_screen(app, screen)
        opened = [*opening.problems(app.screen), *frame_problems(app, FRAMES), *pointer_tip_problems(app)]
        said = dict.fromkeys(opened, "")  # each problem with the first moment it showed
        for number in range(1, TABS + 1):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="", scancode=0))
            for problem in [*frame_problems(app, 1), *focus_tip_problems(app)]:
                said.setdefault(problem, f" (after Tab ×{number})")
        found |= {f"{language} {screen.name}{when}: {problem}": None for problem, when in said.items()}
        app.stack.apply(Reset(title(context)))
    return list(found)


@pytest.mark.slow
@pytest.mark.parametrize("language", [*LANGUAGES, PSEUDO])
def test_every_screen_fits_in(language, driver):
    driver.app.clock = FixedClock(16)
    context = driver.app.context
    context.change_settings(context.settings.changed(language=language))
    problems = walk(driver.app, every_screen(context) + midgame_screens(context))
    assert problems == [], "\n".join(problems)


def test_a_label_too_long_for_its_button_is_found(driver):
    """The whole walk catches a text that leaves its box: a Yes no button can hold."""
    class LongYes(Translator):
        def __call__(self, key: str, **fields: Any) -> str:
            return "Yes " * 40 if key == "common.yes" else super().__call__(key, **fields)

    context = driver.app.context
    driver.app.clock = FixedClock(16)
    context.tr = LongYes("en")
    screen = Screen("long yes", lambda: [ConfirmOverlay(context, "?", "yes")])
    problems = walk(driver.app, [screen])
    assert any(problem.startswith("en long yes: 'Yes Yes") and "leaves its box" in problem for problem in problems)


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
