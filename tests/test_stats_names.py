"""The statistics by name: each person counted once a game under the name they typed, the people nobody named on
the player's own line at most once a game, version 1 records read as they were, bad or too many names left out
and kept aside, and the page's players, most games first, in every language."""

from __future__ import annotations

import json

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scene_driver import Driver, screenshot_dir
from test_stats import POINTS, TURNS, ended, falconi, random_finish
from test_stats_page import drawn_texts

from game.core.text import person_name
from game.fredericus.options import FredericusOptions
from game.services.match import NAME_LENGTH, OFF, MatchSetup, Person, SeatPlan, people_names
from game.services.stats import (
    MOST_NAMES,
    STATS_FILE,
    YOU,
    NameKey,
    Stats,
    StatsKey,
    count_match,
    load_stats,
    match_results,
    name_results,
    record_results,
    save_stats,
    stats_from_json,
)
from game.services.tally import Tally
from scenes.pages.stats_scene import ROWS, SAMPLE_NAME, StatsScene, sample_stats
from scenes.pages.stats_table import table_lines

FIRST, SECOND, THIRD = SeatPlan.human(0), SeatPlan.human(1), SeatPlan.human(2)
EASY, HARD = SeatPlan.ai("easy"), SeatPlan.ai("hard")
ANNA_BRUNO = tuple(Person(name) for name in people_names(["Anna", "Bruno"]))
UNNAMED = tuple(Person(name) for name in people_names(["", "", ""]))  # Player 1, 2, 3


def names(setup, winners, own=""):
    """The lines by name a match of ``setup`` won by ``winners`` counts: each name, won or not."""
    return {key.name: won for key, won, _ in name_results(ended(setup, winners), own)}


# --- what a match counts by name -----------------------------------------------------------------------------
def test_a_hot_seat_game_of_two_named_people_counts_each_under_their_name():
    setup = falconi((FIRST, OFF, SECOND, OFF), ANNA_BRUNO)
    assert name_results(ended(setup, {2}), "") == [(NameKey("Anna", "falconi"), False, None),
                                                   (NameKey("Bruno", "falconi"), True, TURNS)]
    stats = count_match(count_match(Stats(), random_finish(setup, 5)), random_finish(setup, 6))
    assert {key.name for key in stats.names} == {"Anna", "Bruno"}
    assert sum(tally.played for tally in stats.names.values()) == 4


def test_a_solo_game_counts_on_the_players_own_line_whatever_their_name_in_the_settings():
    setup = MatchSetup("fredericus", (EASY, FIRST), options=FredericusOptions(False))
    match = random_finish(setup, 3)
    won = 1 in match.state.outcome.winners
    assert name_results(match, "") == name_results(match, "Marco") == [
        (NameKey(YOU, "fredericus"), won, match.state.scores()[1])]


def test_a_name_typed_for_the_only_person_is_theirs_and_the_players_own_name_is_the_player():
    assert names(falconi((FIRST, OFF, HARD, OFF), (Person("Luca"),)), {0}) == {"Luca": True}
    assert names(falconi((FIRST, OFF, HARD, OFF), (Person("marco"),)), {0}, own="Marco") == {YOU: True}


def test_of_the_people_nobody_named_only_the_first_counts_on_the_players_line():
    """Two people left "Player 1" and "Player 2": the player's line counts the game once, never as won and lost."""
    setup = falconi((FIRST, OFF, SECOND, THIRD), UNNAMED)
    assert names(setup, {2}) == {YOU: False}
    assert match_results(ended(setup, {2})) != []  # every person still counts by role


def test_a_person_who_typed_the_players_own_name_is_the_player_and_the_unnamed_count_by_role_only():
    people = (Person("Player 1"), Person("Marco"))
    setup = falconi((FIRST, OFF, SECOND, OFF), people)
    assert names(setup, {0}, own="Marco") == {YOU: False}
    assert names(setup, {0}) == {YOU: True, "Marco": False}


def test_a_person_at_every_seat_and_ai_only_games_count_no_name():
    assert names(falconi((FIRST, FIRST, FIRST, FIRST)), {0}) == {}
    assert names(falconi((EASY, OFF, HARD, OFF)), {0}) == {}


def test_a_person_with_two_falconers_counts_one_game_won_with_either():
    setup = MatchSetup("fredericus", (FIRST, EASY, FIRST), (Person("Anna"),), options=FredericusOptions(False))
    assert name_results(ended(setup, {2}), "") == [(NameKey("Anna", "fredericus"), True, POINTS[2])]


def test_names_that_read_alike_share_a_line_kept_as_first_met():
    stats = Stats().counted_name(NameKey("Anna", "falconi"), True).counted_name(NameKey("ANNA", "falconi"), False)
    stats = stats.counted_name(NameKey("anna", "fredericus"), True)
    assert stats.names == {NameKey("Anna", "falconi"): Tally(2, 1, 0, 1),
                           NameKey("Anna", "fredericus"): Tally(1, 1, 1, 1)}


def test_the_players_own_line_takes_a_line_of_the_name_they_later_gave_in_the_settings():
    stats = Stats(names={NameKey(YOU, "falconi"): Tally(5, 2), NameKey("Marco", "falconi"): Tally(2, 2),
                         NameKey("Giulia", "falconi"): Tally(6, 1)})
    assert stats.people("falconi", "") == [("Giulia", Tally(6, 1)), (YOU, Tally(5, 2)), ("Marco", Tally(2, 2))]
    # two lines of games in an order nobody kept: their current streak is unknown
    assert stats.people("falconi", "marco") == [(YOU, Tally(7, 4, streak_open=True)), ("Giulia", Tally(6, 1))]


def test_a_new_name_beyond_the_most_kept_takes_the_place_of_the_one_with_fewest_games():
    full = {NameKey(f"Guest {number}", "falconi"): Tally(2 + number, 0) for number in range(MOST_NAMES)}
    stats = Stats(names={**full, NameKey(YOU, "falconi"): Tally(1, 0)})
    counted = stats.counted_name(NameKey("Zoe", "falconi"), True)
    assert NameKey("Guest 0", "falconi") not in counted.names
    assert counted.names[NameKey("Zoe", "falconi")] == Tally(1, 1, 1, 1)
    assert len(counted.names) == MOST_NAMES + 1 and NameKey(YOU, "falconi") in counted.names
    assert counted.counted_name(NameKey("Guest 5", "falconi"), False).names.keys() == counted.names.keys()


# --- the file ------------------------------------------------------------------------------------------------
def test_a_version_1_record_loads_with_its_counts_as_they_were_no_streaks_and_no_names(tmp_path):
    line = {"game": "falconi", "variant": "salami", "role": "police", "opponents": "easy", "played": 4, "won": 1}
    (tmp_path / STATS_FILE).write_text(json.dumps({"format": "falconi-fredericus-stats", "version": 1,
                                                   "lines": [line]}))
    expected = Stats({StatsKey("falconi", "salami", "police", "easy"): Tally.of_old_record(4, 1)})
    assert load_stats(tmp_path) == (expected, []) and list(tmp_path.glob("stats.*-*.json")) == []
    anna = falconi((FIRST, OFF, EASY, OFF), (Person("Anna"),))
    counted = record_results(tmp_path, match_results(ended(anna, {0})), Stats(), name_results(ended(anna, {0}), ""))
    assert counted.names == {NameKey("Anna", "falconi"): Tally(1, 1, 1, 1, TURNS)}
    assert counted.total("falconi") == Tally(5, 2, 0, 1, TURNS, older=4, streak_open=True)  # two lines: no order
    assert json.loads((tmp_path / STATS_FILE).read_text())["version"] == 3 and load_stats(tmp_path) == (counted, [])


BAD_NAMES = [
    "not an object",
    {"name": "Anna", "game": "chess", "played": 1, "won": 0},
    {"name": "Anna\u202e", "game": "falconi", "played": 1, "won": 0},
    {"name": "x" * (NAME_LENGTH + 1), "game": "falconi", "played": 1, "won": 0},
    {"name": "Player 2", "game": "falconi", "played": 1, "won": 0},
    {"name": 7, "game": "falconi", "played": 1, "won": 0},
    {"name": "Bruno", "game": "falconi", "played": 1, "won": 2},
    {"name": "ANNA", "game": "falconi", "played": 3, "won": 0},
]


def test_bad_names_are_left_out_and_the_whole_file_kept_aside(tmp_path):
    good = [{"name": "Anna", "game": "falconi", "played": 2, "won": 1}, {"name": "", "game": "falconi", "played": 3,
                                                                          "won": 3}]
    document = {"format": "falconi-fredericus-stats", "version": 2, "lines": [], "names": good + BAD_NAMES}
    (tmp_path / STATS_FILE).write_text(json.dumps(document))
    stats, [problem] = load_stats(tmp_path)
    assert stats.names == {NameKey("Anna", "falconi"): Tally.of_old_record(2, 1),
                           NameKey(YOU, "falconi"): Tally.of_old_record(3, 3)}
    assert problem.message.key == "stats.notice.partial" and len(problem.detail.split("; ")) == len(BAD_NAMES)
    assert "the same name twice" in problem.detail
    [kept] = tmp_path.glob("stats.partial-*.json")
    assert json.loads(kept.read_text()) == document and load_stats(tmp_path) == (stats, [])


def test_a_record_of_more_names_than_are_kept_keeps_the_first_ones(tmp_path):
    stored = [{"name": f"Guest {number}", "game": "falconi", "played": 1, "won": 0} for number in range(MOST_NAMES + 3)]
    stored.append({"name": "Guest 0", "game": "fredericus", "played": 1, "won": 0})  # a name kept, in another game
    stats, rejected = stats_from_json({"format": "falconi-fredericus-stats", "version": 2, "lines": [],
                                       "names": stored})
    assert len(stats.names) == MOST_NAMES + 1 and len(rejected) == 3
    assert all(f"more than {MOST_NAMES} names" in why for why in rejected)


def test_names_the_game_counts_are_names_it_reads_back():
    """Whatever was typed at the seat screen: what people_names keeps, the record keeps."""
    assert all(person_name(name, NAME_LENGTH) == name for name in people_names([" A\u0301n\u200bna\n ", "x" * 99]))


typed = st.text(st.characters(codec="utf-8"), min_size=1, max_size=40)


@pytest.mark.slow
@settings(max_examples=40)
@given(st.lists(st.tuples(typed, st.sampled_from(["falconi", "fredericus"]), st.booleans()), max_size=12))
def test_a_record_by_name_loads_as_it_was(tmp_path_factory, games):
    stats = Stats()
    for text, game, won in games:
        [name] = people_names([text])
        setup = falconi((FIRST, OFF, EASY, OFF), (Person(name),)) if game == "falconi" else MatchSetup(
            "fredericus", (FIRST, EASY), (Person(name),), options=FredericusOptions(False))
        stats = count_match(stats, ended(setup, {0} if won else set()))
    folder = tmp_path_factory.mktemp("stats")
    save_stats(folder, stats)
    assert load_stats(folder) == (stats, [])


# --- the page ------------------------------------------------------------------------------------------------
def open_page(driver: Driver) -> StatsScene:
    driver.click_item("stats")
    assert isinstance(driver.top, StatsScene)
    return driver.top


def test_the_page_shows_the_games_players_most_games_first_after_a_hot_seat_game(driver, monkeypatch):
    context = driver.app.context
    setup = falconi((FIRST, OFF, SECOND, OFF), ANNA_BRUNO, variant="margherita")
    for seed in (1, 2):
        context.record_game(random_finish(setup, seed))
    context.record_game(random_finish(falconi((FIRST, OFF, EASY, OFF), (Person("Bruno"),)), 3))
    open_page(driver)
    drawn = drawn_texts(driver, monkeypatch)
    heading, anna, bruno = (drawn.index(words) for words in (context.tr("stats.players"), "Anna", "Bruno"))
    assert heading < bruno < anna  # Bruno played three games, Anna two
    assert load_stats(context.data_folder)[0].people("falconi", "") == context.stats.people("falconi", "")


def test_the_players_own_line_reads_you_or_their_name_from_the_settings(driver, monkeypatch):
    context = driver.app.context
    context.record_game(random_finish(falconi((FIRST, OFF, EASY, OFF), UNNAMED[:1]), 1))
    open_page(driver)
    assert context.tr("stats.you") in drawn_texts(driver, monkeypatch)
    driver.key(pygame.K_ESCAPE)
    context.change_settings(context.settings.changed(player_name="Marco"))
    open_page(driver)
    drawn = drawn_texts(driver, monkeypatch)
    assert "Marco" in drawn and context.tr("stats.you") not in drawn


@pytest.mark.parametrize("language", ["it", "de"])
def test_the_sample_page_shows_its_players_in_italian_and_german(driver, monkeypatch, tmp_path, language):
    context = driver.app.context
    context.change_settings(context.settings.changed(language=language))
    context.stats = sample_stats()
    page = open_page(driver)
    driver.key(pygame.K_PAGEDOWN)  # the first game's players follow its summary and its lines
    drawn = drawn_texts(driver, monkeypatch)
    heading, you, giulia = (drawn.index(words) for words in (context.tr("stats.players"), context.tr("stats.you"),
                                                               SAMPLE_NAME))
    assert heading < you < giulia and drawn[you + 1: you + 4] == ["12", "6", context.tr("stats.percent", value=50)]
    driver.save(screenshot_dir(tmp_path), f"stats_players_{language}")
    driver.key(pygame.K_END)
    assert page.first == len(table_lines(sample_stats())) - ROWS
    drawn = drawn_texts(driver, monkeypatch)
    assert drawn.count(context.tr("stats.players")) == drawn.count(SAMPLE_NAME) == 1  # the last game's
    assert context.tr("stats.falconers_short", count=4) in drawn
    driver.save(screenshot_dir(tmp_path), f"stats_players_{language}_end")


def test_a_long_name_fits_before_the_numbers(driver, monkeypatch):
    context = driver.app.context
    wide = "W" * NAME_LENGTH
    context.stats = Stats({StatsKey("falconi", "salami", "police", "easy"): Tally(1_000_000, 999_999)},
                          {NameKey(wide, "falconi"): Tally(1_000_000, 999_999)})
    drawn: list[tuple[str, pygame.Rect]] = []
    real = context.text.blit

    def recording_blit(surface, words, *args, **anchor):
        rect = real(surface, words, *args, **anchor)
        drawn.append((words, rect))
        return rect

    open_page(driver)
    with monkeypatch.context() as patch:
        patch.setattr(context.text, "blit", recording_blit)
        driver.redraw()
    name = next(rect for words, rect in drawn if words == wide)
    played = next(rect for words, rect in drawn if words == "1000000" and rect.centery == name.centery)
    assert name.right < played.left - 10
