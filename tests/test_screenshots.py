"""``python main.py screenshots`` draws every scene at the logical resolution."""

from __future__ import annotations

import pygame
import pytest

from cli import main
from devtools.screenshots import file_name, save_screenshots
from scenes.kit.ui import LOGICAL_SIZE


def test_screens_are_saved_at_the_logical_resolution(tmp_path):
    written = save_screenshots(tmp_path, ["title", "midgame falconi/diavola"])
    assert [path.name for path in written] == ["title.png", "midgame-falconi-diavola.png"]
    for path in written:
        picture = pygame.image.load(str(path))
        assert picture.get_size() == LOGICAL_SIZE
        assert len(set(pygame.image.tobytes(picture, "RGB")[::97])) > 20  # a drawing, not a blank screen


def test_an_unknown_screen_is_named_in_the_error(tmp_path, capsys):
    with pytest.raises(ValueError, match="no such screen: nowhere"):
        save_screenshots(tmp_path, ["nowhere"])
    assert main(["screenshots", "--out", str(tmp_path), "--only", "nowhere"]) == 2
    assert "no such screen: nowhere" in capsys.readouterr().err


def test_file_names_are_plain():
    assert file_name("midgame fredericus/4p") == "midgame-fredericus-4p.png"
    assert file_name("seat set-up") == "seat-set-up.png"
