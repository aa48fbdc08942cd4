"""The menus, driven through real pygame events: keyboard, mouse and gamepad reach every branch."""

import json

import pygame
import pytest
from registry_cases import pizzas
from saved_games import A_SLOT, write_slot
from scene_driver import screenshot_dir

from game.falconi.options import FalconiOptions
from game.fredericus.options import FredericusOptions
from game.services.match import Match, MatchSetup, Person, SeatPlan
from scenes.falconi.menus import VariantScene
from scenes.fredericus.menus import FredericusOptionsScene
from scenes.kit.ui import ACCENT
from scenes.pages.game_choice import GameChoiceScene
from scenes.pages.menu_page import difficulty_icons
from scenes.pages.menus import TitleScene
from scenes.pages.overlays import ConfirmOverlay, PauseOverlay, RulesOverlay, SettingsOverlay
from scenes.pages.seats import SeatSetupScene
from scenes.playing.play import PlayScene


def test_the_app_opens_on_the_title_menu_with_continue_disabled(driver, tmp_path):
    assert isinstance(driver.top, TitleScene)
    assert not driver.top.menu.item("continue").enabled
    driver.save(screenshot_dir(tmp_path), "menu_title")


@pytest.mark.slow
def test_keyboard_reaches_the_seat_setup_of_every_pizza(driver, tmp_path):
    for index, pizza in enumerate(pizzas()):
        driver.key(pygame.K_RETURN)  # New game
        driver.key(pygame.K_RETURN)  # Catch Don Falconi
        assert isinstance(driver.top, VariantScene)
        driver.keys(*[pygame.K_DOWN] * index)
        driver.key(pygame.K_RETURN)
        if index:  # a harder pizza's "what changes" card comes first; Enter is "Got it"
            driver.key(pygame.K_RETURN)
        assert isinstance(driver.top, SeatSetupScene)
        assert driver.top.options == FalconiOptions(pizza)
        if pizza == "diavola":
            driver.save(screenshot_dir(tmp_path), "menu_seats_falconi")
        driver.keys(pygame.K_ESCAPE, pygame.K_ESCAPE, pygame.K_ESCAPE)
        assert isinstance(driver.top, TitleScene)


def test_the_variant_list_shows_descriptions_and_difficulty_in_stars(driver, tmp_path):
    driver.keys(pygame.K_RETURN, pygame.K_RETURN, pygame.K_DOWN, pygame.K_DOWN)
    menu = driver.top.menu
    assert difficulty_icons(5) == ["star"] * 5 and difficulty_icons(3) == ["star"] * 3 + ["star_empty"] * 2
    assert "escape tiles" in menu.focused.note
    driver.run()
    screen = driver.app.screen

    def gold_pixels(row: int) -> int:
        """The filled stars are gold; they stand at the row's right end."""
        rect = menu.rects[row]
        return sum(max(abs(a - b) for a, b in zip(screen.get_at((x, y)), ACCENT)) < 16
                   for x in range(rect.right - 130, rect.right - 8) for y in range(rect.top + 6, rect.bottom - 6))

    assert 0 < gold_pixels(0) < gold_pixels(2) < gold_pixels(4)  # Margherita 1, Prosciutto 3, Diavola 5
    driver.save(screenshot_dir(tmp_path), "menu_variants")


def test_the_mouse_alone_reaches_fredericus_options(driver, tmp_path):
    driver.click_item("new")
    driver.click_item("fredericus")
    assert isinstance(driver.top, FredericusOptionsScene)
    driver.click_item("players")  # a click on the right part of a choice moves it on
    driver.click_item("short")
    assert driver.top.players == 3 and driver.top.short_game
    driver.save(screenshot_dir(tmp_path), "menu_fredericus_options")
    driver.click_item("next")
    assert isinstance(driver.top, SeatSetupScene) and len(driver.top.plans) == 3
    assert driver.top.options == FredericusOptions(True)
    driver.save(screenshot_dir(tmp_path), "menu_seats_fredericus")


def test_the_gamepad_alone_goes_in_and_back_out(driver, tmp_path):
    driver.pad(pygame.CONTROLLER_BUTTON_A)
    driver.save(screenshot_dir(tmp_path), "menu_game_choice")
    driver.pad(pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    driver.pad(pygame.CONTROLLER_BUTTON_A)
    assert isinstance(driver.top, FredericusOptionsScene)
    driver.pad(pygame.CONTROLLER_BUTTON_B)
    assert isinstance(driver.top, GameChoiceScene)


def test_seat_presets_give_the_two_player_forms_of_f_4_2(driver):
    driver.keys(pygame.K_RETURN, pygame.K_RETURN, pygame.K_RETURN)
    scene = driver.top
    assert scene.menu.focused.key == "preset"  # issue 51: the page opens on its first row, unchanged
    scene.menu.focus = scene.menu.items.index(scene.menu.item("preset"))
    driver.keys(pygame.K_RIGHT, pygame.K_RIGHT)  # alone as police, then two players with the Port car
    setup = scene.setup(seed=1)
    assert [plan.kind for plan in setup.seats] == ["person", "off", "person", "off"]
    assert len(setup.people) == 2
    driver.key(pygame.K_RIGHT)  # one person drives all three police cars
    setup = scene.setup(seed=1)
    assert setup.seats_of(1) == (1, 2, 3)


def test_f4_2_the_last_police_car_cannot_be_left_out_and_its_row_says_why(driver):
    driver.keys(pygame.K_RETURN, pygame.K_RETURN, pygame.K_RETURN)
    scene = driver.top
    for seat in (1, 3):
        empty_the_seat(driver, scene, seat)
    assert "Empty" not in values_of(driver, scene, "seat2")  # the Port car, alone now
    assert scene.menu.focused.note == "At least one police car must be in play."
    assert [plan.kind for plan in scene.plans] == ["person", "off", "ai", "off"]


def empty_the_seat(driver, scene, seat: int) -> None:
    scene.menu.focus = scene.menu.items.index(scene.menu.item(f"seat{seat}"))
    for _ in scene.menu.focused.choices:
        if scene.menu.item(f"seat{seat}").value == "Empty":
            return
        driver.key(pygame.K_RIGHT)
    raise AssertionError(f"seat {seat} offers no Empty: {scene.menu.focused.note}")


def values_of(driver, scene, key: str) -> list[str]:
    """Every value the row ``key`` takes as Right is pressed round it once (it is left where it began)."""
    scene.menu.focus = scene.menu.items.index(scene.menu.item(key))
    values = []
    for _ in scene.menu.focused.choices:
        values.append(scene.menu.item(key).value)
        driver.key(pygame.K_RIGHT)
    return values


def test_f4_2_no_seat_moves_by_itself_a_lone_car_away_from_the_port_is_not_offered(driver, tmp_path):
    """The seat screen once moved a lone Country car to the Port by itself, and said so with a ruling number.
    Now it changes only the seat the player sets: leaving the Forest car out would leave the Country car alone,
    so Empty is not offered there, and the row says why in the player's words."""
    driver.keys(pygame.K_RETURN, pygame.K_RETURN, pygame.K_RETURN)
    scene = driver.top
    scene.menu.focus = scene.menu.items.index(scene.menu.item("seat1"))
    driver.key(pygame.K_RIGHT)  # the Country car: from "AI normal" to "AI hard"
    empty_the_seat(driver, scene, 2)  # two cars left, Country and Forest: allowed
    assert "Empty" not in values_of(driver, scene, "seat3")
    assert [item.value for item in (scene.menu.item(f"seat{seat}") for seat in (1, 2, 3))] == \
        ["AI hard", "Empty", "AI normal"]
    note = scene.menu.focused.note
    assert "Port" in note and "F-4.2" not in note and "(" not in note
    driver.save(screenshot_dir(tmp_path), "menu_seats_lone_police")
    scene.menu.focus = scene.menu.items.index(scene.menu.item("seat2"))
    driver.key(pygame.K_LEFT)  # the Port car back in, from Empty to AI hard
    empty_the_seat(driver, scene, 1)
    empty_the_seat(driver, scene, 3)  # one car, the Port's (F-4.2): the way the note says
    assert scene.setup(seed=1).new_state().seats == (0, 2)


def test_settings_change_at_once_and_are_remembered(driver, tmp_path):
    driver.click_item("settings")
    assert isinstance(driver.top, SettingsOverlay)
    driver.key(pygame.K_RIGHT)  # language: English -> Italiano
    assert driver.app.context.tr("menu.back") == "Indietro"
    driver.save(screenshot_dir(tmp_path), "menu_settings_it")
    driver.key(pygame.K_ESCAPE)
    assert driver.top.menu.item("new").label == "Nuova partita"
    stored = json.loads((tmp_path / "data" / "settings.json").read_text())
    assert stored["language"] == "it"


def test_the_rules_help_opens_from_the_menu_and_with_f1(driver, tmp_path):
    driver.key(pygame.K_F1)
    assert isinstance(driver.top, RulesOverlay)
    driver.keys(pygame.K_RIGHT, pygame.K_DOWN)
    driver.save(screenshot_dir(tmp_path), "menu_rules")
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, TitleScene)


def test_quitting_asks_first(driver, tmp_path):
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, ConfirmOverlay)
    driver.save(screenshot_dir(tmp_path), "menu_confirm_quit")
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RETURN)  # No
    assert isinstance(driver.top, TitleScene) and driver.app.stack.running
    driver.click_item("quit")
    driver.click_item("yes")
    assert not driver.app.stack.running


def test_a_corrupted_save_is_reported_kept_aside_and_the_menu_goes_on(driver, tmp_path):
    saves = driver.app.context.saves
    write_slot(saves, "{broken")
    driver.top.rebuild()
    assert driver.top.menu.item("continue").enabled
    driver.click_item("continue")
    assert isinstance(driver.top, TitleScene)
    assert "could not be resumed" in driver.app.context.notices[-2]
    assert list(saves.folder.glob(f"{A_SLOT}.unreadable-*.json"))
    assert not driver.top.menu.item("continue").enabled
    driver.save(screenshot_dir(tmp_path), "menu_corrupted_save")


def test_a_newer_save_is_refused_the_same_way(driver):
    saves = driver.app.context.saves
    match = Match(MatchSetup("fredericus", (SeatPlan.human(), SeatPlan.ai("easy"))))
    data = match.to_json() | {"version": 99}
    write_slot(saves, json.dumps(data))
    driver.top.rebuild()
    driver.click_item("continue")
    assert "newer version" in driver.app.context.notices[-1]


def test_run_app_opens_the_window_and_closes_on_quit(tmp_path, monkeypatch):
    from scenes.app import run_app

    monkeypatch.setenv("FALCONI_DATA_DIR", str(tmp_path))
    pygame.init()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert run_app(max_frames=600) == 0
    assert not pygame.get_init()


def arrows_of(driver, key):
    """Where the focused choice row ``key`` shows its "<" and ">", found on the screen as a player finds them:
    the outermost accent-coloured pixels inside the row (the focused value is drawn in the accent colour)."""
    driver.run()
    menu = driver.top.menu
    row = menu.rects[menu.items.index(menu.item(key))]
    inner = row.inflate(-24, -16)  # clear of the focused row's rounded edge, also drawn in the accent colour
    screen = driver.app.screen
    xs = [x for x in range(inner.left, inner.right) for y in range(inner.top, inner.bottom)
          if screen.get_at((x, y))[:3] == ACCENT]
    return (min(xs) + 3, row.centery), (max(xs) - 3, row.centery)


def test_a_click_on_a_seats_left_arrow_goes_back_and_on_its_right_arrow_forward(driver, tmp_path):
    driver.keys(pygame.K_RETURN, pygame.K_RETURN, pygame.K_RETURN)
    scene = driver.top
    scene.menu.focus = scene.menu.items.index(scene.menu.item("preset"))
    driver.keys(pygame.K_DOWN, pygame.K_DOWN)
    assert scene.menu.focused.key == "seat1"
    driver.key(pygame.K_RIGHT)
    assert scene.menu.item("seat1").value == "AI hard"
    back, forward = arrows_of(driver, "seat1")
    driver.click(back)
    assert scene.menu.item("seat1").value == "AI normal"
    driver.save(screenshot_dir(tmp_path), "menu_seats_after_left_arrow")
    driver.click(forward)
    driver.click(forward)
    assert scene.menu.item("seat1").value == "Empty"


def test_a_click_on_the_languages_left_arrow_goes_back_and_on_its_right_arrow_forward(driver):
    driver.click_item("settings")
    back, forward = arrows_of(driver, "language")
    driver.click(back)
    assert driver.app.context.settings.language == "fr"
    back, forward = arrows_of(driver, "language")  # the labels are French now: the arrows may have moved
    driver.click(forward)
    driver.click(forward)
    assert driver.app.context.settings.language == "it"


def start_falconi_alone(driver):
    """New game, Catch Don Falconi, Pizza Margherita, Start: alone as Don Falconi against three AI cars."""
    driver.keys(pygame.K_RETURN, pygame.K_RETURN, pygame.K_RETURN)
    driver.click_item("start")
    assert isinstance(driver.top, PlayScene)


def switch_language_from_the_pause_menu(driver):
    """Esc, Settings, one step right from English (Italiano), and back out of the settings."""
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, PauseOverlay)
    driver.click_item("settings")
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_ESCAPE)


def test_the_open_pause_menu_speaks_the_language_chosen_in_its_settings(driver, tmp_path):
    start_falconi_alone(driver)
    switch_language_from_the_pause_menu(driver)
    assert isinstance(driver.top, PauseOverlay)
    assert driver.top.title == "Pausa" and driver.top.menu.item("resume").label == "Riprendi"
    driver.save(screenshot_dir(tmp_path), "menu_pause_after_italian")


def test_a_default_player_name_follows_the_language_but_a_typed_name_stays(driver):
    start_falconi_alone(driver)
    switch_language_from_the_pause_menu(driver)
    driver.key(pygame.K_ESCAPE)
    scene = driver.top
    assert isinstance(scene, PlayScene)
    assert scene.match.setup.people[0].name == "Player 1"  # kept in one form, whatever the language
    assert "(Giocatore 1)" in scene.source.status_line()
    assert driver.app.context.person_name(Person("Anna")) == "Anna"
    assert driver.app.context.person_name(Person("Player 12b")) == "Player 12b"
