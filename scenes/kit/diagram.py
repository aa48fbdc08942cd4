"""Rules diagrams: small pictures of the game, drawn with its own sprites and board code, that stand between
the paragraphs of the rules help and in ``docs/rules-*.md``.

A game names its figures and where they stand in its rules texts (:class:`Illustrations`, on its
:class:`scenes.boardspec.BoardSpec`); each figure paints itself at full size from a small real game state, and
this module crops, scales and caches it. The paragraphs are counted in the rules text as the translations
write it: every language has the same paragraphs in the same order (a test holds them to it), so one number
places a figure, or the page F1 opens, in all four.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from scenes.kit import tooltip
from scenes.kit.colours import PANEL, PANEL_EDGE, TEXT
from scenes.kit.surface_cache import SurfaceCache

if TYPE_CHECKING:
    from scenes.context import AppContext

GAP = 10  # between two crops of one figure
BORDER = 2  # the frame round a figure
DOC_WIDTH = 480  # a figure in the docs: the picture's width at most, the caption wrapped under it
DOC_CAPTION = 20  # the docs' caption font size

Painter = Callable[["AppContext"], pygame.Surface]


@dataclass(frozen=True)
class Figure:
    """One diagram: ``name`` is its file's name in ``docs/images/rules/`` (``falconi-drive``), ``caption`` the
    key of its caption, ``paint`` draws it at the board's own scale (cropped from a board drawn off screen)."""

    name: str
    caption: str
    paint: Painter


@dataclass(frozen=True)
class Illustrations:
    """A game's figures in its rules: ``figures`` by topic (a rules text's key), each after the paragraph it
    illustrates; ``sections`` by topic, the paragraph each step of a turn is explained in, which F1 opens at;
    ``section_of(state, actions)`` names the step a player is at, from the state and the actions still open to
    them (those the chooser's steps so far lead to)."""

    figures: Mapping[str, Sequence[tuple[int, Figure]]] = field(default_factory=dict)
    sections: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    section_of: Callable[[Any, Sequence[Any]], str] = lambda _state, _actions: ""

    def every_figure(self) -> list[Figure]:
        """Each figure once, in the order the rules show them."""
        seen: dict[str, Figure] = {}
        for placed in self.figures.values():
            for _paragraph, figure in placed:
                seen.setdefault(figure.name, figure)
        return list(seen.values())


def crops(board: pygame.Surface, areas: Sequence[pygame.Rect]) -> pygame.Surface:
    """The ``areas`` of a board drawn off screen, side by side on the panel's colour, framed."""
    width = sum(area.width for area in areas) + GAP * (len(areas) - 1) + 2 * BORDER
    height = max(area.height for area in areas) + 2 * BORDER
    picture = pygame.Surface((width, height))
    picture.fill(PANEL)
    x = BORDER
    for area in areas:
        picture.blit(board, (x, BORDER + (height - 2 * BORDER - area.height) // 2), area)
        x += area.width + GAP
    pygame.draw.rect(picture, PANEL_EDGE, picture.get_rect(), BORDER)
    return picture


def off_screen(paint: Callable[[pygame.Surface], None], size: tuple[int, int]) -> pygame.Surface:
    """A board drawn into a surface of its own: the tips it would register are kept apart and never answer, since
    this board is not on screen."""
    board = pygame.Surface(size)
    board.fill(PANEL)
    with tooltip.recording("rules diagram"):
        paint(board)
    return board


_PICTURES = SurfaceCache("rules diagrams", 8)


def picture(context: AppContext, figure: Figure, room: tuple[int, int]) -> pygame.Surface:
    """``figure`` in the player's language and colours, scaled down (never up) to fit ``room``; made once."""
    key = (figure.name, context.tr.language, context.settings.colour_blind, room)
    image = _PICTURES.get(key)
    if image is None:
        full = figure.paint(context)
        scale = min(1.0, room[0] / full.get_width(), room[1] / full.get_height())
        size = (max(1, round(full.get_width() * scale)), max(1, round(full.get_height() * scale)))
        image = _PICTURES.put(key, full if size == full.get_size() else pygame.transform.smoothscale(full, size))
    return image


def doc_picture(context: AppContext, figure: Figure) -> pygame.Surface:
    """The figure as the docs show it: the picture, its caption in the player's language wrapped under it."""
    image = picture(context, figure, (DOC_WIDTH, 10_000))
    width = max(image.get_width(), DOC_WIDTH)
    lines = context.text.wrap(context.tr(figure.caption), width - 16, DOC_CAPTION)
    line = context.text.font(DOC_CAPTION).get_linesize()
    card = pygame.Surface((width, image.get_height() + 12 + line * len(lines) + 8))
    card.fill(PANEL)
    card.blit(image, image.get_rect(midtop=(width // 2, 0)))
    for row, words in enumerate(lines):
        card.blit(context.text.render(words, DOC_CAPTION, TEXT), (8, image.get_height() + 8 + row * line))
    return card
