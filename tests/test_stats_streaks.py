"""Streaks and best scores: counted game by game, Fredericus' highest points and Falconi's fastest win, records
of versions 1 and 2 read with their counts and nothing made up, version 3 read back as written, and its bad
lines left out with a message and the whole file kept."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_stats import POINTS, TURNS, ended, falconi

from game.i18n import Translator
from game.services.match import OFF, MatchSetup, SeatPlan
from game.services.stats import STATS_FILE, STATS_FORMAT, NameKey, Stats, StatsKey, count_match, load_stats, save_stats
from game.services.tally import MOST_GAMES, Tally
from scenes.pages.stats_table import UNKNOWN, figure

ME, EASY = SeatPlan.human(0), SeatPlan.ai("easy")
SALAMI = StatsKey("falconi", "salami", "police", "easy")
TWO_FALCONERS = StatsKey("fredericus", "2p", "falconer", "easy")


def played(key: StatsKey, games: str, scores: list[int | None] | None = None) -> Tally:
    """The line's tally after ``games`` ("W" won, "L" lost), in order, with their ``scores``."""
    stats = Stats()
    for number, result in enumerate(games):
        stats = stats.counted(key, result == "W", scores[number] if scores else None)
    return stats.tallies[key]


def test_win_win_loss_win_is_a_current_streak_of_1_and_a_best_of_2():
    tally = played(SALAMI, "WWLW")
    assert (tally.played, tally.won, tally.streak, tally.best_streak) == (4, 3, 1, 2)


def test_a_loss_ends_the_streak_and_a_longer_run_beats_the_best():
    assert played(SALAMI, "WWWLL").streak == 0 and played(SALAMI, "WWWLL").best_streak == 3
    assert played(SALAMI, "WLWWWW").best_streak == 4 and played(SALAMI, "LLL").best_streak == 0


def test_fredericus_keeps_its_highest_points_won_or_lost():
    assert played(TWO_FALCONERS, "LWL", [31, 24, 28]).best == 31


def test_falconi_keeps_its_fastest_win_in_turns_for_either_side():
    assert played(SALAMI, "WLW", [40, None, 26]).best == 26
    assert played(SALAMI, "LL", [None, None]).best is None


def test_a_finished_match_adds_its_score_to_the_line_and_the_name():
    stats = count_match(Stats(), ended(falconi((ME, OFF, EASY, OFF)), {0}, "escape"))
    [tally] = stats.tallies.values()
    assert tally == Tally(1, 1, 1, 1, TURNS) and stats.names[NameKey("Anna", "falconi")].best == TURNS
    lost = count_match(stats, ended(MatchSetup("fredericus", (ME, EASY)), {1}, "pile_empty"))
    assert lost.tallies[StatsKey("fredericus", "2p", "falconer", "easy")] == Tally(1, 0, 0, 0, POINTS[0])


def test_a_games_summary_has_its_longest_streak_and_best_score_of_any_line():
    stats = Stats({SALAMI: played(SALAMI, "WWWL", [30, 20, 25, None]),
                   StatsKey("falconi", "funghi", "fugitive", "hard"): played(SALAMI, "WW", [18, 40])})
    total = stats.total("falconi")
    assert (total.played, total.won, total.best_streak, total.best) == (6, 5, 3, 18)


# --- older records -----------------------------------------------------------------------------------------------
def record(version: int, lines: list[dict[str, object]], names: list[dict[str, object]] | None = None) -> str:
    document: dict[str, object] = {"format": STATS_FORMAT, "version": version, "lines": lines}
    if names is not None:
        document["names"] = names
    return json.dumps(document)


OLD_LINE = {"game": "falconi", "variant": "salami", "role": "police", "opponents": "easy", "played": 5, "won": 3}
OLD_NAME = {"name": "Anna", "game": "falconi", "played": 5, "won": 3}


@pytest.mark.parametrize("version", [1, 2])
def test_an_older_record_keeps_its_counts_and_knows_no_streak_or_best(tmp_path, version):
    (tmp_path / STATS_FILE).write_text(record(version, [OLD_LINE], [OLD_NAME] if version == 2 else None))
    stats, problems = load_stats(tmp_path)
    old = Tally(5, 3, streak=0, best_streak=0, best=None, older=5, streak_open=True)
    assert problems == [] and stats.tallies == {SALAMI: old}
    assert stats.names == ({NameKey("Anna", "falconi"): old} if version == 2 else {})
    tr = Translator("en")
    assert [figure(tr, "falconi", stats.tallies[SALAMI], column) for column in ("played", "won", "percent",
                                                                                "streak", "best_streak", "best")] == [
        "5", "3", "60%", UNKNOWN, UNKNOWN, UNKNOWN]


def test_games_after_an_older_record_count_streaks_as_the_least_they_are_until_a_loss():
    """The older games might have ended in wins: the run since is the least the current streak is."""
    old = Tally.of_old_record(5, 3)
    won_twice = old.one_more(True, 30, lowest=True).one_more(True, 22, lowest=True)
    assert won_twice.streak_floor(best=False) == won_twice.streak_floor(best=True) == (2, True)
    tr = Translator("en")
    assert [figure(tr, "falconi", won_twice, column) for column in ("streak", "best_streak", "best")] == [
        "2+", "2+", "22 turns"]
    lost = won_twice.one_more(False).one_more(True)
    assert lost.streak_floor(best=False) == (1, False) and lost.streak_floor(best=True) == (2, True)
    assert [figure(tr, "falconi", lost, column) for column in ("streak", "best_streak")] == ["1", "2+"]
    assert old.one_more(False).streak_floor(best=False) == (0, False) and lost.older == 5


def test_a_version_3_record_loads_as_it_was_written(tmp_path):
    stats = Stats({SALAMI: Tally.of_old_record(5, 3).one_more(False), TWO_FALCONERS: played(TWO_FALCONERS, "WWL",
                                                                                             [20, 35, 12])},
                  {NameKey("Anna", "fredericus"): Tally(3, 2, 0, 2, 35)})
    save_stats(tmp_path, stats)
    assert json.loads((tmp_path / STATS_FILE).read_text())["version"] == 3 and load_stats(tmp_path) == (stats, [])


def sequences(key: StatsKey) -> st.SearchStrategy[Tally]:
    """Tallies the game can count: an older record's counts, then games won or lost with their scores."""
    older = st.integers(0, 50).flatmap(lambda games: st.builds(Tally.of_old_record, st.just(games),
                                                               st.integers(0, games)))
    games = st.lists(st.tuples(st.booleans(), st.none() | st.integers(0, 200)), max_size=20)

    def counted(start: Tally, results: list[tuple[bool, int | None]]) -> Tally:
        for won, score in results:
            start = start.one_more(won, score, key.game == "falconi")
        return start

    return st.builds(counted, st.just(Tally()) | older, games)


@settings(max_examples=40)
@given(salami=sequences(SALAMI), falconers=sequences(TWO_FALCONERS))
def test_any_counted_record_loads_back_as_it_was(tmp_path_factory, salami, falconers):
    folder = tmp_path_factory.mktemp("stats")
    stats = Stats({SALAMI: salami, TWO_FALCONERS: falconers})
    save_stats(folder, stats)
    assert load_stats(folder) == (stats, [])


# --- bad lines ---------------------------------------------------------------------------------------------------
GOOD = {"game": "fredericus", "variant": "2p", "role": "falconer", "opponents": "easy", "played": 4, "won": 2,
        "streak": 1, "best_streak": 1, "best": 30, "older": 0,
        "streak_open": False}
BAD = [  # each a line of version 3 the game never writes, and the reason it is left out
    (GOOD | {"streak": 2}, "streaks of 2 and 1"),
    (GOOD | {"best_streak": 3, "streak": 0}, "streaks of 0 and 3"),
    (GOOD | {"older": 5}, "5 older games"),
    (GOOD | {"streak": None}, "'streak'"),
    (GOOD | {"streak_open": True}, "a streak open on older games"),
    (GOOD | {"streak_open": 1}, "'streak_open'"),
    (GOOD | {"best": -1}, "'best'"),
    (GOOD | {"best": MOST_GAMES + 1}, "'best'"),
    (GOOD | {"streak": "1"}, "'streak'"),
    ({key: value for key, value in GOOD.items() if key != "best_streak"}, "no field 'best_streak'"),
    (GOOD | {"older": True}, "'older'"),
]


@pytest.mark.parametrize("bad, reason", BAD)
def test_a_bad_streak_or_best_leaves_its_line_out_with_a_message_and_keeps_the_file(tmp_path, bad, reason):
    good_other = GOOD | {"variant": "3p"}
    content = record(3, [good_other, bad], []).encode()
    (tmp_path / STATS_FILE).write_bytes(content)
    stats, [problem] = load_stats(tmp_path)
    [kept] = tmp_path.glob("stats.partial-*.json")
    assert list(stats.tallies) == [StatsKey("fredericus", "3p", "falconer", "easy")] and kept.read_bytes() == content
    assert problem.message.key == "stats.notice.partial" and problem.detail.startswith("line 2: ")
    assert reason in problem.detail
    assert load_stats(tmp_path) == (stats, [])  # the cleaned record was written back


def test_a_version_3_name_with_a_bad_streak_is_left_out_too(tmp_path):
    name = {"name": "Anna", "game": "falconi", "played": 1, "won": 1, "streak": 2, "best_streak": 1, "best": None,
            "older": 0, "streak_open": False}
    (tmp_path / STATS_FILE).write_text(record(3, [], [name]))
    stats, [problem] = load_stats(tmp_path)
    assert stats.is_empty and problem.detail.startswith("name 1: ") and "streaks of 2 and 1" in problem.detail
