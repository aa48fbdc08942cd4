"""The play scene's action bar, under the side panel: the last message, what the focused choice would do, and
the steps the view offers as buttons (see ``GameView.is_button``), laid out by the play scene's layout."""

from __future__ import annotations

import pygame

from game.core.protocol import GameState
from scenes.context import AppContext
from scenes.kit import tooltip, ui_art
from scenes.kit.chooser import ActionChooser
from scenes.kit.ui import ACCENT, DIM, TEXT
from scenes.playing.gameview import BAR_AREA, GameView

BUTTON_HEIGHT = 40
BUTTON_ICON = 24  # the action's icon before a button's label
BUTTON_GAP = 6  # four rows of buttons (every kind of Mode II action at once) fit the action bar
BUTTON_PADDING = 12  # the button's edges, left and right together, kept clear of its label
LABEL_SIZES = (22, 20, 18, 16)  # a long label (a translation, a count) takes the first size that fits


def draw_action_bar(surface: pygame.Surface, context: AppContext, view: GameView, state: GameState,
                    chooser: ActionChooser | None, message: str) -> None:
    """The message line, the focused choice in words (with the hints setting on), and the buttons."""
    text, tr = context.text, context.tr
    hint_y = BAR_AREA.y - 30
    if message:
        text.blit(surface, message, 22, ACCENT, topleft=(BAR_AREA.x, hint_y - 24))
    if chooser is None:
        return
    focused = chooser.focused
    if focused is not None and context.settings.hints:
        chosen = [step for step in chooser.prefix if not view.is_button(step)]  # a button said its part
        labels = [view.label(state, step) for step in chosen[:1] + [focused]]
        # a second step's label either goes on from the first ("… to post 3") or is a sentence of its own
        hint = labels[0] if len(labels) == 1 else labels[0] + (": " if labels[1][:1].isupper() else " ") + labels[1]
        lines = text.wrap(hint, BAR_AREA.width, 24, most=2)
        for number, line in enumerate(lines):
            text.blit(surface, line, 24, TEXT, topleft=(BAR_AREA.x, hint_y - 22 * (len(lines) - 1 - number)))
    for option in chooser.options:
        if not view.is_button(option):
            continue
        rect = chooser.rect(option)
        is_focused = option == focused
        ui_art.draw_button(surface, rect, "focus" if is_focused else "normal")
        tooltip.control(rect)
        name = view.icon(option)
        room = rect.width - BUTTON_PADDING - (BUTTON_ICON + 6 if name else 0)
        label = view.label(state, option)
        size = text.fit_size(label, room, LABEL_SIZES)
        width = text.render(label, size).get_width() + (BUTTON_ICON + 6 if name else 0)
        x = rect.centerx - width // 2
        if name:
            tooltip.icon(surface, name, BUTTON_ICON, TEXT, area=rect, focus=rect if is_focused else None,
                         topleft=(x, rect.centery - BUTTON_ICON // 2))
            x += BUTTON_ICON + 6
        text.blit(surface, label, size, TEXT, midleft=(x, rect.centery))
    if chooser.chosen and context.settings.hints:
        text.blit(surface, tr("play.back_hint"), 20, DIM, bottomleft=(BAR_AREA.x, BAR_AREA.bottom))

