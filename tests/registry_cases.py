"""The games and variants a generic test plays, read from the registry (:func:`game.registry.variant_cases`),
never listed by hand: a test meant to hold for every game, every pizza or every Mode II pizza parametrizes with
these, so a game or pizza registered later is tested without editing a test (``test_registry_drives_tests``
registers a throw-away pizza and checks that the generic tests play it). A test about one pizza's own ruling
keeps that pizza's name."""

from __future__ import annotations

from typing import Any

import pytest

from game.falconi.variants import VARIANTS
from game.registry import game_spec, variant_cases


def cases(game: str | None = None) -> list[Any]:
    """Every registered game (or only ``game``) with each of its options records, as pytest parameters named
    ``falconi-margherita``, ``fredericus-short_game=True``."""
    return [pytest.param(case, id=case.id) for case in variant_cases(game)]


def pizzas(mode: int | None = None) -> list[str]:
    """The names of Falconi's registered pizzas (of Mode ``mode`` only, if given), in the registry's order."""
    spec = game_spec("falconi")
    names = [spec.options_of(case.options).variant for case in variant_cases("falconi")]
    return [name for name in names if mode is None or VARIANTS[name].mode == mode]
