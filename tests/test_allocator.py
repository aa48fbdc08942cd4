"""Freed big pictures go back to the system (``scenes/allocator.py``): the heap must not keep their memory."""

from __future__ import annotations

import ctypes
import sys

import pygame
import pytest

from scenes.allocator import map_big_blocks


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="mallopt is glibc's")
def test_a_freed_full_screen_picture_leaves_no_free_heap_behind():
    try:
        libc = ctypes.CDLL(None)
        libc.mallinfo2.restype = _MallInfo2
    except (OSError, AttributeError):
        pytest.skip("not glibc 2.33 or newer: no mallinfo2 to read the heap with")
    assert map_big_blocks()
    pygame.Surface((1280, 720), pygame.SRCALPHA)  # unset, freeing one raises the threshold above its size
    before = libc.mallinfo2()
    pictures = [pygame.Surface((1280, 720), pygame.SRCALPHA) for _ in range(8)]  # 29 MB
    during = libc.mallinfo2()
    del pictures
    after = libc.mallinfo2()
    assert during.arena - before.arena < 2**20  # the heap did not grow for them (free room in it may serve one)
    assert after.fordblks - before.fordblks < 2**20  # and they left no free heap behind


class _MallInfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in
                "arena ordblks smblks hblks hblkhd usmblks fsmblks uordblks fordblks keepcost".split()]


def test_off_linux_nothing_is_set(monkeypatch):
    monkeypatch.setattr(sys, "platform", "darwin")
    assert map_big_blocks() is False
