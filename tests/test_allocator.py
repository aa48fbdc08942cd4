"""Freed big pictures go back to the system (``scenes/allocator.py``): the heap must not keep their memory."""

from __future__ import annotations

import sys

import pygame
import pytest

from scenes import allocator
from scenes.allocator import heap_mb, map_big_blocks


@pytest.mark.skipif(heap_mb() is None, reason="not glibc 2.33 or newer: no mallinfo2 to read the heap with")
def test_a_freed_full_screen_picture_leaves_no_free_heap_behind():
    assert map_big_blocks()
    pygame.Surface((1280, 720), pygame.SRCALPHA)  # unset, freeing one raises the threshold above its size
    before = heap_mb()
    pictures = [pygame.Surface((1280, 720), pygame.SRCALPHA) for _ in range(8)]  # 29 MB
    during = heap_mb()
    del pictures
    after = heap_mb()
    assert during["mapped"] - before["mapped"] > 25  # each got a mapping of its own
    assert during["used"] - before["used"] < 1  # the heap did not serve them
    assert after["free"] - before["free"] < 1 and after["mapped"] - before["mapped"] < 1  # and all went back


def test_off_linux_nothing_is_set_or_read(monkeypatch):
    monkeypatch.setattr(sys, "platform", "darwin")
    allocator._mallinfo2.cache_clear()
    try:
        assert map_big_blocks() is False
        assert heap_mb() is None
    finally:
        allocator._mallinfo2.cache_clear()
