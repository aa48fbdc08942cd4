"""The replay's side panel (``scenes/playing/sources/replay.py``), drawn instead of the play scene's: its
title, how far into the match the board is, the log round the current entry, the keys' reminder and the
transport buttons (``scenes/playing/replay_controls.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from scenes.context import AppContext
from scenes.kit import ui_art
from scenes.kit.ui import ACCENT, DIM, TEXT
from scenes.playing.gameview import PANEL_AREA
from scenes.playing.replay_controls import button_rects, draw_buttons

if TYPE_CHECKING:
    from scenes.playing.sources.replay import ReplaySource

LOG_LINES = 14  # entries shown round the current one
KEYS_SIZES, KEYS_LINE = (18, 17, 16, 15), 19  # the keys' reminder over the transport row: the first size that fits


def draw_replay_panel(surface: pygame.Surface, context: AppContext, replay: ReplaySource) -> None:
    """The panel of ``replay``."""
    ui_art.draw_panel(surface, PANEL_AREA)
    text, tr = context.text, context.tr
    x, width = PANEL_AREA.x + 16, PANEL_AREA.width - 32
    text.blit(surface, tr("replay.title"), 30, ACCENT, bold=True, topleft=(x, PANEL_AREA.y + 14))
    text.blit(surface, tr("replay.step", step=replay.shown, total=len(replay.log)), 22, TEXT,
              topleft=(x, PANEL_AREA.y + 54))
    keys_top = _draw_keys(surface, context, replay.device)
    _draw_log(surface, context, replay, (x, PANEL_AREA.y + 90), width, keys_top - 8)
    draw_buttons(surface, replay.focus, replay.playing, replay.enabled(), replay.choosing)


def _draw_keys(surface: pygame.Surface, context: AppContext, device: str) -> int:
    """The keys (or the pad's buttons) of the replay, over its transport row; returns their top."""
    text, tr = context.text, context.tr
    pad = ".pad" if device == "pad" else ""
    lines = (tr(f"replay.keys{pad}"), tr(f"replay.keys.buttons{pad}"))
    top = button_rects()["play"].top - 8 - len(lines) * KEYS_LINE
    for number, line in enumerate(lines):
        size = text.fit_size(line, PANEL_AREA.width - 32, KEYS_SIZES)
        text.blit(surface, line, size, DIM, midtop=(PANEL_AREA.centerx, top + number * KEYS_LINE))
    return top


def _draw_log(surface: pygame.Surface, context: AppContext, replay: ReplaySource, topleft: tuple[int, int],
              width: int, bottom: int) -> None:
    """The entries round the current one, down to ``bottom``: those played so far bright, the last one played
    marked, each person's seat named (``scenes.playing.people``)."""
    text, tr = context.text, context.tr
    log, shown = replay.log, replay.shown
    first = max(0, min(shown - LOG_LINES // 2, len(log) - LOG_LINES))
    x, y = topleft
    for index in range(first, min(len(log), first + LOG_LINES)):
        played = index < shown
        colour = ACCENT if index == shown - 1 else TEXT if played else DIM
        for part in text.wrap(tr.message(log[index].message, replay.named), width, 19, most=2):
            if y + 20 > bottom:
                return
            text.blit(surface, part, 19, colour, topleft=(x, y))
            y += 20
