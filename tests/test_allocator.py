"""Freed pictures go back to the system (``scenes/kit/allocator.py``): the heap must not keep their memory."""

from __future__ import annotations

import sys

import pygame
import pytest

from devtools.soak_memory import resident_mb
from scenes.kit import allocator, stack
from scenes.kit.allocator import give_back_free_heap, heap_mb, map_big_blocks
from scenes.kit.stack import Pop, Push, Replace, Reset, Scene, SceneStack


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
    allocator._libc_function.cache_clear()
    try:
        assert map_big_blocks() is False
        assert heap_mb() is None and give_back_free_heap() is False
    finally:
        allocator._libc_function.cache_clear()


@pytest.mark.skipif(heap_mb() is None, reason="not glibc 2.33 or newer: no mallinfo2 to read the heap with")
def test_free_pages_inside_the_heap_go_back_to_the_system():
    blocks = [bytearray(20_000) for _ in range(3000)]  # 60 MB of small blocks: the heap serves them
    del blocks[:-1]  # the last one stays, so the heap cannot simply shrink at its top
    before = resident_mb()
    assert give_back_free_heap()
    assert before - resident_mb() > 40


def test_a_game_leaving_the_screen_gives_the_free_heap_back_and_a_menu_does_not(monkeypatch):
    trims = []
    monkeypatch.setattr(stack, "give_back_free_heap", lambda: trims.append(1))

    class Board(Scene):
        holds_board = True

    scenes = SceneStack(Scene())
    scenes.apply(Push(Scene()))
    scenes.apply(Pop())
    assert trims == []
    scenes.apply(Push(Board()))
    scenes.apply(Replace(Scene()))  # the game-over screen takes the game's place
    assert trims == [1]
    scenes.apply(Push(Board()))
    scenes.apply(Push(Scene()))
    scenes.apply(Reset(Scene()))  # back to the title from a game's pause menu: one trim for the lot
    assert trims == [1, 1]
