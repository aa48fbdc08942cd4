"""What a tutorial draws over the play scene: the lesson box and the pointer.

The lesson box stands in the side panel, over the game log and, when its text is long, the lower info lines. It
ends above the play scene's message and hint lines and the action bar, so it never covers a button to press;
board options are all left of the panel. The pointer is a ring pulsing round the thing to click and an arrow
bouncing towards it, above it as a rule, or from the side where it covers no piece and no other option.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import pygame

from scenes.kit import ui_art
from scenes.kit.ui import ACCENT, DANGER, DIM, SHADOW, TEXT, TextCache
from scenes.playing.gameview import BAR_AREA, PANEL_AREA

BOX_LEFT, BOX_WIDTH = PANEL_AREA.x + 8, PANEL_AREA.width - 16
BOX_BOTTOM = BAR_AREA.y - 62  # above the play scene's message line, its hint lines and the action bar
BOX_TOP = PANEL_AREA.y + 50  # never over the status line at the top of the panel
PAD = 18  # inside the box
HEADING_SIZE, BODY_SIZE, HOW_SIZE = 20, 23, 21
BODY_LINE, HOW_LINE = 26, 23
PROGRESS = 5  # the height of the progress bar along the box's foot
SHAKE = 0.35  # seconds the box shakes when a choice is refused
ARROW_WIDTH, ARROW_LENGTH = 30, 40
GAP = 10  # between the arrow's tip and its target, before the bounce
BOUNCE, BOUNCE_SPEED = 10, 6.0  # pixels and radians a second
PULSE_SPEED = 5.0
Side = Literal["above", "below", "left", "right"]  # where the arrow comes from


@dataclass(frozen=True)
class Lesson:
    """The box's content: the tutorial's name, the lesson, how to do it (the keys of the device in use), a
    refusal (a choice that was not the one asked for), and how far along the tutorial is (0 to 1)."""

    heading: str
    body: str
    how: str
    refusal: str
    progress: float


def _lines(text: TextCache, lesson: Lesson) -> tuple[list[str], list[str], list[str]]:
    width = BOX_WIDTH - 2 * PAD
    how = text.wrap(lesson.how, width, HOW_SIZE) if lesson.how else []
    refusal = text.wrap(lesson.refusal, width, HOW_SIZE, bold=True) if lesson.refusal else []
    return text.wrap(lesson.body, width, BODY_SIZE), refusal, how


def lesson_rect(text: TextCache, lesson: Lesson, cover: int, lines: tuple[int, int]) -> pygame.Rect:
    """Where the box goes: standing on ``BOX_BOTTOM``, reaching up to ``cover`` (to hide all of what is drawn
    below it) or higher if its text needs the room, then up to the top of the panel's line it would cut
    (``lines``: where the panel's first line starts, and the height of each), so no half line shows above it."""
    body, refusal, how = _lines(text, lesson)
    height = PAD + 26 + BODY_LINE * len(body) + 10 + HOW_LINE * (len(refusal) + len(how)) + PAD + PROGRESS
    top = min(cover, BOX_BOTTOM - height)
    if top < cover:
        first, pitch = lines
        top = first + pitch * ((top - first) // pitch) - 2
    top = max(BOX_TOP, top)
    return pygame.Rect(BOX_LEFT, top, BOX_WIDTH, BOX_BOTTOM - top)


def draw_lesson(surface: pygame.Surface, text: TextCache, lesson: Lesson, cover: int, lines: tuple[int, int],
                shake: float) -> pygame.Rect:
    """The framed lesson box (see :func:`lesson_rect`), shaking for ``shake`` seconds more after a refusal;
    returns where it stands."""
    rect = lesson_rect(text, lesson, cover, lines)
    drawn = rect.move(round(6 * math.sin(shake * 60)) if shake > 0 else 0, 0)
    ui_art.draw_panel(surface, drawn)
    body, refusal, how = _lines(text, lesson)
    x, y = drawn.x + PAD, drawn.y + PAD
    text.blit(surface, lesson.heading, HEADING_SIZE, DIM, bold=True, topleft=(x, y))
    y += 26
    for line in body:
        text.blit(surface, line, BODY_SIZE, TEXT, topleft=(x, y))
        y += BODY_LINE
    y += 10
    for line in refusal:
        text.blit(surface, line, HOW_SIZE, DANGER, bold=True, topleft=(x, y))
        y += HOW_LINE
    for line in how:
        text.blit(surface, line, HOW_SIZE, ACCENT, topleft=(x, y))
        y += HOW_LINE
    bar = pygame.Rect(drawn.x + PAD, drawn.bottom - PAD // 2 - PROGRESS, drawn.width - 2 * PAD, PROGRESS)
    pygame.draw.rect(surface, SHADOW, bar, border_radius=2)
    done = bar.copy()
    done.width = round(bar.width * max(0.0, min(1.0, lesson.progress)))
    if done.width:
        pygame.draw.rect(surface, ACCENT, done, border_radius=2)
    return rect


def pointer_side(surface: pygame.Surface, target: pygame.Rect, avoid: Sequence[pygame.Rect] = ()) -> Side:
    """Where the arrow comes from: above as a rule, else below, left or right, the first side where it stays on
    the screen and covers none of ``avoid`` (the pieces, the other options: an arrow lying on another option
    reads as pointing at it); above, or below where there is no room above, when every side covers something."""
    reach, half = ARROW_LENGTH + BOUNCE, ARROW_WIDTH // 2  # what the bouncing arrow sweeps, GAP off the target
    zones: dict[Side, pygame.Rect] = {
        "above": pygame.Rect(target.centerx - half, target.top - GAP - reach, ARROW_WIDTH, reach),
        "below": pygame.Rect(target.centerx - half, target.bottom + GAP, ARROW_WIDTH, reach),
        "left": pygame.Rect(target.left - GAP - reach, target.centery - half, reach, ARROW_WIDTH),
        "right": pygame.Rect(target.right + GAP, target.centery - half, reach, ARROW_WIDTH)}
    others = [rect for rect in avoid if not rect.colliderect(target)]
    screen = surface.get_rect()
    for side, zone in zones.items():
        if screen.contains(zone) and zone.collidelist(others) < 0:
            return side
    return "above" if screen.contains(zones["above"]) else "below"


def draw_pointer(surface: pygame.Surface, target: pygame.Rect, clock: float,
                 avoid: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """A pulsing ring round ``target`` and an arrow bouncing towards it from the side :func:`pointer_side`
    chooses; returns the arrow's rect."""
    pulse = (math.sin(clock * PULSE_SPEED) + 1) / 2
    ring = target.inflate(10 + round(8 * pulse), 10 + round(8 * pulse))
    pygame.draw.rect(surface, SHADOW, ring.inflate(4, 4), width=3, border_radius=10)
    pygame.draw.rect(surface, ACCENT, ring, width=3, border_radius=9)
    bounce = round(BOUNCE * abs(math.sin(clock * BOUNCE_SPEED)))
    gap = GAP + bounce
    tip, toward = {"above": ((target.centerx, target.top - gap), (0, 1)),
                   "below": ((target.centerx, target.bottom + gap), (0, -1)),
                   "left": ((target.left - gap, target.centery), (1, 0)),
                   "right": ((target.right + gap, target.centery), (-1, 0))}[pointer_side(surface, target, avoid)]
    tip_point, ahead, across = pygame.Vector2(tip), pygame.Vector2(toward), pygame.Vector2(toward[1], toward[0])
    head, tail = tip_point - ahead * ARROW_WIDTH * 0.6, tip_point - ahead * ARROW_LENGTH
    half, shaft = ARROW_WIDTH // 2, ARROW_WIDTH // 5
    points = [tip_point, head + across * half, head + across * shaft, tail + across * shaft, tail - across * shaft,
              head - across * shaft, head - across * half]
    pygame.draw.polygon(surface, ACCENT, points)
    pygame.draw.polygon(surface, SHADOW, points, width=3)
    xs, ys = [round(p.x) for p in points], [round(p.y) for p in points]
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
