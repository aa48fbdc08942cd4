"""Widgets and drawing helpers shared by the scenes: colours, cached text, panels, and the menu list that
keyboard, mouse and gamepad all drive the same way."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.core.text import drawable
from scenes.kit import input as inp
from scenes.kit import tooltip, ui_art
from scenes.kit.colours import (  # the palette, re-exported: the pages and boards import it from here
    ACCENT as ACCENT,
)
from scenes.kit.colours import (
    BACKGROUND as BACKGROUND,
)
from scenes.kit.colours import (
    DANGER as DANGER,
)
from scenes.kit.colours import (
    DIM as DIM,
)
from scenes.kit.colours import (
    FOCUS as FOCUS,
)
from scenes.kit.colours import (
    GOOD as GOOD,
)
from scenes.kit.colours import (
    PANEL as PANEL,
)
from scenes.kit.colours import (
    PANEL_EDGE as PANEL_EDGE,
)
from scenes.kit.colours import (
    SHADE as SHADE,
)
from scenes.kit.colours import (
    SHADOW as SHADOW,
)
from scenes.kit.colours import (
    TEXT as TEXT,
)
from scenes.kit.stack import Transition
from scenes.kit.surface_cache import SurfaceCache

LOGICAL_SIZE = (1280, 720)


# Rendered texts kept: some hundreds are on screen at once (a full game log, a rules page), about 5 MB; this
# leaves room to go back and forth between screens without rendering again.
TEXT_BUDGET_MB = 16
MAX_WRAPPED = 2000


LINE_LIMIT = 400  # characters drawn on one line: wider than any window, and far from the renderer's limits
WRAP_LIMIT = 20_000  # characters of a wrapped text: the longest rules page holds under 7,000; past it, cut


class TextCache:
    """Rendered text, made once per (text, size, colour, bold): rendering text every frame is slow. The
    least recently used texts are dropped beyond a budget (see :mod:`scenes.kit.surface_cache`): a long game log
    must not grow the cache for ever."""

    def __init__(self) -> None:
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._surfaces = SurfaceCache("text", TEXT_BUDGET_MB)
        self._wrapped: OrderedDict[tuple[str, int, int, bool], list[str]] = OrderedDict()

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (size, bold)
        if key not in self._fonts:
            font = pygame.font.Font(None, size)
            font.set_bold(bold)
            self._fonts[key] = font
        return self._fonts[key]

    def render(self, text: str, size: int = 28, colour: tuple[int, ...] = TEXT, bold: bool = False) -> pygame.Surface:
        key = (text, size, tuple(colour), bold)  # looked up first: drawn every frame, a hit makes nothing new
        surface = self._surfaces.get(key)
        if surface is None:
            line = drawable(text, LINE_LIMIT).replace("\n", " ")
            surface = self._surfaces.put(key, self.font(size, bold).render(line, True, colour))
        return surface

    def fit_size(self, text: str, room: int, sizes: tuple[int, ...], bold: bool = False) -> int:
        """The largest of ``sizes`` (largest first) at which ``text`` is at most ``room`` pixels wide; the smallest
        if none is: a label in a box of fixed width, in a language whose words are long."""
        return next((size for size in sizes if self.render(text, size, TEXT, bold).get_width() <= room), sizes[-1])

    def wrap(self, text: str, width: int, size: int = 26, bold: bool = False, most: int | None = None) -> list[str]:
        """Split ``text`` into lines no wider than ``width`` pixels (at ``size``, bold or not: bold is wider);
        remembered, since measuring every word of a long text each frame costs milliseconds. ``most``: the
        first that many lines only, where a box has no room for more (the test that every language fits
        hears of a text so cut)."""
        key = (text, width, size, bold)
        lines = self._wrapped.get(key)
        if lines is None:
            lines = self._wrapped[key] = self._wrap(text, width, size, bold)
            if len(self._wrapped) > MAX_WRAPPED:
                self._wrapped.popitem(last=False)
        else:
            self._wrapped.move_to_end(key)
        if most is not None and most < len(lines):
            return lines[:most]
        return lines

    def _wrap(self, text: str, width: int, size: int, bold: bool) -> list[str]:
        font = self.font(size, bold)
        lines: list[str] = []
        for paragraph in drawable(text, WRAP_LIMIT).split("\n"):
            line = ""
            for word in unbreakable(paragraph):
                candidate = f"{line} {word}" if line else word
                if font.size(candidate)[0] <= width or not line:
                    line = candidate
                else:
                    lines.append(line)
                    line = word
            lines.append(line)
        return lines

    def blit(self, surface: pygame.Surface, text: str, size: int = 28, colour: tuple[int, ...] = TEXT,
             bold: bool = False, shadow: int = 0, **anchor: tuple[int, int]) -> pygame.Rect:
        """Draw ``text`` placed by one rect anchor, e.g. ``midtop=(640, 40)``; ``shadow``: a dark copy that many
        pixels down and right first, so a title reads over a picture."""
        image = self.render(text, size, colour, bold)
        rect = image.get_rect(**anchor)
        if shadow:
            surface.blit(self.render(text, size, SHADOW, bold), rect.move(shadow, shadow))
        surface.blit(image, rect)
        screen = pygame.display.get_surface()
        if surface is screen:
            tooltip.words(rect)  # a tip stands clear of the words on screen where it can
        elif screen is not None and surface.get_size() == screen.get_size():
            tooltip.words(rect, picture=True)  # the board's picture, shown where it was drawn
        return rect


# Punctuation a line may not begin with (French sets "!", "?", ":", ";" and "»" off by a space) and may not end
# with ("«", an opening bracket): a word made only of these keeps to its neighbour.
CLOSING = frozenset("!?:;.,\u2026)]}\u00bb\u203a%")
OPENING = frozenset("([{\u00ab\u2039\u00bf\u00a1\u201e")


def unbreakable(paragraph: str) -> list[str]:
    """``paragraph``'s words, split at its spaces, with punctuation set off by a space kept to its word, and a
    number kept with the word it counts: "gagné !", "« Oui »" and "2 giocatori" are one piece each, which a line
    never breaks."""
    pieces: list[str] = []
    glue = False  # the last piece ended with an opening mark or was a number: the next word joins it
    for word in paragraph.split(" "):
        if pieces and (glue or (word and set(word) <= CLOSING)):
            pieces[-1] = f"{pieces[-1]} {word}"
        else:
            pieces.append(word)
        glue = bool(word) and (set(word) <= OPENING or word.isdigit())
    return pieces


def panel(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A box: the framed panel of the menus' art."""
    ui_art.draw_panel(surface, rect)


_VEILS: dict[tuple[int, int], pygame.Surface] = {}


def draw_scroll_bar(surface: pygame.Surface, track: pygame.Rect, shown: int, count: int, first: int) -> None:
    """Where the ``shown`` lines from ``first`` sit among all ``count``, so a player knows there is more;
    nothing when everything fits."""
    if count <= shown:
        return
    pygame.draw.rect(surface, PANEL_EDGE, track, border_radius=3)
    height = max(20, track.height * shown // count)
    y = track.y + (track.height - height) * first // (count - shown)
    pygame.draw.rect(surface, DIM, (track.x, y, track.width, height), border_radius=3)


def shade(surface: pygame.Surface) -> None:
    """Darken everything drawn so far, so an overlay stands out."""
    size = surface.get_size()
    veil = _VEILS.get(size)
    if veil is None:
        veil = _VEILS[size] = pygame.Surface(size, pygame.SRCALPHA)
        veil.fill(SHADE)
    surface.blit(veil, (0, 0))


CHOICE_SIZE = 28  # the font size of a choice's label and value
LABEL_SIZES = (30, 27, 24, 21)  # a button's label: the first size at which it fits its row
CHOICE_SIZES = (CHOICE_SIZE, 25, 22, 19)  # a choice's label, the first size at which it fits beside the value
LABEL_PAD = 16  # between a row's edge and its text
ARROW_ROOM = 34  # the room of the "<" and ">" either side of a choice's value
ICON = 28  # an item's icon, left of its label (or of a choice's value)
ICON_GAP = 10  # between an icon and its text
CARET_ROOM = 12  # a text row's value box is this much wider: the caret after the text stays clear of ">"
NOTE_SIZE, NOTE_LINE, NOTE_GAP = 26, 28, 24  # the focused item's note: font size, line height, gap above it


@dataclass
class MenuItem:
    """A line of a menu: a button (``action``) or a choice among ``choices`` (left/right or a click cycles)."""

    label: str
    action: Callable[[], Transition | None] | None = None
    choices: list[str] | None = None
    index: int = 0
    on_change: Callable[[int], None] | None = None
    enabled: bool = True
    note: str = ""
    key: str = ""  # a stable name for tests and for the scene's own use
    icon: str = ""  # an icon of scenes.kit.ui_art.ICONS left of the label, if any
    choice_icons: list[str] | None = None  # for a choice, an icon left of each value ("" for none)
    tip: str = ""  # the catalog key of the icon's tooltip, where its own ("tips.icon.<icon>") would not fit
    # A text row: what is typed while it has the focus comes here ("" for Backspace, erasing a character), and a
    # caret stands after its value, or after its label where the label is what is typed (``typed_in_label``).
    on_type: Callable[[str], None] | None = None
    typed_in_label: bool = False

    def cycle(self, step: int) -> None:
        if self.choices:
            self.index = (self.index + step) % len(self.choices)
            if self.on_change is not None:
                self.on_change(self.index)

    @property
    def value(self) -> str:
        return self.choices[self.index] if self.choices else ""


@dataclass
class Menu:
    """A vertical list of items with one focused; every device moves the focus and activates items."""

    items: list[MenuItem]
    # the scene's text cache (the context's): it measures choices and notes, so a click finds the arrows before
    # a first draw; a cache of its own per menu would be a second budget of pictures for every screen
    text: TextCache
    centre_x: int = LOGICAL_SIZE[0] // 2
    top: int = 220
    width: int = 520
    row: int = 54
    focus: int = 0
    note_width: int = 0  # the focused item's note wraps at this width; 0: 200 wider than the items
    rects: list[pygame.Rect] = field(default_factory=list)
    # plays a cue of scenes.kit.audio: "click", or "deny" for a greyed item
    sound: Callable[[str], None] = lambda cue: None
    # Enter (pad A) on a choice moves the focus on instead of changing the choice, as in a form: a set-up page
    # whose first row is a choice would otherwise change it with the first Enter (the arrows and a click still do)
    enter_moves_on: bool = False

    def __post_init__(self) -> None:
        self.layout()
        if self.items and not self.items[self.focus].enabled:
            self.move(1)

    def layout(self) -> None:
        self.rects = [
            pygame.Rect(self.centre_x - self.width // 2, self.top + index * self.row, self.width, self.row - 8)
            for index in range(len(self.items))
        ]

    @property
    def focused(self) -> MenuItem:
        return self.items[self.focus]

    def item(self, key: str) -> MenuItem:
        return next(item for item in self.items if item.key == key)

    def move(self, step: int) -> None:
        for _ in range(len(self.items)):
            self.focus = (self.focus + step) % len(self.items)
            if self.items[self.focus].enabled:
                return

    @property
    def typing(self) -> bool:
        """Whether a text row has the focus: typed characters then come as text (``InputMapper.typing``)."""
        return bool(self.items) and self.focused.enabled and self.focused.on_type is not None

    def type(self, intent: inp.Intent) -> bool:
        """Typing into the focused text row: what was typed, or Backspace's erasing; whether it was taken (a page
        asks first, so that Backspace erases a character there rather than leaving the page)."""
        on_type = self.focused.on_type if self.typing else None
        if on_type is None or not (intent.kind == inp.TEXT or (intent.kind == inp.BACK and intent.text == inp.ERASE)):
            return False
        on_type(intent.text if intent.kind == inp.TEXT else "")
        return True

    def handle(self, intent: inp.Intent) -> Transition | None:
        kind = intent.kind
        if self.type(intent):
            return None
        if kind == inp.CONFIRM and self.enter_moves_on and self.focused.choices:
            self.sound("click")
            self.move(1)
            return None
        if kind in (inp.UP, inp.PREV):
            self.move(-1)
        elif kind in (inp.DOWN, inp.NEXT):
            self.move(1)
        elif kind in (inp.LEFT, inp.RIGHT):
            if self.focused.choices:
                self.sound("click")
            self.focused.cycle(-1 if kind == inp.LEFT else 1)
        elif kind == inp.CONFIRM:
            return self._activate(self.focused, 1)
        elif kind in (inp.POINT, inp.CLICK) and intent.pos is not None:
            hit = self.hit(intent.pos)
            if hit is None or not self.items[hit].enabled:
                if hit is not None and kind == inp.CLICK:
                    self.sound("deny")
                return None
            self.focus = hit
            if kind == inp.CLICK:
                box = self.value_box(hit)
                if self.focused.on_type is not None and (box is None or not box.collidepoint(intent.pos)):
                    return None  # a click on a name takes the focus to type it; its chooser is on the right
                step = -1 if box is not None and box.left <= intent.pos[0] < box.centerx else 1
                return self._activate(self.focused, step)
        return None

    def hit(self, pos: tuple[int, int]) -> int | None:
        return next((index for index, rect in enumerate(self.rects) if rect.collidepoint(pos)), None)

    def value_box(self, index: int) -> pygame.Rect | None:
        """Where a choice shows its value between "<" and ">" (``None`` for a button). As wide as the widest
        choice, so the arrows stay put while the value changes and a player can click the same arrow again;
        a click on its left half goes back, anywhere else on the row forward."""
        item = self.items[index]
        if not item.choices:
            return None
        widest = max(self.text.render(choice, CHOICE_SIZE).get_width() for choice in item.choices)
        if item.choice_icons and any(item.choice_icons):
            widest += ICON + ICON_GAP
        if item.on_type is not None and not item.typed_in_label:
            widest += CARET_ROOM
        rect = self.rects[index]
        box = pygame.Rect(0, 0, widest + 2 * ARROW_ROOM, rect.height)
        box.midright = (rect.right - 6, rect.centery)
        return box

    def _activate(self, item: MenuItem, step: int) -> Transition | None:
        if not item.enabled:
            self.sound("deny")
            return None
        self.sound("click")
        if item.choices:
            item.cycle(step)
            return None
        return item.action() if item.action else None

    def draw(self, surface: pygame.Surface, text: TextCache) -> None:
        for index, (item, rect) in enumerate(zip(self.items, self.rects)):
            focused = index == self.focus
            ui_art.draw_button(surface, rect, "disabled" if not item.enabled else "focus" if focused else "normal")
            tooltip.control(rect)
            colour = TEXT if item.enabled else DIM
            box = self.value_box(index)
            if box is not None:
                value_colour = ACCENT if focused else colour
                x = _blit_icon(surface, item.icon, rect.x + LABEL_PAD, rect.centery, colour, item.tip,
                               rect if focused else None)
                size = text.fit_size(item.label, box.x - x, CHOICE_SIZES)
                label = text.blit(surface, item.label, size, colour, midleft=(x, rect.centery))
                several = len(item.choices or ()) > 1  # arrows only where they change something
                if several:
                    text.blit(surface, "<", CHOICE_SIZE, value_colour, midleft=(box.x + 12, box.centery))
                value = self._draw_value(surface, text, item, box, value_colour)
                if several:
                    text.blit(surface, ">", CHOICE_SIZE, value_colour, midright=(box.right - 12, box.centery))
                if focused and item.on_type is not None:
                    _draw_caret(surface, label if item.typed_in_label else value, ACCENT)
            else:
                icon = ICON + ICON_GAP if item.icon else 0
                size = text.fit_size(item.label, rect.width - 2 * LABEL_PAD - icon, LABEL_SIZES, bold=True)
                # centred as if bold, focused or not: the icon stays put when the focus comes (and its tip under
                # a resting pointer)
                width = text.render(item.label, size, colour, True).get_width() + icon
                x = _blit_icon(surface, item.icon, rect.centerx - width // 2, rect.centery, colour, item.tip,
                               rect if focused else None)
                text.blit(surface, item.label, size, colour, focused, midleft=(x, rect.centery))
        if self.rects:
            bottom = self.rects[-1].bottom + NOTE_GAP
            for number, line in enumerate(self.note_lines(self.focused)):  # a tip keeps clear of what it says
                tooltip.control(text.blit(surface, line, NOTE_SIZE, DIM, shadow=1,
                                          midtop=(self.centre_x, bottom + number * NOTE_LINE)), "note")

    @staticmethod
    def _draw_value(surface: pygame.Surface, text: TextCache, item: MenuItem, box: pygame.Rect,
                    colour: tuple[int, ...]) -> pygame.Rect:
        """A choice's value centred between its arrows, after its icon if it has one; returns where its text is."""
        name = item.choice_icons[item.index] if item.choice_icons else ""
        if not name:
            return text.blit(surface, item.value, CHOICE_SIZE, colour, center=box.center)
        width = text.render(item.value, CHOICE_SIZE, colour).get_width()
        x = _blit_icon(surface, name, box.centerx - (ICON + ICON_GAP + width) // 2, box.centery, colour)
        return text.blit(surface, item.value, CHOICE_SIZE, colour, midleft=(x, box.centery))

    def note_lines(self, item: MenuItem) -> list[str]:
        """An item's note as drawn under the last item when it has the focus (none for an item without one)."""
        return self.text.wrap(item.note, self.note_width or self.width + 200, NOTE_SIZE) if item.note else []


def _draw_caret(surface: pygame.Surface, after: pygame.Rect, colour: tuple[int, ...]) -> None:
    """The text cursor of a focused text row, just after what was typed."""
    x = after.right + 3
    pygame.draw.line(surface, colour, (x, after.top + 2), (x, after.bottom - 2), 2)


def _blit_icon(surface: pygame.Surface, name: str, x: int, centre_y: int, colour: tuple[int, ...], tip: str = "",
               focus: pygame.Rect | None = None) -> int:
    """Icon ``name`` (none if "") from ``x``, tinted ``colour``, with its tooltip (``tip``, or the icon's own;
    ``focus``: the row, when it has the focus); returns the x where the text after it starts."""
    if not name:
        return x
    tooltip.icon(surface, name, ICON, (colour[0], colour[1], colour[2]), tip, focus=focus,
                 topleft=(x, centre_y - ICON // 2))
    return x + ICON + ICON_GAP
