"""The text cache keeps what is drawn often and drops the least recently used texts one at a time, so a long
session neither renders every frame anew nor grows (or swings) the window's memory."""

from __future__ import annotations

import pygame

from scenes.ui import MAX_TEXTS, MAX_WRAPPED, TEXT, TextCache


def test_texts_in_use_stay_rendered_and_the_cache_stays_bounded():
    pygame.font.init()
    cache = TextCache()
    title = cache.render("Game log", 22)
    for number in range(MAX_TEXTS + 50):
        cache.render(f"Don Falconi drives to ({number % 9},{number // 9})", 20)
        cache.render("Game log", 22)  # drawn every frame
    assert cache.render("Game log", 22) is title
    assert len(cache._surfaces) == MAX_TEXTS
    assert ("Don Falconi drives to (0,0)", 20, TEXT, False) not in cache._surfaces  # the oldest line went first


def test_wrapped_texts_are_bounded_too():
    pygame.font.init()
    cache = TextCache()
    kept = cache.wrap("a rules page that is read again and again", 200, 22)
    for number in range(MAX_WRAPPED + 20):
        cache.wrap(f"log entry {number}", 200, 20)
        cache.wrap("a rules page that is read again and again", 200, 22)
    assert cache.wrap("a rules page that is read again and again", 200, 22) is kept
    assert len(cache._wrapped) == MAX_WRAPPED
