"""A game's final points by category, one column per seat, and their tally: the game over counts the rows up
one after another, the total row growing with them, so a player sees how each total was made. A press skips
to the end; the rules never wait for it (the game is over before the table opens)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.core.message import Message
from scenes.kit import tooltip
from scenes.kit.ui import ACCENT, DIM, TEXT, TextCache

Colour = tuple[int, int, int]

ROW_SECONDS = 0.55  # how long one row takes to count up to its points
ROW_GAP = 0.2  # the pause before the next row starts
ROW_HEIGHT = 26
HEAD_HEIGHT = 28
SIZE = 20
LABEL_SIZES = (20, 18, 16)  # the category names: the first size at which the longest fits its column


@dataclass(frozen=True)
class ScoreRow:
    """A category: its name, its points in each column, and what a column's points are made of (a tip each,
    or none)."""

    label: str
    points: tuple[int, ...]
    tips: tuple[Message, ...] = ()


@dataclass(frozen=True)
class ScoreTable:
    """A game's points by category; ``total`` names the row of their sums. Under it, in a game that ranks its
    players, the row ``place`` names: each column's place as the rules decide it (``places``, written out)."""

    seats: tuple[int, ...]  # the seat of each column
    columns: tuple[str, ...]  # each seat's name, a column each
    rows: tuple[ScoreRow, ...]
    total: str
    place: str = ""
    places: tuple[str, ...] = ()

    def totals(self) -> tuple[int, ...]:
        return tuple(sum(row.points[column] for row in self.rows) for column in range(len(self.columns)))

    def height(self) -> int:
        return HEAD_HEIGHT + ROW_HEIGHT * (len(self.rows) + 1 + bool(self.places)) + 6


class Tally:
    """Counts a table's rows up one after another, each from nothing to its points in ``ROW_SECONDS``, a short
    pause between rows; ``on_row`` hears each row start (a click of sound). ``skip`` shows every row whole."""

    def __init__(self, table: ScoreTable, on_row: Callable[[], None] = lambda: None) -> None:
        self.table, self.on_row = table, on_row
        self.elapsed = 0.0
        self._started = 0  # rows whose count has begun

    @property
    def duration(self) -> float:
        return len(self.table.rows) * (ROW_SECONDS + ROW_GAP)

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration

    def update(self, dt: float) -> None:
        self.elapsed = min(self.duration, self.elapsed + dt)
        while self._started < len(self.table.rows) and self.elapsed >= self._start_of(self._started):
            self._started += 1
            self.on_row()

    def skip(self) -> None:
        self.elapsed = self.duration
        self._started = len(self.table.rows)

    def _start_of(self, row: int) -> float:
        return row * (ROW_SECONDS + ROW_GAP)

    def shown(self, row: int) -> tuple[int, ...] | None:
        """The points row ``row`` shows now, or ``None`` before its count starts."""
        begun = self.elapsed - self._start_of(row)
        if begun < 0:
            return None
        amount = min(1.0, begun / ROW_SECONDS)
        return tuple(int(points * amount) for points in self.table.rows[row].points)

    def totals(self) -> tuple[int, ...]:
        """The total row as it stands: the sum of what the rows show."""
        shown = [points for row in range(len(self.table.rows)) if (points := self.shown(row)) is not None]
        return tuple(sum(points[column] for points in shown) for column in range(len(self.table.columns)))


def paint_table(surface: pygame.Surface, text: TextCache, tally: Tally, rect: pygame.Rect,
                colours: Sequence[Colour], winner: int | None) -> None:
    """The table in ``rect`` (as wide as the panel's text, ``table.height()`` high): a column per seat under
    its colour (``colours``, by column) and name, the categories as ``tally`` shows them, then the totals; the
    ``winner``'s column is picked out once the tally is done."""
    table = tally.table
    label_width = rect.width * 2 // 5
    column_width = (rect.width - label_width) // max(1, len(table.columns))
    centres = [rect.x + label_width + column_width * column + column_width // 2 for column in range(len(table.columns))]
    if winner in table.seats and tally.done:
        left = rect.x + label_width + column_width * table.seats.index(winner)
        band = pygame.Rect(left + 2, rect.y, column_width - 4, rect.height)
        pygame.draw.rect(surface, (70, 64, 40), band, border_radius=6)
    head_y = rect.y + HEAD_HEIGHT // 2
    size = min((text.fit_size(name, column_width - 20, LABEL_SIZES, bold=True) for name in table.columns),
               default=LABEL_SIZES[0])
    for centre, name, colour in zip(centres, table.columns, colours):
        words = text.render(name, size, TEXT, True)
        left = centre - (words.get_width() + 14) // 2
        pygame.draw.rect(surface, colour, (left, head_y - 5, 10, 10), border_radius=2)
        text.blit(surface, name, size, TEXT, bold=True, midleft=(left + 14, head_y))
    labels = [row.label for row in table.rows] + [table.total] + ([table.place] if table.places else [])
    label_size = min(text.fit_size(label, label_width - 8, LABEL_SIZES) for label in labels)
    y = rect.y + HEAD_HEIGHT
    for number, row in enumerate(table.rows):
        shown = tally.shown(number)
        middle = y + ROW_HEIGHT // 2
        text.blit(surface, row.label, label_size, TEXT if shown is not None else DIM, midleft=(rect.x + 4, middle))
        for centre, points in zip(centres, shown or ()):
            text.blit(surface, str(points), SIZE, TEXT, center=(centre, middle))
        for centre, tip in zip(centres, row.tips if shown is not None else ()):
            tooltip.add(pygame.Rect(centre - column_width // 2 + 4, y, column_width - 8, ROW_HEIGHT), tip)
        y += ROW_HEIGHT
    pygame.draw.line(surface, DIM, (rect.x, y + 2), (rect.right, y + 2))
    middle = y + 4 + ROW_HEIGHT // 2
    text.blit(surface, table.total, label_size, ACCENT, bold=True, midleft=(rect.x + 4, middle))
    for centre, points in zip(centres, tally.totals()):
        text.blit(surface, str(points), SIZE + 2, ACCENT, bold=True, center=(centre, middle))
    if table.places:  # the ranking, once every point is counted: it would give the end away
        middle += ROW_HEIGHT
        text.blit(surface, table.place, label_size, TEXT if tally.done else DIM, midleft=(rect.x + 4, middle))
        for centre, place in zip(centres, table.places if tally.done else ()):
            text.blit(surface, place, SIZE, TEXT, bold=True, center=(centre, middle))
