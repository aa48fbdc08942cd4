"""What stands where the game keeps a file is not always a file: a pipe, a folder, a link (to a file, to
nothing, round in a loop). The settings, the statistics and the save are read without ever blocking on a pipe
or opening anything but a regular file, nothing in their folder is lost, and a link is written through (it
stays a link, its file gets the new content) or refused, never replaced by a file of its own."""

from __future__ import annotations

import json
import os
import random
import stat
import threading
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from saved_games import A_SLOT

from game.core.jsonio import NotAFileError, aside_name, disk_reason
from game.falconi.options import FalconiOptions
from game.i18n import Translator
from game.services.match import Match, MatchSetup, SeatPlan
from game.services.saves import SAVES_FOLDER, SaveError, SaveStore
from game.services.settings import LANGUAGES, SETTINGS_FILE, Settings, load_settings, save_settings
from game.services.stats import STATS_FILE, STATS_LOCK, Stats, StatsKey, load_stats, save_stats
from game.services.tally import Tally

HANG_SECONDS = 10.0  # reading a few kilobytes takes milliseconds: a loader still busy after this is blocked


def finishes(work: Callable[[], Any], pipes: list[Path]) -> Any:
    """``work()``'s result, run on a thread: a loader blocked on a pipe is let go (the pipe opened for writing
    and closed again) and the test fails, rather than the whole session hanging."""
    outcome: dict[str, Any] = {}

    def run() -> None:
        try:
            outcome["value"] = work()
        except BaseException as error:  # noqa: BLE001 — raised again on the test's own thread
            outcome["error"] = error

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(HANG_SECONDS)
    if thread.is_alive():
        for pipe in pipes:
            os.close(os.open(pipe, os.O_WRONLY | os.O_NONBLOCK))
        thread.join(HANG_SECONDS)
        pytest.fail("loading blocked on a pipe")
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]


def entries(*folders: Path) -> Counter[tuple[Any, ...]]:
    """What the folders hold, by kind and content rather than by name: a file moved aside is still held. The
    statistics' lock, which any write of them makes, is not the player's."""
    held: Counter[tuple[Any, ...]] = Counter()
    for folder in folders:
        for path in folder.iterdir():
            if path.name == STATS_LOCK:
                continue
            mode = os.lstat(path).st_mode
            if stat.S_ISLNK(mode):
                held["link", os.readlink(path)] += 1
            elif stat.S_ISDIR(mode):
                held["folder", tuple(sorted(os.listdir(path)))] += 1
            elif stat.S_ISFIFO(mode):
                held["pipe",] += 1
            else:
                held["file", path.read_bytes()] += 1
    return held


def a_match() -> Match:
    match = Match(MatchSetup("falconi", (SeatPlan.human(), SeatPlan.ai("easy"), SeatPlan("off"), SeatPlan.ai("easy")),
                             seed=3, options=FalconiOptions("funghi")))
    rng = random.Random(3)
    for _ in range(6):
        match.play(rng.choice(match.state.legal_actions()))
    return match


class Kept:
    """One file of the game: where it lives in the data folder, a document of its kind, how it is loaded
    (the result, or the loader's own documented error) and written."""

    def __init__(self, name: str, where: str, document: Any, load: Callable[[Path], Any],
                 save: Callable[[Path], None]) -> None:
        self.name, self.where, self.document, self.load, self.save = name, where, document, load, save

    def path(self, data: Path) -> Path:
        return data / self.where


def _load_save(data: Path) -> Match | SaveError:
    """The slot resumed as the player resuming it would (then let go)."""
    store = SaveStore(data)
    slot = store.open(A_SLOT)
    try:
        return store.load(slot)
    except SaveError as error:
        return error
    finally:
        slot.release()


def _save(data: Path) -> None:
    store = SaveStore(data)
    slot = store.open(A_SLOT)
    slot.save(a_match())
    slot.release()


SETTINGS = Settings(language="it", music_volume=0.25)
STATS = Stats({StatsKey("falconi", "funghi", "police", "easy"): Tally(5, 2)})
KEPT = {
    "settings": Kept("settings", SETTINGS_FILE, SETTINGS.to_json(), load_settings,
                     lambda data: save_settings(data, SETTINGS)),
    "stats": Kept("stats", STATS_FILE, STATS.to_json(), load_stats, lambda data: save_stats(data, STATS)),
    "save": Kept("save", f"{SAVES_FOLDER}/{A_SLOT}.json", a_match().to_json(), _load_save, _save),
}


def refused(kept: Kept, loaded: Any) -> bool:
    """Whether the loader refused the file and said so, as it does for a damaged one."""
    if kept.name == "save":
        return isinstance(loaded, SaveError)
    _value, problems = loaded
    return bool(problems) and (kept.name == "stats" or problems[0].setting is None)


# --- a pipe where a file should be -----------------------------------------------------------------------------
@pytest.mark.parametrize("name", KEPT)
def test_a_pipe_in_place_of_a_file_is_refused_unopened_and_kept_aside(tmp_path, name):
    """``mkfifo settings.json`` used to keep the window from ever opening: reading waited for a writer."""
    kept = KEPT[name]
    pipe = kept.path(tmp_path)
    pipe.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(pipe)
    loaded = finishes(lambda: kept.load(tmp_path), [pipe])
    assert refused(kept, loaded)
    [aside] = [path for path in pipe.parent.iterdir() if path.name != pipe.name]
    assert stat.S_ISFIFO(os.lstat(aside).st_mode) and not os.path.lexists(pipe)


# --- links -----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", KEPT)
def test_a_linked_file_is_written_through_and_stays_a_link(tmp_path, name):
    """The player keeps the real file elsewhere (a synced folder): it gets the new content, the link stays."""
    kept = KEPT[name]
    elsewhere = tmp_path / "synced" / "real.json"
    elsewhere.parent.mkdir()
    elsewhere.write_text('{"old": true}')
    link = kept.path(tmp_path / "data")
    link.parent.mkdir(parents=True)
    link.symlink_to(elsewhere)
    kept.save(tmp_path / "data")
    assert link.is_symlink() and os.readlink(link) == str(elsewhere)
    assert json.loads(elsewhere.read_text()) != {"old": True}
    assert sorted(path.name for path in elsewhere.parent.iterdir()) == ["real.json"]  # no temporary file left
    loaded = kept.load(tmp_path / "data")
    assert not refused(kept, loaded)


def test_a_link_leading_nowhere_yet_is_written_through_making_its_file(tmp_path):
    link, far_end = tmp_path / SETTINGS_FILE, tmp_path / "mine" / "settings.json"
    far_end.parent.mkdir()
    link.symlink_to(far_end)
    save_settings(tmp_path, SETTINGS)
    assert link.is_symlink() and load_settings(tmp_path) == (SETTINGS, [])


@pytest.mark.parametrize("make", ["loop", "pipe", "folder"])
def test_a_link_to_something_that_is_not_a_file_is_refused_and_left_as_it_is(tmp_path, make):
    link = tmp_path / STATS_FILE
    if make == "loop":
        (tmp_path / "other.json").symlink_to(link)
        link.symlink_to(tmp_path / "other.json")
    else:
        far_end = tmp_path / "far"
        os.mkfifo(far_end) if make == "pipe" else far_end.mkdir()
        link.symlink_to(far_end)
    before = entries(tmp_path)
    with pytest.raises(NotAFileError) as error:
        save_stats(tmp_path, STATS)
    assert disk_reason(error.value) == "@disk.not_a_file" and entries(tmp_path) == before


def test_a_file_kept_aside_never_takes_the_name_of_a_link_leading_nowhere(tmp_path, monkeypatch):
    monkeypatch.setattr(time, "strftime", lambda _format: "20261127-120000")
    taken = tmp_path / "settings.unreadable-20261127-120000.json"
    taken.symlink_to(tmp_path / "gone.json")
    assert aside_name(tmp_path / SETTINGS_FILE, "unreadable") == tmp_path / "settings.unreadable-20261127-120000-2.json"


def test_a_thing_that_is_not_a_file_is_said_so_in_every_language():
    words = {language: Translator(language)("disk.not_a_file") for language in LANGUAGES}
    assert "disk.not_a_file" not in words.values() and len(set(words.values())) == len(LANGUAGES)


# --- every kind of thing, for every loader ---------------------------------------------------------------------
KINDS = ("file", "damaged", "pipe", "folder", "link", "link to damaged", "link to pipe", "link to a device",
         "link to nothing", "link in a loop")
DAMAGE = st.binary(max_size=40) | st.sampled_from([b"", b"[]", b"{", b'{"format": "other"}', b"\xff\xfe"])


def make(kind: str, place: Path, elsewhere: Path, document: Any, damage: bytes) -> list[Path]:
    """Put a thing of ``kind`` at ``place`` (what it links to in ``elsewhere``); return the pipes made."""
    far_end = Path(os.devnull) if kind == "link to a device" else elsewhere / place.name
    target = place if not kind.startswith("link") else far_end
    if kind.startswith("link"):
        place.symlink_to(far_end)
    if kind in ("file", "link"):
        target.write_text(json.dumps(document))
    elif kind in ("damaged", "link to damaged"):
        target.write_bytes(damage)
    elif kind in ("pipe", "link to pipe"):
        os.mkfifo(target)
        return [target]
    elif kind == "folder":
        target.mkdir()
        (target / "inside.txt").write_text("the player's")
    elif kind == "link in a loop":
        far_end.symlink_to(place)
    return []


@settings(max_examples=80)
@given(kind=st.sampled_from(KINDS), name=st.sampled_from(sorted(KEPT)), damage=DAMAGE)
def test_loading_any_kind_of_thing_never_hangs_nor_raises_nor_loses_it(tmp_path_factory, kind, name, damage):
    kept = KEPT[name]
    data, elsewhere = tmp_path_factory.mktemp("data"), tmp_path_factory.mktemp("elsewhere")
    place = kept.path(data)
    place.parent.mkdir(parents=True, exist_ok=True)
    pipes = make(kind, place, elsewhere, kept.document, damage)
    before = entries(place.parent, elsewhere)
    loaded = finishes(lambda: kept.load(data), pipes)  # the loader's own error is returned, any other raised
    after = entries(place.parent, elsewhere)
    assert not before - after, "something in the folder was lost"
    if kind in ("pipe", "folder", "link to pipe", "link to a device"):  # a link leading nowhere or round: no file yet
        assert refused(kept, loaded)
    if kind in ("file", "link"):
        assert not refused(kept, loaded)
