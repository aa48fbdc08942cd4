"""Faults around the saved game: a data folder that cannot be written, reasons in the player's
language, names and action texts the window cannot draw, and temporary files left by interrupted saves."""

from __future__ import annotations

import errno
import json
import os
import time
from pathlib import Path

import pytest
from saved_games import A_SLOT, load_latest, write_slot
from scene_driver import Driver, screenshot_dir

from game.core import jsonio
from game.core.errors import StateFormatError
from game.core.jsonio import disk_reason, remove_stale_temporaries
from game.core.message import Message
from game.falconi.options import FalconiOptions
from game.i18n import Translator
from game.services.match import NAME_LENGTH, Match, MatchSetup, Person, SeatPlan
from game.services.saves import SaveError, SaveStore
from game.services.settings import LANGUAGES
from scenes.app import App
from scenes.kit.stack import Push
from scenes.pages.menus import TitleScene
from scenes.playing.play import PlayScene
from scenes.playing.sources.local import LocalSource


def a_match(*names: str) -> Match:
    people = tuple(Person(name) for name in names) or (Person("Anna"),)
    seats = tuple(SeatPlan.human(index) for index in range(len(people)))
    seats += (SeatPlan.ai("easy"),) * (4 - len(seats))
    match = Match(MatchSetup("falconi", seats, people, seed=5, options=FalconiOptions("funghi")))
    match.play(match.state.legal_actions()[0])
    return match


def read_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """The data folder as the OS gives it when it cannot be written: every move or removal fails."""
    def refuse(*_args, **_kwargs):
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(Path, "replace", refuse)
    monkeypatch.setattr(Path, "unlink", refuse)


def write_save(folder: Path, content: str) -> SaveStore:
    store = SaveStore(folder)
    write_slot(store, content)
    return store


# --- a data folder that cannot be written -------------------------------------------------------------------
def test_a_damaged_save_in_a_read_only_folder_is_left_where_it_is_and_said_so(tmp_path, monkeypatch):
    store = write_save(tmp_path, '{"format": "falconi-fredericus-match", "vers')
    read_only(monkeypatch)
    with pytest.raises(SaveError, match="could not be moved aside") as error:
        load_latest(store)
    assert error.value.kept is None and error.value.kind == "damaged"
    assert store.slot_path(A_SLOT).read_text().startswith('{"format"')  # nothing lost, nothing half-changed


def test_continue_with_a_damaged_save_in_a_read_only_folder_tells_why_in_italian_every_time(tmp_path, monkeypatch):
    data = tmp_path / "data"
    write_save(data, '{"format": "falconi-fredericus-match", "vers')
    (data / "settings.json").write_text(json.dumps({"language": "it"}))
    monkeypatch.setenv("FALCONI_DATA_DIR", str(data))
    read_only(monkeypatch)
    app = App(fps=0)
    try:
        driver = Driver(app)
        driver.run(2)
        italian = Translator("it")
        for _ in range(2):  # the file stays, so Continue is offered, and says the same again
            assert driver.top.menu.item("continue").enabled
            driver.click_item("continue")
            assert isinstance(driver.top, TitleScene)
            assert app.context.notices == [italian("notice.save_left", file=f"{A_SLOT}.json"),
                                           italian("notice.save_reason.damaged")]
            driver.run(3)
        driver.save(screenshot_dir(tmp_path), "menu_save_left_in_a_read_only_folder")
    finally:
        app.close()


# --- the reason in the player's language --------------------------------------------------------------------
@pytest.mark.parametrize("content, kind", [
    ("{broken", "damaged"),
    ('{"format": "chess", "version": 1}', "foreign"),
    ('{"format": "falconi-fredericus-match", "version": 99}', "newer"),
])
def test_each_refused_save_says_which_kind_of_fault_it_has(tmp_path, content, kind):
    with pytest.raises(SaveError) as error:
        load_latest(write_save(tmp_path, content))
    assert error.value.kind == kind and error.value.kept is not None


@pytest.mark.parametrize("language", ["en", "it", "de", "fr"])
@pytest.mark.parametrize("kind", ["damaged", "foreign", "newer", "unreadable", "revised_rules"])
def test_every_kind_of_refused_save_has_a_reason_in_every_language(language, kind):
    key = f"notice.save_reason.{kind}"
    assert Translator(language)(key) != key


def test_the_notice_of_a_refused_save_is_in_the_players_language_not_english(driver_it):
    saves = driver_it.app.context.saves
    write_save(saves.folder.parent, '{"format": "falconi-fredericus-match", "version": 99}')
    driver_it.top.rebuild()
    driver_it.click_item("continue")
    notices = driver_it.app.context.notices
    assert notices[-1] == "è stata salvata da una versione più recente del gioco."
    assert not any("newer" in notice or "format" in notice for notice in notices)


@pytest.fixture
def driver_it(tmp_path, monkeypatch):
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.json").write_text(json.dumps({"language": "it"}))
    monkeypatch.setenv("FALCONI_DATA_DIR", str(data))
    app = App(fps=0)
    driver = Driver(app)
    driver.run(2)
    yield driver
    app.close()


# --- why the disk refused, in the player's language -------------------------------------------------------
@pytest.mark.parametrize("code, key", [(errno.ENOSPC, "disk.full"), (errno.EDQUOT, "disk.quota"),
                                       (errno.EACCES, "disk.denied"), (errno.EPERM, "disk.denied"),
                                       (errno.EROFS, "disk.read_only"), (errno.ENOENT, "disk.gone"),
                                       (errno.EIO, "disk.failing")])
def test_the_common_disk_faults_are_said_in_every_language(code, key):
    assert disk_reason(OSError(code, os.strerror(code))) == f"@{key}"
    words = {language: Translator(language)(key) for language in LANGUAGES}
    assert key not in words.values() and len(set(words.values())) == len(LANGUAGES)


def test_a_rarer_disk_fault_is_said_in_the_systems_own_words():
    assert disk_reason(OSError(errno.EMFILE, "Too many open files")) == "Too many open files"


def test_an_autosave_on_a_full_disk_says_so_in_italian(driver_it, monkeypatch):
    def full(*_args, **_kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("game.services.saves.write_json_atomic", full)
    match = a_match()
    context = driver_it.app.context
    driver_it.app.stack.apply(Push(PlayScene(context, LocalSource(context, match, context.saves.new_slot()))))
    scene = driver_it.top
    scene.source.slot.save_in_background(match)
    scene.source.slot.flush()
    driver_it.run(2)
    assert scene.message == "Impossibile salvare la partita: il disco è pieno"
    assert Translator("de").message(Message.of("notice.save_failed", reason=disk_reason(OSError(
        errno.ENOSPC, "")))) == "Die Partie konnte nicht gespeichert werden: der Datenträger ist voll"


# --- names and texts the window cannot draw -----------------------------------------------------------------
def test_names_the_window_cannot_draw_are_cleaned_when_a_save_is_read():
    saved = a_match("Player\u00001", "x" * 2_000_000, "\n\t ").to_json()
    people = Match.from_json(json.loads(json.dumps(saved))).setup.people
    assert people[0].name == "Player1"
    assert len(people[1].name) == NAME_LENGTH and people[1].name.endswith("…")
    assert people[2].name == "Player 3"


def test_an_unknown_device_in_a_save_becomes_the_keyboard():
    saved = a_match("Anna").to_json()
    saved["setup"]["people"][0]["device"] = "pad" + "9" * 5000
    assert Match.from_json(saved).setup.people[0].device == "keyboard"


@pytest.mark.slow
def test_continue_with_a_name_holding_a_nul_plays_and_saves_again(driver, tmp_path):
    saves = driver.app.context.saves
    write_slot(saves, json.dumps(a_match("Player\u00001", "y" * 2_000_000).to_json()))
    driver.top.rebuild()
    driver.click_item("continue")
    assert isinstance(driver.top, PlayScene)
    driver.run(30)
    driver.save(screenshot_dir(tmp_path), "play_after_a_nul_name")
    driver.app.stack.close()  # the play scene saves the match as it leaves
    assert [person.name for person in load_latest(saves).setup.people][0] == "Player1"


def test_a_save_far_larger_than_any_the_game_writes_is_kept_aside_unread(tmp_path, monkeypatch):
    monkeypatch.setattr(jsonio, "MAX_DOCUMENT_BYTES", 1000)
    store = write_save(tmp_path, json.dumps(a_match("n" * 2000).to_json()))
    with pytest.raises(SaveError, match="larger than") as error:
        load_latest(store)
    assert error.value.kind == "damaged" and error.value.kept is not None and error.value.kept.exists()


def test_a_huge_bad_action_is_quoted_short(tmp_path):
    saved = a_match("Anna").to_json()
    saved["actions"].append("drive " + "9" * 5_000_000)
    with pytest.raises(StateFormatError) as error:
        Match.from_json(saved)
    assert len(str(error.value)) < 400


def test_continue_with_a_huge_bad_action_shows_a_short_notice(driver):
    saves = driver.app.context.saves
    saved = a_match("Anna").to_json()
    saved["actions"].append("drive " + "9" * 5_000_000)
    write_slot(saves, json.dumps(saved))
    driver.top.rebuild()
    driver.click_item("continue")
    assert isinstance(driver.top, TitleScene)
    assert all(len(notice) < 200 for notice in driver.app.context.notices)
    driver.run(5)


def test_text_that_reaches_the_renderer_unclean_is_drawn_not_crashed_on(driver):
    text = driver.app.context.text
    assert text.render("Player\u00001").get_width() > 0
    assert text.render("z" * 2_000_000).get_width() < 16384
    assert len(text.wrap("word " * 1_000_000, 600)) < 1000


# --- temporary files of interrupted saves -------------------------------------------------------------------
def test_temporary_files_left_by_interrupted_saves_are_removed_at_start(tmp_path, monkeypatch):
    data = tmp_path / "data"
    (data / "saves").mkdir(parents=True)
    old = [data / "saves" / f"{A_SLOT}.json.a1b2c3.tmp", data / "settings.json.x9y8.tmp"]
    for path in old:
        path.write_text("{half a sa")
        an_hour_ago = time.time() - 3600
        os.utime(path, (an_hour_ago, an_hour_ago))
    writing_now = data / "saves" / f"{A_SLOT}.json.fresh.tmp"  # another copy of the game, saving right now
    writing_now.write_text("{")
    keep = data / "saves" / "notes.tmp"
    keep.write_text("not ours")
    monkeypatch.setenv("FALCONI_DATA_DIR", str(data))
    app = App(fps=0)
    app.close()
    assert not any(path.exists() for path in old)
    assert writing_now.exists() and keep.exists()


def test_stale_temporary_files_in_a_read_only_folder_are_left(tmp_path, monkeypatch):
    stale = tmp_path / f"{A_SLOT}.json.a1b2c3.tmp"
    stale.write_text("{")
    os.utime(stale, (0, 0))
    read_only(monkeypatch)
    assert remove_stale_temporaries(tmp_path) == []
    monkeypatch.undo()
    assert stale.exists()


# --- the single save of earlier versions ---------------------------------------------------------------------
def test_the_old_single_save_and_the_games_set_aside_beside_it_become_slots(tmp_path):
    store = SaveStore(tmp_path)
    store.folder.mkdir(parents=True)
    for name, person, age in (("autosave.json", "Anna", 0), ("autosave.kept-20261126-090000.json", "Bruno", 3600),
                              ("autosave.kept-20261125-090000.json", "Carla", 7200)):
        path = store.folder / name
        path.write_text(json.dumps(a_match(person).to_json()))
        os.utime(path, (time.time() - age, time.time() - age))
    unreadable = store.folder / "autosave.unreadable-20261120-100000.json"
    unreadable.write_text("{broken")  # kept aside long ago: it stays as it is
    assert [info.match.setup.people[0].name for info in store.slots()] == ["Anna", "Bruno", "Carla"]
    assert sorted(path.name for path in store.folder.glob("autosave*")) == [unreadable.name]


def test_continue_on_the_title_resumes_the_old_single_save(tmp_path, monkeypatch):
    data = tmp_path / "data"
    (data / "saves").mkdir(parents=True)
    (data / "saves" / "autosave.json").write_text(json.dumps(a_match("Anna").to_json()))
    monkeypatch.setenv("FALCONI_DATA_DIR", str(data))
    app = App(fps=0)
    try:
        driver = Driver(app)
        driver.run(2)
        assert driver.top.menu.item("continue").enabled
        driver.click_item("continue")
        assert isinstance(driver.top, PlayScene) and driver.top.match.setup.people[0].name == "Anna"
    finally:
        app.close()
