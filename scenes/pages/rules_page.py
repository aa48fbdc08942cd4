"""A rules text laid out as the rules help shows it: its paragraphs wrapped into rows, each diagram of its game
(:mod:`scenes.kit.diagram`) after the paragraph it illustrates, with its caption beside it; and the row each
paragraph starts at, so F1 on a board opens the page at the step the player is at."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from scenes.boards import board, boards
from scenes.context import AppContext
from scenes.kit import diagram
from scenes.kit.diagram import Illustrations
from scenes.pages.log_overlay import LINE, ROWS, SIZE

FIGURE_ROWS = 10  # the tallest diagram, in rows of text: half the page
PICTURE_ROOM = (560, FIGURE_ROWS * LINE - 10)  # a diagram scaled down to fit, its caption beside it
CAPTION_GAP = 24  # between a diagram and its caption
CAPTION_SIZE = 22


@dataclass(frozen=True)
class Row:
    """One row of the page: a line of the text (``heading``: a section's title), a line of a caption (standing
    ``indent`` pixels in, beside its picture) or nothing, under a picture."""

    text: str
    heading: bool = False
    indent: int = 0


@dataclass(frozen=True)
class Placed:
    """Diagram ``name`` on the page: from row ``row``, ``rows`` rows high."""

    name: str
    row: int
    rows: int
    image: pygame.Surface


def illustrations_of(topic: str) -> Illustrations:
    """The illustrations of the game whose rules ``topic`` is (none for the controls)."""
    return next((spec.illustrations for spec in boards() if topic in spec.illustrations.figures
                 or topic in spec.illustrations.sections), Illustrations())


class RulesPage:
    """``topic``'s text in rows ``width`` pixels wide, in the player's language, with its diagrams."""

    def __init__(self, context: AppContext, topic: str, width: int) -> None:
        text, tr = context.text, context.tr
        figures = dict(illustrations_of(topic).figures.get(topic, ()))
        self.rows: list[Row] = []
        self.pictures: list[Placed] = []
        self.paragraph_rows: list[int] = []
        for number, paragraph in enumerate(tr(topic).split("\n")):
            self.paragraph_rows.append(len(self.rows))
            heading = paragraph.isupper()  # the rules texts write their section headings in capitals
            self.rows += [Row(line, heading) for line in text.wrap(paragraph, width, SIZE)]
            if number in figures:
                self._add_figure(context, figures[number], width)

    def _add_figure(self, context: AppContext, figure: diagram.Figure, width: int) -> None:
        image = diagram.picture(context, figure, PICTURE_ROOM)
        indent = image.get_width() + CAPTION_GAP
        caption = context.text.wrap(context.tr(figure.caption), width - indent, CAPTION_SIZE)
        rows = max(math.ceil((image.get_height() + 10) / LINE), len(caption) + 1)
        first = len(self.rows)
        self.rows += [Row(caption[index] if index < len(caption) else "", indent=indent) for index in range(rows)]
        self.pictures.append(Placed(figure.name, first, rows, image))

    def figure_row(self, name: str) -> int:
        """The first row of diagram ``name``."""
        return next(placed.row for placed in self.pictures if placed.name == name)

    def first_row(self, paragraph: int) -> int:
        """The first row to show for the page to open at ``paragraph``: the paragraph's heading with it where one
        stands just before ("TON TOUR"), never the end of the sentence before it; the page never scrolls past its
        end."""
        row = self.paragraph_rows[min(paragraph, len(self.paragraph_rows) - 1)]
        before = self.rows[row - 1].text.strip() if row > 0 else ""
        if before and before.isupper():
            row -= 1
        return max(0, min(row, len(self.rows) - ROWS))


def opening_row(game: str, topic: str, page: RulesPage, state: object, actions: Sequence[object]) -> int:
    """Where the rules of ``topic`` open when F1 is pressed on a board of ``game`` at ``state`` with ``actions``
    still open to the player: the paragraph on the step the player is at, or the top."""
    illustrations = board(game).illustrations
    section = illustrations.section_of(state, actions)
    paragraph = illustrations.sections.get(topic, {}).get(section)
    return 0 if paragraph is None else page.first_row(paragraph)
