"""The supply record's one writer: the draw pile, the reserves, the tiles set aside, Don Falconi's Chili Bombs and
Boosts, and the tile just drawn.

The rules and the loader change those fields of a :class:`~game.falconi.state.FalconiState` only through these
functions (``tests/test_falconi_records.py`` holds that)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.falconi.state import FalconiState


def stock(st: FalconiState, pile: list[int], reserves: list[list[int]], set_aside: list[int], bombs: int,
          boosts: int, drawn: int = -1) -> None:
    """Fill the supply of a new or loaded game (the lists are taken over, not copied)."""
    st._pile, st._reserves, st._set_aside = pile, reserves, set_aside
    st._bombs, st._boosts, st._drawn = bombs, boosts, drawn


def draw(st: FalconiState) -> int:
    """Take the top item of the pile: it is the tile just drawn until it is placed, kept, put back or set aside."""
    item = st._drawn = st._pile.pop()
    return item


def put_back(st: FalconiState, index: int, item: int) -> None:
    """Slip the drawn ``item`` back into the pile at ``index`` (F-5.8: a U-turn that would send the car home)."""
    st._pile.insert(index, item)
    st._drawn = -1


def set_aside(st: FalconiState, item: int) -> None:
    """Put the drawn escape tile, with no free slot of its colour, out of the game (F-5.6)."""
    st._set_aside.append(item)
    st._drawn = -1


def hold(st: FalconiState, item: int) -> None:
    """``item`` is the tile just drawn, waiting to be placed (-1: none)."""
    st._drawn = item


def keep(st: FalconiState, seat: int, item: int) -> None:
    """The drawn ``item`` goes into ``seat``'s reserve, kept sorted (F-6.1)."""
    hand = st._reserves[seat]
    hand.append(item)
    hand.sort()
    st._drawn = -1


def play_from_hand(st: FalconiState, seat: int, item: int) -> None:
    """``seat`` plays ``item`` from its reserve."""
    st._reserves[seat].remove(item)


def play_tile(st: FalconiState, seat: int, tile: int) -> None:
    """Mode I: ``seat`` places ``tile``, the drawn one or one from its reserve, which keeps the other (F-5.7)."""
    if st._variant.reserves:
        hand = st._reserves[seat]
        if st._drawn >= 0:
            hand.append(st._drawn)
        hand.remove(tile)
        hand.sort()
    st._drawn = -1


def spend_bomb(st: FalconiState) -> None:
    st._bombs -= 1


def spend_boost(st: FalconiState) -> None:
    st._boosts -= 1


def redeal(st: FalconiState, pile: list[int], hand: list[int] | None, seat: int) -> None:
    """Determinization: the pile dealt anew and, unless ``hand`` is ``None``, ``seat``'s hidden reserve."""
    st._pile = pile
    if hand is not None:
        st._reserves[seat] = hand


def empty_hand(st: FalconiState, seat: int) -> None:
    """``seat``'s reserve as the others know it: nothing (on a copy made for what the police may see, F-9)."""
    st._reserves[seat] = []
