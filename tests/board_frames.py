"""The board as a viewer sees it while a move animates: for tests that compare what two positions show."""

from __future__ import annotations

from typing import Any

import pygame


def frames(view: Any, after: Any, animations: list[Any], visible: frozenset[int]) -> list[bytes]:
    """The board drawn for the ``visible`` seats, with the animations over it, at three moments."""
    pictures = []
    total = max((a.end_time for a in animations), default=0.0)
    for moment in (0.2, 0.5, 0.8):
        surface = pygame.Surface((1280, 720))
        for animation in animations:
            animation.elapsed = total * moment
        hidden = frozenset().union(*(a.hides for a in animations if not a.done))
        view.draw_board(surface, after, None, visible, [], hidden)
        for animation in animations:
            if animation.started and not animation.done:
                animation.draw(surface)
        pictures.append(pygame.image.tobytes(surface, "RGB"))
    return pictures
