"""Pictures made once are kept within a budget of bytes (``scenes.kit.surface_cache``): what is drawn often stays,
the least recently used go first, one at a time, so a long session neither renders every frame anew nor grows
(or swings) the window's memory."""

from __future__ import annotations

import pygame
import pytest

from scenes.kit import surface_cache
from scenes.kit.surface_cache import SurfaceCache, surface_bytes
from scenes.kit.ui import MAX_WRAPPED, TEXT, TextCache


@pytest.mark.slow
def test_texts_in_use_stay_rendered_and_the_cache_stays_within_its_budget():
    pygame.font.init()
    cache = TextCache()
    title = cache.render("Game log", 22)
    for number in range(6000):
        cache.render(f"Don Falconi drives to ({number % 9},{number // 9}) and waits for the police", 20)
        cache.render("Game log", 22)  # drawn every frame
    texts = cache._surfaces
    assert cache.render("Game log", 22) is title
    assert 0.9 * texts.budget < texts.bytes <= texts.budget
    assert ("Don Falconi drives to (0,0) and waits for the police", 20, TEXT, False) not in texts  # oldest first


def test_the_budget_counts_bytes_not_pictures():
    cache = SurfaceCache("test pictures", 1)  # 1 MB
    cache.put(0, pygame.Surface((300, 300), pygame.SRCALPHA))  # 360,000 bytes
    cache.put("small", pygame.Surface((10, 10), pygame.SRCALPHA))
    cache.put(1, pygame.Surface((300, 300), pygame.SRCALPHA))
    cache.get(0)  # used again: now the most recent
    cache.put(2, pygame.Surface((300, 300), pygame.SRCALPHA))  # over 1 MB: the least recent go until it fits
    assert [key for key in (0, "small", 1, 2) if key in cache] == [0, 2]
    assert cache.bytes == sum(surface_bytes(cache.get(key)) for key in (0, 2))
    whole = cache.put("huge", pygame.Surface((800, 720)))  # over the whole budget: kept alone
    assert cache.get("huge") is whole and len(cache) == 1


def test_a_picture_made_again_under_the_same_key_is_counted_once():
    cache = SurfaceCache("test pictures", 1)
    cache.put("a", pygame.Surface((100, 100), pygame.SRCALPHA))
    cache.put("a", pygame.Surface((50, 50), pygame.SRCALPHA))
    assert cache.bytes == 50 * 50 * 4 and len(cache) == 1
    cache.clear()
    assert cache.bytes == 0 and len(cache) == 0


def test_every_cache_reports_what_it_holds():
    cache = SurfaceCache("test report", 1)
    cache.put("a", pygame.Surface((512, 512), pygame.SRCALPHA))
    assert surface_cache.held_mb()["test report"] == 1.0
    assert cache in surface_cache.caches()


def test_wrapped_texts_are_bounded_too():
    pygame.font.init()
    cache = TextCache()
    kept = cache.wrap("a rules page that is read again and again", 200, 22)
    for number in range(MAX_WRAPPED + 20):
        cache.wrap(f"log entry {number}", 200, 20)
        cache.wrap("a rules page that is read again and again", 200, 22)
    assert cache.wrap("a rules page that is read again and again", 200, 22) is kept
    assert len(cache._wrapped) == MAX_WRAPPED
