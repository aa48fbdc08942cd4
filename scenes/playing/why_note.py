"""The sentences of a moment's explanations (``game.core.explanation``: the counter that ended a chase, the rule
that ended a hunt, what won it) in a small box on the board, where it covers none of the marks, pieces or
boxes it is told to keep clear of (``scenes.playing.clear_spot``), near the board's bottom edge first: the
event banner stands near its top."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.core.explanation import Explanation
from game.i18n import Translator
from scenes.kit.colours import TEXT
from scenes.kit.ui import TextCache, panel
from scenes.playing import clear_spot

SIZE, LINE = 20, 24  # its words and their pitch
PAD = 10
WIDTH = 460  # its words wrap at most this wide


def draw_notes(surface: pygame.Surface, text: TextCache, sentences: Sequence[str], field: pygame.Rect,
               keep: Sequence[pygame.Rect]) -> pygame.Rect | None:
    """Draw ``sentences`` a paragraph each inside ``field``, clear of ``keep``; returns the box (``None``: no
    sentence)."""
    if not sentences:
        return None
    room = min(WIDTH, field.width - 4 * PAD)
    lines = [line for sentence in sentences for line in text.wrap(sentence, room, SIZE)]
    width = max(text.font(SIZE).size(line)[0] for line in lines) + 2 * PAD
    _, box = clear_spot.place([(width, len(lines) * LINE + 2 * PAD - 4)], field, keep)
    panel(surface, box)
    for row, line in enumerate(lines):
        text.blit(surface, line, SIZE, TEXT, topleft=(box.x + PAD, box.y + PAD + row * LINE))
    return box


def draw_explained(surface: pygame.Surface, text: TextCache, tr: Translator, explanations: Sequence[Explanation],
                   field: pygame.Rect, keep: Sequence[pygame.Rect]) -> pygame.Rect | None:
    """:func:`draw_notes` of the explanations' notes, in the player's language."""
    return draw_notes(surface, text, [tr.message(why.note) for why in explanations if why.note is not None], field,
                      keep)
