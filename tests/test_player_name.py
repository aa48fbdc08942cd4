"""Issue 52: the player's name is set once, in *Settings* (the *Play online* page shows the same setting), and
taken to every host. Whatever is typed, the name kept is cleaned (one line, no control or format characters,
at most 24 characters), the row shows it as it was saved once the focus leaves it, and a host is sent that;
the hosts found on the network list this computer's own first."""

from __future__ import annotations

import json
import time
from dataclasses import replace

import pygame
import pytest
from online_table import PORT, FakeNetwork, Found, bobs_table
from scene_driver import Driver, FixedClock, screenshot_dir

from scenes.app import App
from scenes.online.join import JoinScene
from scenes.online.menus import OnlineMenuScene
from scenes.online.network import player_name
from scenes.pages.overlays import SettingsOverlay

TYPED = "\x07Bru\x1bno\u202e\x00  " + "x" * 100  # control and format characters, and far too long
SAVED = "Bruno " + "x" * 17  # what is left: printable, cut to 24 as typed, the spaces run into one


@pytest.fixture
def driver(tmp_path, monkeypatch):
    monkeypatch.setenv("FALCONI_DATA_DIR", str(tmp_path / "data"))
    app = App(fps=0)
    app.clock = FixedClock(100)
    yield Driver(app)
    app.close()


def focus(driver: Driver, key: str) -> None:
    menu = driver.top.menu
    driver.move(menu.rects[[item.key for item in menu.items].index(key)].center)


def wait_for(driver: Driver, condition, what: str) -> None:
    deadline = time.monotonic() + 30
    while not condition():
        assert time.monotonic() < deadline, f"waited in vain for {what}"
        driver.run()
        time.sleep(0.005)


def test_a_name_typed_in_settings_is_kept_cleaned_shown_cleaned_and_sent_cleaned(driver, tmp_path) -> None:
    network = FakeNetwork(found=[Found("Bob's table", "192.168.1.20", PORT)], table=bobs_table())
    driver.app.context.network = network.doors
    driver.click_item("settings")
    settings = driver.top
    assert isinstance(settings, SettingsOverlay)
    assert settings.menu.item("name").value == player_name()  # until one is typed: the login name, cleaned
    focus(driver, "name")
    assert driver.app.context.inputs.typing
    driver.post(pygame.TEXTINPUT, text=TYPED)
    assert driver.app.context.settings.player_name == SAVED
    assert json.loads((driver.app.context.data_folder / "settings.json").read_text())["player_name"] == SAVED
    driver.key(pygame.K_UP)  # the focus leaves the row: it shows the name as saved
    assert settings.menu.item("name").value == SAVED
    shots = screenshot_dir(tmp_path)
    for language in ("en", "it", "de"):
        driver.app.context.change_settings(driver.app.context.settings.changed(language=language))
        driver.run(2)
        driver.top.menu.focus = [item.key for item in driver.top.menu.items].index("name")
        driver.run()
        driver.save(shots, f"settings-name-{language}")
    driver.app.context.change_settings(driver.app.context.settings.changed(language="en"))
    driver.key(pygame.K_ESCAPE)

    driver.click_item("online")  # the same setting on Play online
    assert isinstance(driver.top, OnlineMenuScene) and driver.top.menu.item("name").value == SAVED
    driver.click_item("join")
    join = driver.top
    assert isinstance(join, JoinScene)
    wait_for(driver, lambda: join.searching is None, "the search")
    driver.click_item("found0")
    assert network.links[-1].name == SAVED  # the host is told the name as saved


def test_a_name_of_control_characters_alone_leaves_the_login_name(driver) -> None:
    driver.click_item("settings")
    focus(driver, "name")
    driver.post(pygame.TEXTINPUT, text="Ann")
    for _ in range(3):
        driver.key(pygame.K_BACKSPACE)
    driver.post(pygame.TEXTINPUT, text="\x00\x1b\x7f\u200b\u202e")
    assert driver.app.context.settings.player_name == ""
    driver.key(pygame.K_UP)
    assert driver.top.menu.item("name").value == player_name()


def test_the_hosts_found_list_this_computer_s_own_first(driver) -> None:
    network = FakeNetwork(found=[Found("Ann's tables", "192.168.1.20", PORT),
                                 Found("Bob's tables", "192.168.1.21", PORT), Found("My tables", "192.168.1.30", PORT)])
    driver.app.context.network = lambda: replace(network.doors(), here=lambda: {"127.0.0.1", "192.168.1.30"})
    driver.click_item("online")
    driver.click_item("join")
    join = driver.top
    assert isinstance(join, JoinScene)
    wait_for(driver, lambda: join.searching is None, "the search")
    assert [found.name for found in join.found] == ["My tables", "Ann's tables", "Bob's tables"]
    assert join.menu.items[0].key == "found0" and join.menu.items[0].label == "My tables"
