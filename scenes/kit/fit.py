"""Where the tests of fit listen while a frame is drawn (``tests/fit_recording.py``, for
``tests/test_text_fit.py``).

The kit's drawing primitives and a few board and play-scene widgets tell :data:`RECORDING` what they drew: a
framed box, a text, a picture, a text cut short, a place the player must still see, an overlay over the scene.
Nothing in the game sets it: outside those tests it stays ``None``, and each drawing call pays for one test of
a global.
"""

from __future__ import annotations

from typing import Protocol

import pygame


class Recorder(Protocol):
    """What the drawing code tells a recorder."""

    def box(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """A box was framed (a panel, a button): the texts placed in it must keep to it."""

    def picture(self, surface: pygame.Surface, name: str, rect: pygame.Rect) -> None:
        """An icon or emblem was drawn: no text may run over it."""

    def text(self, surface: pygame.Surface, words: str, rect: pygame.Rect, anchor: tuple[int, int]) -> None:
        """Words were drawn at ``rect``, placed by the point ``anchor``."""

    def cut(self, words: str) -> None:
        """Words were wrapped to fewer lines than they need."""

    def keep(self, what: str, rect: pygame.Rect) -> None:
        """A place the player must still see (a button, a board option, a seat card…)."""

    def cover(self, what: str, rect: pygame.Rect, about: pygame.Rect | None = None) -> None:
        """An overlay (a tip, a banner, a message) went over the scene at ``rect``."""


RECORDING: Recorder | None = None  # set only by the tests' recorder; None (the game's whole life): no cost
