"""A board view's drawing kept between frames, for the scenes that show a board (play, game over, replay).

Drawing a whole board costs a few milliseconds; most frames show the same board as the frame before. A
:class:`BoardPicture` draws it again only when its scene says that something on it changed, and records the
tips of its tokens and tiles so that they still answer the pointer while the kept picture is shown.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame

from scenes.kit import tooltip
from scenes.kit.animation import Timeline
from scenes.kit.ui import BACKGROUND
from scenes.playing.gameview import BOARD_AREA


class BoardPicture:
    """The last drawing of one scene's board, with the key of what it showed."""

    def __init__(self, tips: str) -> None:
        self.tips = tips  # the tooltip group its tips are kept in: one per scene, so no scene replays another's
        self._image: pygame.Surface | None = None
        self._key: Hashable = None

    def forget(self) -> None:
        """Draw the board afresh in the next frame: something its key does not name has changed."""
        self._key = None

    def draw(self, surface: pygame.Surface, key: Hashable, paint: Callable[[pygame.Surface], None],
             timeline: Timeline, shake: bool = False) -> None:
        """Show the board in ``BOARD_AREA`` of ``surface``: ``paint`` draws it afresh when ``key`` (everything
        the drawing depends on) differs from the last frame's. ``timeline``'s running animations are drawn over
        it and, with ``shake``, a running shake moves both."""
        if key != self._key or self._image is None:
            image = self._image or pygame.Surface(surface.get_size()).convert()
            image.fill(BACKGROUND)
            with tooltip.recording(self.tips):
                paint(image)
            self._image, self._key = image, key
        tooltip.replay(self.tips)
        if not timeline.busy:
            surface.blit(self._image, BOARD_AREA, BOARD_AREA)
            return
        offset = timeline.shake_offset() if shake else (0, 0)
        clip = surface.get_clip()
        surface.set_clip(BOARD_AREA)
        if offset != (0, 0):
            surface.fill(BACKGROUND, BOARD_AREA)
        surface.blit(self._image, BOARD_AREA.move(offset), BOARD_AREA)
        timeline.draw(surface)  # effects stay put while the board shakes under them
        surface.set_clip(clip)
