"""Where a frame's texts and boxes went, for the layout check (``python main.py check layout``) and the tests
that call it: while a :func:`recording` is open, the drawing functions that place boxes, texts, pictures and
overlays are wrapped to tell it what they drew; the product carries no hook for it.

``scenes.kit.ui`` and ``scenes.kit.ui_art`` tell every box they frame (panels, buttons) and every text they draw,
``scenes.kit.tooltip`` and the HUD every icon, emblem and chip picture, each by the surface it went on, and
``TextCache.wrap`` every text wrapped to fewer lines than it needs; each game's window part names its own
boxes (``layout_boxes``: the Falconi strip, the Fredericus wedges). Each scene the stack draws is a layer of
its own: the recording wraps each scene's ``draw`` while the stack draws.

:meth:`Recording.problems` says which texts do not fit. A text belongs to the smallest box around the point it
was placed by (its anchor: a title is placed inside its panel) or around its centre (a label centred on its
button, though placed by its left end), among the boxes of its own layer drawn before it, or to the whole
surface when no box holds either point. It must lie wholly inside that box, inside the surface's clip, and over
no other text or picture of its layer, unless a box drawn between the two hides the first (a card laid over a
panel).

It also says what covers what the player may click next. ``scenes.kit.tooltip.control`` tells each place a layer
keeps clear (a button, a board option, a car, a seat card, the prompt line); tips, banners, the lesson and the
action bar's message tell where they went by what their drawing returns (:meth:`Recording.cover`). An overlay
over a place kept clear in its own layer is a problem: a scene drawn over another (pause, the log) hides the
one under it on purpose.
"""

from __future__ import annotations

import inspect
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import pygame

from devtools.games import parts
from scenes.kit import tooltip, ui, ui_art
from scenes.kit.stack import SceneStack
from scenes.kit.ui import TextCache
from scenes.playing import action_bar, event_banner, hud, tutorial_overlay
from scenes.playing.hints import Hints

GRAZE = 4  # pixels of a text's rect an overlay may touch: the blank above and below a line's letters


@dataclass(frozen=True)
class Text:
    """A text as drawn: its words, the rect it took, the point it was placed by, the surface's clip then, and
    how many boxes its surface had received before it."""

    words: str
    rect: pygame.Rect
    anchor: tuple[int, int]
    clip: pygame.Rect
    after: int
    drawn: int = 0  # its place among everything the recording heard of, in drawing order


@dataclass
class Sheet:
    """What one surface received in one layer: its boxes and its texts, each in drawing order."""

    bounds: pygame.Rect
    boxes: list[pygame.Rect] = field(default_factory=list)
    texts: list[Text] = field(default_factory=list)
    pictures: list[tuple[str, pygame.Rect, int]] = field(default_factory=list)  # name, rect, boxes before it


@dataclass(frozen=True)
class Place:
    """A rect of one layer: a place kept clear (``what``: "control", "target", "piece", "seat card", "prompt")
    or an overlay drawn over the scene (``what``: "tip", "banner", "message", "lesson"; ``about``: what a tip
    explains, which it stands beside, and the places that hold it, whose tip it is)."""

    what: str
    rect: pygame.Rect
    layer: int
    about: pygame.Rect | None = None
    surface: pygame.Surface | None = None  # an overlay's: where it was drawn
    since: int = 0  # an overlay's: what was drawn before it began, in drawing order


class Recording:
    """The boxes and texts drawn while it was open, the texts cut to fewer lines than they need, and the places
    kept clear with the overlays drawn over the scenes."""

    def __init__(self) -> None:
        # by surface and layer; the surfaces are kept alive, so no id is used twice
        self.sheets: dict[tuple[pygame.Surface, int], Sheet] = {}
        self.cuts: list[str] = []
        self.kept: list[Place] = []
        self.covers: list[Place] = []
        self._layer = 0
        self.count = 0  # texts heard of so far: each one's place in drawing order
        self.veiled: set[tuple[pygame.Surface, int]] = set()  # the surfaces a layer darkened before drawing on them

    def layer(self) -> None:
        """What is drawn from now on goes over what was: an overlay's texts belong to its own boxes, and the
        texts of the scene under it are judged by that scene's boxes (called as the stack draws each scene)."""
        self._layer += 1

    def _sheet(self, surface: pygame.Surface) -> Sheet:
        sheet = self.sheets.get((surface, self._layer))
        if sheet is None:
            sheet = self.sheets[surface, self._layer] = Sheet(surface.get_rect())
        return sheet

    def box(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        self._sheet(surface).boxes.append(pygame.Rect(rect))

    def _next(self) -> int:
        self.count += 1
        return self.count

    def picture(self, surface: pygame.Surface, name: str, rect: pygame.Rect) -> None:
        sheet = self._sheet(surface)
        sheet.pictures.append((name, pygame.Rect(rect), len(sheet.boxes)))

    def text(self, surface: pygame.Surface, words: str, rect: pygame.Rect, anchor: tuple[int, int]) -> None:
        if words.strip():
            sheet = self._sheet(surface)
            sheet.texts.append(Text(words, pygame.Rect(rect), anchor, surface.get_clip(), len(sheet.boxes),
                                    self._next()))

    def veil(self, surface: pygame.Surface) -> None:
        """This layer darkens what is under it (a page over the title, the pause over the board): what it draws
        over the texts of the layers under it is a page of its own, not a text in the way."""
        self.veiled.add((surface, self._layer))

    def cut(self, words: str) -> None:
        self.cuts.append(words)

    def keep(self, what: str, rect: pygame.Rect) -> None:
        """A place the player must still see: nothing drawn over this layer may cover it."""
        self.kept.append(Place(what, pygame.Rect(rect), self._layer))

    def cover(self, what: str, rect: pygame.Rect, about: pygame.Rect | None = None,
              surface: pygame.Surface | None = None, since: int = 0) -> None:
        """An overlay (a tip, a banner, a message) drawn on ``surface`` over the layer at ``rect``, after the
        ``since`` first things drawn; a tip says what it is ``about``: the places holding that are its own (a
        row whose icon it explains)."""
        self.covers.append(Place(what, pygame.Rect(rect), self._layer, about, surface, since))

    def problems(self, window: pygame.Surface | None = None) -> list[str]:
        """Every text that leaves its box, its surface (``window``: the screen) or its clip, covers another text,
        or was cut, and every overlay over a place kept clear; one sentence each, naming the words and the
        rects."""
        found = [f"{words!r} is cut to fewer lines than it needs" for words in dict.fromkeys(self.cuts)]
        for (surface, _layer), sheet in self.sheets.items():
            where = "the window" if surface is window else f"its {sheet.bounds.width}x{sheet.bounds.height} picture"
            found += _sheet_problems(sheet, where)
        return found + self.showing_through() + self.covering() + self.covering_texts()

    def showing_through(self) -> list[str]:
        """Every text of a scene drawn over another (the pause over the board) that lies on a text of the scene
        under it where no box of the scene above hides that one: both would show, one through the other; and
        every box of the scene above that hides part of a text under it, leaving the rest to read ("bs" of
        "Bombs")."""
        found: list[str] = []
        sheets = sorted(((layer, surface, sheet) for (surface, layer), sheet in self.sheets.items()),
                        key=lambda entry: entry[0])
        for low, surface, under in sheets:
            for high, other_surface, over in sheets:
                if (other_surface is not surface or high <= low
                        or any((surface, layer) in self.veiled for layer in range(low + 1, high + 1))):
                    continue
                for below in under.texts:
                    if any(box.contains(below.rect) for box in over.boxes):
                        continue  # wholly hidden
                    for box in over.boxes:
                        both = below.rect.clip(box)
                        if grazes_more(both) and not box.contains(below.rect):
                            found.append(f"the box at {rect_words(box)} cuts {below.words!r} at "
                                         f"{rect_words(below.rect)} of the screen under it")
                    for above in over.texts:
                        both = below.rect.clip(above.rect)
                        if (both and below.words != above.words
                                and not any(box.contains(both) for box in over.boxes[:above.after])):
                            found.append(f"{above.words!r} at {rect_words(above.rect)} lies on {below.words!r} at "
                                         f"{rect_words(below.rect)} of the screen under it")
        return list(dict.fromkeys(found))

    def covering_texts(self) -> list[str]:
        """Every overlay drawn over a text of its own layer: overlays take free space."""
        found = [f"the {cover.what} at {rect_words(cover.rect)} covers {text.words!r} at {rect_words(text.rect)}"
                 for cover in self.covers if cover.surface is not None
                 for text in self._texts(cover.surface, cover.layer)
                 if text.drawn <= cover.since and grazes_more(text.rect.clip(cover.rect))]
        return list(dict.fromkeys(found))

    def top_texts(self, surface: pygame.Surface) -> list[Text]:
        """The texts the top scene drew on ``surface``: what a tip drawn over the frame may not cover."""
        return self._texts(surface, self._layer)

    def _texts(self, surface: pygame.Surface, layer: int) -> list[Text]:
        sheet = self.sheets.get((surface, layer))
        return [] if sheet is None else sheet.texts

    def covering(self) -> list[str]:
        """Every overlay that covers a place its layer keeps clear (touching its edge is not covering)."""
        found = [f"the {cover.what} at {rect_words(cover.rect)} covers the {kept.what} at {rect_words(kept.rect)}"
                 for cover in self.covers for kept in self.kept
                 if kept.layer == cover.layer and cover.rect.colliderect(kept.rect)
                 and not (cover.about is not None and cover.about.colliderect(kept.rect))]
        return list(dict.fromkeys(found))


def _sheet_problems(sheet: Sheet, where: str) -> list[str]:
    found: list[str] = []
    for number, text in enumerate(sheet.texts):
        box = _owner(sheet.boxes[:text.after], (text.anchor, text.rect.center))
        said = f"{text.words!r} at {rect_words(text.rect)}"
        if box is not None and not box.contains(text.rect):
            found.append(f"{said} leaves its box {rect_words(box)}")
        elif not sheet.bounds.contains(text.rect):
            found.append(f"{said} leaves {where}")
        elif not text.clip.contains(text.rect):
            found.append(f"{said} is clipped at {rect_words(text.clip)}")
        for other in sheet.texts[number + 1:]:
            both = other.rect.clip(text.rect)
            if (both and other.words != text.words  # a text's own outline is drawn under it
                    and not any(box.contains(both) for box in sheet.boxes[text.after:other.after])):
                found.append(f"{said} overlaps {other.words!r} at {rect_words(other.rect)}")
        for name, rect, after in sheet.pictures:
            # the square inside a round emblem, the drawing inside an icon's margins: their corners are see-through
            both = rect.inflate(-rect.width * 2 // 7, -rect.height * 2 // 7).clip(text.rect)
            first, last = sorted((after, text.after))
            if both and not any(box.contains(both) for box in sheet.boxes[first:last]):
                found.append(f"{said} overlaps the picture {name} at {rect_words(rect)}")
    return list(dict.fromkeys(found))


def _owner(boxes: list[pygame.Rect], points: tuple[tuple[int, int], ...]) -> pygame.Rect | None:
    """The smallest box holding one of ``points`` (its edges included: a text may be placed on a box's edge)."""
    holding = [box for box in boxes for x, y in points if box.left <= x <= box.right and box.top <= y <= box.bottom]
    return min(holding, key=lambda box: box.width * box.height, default=None)


def grazes_more(both: pygame.Rect) -> bool:
    """Whether an overlay lies on a text by more than a graze of the blank edge of its line."""
    return min(both.width, both.height) >= GRAZE


def rect_words(rect: pygame.Rect) -> str:
    return f"({rect.x}, {rect.y}, {rect.width}x{rect.height})"


@contextmanager
def recording() -> Iterator[Recording]:
    """``with recording() as drawn: app.frame()``, then ``drawn.problems(app.screen)``; everything wrapped is
    as it was once it closes."""
    drawn = Recording()
    stack_draw = SceneStack.draw

    def draw_in_layers(stack: SceneStack, surface: pygame.Surface) -> None:
        """The stack's own drawing, each scene it draws starting a layer of its own."""
        for scene in stack.scenes:
            scene.draw = _layered(drawn, scene.draw)  # type: ignore[method-assign,assignment]  # wrapped while drawn
        try:
            stack_draw(stack, surface)
        finally:
            for scene in stack.scenes:
                del scene.draw

    patch = _Patches()
    try:
        patch.setattr(SceneStack, "draw", draw_in_layers)
        _listen(drawn, patch)
        yield drawn
    finally:
        patch.undo()


def _layered(drawn: Recording, draw: Callable[[pygame.Surface], None]) -> Callable[[pygame.Surface], None]:
    def draw_as_layer(surface: pygame.Surface) -> None:
        drawn.layer()
        draw(surface)

    return draw_as_layer


def _listen(drawn: Recording, patch: _Patches) -> None:
    """Wrap every drawing function that says what it drew, by its arguments or by what it returns. Each is
    patched where its callers look it up as they call: on its module (``ui_art.draw_panel(...)``, and calls from
    inside the module) or on its class."""
    wrap_whole = TextCache.wrap

    def cut(called: dict[str, Any], _: object) -> None:
        most = called["most"]
        if most is not None and most < len(wrap_whole(called["self"], called["text"], called["width"],
                                                      called["size"], called["bold"])):
            drawn.cut(called["text"])

    def box(called: dict[str, Any], _: object) -> None:
        drawn.box(called["surface"], called["rect"])


    shade = ui.shade
    for module in [module for name, module in sys.modules.items() if name.startswith("scenes.")]:
        if getattr(module, "shade", None) is shade:  # looked up where each page imported it
            _tell(patch, module, "shade", lambda called, _: drawn.veil(called["surface"]), first=True)
    for owner, name in ((ui_art, "draw_panel"), (ui_art, "draw_button")):
        _tell(patch, owner, name, box, first=True)
    for _game, part in parts("window"):  # each game's own boxes: the Falconi strip, the Fredericus wedges
        for owner, name, box_of in part.layout_boxes():
            _tell(patch, owner, name, _boxing(drawn, box_of), first=True)
    _tell(patch, TextCache, "blit", lambda called, rect: drawn.text(
        called["surface"], called["text"], rect, next(iter(called["anchor"].values()))))
    _tell(patch, TextCache, "wrap", cut)
    _tell(patch, tooltip, "icon", lambda called, rect: drawn.picture(called["surface"], f"icon:{called['name']}", rect))
    _tell(patch, tooltip, "emblem", lambda called, rect: drawn.picture(
        called["surface"], f"emblem:{called['name']}", rect))
    _tell(patch, hud, "draw_picture", lambda called, rect: drawn.picture(called["surface"], called["name"], rect))
    _tell(patch, tooltip, "control", lambda called, _: drawn.keep(called["what"], called["area"]))
    _cover(patch, drawn, tooltip.Tooltips, "show", lambda called, shown: ("tip", [shown.rect], shown.beside))
    _cover(patch, drawn, tutorial_overlay, "draw_lesson", lambda called, rect: ("lesson", [rect], None))
    _cover(patch, drawn, tutorial_overlay, "draw_pointer", lambda called, arrow: ("arrow", [arrow], called["target"]))
    _cover(patch, drawn, event_banner, "draw_event_banner", lambda called, box: ("banner", [box], None))
    _cover(patch, drawn, Hints, "draw", lambda called, banner: ("banner", [] if banner is None else [banner], None))
    _cover(patch, drawn, action_bar, "draw_message", lambda called, lines: ("message", lines, None))


def _boxing(drawn: Recording, box_of: Callable[[dict[str, Any]], tuple[Any, Any]]
            ) -> Callable[[dict[str, Any], object], None]:
    """Tell ``drawn`` of the box a game's function frames, from its call's arguments."""
    def heard(called: dict[str, Any], _: object) -> None:
        drawn.box(*box_of(called))

    return heard


Covered = tuple[str, list[pygame.Rect], "pygame.Rect | None"]


def _cover(patch: _Patches, drawn: Recording, owner: object, name: str,
           where: Callable[[dict[str, Any], Any], Covered]) -> None:
    """Patch the overlay ``owner.name`` to tell ``drawn`` what it covered: ``where`` says, from the call's
    arguments by name and what it returned, what the overlay is, the rects it took and what it is about."""
    real = getattr(owner, name)
    signature = inspect.signature(real)

    def telling(*args: Any, **kwargs: Any) -> Any:
        called = signature.bind(*args, **kwargs)
        called.apply_defaults()
        since = drawn.count
        result = real(*args, **kwargs)
        what, rects, about = where(called.arguments, result)
        for rect in rects:
            drawn.cover(what, rect, about, called.arguments.get("surface"), since)
        return result

    patch.setattr(owner, name, telling)


def _tell(patch: _Patches, owner: object, name: str, heard: Callable[[dict[str, Any], Any], object],
          first: bool = False) -> None:
    """Patch ``owner.name`` to tell ``heard`` each call's arguments by name and what it returned (``first``:
    before it draws, with ``None``: a box comes before the words drawn in it)."""
    real = getattr(owner, name)
    signature = inspect.signature(real)

    def telling(*args: Any, **kwargs: Any) -> Any:
        called = signature.bind(*args, **kwargs)
        called.apply_defaults()
        if first:
            heard(called.arguments, None)
        result = real(*args, **kwargs)
        if not first:
            heard(called.arguments, result)
        return result

    patch.setattr(owner, name, telling)


class _Patches:
    """Attributes replaced while recording, each put back as it was (or removed, where it was inherited)."""

    def __init__(self) -> None:
        self._saved: list[tuple[object, str, object, bool]] = []

    def setattr(self, owner: object, name: str, value: object) -> None:
        self._saved.append((owner, name, vars(owner).get(name), name in vars(owner)))
        setattr(owner, name, value)

    def undo(self) -> None:
        for owner, name, value, own in reversed(self._saved):
            if own:
                setattr(owner, name, value)
            else:
                delattr(owner, name)
        self._saved.clear()
