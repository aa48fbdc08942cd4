"""The one sprite loader (``scenes.kit.sprite_book``), which both boards' sprites use: cut once, tinted by a
mask, made copies kept, and sheets read again, converted, once the window exists."""

from __future__ import annotations

import pygame
import pytest

from scenes.falconi import sprites as falconi_sprites
from scenes.fredericus import sprites as fredericus_sprites
from scenes.kit.sprite_book import SpriteBook


@pytest.fixture
def book(tmp_path) -> SpriteBook:
    """A sheet of two 4-pixel frames (red, then grey) and its mask (white on the second frame's left half)."""
    sheet = pygame.Surface((8, 4), pygame.SRCALPHA)
    sheet.fill((200, 0, 0, 255), (0, 0, 4, 4))
    sheet.fill((100, 100, 100, 255), (4, 0, 4, 4))
    mask = pygame.Surface((8, 4), pygame.SRCALPHA)
    mask.fill((255, 255, 255, 255), (4, 0, 2, 4))
    pygame.image.save(sheet, str(tmp_path / "pieces.png"))
    pygame.image.save(mask, str(tmp_path / "pieces_mask.png"))
    return SpriteBook(tmp_path, "test sprites", 1)


def test_a_frame_is_cut_once_and_a_tinted_one_takes_the_colour_where_its_mask_is_white(book):
    first = book.cut("pieces.png", (0, 0, 4, 4))
    assert first is book.cut("pieces.png", (0, 0, 4, 4)) and first.get_at((1, 1)) == (200, 0, 0, 255)
    tinted = book.tinted("pieces.png", "pieces_mask.png", (4, 0, 4, 4), (10, 200, 30))
    assert tinted.get_at((0, 0)) == (10, 200, 30, 255) and tinted.get_at((3, 0)) == (100, 100, 100, 255)
    assert tinted is book.tinted("pieces.png", "pieces_mask.png", (4, 0, 4, 4), (10, 200, 30))
    assert book.cut("pieces.png", (4, 0, 4, 4)).get_at((0, 0)) == (100, 100, 100, 255)  # the cut itself untouched


def test_a_made_copy_is_made_once(book):
    made = []
    twice = [book.made(("big", 8), lambda: made.append(1) or pygame.Surface((8, 8))) for _ in range(2)]
    assert twice[0] is twice[1] and made == [1]


def test_sheets_read_before_the_window_are_read_again_once_it_exists(book):
    pygame.display.quit()  # no window yet (each app the tests open closes pygame as it ends)
    before = book.sheet("pieces.png")
    pygame.display.init()
    try:
        pygame.display.set_mode((16, 16))
        after = book.sheet("pieces.png")
        assert after is not before and after is book.sheet("pieces.png")
    finally:
        pygame.display.quit()


def test_both_boards_load_their_sheets_through_the_kits_loader():
    assert isinstance(falconi_sprites._BOOK, SpriteBook)
    assert isinstance(fredericus_sprites.SPRITES._book, SpriteBook)
