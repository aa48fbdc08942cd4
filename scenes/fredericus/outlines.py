"""What the Fredericus board outlines over its pieces: the last turn's actions where they left their mark, and
a talon badge on each creature the deciding falconer may capture now (R-4)."""

from __future__ import annotations

import pygame
from pygame import Vector2

from game.fredericus.actions import (
    BET,
    CAPTURE,
    CARD,
    CENTRE,
    FLIP,
    HOOD,
    RAPTOR,
    SEAL,
    TIDY,
    TOKEN,
    parse_action,
    raptor_owner,
    raptors_in,
)
from game.fredericus.rules import TIDY_LENGTH
from game.fredericus.state import FredericusState
from game.services.match import LogEntry
from scenes.fredericus import draw
from scenes.fredericus.draw import Look
from scenes.fredericus.layout import Layout


def paint_captures(surface: pygame.Surface, game: FredericusState, layout: Layout, look: Look) -> None:
    """R-4: a talon badge beyond each creature a raptor of the deciding falconer may capture now."""
    for action in game.legal_actions():
        if action.kind != CAPTURE:
            continue
        row = layout.rows[game.post_of(action.a)]
        badge = row.badge_rect()
        draw.outline(surface, row.card_rect(len(row.offsets) - 1), draw.TALON, 2)
        draw.outline(surface, layout.raptor_rect(action.a), draw.TALON, 2)
        pygame.draw.circle(surface, draw.TALON, badge.center, badge.width // 2)
        pygame.draw.circle(surface, draw.INK, badge.center, badge.width // 2, 1)
        draw.paint_raptor(surface, Vector2(badge.center), action.a, False, small=True, colours=look.colours,
                          mark=look.marks[raptor_owner(action.a)], text=look.text)


def paint_last(surface: pygame.Surface, game: FredericusState, layout: Layout, last: list[LogEntry]) -> None:
    """The most recent turn's actions, outlined where they left their mark."""
    for entry in last:
        kind, a, b = parse_action(entry.text)
        marks: list[pygame.Rect] = []
        if kind == CARD:
            target = layout.rows[b]
            marks.append(target.card_rect(len(target.offsets) - 1) if target.offsets else target.slot_rect())
        elif kind in (RAPTOR, CAPTURE):
            marks.append(layout.raptor_rect(a))
            if kind == CAPTURE:
                marks.append(layout.rows[game.post_of(a)].slot_rect())
        elif kind == HOOD:
            marks += [layout.raptor_rect(raptor) for raptor in raptors_in(b)]
        elif kind in (FLIP, TIDY):
            row = layout.rows[a]
            count = len(row.offsets)
            marks += [row.card_rect(index) for index in range(count if kind == FLIP else min(TIDY_LENGTH, count))]
        elif kind == SEAL:
            marks.append(layout.rows[a].slot_rect())
        elif kind in (BET, TOKEN):
            place = a if kind == BET else b
            marks.append(layout.centre_rect() if place == CENTRE else layout.tower_rect(place))
        for rect in marks:
            draw.outline(surface, rect, draw.LAST, 2)
