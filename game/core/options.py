"""A game's options as a typed record: each game owns a frozen dataclass of its options (Falconi's pizza,
Fredericus's shorter game), declared on its :class:`~game.core.gamespec.GameSpec` as ``options_type``.

A set-up holds that record; code that needs an option reads its attribute. Saves write the record's
``to_json`` beside the set-up's other fields, so each option keeps the key and the value it always had.
"""

from __future__ import annotations

from typing import Any, Protocol, Self

OptionValue = bool | int | str


class GameOptions(Protocol):
    """A game's options record. ``type()`` (no arguments) gives its defaults; ``from_json`` reads the options
    out of a saved set-up, checking each: a ``StateFormatError`` for a missing or mistyped field, a
    ``GameError`` for a value the game does not have, each with a sentence naming what is wrong."""

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self: ...

    def to_json(self) -> dict[str, OptionValue]: ...


class GameDefaults:
    """The options of a set-up that names none: its game's defaults, put in their place by the set-up."""

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        return cls()

    def to_json(self) -> dict[str, OptionValue]:
        return {}


DEFAULTS = GameDefaults()
