"""Settings and the save slots: remembered between runs, never lost, and bad files reported, not fatal."""

import copy
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from saved_games import A_SLOT, load_latest, save_in_new_slot, write_slot

from game.core.errors import StateFormatError
from game.falconi.options import FalconiOptions
from game.services.match import Match, MatchSetup, SeatPlan
from game.services.saves import SaveError, SaveStore
from game.services.settings import Settings, load_settings, save_settings, settings_from_json
from scenes.app import App
from scenes.playing.play import PlayScene


def test_settings_round_trip(tmp_path):
    wanted = Settings(language="it", fullscreen=True, window_size=(1600, 900), music_volume=0.2,
                      animation_speed=2.0, colour_blind=True, hints=False, screen_shake=False)
    save_settings(tmp_path, wanted)
    assert load_settings(tmp_path) == (wanted, [])


def test_the_new_pizza_cards_seen_are_remembered_in_the_order_seen(tmp_path):
    wanted = Settings(seen_cards=("salami", "funghi"))
    save_settings(tmp_path, wanted)
    assert json.loads((tmp_path / "settings.json").read_text())["seen_cards"] == ["salami", "funghi"]
    assert load_settings(tmp_path) == (wanted, [])


@pytest.mark.parametrize("value", ["funghi", ["hawaii"], ["funghi", "funghi"], ["margherita"], [1], None])
def test_a_damaged_list_of_seen_cards_falls_back_and_is_explained(tmp_path, monkeypatch, value):
    """Not a list of distinct new-pizza cards: none counts as seen, and the first menu says which setting."""
    (tmp_path / "settings.json").write_text(json.dumps({"seen_cards": value, "hints": False}))
    settings, problems = load_settings(tmp_path)
    assert settings == Settings(hints=False)
    assert [problem.setting for problem in problems] == ["seen_cards"]
    monkeypatch.setenv("FALCONI_DATA_DIR", str(tmp_path))
    app = App(fps=0)
    try:
        assert app.context.notices == ["The setting “New-pizza cards seen” could not be used, so its default is used."]
    finally:
        app.close()


def test_missing_settings_are_the_defaults(tmp_path):
    assert load_settings(tmp_path) == (Settings(), [])


def test_a_corrupted_settings_file_gives_the_defaults_and_says_so(tmp_path):
    (tmp_path / "settings.json").write_bytes(b"\x00{not json")
    settings, problems = load_settings(tmp_path)
    assert settings == Settings() and problems[0].setting is None and "could not be read" in problems[0].detail


def test_each_bad_value_falls_back_alone():
    settings, problems = settings_from_json({"language": "xx", "music_volume": 3, "hints": False,
                                             "window_size": [1, 2], "fullscreen": "yes"})
    assert settings == Settings(hints=False)
    assert [problem.setting for problem in problems] == ["language", "fullscreen", "window_size", "music_volume"]
    assert "'xx'" in problems[0].detail


def a_match():
    match = Match(MatchSetup("falconi", (SeatPlan.human(), SeatPlan.ai("easy"), SeatPlan.ai("easy"),
                                         SeatPlan.ai("easy")), seed=5, options=FalconiOptions("funghi")))
    match.play(match.state.legal_actions()[0])
    return match


def test_save_and_load_give_the_same_match(tmp_path):
    store = SaveStore(tmp_path)
    assert store.slots() == []
    match = a_match()
    name = save_in_new_slot(store, match)
    assert [info.name for info in store.slots()] == [name]
    loaded = load_latest(store)
    assert loaded.state == match.state and loaded.log == match.log
    assert not list(store.folder.glob("*.tmp"))  # the temporary file was renamed over the save


@pytest.mark.parametrize("content", [b"garbage", b'{"format": "chess", "version": 1}',
                                     b'{"format": "falconi-fredericus-match", "version": 7}', b"[]"])
def test_an_unreadable_save_is_kept_aside_with_a_clear_message(tmp_path, content):
    store = SaveStore(tmp_path)
    write_slot(store, content)
    [listed] = store.slots()
    assert listed.match is None  # listed as a game that cannot be resumed, untouched until it is chosen
    with pytest.raises(SaveError, match="could not be resumed") as error:
        load_latest(store)
    kept = list(store.folder.glob(f"{A_SLOT}.unreadable-*.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == content and kept[0].name in str(error.value)
    assert store.slots() == []


def test_a_failed_write_leaves_the_old_save_whole(tmp_path, monkeypatch):
    store = SaveStore(tmp_path)
    match = a_match()
    slot = store.new_slot()
    slot.save(match)
    before = slot.path.read_bytes()
    monkeypatch.setattr(json, "dumps", lambda *a, **k: (_ for _ in ()).throw(OSError("disk full")))
    with pytest.raises(OSError):
        slot.save(match)
    assert slot.path.read_bytes() == before


def test_background_saves_reach_the_disk_in_order_and_report_errors(tmp_path):
    store = SaveStore(tmp_path)
    match = a_match()
    slot = store.new_slot()
    slot.save_in_background(match)
    slot.flush()
    assert slot.take_error() is None and store.load(slot).log == match.log
    slot.discard_in_background()
    slot.flush()
    assert store.slots() == []
    slot.path.mkdir()  # a folder where the slot's file should be: the next write fails
    slot.save_in_background(match)
    slot.flush()
    assert isinstance(slot.take_error(), OSError)
    assert slot.take_error() is None  # reported once


def test_no_slot_can_be_made_where_a_file_stands_in_the_saves_folders_place(tmp_path):
    (tmp_path / "saves").write_text("a file where the saves folder should be")
    with pytest.raises(OSError):
        SaveStore(tmp_path).new_slot()


def _paths(document, prefix=()):
    """Every place in a JSON document, as the keys and indexes that lead there."""
    yield prefix
    if isinstance(document, dict):
        for key, value in document.items():
            yield from _paths(value, prefix + (key,))
    elif isinstance(document, list):
        for index, value in enumerate(document):
            yield from _paths(value, prefix + (index,))


SAVED = a_match().to_json()
SAVED_PLACES = list(_paths(SAVED))[1:]
JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers(-10**12, 10**12) | st.text(max_size=12),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                                        max_size=3),
                           max_leaves=6)


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(place=st.sampled_from(SAVED_PLACES), value=JSON_VALUES | st.sampled_from(["hawaii", "chess", -1, 10**9]))
def test_any_damaged_save_either_resumes_or_is_kept_aside_with_a_reason(tmp_path, place, value):
    """One value anywhere in a real save replaced by any JSON value: the app either resumes a game or gets a
    SaveError with the file kept aside, never another exception (an unknown pizza used to escape as GameError)."""
    document = copy.deepcopy(SAVED)
    holder = document
    for key in place[:-1]:
        holder = holder[key]
    holder[place[-1]] = value
    store = SaveStore(tmp_path / "data")
    write_slot(store, json.dumps(document))
    try:
        assert isinstance(load_latest(store), Match)
    except SaveError:
        assert store.slots() == [] and list(store.folder.glob(f"{A_SLOT}.unreadable-*.json"))
    for kept in store.folder.glob("*"):
        kept.unlink()


def test_a_save_of_an_unknown_pizza_is_kept_aside():
    document = copy.deepcopy(SAVED)
    document["setup"]["variant"] = "hawaii"
    with pytest.raises(StateFormatError, match="hawaii"):
        Match.from_json(document)


def test_settings_that_were_ignored_are_told_in_the_players_language(tmp_path, monkeypatch):
    """The language was read, the hints were not: the title menu says so in Italian, naming the setting."""
    (tmp_path / "settings.json").write_text(json.dumps({"language": "it", "hints": "maybe"}))
    monkeypatch.setenv("FALCONI_DATA_DIR", str(tmp_path))
    app = App(fps=0)
    try:
        assert app.context.settings == Settings(language="it")
        assert app.context.notices == ["L'impostazione «Suggerimenti» non era valida: si usa il valore predefinito."]
    finally:
        app.close()
    (tmp_path / "settings.json").write_bytes(b"\x00{not json")
    app = App(fps=0)
    try:
        [kept] = tmp_path.glob("settings.unreadable-*.json")
        assert app.context.notices == [
            f"The settings could not be read, so the defaults are used. The file was kept as {kept.name}."]
    finally:
        app.close()


def a_falconi_game_at_turn(turn):
    """A Pizza Funghi game against three AI cars, played (random legal actions) until ``turn``; this seed's
    chase lasts longer than the tests need."""
    match = Match(MatchSetup("falconi", (SeatPlan.human(), SeatPlan.ai("easy"), SeatPlan.ai("easy"),
                                         SeatPlan.ai("easy")), seed=2, options=FalconiOptions("funghi")))
    rng = random.Random(2)
    while match.state.turn_number < turn:
        match.play(rng.choice(match.state.legal_actions()))
    return match


def to_the_fredericus_start(driver):
    """From the title menu: New game, Fredericus, Next, then a click on Start."""
    driver.click_item("new")
    driver.click_item("fredericus")
    driver.click_item("next")
    driver.click_item("start")


def test_a_new_game_never_replaces_a_saved_one_and_asks_nothing(driver):
    saves = driver.app.context.saves
    name = save_in_new_slot(saves, a_falconi_game_at_turn(7))
    before = saves.slot_path(name).read_bytes()
    driver.top.rebuild()
    to_the_fredericus_start(driver)
    assert isinstance(driver.top, PlayScene) and driver.top.match.setup.game == "fredericus"
    new_slot = driver.top.source.slot.name
    driver.app.stack.close()  # the play scene saves its game as it leaves
    assert saves.slot_path(name).read_bytes() == before
    assert [info.name for info in saves.slots()] == [new_slot, name]
    assert saves.slots()[0].match.setup.game == "fredericus"


def test_a_new_game_beside_an_unreadable_save_starts_at_once_and_leaves_it_as_it_is(driver):
    saves = driver.app.context.saves
    damaged = write_slot(saves, "{broken")
    to_the_fredericus_start(driver)
    assert isinstance(driver.top, PlayScene)
    assert damaged.read_text() == "{broken"
