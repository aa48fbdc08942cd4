"""The saved games on screen (issue 37): Continue names what it resumes, the Saved games page lists every slot
to resume or delete, and a game another window plays is offered as a copy. Driven by posted events."""

from __future__ import annotations

import os
import time

import pygame
import pytest
from saved_games import save_in_new_slot
from scene_driver import screenshot_dir

from game.falconi.options import FalconiOptions
from game.services.match import Match, MatchSetup, Person, SeatPlan
from game.services.saves import SaveStore
from scenes.kit import tooltip, ui_art
from scenes.pages.menus import TitleScene
from scenes.pages.overlays import ConfirmOverlay
from scenes.pages.saved_games import PAGE, HeldSlotOverlay, SavedGamesScene, SlotOverlay
from scenes.playing.play import PlayScene

pytestmark = pytest.mark.screen


@pytest.fixture(autouse=True)
def utc(monkeypatch):
    """Saved-at times are shown in local time: these tests read them in UTC wherever they run."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def a_game(variant: str, name: str, seed: int = 3) -> Match:
    seats = (SeatPlan.human(0), SeatPlan.ai("easy"), SeatPlan.ai("easy"), SeatPlan("off"))
    match = Match(MatchSetup("falconi", seats, (Person(name),), seed=seed, options=FalconiOptions.named(variant)))
    match.play(match.state.legal_actions()[0])
    return match


def saved(driver, *games: Match) -> list[str]:
    """Save each game in a slot of its own, the first the oldest, and show the title again."""
    store = driver.app.context.saves
    names = []
    for number, match in enumerate(games):
        names.append(save_in_new_slot(store, match))
        os.utime(store.slot_path(names[-1]), (1_700_000_000 + number, 1_700_000_000 + number))
    driver.top.rebuild()
    return names


def test_continue_names_the_game_it_resumes_and_resumes_the_latest(driver, tmp_path):
    saved(driver, a_game("funghi", "Anna"), a_game("salami", "Bruno"))
    note = driver.top.menu.item("continue").note
    # a Falconi game is counted by turns, as its side panel counts them (issue 51: "giro 3" beside "Turno 5")
    assert "Pizza Salami" in note and "3 players" in note and "turn 1" in note and "2023-11-14" in note
    driver.move(driver.top.menu.rects[[item.key for item in driver.top.menu.items].index("continue")].center)
    driver.run(2)
    driver.save(screenshot_dir(tmp_path), "title_continue_names_the_game")
    driver.click_item("continue")
    assert isinstance(driver.top, PlayScene) and driver.top.match.setup.people[0].name == "Bruno"


def test_continue_names_a_fredericus_table_by_its_falconers_and_round(driver):
    seats = (SeatPlan.human(0), SeatPlan.ai("easy"), SeatPlan.ai("easy"))
    match = Match(MatchSetup("fredericus", seats, (Person("Anna"),), seed=4))
    while match.state.round_number < 2:
        match.play(match.state.legal_actions()[0])
    saved(driver, match)
    note = driver.top.menu.item("continue").note
    assert note.startswith("Fredericus") and "3 players, round 2, saved" in note


def test_without_a_saved_game_continue_and_saved_games_are_greyed(driver):
    items = driver.top.menu
    assert not items.item("continue").enabled and not items.item("saves").enabled
    assert items.item("continue").note == ""


def test_the_saved_games_page_lists_each_game_and_resumes_the_one_chosen(driver, tmp_path):
    names = saved(driver, a_game("funghi", "Anna"), a_game("salami", "Bruno"), a_game("diavola", "Carla"))
    driver.click_item("saves")
    page = driver.top
    assert isinstance(page, SavedGamesScene)
    assert [item.key for item in page.menu.items] == names[::-1] + ["back"]
    assert [item.label.split(" · ")[0] for item in page.menu.items[:3]] == [
        "Catch Don Falconi - Pizza Diavola", "Catch Don Falconi - Pizza Salami", "Catch Don Falconi - Pizza Funghi"]
    assert page.menu.items[0].label.endswith(" · on 2023-11-14 at 22:13")
    driver.key(pygame.K_DOWN)
    driver.run(2)
    driver.save(screenshot_dir(tmp_path), "saved_games_page")
    driver.click_item(names[0])
    assert isinstance(driver.top, SlotOverlay)
    driver.save(screenshot_dir(tmp_path), "saved_game_choices")
    driver.click_item("resume")
    assert isinstance(driver.top, PlayScene) and driver.top.match.setup.people[0].name == "Anna"
    assert driver.top.source.slot.name == names[0]


def test_deleting_a_saved_game_asks_first_and_no_keeps_it(driver, tmp_path):
    names = saved(driver, a_game("funghi", "Anna"), a_game("salami", "Bruno"))
    driver.click_item("saves")
    driver.click_item(names[1])
    driver.click_item("delete")
    question = driver.top
    assert isinstance(question, ConfirmOverlay) and "Pizza Salami" in question.title
    assert question.menu.focused.key == "no"  # a hurried Enter keeps the game
    driver.save(screenshot_dir(tmp_path), "saved_game_delete_question")
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.top, SlotOverlay)
    driver.click_item("delete")
    driver.click_item("yes")
    page = driver.top
    assert isinstance(page, SavedGamesScene) and [item.key for item in page.menu.items] == [names[0], "back"]
    assert [info.name for info in driver.app.context.saves.slots()] == [names[0]]
    driver.click_item("back")
    assert isinstance(driver.top, TitleScene) and "Pizza Funghi" in driver.top.menu.item("continue").note


def test_deleting_shows_a_bin_and_says_what_it_does(driver, tmp_path):
    """Issue 51: Delete showed the power sign of "Close the game"; it and the question's Yes show a bin."""
    names = saved(driver, a_game("salami", "Bruno"))
    driver.click_item("saves")
    driver.click_item(names[0])
    assert driver.top.menu.item("delete").icon == "delete" and "delete" in ui_art.icon_names()
    driver.run()
    assert "tips.icon.delete" in [tip.message.key for tip in tooltip.tips().tips]
    assert "tips.icon.quit" not in [tip.message.key for tip in tooltip.tips().tips]
    driver.save(screenshot_dir(tmp_path), "saved_game_bin")
    driver.click_item("delete")
    question = driver.top
    assert isinstance(question, ConfirmOverlay)
    assert [(item.key, item.icon) for item in question.menu.items] == [("yes", "delete"), ("no", "back")]
    bin_, power = (pygame.image.tobytes(ui_art.icon(name, 48), "RGBA") for name in ("delete", "quit"))
    assert bin_ != power


def test_a_game_another_window_plays_is_marked_and_offered_as_a_copy(driver, tmp_path):
    [name] = saved(driver, a_game("salami", "Bruno"))
    other_window = SaveStore(driver.app.context.saves.folder.parent)
    held = other_window.open(name)
    try:
        driver.top.rebuild()
        driver.click_item("saves")
        assert driver.top.menu.item(name).note.startswith("Open in another window.")
        driver.click_item(name)
        assert isinstance(driver.top, HeldSlotOverlay)
        driver.run(2)
        driver.save(screenshot_dir(tmp_path), "saved_game_open_in_another_window")
        driver.click_item("copy")
        play = driver.top
        assert isinstance(play, PlayScene) and play.source.slot.name != name
        assert play.match.to_json() == other_window.load(held).to_json()
    finally:
        held.release()


def test_continue_on_a_game_another_window_plays_leads_to_the_other_saved_games(driver):
    names = saved(driver, a_game("funghi", "Anna"), a_game("salami", "Bruno"))
    other_window = SaveStore(driver.app.context.saves.folder.parent)
    held = other_window.open(names[1])
    try:
        driver.click_item("continue")
        assert isinstance(driver.top, HeldSlotOverlay)
        driver.click_item("others")
        page = driver.top
        assert isinstance(page, SavedGamesScene) and page.menu.item(names[1]).note.startswith("Open in another")
        driver.click_item(names[0])
        driver.click_item("resume")
        assert isinstance(driver.top, PlayScene) and driver.top.match.setup.people[0].name == "Anna"
    finally:
        held.release()


def test_many_saved_games_are_shown_a_page_at_a_time(driver, tmp_path):
    names = saved(driver, *(a_game("funghi", f"P{number}", seed=number) for number in range(PAGE + 2)))
    driver.click_item("saves")
    page = driver.top
    assert [item.key for item in page.menu.items] == names[::-1][:PAGE] + ["page", "back"]
    assert page.menu.item("page").choices == ["1 of 2", "2 of 2"]
    driver.click_item("page")  # a click on a choice turns it on
    assert [item.key for item in page.menu.items] == names[::-1][PAGE:] + ["page", "back"]
    assert page.menu.focused.key == "page"
    driver.run(2)
    driver.save(screenshot_dir(tmp_path), "saved_games_second_page")
