"""A sentence for people, kept as a catalog key and its fields so that it can be said in any language.

The rules cores say what happened as a ``Message``; ``game.i18n.Translator.message`` fills the key's template
in the player's language. A field whose value is a string starting with ``@`` names another catalog key
(``("tile", "@tile.curve")``): it is translated first, so game words (tiles, edges, cards, seats) are looked up
in the same language as the sentence around them. Other values (numbers, coordinates, board labels) are
written as they are.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeGuard

FieldValue = str | int
KEY_MARK = "@"


@dataclass(frozen=True)
class Message:
    """A catalog ``key`` and its ``fields`` as ``(name, value)`` pairs: hashable, comparable, JSON-friendly."""

    key: str
    fields: tuple[tuple[str, FieldValue], ...] = ()

    @classmethod
    def of(cls, key: str, **fields: FieldValue) -> Message:
        """``Message.of("log.falconi.draw", who="@seat.falconi.0")``: fields by keyword, kept in that order."""
        return cls(key, tuple(fields.items()))

    def field_keys(self) -> tuple[str, ...]:
        """The catalog keys named by ``@`` fields (without the mark)."""
        return tuple(value[1:] for _, value in self.fields if is_key(value))


def is_key(value: object) -> TypeGuard[str]:
    """Whether a field value names a catalog key (a string starting with ``@``)."""
    return isinstance(value, str) and value.startswith(KEY_MARK)
