"""Short shouts over the board's options ("CATCH!", "ESCAPE!", "DEAD END!"): where each goes, clear of the
tags already drawn this frame and, where it can, of what the player must still read (the cars and their
letters), and drawn as words the layout check hears of."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from scenes.kit import tooltip
from scenes.kit.ui import TextCache
from scenes.playing.gameview import BOARD_AREA

Colour = tuple[int, int, int]
SIZE = 18
GAP = 5  # between two tags: two shouts at one place read as two, not as one smudge
ROOM = 12  # between a shout and its option where several are on offer: the outline round one stays clear
FARTHEST = 3  # how many tags' heights a tag may move up or down from its option to find a clear place


def tag(surface: pygame.Surface, text: TextCache, words: str, rect: pygame.Rect, colour: Colour,
        taken: list[pygame.Rect] | None = None, avoid: Sequence[pygame.Rect] = (),
        bounds: pygame.Rect = BOARD_AREA, room: int = 1) -> pygame.Rect:
    """A shout ``room`` pixels over (or beside) the option at ``rect``, kept inside ``bounds``: given the boxes
    of the tags ``taken`` so far this frame, it keeps a gap from each (and is added to them), and it covers as
    little of ``avoid`` as it can. Returns its box."""
    width, height = text.render(words, SIZE, (255, 255, 255), bold=True).get_size()
    box = place((width + 8, height + 4), rect, [] if taken is None else taken, avoid, bounds, room)
    if taken is not None:
        taken.append(box)
    pygame.draw.rect(surface, colour, box, border_radius=4)
    pygame.draw.rect(surface, (255, 255, 255), box, width=1, border_radius=4)
    text.blit(surface, words, SIZE, (255, 255, 255), bold=True, center=box.center)
    return box


def place(size: tuple[int, int], rect: pygame.Rect, taken: Sequence[pygame.Rect], avoid: Sequence[pygame.Rect],
          bounds: pygame.Rect, room: int) -> pygame.Rect:
    """Where a tag of ``size`` goes for the option at ``rect``: the first of its places (see :func:`places`)
    clear of the ``taken`` tags and of ``avoid``, else the one clear of the tags covering least of ``avoid``,
    else the one meeting fewest tags."""
    apart = [other.inflate(2 * GAP, 2 * GAP) for other in taken]
    best = min(enumerate(places(size, rect, bounds, room)),
               key=lambda each: (len(each[1].collidelistall(apart)), tooltip.covered(each[1], avoid), each[0]))
    return best[1]


def places(size: tuple[int, int], rect: pygame.Rect, bounds: pygame.Rect, room: int) -> list[pygame.Rect]:
    """The places for a tag ``room`` pixels off the option at ``rect``, best first: above it, below it, beside
    it, then farther up and down a tag's height at a time; each pushed inside ``bounds``."""
    width, height = size
    step = height + GAP
    found = [pygame.Rect(0, 0, width, height) for _ in range(4 + 2 * FARTHEST)]
    found[0].midbottom = (rect.centerx, rect.top - room)
    found[1].midtop = (rect.centerx, rect.bottom + room)
    found[2].midright = (rect.left - room, rect.centery)
    found[3].midleft = (rect.right + room, rect.centery)
    for far in range(1, FARTHEST + 1):
        found[2 + 2 * far].midbottom = (rect.centerx, rect.top - room - far * step)
        found[3 + 2 * far].midtop = (rect.centerx, rect.bottom + room + far * step)
    return [spot.clamp(bounds) for spot in found]
