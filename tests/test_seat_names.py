"""People by name (issue 51): the seat screen numbers people in the order they joined, not by seat, each person's
row takes a typed name (the keyboard's text, Backspace erasing), names are cleaned and told apart, and the name is
what the game, the hand-over and the result say and what the save keeps. Enter on the screen's choices walks
down the rows rather than changing them."""

from __future__ import annotations

import json
import random

import pygame
import pytest
from scene_driver import Driver, screenshot_dir

from game.fredericus.options import FredericusOptions
from game.services.match import OFF, Match, MatchSetup, Person, SeatPlan, people_names
from scenes.kit.stack import Push
from scenes.pages.gameover import GameOverScene
from scenes.pages.overlays import HandOverOverlay
from scenes.pages.seats import SeatSetupScene
from scenes.playing.play import PlayScene

AI = SeatPlan.ai("normal")


def seat_page(driver: Driver, game: str, seats: tuple[SeatPlan, ...], options=None) -> SeatSetupScene:
    """The seat set-up of ``game`` with ``seats`` as the options page would open it, on top of the title."""
    driver.app.stack.apply(Push(SeatSetupScene(driver.app.context, game, options, seats)))
    driver.run()
    assert isinstance(driver.top, SeatSetupScene)
    return driver.top


def focus(driver: Driver, key: str) -> None:
    """Move the focus to row ``key`` with the arrow keys, as a player would."""
    menu = driver.top.menu
    for _ in menu.items:
        if menu.focused.key == key:
            return
        driver.key(pygame.K_DOWN)
        menu = driver.top.menu
    raise AssertionError(f"no row {key}")


def set_row(driver: Driver, key: str, value: str) -> None:
    """Press Right on row ``key`` until it reads ``value``."""
    focus(driver, key)
    for _ in driver.top.menu.focused.choices:
        if driver.top.menu.item(key).value == value:
            return
        driver.key(pygame.K_RIGHT)
    raise AssertionError(f"{key} never reads {value!r}: {driver.top.menu.item(key).choices}")


def type_text(driver: Driver, text: str) -> None:
    """Type ``text`` as SDL sends it: a key press (that prints, so the text field takes it), then its text."""
    for char in text:
        key = pygame.key.key_code(char.lower()) if char.isascii() and char.isalpha() else 0
        driver.post(pygame.KEYDOWN, key=key, mod=0, unicode=char, scancode=0)
        driver.post(pygame.TEXTINPUT, text=char)


def seat_values(scene: SeatSetupScene) -> list[str]:
    return [scene.menu.item(f"seat{seat}").value for seat in range(len(scene.plans))]


# --- numbered by people, not by seat -------------------------------------------------------------------------
def test_the_third_person_of_a_fredericus_table_is_player_3_whatever_their_seat(driver, tmp_path):
    """Issue 51: seat 4 set to a person read "Spieler 4" although only three people played."""
    driver.click_item("settings")
    for _ in range(2):  # English, Italiano, Deutsch
        driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_ESCAPE)
    scene = seat_page(driver, "fredericus", (SeatPlan.human(0), AI, AI, AI))
    assert "Spieler 4" not in scene.menu.item("seat3").choices
    set_row(driver, "seat3", "Spieler 2")  # the fourth seat first: the second person
    set_row(driver, "seat2", "Spieler 3")  # then the third seat: the third person
    assert seat_values(scene) == ["Spieler 1", "KI normal", "Spieler 3", "Spieler 2"]
    setup = scene.setup(seed=1)
    assert [person.name for person in setup.people] == ["Player 1", "Player 2", "Player 3"]
    assert setup.seats_of(1) == (3,) and setup.seats_of(2) == (2,)
    assert [item.key for item in scene.menu.items if item.key.startswith("device")] == ["device0", "device1",
                                                                                        "device2"]


def test_a_person_who_leaves_the_table_closes_the_gap_and_takes_their_name_away(driver):
    scene = seat_page(driver, "fredericus", (SeatPlan.human(0), SeatPlan.human(1), SeatPlan.human(2)))
    focus(driver, "device1")
    type_text(driver, "Bruno")
    focus(driver, "device2")
    type_text(driver, "Carla")
    set_row(driver, "seat1", "AI normal")  # Bruno leaves: Carla is the second person now
    assert seat_values(scene) == ["Player 1", "AI normal", "Carla"]
    assert [person.name for person in scene.setup(seed=1).people] == ["Player 1", "Carla"]
    assert scene.menu.item("seat1").choices[:3] == ["Player 1", "Carla", "Player 3"]  # the people, and one more


# --- typing a name -------------------------------------------------------------------------------------------
def test_a_name_typed_on_the_seat_screen_is_the_one_the_game_and_the_hand_over_use(driver, tmp_path):
    scene = seat_page(driver, "fredericus", (SeatPlan.human(0), AI))
    set_row(driver, "seat1", "Player 2")
    focus(driver, "device0")
    assert driver.app.context.inputs.typing
    type_text(driver, "Anna!")
    driver.key(pygame.K_BACKSPACE)  # erases the "!", and the page stays
    assert driver.top is scene and scene.menu.item("device0").label == "Anna"
    focus(driver, "device1")
    type_text(driver, "Bruno")
    driver.run()
    driver.save(screenshot_dir(tmp_path), "seats-typing-a-name-en")
    assert seat_values(scene) == ["Anna", "Bruno"]
    focus(driver, "start")
    assert not driver.app.context.inputs.typing
    driver.key(pygame.K_RETURN)
    play = driver.app.stack.scenes[-2] if isinstance(driver.top, HandOverOverlay) else driver.top
    assert isinstance(play, PlayScene)
    assert [person.name for person in play.match.setup.people] == ["Anna", "Bruno"]
    players = play.source.players()  # in turn order, which the deal decides: by seat here
    assert [players[seat].name for seat in sorted(players)] == ["Anna", "Bruno"]
    driver.run(2)
    first = players[play.match.state.current_seat].name
    assert isinstance(driver.top, HandOverOverlay) and driver.top.name == first
    assert driver.top.role == play.view_seat_name(play.match.state.current_seat)  # which seat they are to play


def test_printing_keys_type_into_a_name_instead_of_acting(driver):
    """P pauses and Space confirms elsewhere: typed into a name they are letters, and Backspace never leaves."""
    scene = seat_page(driver, "falconi", (SeatPlan.human(0), AI, AI, AI))
    focus(driver, "device0")
    driver.key(pygame.K_BACKSPACE)  # nothing to erase: the page stays
    assert driver.top is scene
    type_text(driver, "Pep")
    driver.post(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)  # not Enter's confirm
    driver.post(pygame.TEXTINPUT, text=" ")
    assert driver.top is scene and scene.typed[0] == "Pep " and scene.menu.focused.key == "device0"
    assert scene.setup(seed=1).people[0].name == "Pep"  # cleaned: one line, no spaces round it


def test_the_same_name_twice_is_told_apart_and_a_name_cannot_pass_for_a_default_one(driver):
    scene = seat_page(driver, "fredericus", (SeatPlan.human(0), SeatPlan.human(1), SeatPlan.human(2)))
    for row, name in (("device0", "Anna"), ("device1", "ANNA"), ("device2", "Player 1")):
        focus(driver, row)
        type_text(driver, name)
    assert seat_values(scene) == ["Anna", "ANNA (2)", "Player 1 (2)"]
    assert [person.name for person in scene.setup(seed=1).people] == ["Anna", "ANNA (2)", "Player 1 (2)"]


def test_people_names_clean_bound_and_tell_apart():
    assert people_names(["", " Anna\u202e ", "anna", "x" * 40]) == ("Player 1", "Anna", "anna (2)", "x" * 23 + "…")
    assert people_names(["Player 1", "player 2"]) == ("Player 1", "Player 2")  # their own defaults
    assert people_names(["Spieler 2", ""], shown_defaults=["Spieler 1", "Spieler 2"]) == ("Spieler 2 (2)",
                                                                                          "Player 2")


def test_a_gamepad_keeps_the_default_names_and_its_a_walks_down_the_rows(driver):
    scene = seat_page(driver, "falconi", (SeatPlan.human(0), AI, AI, AI))
    preset = scene.menu.item("preset").value
    driver.pad(pygame.CONTROLLER_BUTTON_A)  # on the Set-up row: it moves on, the preset stays
    assert scene.menu.focused.key == "seat0" and driver.top.menu.item("preset").value == preset
    focus(driver, "device0")
    driver.pad(pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
    assert scene.devices[0] == "pad1" and scene.menu.item("device0").label == "Player 1"


# --- Enter never changes the set-up ----------------------------------------------------------------------------
def test_enter_walks_down_the_seat_screen_to_start_and_changes_no_choice(driver):
    """Issue 51: the first Enter on the seat screen changed the Set-up preset. Enter (and pad A) now move the
    focus down a choice; Left and Right, or a click on the arrows, change it."""
    driver.keys(pygame.K_RETURN, pygame.K_RETURN, pygame.K_RETURN)  # New game, Catch Don Falconi, Margherita
    scene = driver.top
    assert isinstance(scene, SeatSetupScene) and scene.menu.focused.key == "preset"
    before = (list(scene.plans), [item.value for item in scene.menu.items])
    keys = []
    while scene.menu.focused.key != "start":
        keys.append(scene.menu.focused.key)
        driver.key(pygame.K_RETURN)
    assert keys == ["preset", "seat0", "seat1", "seat2", "seat3", "device0"]
    assert (list(scene.plans), [item.value for item in scene.menu.items]) == before
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.top, PlayScene)


# --- saved with the game --------------------------------------------------------------------------------------
def test_typed_names_are_saved_and_come_back_and_an_old_save_without_them_loads(driver):
    setup = MatchSetup("falconi", (SeatPlan.human(0), OFF, SeatPlan.human(1), OFF),
                       (Person("Anna"), Person("Bruno", "pad1")), seed=3)
    again = Match.from_json(json.loads(json.dumps(Match(setup).to_json())))
    assert again.setup.people == setup.people
    old = {"format": "falconi-fredericus-match", "version": 1, "actions": [],
           "setup": {"game": "falconi", "variant": "margherita", "seed": 3,
                     "seats": [{"kind": "person", "person": 0}, {"kind": "off"}, {"kind": "ai", "level": "easy"},
                               {"kind": "off"}],
                     "people": [{"name": "Player 1", "device": "keyboard"}]}}
    loaded = Match.from_json(old)
    assert loaded.setup.people == (Person("Player 1"),)
    context = driver.app.context
    assert context.person_name(loaded.setup.people[0]) == "Player 1"
    odd = dict(old, setup=dict(old["setup"], people=[{"name": "\u202eAnna\u200b", "device": "keyboard"}]))
    assert Match.from_json(odd).setup.people[0].name == "Anna"  # cleaned on the way in


@pytest.mark.parametrize("language", ["it", "de"])
def test_the_hand_over_and_the_result_say_the_typed_names(driver, tmp_path, language):
    context = driver.app.context
    context.change_settings(context.settings.changed(language=language))
    scene = seat_page(driver, "fredericus", (SeatPlan.human(0), SeatPlan.human(1)), FredericusOptions(True))
    focus(driver, "device0")
    type_text(driver, "Giulia")
    focus(driver, "device1")
    type_text(driver, "Matthäus")
    driver.run()
    driver.save(screenshot_dir(tmp_path), f"seats-typing-a-name-{language}")
    match = Match(scene.setup(seed=5))
    driver.app.stack.apply(Push(HandOverOverlay(context, context.person_name(match.setup.people[1]), 1)))
    driver.run()
    driver.save(screenshot_dir(tmp_path), f"handover-named-{language}")
    finished = Match(match.setup)
    rng = random.Random(5)
    while not finished.state.is_terminal():
        finished.play(rng.choice(finished.state.legal_actions()))
    over = GameOverScene(context, finished)
    driver.app.stack.apply(Push(over))
    driver.run(3)
    driver.save(screenshot_dir(tmp_path), f"result-named-{language}")
    shown = " ".join([over.headline(), *(line for line, *_ in over.paragraphs())])
    assert "Giulia" in shown or "Matthäus" in shown


# --- the log and the replay -----------------------------------------------------------------------------------
def test_the_log_the_whole_log_and_the_replay_name_each_persons_seat_when_several_play(driver, tmp_path):
    """At one screen the roles alone do not say who did what: each seat a person plays is named with its person
    ("Port police (Bruno)") in the side panel's log, the whole log and the replay; alone, the roles say it."""
    from scenes.pages.log_overlay import LogOverlay
    from scenes.playing.sources.local import start_match_scene
    from scenes.playing.sources.replay import replay_scene

    context = driver.app.context
    two = MatchSetup("falconi", (SeatPlan.human(0), OFF, SeatPlan.human(1), OFF),
                     (Person("Anna"), Person("Bruno")), seed=3)
    match = Match(two)
    rng = random.Random(3)
    for _ in range(8):
        match.play(rng.choice(match.state.legal_actions()))
    play = start_match_scene(context, match)
    driver.app.stack.apply(Push(play))
    driver.run(2)
    panel = " ".join(line for line, _ in play.log_panel_lines(400, 40))
    assert "Don Falconi (Anna)" in panel and "Port police (Bruno)" in panel
    driver.key(pygame.K_l)
    assert isinstance(driver.top, LogOverlay)
    driver.save(screenshot_dir(tmp_path), "log-named")
    replay = replay_scene(context, match).source
    assert replay.named == {"seat.falconi.0": "Anna", "seat.falconi.2": "Bruno"}
    assert "(Anna)" in context.tr.message(match.log[0].message, replay.named)
    solo = Match(MatchSetup("falconi", (SeatPlan.human(0), OFF, AI, OFF), (Person("Anna"),), seed=3))
    assert replay_scene(context, solo).source.named == {}


def test_a_click_on_a_persons_name_takes_the_focus_to_type_and_changes_no_device(driver):
    """The playtest clicked "Player 1" to type a name, and the row's device turned to a gamepad not plugged in:
    a click on the name takes the focus only; the device changes from the chooser on the right."""
    scene = seat_page(driver, "fredericus", (SeatPlan.human(0), AI))
    index = [item.key for item in scene.menu.items].index("device0")
    before = scene.menu.item("device0").value
    row, box = scene.menu.rects[index], scene.menu.value_box(index)
    assert box is not None
    driver.click((row.left + 20, row.centery))
    assert scene.menu.focused.key == "device0" and driver.app.context.inputs.typing
    assert scene.menu.item("device0").value == before
    driver.click((box.right - 5, box.centery))
    assert scene.menu.item("device0").value != before


def test_at_one_screen_with_nothing_to_hide_the_banner_says_whose_turn_it_is(driver):
    """Margherita hides nothing, so no hand-over page comes between two people (issue 51's playtest: "the turn
    just switched"): the banner says whose turn it is and with which seat."""
    from scenes.playing.sources.local import start_match_scene

    setup = MatchSetup("falconi", (SeatPlan.human(0), OFF, SeatPlan.human(1), OFF),
                       (Person("Giulia"), Person("Marco")), seed=4)
    scene = start_match_scene(driver.app.context, Match(setup))
    driver.app.stack.apply(Push(scene))
    driver.run(2)
    tr = driver.app.context.tr
    assert scene.banner == tr("common.named", what=tr("handover.title", name="Giulia"),
                              name=scene.view_seat_name(scene.match.state.current_seat))
    while scene.match.state.current_seat == 0:
        scene.source.choose(scene.match.state.legal_actions()[0])
    driver.run(2)
    assert "Marco" in scene.banner or scene.match.log[-1].events  # an event's banner says more, and goes first


def test_the_name_set_in_settings_names_the_first_person_of_a_new_game_and_of_the_game_after_a_lesson(driver):
    """The name is set once, in Settings: the seat screen starts with it for the first person (who may still
    change it), and the real game a lesson's end card starts at once is played under it too."""
    from game.services.tutorials import FIRST_PATHS
    from scenes.pages.tutorial_menus import ready_setup

    driver.app.context.change_settings(driver.app.context.settings.changed(player_name="Zoé"))
    scene = seat_page(driver, "fredericus", (SeatPlan.human(0), AI))
    assert scene.menu.item("device0").label == "Zoé"
    focus(driver, "start")
    driver.key(pygame.K_RETURN)
    play = driver.app.stack.scenes[-2] if isinstance(driver.top, HandOverOverlay) else driver.top
    assert isinstance(play, PlayScene) and play.match.setup.people[0].name == "Zoé"
    lesson = FIRST_PATHS["falconi"]
    assert ready_setup(lesson, "Zoé").people[0].name == "Zoé"
    assert ready_setup(lesson, "").people[0].name == "Player 1"  # no name set: the default one
