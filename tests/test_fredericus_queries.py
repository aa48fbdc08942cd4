"""The Fredericus core guards its state (issue 39): its fields are private, and views, tools and tests read the
table through named queries that hand out copies and decode the core's numbering and bits themselves."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fredericus_builder import build_position as build

from game.fredericus.actions import CENTRE, FLIP, HAND, TIDY, raptor_kind, raptor_owner, raptors_in, raptors_of
from game.fredericus.rules import new_places
from game.fredericus.state import FredericusState

ROOT = Path(__file__).resolve().parent.parent
PRIVATE_FIELDS = [name.lstrip("_") for name in FredericusState.__slots__ if name not in ("_legal", "_outcome")]


def test_no_field_of_the_state_can_be_written_from_outside():
    state = FredericusState.new_game(4, 1)
    for name in PRIVATE_FIELDS:
        with pytest.raises(AttributeError):
            setattr(state, name, None)


def test_the_queries_hand_out_copies_that_leave_the_state_as_it_was():
    state = FredericusState.new_game(4, 1)
    before = state.to_json()
    state.tokens_of(0).append(5)
    assert isinstance(state.row(0), tuple) and isinstance(state.rows()[0], tuple)
    assert isinstance(state.raptor_posts(), tuple) and isinstance(state.objectives_seen_by({0}, 0), tuple)
    assert state.to_json() == before


def test_no_module_outside_the_core_reads_a_private_field_of_the_state():
    """Every module that names Fredericus, outside ``game/fredericus/`` (a class's own ``self._…`` is not the
    state's)."""
    reading = re.compile(r"(?<!\bself)\.(_(?:" + "|".join(PRIVATE_FIELDS) + r"))\b")
    found = []
    for folder in ("game", "scenes", "devtools", "tools", "tests", "cli", "main.py"):
        for path in [ROOT / folder] if folder.endswith(".py") else (ROOT / folder).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            if path.relative_to(ROOT).parts[:2] == ("game", "fredericus") or path == Path(__file__).resolve():
                continue
            if "fredericus" in text.lower():
                found += [f"{path.relative_to(ROOT)}: {match.group(1)}" for match in reading.finditer(text)]
    assert found == []


def test_a_hand_is_shown_only_to_its_owner_until_the_final_scoring():
    state = build(4, objectives={1: "gu"})
    assert state.objectives_seen_by({1}, 1) == state.objectives_seen_by({0, 1}, 1) == (1, 1, 0, 0, 0, 0, 0, 0)
    assert state.objectives_seen_by({0, 2, 3}, 1) is None and state.objectives_seen_by((), 1) is None
    over = build(4, phase="over", turn=3, trigger="fredericus_discarded", discards="F", objectives={1: "gu"})
    assert over.objectives_seen_by((), 1) == (1, 1, 0, 0, 0, 0, 0, 0)


def test_hooding_and_posts_are_read_raptor_by_raptor():
    state = build(4, raptors={"1g": 2}, hooded=["2f"])
    assert state.is_hooded(4) and not state.is_hooded(5)
    assert state.hooded_raptors() == {4}
    assert state.post_of(3) == 2 and state.raptor_posts()[3] == 2
    assert list(state.raptors()) == list(range(8))


def test_raptor_numbers_name_their_owner_and_kind():
    assert [raptor_owner(raptor) for raptor in raptors_of(2)] == [2, 2]
    assert [raptor_kind(raptor) for raptor in raptors_of(3)] == ["falcon", "goshawk"]
    assert raptors_in(0b1010_0001) == (0, 5, 7)


def test_betting_tokens_name_their_owner_in_seat_order():
    state = build(2, tokens={0: [3, "hand"], 1: [5, 6]})
    assert state.betting_tokens() == ((0, 3), (0, HAND), (1, 5), (1, 6))
    assert build(3, tokens={1: ["centre"]}).betting_tokens() == ((0, HAND), (1, CENTRE), (2, HAND))


def test_public_points_leave_out_the_secret_pairs():
    state = build(4, creatures={1: "gg"}, objectives={1: "gu"})
    assert state.public_points(1) == 4 and state.scores()[1] == 5


def test_a_flip_turns_the_row_and_a_tidy_moves_its_last_three_cards_to_its_start():
    assert new_places(FLIP, 4) == [3, 2, 1, 0]
    assert new_places(TIDY, 5) == [3, 4, 0, 1, 2]


def test_a_take_back_is_told_by_the_state():
    state = build(4)
    state.apply(state.parse_action("card 0 1"))
    assert state.is_take_back(state.parse_action("card 1 0"))
    assert not state.is_take_back(state.parse_action("card 2 3"))
