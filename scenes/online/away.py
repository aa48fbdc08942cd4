"""The seats whose person is away, said over the board to every player at the table: how long until an AI plays
for them ("Bruno is away — the AI plays for them in 0:45"), that it does, that the game waits for them, or that
somebody stands in. The server tells each update how many seconds are left (``ai_in``); the screen counts them
down on its own clock, to the next update."""

from __future__ import annotations

import math

import pygame

from game.online.mirror import Mirror
from scenes.context import AppContext
from scenes.kit.ui import ACCENT, panel
from scenes.playing.gameview import BOARD_AREA

AWAY_SIZE = 22  # the words of an away seat over the board
AWAY_LINE = AWAY_SIZE + 6
MARGIN, PAD = 10, 20  # the box's room from the board's edge, and round its words


class AwayClock:
    """When, on the scene's own clock, an AI takes over each away seat (``None``: none will)."""

    def __init__(self) -> None:
        self.now = 0.0
        self.takes_over: dict[int, float | None] = {}  # per away seat

    def tick(self, dt: float) -> None:
        self.now += dt

    def told(self, mirror: Mirror) -> None:
        """An update came: each away seat's wait as the server counts it, from now."""
        self.takes_over = {seat: None if wait is None else self.now + wait
                           for seat, (away, wait) in enumerate(zip(mirror.away, mirror.ai_in, strict=True)) if away}

    def lines(self, context: AppContext, mirror: Mirror) -> list[str]:
        """A line per away seat of a person, in seat order."""
        tr, lines = context.tr, []
        for seat, deadline in sorted(self.takes_over.items()):
            plan = mirror.setup.seats[seat]
            if plan.kind != "person":
                continue
            name = context.person_name(mirror.setup.people[plan.person])
            if deadline is not None and deadline > self.now:
                lines.append(tr("online.away.countdown", name=name, time=clock_time(deadline - self.now)))
            elif deadline is not None:
                lines.append(tr("online.away.ai", name=name))
            elif mirror.connected[seat]:
                lines.append(tr("online.away.stand_in", name=name))
            else:
                lines.append(tr("online.away.waits", name=name))
        return lines


def clock_time(seconds: float) -> str:
    """Seconds left as a clock shows them, rounded up: 45.2 → "0:46", 125 → "2:05"."""
    whole = math.ceil(seconds)
    return f"{whole // 60}:{whole % 60:02d}"


def draw_away(surface: pygame.Surface, context: AppContext, lines: list[str], top: int) -> None:
    """The away seats' lines in a box at the top right of the board, from ``top`` down: as narrow as its words,
    so that the board's own top-left panel (Fredericus' deck and objectives) stays in view."""
    if not lines:
        return
    text = context.text
    room = BOARD_AREA.width // 2 - MARGIN - 2 * PAD  # the board's right half; a longer line takes more
    sizes = [text.fit_size(line, room, (AWAY_SIZE, AWAY_SIZE - 2, AWAY_SIZE - 4), bold=True) for line in lines]
    widest = max(text.render(line, size, ACCENT, True).get_width() for line, size in zip(lines, sizes, strict=True))
    box = pygame.Rect(0, 0, widest + 2 * PAD, 16 + AWAY_LINE * len(lines))
    box.topright = (BOARD_AREA.right - MARGIN, top)
    panel(surface, box)
    for number, (line, size) in enumerate(zip(lines, sizes, strict=True)):
        middle = box.y + 8 + AWAY_LINE * number + AWAY_LINE // 2
        text.blit(surface, line, size, ACCENT, bold=True, center=(box.centerx, middle))
