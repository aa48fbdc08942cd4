"""Names and numbers from outside the game (the command line, an edited save or statistics file) are read in
the game's own spelling and bounds where they come in, or refused there with a message: nothing further in
ever meets a pizza called " salami" or a count it cannot print."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cli
from game.core.errors import GameError, StateFormatError
from game.falconi.options import FalconiOptions
from game.falconi.variants import VARIANTS
from game.services.match import Match, MatchSetup, SeatPlan
from game.services.settings import (
    ANIMATION_SPEEDS,
    LARGEST_WINDOW,
    SETTINGS_FILE,
    SMALLEST_WINDOW,
    Settings,
    load_settings,
)
from game.services.stats import STATS_FILE, Stats, count_match, load_stats, save_stats
from game.services.tally import MOST_GAMES

SEATS = (SeatPlan.human(), SeatPlan.ai("easy"), SeatPlan("off"), SeatPlan.ai("easy"))


def finished(match: Match, seed: int = 2) -> Match:
    rng = random.Random(seed)
    while not match.state.is_terminal():
        match.play(rng.choice(match.state.legal_actions()))
    return match


def counted_and_kept(match: Match, folder: Path) -> Stats:
    """The statistics of a finished match as the game keeps them: counted, listed, written and read back."""
    stats = count_match(Stats(), match)
    stats.lines(match.setup.game)  # the page's order, which met " salami" with tuple.index
    save_stats(folder, stats)
    assert load_stats(folder) == (stats, [])
    return stats


def play(argv: list[str], data: Path) -> tuple[int, list[MatchSetup | None]]:
    """``main.py play …`` with the window replaced by a list of the set-ups it was asked to open."""
    opened: list[MatchSetup | None] = []
    import scenes.app

    def run_app(setup: MatchSetup | None = None) -> int:
        opened.append(setup)
        return 0

    with mock.patch.object(scenes.app, "run_app", run_app), \
            mock.patch.dict(os.environ, {"FALCONI_DATA_DIR": str(data)}):
        return cli.main(argv), opened


# --- variant names ---------------------------------------------------------------------------------------------
def test_a_variant_typed_with_a_space_plays_that_pizza_and_its_result_is_counted(tmp_path):
    """``--variant " salami"`` played, then the statistics raised ``tuple.index(x)`` as the game ended."""
    status, [setup] = play(["play", "falconi", "--variant", " salami", "--seats", "human,easy,off,easy",
                            "--seed", "4"], tmp_path)
    assert status == 0 and setup.options == FalconiOptions("salami")
    [key] = counted_and_kept(finished(Match(setup)), tmp_path).tallies
    assert key.variant == "salami"


@pytest.mark.parametrize("written", ["SALAMI", "Margherita", " diavola\t"])
def test_a_save_naming_its_pizza_in_capitals_resumes_as_that_pizza_and_is_counted(tmp_path, written):
    saved = Match(MatchSetup("falconi", SEATS, seed=6, options=FalconiOptions(written.strip().lower()))).to_json()
    saved["setup"]["variant"] = written
    match = Match.from_json(json.loads(json.dumps(saved)))
    assert match.setup.options == FalconiOptions(written.strip().lower())
    assert match.to_json()["setup"]["variant"] == written.strip().lower()
    counted_and_kept(finished(match), tmp_path)


def test_a_save_naming_an_ai_level_in_capitals_resumes_with_that_level():
    saved = Match(MatchSetup("falconi", SEATS, options=FalconiOptions("funghi"))).to_json()
    saved["setup"]["seats"][1] = {"kind": " AI", "level": "Hard "}
    assert Match.from_json(saved).setup.seats[1] == SeatPlan.ai("hard")


def test_simulate_summarises_a_variant_under_its_own_name(monkeypatch, capsys):
    import game.core.simulate

    monkeypatch.setattr(game.core.simulate, "simulate", lambda *args, **kwargs: {"errors": 0})
    assert cli.main(["simulate", "falconi", "--variant", " SALAMI", "--games", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["variant"] == "salami"


def _mangled(name: str, upper: list[bool], before: str, after: str) -> str:
    return before + "".join(char.upper() if up else char for char, up in zip(name, upper)) + after


SPACES = st.sampled_from(["", " ", "  ", "\t", "\n", " \u00a0", "\u3000"])
VARIANT_NAMES = st.one_of(
    st.builds(_mangled, st.sampled_from(tuple(VARIANTS)), st.lists(st.booleans(), min_size=10, max_size=10),
              SPACES, SPACES),
    st.builds(lambda name, junk: name + junk, st.sampled_from(tuple(VARIANTS)), st.text(min_size=1, max_size=3)),
    st.text(max_size=12),
)


def pizza_named(name: str) -> str | None:
    """The pizza a name means (any case, spaces around it), or ``None``."""
    return next((variant for variant in VARIANTS if variant == name.strip().casefold()), None)


@pytest.mark.slow
@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])  # capsys: read out each time
@given(name=VARIANT_NAMES)
def test_any_variant_name_is_read_as_its_pizza_or_refused_on_the_command_line(tmp_path_factory, capsys, name):
    pizza = pizza_named(name)
    status, opened = play(["play", "falconi", f"--variant={name}", "--seats", "human,easy,off,off"],
                          tmp_path_factory.mktemp("data"))
    err = capsys.readouterr().err
    if pizza is None:
        assert status == 2 and opened == []
        assert err.startswith("main.py: unknown variant") and err.count("\n") == 1
    else:
        assert status == 0 and opened[0].options == FalconiOptions(pizza)


@settings(max_examples=60)
@given(name=VARIANT_NAMES)
def test_any_variant_name_in_a_save_is_read_as_its_pizza_or_the_save_is_refused(name):
    saved = Match(MatchSetup("falconi", SEATS, seed=2, options=FalconiOptions("salami"))).to_json()
    saved["setup"]["variant"] = name
    pizza = pizza_named(name)
    if pizza is None:
        with pytest.raises(StateFormatError, match="unknown variant"):
            Match.from_json(saved)
        with pytest.raises(GameError, match="unknown variant"):
            MatchSetup("falconi", SEATS, options=FalconiOptions(name))
    else:
        assert Match.from_json(saved).setup.options == FalconiOptions(pizza)
        assert MatchSetup("falconi", SEATS, options=FalconiOptions(name)).options == FalconiOptions(pizza)


# --- counts ----------------------------------------------------------------------------------------------------
LINE = {"game": "falconi", "variant": "funghi", "role": "police", "opponents": "easy"}
GOOD_LINE = {"game": "fredericus", "variant": "2p", "role": "falconer", "opponents": "hard", "played": 4, "won": 1}


def stats_file(folder: Path, *lines: dict[str, object]) -> bytes:
    """A record of ``lines`` as version 2 kept them: counts only."""
    content = json.dumps(Stats().to_json() | {"version": 2, "lines": list(lines)}).encode()
    (folder / STATS_FILE).write_bytes(content)
    return content


def test_a_count_too_long_to_print_is_left_out_and_the_file_kept(tmp_path):
    """A count of 4,300 digits loaded, then the page and the next count raised ``Exceeds the limit``."""
    original = stats_file(tmp_path, LINE | {"played": int("9" * 4300), "won": 0}, GOOD_LINE)
    stats, [problem] = load_stats(tmp_path)
    [kept] = tmp_path.glob("stats.partial-*.json")
    assert problem.message.key == "stats.notice.partial" and kept.read_bytes() == original
    assert [tally.played for tally in stats.tallies.values()] == [4]
    match = finished(Match(MatchSetup("falconi", SEATS, options=FalconiOptions("funghi"))))
    assert str(count_match(stats, match).total("falconi").played) == "1"
    counted_and_kept(match, tmp_path)


def test_a_line_counted_up_to_the_most_games_counts_no_further_and_reads_back(tmp_path):
    stats_file(tmp_path, LINE | {"played": MOST_GAMES, "won": MOST_GAMES - 1})
    stats, problems = load_stats(tmp_path)
    [key] = stats.tallies
    assert problems == []
    for won in (True, True, False):
        stats = stats.counted(key, won)
    assert (stats.tallies[key].played, stats.tallies[key].won) == (MOST_GAMES, MOST_GAMES)
    save_stats(tmp_path, stats)
    assert load_stats(tmp_path) == (stats, [])


COUNTS = st.one_of(
    st.integers(0, MOST_GAMES), st.integers(MOST_GAMES + 1, 10**4300 - 1), st.just(int("9" * 4300)),
    st.integers(-(10**4300) + 1, -1), st.floats(), st.booleans(), st.none(), st.text(max_size=5),
    st.sampled_from(["7", 1e400, -0.0, 3.0]),
)


@pytest.mark.slow
@settings(max_examples=80)
@given(played=COUNTS, won=COUNTS)
def test_any_stored_count_loads_within_bounds_and_counts_on_or_is_left_out_and_kept(tmp_path_factory, played, won):
    folder = tmp_path_factory.mktemp("stats")
    original = stats_file(folder, LINE | {"played": played, "won": won}, GOOD_LINE)
    stats, problems = load_stats(folder)
    assert all(0 <= tally.won <= tally.played <= MOST_GAMES for tally in stats.tallies.values())
    if len(stats.tallies) == 1:
        [kept] = folder.glob("stats.partial-*.json")
        assert [problem.message.key for problem in problems] == ["stats.notice.partial"]
        assert kept.read_bytes() == original
    else:
        assert problems == []
    for key in list(stats.tallies):
        stats = stats.counted(key, True)
    assert all(str(stats.total(game).played) for game in ("falconi", "fredericus"))
    save_stats(folder, stats)
    assert load_stats(folder) == (stats, [])


SIZES = st.one_of(COUNTS, st.lists(COUNTS, max_size=3))


@settings(max_examples=80)
@given(name=st.sampled_from(["window_size", "music_volume", "effects_volume", "animation_speed"]), value=SIZES)
def test_any_stored_number_in_the_settings_loads_within_bounds_or_falls_back_said_so(tmp_path_factory, name, value):
    folder = tmp_path_factory.mktemp("settings")
    (folder / SETTINGS_FILE).write_text(json.dumps({name: value}))
    loaded, problems = load_settings(folder)
    width, height = loaded.window_size
    assert width >= SMALLEST_WINDOW[0] and height >= SMALLEST_WINDOW[1] and max(width, height) <= max(LARGEST_WINDOW)
    assert 0 <= loaded.music_volume <= 1 and 0 <= loaded.effects_volume <= 1
    assert loaded.animation_speed in ANIMATION_SPEEDS
    if problems:
        assert loaded == Settings() and [problem.setting for problem in problems] == [name]
    else:
        assert loaded.to_json()[name] == value
