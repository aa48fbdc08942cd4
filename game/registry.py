"""The registry of games: every game the program knows, by name, and every set-up of its options a player can
choose. The two boxed games are registered here; a test (or a future game) adds its own with :func:`register`,
a new pizza with :func:`game.falconi.variants.register_variant`. The generic tests play
:func:`variant_cases`, so a game or variant added here is tested without editing a test."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core.errors import GameError
from game.core.gamespec import GameSpec
from game.core.options import GameOptions
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


@dataclass(frozen=True)
class VariantCase:
    """One game with one of its options records: a set-up's rules, as a generic test plays them."""

    game: str
    options: GameOptions

    @property
    def id(self) -> str:
        """A name for test ids: ``falconi-margherita``, ``fredericus-short_game=True``."""
        words = [value if isinstance(value, str) else f"{key}={value}" for key, value in self.options.to_json().items()]
        return "-".join([self.game, *words])


def variant_cases(game: str | None = None) -> tuple[VariantCase, ...]:
    """Every registered game (or only ``game``) with each options record its spec lets a player choose, in the
    registry's order: what a test meant to hold for every game and variant plays."""
    names = game_names() if game is None else (game_spec(game).name,)
    return tuple(VariantCase(name, options) for name in names for options in _GAMES[name].playable_options())
