"""The whole game log over the board. The play scene's panel shows only the latest entries; here a player reads
back every action of the match, grouped by turn, newest at the bottom. Its scrolling page, with the scroll bar,
serves the rules help too."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import pygame

from game.i18n import Translator
from game.services.match import LogEntry
from scenes.context import AppContext
from scenes.kit import input as inp
from scenes.kit.stack import Pop, Scene, Transition
from scenes.kit.ui import ACCENT, DIM, LOGICAL_SIZE, TEXT, draw_scroll_bar, panel, shade

BOX = pygame.Rect(60, 30, LOGICAL_SIZE[0] - 120, LOGICAL_SIZE[1] - 60)
SIZE, LINE = 24, 26  # the entries' font size and line height
TOP = BOX.y + 70  # the first line, under the title
ROWS = (BOX.bottom - 46 - TOP) // LINE  # lines shown at once, above the hint
INDENT = 28  # entries stand under their turn's heading
WIDTH = BOX.width - 80 - INDENT  # room for an entry's text, left of the scroll bar
WHEEL_LINES = 3
PAGE = ROWS - 1  # a page keeps one line of the last one in view


def last_turn(log: Sequence[LogEntry]) -> list[LogEntry]:
    """The entries of the most recent run of one seat's actions: the last move, drawn brighter."""
    if not log:
        return []
    seat = log[-1].seat
    start = len(log)
    while start > 0 and log[start - 1].seat == seat:
        start -= 1
    return list(log[start:])


def sentences(tr: Translator, entry: LogEntry, named: Mapping[str, str] | None = None) -> list[str]:
    """The entry's sentence, then one for each thing that followed from it by itself; ``named``: the person
    beside each seat a person plays (``scenes.playing.people``)."""
    return [tr.message(entry.message, named)] + [tr.message(event, named) for event in entry.events]


class ScrollingPage(Scene):
    """A long text in a box over the dimmed scene below, ``ROWS`` lines at a time from line ``first``, with a
    scroll bar. The arrows, Page Up/Down, Home/End and the wheel scroll it, so every long text reads alike;
    subclasses give the lines and decide what left, right and the other intents do."""

    opaque = False
    context: AppContext
    first = 0

    def line_count(self) -> int:
        raise NotImplementedError

    @property
    def last_first(self) -> int:
        """The first visible line when scrolled to the end."""
        return max(0, self.line_count() - ROWS)

    def scroll(self, lines: int) -> None:
        self.first = min(max(0, self.first + lines), self.last_first)

    def scroll_for(self, kind: str) -> None:
        """Scroll as a scrolling intent asks (the wheel comes as a rotation); other intents change nothing."""
        steps: dict[str, int] = {inp.UP: -1, inp.DOWN: 1, inp.PAGE_UP: -PAGE, inp.PAGE_DOWN: PAGE,
                 inp.ROTATE_CCW: -WHEEL_LINES, inp.ROTATE_CW: WHEEL_LINES,
                 inp.HOME: -self.line_count(), inp.END: self.line_count()}
        self.scroll(steps.get(kind, 0))

    def draw_page(self, surface: pygame.Surface, title: str, hint: str) -> pygame.Rect:
        """The box, its title and hint, and the scroll bar: everything but the lines. Returns where the title is."""
        shade(surface)
        panel(surface, BOX)
        text = self.context.text
        where = text.blit(surface, title, 38, ACCENT, bold=True, shadow=2, midtop=(BOX.centerx, BOX.y + 18))
        self._draw_scroll_bar(surface)
        text.blit(surface, hint, 22, DIM, midbottom=(BOX.centerx, BOX.bottom - 12))
        return where

    def _draw_scroll_bar(self, surface: pygame.Surface) -> None:
        draw_scroll_bar(surface, pygame.Rect(BOX.right - 26, TOP, 6, ROWS * LINE), ROWS, self.line_count(), self.first)


@dataclass(frozen=True)
class LogLine:
    """One line on screen: a turn's heading, or (part of) an entry's sentence."""

    text: str
    colour: tuple[int, int, int]
    indent: int = 0


class LogOverlay(ScrollingPage):
    """Every entry of the match, the last move's brighter. Besides the page's scrolling, left and right (the
    d-pad's too) turn pages; Esc, B, L, Start, Enter or a click close it. The lines are wrapped once, as it
    opens: the log cannot change while it is up, since only the top scene updates."""

    def __init__(self, context: AppContext, entries: Sequence[LogEntry], sentences: Callable[[LogEntry], list[str]],
                 latest: int) -> None:
        """``latest``: how many of the newest entries are the last move's, drawn brighter as in the panel."""
        self.context = context
        self.entries = list(entries)
        self.lines = self._lines(sentences, len(self.entries) - latest)
        self.first = self.last_first  # it opens on the newest entries

    def _lines(self, sentences: Callable[[LogEntry], list[str]], bright_from: int) -> list[LogLine]:
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
            lines += [LogLine(part, colour, INDENT) for sentence in sentences(entry)
                      for part in text.wrap(sentence, WIDTH, SIZE)]
        return lines

    def line_count(self) -> int:
        return len(self.lines)

    def handle(self, intent: inp.Intent) -> Transition | None:
        kind = intent.kind
        if kind in (inp.BACK, inp.LOG, inp.PAUSE, inp.CONFIRM, inp.CLICK):
            return Pop()
        if kind in (inp.LEFT, inp.RIGHT):
            self.scroll(PAGE if kind == inp.RIGHT else -PAGE)
        else:
            self.scroll_for(kind)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        tr = self.context.tr
        self.draw_page(surface, tr("play.log"), tr("logview.hint"))
        for row, line in enumerate(self.lines[self.first:self.first + ROWS]):
            self.context.text.blit(surface, line.text, SIZE, line.colour, bold=not line.indent,
                                   topleft=(BOX.x + 40 + line.indent, TOP + row * LINE))
