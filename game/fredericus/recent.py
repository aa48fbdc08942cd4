"""Each falconer's own moves of its turn and of its turn before: public, and what the AI must not take back
for nothing (issue 38: a falconer moved a card from row 0 to row 7 and straight back; a hint said to move a
sky card from row 6 to row 5, then back again).

A move is remembered as the action that would take it back: ``card b a`` for a card moved from row a onto
row b, with the height it landed at (the length of row b just after) and its kind, so that another card at
the end of row b (a card laid on it, or the next one down once it was captured) is not taken for it; and
``raptor r p`` for a raptor moved away from post p. In JSON a move is that action's text, and for a card the
height and the card's letter: ``"card 4 3 6g"``.
"""

from __future__ import annotations

from typing import NamedTuple

from game.core.errors import ActionFormatError, StateFormatError
from game.fredericus.actions import CARD, RAPTOR, Action, action_text, parse_action
from game.fredericus.cards import ROW_LETTERS


class TakeBack(NamedTuple):
    """The action that would take back one move, and for a card where it lay (for a raptor, 0 and -1)."""

    action: Action
    height: int = 0
    card: int = -1


# A seat's moves: those of its previous turn, and those of the turn it plays now (empty between its turns).
Moves = tuple[tuple[TakeBack, ...], tuple[TakeBack, ...]]
NO_MOVES: Moves = ((), ())


def takes_back(recent: Moves, rows: list[list[int]], action: Action) -> bool:
    """Whether ``action`` puts back where it was a card or raptor the seat moved in ``recent``."""
    for moves in recent:
        for move in moves:
            if move.action == action:
                if action.kind == RAPTOR:
                    return True
                row = rows[action.a]
                if len(row) == move.height and row[-1] == move.card:
                    return True
    return False


def moves_json(recent: Moves) -> list[list[str]]:
    return [[_move_text(move) for move in moves] for moves in recent]


def moves_from_json(data: object, seat: int) -> Moves:
    """A seat's two lists of moves; ``StateFormatError`` says what is wrong."""
    if not (isinstance(data, list) and len(data) == 2 and all(isinstance(moves, list) for moves in data)):
        raise StateFormatError(f"'recent_moves' of seat {seat} must be two lists: its last turn's and this turn's")
    previous, current = (tuple(_read_move(text, seat) for text in moves) for moves in data)
    return previous, current


def _move_text(move: TakeBack) -> str:
    text = action_text(move.action)
    return f"{text} {move.height}{ROW_LETTERS[move.card]}" if move.action.kind == CARD else text


def _read_move(text: object, seat: int) -> TakeBack:
    problem = f"'recent_moves' of seat {seat}: {text!r} is not a card or raptor move"
    if not isinstance(text, str):
        raise StateFormatError(problem)
    words = text.split()
    try:
        if words[:1] == [CARD] and len(words) == 4:
            place = words[3]
            height = place[:-1]
            if not (height.isascii() and height.isdigit() and len(height) <= 3 and place[-1] in ROW_LETTERS):
                raise StateFormatError(problem)
            action = parse_action(" ".join(words[:3]))
            return TakeBack(action, int(height), ROW_LETTERS.index(place[-1]))
        action = parse_action(text)
    except ActionFormatError:
        raise StateFormatError(problem) from None
    if action.kind != RAPTOR:
        raise StateFormatError(problem)
    return TakeBack(action)
