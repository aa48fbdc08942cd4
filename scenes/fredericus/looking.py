"""Which row card the player is looking at: it is drawn whole over its row.

A row longer than the board can hold shows its inner cards as slivers (see :mod:`scenes.fredericus.layout`).
The card under the mouse pointer is lifted out of its row whole. While the keyboard or a pad is in use, the
focused card is (a row's end card to move or discard, its first card to flip, the first of three to tidy),
and rotate (R and E, the shoulder buttons) steps from it along the row card by card, so that every card can
be read from any device. Every card also names itself in a tooltip. The layout of the position says where
the cards are; nothing here paints.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Hashable, Iterator
from typing import TYPE_CHECKING

from game.core.message import Message
from game.fredericus.rules import TIDY_LENGTH
from game.fredericus.state import FredericusState
from scenes.fredericus.layout import Layout
from scenes.kit import input as inp
from scenes.kit import tooltip

Card = tuple[int, int]  # a row card: (row, index from the castle out)

# The card each kind of row step stands on, by the row's length: the end, the first, the first of three tidied.
CARD_OF_STEP: dict[str, Callable[[int], int]] = {
    "row": lambda length: length - 1,
    "seal": lambda length: length - 1,
    "flip": lambda length: 0,
    "tidy": lambda length: length - TIDY_LENGTH,
}
_STEPS: dict[inp.IntentKind, int] = {inp.ROTATE_CW: 1, inp.ROTATE_CCW: -1}  # outward, inward
STEP_KEYS = {"keyboard": "E / R", "pad": "LB / RB"}  # what rotate is on each device, inward and outward

if TYPE_CHECKING:
    from scenes.fredericus.view import FredericusChooser, FredericusStep


class RowLook:
    """Where the player's eyes are: the pointer's place while the mouse is in use, else the focused card and
    how far along its row rotate has stepped from it."""

    def __init__(self) -> None:
        self.pointer: tuple[int, int] | None = None
        # rotate's steps: the chooser they were made in (held weakly: it holds the view), its focus, the card reached
        self.stepped: tuple[weakref.ref[FredericusChooser], FredericusStep, int] | None = None
        self._tips: tuple[Hashable, list[tooltip.Tip]] = (None, [])  # the last rows' tips, made once

    def follow(self, intent: inp.Intent, game: FredericusState, layout: Layout,
               chooser: FredericusChooser | None) -> None:
        """Take the player's input into account (before the chooser answers it)."""
        if intent.kind in (inp.PAD_ADDED, inp.PAD_REMOVED):
            return
        self.pointer = intent.pos
        if intent.pos is not None or intent.kind not in _STEPS or chooser is None:
            return
        focused = chooser.focused
        looked = self.lifted(game, layout, chooser)
        if focused is not None and looked is not None:
            row, index = looked
            index = min(max(index + _STEPS[intent.kind], 0), len(game.row(row)) - 1)
            self.stepped = weakref.ref(chooser), focused, index

    def lifted(self, game: FredericusState, layout: Layout, chooser: FredericusChooser | None) -> Card | None:
        """The card to draw whole over its row, if any."""
        if self.pointer is not None:
            return card_under(game, layout, self.pointer)
        focused = focused_card(game, chooser)
        if focused is None or chooser is None:
            return None
        stepped = self.stepped
        if stepped is not None and stepped[0]() is chooser and stepped[1] == chooser.focused:
            return focused[0], stepped[2]  # the same chooser: the same position, the same rows
        return focused

    def add_tips(self, game: FredericusState, layout: Layout, lifted: Card | None, focus_keys: str | None) -> None:
        """Every row card names itself and its place under the pointer (of two overlapping cards the outer
        answers, as it lies on top); with ``focus_keys`` (the keyboard's or pad's rotate), the lifted card is the
        focused item's tip and names the keys that step along its row."""
        key = (game.rows(), lifted, focus_keys)  # the rows' lengths place every card
        if key != self._tips[0]:
            self._tips = key, list(_card_tips(game, layout, lifted, focus_keys))
        for tip in self._tips[1]:
            tooltip.tips().add(tip)


def _card_tips(game: FredericusState, layout: Layout, lifted: Card | None,
               focus_keys: str | None) -> Iterator[tooltip.Tip]:
    """The tips of :meth:`RowLook.add_tips`, in the order the cards are drawn."""
    for number, cards in enumerate(game.rows()):
        row = layout.rows[number]
        for index, code in enumerate(cards):
            fields: dict[str, str | int] = {"name": f"@fredericus.card.{code}", "place": index + 1,
                                            "count": len(cards), "row": number}
            rect = row.card_rect(index)
            if (number, index) == lifted and focus_keys is not None:
                yield tooltip.Tip(rect, Message.of("tips.fredericus.card_keys", keys=focus_keys, **fields), rect)
            else:
                yield tooltip.Tip(rect, Message.of("tips.fredericus.card", **fields))


def card_under(game: FredericusState, layout: Layout, pos: tuple[int, int]) -> Card | None:
    """The row card whose visible part is under ``pos``."""
    for number, row in enumerate(layout.rows):
        index = row.card_at(pos)
        if index is not None and index < len(game.row(number)):
            return number, index
    return None


def focused_card(game: FredericusState, chooser: FredericusChooser | None) -> Card | None:
    """The card the chooser's focused step stands on, if it stands on one."""
    focused = chooser.focused if chooser is not None else None
    if focused is None or focused[0] not in CARD_OF_STEP or not game.row(int(focused[1])):
        return None
    row = int(focused[1])
    return row, CARD_OF_STEP[focused[0]](len(game.row(row)))

