"""The replay's buttons: a media player's transport row under the log (first, one action back, play or pause,
one action on, last) and a close button at the top right of the side panel, where the play scene's own
controls stand. They take the focus in turn like any row of buttons; each explains itself, with its keys, in
its tooltip (``tips.replay.<name>``)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from scenes.kit import tooltip, ui_art
from scenes.kit.ui import DIM, TEXT
from scenes.playing import controls
from scenes.playing.gameview import PANEL_AREA

TRANSPORT_BUTTON = pygame.Rect(0, 0, 64, 44)
TRANSPORT_GAP = 10
TRANSPORT_ICON = 28
FOOT = 16  # between the transport row and the foot of the panel


@dataclass(frozen=True)
class ReplayButton:
    """A button of the replay: ``name`` says what it does (and names its tip), ``icon`` what it shows."""

    name: str
    icon: str


TRANSPORT = (
    ReplayButton("first", "first"),
    ReplayButton("back", "step_back"),
    ReplayButton("play", "play"),  # "pause" while the replay plays
    ReplayButton("forward", "step_forward"),
    ReplayButton("last", "last"),
)
CLOSE = ReplayButton("close", "close")
BUTTONS = TRANSPORT + (CLOSE,)  # the order the focus goes round in
NAMES = tuple(button.name for button in BUTTONS)


def button_rects() -> dict[str, pygame.Rect]:
    """The transport row centred at the foot of the side panel; the close button at its top right."""
    width = len(TRANSPORT) * TRANSPORT_BUTTON.width + (len(TRANSPORT) - 1) * TRANSPORT_GAP
    x = PANEL_AREA.centerx - width // 2
    top = PANEL_AREA.bottom - TRANSPORT_BUTTON.height - FOOT
    rects = {}
    for number, button in enumerate(TRANSPORT):
        rect = TRANSPORT_BUTTON.copy()
        rect.topleft = (x + number * (TRANSPORT_BUTTON.width + TRANSPORT_GAP), top)
        rects[button.name] = rect
    close = controls.SIZE.copy()
    close.topright = (PANEL_AREA.right - 14, controls.TOP)
    rects[CLOSE.name] = close
    return rects


def button_at(pos: tuple[int, int]) -> str | None:
    """The name of the button at ``pos``, if any."""
    return next((name for name, rect in button_rects().items() if rect.collidepoint(pos)), None)


def draw_buttons(surface: pygame.Surface, focus: str, playing: bool, enabled: dict[str, bool],
                 focus_tip: bool) -> None:
    """Every button, the focused one lit (with its tip beside it if ``focus_tip``), greyed where it can do
    nothing now (``enabled``); the play button shows pause while the replay plays."""
    rects = button_rects()
    for button in BUTTONS:
        rect, on, focused = rects[button.name], enabled.get(button.name, True), button.name == focus
        ui_art.draw_button(surface, rect, "focus" if focused else "normal" if on else "disabled")
        tooltip.control(rect)
        name, icon = ("pause", "pause") if button.name == "play" and playing else (button.name, button.icon)
        size = controls.ICON if button is CLOSE else TRANSPORT_ICON
        tooltip.icon(surface, icon, size, TEXT if on else DIM, tip=f"tips.replay.{name}", area=rect,
                     focus=rect if focused and focus_tip else None, center=rect.center)
