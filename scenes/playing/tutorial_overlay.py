"""What a tutorial draws over the play scene: the lesson box and the pointer.

The lesson box stands in the side panel at the top of the game log's room: under the HUD (the seat cards, the
turn row, its notes) and above the play scene's message and prompt lines and the action bar, so it never covers
a button to press nor what the HUD says; the log keeps the room under it. Its box always holds room for a
refusal's two lines, so a refusal neither shrinks the lesson's type nor moves anything. A long lesson takes a
smaller type to fit there, or, beside a tall HUD, stands in the action bar under its buttons. Board options
are all left of the panel. The pointer is a ring pulsing round the thing to click and an arrow bouncing towards
it, above it as a rule, or from the side where it covers no piece and no other option.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import pygame

from scenes.kit import ui_art
from scenes.kit.ui import ACCENT, DANGER, DIM, SHADOW, TEXT, TextCache
from scenes.playing.gameview import PANEL_AREA

BOX_LEFT, BOX_WIDTH = PANEL_AREA.x + 8, PANEL_AREA.width - 16
GAP = 4  # between the box and the HUD above it, or the message and prompt lines below it
PAD = 14  # inside the box
HEADING_SIZE, HEADING_LINE = 20, 26
# The lesson's words at the first of these (size, pitch) whose box fits between the HUD and the prompt: a long
# lesson in a long language beside a HUD with many cards takes a smaller type rather than covering the HUD.
BODY_SIZES = ((23, 26), (21, 23), (19, 21), (17, 19))
HOW_SIZES = ((21, 23), (20, 21), (18, 19), (16, 17))
PROGRESS = 5  # the height of the progress bar along the box's foot
SHAKE = 0.35  # seconds the box shakes when a choice is refused
ARROW_WIDTH, ARROW_LENGTH = 30, 40
ARROW_GAP = 10  # between the arrow's tip and its target, before the bounce
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


REFUSAL_LINES = 2  # the room a lesson's box keeps for a refusal, shown or not


@dataclass(frozen=True)
class Typeset:
    """A lesson's lines at one size: the body's, the refusal's and the how's, with their sizes and pitches."""

    body: list[str]
    refusal: list[str]
    how: list[str]
    body_size: tuple[int, int]
    how_size: tuple[int, int]
    kept: int = REFUSAL_LINES  # the lines kept for a refusal, shown or not

    @property
    def height(self) -> int:
        """The box's: a refusal's lines, or the room kept for them."""
        refusal = max(len(self.refusal), self.kept)
        return (PAD + HEADING_LINE + self.body_size[1] * len(self.body) + 10
                + self.how_size[1] * (refusal + len(self.how)) + PAD + PROGRESS)


def typeset(text: TextCache, lesson: Lesson, room: int) -> Typeset:
    """The lesson at the largest type whose box, with room kept for a refusal, is at most ``room`` pixels high;
    where none is, without that room (a refusal then makes the box taller); the smallest if still none is."""
    width = BOX_WIDTH - 2 * PAD
    for kept in (REFUSAL_LINES, 0):
        for body_size, how_size in zip(BODY_SIZES, HOW_SIZES):
            how = text.wrap(lesson.how, width, how_size[0]) if lesson.how else []
            refusal = text.wrap(lesson.refusal, width, how_size[0], bold=True) if lesson.refusal else []
            lines = Typeset(text.wrap(lesson.body, width, body_size[0]), refusal, how, body_size, how_size, kept)
            if lines.height - lines.how_size[1] * max(0, len(refusal) - kept) <= room:
                return lines
    return lines


def lesson_rect(text: TextCache, lesson: Lesson, spaces: Sequence[tuple[int, int]]) -> pygame.Rect:
    """Where the box goes: at the top of the first of the ``spaces`` (each from its top to its bottom edge) where
    its text fits at some type, as tall as its text; the first is the log's, from just under the HUD to just
    above the play scene's message and prompt lines (the log keeps what is left under it), the next the action
    bar's room under its buttons. Where it fits in none, it stands in the first, taller upwards, in the smallest
    type."""
    for top, bottom in spaces:
        room = bottom - top - 2 * GAP
        height = typeset(text, lesson, room).height
        if height <= room:
            return pygame.Rect(BOX_LEFT, top + GAP, BOX_WIDTH, height)
    top, bottom = spaces[0]
    height = typeset(text, lesson, 0).height
    return pygame.Rect(BOX_LEFT, bottom - GAP - height, BOX_WIDTH, height)


def draw_lesson(surface: pygame.Surface, text: TextCache, lesson: Lesson, rect: pygame.Rect,
                shake: float) -> pygame.Rect:
    """The framed lesson box at ``rect`` (see :func:`lesson_rect`), shaking for ``shake`` seconds more after a
    refusal; returns where it was drawn this frame."""
    drawn = rect.move(round(6 * math.sin(shake * 60)) if shake > 0 else 0, 0)
    ui_art.draw_panel(surface, drawn)
    lines = typeset(text, lesson, rect.height)
    x, y = drawn.x + PAD, drawn.y + PAD
    text.blit(surface, lesson.heading, HEADING_SIZE, DIM, bold=True, topleft=(x, y))
    y += HEADING_LINE
    for line in lines.body:
        text.blit(surface, line, lines.body_size[0], TEXT, topleft=(x, y))
        y += lines.body_size[1]
    y += 10
    for line in lines.refusal:
        text.blit(surface, line, lines.how_size[0], DANGER, bold=True, topleft=(x, y))
        y += lines.how_size[1]
    for line in lines.how:
        text.blit(surface, line, lines.how_size[0], ACCENT, topleft=(x, y))
        y += lines.how_size[1]
    bar = pygame.Rect(drawn.x + PAD, drawn.bottom - PAD // 2 - PROGRESS, drawn.width - 2 * PAD, PROGRESS)
    pygame.draw.rect(surface, SHADOW, bar, border_radius=2)
    done = bar.copy()
    done.width = round(bar.width * max(0.0, min(1.0, lesson.progress)))
    if done.width:
        pygame.draw.rect(surface, ACCENT, done, border_radius=2)
    return drawn


def pointer_side(surface: pygame.Surface, target: pygame.Rect, avoid: Sequence[pygame.Rect] = ()) -> Side:
    """Where the arrow comes from: above as a rule, else below, left or right, the first side where it stays on
    the screen and covers none of ``avoid`` (the pieces, the other options: an arrow lying on another option
    reads as pointing at it); above, or below where there is no room above, when every side covers something."""
    reach, half = ARROW_LENGTH + BOUNCE, ARROW_WIDTH // 2  # what the bouncing arrow sweeps
    zones: dict[Side, pygame.Rect] = {
        "above": pygame.Rect(target.centerx - half, target.top - ARROW_GAP - reach, ARROW_WIDTH, reach),
        "below": pygame.Rect(target.centerx - half, target.bottom + ARROW_GAP, ARROW_WIDTH, reach),
        "left": pygame.Rect(target.left - ARROW_GAP - reach, target.centery - half, reach, ARROW_WIDTH),
        "right": pygame.Rect(target.right + ARROW_GAP, target.centery - half, reach, ARROW_WIDTH)}
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
    gap = ARROW_GAP + bounce
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
