"""Why an event happened, as data a board can draw: the road a catch came by, the blocks that closed a car in,
the cards that let a raptor capture. The rules cores make these (``game/falconi/explain.py``,
``game/fredericus/explain.py``) from the position before an action, the action and the position after it; the
scenes draw them over the board, so a player sees which cards and which road decided the moment."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.message import Message


@dataclass(frozen=True)
class Explanation:
    """One reason shown on the board. ``kind`` names the event (a game's own words: ``catch``, ``blocked``,
    ``capture``…); the other fields are what to mark, each empty where it means nothing for the event, and
    each read in the position after the action:

    - ``road``: a route in order (Falconi: places ``cell * 4 + entry_edge``, or ``-(slot + 1)`` out by a
      border slot), drawn as a road with an arrow at its end;
    - ``reach``: everywhere a car could still get to (Falconi places, in no order), drawn as lanes;
    - ``cells``: board cells to outline (a block, a crater);
    - ``slots``: border slots to outline (a dead end at the border, an escape);
    - ``edges``: road ends a Chili Bomb closed (Falconi places);
    - ``cards``: cards to outline as ``(row, index)`` (Fredericus);
    - ``pieces``: pieces to ring (Fredericus raptors);
    - ``note``: a short sentence to show beside the marks (a counter that ran out, the rule that ended the game).
    """

    kind: str
    road: tuple[int, ...] = ()
    reach: tuple[int, ...] = ()
    cells: tuple[int, ...] = ()
    slots: tuple[int, ...] = ()
    edges: tuple[int, ...] = ()
    cards: tuple[tuple[int, int], ...] = ()
    pieces: tuple[int, ...] = ()
    note: Message | None = None
