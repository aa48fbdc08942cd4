"""The registry of games: every game the program knows, by name. The two boxed games are registered here;
a test (or a future game) adds its own with :func:`register`."""

from __future__ import annotations

from typing import Any

from game.core.errors import GameError
from game.core.gamespec import GameSpec
from game.falconi.registration import FALCONI
from game.fredericus.registration import FREDERICUS

_GAMES: dict[str, GameSpec[Any]] = {spec.name: spec for spec in (FALCONI, FREDERICUS)}


def register(spec: GameSpec[Any]) -> None:
    """Add a game (or replace the one of the same name)."""
    _GAMES[spec.name] = spec


def unregister(name: str) -> None:
    _GAMES.pop(name, None)


def game_names() -> tuple[str, ...]:
    """Every registered game's name, the boxed games first."""
    return tuple(_GAMES)


def game_spec(name: str) -> GameSpec[Any]:
    """The spec of the game called ``name``; ``GameError`` with the known names for any other."""
    spec = _GAMES.get(name)
    if spec is None:
        raise GameError(f"unknown game {name!r}; choose {' or '.join(_GAMES)}")
    return spec
