"""Waking a window at rest from another thread: a connection's message arrived, a search of the network ended.

A window at rest draws nothing and only looks for events (``scenes.app``); a thread that has something new for
it posts ``WAKE``, an event that makes the next frame update and draw, so the news shows within a frame without
any page polling while it waits. pygame 2 posts events from any thread safely."""

from __future__ import annotations

import contextlib

import pygame

WAKE = pygame.event.custom_type()


def wake() -> None:
    """Have the window's next frame update and draw. Where there is no window (a command line tool, a window
    already put away) there is nothing to wake."""
    with contextlib.suppress(pygame.error):
        pygame.event.post(pygame.event.Event(WAKE))
