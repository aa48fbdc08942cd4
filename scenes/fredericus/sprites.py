"""The Fredericus pictures: which sprite sheets exist, and each frame loaded once, scaled once, tinted once.

The PNGs under ``assets/sprites/fredericus/`` are made by ``tools/make_fredericus_art.py`` from the sheet list
here (``SHEETS``), so the generator, the tests and the drawing agree on every name, size and frame. A sheet is a
row of frames of one size. Pieces that carry a falconer's colour come as two sheets: the natural picture and a
``_seat`` mask, white where the colour goes, which :meth:`FredericusSprites.tinted` multiplies by the seat
colour; so both palettes of ``scenes.fredericus.colours`` (and any later one) need no new art. The loading is
the kit's (``scenes.kit.sprite_book``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pygame

from game.resources import asset_path
from scenes.kit.sprite_book import Area, SpriteBook

SPRITE_DIR = asset_path("sprites", "fredericus")
Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Sheet:
    """A PNG holding ``frames`` pictures of ``size`` pixels side by side."""

    size: tuple[int, int]
    frames: int


# Raptor frames (falcon and goshawk sheets, and their _seat masks): perched seen from the side facing east,
# flying seen from above heading east.
PERCHED, HOODED, HOOD = 0, 1, 2  # standing on the seat-coloured base; the same with its hood; the hood alone
FLAP = (3, 4, 5, 6, 7, 8)  # the wing-flap cycle: wings spread, beaten up out of sight, spread again
STOOP = 9  # wings folded for a dive
BIRD_FRAMES = 10
BIRD_SIZE = (32, 32)
BASE_OFFSET = (0, 10)  # the middle of the base a perched raptor stands on, from the frame's middle: its mark
SMALL = 0.75  # a hooded raptor in the courtyard is drawn this much smaller

# Card bodies, one sheet per size on the board: the frame by what the card is.
BODY_CREATURE, BODY_TREE, BODY_SKY, BODY_SEAL, BODY_OBJECTIVE, BODY_BACK, BODY_FREDERICUS = range(7)
BODY_FRAMES = 7
ROW_CARD_SIZES = ((40, 24), (24, 40), (28, 28))  # across a vertical, a horizontal and a diagonal row
CHIP_SIZE, LEGEND_SIZE, DECK_SIZE = (20, 20), (18, 18), (22, 30)
CARD_SIZES = (*ROW_CARD_SIZES, CHIP_SIZE, LEGEND_SIZE, DECK_SIZE)

# Card signs, upright, one sheet per size: the row codes 0..10 (eight creatures, tree, sky, seal), then the
# crown of Fredericus.
CROWN = 11
SIGN_FRAMES = 12
SIGN_SIZES = (12, 16, 20)

MEADOW_TILES = 4  # the ground tileset: plain grass, then grass with flowers, tufts and a stone
CASTLE_SIZE = 320  # the castle seen from above, in map pixels (10 × 10 tiles of the castle tileset)
TOKEN_SIZE = (16, 16)

SHEETS: dict[str, Sheet] = {
    "meadow": Sheet((32, 32), MEADOW_TILES),
    "castle": Sheet((CASTLE_SIZE, CASTLE_SIZE), 1),
    "falcon": Sheet(BIRD_SIZE, BIRD_FRAMES),
    "falcon_seat": Sheet(BIRD_SIZE, BIRD_FRAMES),
    "goshawk": Sheet(BIRD_SIZE, BIRD_FRAMES),
    "goshawk_seat": Sheet(BIRD_SIZE, BIRD_FRAMES),
    "token": Sheet(TOKEN_SIZE, 1),
    "token_seat": Sheet(TOKEN_SIZE, 1),
    **{f"cards_{w}x{h}": Sheet((w, h), BODY_FRAMES) for w, h in CARD_SIZES},
    **{f"signs_{size}": Sheet((size, size), SIGN_FRAMES) for size in SIGN_SIZES},
}
RAPTOR_SHEETS = ("falcon", "goshawk")  # named as the raptor kinds, so ``actions.raptor_kind(raptor)`` is its sheet


def card_sheet(size: tuple[int, int]) -> str:
    return f"cards_{size[0]}x{size[1]}"


def sign_sheet(size: int) -> str:
    return f"signs_{size}"


def _area(sheet: str, index: int) -> Area:
    width, height = SHEETS[sheet].size
    return index * width, 0, width, height


class FredericusSprites:
    """The frames by sheet and index, through the kit's sprite loader: each cut once, each variant (scaled,
    tinted, turned) made once and kept, so drawing a frame only ever blits."""

    def __init__(self, folder: Path = SPRITE_DIR) -> None:
        self.folder = folder
        self._book = SpriteBook(folder, "Fredericus sprites", 12)  # raptors tilted in flight, in every colour

    def frame(self, sheet: str, index: int = 0) -> pygame.Surface:
        """One frame as drawn by the generator."""
        return self._book.cut(f"{sheet}.png", _area(sheet, index))

    def scaled(self, sheet: str, index: int, size: tuple[int, int]) -> pygame.Surface:
        """A frame at ``size`` (smoothscaled the first time it is asked for)."""
        image = self.frame(sheet, index)
        if image.get_size() == size:
            return image
        return self._book.made(("scaled", sheet, index, size), lambda: pygame.transform.smoothscale(image, size))

    def tinted(self, sheet: str, index: int, colour: Colour, scale: float = 1.0, angle: int = 0) -> pygame.Surface:
        """A seat piece: the natural frame with its ``_seat`` mask in ``colour``, scaled by ``scale`` and turned
        ``angle`` degrees counter-clockwise."""
        if angle:
            upright = self.tinted(sheet, index, colour, scale)
            return self._book.made(("tinted", sheet, index, colour, scale, angle),
                                   lambda: pygame.transform.rotate(upright, angle))
        if scale != 1.0:
            image = self.tinted(sheet, index, colour)
            size = (round(image.get_width() * scale), round(image.get_height() * scale))
            return self._book.made(("tinted", sheet, index, colour, scale, angle),
                                   lambda: pygame.transform.smoothscale(image, size))
        area = _area(sheet, index)
        return self._book.tinted(f"{sheet}.png", f"{sheet}_seat.png", area, colour)


SPRITES = FredericusSprites()
