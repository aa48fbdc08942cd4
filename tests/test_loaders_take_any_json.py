"""Every loader of stored JSON takes any JSON at all: the only exception that may leave it is the
documented format error (``StateFormatError``), and the settings loader never raises, it falls back.

Two kinds of input: any JSON value, and a real document with some of its fields replaced by any JSON value
(so that the envelope and most fields are right and the loader's deeper checks are reached)."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.errors import StateFormatError
from game.falconi.options import FalconiOptions
from game.falconi.state import FalconiState
from game.fredericus.state import FredericusState
from game.services.match import Match, MatchSetup, SeatPlan
from game.services.settings import Settings, settings_from_json
from game.services.stats import Stats, count_match, stats_from_json

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**20), 10**20) | st.floats(allow_nan=False)
    | st.text(max_size=20) | st.sampled_from(["", "N4", "4,4 N", "straight r0", "escape:port", "hand", "salami"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


def _played(state: Any, seed: int, moves: int) -> Any:
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def _a_match() -> Match:
    match = Match(MatchSetup("falconi", (SeatPlan.human(), SeatPlan.ai("easy"), SeatPlan.ai("easy"),
                                         SeatPlan.ai("easy")), seed=4, options=FalconiOptions("diavola")))
    _played(match.state, 4, 0)
    rng = random.Random(4)
    for _ in range(12):
        match.play(rng.choice(match.state.legal_actions()))
    return match


DOCUMENTS: dict[str, dict[str, Any]] = {
    "falconi-margherita": _played(FalconiState.new_game("margherita", 2), 2, 9).to_json(),
    "falconi-diavola": _played(FalconiState.new_game("diavola", 3), 3, 30).to_json(),
    "fredericus": _played(FredericusState.new_game(3, 5), 5, 40).to_json(),
    "match": _a_match().to_json(),
    "settings": Settings(language="de").to_json(),
    "stats": count_match(Stats({}), _a_match()).to_json(),
}
LOADERS: dict[str, Callable[[Any], Any]] = {
    "falconi-margherita": FalconiState.from_json,
    "falconi-diavola": FalconiState.from_json,
    "fredericus": FredericusState.from_json,
    "match": Match.from_json,
    "settings": settings_from_json,
    "stats": stats_from_json,
}


def load(kind: str, data: Any) -> None:
    """Load ``data``: a format error is a fine answer, any other exception fails the test."""
    try:
        result = LOADERS[kind](data)
    except StateFormatError:
        assert kind != "settings", "the settings loader falls back instead of raising"
        return
    if kind == "settings":
        assert isinstance(result[0], Settings) and isinstance(result[1], list)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(kind=st.sampled_from(sorted(LOADERS)), data=JSON)
def test_any_json_value_is_loaded_or_refused_as_a_format_error(kind: str, data: Any) -> None:
    load(kind, data)


@settings(max_examples=400, deadline=None)
@given(kind=st.sampled_from(sorted(LOADERS)), changes=st.lists(st.tuples(st.integers(0, 10**6), JSON),
                                                              min_size=1, max_size=3))
@pytest.mark.slow
def test_a_real_document_with_fields_replaced_by_any_json_is_loaded_or_refused(kind: str, changes) -> None:
    document = copy.deepcopy(DOCUMENTS[kind])
    for pick, value in changes:
        holder, key = _a_place(document, pick)
        holder[key] = value
    load(kind, document)


def _a_place(document: Any, pick: int) -> tuple[Any, Any]:
    """A field or list item somewhere in ``document``, chosen by ``pick``: a top-level field, or one level down."""
    keys = sorted(document)
    key = keys[pick % len(keys)]
    inner = document[key]
    if pick % 3 == 0 and isinstance(inner, list) and inner:
        return inner, (pick // 3) % len(inner)
    if pick % 3 == 0 and isinstance(inner, dict) and inner:
        return inner, sorted(inner)[(pick // 3) % len(inner)]
    return document, key


def test_a_stored_statistics_line_is_quoted_short_in_its_problem() -> None:
    document = copy.deepcopy(DOCUMENTS["stats"])
    document["lines"][0]["variant"] = "v" * 1_000_000
    _stats, rejected = stats_from_json(document)
    assert len(rejected) == 1 and len(rejected[0]) < 200
