"""R-8 scoring: card points, triangular pair points across all kinds, Fredericus, and the tie rule; the points
by category that the game over tallies, summing to the score."""

from __future__ import annotations

import random

import pytest
from fredericus_builder import build_position as build
from hypothesis import given, settings
from hypothesis import strategies as st
from test_fredericus_selfplay import points_from_scratch

from game.core.bots import GreedyBot
from game.core.view import SeatView
from game.fredericus import FredericusState
from game.fredericus.cards import KINDS
from game.fredericus.heuristics import evaluate
from game.fredericus.scoring import CATEGORIES, Breakdown, breakdown, pair_points, places, score, winner


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


@pytest.mark.parametrize(
    ("creatures", "objectives", "fredericus", "points"),
    [
        ("gub", "gub", False, Breakdown(creatures=3, objectives=3, pairs=3, fredericus=0)),
        ("ggg", "g", False, Breakdown(creatures=3, objectives=1, pairs=1, fredericus=0)),
        ("gg", "gg", True, Breakdown(creatures=2, objectives=2, pairs=2, fredericus=2)),
        ("ud", "g", False, Breakdown(creatures=2, objectives=1, pairs=0, fredericus=0)),
        ("ggu", "gguu", False, Breakdown(creatures=3, objectives=4, pairs=3, fredericus=0)),
    ],
)
def test_r8_the_breakdown_keeps_each_category_of_points_apart(creatures, objectives, fredericus, points):
    result = breakdown(counts(creatures), counts(objectives), fredericus)
    assert result == points
    assert result.pair_bonus == pair_points(points.pairs)
    assert dict(zip(CATEGORIES, result.points)) == {"creatures": points.creatures, "objectives": points.objectives,
                                                    "pairs": pair_points(points.pairs),
                                                    "fredericus": points.fredericus}


kind_counts = st.lists(st.integers(0, 4), min_size=KINDS, max_size=KINDS)


@given(kind_counts, kind_counts, st.booleans())
def test_r8_the_categories_of_a_breakdown_add_up_to_the_score(creatures, objectives, fredericus):
    points = breakdown(creatures, objectives, fredericus)
    assert points.total == sum(points.points) == score(creatures, objectives, fredericus)
    assert points.pairs <= min(points.creatures, points.objectives)


def finished_game(players: int, seed: int, greedy: bool) -> FredericusState:
    """A seeded game played to its end at random, or by greedy falconers (who make pairs and find Fredericus)."""
    state, rng, bot = FredericusState.new_game(players, seed), random.Random(seed), GreedyBot(evaluate)
    while not state.is_terminal():
        state.apply(bot.choose(SeatView(state), rng) if greedy else rng.choice(state.legal_actions()))
    return state


@settings(max_examples=30, deadline=None)
@given(st.sampled_from((2, 3, 4)), st.integers(0, 10**6))
def test_r8_in_every_finished_game_each_falconers_categories_sum_to_their_score(players, seed):
    state = finished_game(players, seed, greedy=False)
    expected = points_from_scratch(state.to_json())
    assert [points.total for points in state.score_breakdowns()] == state.scores() == expected


@pytest.mark.slow
def test_r8_greedy_games_score_in_every_category_and_the_breakdowns_still_add_up():
    seen = [0] * len(CATEGORIES)
    for seed in range(6):
        state = finished_game(2 + seed % 3, seed, greedy=True)
        breakdowns = state.score_breakdowns()
        assert [points.total for points in breakdowns] == state.scores() == points_from_scratch(state.to_json())
        for points in breakdowns:
            seen = [count + bool(value) for count, value in zip(seen, points.points)]
    assert all(seen), dict(zip(CATEGORIES, seen))  # every category was tallied in some game


def test_r8_2_n_pairs_score_the_nth_triangular_number():
    assert [pair_points(n) for n in range(6)] == [0, 1, 3, 6, 10, 15]


def test_r8_3_the_most_points_win():
    assert winner([3, 9, 4], order=(2, 0, 1)) == 1


def test_r8_3_a_tie_goes_to_the_tied_player_who_played_last():
    assert winner([7, 7, 7, 2], order=(0, 1, 2, 3)) == 2
    assert winner([7, 2, 7, 2], order=(2, 3, 0, 1)) == 0  # seat 0 plays after seat 2 when seat 2 starts


def test_r8_3_the_ranking_gives_the_tied_win_to_the_last_to_play_and_a_shared_place_below():
    """R-8.3 decides only the win: players tied below it share their place (1st, 2nd, 2nd)."""
    assert places([7, 7, 7, 2], order=(0, 1, 2, 3)) == {2: 1, 0: 2, 1: 2, 3: 4}
    assert places([7, 2, 7, 2], order=(2, 3, 0, 1)) == {0: 1, 2: 2, 3: 3, 1: 3}
    assert places([3, 9, 4], order=(2, 0, 1)) == {1: 1, 2: 2, 0: 3}


@settings(max_examples=200)
@given(st.lists(st.integers(0, 4), min_size=2, max_size=4), st.randoms())
def test_r8_3_the_ranking_has_one_winner_the_rules_winner_and_follows_the_points(points, rng):
    order = list(range(len(points)))
    rng.shuffle(order)
    ranked = places(points, order)
    assert [seat for seat, place in ranked.items() if place == 1] == [winner(points, order)]
    for seat in order:
        for other in order:
            if points[seat] > points[other]:
                assert ranked[seat] < ranked[other]
            elif points[seat] == points[other] and winner(points, order) not in (seat, other):
                assert ranked[seat] == ranked[other]


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
