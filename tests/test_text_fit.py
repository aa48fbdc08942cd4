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

from typing import Any

import fit_recording as fit
import pygame
import pytest
from fit_check import focus_tip_problems, frame_problems, placement_problems, pointer_tip_problems
from scene_driver import FixedClock

from devtools.catalogue import Screen, every_screen, midgame_screens, open_screen
from game.core.message import Message
from game.i18n import PSEUDO, Translator
from game.services.settings import LANGUAGES
from scenes.kit import surface_cache, tooltip
from scenes.kit.stack import Reset
from scenes.kit.ui import LOGICAL_SIZE, PANEL, TextCache, panel
from scenes.pages.overlays import ConfirmOverlay

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
        panel(surface, pygame.Rect(100, 100, 200, 60), PANEL)
        text.blit(surface, "fits", 24, topleft=(110, 110))
        text.blit(surface, "far too long for the box it sits in", 24, topleft=(110, 140))
        text.blit(surface, "off the edge", 24, topleft=(1250, 10))
        text.blit(surface, "over fits", 24, topleft=(120, 112))
        text.wrap("a sentence of many words", 60, 24, most=1)
        drawn.picture(surface, "icon:star", pygame.Rect(300, 400, 28, 28))
        text.blit(surface, "the star name", 24, midleft=(320, 414))
    problems = drawn.problems(surface)
    assert len(problems) == 5, problems
    assert problems[0] == "'a sentence of many words' is cut to fewer lines than it needs"
    assert any(p.startswith("'far too long for the box it sits in' at (110, 140")
               and p.endswith("leaves its box (100, 100, 200x60)") for p in problems)
    assert any(p.startswith("'off the edge'") and p.endswith("leaves the window") for p in problems)
    assert any(p.startswith("'fits'") and "overlaps 'over fits'" in p for p in problems)
    assert any(p.startswith("'the star name'") and "overlaps the picture icon:star at (300, 400, 28x28)" in p
               for p in problems)


def test_a_box_laid_over_a_text_hides_it_and_is_not_its_box():
    """A card laid over the log covers its lines: they are neither judged by the card nor overlapped by it."""
    pygame.font.init()
    surface = pygame.Surface(LOGICAL_SIZE)
    text = TextCache()
    with fit.recording() as drawn:
        text.blit(surface, "a log line under the card", 24, topleft=(110, 110))
        panel(surface, pygame.Rect(100, 100, 200, 60), PANEL)
        text.blit(surface, "the card", 24, topleft=(112, 112))
    assert drawn.problems(surface) == []


def test_a_tip_that_covers_another_control_is_told(driver):
    tips = tooltip.tips()
    icon = pygame.Rect(600, 350, 10, 10)  # the pointer's arrow reaches down to y 377
    tips.controls[:] = [pygame.Rect(0, 0, 1280, 349), pygame.Rect(0, 378, 1280, 342)]  # no room anywhere
    tips.mode, tips.pointer = "pointer", icon.center
    shown = tips.show(driver.app.screen, tooltip.Tip(icon, Message("tips.icon.undo")), driver.app.context)
    assert shown.covers and placement_problems(shown)[0].endswith(f"covers the control at {shown.covers[0]}")
