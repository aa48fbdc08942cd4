"""The board record's one writer: the tiles on the grid, the craters, the edges Chili Bombs closed and the escape
tiles on the border.

Every change to those fields of a :class:`~game.falconi.state.FalconiState` goes through these functions, so
the rules say *what* happens (a tile laid, a block smashed) and only this module touches the packed fields
(``tests/test_falconi_records.py`` holds that)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from game.falconi.tiles import CRATER

if TYPE_CHECKING:
    from game.falconi.state import FalconiState


def lay(st: FalconiState, cell: int, code: int) -> None:
    """Put the tile ``code`` (or ``EMPTY``, to lift a tile tried for a moment) on ``cell``."""
    st._board[cell] = code


def smash(st: FalconiState, cell: int) -> None:
    """Blast the tile on ``cell`` to a crater, keeping the tile under it (F-5.5, F-6.6)."""
    board = st._board
    st._craters[cell] = board[cell]
    board[cell] = CRATER


def close_edge(st: FalconiState, place: int) -> None:
    """Close the edge at ``place`` from both sides (F-5.4: the road behind him is destroyed)."""
    st._closed[place] = 1
    other = st._links[place]
    if other >= 0:
        st._closed[other] = 1


def open_edge(st: FalconiState, place: int) -> None:
    """Reopen a bombed edge from both sides (F-5.5)."""
    st._closed[place] = 0
    other = st._links[place]
    if other >= 0:
        st._closed[other] = 0


def put_escape(st: FalconiState, slot: int, district: int) -> None:
    """An escape tile of ``district`` goes onto border ``slot`` (F-5.6, F-6.3, F-6.6)."""
    st._escapes[slot] = district


def restore(st: FalconiState, tiles: Mapping[int, int], craters: Mapping[int, int], closed: Iterable[int],
            escapes: Mapping[int, int]) -> None:
    """A loaded board: tile codes by cell, the tiles under the craters, closed places, escape districts by slot."""
    for cell, code in tiles.items():
        st._board[cell] = code
    st._craters.update(craters)
    for place in closed:
        st._closed[place] = 1
    for slot, district in escapes.items():
        st._escapes[slot] = district
