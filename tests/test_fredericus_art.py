"""The Fredericus sprites: the generator redraws the shipped sheets pixel for pixel, every sheet has the size and
frames the sprite list declares with sensible transparency, seat pieces take the exact seat colour of both
palettes, and the castle map shows the art in Tiled while the rules still read it without pygame."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.fredericus.castlemap import load_castle
from game.tiled import load_tiled_map
from scenes.fredericus import sprites as sp
from scenes.fredericus.colours import seat_colours

REPO = Path(__file__).resolve().parents[1]
MAP = REPO / "assets" / "maps" / "fredericus_castle.tmx"
PIECES = ("falcon", "goshawk", "token", *(sp.sign_sheet(size) for size in sp.SIGN_SIZES))
PALETTES = [colour for colour_blind in (False, True) for colour in seat_colours(colour_blind)]


def load(folder: Path, name: str) -> pygame.Surface:
    return pygame.image.load(str(folder / f"{name}.png"))


def alphas(image: pygame.Surface) -> list[int]:
    return list(pygame.image.tobytes(image, "RGBA")[3::4])


@pytest.fixture(scope="module")
def book() -> sp.FredericusSprites:
    return sp.FredericusSprites()


@pytest.mark.slow
def test_the_generator_redraws_every_shipped_sheet_pixel_for_pixel(tmp_path: Path) -> None:
    subprocess.run([sys.executable, "-m", "tools.make_fredericus_art", str(tmp_path)], check=True,
                   cwd=REPO, capture_output=True)
    for name in sp.SHEETS:
        made, shipped = load(tmp_path, name), load(sp.SPRITE_DIR, name)
        assert made.get_size() == shipped.get_size(), name
        assert pygame.image.tobytes(made, "RGBA") == pygame.image.tobytes(shipped, "RGBA"), name
    assert sorted(path.stem for path in tmp_path.iterdir()) == sorted(sp.SHEETS)


@pytest.mark.parametrize("name", sp.SHEETS)
def test_every_sheet_holds_its_declared_frames(name: str) -> None:
    sheet = sp.SHEETS[name]
    image = load(sp.SPRITE_DIR, name)
    assert image.get_size() == (sheet.size[0] * sheet.frames, sheet.size[1])
    assert image.get_flags() & pygame.SRCALPHA


@pytest.mark.parametrize("name", PIECES)
def test_every_piece_and_sign_stands_free_on_a_transparent_ground(name: str, book: sp.FredericusSprites) -> None:
    """A solid body (the hood alone is small) inside a frame whose edge is mostly see-through."""
    width, height = sp.SHEETS[name].size
    for index in range(sp.SHEETS[name].frames):
        frame = book.frame(name, index)
        solid = sum(alpha == 255 for alpha in alphas(frame))
        assert solid > width * height // (40 if name in sp.RAPTOR_SHEETS and index == sp.HOOD else 12), (name, index)
        edge = [(x, y) for x in range(width) for y in (0, height - 1)] + [(x, y) for y in range(height)
                                                                          for x in (0, width - 1)]
        clear = sum(frame.get_at(point)[3] == 0 for point in edge)
        assert clear > 0.45 * len(edge), (name, index)


@pytest.mark.parametrize("size", sp.CARD_SIZES)
def test_cards_are_solid_with_rounded_corners(size: tuple[int, int], book: sp.FredericusSprites) -> None:
    for body in range(sp.BODY_FRAMES):
        card = book.frame(sp.card_sheet(size), body)
        assert card.get_at((size[0] // 2, size[1] // 2))[3] == 255
        assert card.get_at((0, 0))[3] < 160  # the corner is rounded off


def test_the_ground_is_opaque_and_the_castle_stands_on_it_with_empty_corners(book: sp.FredericusSprites) -> None:
    for tile in range(sp.MEADOW_TILES):
        assert set(alphas(book.frame("meadow", tile))) == {255}
    castle = book.frame("castle")
    middle = sp.CASTLE_SIZE // 2
    assert castle.get_at((middle, middle))[3] == 255
    assert castle.get_at((0, 0))[3] == 0 and castle.get_at((sp.CASTLE_SIZE - 1, sp.CASTLE_SIZE - 1))[3] == 0


@pytest.mark.parametrize("colour", PALETTES)
def test_pieces_at_rest_carry_the_exact_seat_colour_of_either_palette(colour: tuple[int, int, int],
                                                                   book: sp.FredericusSprites) -> None:
    for sheet, frames in (("falcon", (sp.PERCHED, sp.HOODED)), ("goshawk", (sp.PERCHED, sp.HOODED)),
                          ("token", (0,))):
        for index in frames:
            image = book.tinted(sheet, index, colour)
            pixels = pygame.image.tobytes(image, "RGBA")
            assert bytes((*colour, 255)) in [pixels[at:at + 4] for at in range(0, len(pixels), 4)], (sheet, index)


def test_the_hood_alone_carries_no_seat_colour(book: sp.FredericusSprites) -> None:
    for sheet in sp.RAPTOR_SHEETS:
        assert set(alphas(book.frame(f"{sheet}_seat", sp.HOOD))) == {0}


def test_a_tinted_piece_is_made_once(book: sp.FredericusSprites) -> None:
    assert book.tinted("falcon", sp.FLAP[2], (1, 2, 3), angle=45) is book.tinted("falcon", sp.FLAP[2], (1, 2, 3),
                                                                                  angle=45)


# --- the castle map in Tiled ----------------------------------------------------------------------------------------
def test_the_castle_map_draws_its_ground_and_castle_from_the_art_tilesets() -> None:
    tiled_map = load_tiled_map(MAP)
    sources = {tileset.name: (MAP.parent / tileset.source).resolve() for tileset in tiled_map.tilesets}
    assert sources == {"fredericus_meadow": sp.SPRITE_DIR / "meadow.png",
                       "fredericus_castle": sp.SPRITE_DIR / "castle.png"}
    for tileset in tiled_map.tilesets:
        picture = pygame.image.load(str(sources[tileset.name]))
        assert picture.get_size() == (tileset.columns * tileset.tilewidth, tileset.tilecount // tileset.columns
                                      * tileset.tileheight)
    ground = tiled_map.get_layer_by_name("ground")
    assert all(gid > 0 for row in ground.data for gid in row)
    castle = tiled_map.get_layer_by_name("castle")
    covered = [(x, y) for y, row in enumerate(castle.data) for x, gid in enumerate(row) if gid]
    left, top = min(covered)
    right, bottom = max(covered)
    assert len(covered) == (sp.CASTLE_SIZE // tiled_map.tilewidth) ** 2
    middle = ((left + right + 1) * tiled_map.tilewidth / 2, (top + bottom + 1) * tiled_map.tileheight / 2)
    assert middle == load_castle().centre  # the picture's courtyard lies on the map's


def test_the_rules_read_the_map_with_its_tilesets_without_pygame() -> None:
    code = "import sys, game.fredericus.castlemap as m; m.load_castle(); assert 'pygame' not in sys.modules"
    result = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
