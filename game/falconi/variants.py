"""The five pizzas (F-5.7, F-6.2, F-6.6) as data: what each variant adds to the base game."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.errors import GameError
from game.core.text import shorten

VariantName = str  # a pizza's name: one of the box's, or one registered with register_variant


@dataclass(frozen=True)
class Variant:
    name: VariantName
    mode: int  # 1: simple (draw, place, drive to the end of the road); 2: three actions a turn
    reserves: bool  # each car holds up to 2 reserve tiles
    escapes: bool  # the 3 escape tiles are in play
    bombs: int  # Chili Bombs the fugitive starts with (Mode I)
    boosts: int  # Chili Boosts the fugitive starts with (Diavola)
    accomplice: bool  # the fugitive's secret escape tile (Diavola)
    difficulty: int  # 1 (children) … 5 (experts), for menus
    summary: str


VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in (
        Variant("margherita", 1, False, False, 2, 0, False, 1,
                "Draw, place, drive to the end of the road: a quick game of luck."),
        Variant("funghi", 1, True, False, 2, 0, False, 2,
                "As Margherita, but everyone keeps two reserve tiles to choose from."),
        Variant("prosciutto", 1, True, True, 2, 0, False, 3,
                "Reserves, and escape tiles on the border where an accomplice waits."),
        Variant("salami", 2, True, True, 0, 0, False, 4,
                "Three actions a turn: draw, place anywhere beside you, drive one tile."),
        Variant("diavola", 2, True, True, 0, 2, True, 5,
                "Salami with two Chili Boosts and a secret accomplice for Don Falconi."),
    )
}


def find_variant(name: str) -> Variant:
    """The variant called ``name`` in any case, with any spaces around it (as a set-up reads it, see
    :class:`game.falconi.options.FalconiOptions`), or a ``GameError`` listing the choices."""
    variant = VARIANTS.get(name.strip().casefold())
    if variant is None:
        raise GameError(f"unknown variant {shorten(repr(name), 40)}; choose one of {', '.join(VARIANTS)}")
    return variant


_BOXED: tuple[str, ...] = tuple(VARIANTS)


def register_variant(variant: Variant) -> None:
    """Add a pizza to the ones a set-up may name (a test's throw-away pizza, a future box's): the registry's
    set-ups (:func:`game.registry.variant_cases`) then list it. The box's five cannot be replaced, and a name
    must be in its own spelling (lower case, no spaces around), as :func:`find_variant` reads names."""
    if variant.name in _BOXED:
        raise GameError(f"{variant.name} is one of the box's pizzas; give a new pizza a name of its own")
    if not variant.name or variant.name != variant.name.strip().casefold():
        raise GameError(f"a pizza's name is in lower case without spaces around it, not {variant.name!r}")
    VARIANTS[variant.name] = variant


def unregister_variant(name: str) -> None:
    """Take back a pizza :func:`register_variant` added (nothing if there is none); the box's stay."""
    if name in _BOXED:
        raise GameError(f"{name} is one of the box's pizzas, which stay")
    VARIANTS.pop(name, None)
