"""Catch Don Falconi's options: the pizza (F-5.7, F-6.2, F-6.6), the one choice a set-up makes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core.jsonio import field
from game.core.options import OptionValue
from game.falconi.variants import VariantName, find_variant


@dataclass(frozen=True)
class FalconiOptions:
    """A Falconi set-up's options: its pizza, in the one spelling the saves, menus and statistics know."""

    variant: VariantName = "margherita"

    def __post_init__(self) -> None:
        """Checks a pizza mypy could not (a save's, a caller's): in its own spelling, or a ``GameError``."""
        object.__setattr__(self, "variant", find_variant(self.variant).name)

    @classmethod
    def named(cls, variant: str) -> FalconiOptions:
        """The options of the pizza ``variant`` names whatever its case and the spaces around it (``" Salami"``
        from a command line or an edited save), or a ``GameError`` listing the pizzas."""
        return cls(find_variant(variant).name)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> FalconiOptions:
        return cls.named(field(data, "variant", str, "match set-up"))

    def to_json(self) -> dict[str, OptionValue]:
        return {"variant": self.variant}
