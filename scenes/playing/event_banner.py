"""The play scene's banner: an event that happened by itself (a car put out, a bomb) or a warning at the start
of a turn, in large words over the board for a moment, near its top, or wherever on the board it covers
nothing to click next (``scenes.playing.clear_spot``)."""

from __future__ import annotations

import pygame

from scenes.kit.ui import ACCENT, TextCache, panel
from scenes.playing import clear_spot
from scenes.playing.gameview import BOARD_AREA

SIZE, LINE = 26, 30  # its words, bold, and their pitch
NARROW = 320  # its words wrap this narrow where the board has no room for them in fewer lines
TOP = BOARD_AREA.y + 90  # where it stands when the top of the board is clear


def draw_event_banner(surface: pygame.Surface, text: TextCache, words: str, field: pygame.Rect) -> pygame.Rect:
    """Draw ``words`` in the banner inside ``field`` (the board's playfield); returns its box."""
    shapes = [text.wrap(words, width, SIZE, bold=True) for width in (field.width - 80, NARROW)]
    sizes = [(max(text.font(SIZE, True).size(line)[0] for line in lines) + 60, 24 + LINE * len(lines))
             for lines in shapes]
    shape, box = clear_spot.place(sizes, field, top=TOP, top_first=True)
    panel(surface, box)
    for number, line in enumerate(shapes[shape]):
        text.blit(surface, line, SIZE, ACCENT, bold=True, shadow=2, midtop=(box.centerx, box.y + 12 + LINE * number))
    return box
