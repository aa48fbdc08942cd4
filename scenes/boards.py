"""The window's registry of games: what the window needs of each game besides its rules (which
:mod:`game.registry` keeps). A game's :class:`BoardSpec` says how to make its board view, its seat colours,
emblem and music, the page between the game menu and the seat set-up, how that set-up reads, its rules pages,
and how its results and records are shown.

Each game registers its own from its scenes package (``scenes/<game>/registration.py``); the two boxed games
are registered here. No other module of the window branches on a game's name or imports a game's package: they
ask :func:`board` (``tests/test_import_rules.py``). A game the window has no board for is simply not offered.
"""

from __future__ import annotations

from scenes.boardspec import BoardSpec
from scenes.falconi.registration import FALCONI_BOARD
from scenes.fredericus.registration import FREDERICUS_BOARD

__all__ = ["BoardSpec", "board", "boards", "emblem_names", "has_board", "music_names", "register_board",
           "unregister_board"]

_BOARDS: dict[str, BoardSpec] = {spec.name: spec for spec in (FALCONI_BOARD, FREDERICUS_BOARD)}


def register_board(spec: BoardSpec) -> None:
    """Add a game's board (or replace the one of the same name); its rules must be in game.registry."""
    _BOARDS[spec.name] = spec


def unregister_board(name: str) -> None:
    _BOARDS.pop(name, None)


def boards() -> tuple[BoardSpec, ...]:
    """Every registered board, the boxed games first: the order the menus list them in."""
    return tuple(_BOARDS.values())


def has_board(name: str) -> bool:
    return name in _BOARDS


def board(name: str) -> BoardSpec:
    """The board of the game called ``name``; ``KeyError`` for a game the window cannot show."""
    spec = _BOARDS.get(name)
    if spec is None:
        raise KeyError(f"no board for the game {name!r}; the window shows {', '.join(_BOARDS)}")
    return spec


def emblem_names() -> tuple[str, ...]:
    """Every emblem the art has (``scenes.kit.ui_art``): each game's own and its variants' (pizzas)."""
    return tuple(dict.fromkeys(name for spec in boards() for name in spec.emblems))


def music_names() -> tuple[str, ...]:
    """The music loops, in files named ``music_<name>.wav``: each game's. The app's sound plays these alone."""
    return tuple(dict.fromkeys(spec.music for spec in boards()))
