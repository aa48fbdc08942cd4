"""The one sprite loader both boards use: pictures cut from the PNG sheets of a folder, each sheet read once, each
cut made once, and each copy made from them (scaled, tinted, turned) kept within a budget, so drawing a frame
only ever blits. Each game's ``sprites`` module says where its pictures sit in its sheets.

A piece drawn in a seat's colour comes with a mask sheet, white where the colour goes: :meth:`SpriteBook.tinted`
lays the mask, multiplied by the colour, over the natural picture, so every palette needs no art of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from pathlib import Path

import pygame

from scenes.kit.surface_cache import SurfaceCache

Colour = tuple[int, int, int]
Area = tuple[int, int, int, int]  # x, y, width, height within a sheet


class SpriteBook:
    """The sheets of ``folder``. Sheets read before the window opened (tests draw off-screen) are read again,
    converted, once it has: unconverted pictures blit several times slower."""

    def __init__(self, folder: Path, name: str, budget_mb: int) -> None:
        self.folder = folder
        self._sheets: dict[str, pygame.Surface] = {}
        self._cuts: dict[Hashable, pygame.Surface] = {}  # the pictures as drawn, and tinted: a few hundred at most
        self._made = SurfaceCache(name, budget_mb)  # scaled and turned copies, which would never stop growing
        self._converted = False

    def sheet(self, file: str) -> pygame.Surface:
        """The sheet ``file`` as read (converted for fast blits once the window exists)."""
        self._check_conversion()
        image = self._sheets.get(file)
        if image is None:
            image = pygame.image.load(str(self.folder / file))
            if pygame.display.get_surface() is not None:
                image = image.convert_alpha()
            self._sheets[file] = image
        return image

    def cut(self, file: str, area: Area) -> pygame.Surface:
        """The picture at ``area`` of the sheet ``file``, cut once. Do not draw on it."""
        self._check_conversion()
        key = (file, area)
        image = self._cuts.get(key)
        if image is None:
            image = self._cuts[key] = self.sheet(file).subsurface(area).copy()
        return image

    def tinted(self, file: str, mask_file: str, area: Area, colour: Colour) -> pygame.Surface:
        """The picture at ``area`` of ``file`` with the same area of ``mask_file`` laid over it in ``colour``
        (shading kept: full white becomes the colour itself); made once."""
        self._check_conversion()
        key = (file, area, colour)
        image = self._cuts.get(key)
        if image is None:
            image = self.cut(file, area).copy()
            lay_tint(image, self.cut(mask_file, area), colour)
            self._cuts[key] = image
        return image

    def made(self, key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        """The copy called ``key`` (a scaled or turned picture), made the first time and kept within the budget."""
        self._check_conversion()
        return self._made.get_or_make(key, make)

    def _check_conversion(self) -> None:
        if not self._converted and pygame.display.get_surface() is not None:
            self._sheets.clear()
            self._cuts.clear()
            self._made.clear()
            self._converted = True


def lay_tint(image: pygame.Surface, mask: pygame.Surface, colour: Colour) -> None:
    """Lay the white ``mask`` over ``image``, multiplied by ``colour`` (the art scripts colour with it too)."""
    layer = mask.copy()
    layer.fill(colour, special_flags=pygame.BLEND_RGB_MULT)
    image.blit(layer, (0, 0))
