"""The empty Falconi city, drawn once per size and language: the lots with their coordinates and the border
ring with its districts, prison, police stations and tunnels, named and lettered (F-1.2 … F-1.5)."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from scenes.falconi import sprites
from scenes.falconi.draw import DISTRICT_SEAT, SEAT_COLOURS, Geometry, Palette
from scenes.kit.colours import BACKGROUND, TEXT
from scenes.kit.ui import TextCache
from scenes.playing.gameview import BOARD_AREA

CAPTION_SIZES = (16, 14, 12)  # the sizes of the frame's captions, largest first (see _caption_size)
COORDINATE = (128, 150, 128)  # an empty square's x,y: there to be read when wanted, not to catch the eye


def draw_frame(surface: pygame.Surface, geometry: Geometry, text: TextCache, labels: dict[str, str],
               colours: Palette = SEAT_COLOURS, letters: Sequence[str] = ()) -> None:
    """The empty grid and the border ring: districts, prison, stations, tunnels (``labels`` holds the
    translated words ``prison``, ``police`` and ``tunnel`` with a ``{slot}`` field). The slots of a district
    are drawn in its police seat's colour and, given ``letters`` (a letter per seat), carry its police car's
    letter."""
    surface.fill(BACKGROUND, BOARD_AREA)
    city, cs = geometry.city, geometry.cs
    tunnels = {slot.name: labels["tunnel"].format(slot=slot.partner) for slot in city.slots if slot.role == "tunnel"}
    size = _caption_size(text, [labels["prison"], labels["police"], *tunnels.values()], cs - 8)
    lot = sprites.image(sprites.CITY, "lot", cs)
    coordinate_size = max(13, cs // 4)
    for cell in range(city.cell_count):
        rect = geometry.cell_rect(cell)
        surface.blit(lot, rect)
        x, y = city.xy(cell)  # as the log and the hints name the square; a tile laid there covers it
        text.blit(surface, f"{x},{y}", coordinate_size, COORDINATE, bottomright=(rect.right - 4, rect.bottom - 3))
    corner = sprites.image(sprites.CITY, "corner", cs)
    for column, row in ((0, 0), (city.width + 1, 0), (0, city.height + 1), (city.width + 1, city.height + 1)):
        surface.blit(corner, geometry.square(column, row))
    for index, slot in enumerate(city.slots):
        rect = geometry.slot_rect(index)
        colour = colours[DISTRICT_SEAT[slot.district]] if slot.district else None
        if slot.role == "plain":
            name = sprites.plain_name(slot.district or "none", slot.index, slot.side)
        else:
            name = f"{slot.role}:{slot.side}"
        surface.blit(sprites.image(sprites.CITY, name, cs, colour), rect)
        if slot.role == "prison":
            _caption(surface, text, labels["prison"], rect, size)
        elif slot.role == "station":
            _caption(surface, text, labels["police"], rect, size)
        elif slot.role == "tunnel":
            _caption(surface, text, tunnels[slot.name], rect, size)
        _outlined(surface, text, slot.name, 15, topleft=(rect.x + 3, rect.y + 2))
        if slot.district and letters:
            _outlined(surface, text, letters[DISTRICT_SEAT[slot.district]], 15, bold=True,
                      topright=(rect.right - 3, rect.y + 2))


def _outlined(surface: pygame.Surface, text: TextCache, words: str, size: int, bold: bool = False,
              **anchor: tuple[int, int]) -> None:
    """Light words with a dark rim, readable on any picture."""
    rect = text.render(words, size, TEXT, bold).get_rect(**anchor)
    for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1), (1, 1)):
        text.blit(surface, words, size, (12, 12, 16), bold, topleft=(rect.x + dx, rect.y + dy))
    text.blit(surface, words, size, (236, 236, 242), bold, topleft=rect.topleft)


def _caption_size(text: TextCache, captions: Sequence[str], width: int) -> int:
    """The one size of the frame's captions: the largest at which every caption fits ``width``, so a language
    whose words are long shrinks them all alike rather than leaving labels of two sizes side by side."""
    return next((size for size in CAPTION_SIZES
                 if all(text.font(size, True).size(caption)[0] <= width for caption in captions)), CAPTION_SIZES[-1])


def _caption(surface: pygame.Surface, text: TextCache, words: str, rect: pygame.Rect, size: int) -> None:
    """A building's or tunnel's name on a black band at the bottom of its slot."""
    image = text.render(words, size, (255, 255, 255), bold=True)
    box = image.get_rect(midbottom=(rect.centerx, rect.bottom - 3)).inflate(6, 0)
    pygame.draw.rect(surface, (0, 0, 0), box, border_radius=3)
    surface.blit(image, image.get_rect(center=box.center))
