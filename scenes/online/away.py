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
EARLY = 1e-6  # seconds a countdown's next number is looked for before it is due


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

    def _shown(self, mirror: Mirror) -> list[tuple[int, float | None]]:
        """The away seats of a person, in seat order, with when an AI takes each over: the seats said."""
        return [(seat, deadline) for seat, deadline in sorted(self.takes_over.items())
                if mirror.setup.seats[seat].kind == "person"]

    def next_change_in(self, mirror: Mirror) -> float | None:
        """Seconds until a countdown said shows another number (each whole second, then the AI's taking over);
        ``None`` while none counts down. A hair early rather than late: the clock's sums round, and a change found
        due a hair after the frame that makes it would stay undrawn for a whole second."""
        left = [deadline - self.now for _, deadline in self._shown(mirror)
                if deadline is not None and deadline > self.now]
        return min((max(0.0, seconds - whole_seconds(seconds) + 1 - EARLY) for seconds in left), default=None)

    def lines(self, context: AppContext, mirror: Mirror) -> list[str]:
        """A line per away seat of a person, in seat order."""
        tr, lines = context.tr, []
        for seat, deadline in self._shown(mirror):
            plan = mirror.setup.seats[seat]
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
    whole = whole_seconds(seconds)
    return f"{whole // 60}:{whole % 60:02d}"


def whole_seconds(seconds: float) -> int:
    """The whole seconds a clock shows for ``seconds`` left, rounded up; a whole number as the sums of frame times
    leave it (60.00000000000001) stays itself."""
    return math.ceil(round(seconds, 6))


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
