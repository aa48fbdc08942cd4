"""Painting the pieces of the Fredericus board from its sprites: the castle on its meadow, cards, raptors, tokens,
and the outlines and arrows of highlights and previews.

Where things go is :mod:`scenes.fredericus.layout`'s; the pictures are :mod:`scenes.fredericus.sprites`'. Every
picture is made once (the board background, each card at each size) and then only blitted, as the play scene
redraws the board after every move and the animations draw pieces every frame.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame
from pygame import Vector2

from game.core.message import Message
from game.fredericus.actions import raptor_kind, raptor_owner
from game.fredericus.cards import FREDERICUS, KINDS, SEAL, SKY, TREE
from scenes.fredericus import sprites as sp
from scenes.fredericus.colours import COLOURS
from scenes.fredericus.layout import MIDDLE, SCALE, Layout, arrow_head, arrow_pieces
from scenes.fredericus.rows import RowLayout
from scenes.fredericus.sprites import SPRITES
from scenes.kit import tooltip
from scenes.kit.ui import TextCache
from scenes.playing.gameview import BOARD_AREA

INK = (30, 24, 18)
Palette = Sequence[tuple[int, int, int]]  # a colour per seat (see colours.py)
SEAT_COLOURS: Palette = COLOURS
CREATURE_INK = (96, 42, 18)
GOLD = (232, 190, 80)
END_FRAME = (250, 246, 226)
LAST = (120, 230, 255)  # the last move
TALON = (255, 138, 40)  # a capture possible right now
LIFTED = (250, 214, 110)  # the frame of a card lifted whole out of its row
MEADOW_TILE = 32


@dataclass(frozen=True)
class Look:
    """How pieces look to the player now: the text cache, the creatures' letters, the seat colours (of the
    colour-blind setting) and the seat marks (in the player's language)."""

    text: TextCache
    shorts: tuple[str, ...]
    colours: Palette
    marks: tuple[str, ...]


_BODY = {TREE: sp.BODY_TREE, SKY: sp.BODY_SKY, SEAL: sp.BODY_SEAL}
_backgrounds: dict[tuple[tuple[float, float], ...], pygame.Surface] = {}
_cards: dict[tuple[object, ...], pygame.Surface] = {}


# --- the castle ------------------------------------------------------------------------------------------------
def paint_castle(surface: pygame.Surface, layout: Layout, text: TextCache) -> None:
    """The meadow, the castle seen from above and the towers' numbers: one picture, made once per castle."""
    key = tuple((tower.x, tower.y) for tower in layout.towers)
    background = _backgrounds.get(key)
    if background is None:
        background = _backgrounds[key] = _background(layout, text)
    surface.blit(background, BOARD_AREA.topleft)


def _background(layout: Layout, text: TextCache) -> pygame.Surface:
    background = pygame.Surface(BOARD_AREA.size)
    if pygame.display.get_surface() is not None:
        background = background.convert()
    for column in range(BOARD_AREA.width // MEADOW_TILE + 1):
        for row in range(BOARD_AREA.height // MEADOW_TILE + 1):
            roll = hash((column, row)) * 2654435761 % 20  # ints hash to themselves: the same meadow every run
            tile = 0 if roll < 12 else 1 if roll < 15 else 2 if roll < 18 else 3
            background.blit(SPRITES.frame("meadow", tile), (column * MEADOW_TILE, row * MEADOW_TILE))
    size = round(sp.CASTLE_SIZE * SCALE)
    castle = SPRITES.scaled("castle", 0, (size, size))
    background.blit(castle, castle.get_rect(center=(round(MIDDLE.x), round(MIDDLE.y))))
    for number, tower in enumerate(layout.towers):
        text.blit(background, str(number), 20, INK, bold=True, center=(round(tower.x), round(tower.y) + 1))
    return background


# --- cards ------------------------------------------------------------------------------------------------------
def paint_row(surface: pygame.Surface, text: TextCache, row: RowLayout, cards: Sequence[int],
              shorts: Sequence[str], hidden: frozenset[int] = frozenset()) -> None:
    """Cards from the first outward, so each later card lies over the outer part of the one before; the cards
    at the indexes in ``hidden`` are left out (an animation is drawing them, or one is lifted)."""
    for index, code in enumerate(cards):
        if index in hidden:
            continue
        middle, room = row.strip(index)
        paint_card(surface, text, row.card_rect(index), code, shorts, middle, room)
    if cards and len(cards) - 1 not in hidden:  # the end card, the one the rules look at, gets a light frame
        pygame.draw.rect(surface, END_FRAME, row.card_rect(len(cards) - 1), 2, border_radius=3)


def paint_lifted(surface: pygame.Surface, text: TextCache, row: RowLayout, cards: Sequence[int], index: int,
                 shorts: Sequence[str]) -> None:
    """The card at ``index`` (pointed at, or focused) whole over everything near it, in a frame just outside
    it: in a row too long for the board the others show only slivers of themselves."""
    rect = row.card_rect(index)
    surface.blit(card_image(text, cards[index], rect.size, shorts), rect)
    frame = END_FRAME if index == len(cards) - 1 else LIFTED
    pygame.draw.rect(surface, frame, rect.inflate(4, 4), 2, border_radius=3)


def paint_card(surface: pygame.Surface, text: TextCache, rect: pygame.Rect, code: int, shorts: Sequence[str],
               mark: Vector2 | None = None, room: tuple[float, float] | None = None) -> None:
    """A row card of ``rect``'s size with its sign at ``mark`` fitted to ``room`` (the visible part's size):
    a creature's picture with its letters where they fit, else the picture alone."""
    surface.blit(_body(rect.size, _BODY.get(code, sp.BODY_CREATURE)), rect)
    if mark is not None:
        paint_sign(surface, text, code, mark, room or rect.size, shorts[code] if code < KINDS else "")


def paint_sign(surface: pygame.Surface, text: TextCache, code: int, mark: Vector2, room: tuple[float, float],
               letters: str = "") -> None:
    """A card's sign centred on ``mark`` within ``room``: beside its letters in a wide strip, above them in a
    tall one, alone (as large as fits) otherwise; nothing where even the smallest sign would not fit."""
    width, height = room
    x, y = round(mark.x), round(mark.y)
    label = text.render(letters, 15, CREATURE_INK, bold=True) if letters else None
    sign = SPRITES.frame(sp.sign_sheet(16), code)
    if label is not None and width >= 18 + label.get_width() + 2 and height >= 16:
        left = x - (16 + 1 + label.get_width()) // 2
        surface.blit(sign, (left, y - 8))
        surface.blit(label, label.get_rect(midleft=(left + 17, y + 1)))
    elif label is not None and height >= 16 + label.get_height() - 2 and width >= 16:
        top = y - (16 + label.get_height() - 4) // 2
        surface.blit(sign, (x - 8, top))
        surface.blit(label, label.get_rect(midtop=(x, top + 15)))
    else:
        fitting = [size for size in sp.SIGN_SIZES if size <= min(width, height) - 1]
        if fitting:
            size = fitting[-1]
            surface.blit(SPRITES.frame(sp.sign_sheet(size), code), (x - size // 2, y - size // 2))


def paint_objective(surface: pygame.Surface, text: TextCache, rect: pygame.Rect, code: int | None,
                    shorts: Sequence[str]) -> None:
    """An objective: the creature's picture, Fredericus's crown on gold, or a card back (``None``)."""
    body = sp.BODY_BACK if code is None else sp.BODY_FREDERICUS if code == FREDERICUS else sp.BODY_OBJECTIVE
    surface.blit(_body(rect.size, body), rect)
    if code is not None:
        paint_sign(surface, text, sp.CROWN if code == FREDERICUS else code, Vector2(rect.center), rect.size)


def card_image(text: TextCache, code: int | None, size: tuple[int, int], shorts: Sequence[str],
               objective: bool = False) -> pygame.Surface:
    """A whole card as one picture, made once: what the animations move about."""
    key = (code, size, objective, tuple(shorts))
    image = _cards.get(key)
    if image is None:
        image = pygame.Surface(size, pygame.SRCALPHA)
        rect = image.get_rect()
        if objective or code is None:
            paint_objective(image, text, rect, code, shorts)
        else:
            paint_card(image, text, rect, code, shorts, Vector2(rect.center))
        _cards[key] = image
    return image


def _body(size: tuple[int, int], body: int) -> pygame.Surface:
    """A blank card of ``size``; a size with no sheet of its own is scaled, once, from the nearest."""
    if size in sp.CARD_SIZES:
        return SPRITES.frame(sp.card_sheet(size), body)
    nearest = min(sp.CARD_SIZES, key=lambda known: abs(known[0] - size[0]) + abs(known[1] - size[1]))
    return SPRITES.scaled(sp.card_sheet(nearest), body, size)


# --- raptors and tokens ------------------------------------------------------------------------------------------
def paint_raptor(surface: pygame.Surface, centre: Vector2, raptor: int, hooded: bool, small: bool = False,
                 colours: Palette = SEAT_COLOURS, mark: str = "", text: TextCache | None = None) -> None:
    """A falcon (the tall piece) or a goshawk (the short one) on a base in its falconer's colour, hooded or
    not; with ``text``, the base carries its falconer's ``mark`` too, so that it is not told by colour alone."""
    scale = sp.SMALL if small else 1.0
    colour = colours[raptor_owner(raptor)]
    image = SPRITES.tinted(raptor_kind(raptor), sp.HOODED if hooded else sp.PERCHED, colour, scale)
    surface.blit(image, image.get_rect(center=(round(centre.x), round(centre.y))))
    if mark and text is not None:
        paint_raptor_mark(surface, centre, raptor, small, colours, mark, text)


def paint_raptor_mark(surface: pygame.Surface, centre: Vector2, raptor: int, small: bool, colours: Palette,
                      mark: str, text: TextCache) -> None:
    """The falconer's mark on a raptor's base; drawn after every bird of a post, so none hides another's."""
    base = centre + Vector2(sp.BASE_OFFSET) * (sp.SMALL if small else 1.0)
    paint_mark(surface, text, mark, base, 10 if small else 12, colours[raptor_owner(raptor)])


def paint_token(surface: pygame.Surface, centre: Vector2, seat: int, colours: Palette = SEAT_COLOURS,
                mark: str = "", text: TextCache | None = None) -> None:
    """A betting token: a gold coin with a face in the seat's colour; with ``text``, its ``mark``."""
    image = SPRITES.tinted("token", 0, colours[seat])
    rect = surface.blit(image, image.get_rect(center=(round(centre.x), round(centre.y))))
    tooltip.add(rect, Message.of("tips.fredericus.token", name=f"@seat.fredericus.{seat}"))
    if mark and text is not None:
        paint_mark(surface, text, mark, Vector2(centre.x, centre.y + 0.5), 12, colours[seat])


def seat_marks(names: Sequence[str]) -> tuple[str, ...]:
    """The mark each falconer's pieces carry besides their colour: the initial of the seat's colour name in
    the player's language, or the seat's number where two names start alike (German Grün and Gelb)."""
    initials = tuple(name[:1].upper() for name in names)
    if all(initials) and len(set(initials)) == len(initials):
        return initials
    return tuple(str(seat + 1) for seat in range(len(names)))


def paint_mark(surface: pygame.Surface, text: TextCache, mark: str, centre: Vector2, size: int,
               fill: tuple[int, int, int]) -> None:
    """A seat's mark on a piece of colour ``fill``: dark on a light piece, light on a dark one, with a rim of
    the other so that it reads on any piece."""
    light = (250, 250, 250)
    ink, rim = (INK, light) if sum(fill) > 420 else (light, INK)
    halo = text.render(mark, size, rim, True)
    image = text.render(mark, size, ink, True)
    rect = image.get_rect(center=(round(centre.x), round(centre.y)))
    for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        surface.blit(halo, rect.move(dx, dy))
    surface.blit(image, rect)


# --- highlights ----------------------------------------------------------------------------------------------------
def outline(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, ...], width: int = 2) -> None:
    pygame.draw.rect(surface, colour, rect.inflate(2 * width, 2 * width), width, border_radius=4)


def arrow(surface: pygame.Surface, colour: tuple[int, ...], start: Vector2, end: Vector2, width: int = 3,
          under: Sequence[pygame.Rect] = ()) -> None:
    """A straight arrow whose head ends at ``end``; it passes under the panels ``under`` (drawn only outside
    them), as a card moved between two far row ends would otherwise be drawn across the deck or a legend."""
    start, end = Vector2(start), Vector2(end)
    if start.distance_to(end) < 4:
        return
    along = (end - start).normalize()
    for piece_start, piece_end in arrow_pieces(start, end - along * 8, under):
        pygame.draw.line(surface, colour, piece_start, piece_end, width)
    pygame.draw.polygon(surface, colour, arrow_head(start, end))


def line(surface: pygame.Surface, colour: tuple[int, ...], start: Vector2, end: Vector2, width: int = 3,
         under: Sequence[pygame.Rect] = ()) -> None:
    """A straight line passing under the panels ``under``: an arrow's leg where it turns with a folded row."""
    for piece_start, piece_end in arrow_pieces(Vector2(start), Vector2(end), under):
        pygame.draw.line(surface, colour, piece_start, piece_end, width)


def ghost_layer() -> pygame.Surface:
    """A transparent layer the size of the board, for previews blitted see-through."""
    return pygame.Surface(BOARD_AREA.size, pygame.SRCALPHA)


_STARS: dict[int, pygame.Surface] = {}


def start_star(size: int) -> pygame.Surface:
    """The start player's gold star, ``size`` square, for the falconer's card (its tip is the card chip's)."""
    star = _STARS.get(size)
    if star is None:
        star = _STARS[size] = pygame.Surface((size, size), pygame.SRCALPHA)
        centre, outer, inner = Vector2(size / 2, size / 2 + size * 0.04), size * 0.48, size * 0.2
        points = [centre + Vector2(0, -(outer if k % 2 == 0 else inner)).rotate(36 * k) for k in range(10)]
        pygame.draw.polygon(star, GOLD, points)
        pygame.draw.polygon(star, (120, 90, 30), points, 1)
    return star
