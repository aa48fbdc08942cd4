"""The registry drives the tests (issue 53): a pizza registered through :mod:`game.falconi.variants`'s API is
among the registry's set-ups, and the generic tests play it without a line of theirs naming it. A test that
listed the pizzas by hand (or a registry that ignored the pizzas registered) would not run it, and the check
of the test ids below would fail."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from throwaway_pizza import NAME, throwaway

from game.core.errors import GameError
from game.falconi.options import FalconiOptions
from game.falconi.variants import VARIANTS, register_variant, unregister_variant
from game.registry import variant_cases

ROOT = Path(__file__).resolve().parent.parent
# Generic tests, each meant to hold for every pizza (or every game and set-up): the throw-away pizza must be
# among the cases each of them ran.
GENERIC = (
    "test_match.py::test_a_save_replays_to_the_same_state_and_log",
    "test_hint_reasons.py::test_the_falconi_terms_add_up_to_the_value_guess_for_every_seat",
    "test_events_told.py::test_every_car_put_out_and_every_block_is_told_after_the_action_that_brought_it",
    "test_conformance.py::test_a_clone_equals_its_original_and_is_independent_of_it",
    "test_conformance.py::test_a_state_comes_back_equal_from_its_json_and_writes_the_same_json",
    "test_conformance.py::test_a_game_ends_exactly_when_it_has_an_outcome_with_well_formed_returns",
    "test_falconi_slot_tips.py::test_a_districts_edge_tells_of_escape_tiles_only_in_a_pizza_that_has_them",
    "test_falconi_view.py::test_every_legal_action_has_its_own_path_with_hotspots_on_the_board",
    "test_falconi_view.py::test_the_chooser_reaches_every_legal_action_by_clicks_and_buttons",
    "test_falconi_view.py::test_a_drive_route_is_shown_for_every_destination_catch_and_blast",
)


@pytest.fixture
def registered() -> Iterator[None]:
    register_variant(throwaway())
    yield
    unregister_variant(NAME)


def test_a_registered_pizza_is_among_the_registrys_set_ups_until_it_is_taken_back(registered):
    assert variant_cases("falconi")[-1].options == FalconiOptions.named(" Marinara ") == FalconiOptions(NAME)
    assert f"falconi-{NAME}" in [case.id for case in variant_cases()]
    unregister_variant(NAME)
    assert NAME not in VARIANTS and f"falconi-{NAME}" not in [case.id for case in variant_cases()]
    with pytest.raises(GameError, match="unknown variant 'marinara'"):
        FalconiOptions(NAME)


def test_the_boxs_pizzas_cannot_be_replaced_or_taken_back_and_a_name_is_in_its_own_spelling():
    with pytest.raises(GameError, match="one of the box's pizzas"):
        register_variant(VARIANTS["salami"])
    with pytest.raises(GameError, match="one of the box's pizzas"):
        unregister_variant("diavola")
    for name in ("Marinara", " marinara", ""):
        with pytest.raises(GameError, match="lower case"):
            register_variant(replace(throwaway(), name=name))
    assert list(VARIANTS) == ["margherita", "funghi", "prosciutto", "salami", "diavola"]


def test_the_generic_tests_play_a_pizza_registered_before_they_are_collected():
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, ["tests", os.environ.get("PYTHONPATH")]))}
    files = sorted({f"tests/{test.split('::')[0]}" for test in GENERIC})
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "throwaway_pizza", "-p", "no:cacheprovider", "-n", "0", "-q", "-rA",
         "-k", NAME, *files],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    passed = [line.split(" ", 1)[1] for line in run.stdout.splitlines() if line.startswith("PASSED ")]
    for test in GENERIC:
        assert any(item.startswith(f"tests/{test}[") and NAME in item for item in passed), (test, passed)
