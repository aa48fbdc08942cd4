"""R-8 scoring: card points, triangular pair points across all kinds, Fredericus, and the tie rule."""

from __future__ import annotations

import pytest

from game.fredericus.builder import build_position as build
from game.fredericus.cards import KINDS
from game.fredericus.scoring import pair_points, score, winner


def counts(letters: str) -> list[int]:
    result = [0] * KINDS
    for letter in letters:
        result["gubchmdp".index(letter)] += 1
    return result


@pytest.mark.parametrize(
    ("creatures", "objectives", "fredericus", "points"),
    [
        ("gub", "gub", False, 3 + 3 + (1 + 2 + 3)),  # three pairs of three kinds
        ("ggg", "g", False, 3 + 1 + 1),  # one objective pairs with one creature only
        ("gg", "gg", True, 2 + 2 + 2 + (1 + 2)),  # Fredericus is 2 points, and pairs with nothing
        ("ud", "g", False, 2 + 1),  # no pair
        ("ggu", "gguu", False, 3 + 4 + (1 + 2 + 3)),  # min(2, 2) griffins + min(1, 2) unicorns
        ("", "", False, 0),
        ("gguubbcc", "gubc", False, 8 + 4 + (1 + 2 + 3 + 4)),
    ],
)
def test_r8_1_and_r8_2_points_for_cards_and_pairs(creatures, objectives, fredericus, points):
    assert score(counts(creatures), counts(objectives), fredericus) == points


def test_r8_2_n_pairs_score_the_nth_triangular_number():
    assert [pair_points(n) for n in range(6)] == [0, 1, 3, 6, 10, 15]


def test_r8_3_the_most_points_win():
    assert winner([3, 9, 4], order=(2, 0, 1)) == 1


def test_r8_3_a_tie_goes_to_the_tied_player_who_played_last():
    assert winner([7, 7, 7, 2], order=(0, 1, 2, 3)) == 2
    assert winner([7, 2, 7, 2], order=(2, 3, 0, 1)) == 0  # seat 0 plays after seat 2 when seat 2 starts


def test_r8_outcome_names_the_winner_and_the_ending():
    state = build(
        4,
        start=1,
        turn=3,
        phase="over",
        trigger="fredericus_discarded",
        discards="F",
        creatures={0: "gu", 1: "b", 2: "hm", 3: "d"},
        objectives={0: "c", 1: "b", 2: "p", 3: ""},
    )
    assert state.scores() == [3, 3, 3, 1]  # Blue: a basilisk, its objective and a pair
    outcome = state.outcome
    assert outcome.termination == "fredericus_discarded" and outcome.winners == frozenset({0})
    assert "Red falconer wins with 3 points" in outcome.reason and "tied" in outcome.reason
    assert state.returns() == [1.0, -1.0, -1.0, -1.0]
