"""A pytest plugin (``-p throwaway_pizza``) that registers a sixth pizza before the tests are collected and takes
it back after: Margherita's rules under another name, as a new box's pizza would come. The generic tests then
play it (``test_registry_drives_tests``) without a line of theirs naming it."""

from __future__ import annotations

from dataclasses import replace

from game.falconi.variants import VARIANTS, Variant, register_variant, unregister_variant

NAME = "marinara"


def throwaway() -> Variant:
    return replace(VARIANTS["margherita"], name=NAME, summary="Margherita's rules under another name.")


def pytest_configure() -> None:
    register_variant(throwaway())


def pytest_unconfigure() -> None:
    unregister_variant(NAME)
