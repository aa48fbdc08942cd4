"""Pictures made once are kept within a budget of bytes (``scenes.kit.surface_cache``): what is drawn often stays,
the least recently used go first, one at a time, so a long session neither renders every frame anew nor grows
(or swings) the window's memory."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from scenes.kit import surface_cache
from scenes.kit.surface_cache import SurfaceCache, surface_bytes
from scenes.kit.ui import CLOSING, MAX_WRAPPED, TEXT, TextCache, unbreakable


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


def test_punctuation_set_off_by_a_space_stays_with_its_word_when_a_line_wraps():
    """Issue 51: French sets "!" and ";" off by a space; the results left "!" alone on a line, and a question
    wrapped to a line beginning "; Continuer la reprend."."""
    pygame.font.init()
    cache = TextCache()
    won = "Jaune (Anna) a gagné !"
    width = cache.font(28, True).size("Jaune (Anna) a gagné")[0] + 2  # room for every word, not for " !"
    assert cache.wrap(won, width, 28, True) == ["Jaune (Anna) a", "gagné !"]
    leave = "Quitter cette partie ? Elle est sauvegardée ; Continuer la reprend."
    width = cache.font(26).size("Quitter cette partie ? Elle est sauvegardée")[0] + 2
    assert cache.wrap(leave, width, 26) == ["Quitter cette partie ? Elle est", "sauvegardée ; Continuer la reprend."]
    quoted = "Il dit « Oui » puis part"
    for width in range(20, 300, 7):
        lines = cache.wrap(quoted, width, 22)
        assert " ".join(lines) == quoted
        assert not any(line.endswith("«") or line.startswith("»") for line in lines), (width, lines)


def test_unbreakable_keeps_a_lone_mark_with_its_word_and_leaves_other_words_alone():
    assert unbreakable("a gagné !") == ["a", "gagné !"]
    assert unbreakable("« Oui » ; non") == ["« Oui » ;", "non"]
    assert unbreakable("- Draw a tile – then drive") == ["-", "Draw", "a", "tile", "–", "then", "drive"]
    assert unbreakable("two  spaces") == ["two", "", "spaces"]  # as split: the wrapper keeps what it was given
    assert unbreakable("! first") == ["!", "first"]
    assert unbreakable("Margherita, 2 giocatori, giro 3") == ["Margherita,", "2 giocatori,", "giro", "3"]  # issue 51


@pytest.mark.parametrize("language", ["en", "de", "fr", "it"])
def test_no_wrapped_line_of_any_text_begins_with_punctuation_set_off_by_a_space(language):
    """Every text of the catalog, wrapped at widths from a tooltip's to a page's: no line begins with "!", "?",
    ":", ";" or "»" standing alone."""
    pygame.font.init()
    cache = TextCache()
    folder = Path(__file__).resolve().parent.parent / "assets" / "i18n" / language
    texts = [text for path in sorted(folder.glob("*.json")) for text in json.loads(path.read_text("utf-8")).values()
             if isinstance(text, str) and " " in text]
    for text in texts:
        for width in (180, 260, 340, 420):
            for line in cache.wrap(text, width, 20)[1:]:
                first = line.split(" ")[0]
                assert not (first and set(first) <= CLOSING), (text, width, line)
