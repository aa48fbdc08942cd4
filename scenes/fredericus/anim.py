"""The Fredericus board in motion: what the play scene shows after each action, built from the states before and
after it (see ``scenes/kit/animation.py``).

Raptors take off, fly an arc to their new post with flapping wings and land; a capture is a stoop onto the end
card, a burst of feathers, and the card carried off the board towards the captor's card in the side panel before
the raptor flies back; hooding hops
a raptor into the courtyard and drops the hood on its head (unhooding lifts it off); a moved card slides from row
end to row end; a flipped or tidied row sweeps its cards into their new places; tokens hop; objectives drawn fly
face down from the deck. Only public things move, so nothing secret (an objective's face, the deck's order) is
ever shown.

While an animation runs, the board leaves out the pieces it names in ``hides``: ``raptor:R`` (raptor R),
``card:ROW:INDEX`` (a card in the row of the new position), ``token:T`` (the T-th betting token of
``FredericusState.betting_tokens``) and ``caught:SEAT:KIND`` (one captured creature of that kind, still on its way to
its captor).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

import pygame
from pygame import Vector2

from game.fredericus.actions import CAPTURE, END, FLIP, HOOD, TIDY, raptor_kind, raptor_owner
from game.fredericus.cards import FREDERICUS
from game.fredericus.rules import new_places
from game.fredericus.state import FredericusState
from scenes.fredericus import draw
from scenes.fredericus import sprites as sp
from scenes.fredericus.layout import DECK_BACK, DECK_RECT, Layout
from scenes.fredericus.sprites import SPRITES
from scenes.kit.animation import Animation, Burst, ease_in_out, ease_out_back, ease_out_cubic
from scenes.kit.surface_cache import SurfaceCache

FLIGHT = 0.8  # seconds of animation time, at speed 1
DIVE, CARRY, RETURN = 0.35, 0.6, 0.45  # a capture: stoop onto the card, carry it home, fly back
HOP = 0.55
SLIDE = 0.55
SWEEP, SWEEP_CARD = 0.85, 0.5  # a whole row, and each of its cards
DRAW_DELAY, DRAW = 0.3, 0.6  # objectives drawn, after what earned them
FLY_HEIGHT = 26  # pixels a flying raptor rises above its shadow at the top of its arc
FLAP_RATE = 16  # wing-flap frames a second
FEATHERS = ((238, 228, 204), (78, 90, 116), (112, 100, 86), (250, 250, 246))
_shadows = SurfaceCache("shadows", 2)  # one soft ellipse per size


def raptor(number: int) -> str:
    return f"raptor:{number}"


def card(row: int, index: int) -> str:
    return f"card:{row}:{index}"


def token(index: int) -> str:
    return f"token:{index}"


def caught(seat: int, kind: int) -> str:
    return f"caught:{seat}:{kind}"


# --- what moves ---------------------------------------------------------------------------------------------------
def build(before: FredericusState, action: tuple[str, int, int], after: FredericusState,
          layouts: tuple[Layout, Layout], look: draw.Look) -> list[Animation]:
    """Every animation of one action, from the two positions and their layouts (before, after)."""
    kind, a, b = action
    old, new = layouts
    animations: list[Animation] = []
    animations += _raptors(before, action, after, layouts, look)
    if kind == "card":
        cards = before.row(a)
        source, target = old.rows[a], new.rows[b]
        end = len(after.row(b)) - 1
        top = len(cards) - 1
        animations.append(CardSlide(draw.card_image(look.text, cards[-1], source.size_at(top), look.shorts),
                                    draw.card_image(look.text, cards[-1], target.size_at(end), look.shorts),
                                    source.centre(top), target.centre(end), SLIDE,
                                    hides=[card(b, end)], sound="card_swish"))
    elif kind == "seal":
        row, cards = old.rows[a], before.row(a)
        image = draw.card_image(look.text, cards[-1], row.size_at(len(cards) - 1), look.shorts)
        animations.append(CardSlide(image, image, row.centre(len(cards) - 1),
                                    Vector2(DECK_RECT.x + 110, DECK_RECT.y + 30), SLIDE, fade=True,
                                    sound="card_swish"))
    elif kind in (FLIP, TIDY):
        animations.append(_sweep(before.row(a), kind, a, new, look))
    animations += _tokens(before, after, layouts, look, kind == CAPTURE)
    animations += _objectives(before, after, new, look)
    return animations


def _raptors(before: FredericusState, action: tuple[str, int, int], after: FredericusState,
             layouts: tuple[Layout, Layout], look: draw.Look) -> list[Animation]:
    kind, a, _ = action
    old, new = layouts
    animations: list[Animation] = []
    for number in before.raptors():
        (start, small_start), (end, small_end) = old.raptors[number], new.raptors[number]
        piece = Piece(number, look)
        if kind == CAPTURE and number == a:
            animations += _capture(before, number, layouts, piece)
        elif before.post_of(number) != after.post_of(number):
            animations.append(Flight(piece, start, end, small_start, small_end, FLIGHT, sound="wings"))
        elif before.is_hooded(number) != after.is_hooded(number):
            hooding = after.is_hooded(number)
            animations.append(RaptorHop(piece, start, end, small_start, small_end, HOP, hood=hooding,
                                        sound="click" if kind in (HOOD, END) else None))
        elif start != end or small_start != small_end:  # nudged aside by a raptor that came or went
            animations.append(RaptorHop(piece, start, end, small_start, small_end, HOP * 0.6, hooded=small_end))
    return animations


def _capture(before: FredericusState, number: int, layouts: tuple[Layout, Layout], piece: Piece) -> list[Animation]:
    """The stoop, the feathers, the creature carried off towards its captor's card, and the flight back."""
    old, new = layouts
    post, seat = before.post_of(number), raptor_owner(number)
    row, cards = old.rows[post], before.row(post)
    code = cards[-1]
    card_at = row.centre(len(cards) - 1)
    home = new.raptors[number][0]
    chip = new.hands[seat]
    carried = draw.card_image(piece.look.text, code, row.size_at(len(cards) - 1), piece.look.shorts)
    arriving = draw.card_image(piece.look.text, code, (20, 20), piece.look.shorts)
    return [
        Capture(piece, old.raptors[number][0], card_at, chip, carried, arriving, DIVE + CARRY,
                hides=[caught(seat, code)], sound="raptor_cry"),
        Burst((card_at.x, card_at.y), FEATHERS, count=16, speed=110, size=2.4, gravity=70, duration=0.6,
              delay=DIVE, seed=number * 31 + post, sound="capture"),
        Flight(piece, chip, home, False, False, RETURN, delay=DIVE + CARRY, from_air=True),
    ]


def _sweep(cards: Sequence[int], kind: str, row: int, layout: Layout, look: draw.Look) -> RowSweep:
    """R-6 turns the row end for end; R-9 moves its last three cards to its start."""
    count = len(cards)
    places = layout.rows[row]
    moves = []
    for index, (code, target) in enumerate(zip(cards, new_places(kind, count))):
        images = (draw.card_image(look.text, code, places.size_at(index), look.shorts),
                  draw.card_image(look.text, code, places.size_at(target), look.shorts))
        way = places.direction_at(index)  # a folded row: each card swings aside from its own leg
        moves.append(SweptCard(images, places.centre(index), places.centre(target), target, Vector2(-way.y, way.x)))
    return RowSweep(moves, SWEEP, hides=[card(row, index) for index in range(count)], sound="card_swish")


def _tokens(before: FredericusState, after: FredericusState, layouts: tuple[Layout, Layout], look: draw.Look,
            payout: bool) -> list[Animation]:
    """Each token whose place on screen changed hops there (after a capture, once the creature is caught)."""
    old, new = layouts
    tokens = before.betting_tokens()
    starts = old.token_centres(tokens)
    ends = new.token_centres(after.betting_tokens())
    return [TokenHop(tokens[index][0], start, end, look, HOP, delay=DIVE if payout else 0.0,
                     hides=[token(index)], sound="click")
            for index, (start, end) in enumerate(zip(starts, ends)) if start != end]


def _objectives(before: FredericusState, after: FredericusState, layout: Layout, look: draw.Look) -> list[Animation]:
    """Objectives drawn fly face down to their falconer (Fredericus face up: drawing it shows it, R-7.2);
    the deck keeper's discard flies face up to the discards, as it lies there for all to see."""
    animations: list[Animation] = []
    deck = Vector2(DECK_BACK.center)
    for seat in range(after.players):
        goal = layout.hands[seat]
        gained = after.objective_count(seat) - before.objective_count(seat)
        codes: list[int | None] = [None] * gained
        if after.fredericus_holder == seat != before.fredericus_holder:
            codes.append(FREDERICUS)
        for number, code in enumerate(codes):
            image = draw.card_image(look.text, code, sp.DECK_SIZE, look.shorts, objective=True)
            animations.append(CardSlide(image, image, deck, goal, DRAW, delay=DRAW_DELAY + 0.15 * number,
                                        shrink=True, sound="card_swish" if number == 0 else None))
    for number, code in enumerate(after.discarded_objectives()[len(before.discarded_objectives()):]):
        image = draw.card_image(look.text, code, sp.DECK_SIZE, look.shorts, objective=True)
        goal = Vector2(DECK_RECT.x + 110, DECK_RECT.y + 66)
        animations.append(CardSlide(image, image, deck, goal, DRAW, delay=DRAW_DELAY + 0.15 * number, shrink=True))
    return animations


# --- how it moves ----------------------------------------------------------------------------------------------------
class Piece:
    """A raptor as the animations draw it: perched (on its base, with its mark) or in flight."""

    def __init__(self, number: int, look: draw.Look) -> None:
        self.number, self.look = number, look
        self.sheet = raptor_kind(number)
        self.colour = look.colours[raptor_owner(number)]

    def perched(self, surface: pygame.Surface, centre: Vector2, small: bool, hooded: bool = False) -> None:
        draw.paint_raptor(surface, centre, self.number, hooded, small, self.look.colours,
                          self.look.marks[raptor_owner(self.number)], self.look.text)

    def flying(self, surface: pygame.Surface, centre: Vector2, heading: Vector2, frame: int) -> None:
        """A flight frame turned to ``heading`` (in steps of 15°, so each turned frame is made once)."""
        angle = round(math.degrees(math.atan2(-heading.y, heading.x)) / 15) * 15 % 360 if heading.length() else 0
        image = SPRITES.tinted(self.sheet, frame, self.colour, angle=angle)
        surface.blit(image, image.get_rect(center=(round(centre.x), round(centre.y))))

    def hood(self, surface: pygame.Surface, centre: Vector2, small: bool) -> None:
        image = SPRITES.tinted(self.sheet, sp.HOOD, self.colour, sp.SMALL if small else 1.0)
        surface.blit(image, image.get_rect(center=(round(centre.x), round(centre.y))))


def shadow(surface: pygame.Surface, centre: Vector2, width: int, height: int) -> None:
    """A soft dark ellipse under something in the air."""
    image = _shadows.get((width, height))
    if image is None:
        image = _shadows.put((width, height), pygame.Surface((width, height), pygame.SRCALPHA))
        pygame.draw.ellipse(image, (0, 0, 0, 70), image.get_rect())
    surface.blit(image, image.get_rect(center=(round(centre.x), round(centre.y))))


def flap(elapsed: float) -> int:
    return sp.FLAP[int(elapsed * FLAP_RATE) % len(sp.FLAP)]


class Flight(Animation):
    """A raptor flies from ``start`` to ``end``: a hop off its base, an arc with flapping wings over its shadow,
    and a landing; ``from_air`` starts it already flying (back from a capture)."""

    TAKE_OFF = 0.14  # the share of the time spent leaving or landing on a base

    def __init__(self, piece: Piece, start: Vector2, end: Vector2, small_start: bool, small_end: bool,
                 duration: float, delay: float = 0.0, sound: str | None = None, from_air: bool = False) -> None:
        super().__init__(duration, delay, hides=[raptor(piece.number)], sound=sound)
        self.piece, self.start, self.end = piece, Vector2(start), Vector2(end)
        self.small_start, self.small_end, self.from_air = small_start, small_end, from_air

    def ground(self, amount: float) -> Vector2:
        """Where the raptor's shadow is at ``amount`` of the way."""
        return self.start.lerp(self.end, ease_in_out(amount))

    def position(self, amount: float) -> Vector2:
        """Where the raptor is drawn at ``amount`` of the way: above its shadow."""
        return self.ground(amount) - Vector2(0, FLY_HEIGHT * math.sin(math.pi * amount))

    def draw(self, surface: pygame.Surface) -> None:
        amount = self.progress
        if amount >= 1 - self.TAKE_OFF:
            self.piece.perched(surface, self.position(amount), self.small_end)
            return
        if amount <= self.TAKE_OFF and not self.from_air:
            self.piece.perched(surface, self.position(amount), self.small_start)
            return
        shadow(surface, self.ground(amount) + Vector2(0, 10), 18, 7)
        heading = self.position(min(1.0, amount + 0.02)) - self.position(max(0.0, amount - 0.02))
        self.piece.flying(surface, self.position(amount), heading, flap(self.elapsed - self.delay))


class Capture(Animation):
    """The stoop onto the end card, then the card carried, shrinking to a chip, off towards its captor."""

    def __init__(self, piece: Piece, post: Vector2, card_at: Vector2, hand: Vector2, carried: pygame.Surface,
                 arriving: pygame.Surface, duration: float, hides: Sequence[str], sound: str | None) -> None:
        super().__init__(duration, hides=[raptor(piece.number), *hides], sound=sound)
        self.piece, self.post, self.card_at, self.hand = piece, Vector2(post), Vector2(card_at), Vector2(hand)
        self.carried, self.arriving = carried, arriving
        self.grab = DIVE / duration  # the share of the time spent diving

    def position(self, amount: float) -> Vector2:
        """The raptor: rising off its post and stooping ever faster onto the card, then flying off with it."""
        if amount <= self.grab:
            share = amount / self.grab
            return self.post.lerp(self.card_at, share * share) - Vector2(0, FLY_HEIGHT * math.sin(math.pi * share))
        share = (amount - self.grab) / (1 - self.grab)
        return self.card_at.lerp(self.hand, ease_in_out(share)) - Vector2(0, FLY_HEIGHT * math.sin(math.pi * share))

    def draw(self, surface: pygame.Surface) -> None:
        amount = self.progress
        here = self.position(amount)
        if amount <= self.grab:
            surface.blit(self.carried, self.carried.get_rect(center=(round(self.card_at.x), round(self.card_at.y))))
            self.piece.flying(surface, here, self.card_at - self.post, sp.STOOP)
            return
        share = (amount - self.grab) / (1 - self.grab)
        image = self.carried if share < 0.6 else self.arriving
        shadow(surface, self.card_at.lerp(self.hand, ease_in_out(share)) + Vector2(0, 12), 20, 8)
        surface.blit(image, image.get_rect(midtop=(round(here.x), round(here.y) + 4)))
        heading = self.position(min(1.0, amount + 0.02)) - self.position(amount - 0.02)
        self.piece.flying(surface, here, heading, flap(self.elapsed))


class RaptorHop(Animation):
    """A raptor hops on its base from one place to another: into its courtyard segment while the hood drops
    onto its head (``hood=True``), back to its post as the hood is lifted off (``hood=False``), or aside."""

    def __init__(self, piece: Piece, start: Vector2, end: Vector2, small_start: bool, small_end: bool,
                 duration: float, hood: bool | None = None, hooded: bool = False, sound: str | None = None) -> None:
        super().__init__(duration, hides=[raptor(piece.number)], sound=sound)
        self.piece, self.start, self.end = piece, Vector2(start), Vector2(end)
        self.small_start, self.small_end, self.hood_on, self.hooded = small_start, small_end, hood, hooded

    def position(self, amount: float) -> Vector2:
        lift = 12 * math.sin(math.pi * amount)
        return self.start.lerp(self.end, ease_in_out(amount)) - Vector2(0, lift)

    def draw(self, surface: pygame.Surface) -> None:
        amount = self.progress
        small = self.small_start if amount < 0.5 else self.small_end
        here = self.position(amount)
        if self.hood_on is None:
            self.piece.perched(surface, here, small, self.hooded)
            return
        self.piece.perched(surface, here, small)
        drop = ease_out_cubic(min(1.0, max(0.0, amount * 2 - 0.8))) if self.hood_on else 1 - ease_in_out(amount)
        self.piece.hood(surface, here - Vector2(0, 18 * (1 - drop)), small)


class CardSlide(Animation):
    """A card lifted from ``start`` and laid at ``end``, taking the second picture's size half-way; ``fade``
    lets it vanish at the end (a discarded seal), ``shrink`` makes it a chip as it arrives (an objective)."""

    def __init__(self, image: pygame.Surface, end_image: pygame.Surface, start: Vector2, end: Vector2,
                 duration: float, delay: float = 0.0, hides: Sequence[str] = (), sound: str | None = None,
                 fade: bool = False, shrink: bool = False) -> None:
        super().__init__(duration, delay, hides=hides, sound=sound)
        self.image, self.end_image, self.start, self.end = image, end_image, Vector2(start), Vector2(end)
        self.fade, self.shrink = fade, shrink
        self._small = pygame.transform.smoothscale(end_image, (20, round(20 * end_image.get_height()
                                                                         / end_image.get_width()))) if shrink else None

    def position(self, amount: float) -> Vector2:
        return self.start.lerp(self.end, ease_in_out(amount))

    def draw(self, surface: pygame.Surface) -> None:
        amount = self.progress
        image = self.image if amount < 0.5 else self.end_image
        if self._small is not None and amount > 0.7:
            image = self._small
        lift = 8 * math.sin(math.pi * amount)
        ground = self.position(amount)
        shadow(surface, ground + Vector2(2, 3), image.get_width(), max(6, image.get_height() // 2))
        if self.fade:
            image = image.copy()
            image.set_alpha(round(255 * min(1.0, 2.5 * (1 - amount))))
        surface.blit(image, image.get_rect(center=(round(ground.x), round(ground.y - lift))))


class SweptCard(NamedTuple):
    """One card of a row sweep: its picture where it starts and where it ends (a folded row's legs lay their
    cards different ways), its places, its new index (``place``) and the way it swings aside."""

    images: tuple[pygame.Surface, pygame.Surface]
    start: Vector2
    end: Vector2
    place: int
    side: Vector2


class RowSweep(Animation):
    """A row's cards, each lifted and swept to its new place one after the other from the castle outward."""

    def __init__(self, moves: Sequence[SweptCard], duration: float, hides: Sequence[str], sound: str | None) -> None:
        super().__init__(duration, hides=hides, sound=sound)
        self.moves = list(moves)
        self.card_share = min(1.0, SWEEP_CARD / duration)

    def card_progress(self, index: int) -> float:
        """How far card ``index`` (of the old row) has gone: each starts a little after the one before."""
        stagger = (1 - self.card_share) * index / max(1, len(self.moves) - 1)
        return min(1.0, max(0.0, (self.progress - stagger) / self.card_share))

    def draw(self, surface: pygame.Surface) -> None:
        order = sorted(range(len(self.moves)), key=lambda index: (self.card_progress(index) > 0,
                                                                  self.moves[index].place))
        for index in order:
            images, start, end, _, side = self.moves[index]
            amount = self.card_progress(index)
            swing = side * (14 * math.sin(math.pi * amount))
            here = start + (end - start) * ease_out_back(amount, 0.8) + swing  # overshoots, then settles
            image = images[amount >= 0.5]  # turned half way, where it leaves one leg for another
            surface.blit(image, image.get_rect(center=(round(here.x), round(here.y))))


class TokenHop(Animation):
    """A betting token hops from one place to another over its shadow."""

    def __init__(self, seat: int, start: Vector2, end: Vector2, look: draw.Look, duration: float, delay: float,
                 hides: Sequence[str], sound: str | None) -> None:
        super().__init__(duration, delay, hides=hides, sound=sound)
        self.seat, self.start, self.end, self.look = seat, Vector2(start), Vector2(end), look
        self.rise = min(40.0, 8 + self.start.distance_to(self.end) * 0.3)

    def position(self, amount: float) -> Vector2:
        return self.start.lerp(self.end, ease_in_out(amount)) - Vector2(0, self.rise * math.sin(math.pi * amount))

    def draw(self, surface: pygame.Surface) -> None:
        amount = self.progress
        shadow(surface, self.start.lerp(self.end, ease_in_out(amount)) + Vector2(0, 3), 14, 6)
        look = self.look
        draw.paint_token(surface, self.position(amount), self.seat, look.colours, look.marks[self.seat], look.text)
