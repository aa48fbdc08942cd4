"""The play scene's on-screen controls: Menu, Undo, Hint, Rules and the Log as icon buttons across the top of
the side panel, so that a game can be played from start to end with the mouse alone. A click on one is the
same intent as its key (Esc, Ctrl+Z, H, F1, L); each explains itself, with its key, in its tooltip."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from scenes.kit import input as inp
from scenes.kit import tooltip, ui_art
from scenes.kit.ui import DIM, TEXT
from scenes.playing.gameview import PANEL_AREA

SIZE = pygame.Rect(0, 0, 44, 36)  # one button
ICON = 24
GAP = 6
TOP = PANEL_AREA.y + 12
HEIGHT = SIZE.height + 10  # the strip with the room under it


@dataclass(frozen=True)
class Control:
    """An on-screen button that stands for a key (its tip: tips.control.<name>)."""

    name: str
    intent: inp.Kind  # what a click on it does: the intent of its key
    icon: str


CONTROLS = (
    Control("menu", inp.PAUSE, "pause"),
    Control("undo", inp.UNDO, "undo"),
    Control("hint", inp.HINT, "hint"),
    Control("rules", inp.HELP, "rules"),
    Control("log", inp.LOG, "log"),
)


def control_rects() -> dict[str, pygame.Rect]:
    """Where each control stands: a row at the top right of the side panel."""
    right = PANEL_AREA.right - 14
    rects: dict[str, pygame.Rect] = {}
    for number, control in enumerate(reversed(CONTROLS)):
        rect = SIZE.copy()
        rect.topright = (right - number * (SIZE.width + GAP), TOP)
        rects[control.name] = rect
    return rects


def control_at(pos: tuple[int, int]) -> Control | None:
    rects = control_rects()
    return next((control for control in CONTROLS if rects[control.name].collidepoint(pos)), None)


def draw_controls(surface: pygame.Surface, enabled: dict[str, bool], pointer: tuple[int, int] | None) -> None:
    """Every control, greyed where it can do nothing now (``enabled``), lit under the pointer."""
    rects = control_rects()
    for control in CONTROLS:
        rect, on = rects[control.name], enabled.get(control.name, True)
        state = "disabled" if not on else "focus" if pointer is not None and rect.collidepoint(pointer) else "normal"
        ui_art.draw_button(surface, rect, state)
        tooltip.control(rect)
        tooltip.icon(surface, control.icon, ICON, TEXT if on else DIM, tip=f"tips.control.{control.name}",
                     area=rect, center=rect.center)
