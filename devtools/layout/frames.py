"""What the layout check sees of a frame (``devtools.layout.recording``): whether the screen draws a text out of
its box or over another, or a tip, banner or message over what the player may click next (a button, a board
option, a car, a seat card, the prompt line). Any scene test can ask it too.

    assert frames.screen_problems(driver.app) == []    # a frame, then every tip of the screen shown in turn
"""

from __future__ import annotations

import pygame

from devtools.layout import recording as fit
from scenes.kit import tooltip
from scenes.kit.ui import LOGICAL_SIZE

WINDOW = pygame.Rect((0, 0), LOGICAL_SIZE)


def screen_problems(app, frames: int = 1) -> list[str]:
    """A few frames of the screen on top, then each tip it registered, as if the pointer rested on its icon."""
    return frame_problems(app, frames) + pointer_tip_problems(app)


def frame_problems(app, frames: int) -> list[str]:
    """Each frame is drawn whatever changed: a window at rest draws nothing, and a check of nothing passes."""
    said: list[str] = []
    for _ in range(frames):
        app.dirty = True
        with fit.recording() as drawn:
            app.frame()
        if not drawn.count:
            said.append("a frame drew no text: nothing of it was checked")
        said += drawn.problems(app.screen)
    return said


def pointer_tip_problems(app) -> list[str]:
    """Every tip the screen registered, shown as if the pointer rested on its icon."""
    tips = tooltip.tips()
    said: list[str] = []
    for tip in list(tips.tips):
        tips.mode, tips.pointer = "pointer", tip.area.center
        said += shown_tip_problems(app, tip)
    tips.mode, tips.pointer = None, None
    return said


def focus_tip_problems(app) -> list[str]:
    """The focused row's or button's tip, if it has one (Tab put the tips in the focus's hands)."""
    tip = tooltip.tips().due()
    return [] if tip is None else shown_tip_problems(app, tip)


def shown_tip_problems(app, tip: tooltip.Tip) -> list[str]:
    """The tip drawn over the frame under it: its own words must fit, and it may cover no control and no text
    of the scene on top (the page's title among them)."""
    with fit.recording() as under:
        app.stack.draw(app.screen)
    with fit.recording() as drawn:
        shown = tooltip.tips().show(app.screen, tip, app.context)
    covered = [f"the tip at {fit.rect_words(shown.rect)} covers {text.words!r} at {fit.rect_words(text.rect)}"
               for text in under.top_texts(app.screen) if fit.grazes_more(text.rect.clip(shown.rect))]
    return [f"tip {problem}" for problem in [*drawn.problems(app.screen), *placement_problems(shown), *covered]]


def placement_problems(shown: tooltip.Shown) -> list[str]:
    said = f"{shown.words!r} at {shown.rect}"
    problems = [f"{said} leaves the window"] if not WINDOW.contains(shown.rect) else []
    return problems + [f"{said} covers the control at {control}" for control in shown.covers]
