"""The window's registry of games: what the window needs of each game besides its rules (which
:mod:`game.registry` keeps). A game's :class:`BoardSpec` says how to make its board view, its seat colours,
emblem and music, the page between the game menu and the seat set-up, how that set-up reads, its rules pages,
and how its results and records are shown.

Each game registers its own from its scenes package (``scenes/<game>/registration.py``); the two boxed games
are registered here. No other module of the window branches on a game's name or imports a game's package: they
ask :func:`board` (``tests/test_import_rules.py``). A game the window has no board for is simply not offered.
Registering a board fills the kit with what the game brings: its icons, emblems, sounds, music and intents.
"""

from __future__ import annotations

from typing import Any

from scenes.boardspec import BoardSpec
from scenes.falconi.registration import FALCONI_BOARD
from scenes.fredericus.registration import FREDERICUS_BOARD
from scenes.kit import audio, ui_art
from scenes.kit import input as inp

__all__ = ["BoardSpec", "board", "boards", "has_board", "register_board", "unregister_board"]

_BOARDS: dict[str, BoardSpec[Any, Any, Any]] = {}


def register_board(spec: BoardSpec[Any, Any, Any]) -> None:
    """Add a game's board (or replace the one of the same name), and what it brings to the kit; its rules must
    be in game.registry. ``ValueError`` if its intents want a key another intent has."""
    inp.register_bindings(spec.name, spec.bindings)
    _BOARDS[spec.name] = spec
    ui_art.ICONS.add(spec.name, spec.icons)
    ui_art.EMBLEMS.add(spec.name, spec.emblems)
    audio.CUES.add(spec.name, spec.sounds)
    audio.MUSIC.add(spec.name, () if spec.music is None else (spec.music,))


def unregister_board(name: str) -> None:
    _BOARDS.pop(name, None)
    inp.unregister_bindings(name)
    for names in (ui_art.ICONS, ui_art.EMBLEMS, audio.CUES, audio.MUSIC):
        names.remove(name)


for _boxed in (FALCONI_BOARD, FREDERICUS_BOARD):
    register_board(_boxed)


def boards() -> tuple[BoardSpec[Any, Any, Any], ...]:
    """Every registered board, the boxed games first: the order the menus list them in."""
    return tuple(_BOARDS.values())


def has_board(name: str) -> bool:
    return name in _BOARDS


def board(name: str) -> BoardSpec[Any, Any, Any]:
    """The board of the game called ``name``; ``KeyError`` for a game the window cannot show."""
    spec = _BOARDS.get(name)
    if spec is None:
        raise KeyError(f"no board for the game {name!r}; the window shows {', '.join(_BOARDS)}")
    return spec
