"""The play scene's action bar, under the side panel: the last message, what the focused choice would do, and
the steps the view offers as buttons (see ``GameView.is_button``), laid out by the play scene's layout."""

from __future__ import annotations

from typing import Any

import pygame

from game.core.protocol import GameState
from scenes.context import AppContext
from scenes.kit import tooltip, ui_art
from scenes.kit.chooser import ActionChooser
from scenes.kit.ui import ACCENT, DIM, TEXT, TextCache
from scenes.playing.gameview import BAR_AREA, GameView

BUTTON_HEIGHT = 40
BUTTON_ICON = 24  # the action's icon before a button's label
BUTTON_GAP = 6  # four rows of buttons (every kind of Mode II action at once) fit the action bar
BUTTON_PADDING = 12  # the button's edges, left and right together, kept clear of its label
LABEL_SIZES = (22, 20, 18, 16)  # a long label (a translation, a count) takes the first size that fits
MESSAGE_SIZE, MESSAGE_LINE = 22, 21  # the last message (an undo refused, a save failed): two lines at most
PROMPT_SIZE, PROMPT_LINE = 24, 22  # the focused choice in words: two lines at most
LINES_GAP = 4  # between the message and the prompt
LINES_BOTTOM = BAR_AREA.y - 8  # the message and prompt lines end just above the bar's first row of buttons


def message_and_prompt(context: AppContext, view: GameView[Any, Any, Any], state: GameState[Any],
                       chooser: ActionChooser[Any, Any, Any] | None, message: str) -> tuple[list[str], list[str]]:
    """The message's lines and the prompt's (the focused choice in words, with the hints setting on), wrapped to
    the bar's width."""
    text = context.text
    prompt: list[str] = []
    focused = chooser.focused if chooser is not None else None
    if chooser is not None and focused is not None and context.settings.hints:
        chosen = [step for step in chooser.prefix if not view.is_button(step)]  # a button said its part
        labels = [view.label(state, step) for step in chosen[:1] + [focused]]
        # a second step's label either goes on from the first ("… to post 3") or is a sentence of its own (the
        # first may end in a colon's list already: "Play the tile: curve. Place it turned 90°")
        hint = labels[0] if len(labels) == 1 else labels[0] + (". " if labels[1][:1].isupper() else " ") + labels[1]
        prompt = text.wrap(hint, BAR_AREA.width, PROMPT_SIZE, most=2)
    said = text.wrap(message, BAR_AREA.width, MESSAGE_SIZE, most=2) if message else []
    return said, prompt


def lines_top(message: list[str], prompt: list[str]) -> int:
    """Where the message and prompt lines begin: what is drawn above the bar (the log, a lesson) ends above."""
    return LINES_BOTTOM - PROMPT_LINE * len(prompt) - (MESSAGE_LINE * len(message) + LINES_GAP if message else 0)


def draw_message(surface: pygame.Surface, text: TextCache, lines: list[str], top: int) -> list[pygame.Rect]:
    """The message's ``lines`` from ``top`` down; returns where each went: over the scene, like a banner, they
    may cover nothing the player must still see."""
    return [text.blit(surface, line, MESSAGE_SIZE, ACCENT, topleft=(BAR_AREA.x, top + number * MESSAGE_LINE))
            for number, line in enumerate(lines)]


def draw_action_bar(surface: pygame.Surface, context: AppContext, view: GameView[Any, Any, Any], state: GameState[Any],
                    chooser: ActionChooser[Any, Any, Any] | None, message: str) -> None:
    """The message lines, over the prompt lines (the focused choice in words), and the buttons. The prompt is
    kept clear of tips; the message has its own lines above it, so it covers neither it nor the buttons."""
    text, tr = context.text, context.tr
    said, prompt = message_and_prompt(context, view, state, chooser, message)
    y = lines_top(said, prompt)
    draw_message(surface, text, said, y)
    if said:
        y += MESSAGE_LINE * len(said) + LINES_GAP
    if prompt:
        tooltip.control(pygame.Rect(BAR_AREA.x, y, BAR_AREA.width, PROMPT_LINE * len(prompt)), "prompt")
    for line in prompt:
        text.blit(surface, line, PROMPT_SIZE, TEXT, topleft=(BAR_AREA.x, y))
        y += PROMPT_LINE
    if chooser is None:
        return
    focused = chooser.focused
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

