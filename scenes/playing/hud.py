"""The side panel's heads-up display: a card per seat (its pieces in the seat's colour, its name, who plays it
with a thinking animation while an AI chooses, its tiles or catches as small pictures, its points) and a row
of counters (the pile, the turn's actions, the round), with the few sentences that must stay (how the game
ended, a last-round warning) below. Sentences otherwise belong to the log and the tooltips.

A game whose seats hold more than one line of pictures (Fredericus: objectives, tokens, creatures caught) asks
for two columns of taller cards (``Hud.columns``): four seats then take the height of four plain cards, and
each line of pictures has the card's width to itself.

A board view says *what* is shown as a :class:`Hud`, plain comparable data, so the privacy tests compare what
two seats see without pixels; it draws its own pictures (``Painter.picture``). This module lays them out.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal, Protocol

import pygame

from game.core.message import Message
from game.core.protocol import Seat
from scenes.kit import tooltip
from scenes.kit.colours import GOOD
from scenes.kit.ui import ACCENT, DIM, TEXT, TextCache

CARD_HEIGHT = 48
BLOCK_HEIGHT = 102  # a card of a two-column HUD: its seat and who plays it, then two lines of pictures
BLOCK_CHIPS = (22, 18)  # a block card's pictures: the larger at which a line fits the card
PORTRAIT = 40  # the seat's pieces, left on its card
CHIP = 26  # a picture in the counters row
CARD_CHIP = 34  # a picture on a card: a tile in hand, an objective card
CHIP_GAP, COUNTER_GAP = 4, 18  # between two chips of a card, and of the counters row
PIP = 14  # an action's dot
COUNT_SIZE = 18
GAP = 4
NAME_SIZES = (20, 18, 16, 15)  # the largest at which a seat's name fits its card is used
WHO_SIZES = (16, 15, 14)
NOTE_SIZE = 20
CARD_FILL = (34, 38, 56)
OUT_FILL = (30, 30, 34)
PIP_ON, PIP_OFF = (250, 204, 92), (90, 92, 110)
THINKING_PERIOD = 1.2  # seconds for the three dots after an AI's level to fill once
LINK_DOT = 6  # the radius of a seat's connection dot at an online table
AWAY = (232, 120, 60)
Link = Literal["", "connected", "away"]  # an online seat's person: at their screen, or gone; "": no dot


@dataclass(frozen=True)
class Chip:
    """A small picture with its tooltip and a count written after it (``"×2"``, ``"73"``). ``picture`` is a
    name the board view draws, ``pips:LEFT:TOTAL`` (dots for what is left of a turn's actions), or "" for a
    count alone ("Turn 4")."""

    picture: str
    tip: Message
    count: str = ""


@dataclass(frozen=True)
class SeatCard:
    seat: Seat
    name: str
    tip: Message  # what the card as a whole says in words
    chips: tuple[Chip, ...] = ()
    points: str = ""
    out: bool = False  # out of the game: drawn dimmed
    active: bool = False  # whose turn it is: outlined
    more: tuple[Chip, ...] = ()  # a second line of pictures, in a two-column HUD (Fredericus: creatures caught)


@dataclass(frozen=True)
class Hud:
    cards: tuple[SeatCard, ...]
    counters: tuple[Chip, ...] = ()
    notes: tuple[str, ...] = ()
    columns: int = 1  # 2: the cards stand two to a row, taller, each line of pictures the card's width


@dataclass(frozen=True)
class Player:
    """Who plays a seat: a person's name, or an AI's level in words (``ai``); ``thinking`` while it chooses."""

    name: str
    ai: bool
    thinking: bool = False
    link: Link = ""  # at an online table, whether the seat's person is connected (a dot on the card)


class Painter(Protocol):
    def picture(self, name: str, size: int) -> pygame.Surface:
        """The picture a :class:`Chip` or a card's portrait (``seat:N``) names, ``size`` pixels high."""

    def seat_colour(self, seat: Seat) -> tuple[int, int, int]:
        """The seat's colour in the player's palette."""


def draw_hud(surface: pygame.Surface, area: pygame.Rect, hud: Hud, players: Mapping[Seat, Player],
             painter: Painter, text: TextCache, clock: float) -> int:
    """Draw ``hud`` from the top of ``area`` across its width; returns the first free row below it."""
    y = area.y
    if hud.columns == 2:
        width = (area.width - GAP) // 2
        for number, card in enumerate(hud.cards):
            rect = pygame.Rect(area.x + (number % 2) * (width + GAP), y + (number // 2) * (BLOCK_HEIGHT + GAP),
                               width, BLOCK_HEIGHT)
            _draw_block(surface, rect, card, players.get(card.seat), painter, text, clock)
        y += (len(hud.cards) + 1) // 2 * (BLOCK_HEIGHT + GAP)
    for card in hud.cards if hud.columns == 1 else ():
        _draw_card(surface, pygame.Rect(area.x, y, area.width, CARD_HEIGHT), card, players.get(card.seat),
                   painter, text, clock)
        y += CARD_HEIGHT + GAP
    if hud.counters:
        _draw_chips(surface, area.x + 4, y + CHIP // 2, hud.counters, painter, text, CHIP, COUNTER_GAP)
        tooltip.control(pygame.Rect(area.x, y, area.width, CHIP), "turn row")
        y += CHIP + GAP
    for note in hud.notes:
        for line in text.wrap(note, area.width, NOTE_SIZE):
            tooltip.control(text.blit(surface, line, NOTE_SIZE, ACCENT, topleft=(area.x, y)), "note")
            y += NOTE_SIZE
    return y


def _draw_frame(surface: pygame.Surface, rect: pygame.Rect, card: SeatCard, player: Player | None,
                painter: Painter, portrait_y: int) -> None:
    """A card's background, its seat's colour down its left edge, its tip, and the seat's pieces."""
    colour = painter.seat_colour(card.seat)
    pygame.draw.rect(surface, OUT_FILL if card.out else CARD_FILL, rect, border_radius=8)
    pygame.draw.rect(surface, DIM if card.out else colour, (rect.x, rect.y, 6, rect.height),
                     border_top_left_radius=8, border_bottom_left_radius=8)
    tooltip.add(rect, card.tip)
    tooltip.control(rect, "seat card")
    portrait = painter.picture(f"seat:{card.seat}", PORTRAIT)
    if card.out:
        portrait = portrait.copy()
        portrait.set_alpha(110)
    surface.blit(portrait, portrait.get_rect(center=(rect.x + 12 + PORTRAIT // 2, portrait_y)))
    if player is not None and player.link:
        _draw_link(surface, (rect.x + 10 + PORTRAIT, portrait_y + PORTRAIT // 2 - 9), player.link)


def _draw_who(surface: pygame.Surface, player: Player, x: int, row: int, room: int, text: TextCache,
              clock: float) -> int:
    """Who plays the seat from ``x`` on the line whose middle is ``row``, in ``room`` at most; returns where
    it ends."""
    tooltip.icon(surface, "ai" if player.ai else "player", 18, DIM, midleft=(x, row))
    x += 22
    size_who = text.fit_size(player.name + " ...", max(60, room - 22), WHO_SIZES)
    shown = text.blit(surface, player.name, size_who, DIM, midleft=(x, row))
    x = shown.right + 2
    if player.thinking:
        dots = 1 + int(clock / THINKING_PERIOD * 3) % 3
        for dot in range(3):
            pygame.draw.circle(surface, ACCENT if dot < dots else DIM, (x + 6 + dot * 7, row + 3), 2)
        x += 28
    return x


def _draw_block(surface: pygame.Surface, rect: pygame.Rect, card: SeatCard, player: Player | None,
                painter: Painter, text: TextCache, clock: float) -> None:
    """A card of a two-column HUD: the seat's pieces, name and points, who plays it, and below them its
    ``chips`` and its ``more`` on a line each, as large as the card's width lets every picture stand whole."""
    _draw_frame(surface, rect, card, player, painter, rect.y + 4 + PORTRAIT // 2)
    left, right = rect.x + 18 + PORTRAIT, rect.right - 8
    if card.points:
        right = text.blit(surface, card.points, 18, ACCENT, bold=True, topright=(right, rect.y + 5)).x - 6
    name_size = text.fit_size(card.name, right - left, NAME_SIZES, bold=True)
    text.blit(surface, card.name, name_size, DIM if card.out else TEXT, bold=True, topleft=(left, rect.y + 5))
    if player is not None:
        _draw_who(surface, player, left, rect.y + 35, rect.right - 8 - left, text, clock)
    room = rect.width - 18
    for line, chips in enumerate((card.chips, card.more)):
        size = next((size for size in BLOCK_CHIPS if _chips_width(chips, text, size, CHIP_GAP) <= room),
                    BLOCK_CHIPS[-1])
        _draw_chips(surface, rect.x + 12, rect.y + 60 + 24 * line, _fitting(chips, card.tip, text, size, room),
                    painter, text, size, CHIP_GAP)
    if card.active:
        pygame.draw.rect(surface, ACCENT, rect, width=2, border_radius=8)


def _draw_card(surface: pygame.Surface, rect: pygame.Rect, card: SeatCard, player: Player | None,
               painter: Painter, text: TextCache, clock: float) -> None:
    _draw_frame(surface, rect, card, player, painter, rect.centery)
    left, right = rect.x + 20 + PORTRAIT, rect.right - 10
    # Beside the points the chips share the second line; otherwise they stand larger, in the card's middle,
    # and the name keeps to their left.
    size, centre = (CHIP - 4, rect.y + 33) if card.points else (CARD_CHIP, rect.centery)
    chips_x = right - _chips_width(card.chips, text, size, CHIP_GAP)
    if card.points:
        points = text.blit(surface, card.points, 20, ACCENT, bold=True, topright=(right, rect.y + 5))
        right = points.x - 8
    elif card.chips:
        right = chips_x - 8
    name_size = text.fit_size(card.name, right - left, NAME_SIZES, bold=True)
    text.blit(surface, card.name, name_size, DIM if card.out else TEXT, bold=True, topleft=(left, rect.y + 5))
    row = rect.y + 33  # the middle of the card's second line
    x = left
    if player is not None:
        x = _draw_who(surface, player, x, row, chips_x - 10 - x, text, clock) + 10
    _draw_chips(surface, max(x, chips_x), centre, card.chips, painter, text, size, CHIP_GAP)
    if card.active:
        pygame.draw.rect(surface, ACCENT, rect, width=2, border_radius=8)


def draw_picture(surface: pygame.Surface, painter: Painter, name: str, size: int,
                 midleft: tuple[int, int]) -> pygame.Rect:
    """The ``painter``'s picture ``name``, ``size`` high, its left middle at ``midleft``; returns where it went, so
    no word may run over it (``tests/test_text_fit.py``)."""
    image = painter.picture(name, size)
    return surface.blit(image, image.get_rect(midleft=midleft))


def _draw_link(surface: pygame.Surface, centre: tuple[int, int], link: Link) -> None:
    """The connection dot, bottom right of the portrait: green while the person is there, orange while away."""
    pygame.draw.circle(surface, CARD_FILL, centre, LINK_DOT + 2)
    pygame.draw.circle(surface, GOOD if link == "connected" else AWAY, centre, LINK_DOT)
    area = pygame.Rect(0, 0, 2 * LINK_DOT + 4, 2 * LINK_DOT + 4)
    area.center = centre
    tooltip.add(area, f"online.seat.{link}")


def _fitting(chips: tuple[Chip, ...], tip: Message, text: TextCache, size: int, room: int) -> tuple[Chip, ...]:
    """The chips if they fit ``room``, else the first that fit with a count of the others ("+3", whose tip is
    ``tip``, the card's): no picture is ever drawn outside its card."""
    if _chips_width(chips, text, size, CHIP_GAP) <= room:
        return chips
    for keep in range(len(chips) - 1, -1, -1):
        shown = (*chips[:keep], Chip("", tip, f"+{len(chips) - keep}"))
        if _chips_width(shown, text, size, CHIP_GAP) <= room:
            return shown
    return ()


def _chips_width(chips: tuple[Chip, ...], text: TextCache, size: int, gap: int) -> int:
    return sum(_picture_width(chip, size) + _count_width(chip, text) for chip in chips) + gap * max(0, len(chips) - 1)


def _picture_width(chip: Chip, size: int) -> int:
    if chip.picture.startswith("pips:"):
        return int(chip.picture.split(":")[2]) * PIP
    return size if chip.picture else 0


def _count_width(chip: Chip, text: TextCache) -> int:
    return text.font(COUNT_SIZE).size(chip.count)[0] + 2 if chip.count else 0


def _draw_chips(surface: pygame.Surface, x: int, centre_y: int, chips: tuple[Chip, ...], painter: Painter,
                text: TextCache, size: int, gap: int) -> None:
    """Chips from ``x`` rightwards, each a picture ``size`` high (none for a plain count), then its count."""
    for chip in chips:
        width = _picture_width(chip, size) + _count_width(chip, text)
        tooltip.add(pygame.Rect(x, centre_y - size // 2, width, size), chip.tip)
        if chip.picture.startswith("pips:"):
            _, left, total = chip.picture.split(":")
            for pip in range(int(total)):
                colour = PIP_ON if pip < int(left) else PIP_OFF
                pygame.draw.circle(surface, colour, (x + PIP // 2 + pip * PIP, centre_y), 5)
        elif chip.picture:
            draw_picture(surface, painter, chip.picture, size, (x, centre_y))
        if chip.count:
            text.blit(surface, chip.count, COUNT_SIZE, TEXT, midleft=(x + _picture_width(chip, size) + 2, centre_y + 1))
        x += width + gap
