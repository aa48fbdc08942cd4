"""Fredericus actions: one small hashable value per decision, with a one-line text form that round-trips.

An action is ``Action(kind, a, b)``. A single tuple type (rather than one class per kind) keeps equality
honest — ``MoveCard(3, 4)`` and ``MoveRaptor(3, 4)`` would compare equal as plain tuples — and makes the
hot path cheap: all frequent actions are built once, here, and shared.

Raptors are numbered ``seat * 2 + 0`` (the peregrine falcon) and ``seat * 2 + 1`` (the goshawk); in text a
raptor is its seat and ``f`` or ``g`` ("1g" is seat 1's goshawk). Token places are towers 0..7, ``CENTRE``
(the courtyard centre) and ``HAND``.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from game.core.action_words import action_words, small_number
from game.core.errors import ActionFormatError
from game.fredericus.cards import TOWERS

# What a decision does; the two integers of an action mean what its kind says.
Kind = Literal["bet", "card", "raptor", "hood", "capture", "flip", "seal", "tidy", "end", "token", "stay"]
BET: Kind = "bet"  # place a betting token from hand on tower a
CARD: Kind = "card"  # move the end card of row a to the end of row b
RAPTOR: Kind = "raptor"  # move raptor a to post b
HOOD: Kind = "hood"  # at post a, hood the raptors whose bits are set in b
CAPTURE: Kind = "capture"  # raptor a captures the creature at the end of its post's row (free)
FLIP: Kind = "flip"  # flip row a (free, once per turn)
SEAL: Kind = "seal"  # discard the seal at the end of row a, after a flip
TIDY: Kind = "tidy"  # move the last three cards of row a to its start (free, once per turn)
END: Kind = "end"  # end the turn (once the own actions are spent or none is possible; extras optional)
TOKEN: Kind = "token"  # step 2: move a betting token from place a to place b
STAY: Kind = "stay"  # step 2: leave the tokens already out where they are

CENTRE = 8
HAND = 9
RAPTOR_KINDS = ("falcon", "goshawk")


class Action(NamedTuple):
    """One decision: a kind and up to two small integers whose meaning depends on the kind."""

    kind: Kind
    a: int = 0
    b: int = 0


END_TURN = Action(END)
STAY_TOKENS = Action(STAY)
BETS = tuple(Action(BET, tower) for tower in range(TOWERS))
# CARD_MOVES[row]: the two moves of that row's end card, to row-1 and row+1.
CARD_MOVES = tuple(
    (Action(CARD, row, (row - 1) % TOWERS), Action(CARD, row, (row + 1) % TOWERS)) for row in range(TOWERS)
)
ALL_CARD_MOVES = tuple(move for moves in CARD_MOVES for move in moves)
# RAPTOR_MOVES[raptor][post]: the two moves of a raptor standing on post.
RAPTOR_MOVES = tuple(
    tuple(
        (Action(RAPTOR, raptor, (post - 1) % TOWERS), Action(RAPTOR, raptor, (post + 1) % TOWERS))
        for post in range(TOWERS)
    )
    for raptor in range(8)
)
CAPTURES = tuple(Action(CAPTURE, raptor) for raptor in range(8))
FLIPS = tuple(Action(FLIP, post) for post in range(TOWERS))
SEALS = tuple(Action(SEAL, row) for row in range(TOWERS))
TIDIES = tuple(Action(TIDY, row) for row in range(TOWERS))
# TOKEN_MOVES[source]: every destination (towers except the source, then the centre).
TOKEN_MOVES = tuple(
    tuple(Action(TOKEN, source, dest) for dest in range(TOWERS + 1) if dest != source) for source in range(HAND + 1)
)


def raptor_owner(raptor: int) -> int:
    """The seat whose falcon or goshawk ``raptor`` is."""
    return raptor >> 1


def raptor_kind(raptor: int) -> str:
    """``falcon`` or ``goshawk`` (``RAPTOR_KINDS``)."""
    return RAPTOR_KINDS[raptor & 1]


def raptors_of(seat: int) -> tuple[int, int]:
    """A seat's falcon and goshawk."""
    return 2 * seat, 2 * seat + 1


def raptors_in(mask: int) -> tuple[int, ...]:
    """The raptors a hood action's mask names, in number order."""
    return tuple(raptor for raptor in range(8) if mask >> raptor & 1)


def raptor_text(raptor: int) -> str:
    return f"{raptor >> 1}{'fg'[raptor & 1]}"


def place_text(place: int) -> str:
    return {CENTRE: "centre", HAND: "hand"}.get(place, str(place))


def action_text(action: Action) -> str:
    """The canonical one-line form, e.g. ``card 3 4``, ``hood 2 1f,3g``, ``token hand centre``."""
    kind, a, b = action
    if kind in (BET, FLIP, SEAL, TIDY):
        return f"{kind} {a}"
    if kind == CARD:
        return f"card {a} {b}"
    if kind == RAPTOR:
        return f"raptor {raptor_text(a)} {b}"
    if kind == HOOD:
        return f"hood {a} " + ",".join(raptor_text(r) for r in range(8) if b >> r & 1)
    if kind == CAPTURE:
        return f"capture {raptor_text(a)}"
    if kind == TOKEN:
        return f"token {place_text(a)} {place_text(b)}"
    if kind in (END, STAY):
        return kind
    raise ActionFormatError(f"not a Fredericus action: {action!r}")


_ARGUMENTS = {BET: 1, FLIP: 1, SEAL: 1, TIDY: 1, CARD: 2, RAPTOR: 2, HOOD: 2, CAPTURE: 1, TOKEN: 2, END: 0, STAY: 0}
_NUMBER = "a tower, post or row number"
_SEATS = 4  # raptors 0..7 belong to seats 0..3


def parse_action(text: str) -> Action:
    """Read :func:`action_text`'s form back (the kind in either case). Checks the form and the ranges, not
    legality; ``ActionFormatError`` says what could not be read."""
    words = action_words(text)
    kind, args = words[0].lower(), words[1:]
    if kind not in _ARGUMENTS:
        raise ActionFormatError(f"unknown action {words[0]!r} in {text!r}")
    if len(args) != _ARGUMENTS[kind]:
        raise ActionFormatError(f"{kind!r} takes {_ARGUMENTS[kind]} argument(s), found {len(args)} in {text!r}")
    if kind in (BET, FLIP, SEAL, TIDY):
        return Action(kind, small_number(args[0], TOWERS, _NUMBER))
    if kind == CARD:
        return Action(CARD, small_number(args[0], TOWERS, _NUMBER), small_number(args[1], TOWERS, _NUMBER))
    if kind == RAPTOR:
        return Action(RAPTOR, _raptor(args[0], text), small_number(args[1], TOWERS, _NUMBER))
    if kind == HOOD:
        mask = 0
        for name in args[1].split(","):
            bit = 1 << _raptor(name, text)
            if mask & bit:
                raise ActionFormatError(f"raptor {name!r} named twice in {text!r}")
            mask |= bit
        return Action(HOOD, small_number(args[0], TOWERS, _NUMBER), mask)
    if kind == CAPTURE:
        return Action(CAPTURE, _raptor(args[0], text))
    if kind == TOKEN:
        return Action(TOKEN, _place(args[0], HAND), _place(args[1], CENTRE))
    return Action(kind)


def _raptor(word: str, text: str) -> int:
    if len(word) == 2 and word[1] in "fg":
        return small_number(word[0], _SEATS, "a raptor's seat") * 2 + "fg".index(word[1])
    raise ActionFormatError(f"expected a raptor such as '0f' or '2g', found {word!r} in {text!r}")


def _place(word: str, special: int) -> int:
    """A token's place: a tower, or ``special`` (the hand or the centre) by name."""
    if word == place_text(special):
        return special
    return small_number(word, TOWERS, "a tower")
