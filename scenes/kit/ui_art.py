"""The menus' art from ``assets/sprites/ui/`` (drawn by ``tools/make_ui_art.py``): backgrounds, nine-slice
panels and buttons, pizza and game emblems, and action icons.

Each file is loaded once, on first use (after the window exists, so it is converted to the screen's format),
and every scaled, sliced or tinted copy is cached, so drawing costs a blit. A missing or broken file never
stops the game: that piece is drawn plainly instead, and a ``MissingArtWarning`` says so once per file.

    draw_background(surface, "title")             # or "menu"
    draw_panel(surface, rect)                     # a framed box of any size
    draw_button(surface, rect, "focus")           # "normal", "focus", "pressed" or "disabled"
    surface.blit(icon("rotate", 32, (250, 204, 92)), pos)
    surface.blit(emblem("diavola", 64), pos)
"""

from __future__ import annotations

import warnings
from pathlib import Path

import pygame

from game.resources import asset_path
from scenes.kit.colours import ACCENT, BACKGROUND, DIM, FOCUS, PANEL, PANEL_EDGE
from scenes.kit.names import Names
from scenes.kit.surface_cache import SurfaceCache

UI_FOLDER = asset_path("sprites", "ui")
BACKGROUNDS = ("title", "menu")
SPRITES = ("title_car", "title_falcon")  # what moves over the title's background (scenes.pages.title_motion)
BUTTON_STATES = ("normal", "focus", "pressed", "disabled")
# The kit's own icons; each game adds its actions' when its board is registered (BoardSpec.icons).
ICONS = Names((
    # controls and menus
    "undo", "hint", "log", "pause", "settings", "rules", "back", "confirm", "star", "star_empty", "player", "ai",
    "gamepad", "keyboard", "mouse", "volume", "play", "resume", "quit", "home", "language", "window", "music",
    "speed", "fullscreen", "eye", "shake", "rotate", "keep", "delete",
    # the replay's transport and its close button
    "first", "step_back", "step_forward", "last", "close",
))
EMBLEMS = Names()  # every game's emblems, its variants' among them (BoardSpec.emblems)
ICON_SIZE, EMBLEM_SIZE = 48, 128  # the sizes the files are drawn at
# How far in from each edge a frame's corners reach: they are copied as they are, the rest is stretched.
SLICE = {"panel": 24, "button": 16}
# Sliced frames are kept per size (every tooltip's box has its own), and a full-screen panel alone is 3.5 MB.
MADE_BUDGET_MB = 16

Colour = tuple[int, int, int]


def icon_names() -> tuple[str, ...]:
    """Every icon the art has: the kit's own, then each registered game's."""
    return ICONS.all()


def emblem_names() -> tuple[str, ...]:
    """Every emblem the art has: each registered game's own and its variants' (pizzas), as its board lists them."""
    return EMBLEMS.all()


class MissingArtWarning(UserWarning):
    """A picture of the menus' art could not be loaded; it is drawn plainly instead."""


class UiArt:
    """The art of one folder, loaded lazily and cached. The module's functions use the game's own folder;
    tests make their own."""

    def __init__(self, folder: Path = UI_FOLDER) -> None:
        self.folder = folder
        self._images: dict[str, pygame.Surface | None] = {}
        self._made = SurfaceCache("menu art", MADE_BUDGET_MB)

    def image(self, name: str) -> pygame.Surface | None:
        """The file ``name``.png as loaded, or ``None`` (warned about once) if it cannot be read."""
        if name not in self._images:
            self._images[name] = self._load(name)
        return self._images[name]

    def _load(self, name: str) -> pygame.Surface | None:
        path = self.folder / f"{name}.png"
        try:
            image = pygame.image.load(str(path))
        except (pygame.error, OSError) as error:
            warnings.warn(f"cannot load {path} ({str(error).rstrip('.')}): drawn plainly instead", MissingArtWarning,
                          stacklevel=2)
            return None
        if pygame.display.get_surface() is not None:
            image = image.convert() if name.startswith("bg_") else image.convert_alpha()
        return image

    def scaled(self, name: str, width: int) -> pygame.Surface | None:
        """Picture ``name`` scaled to ``width`` pixels wide, its shape kept; made once."""
        source = self.image(name)
        if source is None:
            return None
        height = max(1, round(source.get_height() * width / source.get_width()))
        return self._made.get_or_make(("scaled", name, width),
                                      lambda: pygame.transform.smoothscale(source, (width, height)))

    def draw_background(self, surface: pygame.Surface, name: str = "menu") -> None:
        """Cover ``surface`` with background ``name``, scaled if the surface is not 1280x720."""
        source = self.image(f"bg_{name}")
        if source is None:
            surface.fill(BACKGROUND)
            return
        size = surface.get_size()
        image = source if source.get_size() == size else self._made.get_or_make(
            ("bg", name, size), lambda: pygame.transform.smoothscale(source, size))
        surface.blit(image, (0, 0))

    def draw_panel(self, surface: pygame.Surface, rect: pygame.Rect, state: str = "panel") -> None:
        """A framed box filling ``rect``: ``state`` "panel", or a button's state (see ``draw_button``)."""
        name = "panel" if state == "panel" else f"button_{state}"
        key = ("frame", name, rect.width, rect.height)
        framed = self._made.get(key)
        if framed is None:
            source = self.image(name)
            if source is None:
                _draw_plain(surface, rect, state)
                return
            margin = SLICE["panel" if state == "panel" else "button"]
            framed = self._made.put(key, nine_slice(source, rect.size, margin))
        surface.blit(framed, rect)

    def draw_button(self, surface: pygame.Surface, rect: pygame.Rect, state: str = "normal") -> None:
        """A button filling ``rect``: "normal", "focus" (has the focus or the pointer), "pressed" or "disabled"."""
        self.draw_panel(surface, rect, state)

    def icon(self, name: str, size: int = ICON_SIZE, colour: Colour | None = None) -> pygame.Surface:
        """Icon ``name`` (see ``icon_names``) ``size`` pixels square; ``colour`` tints its white, its outline stays
        dark. A missing icon is a plain disc, so a row of them still lines up."""
        key = ("icon", name, size, colour)
        made = self._made.get(key)
        if made is None:
            image = self.image(f"icon_{name}")
            if image is None:
                image = _plain_disc(ICON_SIZE, (236, 238, 244))
            made = self._made.put(key, _tinted(_scaled(image, size), image, colour))
        return made

    def emblem(self, name: str, size: int = EMBLEM_SIZE, tint: Colour | None = None) -> pygame.Surface:
        """Emblem ``name`` (a game's or a pizza's, see ``emblem_names``), ``size`` pixels round;
        readable from 32 pixels up. ``tint`` multiplies its colours (grey dims it). A missing one is a plain disc."""
        key = ("emblem", name, size, tint)
        made = self._made.get(key)
        if made is None:
            image = self.image(f"emblem_{name}") or _plain_disc(EMBLEM_SIZE, (200, 120, 70))
            made = self._made.put(key, _tinted(_scaled(image, size), image, tint))
        return made


def nine_slice(source: pygame.Surface, size: tuple[int, int], margin: int) -> pygame.Surface:
    """``source`` stretched to ``size`` with its corners untouched and its edges stretched one way only, so a
    frame keeps its thickness and rounded corners at any size. Boxes smaller than two corners shrink them."""
    width, height = size
    sw, sh = source.get_size()
    m = max(0, min(margin, width // 2, height // 2))
    result = pygame.Surface(size, pygame.SRCALPHA)
    if m < margin:
        source = pygame.transform.smoothscale(source, (sw * m // margin or 1, sh * m // margin or 1))
        sw, sh = source.get_size()
    columns = ((0, m, 0, m), (m, sw - 2 * m, m, width - 2 * m), (sw - m, m, width - m, m))
    rows = ((0, m, 0, m), (m, sh - 2 * m, m, height - 2 * m), (sh - m, m, height - m, m))
    for sx, swidth, dx, dwidth in columns:
        for sy, sheight, dy, dheight in rows:
            if min(swidth, sheight, dwidth, dheight) <= 0:
                continue
            piece = source.subsurface((sx, sy, swidth, sheight))
            if (dwidth, dheight) != (swidth, sheight):
                piece = pygame.transform.smoothscale(piece, (dwidth, dheight))
            result.blit(piece, (dx, dy))
    return result


def _scaled(image: pygame.Surface, size: int) -> pygame.Surface:
    return image if image.get_width() == size else pygame.transform.smoothscale(image, (size, size))


def _tinted(image: pygame.Surface, original: pygame.Surface, tint: Colour | None) -> pygame.Surface:
    """``image`` with its colours multiplied by ``tint``; a copy, never the loaded ``original`` itself."""
    if tint is None:
        return image
    image = image.copy() if image is original else image
    image.fill(tint, special_flags=pygame.BLEND_RGB_MULT)
    return image


def _plain_disc(size: int, colour: Colour) -> pygame.Surface:
    disc = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(disc, (14, 14, 22), (size // 2, size // 2), size // 2 - 1)
    pygame.draw.circle(disc, colour, (size // 2, size // 2), size // 2 - 1 - max(1, size // 16))
    return disc


def _draw_plain(surface: pygame.Surface, rect: pygame.Rect, state: str) -> None:
    """The look the menus had before the art: a rounded box in the palette of ``scenes.kit.colours``."""
    fill, edge = {"focus": (FOCUS, ACCENT), "pressed": (FOCUS, ACCENT), "disabled": (PANEL, DIM)}.get(
        state, (PANEL, PANEL_EDGE))
    pygame.draw.rect(surface, fill, rect, border_radius=10)
    pygame.draw.rect(surface, edge, rect, width=2, border_radius=10)


_ART = UiArt()


def draw_background(surface: pygame.Surface, name: str = "menu") -> None:
    """Cover ``surface`` with background ``name`` ("title" for the title and game choice, "menu" elsewhere)."""
    _ART.draw_background(surface, name)


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, state: str = "panel") -> None:
    """A framed box filling ``rect``, whatever its size."""
    _ART.draw_panel(surface, rect, state)


def sprite(name: str) -> pygame.Surface | None:
    """Sprite ``name`` (one of ``SPRITES``) as drawn, or ``None`` if it cannot be loaded. Do not draw on it."""
    return _ART.image(name)


def scaled_sprite(name: str, width: int) -> pygame.Surface | None:
    """Sprite ``name`` scaled to ``width`` pixels wide, its shape kept; made once."""
    return _ART.scaled(name, width)


def draw_button(surface: pygame.Surface, rect: pygame.Rect, state: str = "normal") -> None:
    """A button filling ``rect`` in ``state``: "normal", "focus", "pressed" or "disabled"."""
    _ART.draw_button(surface, rect, state)


def icon(name: str, size: int = ICON_SIZE, colour: Colour | None = None) -> pygame.Surface:
    """Icon ``name`` (one of ``icon_names()``), ``size`` pixels square, its white tinted ``colour``. Do not draw on
    it."""
    return _ART.icon(name, size, colour)


def emblem(name: str, size: int = EMBLEM_SIZE, tint: Colour | None = None) -> pygame.Surface:
    """Emblem ``name`` (see ``emblem_names``), ``size`` pixels round, its colours multiplied by
    ``tint``. Do not draw on it."""
    return _ART.emblem(name, size, tint)
