"""The whole game log over the board. The play scene's panel shows only the latest entries; here a player reads
back every action of the match, grouped by turn, newest at the bottom."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.match import LogEntry
from scenes import input as inp
from scenes.context import AppContext
from scenes.stack import Pop, Scene, Transition
from scenes.ui import ACCENT, DIM, LOGICAL_SIZE, PANEL_EDGE, TEXT, panel, shade

BOX = pygame.Rect(60, 30, LOGICAL_SIZE[0] - 120, LOGICAL_SIZE[1] - 60)
SIZE, LINE = 24, 26  # the entries' font size and line height
TOP = BOX.y + 70  # the first line, under the title
ROWS = (BOX.bottom - 46 - TOP) // LINE  # lines shown at once, above the hint
INDENT = 28  # entries stand under their turn's heading
WIDTH = BOX.width - 80 - INDENT  # room for an entry's text, left of the scroll bar
WHEEL_LINES = 3


@dataclass(frozen=True)
class LogLine:
    """One line on screen: a turn's heading, or (part of) an entry's sentence."""

    text: str
    colour: tuple[int, int, int]
    indent: int = 0


class LogOverlay(Scene):
    """Every entry of the match, the last move's brighter. Arrows, Page Up/Down, Home/End, the wheel and the
    d-pad scroll (left and right by pages); Esc, B, L, Start, Enter or a click close it. The lines are wrapped
    once, as it opens: the log cannot change while it is up, since only the top scene updates."""

    opaque = False

    def __init__(self, context: AppContext, entries: Sequence[LogEntry], sentence: Callable[[LogEntry], str],
                 latest: int) -> None:
        """``latest``: how many of the newest entries are the last move's, drawn brighter as in the panel."""
        self.context = context
        self.entries = list(entries)
        self.lines = self._lines(sentence, len(self.entries) - latest)
        self.first = self.last_first  # it opens on the newest entries

    def _lines(self, sentence: Callable[[LogEntry], str], bright_from: int) -> list[LogLine]:
        tr, text = self.context.tr, self.context.text
        lines: list[LogLine] = []
        turn: int | None = None
        for index, entry in enumerate(self.entries):
            if entry.turn != turn:
                turn = entry.turn
                # turn 0 is the set-up before the first turn (Fredericus' wager stones)
                heading = tr("logview.turn", number=turn) if turn else tr("logview.setup")
                lines.append(LogLine(heading, ACCENT))
            colour = TEXT if index >= bright_from else DIM
            lines += [LogLine(part, colour, INDENT) for part in text.wrap(sentence(entry), WIDTH, SIZE)]
        return lines

    @property
    def last_first(self) -> int:
        """The first visible line when scrolled to the end."""
        return max(0, len(self.lines) - ROWS)

    def scroll(self, lines: int) -> None:
        self.first = min(max(0, self.first + lines), self.last_first)

    def handle(self, intent: inp.Intent) -> Transition | None:
        kind = intent.kind
        if kind in (inp.BACK, inp.LOG, inp.PAUSE, inp.CONFIRM, inp.CLICK):
            return Pop()
        page = ROWS - 1  # a page keeps one line of the last one in view
        steps = {inp.UP: -1, inp.DOWN: 1, inp.LEFT: -page, inp.RIGHT: page, inp.PAGE_UP: -page,
                 inp.PAGE_DOWN: page, inp.ROTATE_CCW: -WHEEL_LINES, inp.ROTATE_CW: WHEEL_LINES,
                 inp.HOME: -len(self.lines), inp.END: len(self.lines)}
        if kind in steps:
            self.scroll(steps[kind])
        return None

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface)
        panel(surface, BOX)
        text, tr = self.context.text, self.context.tr
        text.blit(surface, tr("play.log"), 38, ACCENT, bold=True, midtop=(BOX.centerx, BOX.y + 18))
        for row, line in enumerate(self.lines[self.first:self.first + ROWS]):
            text.blit(surface, line.text, SIZE, line.colour, bold=not line.indent,
                      topleft=(BOX.x + 40 + line.indent, TOP + row * LINE))
        self._draw_scroll_bar(surface)
        text.blit(surface, tr("logview.hint"), 22, DIM, midbottom=(BOX.centerx, BOX.bottom - 12))

    def _draw_scroll_bar(self, surface: pygame.Surface) -> None:
        """Where the visible lines are in the whole log, so a player knows how much more there is."""
        if len(self.lines) <= ROWS:
            return
        track = pygame.Rect(BOX.right - 26, TOP, 6, ROWS * LINE)
        pygame.draw.rect(surface, PANEL_EDGE, track, border_radius=3)
        height = max(20, track.height * ROWS // len(self.lines))
        y = track.y + (track.height - height) * self.first // self.last_first
        pygame.draw.rect(surface, DIM, (track.x, y, track.width, height), border_radius=3)
