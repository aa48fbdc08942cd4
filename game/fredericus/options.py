"""Fredericus's options: the shorter game (R-9). How many falconers play is the set-up's seats."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core.jsonio import field
from game.core.options import OptionValue


@dataclass(frozen=True)
class FredericusOptions:
    """A Fredericus set-up's options: the full game, or the shorter one of R-9 (whose games score differently)."""

    short_game: bool = False

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> FredericusOptions:
        return cls(field(data, "short_game", bool, "match set-up"))

    def to_json(self) -> dict[str, OptionValue]:
        return {"short_game": self.short_game}
