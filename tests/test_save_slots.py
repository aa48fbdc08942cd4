"""Save slots with one owner each (issue 37): each game in progress in its own file, held by the one window that
plays it; tried in one process and with two real processes on one data folder."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from saved_games import save_in_new_slot

from game.falconi.options import FalconiOptions
from game.services.match import Match, MatchSetup, Person, SeatPlan
from game.services.saves import SaveStore, SlotHeld

ROOT = Path(__file__).resolve().parent.parent
WINDOW = Path(__file__).resolve().parent / "window_process.py"


def a_match(name: str = "Anna", seed: int = 5) -> Match:
    seats = (SeatPlan.human(0), SeatPlan.ai("easy"), SeatPlan.ai("easy"), SeatPlan.ai("easy"))
    match = Match(MatchSetup("falconi", seats, (Person(name),), seed=seed, options=FalconiOptions("funghi")))
    match.play(match.state.legal_actions()[0])
    return match


# --- one process ------------------------------------------------------------------------------------------------
def test_each_new_game_gets_a_slot_of_its_own_and_the_latest_comes_first(tmp_path):
    store = SaveStore(tmp_path)
    names = []
    for number, name in enumerate(["Anna", "Bruno", "Carla"]):
        names.append(save_in_new_slot(store, a_match(name)))
        os.utime(store.slot_path(names[-1]), (1_000_000 + number, 1_000_000 + number))
    assert len(set(names)) == 3
    listed = store.slots()
    assert [info.name for info in listed] == names[::-1]  # Continue resumes the first
    assert [info.match.setup.people[0].name for info in listed] == ["Carla", "Bruno", "Anna"]
    assert not any(info.held for info in listed)


def test_no_slot_is_ever_removed_to_make_room(tmp_path):
    """At least the five latest are kept; older ones go only when the player deletes them."""
    store = SaveStore(tmp_path)
    names = [save_in_new_slot(store, a_match(seed=seed)) for seed in range(8)]
    assert sorted(info.name for info in store.slots()) == sorted(names)


def test_a_slot_held_by_another_copy_is_refused_listed_as_held_and_can_be_copied(tmp_path):
    mine, other = SaveStore(tmp_path), SaveStore(tmp_path)  # two copies of the game: two sets of locks
    slot = mine.new_slot()
    slot.save(a_match("Anna"))
    with pytest.raises(SlotHeld, match="open in another window"):
        other.open(slot.name)
    [listed] = other.slots()
    assert listed.held and listed.match is not None
    assert not mine.slots()[0].held  # its own slot is not "another window"
    with pytest.raises(SlotHeld):
        other.delete(slot.name)
    copy = other.copy(slot.name)
    assert copy.name != slot.name and copy.path.read_bytes() == slot.path.read_bytes()
    slot.release()
    reopened = other.open(slot.name)  # let go: the other copy may play it now
    assert other.load(reopened).setup.people[0].name == "Anna"


def test_deleting_a_slot_removes_its_file_and_its_lock(tmp_path):
    store = SaveStore(tmp_path)
    name = save_in_new_slot(store, a_match())
    store.delete(name)
    assert store.slots() == [] and list(store.folder.iterdir()) == []


def test_a_finished_game_leaves_no_slot_behind(tmp_path):
    store = SaveStore(tmp_path)
    slot = store.new_slot()
    slot.save(a_match())
    slot.discard()
    assert store.slots() == [] and list(store.folder.iterdir()) == []


# --- real processes ---------------------------------------------------------------------------------------------
@pytest.fixture
def windows(tmp_path: Path) -> Iterator[Callable[[str, int], subprocess.Popen[str]]]:
    """Starts copies of the game on one data folder; any still running when the test ends is killed."""
    started: list[subprocess.Popen[str]] = []
    data, signals = tmp_path / "data", tmp_path / "signals"
    signals.mkdir()

    def start(mode: str, actions: int) -> subprocess.Popen[str]:
        env = os.environ | {"FALCONI_DATA_DIR": str(data), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
        window = subprocess.Popen([sys.executable, str(WINDOW), mode, str(actions), str(signals)], cwd=ROOT,
                                  env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        started.append(window)
        return window

    start.data, start.signals = data, signals  # type: ignore[attr-defined]
    yield start
    for window in started:
        if window.poll() is None:
            window.kill()
            window.communicate()


def wait_ready(window: subprocess.Popen[str], signals: Path, deadline: float = 180.0) -> dict:
    ready = signals / f"ready-{window.pid}.json"
    end = time.monotonic() + deadline
    while not ready.exists():
        if window.poll() is not None:
            raise AssertionError(f"the window ended early: {window.communicate()[1][-2000:]}")
        assert time.monotonic() < end, "the window never got ready"
        time.sleep(0.05)
    return json.loads(ready.read_text())


def finish(windows: list[subprocess.Popen[str]], signals: Path) -> None:
    (signals / "go").touch()
    for window in windows:
        out, err = window.communicate(timeout=180)
        assert window.returncode == 0, (out + err)[-3000:]


def saved_actions(data: Path, slot: str) -> list[str]:
    return json.loads((data / "saves" / f"{slot}.json").read_text())["actions"]


@pytest.mark.slow
def test_two_windows_starting_games_a_moment_apart_each_keep_their_own(windows):
    """The probe's first case: two `play` runs a second and a half apart, both closed; each game's actions were
    saved, in a slot of its own, whichever closed last."""
    first = windows("new", 12)
    time.sleep(1.5)
    second = windows("new", 9)
    games = [wait_ready(first, windows.signals), wait_ready(second, windows.signals)]
    finish([first, second], windows.signals)
    assert games[0]["slot"] != games[1]["slot"]
    for game in games:
        assert saved_actions(windows.data, game["slot"]) == game["actions"] and len(game["actions"]) >= 9


@pytest.mark.slow
def test_two_windows_continuing_one_save_never_lose_a_move(windows):
    """The probe's second case: both press Continue on one save. The first plays it; the second is told it is
    open in another window and plays a copy; each closes with its own actions saved."""
    start = windows("new", 4)
    begun = wait_ready(start, windows.signals)
    finish([start], windows.signals)
    (windows.signals / "go").unlink()
    first = windows("continue", 12)
    first_game = wait_ready(first, windows.signals)
    second = windows("continue", 10)
    second_game = wait_ready(second, windows.signals)
    finish([first, second], windows.signals)
    assert first_game["slot"] == begun["slot"] and second_game["slot"] != begun["slot"]
    assert first_game["actions"][:len(begun["actions"])] == begun["actions"]
    assert second_game["actions"][:len(begun["actions"])] == begun["actions"]
    assert saved_actions(windows.data, first_game["slot"]) == first_game["actions"]
    assert saved_actions(windows.data, second_game["slot"]) == second_game["actions"]


@pytest.mark.slow
def test_a_slot_whose_window_was_killed_is_taken_over(windows):
    """The kernel lets a dead process's lock go: the next window resumes the game at once."""
    window = windows("new", 5)
    game = wait_ready(window, windows.signals)
    window.send_signal(signal.SIGKILL)
    window.communicate(timeout=30)
    store = SaveStore(windows.data)
    slot = store.open(game["slot"])
    assert store.load(slot).log[0].text == game["actions"][0]


@pytest.mark.slow
def test_games_started_from_the_command_line_never_touch_the_saved_game(tmp_path):
    """The probe's first finding: `play` with a game saved kept it aside, the title underneath put it back and the
    new game's first save overwrote it; a second `play` left only its own game. Now two `play` runs, each
    stopped once it has saved, leave the saved game as it was and a slot each."""
    data = tmp_path / "data"
    saved = data / "saves" / "game-20261127-120000-abcd.json"
    saved.parent.mkdir(parents=True)
    saved.write_text(json.dumps(a_match("Anna").to_json()))
    before = saved.read_bytes()
    env = os.environ | {"FALCONI_DATA_DIR": str(data), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                        "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    for seed in (3, 4):
        game = subprocess.Popen([sys.executable, "main.py", "play", "fredericus", "--players", "2", "--seats",
                                 "easy,easy", "--seed", str(seed)], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)
        try:
            end = time.monotonic() + 120
            while len(list(saved.parent.glob("game-*.json"))) < seed - 1:  # its own first save
                assert game.poll() is None and time.monotonic() < end, game.communicate()[1][-2000:]
                time.sleep(0.05)
            game.send_signal(signal.SIGTERM)  # closes the window, which saves the game
            _out, err = game.communicate(timeout=60)
            assert game.returncode == 0, err[-2000:]
        finally:
            if game.poll() is None:
                game.kill()
                game.communicate()
    assert saved.read_bytes() == before
    listed = SaveStore(data).slots()
    assert len(listed) == 3 and sorted(info.match.setup.seed for info in listed) == [3, 4, 5]
