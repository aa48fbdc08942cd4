"""Painting the four wedges of the Fredericus board between its rows that hold something: the objective deck
with its discards, the turn's status and the legends.

Their places are :mod:`scenes.fredericus.layout`'s; cards and pieces are painted by :mod:`scenes.fredericus.draw`.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame
from pygame import Vector2

from game.core.message import Message
from game.fredericus.cards import KINDS
from scenes.fredericus.draw import (
    GOLD,
    INK,
    LAST,
    SEAT_COLOURS,
    TALON,
    Palette,
    paint_card,
    paint_objective,
    paint_raptor,
    paint_token,
)
from scenes.fredericus.layout import (
    COUNT_RADIUS,
    DECK_BACK,
    DECK_RECT,
    KEY_RECT,
    LEGEND_RECT,
    STATUS_RECT,
    ChipLine,
    chip_places,
    deck_chip_lines,
)
from scenes.fredericus.rows import rect_at
from scenes.kit import tooltip
from scenes.kit.ui import TextCache

WEDGE = (28, 36, 32)
SMALL_SIZES = (16, 15, 14, 13)  # the deck's notes and the key's names: the first size at which they fit


def paint_wedge(surface: pygame.Surface, rect: pygame.Rect, edge: tuple[int, int, int] = (70, 84, 74)) -> None:
    pygame.draw.rect(surface, WEDGE, rect, border_radius=6)
    pygame.draw.rect(surface, edge, rect, 1, border_radius=6)


def creature_counts(counts: Sequence[int]) -> list[tuple[int, int]]:
    """(kind, count) for each kind held, in kind order: chips show a kind once with its count."""
    return [(kind, count) for kind, count in enumerate(counts[:KINDS]) if count]


def paint_chips(surface: pygame.Surface, text: TextCache, lines: Sequence[ChipLine],
                chips: Sequence[tuple[int | None, int]], shorts: Sequence[str], row_cards: bool) -> None:
    """The chips placed by ``chip_places``; ``row_cards`` paints captured creatures, else objectives."""
    for (code, amount), (rect, badge) in zip(chips, chip_places(lines, chips)):
        if row_cards and code is not None:
            paint_card(surface, text, rect, code, shorts, Vector2(rect.center))
        else:
            paint_objective(surface, text, rect, code, shorts)
        if badge is not None:
            paint_count(surface, text, badge, amount)


def paint_count(surface: pygame.Surface, text: TextCache, badge: pygame.Rect, count: int) -> None:
    """How many of a kind, as a small round badge (placed by ``chip_places``)."""
    pygame.draw.circle(surface, INK, badge.center, COUNT_RADIUS)
    pygame.draw.circle(surface, GOLD, badge.center, COUNT_RADIUS, 1)
    text.blit(surface, str(count), 14, (255, 255, 255), bold=True, center=badge.center)


def paint_deck(surface: pygame.Surface, text: TextCache, lines: Sequence[str], deck_count: int,
               discards: Sequence[tuple[int | None, int]], shorts: Sequence[str]) -> None:
    """The objective deck (face down, with its count), the notes in ``lines`` and, after the last of them, the
    face-up discards."""
    rect = DECK_RECT
    paint_wedge(surface, rect)
    back = DECK_BACK
    for depth in (4, 2, 0) if deck_count else ():
        paint_objective(surface, text, back.move(depth, -depth // 2), None, shorts)
    tooltip.add(back.union(back.move(4, -2)), Message.of("tips.fredericus.deck", count=deck_count))
    text.blit(surface, f"×{deck_count}", 20, (240, 240, 240), bold=True, midleft=(rect.x + 38, rect.y + 22))
    notes = lines[:-1]  # right of the deck, all at the one size at which the longest fits
    size = min(text.fit_size(line, rect.right - 6 - (rect.x + 78), SMALL_SIZES) for line in notes)
    for number, line in enumerate(notes):
        text.blit(surface, line, size, (200, 206, 196), topleft=(rect.x + 78, rect.y + 6 + 15 * number))
    label = text.blit(surface, lines[-1], 16, (200, 206, 196), midleft=(rect.x + 8, rect.y + 66))
    paint_chips(surface, text, deck_chip_lines(label.width), discards, shorts, False)


def paint_status(surface: pygame.Surface, text: TextCache, lines: Sequence[tuple[str, tuple[int, int, int]]],
                 actions_left: int, actions_label: str, focus: str, extra_left: int = 0) -> None:
    """The turn in a few words, the actions left as pips after ``actions_label`` (the turn's own actions
    filled, then a flip's optional extra actions as rings, R-6.2), and what the focused option does."""
    rect = STATUS_RECT
    paint_wedge(surface, rect)
    y = rect.y + 6
    for line, colour in lines:
        for part in text.wrap(line, rect.width - 12, 18):
            text.blit(surface, part, 18, colour, topleft=(rect.x + 6, y))
            y += 17
    if actions_left or extra_left:
        left = text.blit(surface, actions_label, 18, (200, 206, 196), midleft=(rect.x + 6, y + 10)).right + 4
        if actions_left:
            tooltip.add(pygame.Rect(left, y + 2, 18 * actions_left, 16), Message.of("tips.fredericus.actions",
                                                                                      count=actions_left))
        if extra_left:
            tooltip.add(pygame.Rect(left + 18 * actions_left, y + 2, 18 * extra_left, 16),
                        Message.of("tips.fredericus.extra_actions", count=extra_left))
        for pip in range(actions_left + extra_left):
            centre = (left + 8 + 18 * pip, y + 10)
            if pip < actions_left:
                pygame.draw.circle(surface, GOLD, centre, 7)
                pygame.draw.circle(surface, INK, centre, 7, 1)
            else:  # optional: a gold ring, to be used or left
                pygame.draw.circle(surface, INK, centre, 7)
                pygame.draw.circle(surface, GOLD, centre, 7, 2)
        y += 24
    for part in text.wrap(focus, rect.width - 12, 17, most=max((rect.bottom - y) // 16, 0)):
        text.blit(surface, part, 17, (250, 204, 92), topleft=(rect.x + 6, y))
        y += 16


def paint_legend(surface: pygame.Surface, text: TextCache, names: Sequence[str], shorts: Sequence[str],
                 pieces: Sequence[str], colours: Palette = SEAT_COLOURS, marks: Sequence[str] = ()) -> None:
    """What the shapes mean: the eleven row cards (``names`` by code), then the pieces (``pieces``: falcon,
    goshawk, hooded, token, capture possible, last move), shown in the seat ``colours`` with their ``marks``."""
    rect = LEGEND_RECT
    paint_wedge(surface, rect)
    for code, name in enumerate(names):
        x = rect.x + 6 + (code // 6) * 96
        y = rect.y + 8 + (code % 6) * 22
        card = pygame.Rect(x, y, 18, 18)
        paint_card(surface, text, card, code, shorts, Vector2(card.center))
        text.blit(surface, name, 16, (200, 206, 196), midleft=(x + 22, card.centery))
    rect = KEY_RECT
    paint_wedge(surface, rect)

    def widest(names: Sequence[str], size: int) -> int:
        return max(text.render(name, size).get_width() for name in names)

    # two columns of pieces, each a picture then its name: the one size at which both names fit side by side
    size = next((size for size in SMALL_SIZES if 40 + widest(pieces[:3], size) + 20 + widest(pieces[3:], size)
                 <= rect.width - 6), SMALL_SIZES[-1])
    second = rect.x + 40 + widest(pieces[:3], size)
    for index, name in enumerate(pieces):
        x = rect.x + 8 if index < 3 else second
        y = rect.y + 18 + (index % 3) * 32
        centre = Vector2(x + 10 if index < 3 else x + 8, y)
        if index < 3:
            paint_raptor(surface, centre, 0 if index != 1 else 1, hooded=index == 2, colours=colours,
                         mark=marks[0] if marks else "", text=text)
        elif index == 3:
            paint_token(surface, centre, 1, colours, marks[1] if marks else "", text)
        else:
            pygame.draw.rect(surface, TALON if index == 4 else LAST, rect_at(centre, (16, 16)), 2, border_radius=4)
        text.blit(surface, name, size, (200, 206, 196), midleft=(x + (28 if index < 3 else 20), y))
