"""A hunt's moment explained on the board (``game.fredericus.explain``): the sky and tree cards at the ends of the
rows beside a raptor's post, joined to the raptor they let capture, and the row end the creature left. Drawn
over the rows, under the raptors; the explanations' sentences (the flight, the rule that ended the hunt, what
won it) are drawn by :mod:`scenes.playing.why_note`."""

from __future__ import annotations

from collections.abc import Sequence

import pygame
from pygame import Vector2

from game.core.explanation import Explanation
from scenes.fredericus import draw
from scenes.fredericus.layout import Layout

MARK = (255, 232, 110)  # brighter than the last move's blue and the orange of a capture on offer
EDGE = (30, 24, 18)


def draw_explanations(surface: pygame.Surface, layout: Layout, explanations: Sequence[Explanation]) -> list[
        pygame.Rect]:
    """Mark the cards, row ends and raptors the explanations name; returns the marked boxes (to keep clear)."""
    marked: list[pygame.Rect] = []
    for why in explanations:
        cards = [layout.rows[row].card_rect(index) for row, index in why.cards if 0 <= row < len(layout.rows)
                 and 0 <= index < len(layout.rows[row].offsets)]
        ends = [layout.rows[row].slot_rect() for row in why.slots]
        raptors = [layout.raptor_rect(raptor) for raptor in why.pieces if raptor in layout.raptors]
        for raptor in raptors:  # each card its line to the raptor it let hunt
            for rect in cards + ends:
                draw.line(surface, EDGE, Vector2(rect.center), Vector2(raptor.center), 7)
                draw.line(surface, MARK, Vector2(rect.center), Vector2(raptor.center), 3)
        for rect in cards + ends + raptors:
            draw.outline(surface, rect, EDGE, 6)
            draw.outline(surface, rect, MARK, 4)
        marked += cards + ends + raptors
    return marked
