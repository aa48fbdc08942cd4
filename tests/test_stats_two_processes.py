"""Two copies of the game counting games at once on one data folder: each holds the statistics' lock while it
reads the record again and adds its own games, so every game of both is kept (without the lock, 208 and 251
of 300 were in two runs)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from filelock import FileLock

from game.core.jsonio import disk_reason
from game.i18n import Translator
from game.services import stats as stats_module
from game.services.settings import LANGUAGES
from game.services.stats import (
    STATS_FILE,
    STATS_LOCK,
    Counted,
    Stats,
    StatsKey,
    load_stats,
    record_results,
    save_stats,
)
from game.services.tally import Tally

ROOT = Path(__file__).resolve().parent.parent
GAMES = 150
LINE = StatsKey("falconi", "salami", "police", "easy")

# One copy of the game: it says it is ready, waits for the word to go, then counts its games one by one, each
# won when its number is a multiple of three.
COPY = f"""
import sys
from game.services.stats import Counted, Stats, StatsKey, record_results
from game.services.userdata import data_folder

line = StatsKey("falconi", "salami", "police", "easy")
print("ready", flush=True)
sys.stdin.readline()
for number in range({GAMES}):
    record_results(data_folder(), [Counted(line, number % 3 == 0, number)], Stats())
"""


@pytest.mark.slow
def test_two_processes_counting_at_once_keep_every_game_of_both(tmp_path):
    environment = os.environ | {"FALCONI_DATA_DIR": str(tmp_path), "PYTHONPATH": str(ROOT)}
    copies = [subprocess.Popen([sys.executable, "-c", COPY], cwd=ROOT, env=environment, text=True,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
              for _ in range(2)]
    try:
        assert [copy.stdout.readline() for copy in copies] == ["ready\n", "ready\n"]
        for copy in copies:  # both go at once
            copy.stdin.write("\n")
            copy.stdin.flush()
        errors = [copy.communicate(timeout=300)[1] for copy in copies]
    finally:
        for copy in copies:
            if copy.poll() is None:
                copy.kill()
                copy.wait()
    assert [copy.returncode for copy in copies] == [0, 0], errors
    stats, problems = load_stats(tmp_path)
    tally = stats.tallies[LINE]
    assert problems == [] and (tally.played, tally.won) == (2 * GAMES, 2 * len(range(0, GAMES, 3)))
    assert tally.best == 0 and 1 <= tally.best_streak <= 2  # Falconi's best is its fastest win; the copies took turns


def test_a_count_adds_to_what_another_copy_wrote_since_this_one_loaded(tmp_path):
    save_stats(tmp_path, Stats({LINE: Tally(4, 1, 1, 1, 30)}))  # another copy's games, written after this one loaded
    counted = record_results(tmp_path, [Counted(LINE, True, 20)], Stats())
    assert counted == Stats({LINE: Tally(5, 2, 2, 2, 20)}) and load_stats(tmp_path) == (counted, [])


def test_a_copy_holding_the_lock_too_long_is_told_and_the_record_left_as_it_was(tmp_path, monkeypatch):
    save_stats(tmp_path, Stats({LINE: Tally(4, 1)}))
    before = (tmp_path / STATS_FILE).read_bytes()
    monkeypatch.setattr(stats_module, "LOCK_WAIT_SECONDS", 0.2)
    with FileLock(tmp_path / STATS_LOCK), pytest.raises(OSError) as error:
        record_results(tmp_path, [Counted(LINE, True)], Stats())
    assert disk_reason(error.value) == "@disk.busy" and (tmp_path / STATS_FILE).read_bytes() == before
    words = {language: Translator(language)("disk.busy") for language in LANGUAGES}
    assert "disk.busy" not in words.values() and len(set(words.values())) == len(LANGUAGES)
