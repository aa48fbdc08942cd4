"""The player's statistics: what a finished match counts for each game and role, which opponents name a line,
bad files kept aside with their good lines kept, atomic writes, each finished game counted once through the
window, and the page reached from the title menu with every device."""

from __future__ import annotations

import json
import random
from itertools import product
from types import SimpleNamespace

import pygame
import pytest
from event_player import choose
from hypothesis import given, settings
from hypothesis import strategies as st
from scene_driver import screenshot_dir
from test_scenes_play import open_app, play_to_the_end

from game.core.protocol import Outcome
from game.falconi.options import FalconiOptions
from game.fredericus.options import FredericusOptions
from game.registry import game_names, game_spec
from game.services.match import Match, MatchSetup, Person, SeatPlan
from game.services.stats import (
    OPPONENTS,
    STATS_FILE,
    STATS_LOCK,
    NameKey,
    Stats,
    StatsKey,
    count_match,
    load_stats,
    match_results,
    opponents_level,
    role_of,
    save_stats,
)
from game.services.tally import Tally
from scenes.pages.gameover import GameOverScene
from scenes.pages.menus import TitleScene
from scenes.pages.overlays import HandOverOverlay
from scenes.pages.stats_scene import sample_stats

ME, ANNA, BRUNO = SeatPlan.human(0), SeatPlan.human(0), SeatPlan.human(1)
EASY, NORMAL, HARD, OFF = SeatPlan.ai("easy"), SeatPlan.ai("normal"), SeatPlan.ai("hard"), SeatPlan("off")
TWO = (Person("Anna"), Person("Bruno"))
PAD = 0  # the pad's SDL instance id: it becomes pad1


TURNS = 23  # how long a made-up Falconi game lasted: a win's score
POINTS = (30, 31, 32, 33)  # each falconer's points at the end of a made-up Fredericus game


def ended(setup: MatchSetup, winners: set[int], termination: str = "catch") -> SimpleNamespace:
    """A match of ``setup`` as it stands once over, won by ``winners``: only the set-up, the outcome and the
    scores count."""
    outcome = Outcome(termination, frozenset(winners), "")
    return SimpleNamespace(setup=setup, state=SimpleNamespace(outcome=outcome, turn_number=TURNS,
                                                              scores=lambda: list(POINTS)))


ONE_PERSON = (Person("Anna"),)


def falconi(seats, people=ONE_PERSON, variant="salami") -> MatchSetup:
    return MatchSetup("falconi", seats, people, options=FalconiOptions(variant))


def line(game, variant, role, opponents) -> StatsKey:
    return StatsKey(game, variant, role, opponents)


# --- what a match counts ----------------------------------------------------------------------------------
def test_don_falconi_against_ai_police_counts_one_game_named_by_the_strongest_car():
    match = ended(falconi((ME, EASY, OFF, HARD)), {0}, "escape")
    assert match_results(match) == [(line("falconi", "salami", "fugitive", "hard"), True, TURNS)]


def test_f8_1_only_the_police_car_that_caught_him_wins():
    catcher = ended(falconi((HARD, ME, EASY, EASY)), {1})
    other = ended(falconi((HARD, EASY, ME, EASY)), {1})
    assert match_results(catcher) == [(line("falconi", "salami", "police", "hard"), True, TURNS)]
    assert match_results(other) == [(line("falconi", "salami", "police", "hard"), False, None)]


def test_f8_2_a_blocked_fugitive_is_a_win_for_every_car_still_in_the_chase_not_for_one_put_out():
    still_in = ended(falconi((NORMAL, ME, EASY, EASY)), {1, 3}, "fugitive_blocked")
    put_out = ended(falconi((NORMAL, EASY, ME, EASY)), {1, 3}, "fugitive_blocked")
    assert match_results(still_in)[0][1] is True
    assert match_results(put_out)[0][1] is False


def test_a_person_driving_every_police_car_plays_one_police_game_and_wins_with_any_car():
    match = ended(falconi((EASY, ME, ME, ME), variant="margherita"), {3})
    assert match_results(match) == [(line("falconi", "margherita", "police", "easy"), True, TURNS)]


def test_every_person_at_the_screen_counts_with_people_as_opponents_unless_an_ai_sits_among_them():
    match = ended(falconi((ANNA, EASY, BRUNO, OFF), TWO), {2})
    assert match_results(match) == [(line("falconi", "salami", "fugitive", "easy"), False, None),
                                    (line("falconi", "salami", "police", "people"), True, TURNS)]


def test_a_role_played_against_oneself_is_not_counted():
    both_sides = ended(falconi((ME, ME, NORMAL, OFF)), {0}, "escape")
    alone = ended(falconi((ME, ME, ME, ME)), {0}, "escape")
    assert match_results(both_sides) == [(line("falconi", "salami", "fugitive", "normal"), True, TURNS)]
    assert match_results(alone) == []


def test_fredericus_counts_the_falconers_and_the_shorter_game_as_variants():
    short = ended(MatchSetup("fredericus", (EASY, ME, NORMAL), options=FredericusOptions(True)), {1}, "pile_empty")
    long = ended(MatchSetup("fredericus", (ME, HARD, EASY, EASY)), {2}, "pile_empty")
    assert match_results(short) == [(line("fredericus", "3p-short", "falconer", "normal"), True, POINTS[1])]
    assert match_results(long) == [(line("fredericus", "4p", "falconer", "hard"), False, POINTS[0])]


def test_a_person_with_two_falconers_plays_one_game_against_the_others_and_scores_their_best():
    match = ended(MatchSetup("fredericus", (ME, EASY, ME, EASY)), {0}, "pile_empty")
    assert match_results(match) == [(line("fredericus", "4p", "falconer", "easy"), True, POINTS[2])]


@pytest.mark.parametrize("opponents, expected", [
    ((EASY,), "easy"), ((EASY, HARD, NORMAL), "hard"), ((NORMAL, EASY), "normal"), ((BRUNO,), "people"),
    ((BRUNO, EASY), "easy"), ((BRUNO, SeatPlan.human(2)), "people"),
])
def test_the_opponents_are_named_by_their_strongest_ai_and_people_only_without_one(opponents, expected):
    assert opponents_level(opponents) == expected


def random_finish(setup: MatchSetup, seed: int) -> Match:
    match, rng = Match(setup), random.Random(seed)
    while not match.state.is_terminal():
        match.play(rng.choice(match.state.legal_actions()))
    return match


@pytest.mark.parametrize("setup", [falconi((ME, EASY, NORMAL, OFF), variant="diavola"),
                                   falconi((HARD, OFF, ME, OFF), variant="funghi"),
                                   MatchSetup("fredericus", (NORMAL, ME), options=FredericusOptions(True))])
def test_a_real_finished_match_counts_one_game_as_its_outcome_says(setup):
    match = random_finish(setup, 4)
    [(key, tally)] = count_match(Stats(), match).tallies.items()
    seat = setup.seats.index(ME)
    won = seat in match.state.outcome.winners
    assert (key.game, key.role) == (setup.game, role_of(setup, seat))
    score = match.state.scores()[seat] if setup.game == "fredericus" else match.state.turn_number if won else None
    assert tally == Tally(1, int(won), int(won), int(won), score)


def test_a_game_still_going_counts_nothing():
    match = Match(falconi((ME, EASY, EASY, EASY)))
    assert match_results(match) == [] and count_match(Stats(), match) == Stats()


def test_totals_and_win_percentages():
    stats = sample_stats()
    total = stats.total("falconi")
    assert (total.played, total.won, total.win_percent) == (18, 8, 44) and Tally().win_percent == 0


# --- the file ------------------------------------------------------------------------------------------------
EVERY_KEY = [StatsKey(game, variant, role, opponents) for game in game_names()
             for variant, role, opponents in product(game_spec(game).record_variants, game_spec(game).roles, OPPONENTS)]
tallies = st.integers(0, 10**6).flatmap(lambda played: st.builds(Tally, st.just(played), st.integers(0, played)))
records = st.dictionaries(st.sampled_from(EVERY_KEY), tallies, max_size=12).map(Stats)


@pytest.mark.slow
@settings(max_examples=40)
@given(records)
def test_a_saved_record_loads_as_it_was(tmp_path_factory, stats):
    folder = tmp_path_factory.mktemp("stats")
    save_stats(folder, stats)
    assert load_stats(folder) == (stats, [])


def test_no_file_is_an_empty_record(tmp_path):
    assert load_stats(tmp_path) == (Stats(), [])


@pytest.mark.parametrize("content", [b"\x00{not json", b"[1, 2]", json.dumps({"format": "other"}).encode(),
                                     json.dumps(Stats().to_json() | {"version": 99}).encode(),
                                     json.dumps(Stats().to_json() | {"lines": "many"}).encode()])
def test_an_unreadable_file_is_moved_aside_and_the_count_starts_again(tmp_path, content):
    (tmp_path / STATS_FILE).write_bytes(content)
    stats, [problem] = load_stats(tmp_path)
    [kept] = tmp_path.glob("stats.unreadable-*.json")
    assert stats == Stats() and kept.read_bytes() == content and not (tmp_path / STATS_FILE).exists()
    assert problem.message.key == "stats.notice.unreadable" and ("file", kept.name) in problem.message.fields


def test_a_partly_bad_file_keeps_its_good_lines_and_a_copy_of_the_whole_file(tmp_path):
    good = sample_stats()
    data = good.to_json()
    data["lines"] += [
        {"game": "falconi", "variant": "quattro formaggi", "role": "police", "opponents": "easy", "played": 1,
         "won": 0},
        {"game": "fredericus", "variant": "2p", "role": "police", "opponents": "easy", "played": 1, "won": 0},
        {"game": "falconi", "variant": "funghi", "role": "police", "opponents": "easy", "played": 2, "won": 3},
        {"game": "falconi", "variant": "funghi", "role": "police", "opponents": "easy", "played": True, "won": 0},
        data["lines"][0], "a line", None,
    ]
    original = json.dumps(data).encode()
    (tmp_path / STATS_FILE).write_bytes(original)
    stats, [problem] = load_stats(tmp_path)
    [kept] = tmp_path.glob("stats.partial-*.json")
    assert stats == good and kept.read_bytes() == original
    assert problem.message.key == "stats.notice.partial" and len(problem.detail.split("; ")) == 7
    assert load_stats(tmp_path) == (good, [])  # the cleaned record was written back: no second notice


def test_a_failed_write_leaves_the_old_record_whole(tmp_path, monkeypatch):
    save_stats(tmp_path, sample_stats())
    before = (tmp_path / STATS_FILE).read_bytes()

    def full_disk(_fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("game.core.jsonio.os.fsync", full_disk)
    with pytest.raises(OSError):
        save_stats(tmp_path, Stats())
    assert (tmp_path / STATS_FILE).read_bytes() == before
    assert sorted(path.name for path in tmp_path.iterdir()) == [STATS_FILE, STATS_LOCK]  # no temporary file left


# --- the app -----------------------------------------------------------------------------------------------------
@pytest.mark.slow
def test_every_finished_game_is_counted_once_for_every_person_and_kept(tmp_path, monkeypatch):
    setup = falconi((ANNA, OFF, BRUNO, OFF), TWO, variant="margherita")
    driver = open_app(tmp_path, monkeypatch, setup)
    try:
        scene = play_to_the_end(driver, "keyboard", seed=5)
        driver.run(10)
        assert isinstance(driver.top, GameOverScene)
        winners, turns = scene.match.state.outcome.winners, scene.match.state.turn_number

        def one_game(seat: int) -> Tally:
            return Tally(1, 1, 1, 1, turns) if seat in winners else Tally(1, 0)

        expected = Stats({line("falconi", "margherita", "fugitive", "people"): one_game(0),
                          line("falconi", "margherita", "police", "people"): one_game(2)},
                         {NameKey("Anna", "falconi"): one_game(0), NameKey("Bruno", "falconi"): one_game(2)})
        assert driver.app.context.stats == expected
        assert load_stats(tmp_path / "data") == (expected, [])
        driver.click_item("menu")
        driver.run(5)
        assert isinstance(driver.top, TitleScene) and driver.app.context.stats == expected
    finally:
        driver.app.close()
    again = open_app(tmp_path, monkeypatch)
    try:
        assert again.app.context.stats == expected
    finally:
        again.app.close()


@pytest.mark.slow
def test_a_game_whose_window_closes_before_its_result_comes_up_is_counted_once(tmp_path, monkeypatch):
    setup = falconi((ANNA, OFF, BRUNO, OFF), TWO, variant="margherita")
    driver = open_app(tmp_path, monkeypatch, setup)
    try:
        scene, rng = driver.top, random.Random(5)
        while not scene.match.state.is_terminal():
            if isinstance(driver.top, HandOverOverlay):
                driver.key(pygame.K_RETURN)
            else:
                choose(driver, scene, rng.choice(scene.match.state.legal_actions()), "keyboard")
        assert driver.top is scene  # the final position, in the pause before the game-over screen
        series = scene.match.series
    finally:
        driver.app.close()
    stats, problems = load_stats(tmp_path / "data")
    assert problems == [] and sum(tally.played for tally in stats.tallies.values()) == 2  # Anna's and Bruno's
    assert len(series.history) == 1


def test_a_game_left_midway_is_not_counted(tmp_path, monkeypatch):
    driver = open_app(tmp_path, monkeypatch, falconi((ANNA, OFF, BRUNO, OFF), TWO))
    try:
        driver.key(pygame.K_p)
        driver.click_item("quit")
        driver.click_item("yes")
        assert isinstance(driver.top, TitleScene) and driver.app.context.stats == Stats()
        assert not (tmp_path / "data" / STATS_FILE).exists()
    finally:
        driver.app.close()


def test_a_record_the_disk_refuses_is_told_and_the_game_goes_on(driver, tmp_path):
    context = driver.app.context
    (tmp_path / "blocker").write_text("a file where the folder should be")
    context.data_folder = tmp_path / "blocker" / "data"
    context.record_game(random_finish(falconi((ME, OFF, EASY, OFF)), 1))
    assert context.stats.total("falconi").played == 1
    assert context.notices[-1].startswith(context.tr("stats.not_saved", reason="").strip())


def test_two_copies_of_the_game_open_at_once_lose_none_of_each_others_games(driver, tmp_path):
    """Each copy loaded the record at its start; each counts its games on top of what the file holds by then."""
    context = driver.app.context
    context.data_folder, context.stats = tmp_path, Stats()
    other = count_match(Stats(), random_finish(falconi((ME, OFF, EASY, OFF)), 2))  # the other copy's game
    save_stats(tmp_path, other)
    context.record_game(random_finish(falconi((ME, OFF, NORMAL, OFF)), 1))
    assert context.stats.total("falconi").played == 2
    assert load_stats(tmp_path) == (context.stats, [])
    (tmp_path / STATS_FILE).write_text("{not json")  # a file not readable whole: the record in memory is counted
    context.record_game(random_finish(falconi((ME, OFF, NORMAL, OFF)), 3))
    assert context.stats.total("falconi").played == 3 and load_stats(tmp_path) == (context.stats, [])


def test_a_bad_file_at_start_is_told_on_the_title_menu_and_kept(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / STATS_FILE).write_text("{broken")
    driver = open_app(tmp_path, monkeypatch)
    try:
        [kept] = folder.glob("stats.unreadable-*.json")
        assert driver.app.context.notices == [driver.app.context.tr("stats.notice.unreadable", file=kept.name)]
        driver.run()
        driver.save(screenshot_dir(tmp_path), "stats_unreadable_notice")
    finally:
        driver.app.close()
