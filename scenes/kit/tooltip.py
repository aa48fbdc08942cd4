"""Tooltips: a small framed explanation of an icon, shown when the pointer has rested on it for a moment, or
when its row or button has the keyboard's or a gamepad's focus; none at all with the hints setting off.

Drawing code registers every icon as it draws it. ``icon`` and ``emblem`` draw the menus' art and register its
tip in one call, so no icon is drawn without one; ``add`` registers anything else (a token, a tile in hand).
Before each scene is drawn the scene stack forgets the tips drawn so far, since a scene drawn over them
covers them: only the top scene's icons answer, as only it gets input. The app draws the one tip due, last
in the frame. A picture kept in a cache (the play scene's board) records its tips once with ``recording`` and
gives them again every frame it is shown with ``replay``. A frame costs a walk over a few dozen rectangles;
the tip's text, wrapping and frame come from the caches of ``scenes.kit.ui`` and ``scenes.kit.ui_art``.

    tooltip.icon(surface, "undo", 24, TEXT, topleft=(x, y))       # the tip "tips.icon.undo"
    tooltip.emblem(surface, "funghi", 36, center=(x, y))           # the tip "tips.emblem.funghi"
    tooltip.add(rect, Message.of("tips.falconi.boosts", left=1, total=2))

Tips are ``Message``s of the catalogs (``assets/i18n/<language>/tips.json``), put into words only when shown.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.core.message import Message
from scenes.kit import input as inp
from scenes.kit import ui_art
from scenes.kit.colours import TEXT

if TYPE_CHECKING:
    from scenes.context import AppContext

DELAY = 0.4  # seconds the pointer rests on an icon, or the focus on a row, before its tip shows
# A tip's lines wrap at the first of these widths at which it covers no other control: too tall to fit between
# two rows, it goes wider in fewer lines; too wide to stand beside a wide row, narrower in more.
WIDTHS = (320, 480, 280, 220)
SIZE = 22  # its font size
PAD = 10  # between its frame and its text
GAP = 6  # between a tip and what it must not cover
AWAY = 160  # how much further from what it explains a tip may go to leave another control clear
EDGE = 4  # between a tip and the screen's edge
FAR, STEP = 640, 16  # how far a tip may go from what it explains where no side of it is clear, on what grid
REMEMBERED = 32  # such places kept, by what the tip must keep clear of
LEADING = 3  # between two lines of a tip
CURSOR = (14, 22)  # the room the mouse pointer's arrow takes below and right of its tip
PASSIVE = frozenset({inp.PAD_ADDED, inp.PAD_REMOVED})  # a pad plugged in or out moves nothing


@dataclass(frozen=True)
class Tip:
    """An icon's explanation: ``area`` is where the pointer finds it; ``focus``, set on the tip of the row or
    button that has the focus, is what the tip stands beside then; ``picture`` names the art drawn there
    (``icon:undo``, ``emblem:funghi``; "" for a tip on something else), so tests can match icons to tips."""

    area: pygame.Rect
    message: Message
    focus: pygame.Rect | None = None
    picture: str = ""


@dataclass(frozen=True)
class Shown:
    """The tip the last frame showed: where, in which words, for what, what it stands beside (the focused row, or
    its icon with the pointer's arrow: the places holding that are its own), and the other controls it covers
    (none wherever the screen has room)."""

    rect: pygame.Rect
    words: str
    tip: Tip
    beside: pygame.Rect
    covers: tuple[pygame.Rect, ...] = ()


class Tooltips:
    """The tips of the frame being drawn, the cached drawings' tips, and which tip is due and for how long."""

    def __init__(self) -> None:
        self.tips: list[Tip] = []
        self.controls: list[pygame.Rect] = []  # buttons and rows on screen: a tip covers none of them if it can
        self.words: list[pygame.Rect] = []  # the texts on screen: nor these (a page's title, a status line)
        self._groups: dict[str, list[Tip]] = {}
        self._group_words: dict[str, list[pygame.Rect]] = {}
        self._recording: list[Tip] | None = None
        self._recording_words: list[pygame.Rect] | None = None
        self.pointer: tuple[int, int] | None = None
        self.mode: str | None = None  # "pointer" or "focus": which of them chooses the tip; None before any input
        self._waiting: Message | None = None  # the tip the pointer or the focus rests on
        self._waited = 0.0
        self.shown: Shown | None = None

    def add(self, tip: Tip) -> None:
        (self._recording if self._recording is not None else self.tips).append(tip)

    def clear(self) -> None:
        """Everything drawn so far is covered: its tips no longer answer."""
        self.tips.clear()
        self.controls.clear()
        self.words.clear()

    @contextmanager
    def recording(self, name: str) -> Iterator[None]:
        """The tips added inside go into group ``name`` (replacing it) rather than into the frame."""
        group: list[Tip] = []
        words: list[pygame.Rect] = []
        self._recording, self._recording_words = group, words
        try:
            yield
        finally:
            self._recording, self._recording_words = None, None
            self._groups[name], self._group_words[name] = group, words

    def replay(self, name: str) -> None:
        """The tips of group ``name`` answer in this frame: its cached picture is on screen."""
        self.tips.extend(self._groups.get(name, ()))
        self.words.extend(self._group_words.get(name, ()))

    def add_words(self, area: pygame.Rect, picture: bool) -> None:
        """A text drawn on screen, or (``picture``) on a window-sized cached picture being recorded."""
        if picture:
            if self._recording_words is not None:
                self._recording_words.append(area)
        else:
            self.words.append(area)

    def notice(self, intent: inp.Intent) -> None:
        """Follow the player's input: the pointer's place, or the focus once a key or button is pressed. A click
        (or the wheel) puts the tip away until the pointer rests again."""
        if intent.kind in PASSIVE:
            return
        if intent.pos is not None:
            self.pointer = intent.pos
            if self.mode != "pointer" or intent.kind != inp.POINT:
                self._waiting = None
            self.mode = "pointer"
        else:
            if self.mode != "focus":
                self._waiting = None
            self.mode = "focus"

    def pointer_left(self) -> None:
        """The pointer left the window: nothing is under it any more, so a pointer's tip goes."""
        if self.mode == "pointer":
            self.pointer, self._waiting = None, None

    def due(self) -> Tip | None:
        """The tip under the pointer, or the focused item's tip; the last drawn wins (it is on top, or it
        says the most: a pizza's difficulty is drawn after its emblem)."""
        if self.mode == "pointer" and self.pointer is not None:
            return next((tip for tip in reversed(self.tips) if tip.area.collidepoint(self.pointer)), None)
        if self.mode == "focus":
            return next((tip for tip in reversed(self.tips) if tip.focus is not None), None)
        return None

    def draw(self, surface: pygame.Surface, dt: float, context: AppContext) -> None:
        """Show the due tip once it has been due for ``DELAY`` seconds (never with the hints setting off)."""
        self.shown = None
        tip = self.due() if context.settings.hints else None
        if tip is None or tip.message != self._waiting:
            self._waiting, self._waited = (None if tip is None else tip.message), 0.0
            return
        self._waited += dt
        if self._waited >= DELAY:
            self.shown = self.show(surface, tip, context)

    def next_change_in(self) -> float | None:
        """Seconds of drawn frames until the tip waited for shows (``None``: none is waited for), so a window at
        rest wakes to show it."""
        if self._waiting is None or self.shown is not None:
            return None
        return max(0.0, DELAY - self._waited)

    def show(self, surface: pygame.Surface, tip: Tip, context: AppContext) -> Shown:
        """Draw ``tip`` now, beside the focus or the pointer as ``mode`` says (``draw``, once it is due; and the
        test that every tip fits, for each tip of a screen)."""
        text = context.text
        words = context.tr.message(tip.message)
        line = text.font(SIZE).get_linesize() + LEADING
        bounds = surface.get_rect().inflate(-2 * EDGE, -2 * EDGE)
        if self.mode == "focus" and tip.focus is not None:
            avoid, beside = tip.focus, None
        else:
            assert self.pointer is not None
            avoid, beside = tip.area.union(pygame.Rect(self.pointer, CURSOR)), False
        # the row of the icon pointed at, and its words: a tip may cover them where nothing else is clear; but
        # not the words the pointer's arrow merely reaches down to
        target = avoid if self.mode == "focus" and tip.focus is not None else tip.area
        own = [place for place in self.controls if place.colliderect(target)]
        own += [words for words in self.words if target.collidepoint(words.center)]
        others = [place for place in self.controls + self.words if place not in own]
        tried = []
        for width in WIDTHS:  # the first shape of the tip that stands clear of every other control
            lines = text.wrap(words, width, SIZE)
            size = (max(text.render(part, SIZE).get_width() for part in lines) + 2 * PAD,
                    len(lines) * line - LEADING + 2 * PAD)
            rect = place(size, avoid, bounds, beside, others, own)
            tried.append((covered(rect, others), rect, lines))
            if not tried[-1][0]:
                break
        else:  # no shape of it stands clear beside what it explains: a little further off, in the first that can
            for _, shaped, lines in list(tried):
                clear = further(shaped.size, avoid, bounds, others)
                if clear is not None:
                    tried.append((0, clear, lines))
                    break
        _, rect, lines = min(tried, key=lambda shape: shape[0])  # else the one covering least
        covers = tuple(other for other in others if other.colliderect(rect))
        ui_art.draw_panel(surface, rect)
        for number, part in enumerate(lines):
            text.blit(surface, part, SIZE, TEXT, topleft=(rect.x + PAD, rect.y + PAD + number * line))
        return Shown(rect, words, tip, avoid, covers)


def place(size: tuple[int, int], avoid: pygame.Rect, bounds: pygame.Rect, beside: bool | None = None,
          others: Sequence[pygame.Rect] = (), own: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """Where a tip of ``size`` goes: inside ``bounds`` and clear of ``avoid``, below it (then above, right,
    left), or beside a wide row first (``beside`` None: decided by the shape of ``avoid``), so a focused row's
    tip covers no other row. Of those places, the first that covers none of the ``others`` (the other controls
    on screen), else the one covering least of them; of equals, the one covering least of ``own`` (the row whose
    icon the pointer rests on: its label stays readable), then the one moved least. On each side the tip sits
    centred on ``avoid``, or moved just clear of a control it would cover there (see ``_along``). If no side has
    room, the tip goes below, pushed on screen."""
    if beside is None:
        beside = avoid.width >= 300 and avoid.width >= 3 * avoid.height
    sides = ("right", "left", "below", "above") if beside else ("below", "above", "right", "left")
    fitting = [(moved, rect) for side in sides for moved, rect in _along(side, size, avoid, bounds, others)
               if bounds.contains(rect) and not rect.colliderect(avoid)]
    if fitting:  # min keeps the first of equals: the order of the sides decides ties
        return min(fitting, key=lambda place: (covered(place[1], others), covered(place[1], own), place[0]))[1]
    rect = pygame.Rect((0, 0), size)
    rect.midtop = (avoid.centerx, avoid.bottom + GAP)
    return rect.clamp(bounds)


def further(size: tuple[int, int], avoid: pygame.Rect, bounds: pygame.Rect,
            others: Sequence[pygame.Rect]) -> pygame.Rect | None:
    """The place for a tip of ``size`` nearest ``avoid`` (within ``FAR`` pixels of it, on a grid of ``STEP``) that
    covers none of the ``others`` nor ``avoid``, or ``None``: where every side of a crowded board or panel
    covers something. Remembered, as a tip is drawn every frame it shows."""
    key = (size, tuple(avoid), tuple(bounds), tuple(map(tuple, others)))
    if key in _FURTHER:
        return _FURTHER[key]
    width, height = size
    region = avoid.inflate(2 * FAR, 2 * FAR).clip(bounds)
    near = [other for other in others if other.colliderect(region)] + [avoid]
    spots = [pygame.Rect(x, y, width, height) for x in range(region.left, region.right - width + 1, STEP)
             for y in range(region.top, region.bottom - height + 1, STEP)]
    spots.sort(key=lambda rect: max(avoid.left - rect.right, rect.left - avoid.right, 0)
               + max(avoid.top - rect.bottom, rect.top - avoid.bottom, 0))
    found = next((rect for rect in spots if rect.collidelist(near) < 0), None)
    if len(_FURTHER) >= REMEMBERED:
        del _FURTHER[next(iter(_FURTHER))]
    _FURTHER[key] = found
    return found


_FURTHER: dict[tuple[object, ...], pygame.Rect | None] = {}


def covered(rect: pygame.Rect, others: Sequence[pygame.Rect]) -> int:
    """How many pixels of the ``others`` a tip at ``rect`` covers."""
    return sum(rect.clip(other).width * rect.clip(other).height for other in others)


def _along(side: str, size: tuple[int, int], avoid: pygame.Rect, bounds: pygame.Rect,
           others: Sequence[pygame.Rect]) -> Iterator[tuple[int, pygame.Rect]]:
    """The places for a tip on one ``side`` of ``avoid``, each with how far it was moved: centred on it (pushed
    inside ``bounds``), then moved a pixel past each control that place covers, along ``avoid`` wherever the tip
    still faces it, or up to ``AWAY`` pixels further from it (rows leave little room)."""
    width, height = size
    centred = pygame.Rect(0, 0, width, height)
    if side in ("below", "above"):
        centred.centerx = avoid.centerx
        centred.y = avoid.bottom + GAP if side == "below" else avoid.top - GAP - height
        centred.x = min(max(centred.x, bounds.x), bounds.right - width)
    else:
        centred.centery = avoid.centery
        centred.x = avoid.right + GAP if side == "right" else avoid.left - GAP - width
        centred.y = min(max(centred.y, bounds.y), bounds.bottom - height)
    yield 0, centred
    for other in others:
        if not centred.colliderect(other):
            continue
        if side in ("below", "above"):
            along = [other.right + 1 - centred.x, other.left - 1 - centred.right]
            yield from ((abs(dx), rect) for dx in along
                        if ((rect := centred.move(dx, 0)).left < avoid.right and rect.right > avoid.left)
                        or abs(dx) <= AWAY)
            away = other.bottom + 1 - centred.top if side == "below" else other.top - 1 - centred.bottom
            if 0 < abs(away) <= AWAY:
                yield abs(away), centred.move(0, away)
        else:
            along = [other.bottom + 1 - centred.y, other.top - 1 - centred.bottom]
            yield from ((abs(dy), rect) for dy in along
                        if ((rect := centred.move(0, dy)).top < avoid.bottom and rect.bottom > avoid.top)
                        or abs(dy) <= AWAY)
            away = other.right + 1 - centred.left if side == "right" else other.left - 1 - centred.right
            if 0 < abs(away) <= AWAY:
                yield abs(away), centred.move(away, 0)


def control(area: pygame.Rect, what: str = "control") -> None:
    """Register a place drawn this frame that the player must still see: a button or a row, or ``what`` else (a
    "target" on the board, a "piece", a "seat card", the "prompt" line). Tips are placed clear of it where they
    can be, and the layout check fails when a tip, banner or message covers it (``devtools/layout/``)."""
    _TIPS.controls.append(area)


def words(area: pygame.Rect, picture: bool = False) -> None:
    """Register a text drawn on screen this frame, or into the window-sized picture being recorded (the board's,
    ``picture``): tips are placed clear of it where they can."""
    _TIPS.add_words(area, picture)


_TIPS = Tooltips()


def reset() -> None:
    """Start afresh: a new window has drawn nothing and seen no input."""
    global _TIPS
    _TIPS = Tooltips()


def tips() -> Tooltips:
    """The registry the scenes draw into (tests read what it holds and what it showed)."""
    return _TIPS


def add(area: pygame.Rect, tip: str | Message, focus: pygame.Rect | None = None, picture: str = "") -> None:
    """Register a tip over ``area``: a catalog key, or a ``Message`` with fields. ``focus``: the row or button
    this belongs to, when it has the focus."""
    message = tip if isinstance(tip, Message) else Message(tip)
    _TIPS.add(Tip(pygame.Rect(area), message, None if focus is None else pygame.Rect(focus), picture))


def icon(surface: pygame.Surface, name: str, size: int, colour: ui_art.Colour | None = None, tip: str | Message = "",
         area: pygame.Rect | None = None, focus: pygame.Rect | None = None, **anchor: tuple[int, int]) -> pygame.Rect:
    """Draw icon ``name`` of ``scenes.kit.ui_art`` placed by one rect anchor, and register its tip (by default
    ``tips.icon.<name>``) over ``area`` (by default the icon itself). Returns where it was drawn."""
    image = ui_art.icon(name, size, colour)
    rect = image.get_rect(**anchor)
    surface.blit(image, rect)
    add(area or rect, tip or f"tips.icon.{name}", focus, f"icon:{name}")
    return rect


def emblem(surface: pygame.Surface, name: str, size: int, tip: str | Message = "", tint: ui_art.Colour | None = None,
           focus: pygame.Rect | None = None, **anchor: tuple[int, int]) -> pygame.Rect:
    """Draw emblem ``name`` of ``scenes.kit.ui_art`` placed by one rect anchor, and register its tip (by default
    ``tips.emblem.<name>``). Returns where it was drawn."""
    image = ui_art.emblem(name, size, tint)
    rect = image.get_rect(**anchor)
    surface.blit(image, rect)
    add(rect, tip or f"tips.emblem.{name}", focus, f"emblem:{name}")
    return rect


def clear() -> None:
    """The scene about to be drawn covers everything drawn before it (called by the scene stack)."""
    _TIPS.clear()


def recording(name: str) -> AbstractContextManager[None]:
    """``with tooltip.recording("board"):`` around drawing into a cached picture."""
    return _TIPS.recording(name)


def replay(name: str) -> None:
    """The cached picture of group ``name`` is on screen this frame: its tips answer."""
    _TIPS.replay(name)


def notice(intent: inp.Intent) -> None:
    """The app hands every intent here before the scenes get it."""
    _TIPS.notice(intent)


def pointer_left() -> None:
    """The app tells when the pointer leaves the window."""
    _TIPS.pointer_left()


def draw(surface: pygame.Surface, dt: float, context: AppContext) -> None:
    """The due tip, over everything (called by the app at the end of each frame it draws; ``dt``: the seconds
    since the last)."""
    _TIPS.draw(surface, dt, context)


def next_change_in() -> float | None:
    """Seconds, counted from the last frame drawn, until a tip waited for shows (the app wakes for it)."""
    return _TIPS.next_change_in()
