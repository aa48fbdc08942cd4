"""Settings and the autosave: remembered between runs, never lost, and bad files reported, not fatal."""

import copy
import json
import random

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scene_driver import screenshot_dir

from game.core.errors import StateFormatError
from game.services.match import Match, MatchSetup, SeatPlan
from game.services.saves import SaveError, SaveStore
from game.services.settings import Settings, load_settings, save_settings, settings_from_json
from scenes.app import App
from scenes.pages.overlays import ConfirmOverlay
from scenes.pages.seats import SeatSetupScene
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
                                         SeatPlan.ai("easy")), seed=5, options={"variant": "funghi"}))
    match.play(match.state.legal_actions()[0])
    return match


def test_save_and_load_give_the_same_match(tmp_path):
    store = SaveStore(tmp_path)
    assert not store.has_save()
    match = a_match()
    store.save(match)
    assert store.has_save()
    loaded = store.load()
    assert loaded.state == match.state and loaded.log == match.log
    assert not list(store.folder.glob("*.tmp"))  # the temporary file was renamed over the save


@pytest.mark.parametrize("content", [b"garbage", b'{"format": "chess", "version": 1}',
                                     b'{"format": "falconi-fredericus-match", "version": 7}', b"[]"])
def test_an_unreadable_save_is_kept_aside_with_a_clear_message(tmp_path, content):
    store = SaveStore(tmp_path)
    store.folder.mkdir(parents=True)
    store.path.write_bytes(content)
    with pytest.raises(SaveError, match="could not be resumed") as error:
        store.load()
    kept = list(store.folder.glob("autosave.unreadable-*.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == content and kept[0].name in str(error.value)
    assert not store.has_save()


def test_a_failed_write_leaves_the_old_save_whole(tmp_path, monkeypatch):
    store = SaveStore(tmp_path)
    match = a_match()
    store.save(match)
    before = store.path.read_bytes()
    monkeypatch.setattr(json, "dumps", lambda *a, **k: (_ for _ in ()).throw(OSError("disk full")))
    with pytest.raises(OSError):
        store.save(match)
    assert store.path.read_bytes() == before


def test_background_saves_reach_the_disk_in_order_and_report_errors(tmp_path):
    store = SaveStore(tmp_path)
    match = a_match()
    store.save_in_background(match)
    store.flush()
    assert store.take_error() is None and store.load().log == match.log
    store.discard_in_background()
    assert not store.has_save()
    blocked = SaveStore(tmp_path / "file")
    (tmp_path / "file").write_text("a file where the saves folder should be")
    blocked.save_in_background(match)
    blocked.flush()
    assert isinstance(blocked.take_error(), OSError)
    assert blocked.take_error() is None  # reported once


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
    store.folder.mkdir(parents=True, exist_ok=True)
    store.path.write_text(json.dumps(document))
    try:
        assert isinstance(store.load(), Match)
    except SaveError:
        assert not store.has_save() and list(store.folder.glob("autosave.unreadable-*.json"))
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
                                         SeatPlan.ai("easy")), seed=2, options={"variant": "funghi"}))
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


def test_starting_a_new_game_over_a_saved_one_asks_first_naming_it_and_no_keeps_it(driver, tmp_path):
    saves = driver.app.context.saves
    saves.save(a_falconi_game_at_turn(7))
    before = saves.path.read_bytes()
    driver.top.rebuild()
    to_the_fredericus_start(driver)
    question = driver.top
    assert isinstance(question, ConfirmOverlay)
    assert "(Catch Don Falconi - Pizza Funghi, turn 7)" in question.title
    assert question.menu.focused.key == "no"  # a hurried Enter keeps the saved game
    driver.save(screenshot_dir(tmp_path), "menu_confirm_replace_save")
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.top, SeatSetupScene)
    driver.key(pygame.K_ESCAPE)
    driver.app.stack.close()  # everything that could save has left
    assert saves.path.read_bytes() == before


def test_yes_starts_the_new_game_which_then_replaces_the_saved_one(driver):
    saves = driver.app.context.saves
    saves.save(a_falconi_game_at_turn(3))
    driver.top.rebuild()
    to_the_fredericus_start(driver)
    driver.click_item("yes")
    assert isinstance(driver.top, PlayScene) and driver.top.match.setup.game == "fredericus"
    driver.app.stack.close()
    assert saves.load().setup.game == "fredericus"


def test_a_new_game_over_an_unreadable_save_starts_at_once_and_keeps_the_save_aside(driver):
    saves = driver.app.context.saves
    saves.folder.mkdir(parents=True)
    saves.path.write_text("{broken")
    to_the_fredericus_start(driver)
    assert isinstance(driver.top, PlayScene)
    assert [kept.read_text() for kept in saves.folder.glob("autosave.unreadable-*.json")] == ["{broken"]
    assert "could not be resumed" in driver.app.context.notices[-2]
