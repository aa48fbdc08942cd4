"""The whole game log over the board: opened by L, a click on the panel's log or the pause menu (the pad's way),
it lists every entry of the match, scrolls within its ends, closes without touching the game, and never opens
before a due hand-over."""

from __future__ import annotations

import random

import pygame
import pytest
from scene_driver import Driver, screenshot_dir
from test_scenes_play import open_app, play_or_wait, two_people_diavola

from game.falconi.options import FalconiOptions
from game.services.match import MatchSetup, Person, SeatPlan
from game.services.settings import LANGUAGES
from scenes.kit.results import OpenLog
from scenes.kit.ui import DIM, TEXT
from scenes.pages.log_overlay import BOX, ROWS, SIZE, WIDTH, LogOverlay
from scenes.pages.overlays import HandOverOverlay, PauseOverlay
from scenes.playing.play import LOG_LINES, PlayScene

EASY = SeatPlan.ai("easy")
PAD = 0  # the pad's SDL instance id: it becomes pad1
LONG = LOG_LINES * 4  # entries enough for several pages of the overlay


def long_game(tmp_path, monkeypatch) -> Driver:
    """A salami game against three AI cars, played through events until the log holds ``LONG`` entries and
    Anna decides again (so nothing moves while the overlay is tested)."""
    setup = MatchSetup("falconi", (SeatPlan.human(0), EASY, EASY, EASY), (Person("Anna"),), seed=11,
                       options=FalconiOptions("salami"))
    driver = open_app(tmp_path, monkeypatch, setup)
    scene, rng = driver.top, random.Random(5)
    while len(scene.match.log) < LONG or scene.chooser is None:
        play_or_wait(driver, scene, rng)
    driver.run()
    return driver


def open_with_pad(driver: Driver) -> None:
    """Start, then down the pause menu to the game log, then A."""
    driver.pad(pygame.CONTROLLER_BUTTON_START, PAD)
    assert isinstance(driver.top, PauseOverlay)
    while driver.top.menu.focused.key != "log":
        driver.pad(pygame.CONTROLLER_BUTTON_DPAD_DOWN, PAD)
    driver.pad(pygame.CONTROLLER_BUTTON_A, PAD)


OPENERS = {
    "key": lambda driver: driver.key(pygame.K_l),
    "click": lambda driver: driver.click(driver.top.log_area.center),
    "pad": open_with_pad,
}


@pytest.mark.parametrize("way", OPENERS)
@pytest.mark.slow
def test_the_overlay_opens_on_every_entry_of_the_match_scrolled_to_the_newest(tmp_path, monkeypatch, way):
    driver = long_game(tmp_path, monkeypatch)
    try:
        scene = driver.top
        OPENERS[way](driver)
        overlay = driver.top
        assert isinstance(overlay, LogOverlay) and driver.app.stack.scenes[-2] is scene
        assert overlay.entries == scene.match.log and len(overlay.entries) > LOG_LINES
        text = driver.app.context.text
        sentences = [part for entry in scene.match.log for line in scene.sentences(entry)
                     for part in text.wrap(line, WIDTH, SIZE)]
        assert [line.text for line in overlay.lines if line.indent] == sentences
        assert overlay.first == overlay.last_first > 0
        driver.run()
        driver.save(screenshot_dir(tmp_path), f"log_overlay_{way}")
    finally:
        driver.app.close()


@pytest.mark.slow
def test_the_last_moves_entries_are_brighter_and_turns_have_headings(tmp_path, monkeypatch):
    driver = long_game(tmp_path, monkeypatch)
    try:
        scene = driver.top
        driver.key(pygame.K_l)
        entries = [line for line in driver.top.lines if line.indent]
        bright = sum(len(driver.app.context.text.wrap(line, WIDTH, SIZE)) for entry in scene.last_turn()
                     for line in scene.sentences(entry))
        assert {line.colour for line in entries[-bright:]} == {TEXT}
        assert {line.colour for line in entries[:-bright]} == {DIM}
        headings = [line.text for line in driver.top.lines if not line.indent]
        assert headings == [f"Turn {turn}" for turn in dict.fromkeys(entry.turn for entry in scene.match.log)]
    finally:
        driver.app.close()


@pytest.mark.slow
def test_scrolling_moves_the_first_line_and_stops_at_both_ends(tmp_path, monkeypatch):
    driver = long_game(tmp_path, monkeypatch)
    try:
        driver.key(pygame.K_l)
        overlay = driver.top
        end = overlay.last_first
        driver.key(pygame.K_DOWN)
        driver.key(pygame.K_PAGEDOWN)
        driver.wheel(-1)
        assert overlay.first == end  # already at the newest line
        driver.key(pygame.K_UP)
        assert overlay.first == end - 1
        driver.key(pygame.K_PAGEUP)
        assert overlay.first == end - ROWS
        driver.wheel(1)
        assert overlay.first == end - ROWS - 3
        driver.pad(pygame.CONTROLLER_BUTTON_DPAD_UP, PAD)
        assert overlay.first == end - ROWS - 4
        driver.key(pygame.K_HOME)
        assert overlay.first == 0
        driver.key(pygame.K_UP)
        driver.key(pygame.K_PAGEUP)
        driver.wheel(1)
        assert overlay.first == 0
        driver.save(screenshot_dir(tmp_path), "log_overlay_top")
        driver.pad(pygame.CONTROLLER_BUTTON_DPAD_DOWN, PAD)
        assert overlay.first == 1
        driver.key(pygame.K_END)
        assert overlay.first == end
    finally:
        driver.app.close()


CLOSERS = {
    "esc": lambda driver: driver.key(pygame.K_ESCAPE),
    "l": lambda driver: driver.key(pygame.K_l),
    "pad_b": lambda driver: driver.pad(pygame.CONTROLLER_BUTTON_B, PAD),
}


@pytest.mark.slow
def test_esc_l_and_the_pads_b_close_it_back_to_the_play_scene_with_the_game_unchanged(tmp_path, monkeypatch):
    driver = long_game(tmp_path, monkeypatch)
    try:
        scene = driver.top
        before, chooser = scene.match.to_json(), scene.chooser
        for way, close in CLOSERS.items():
            driver.key(pygame.K_l)
            driver.key(pygame.K_HOME)
            close(driver)
            driver.run(3)
            assert driver.top is scene, way
            assert scene.match.to_json() == before and scene.chooser is chooser, way
    finally:
        driver.app.close()


def test_the_log_does_not_open_before_a_due_hand_over(tmp_path, monkeypatch):
    driver = open_app(tmp_path, monkeypatch, two_people_diavola())
    try:
        scene = driver.top
        assert scene.source.handover_due
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="l", scancode=0))
        driver.run()  # the key comes before the hand-over is pushed, in the same frame
        assert isinstance(driver.top, HandOverOverlay)
        assert not any(isinstance(s, LogOverlay) for s in driver.app.stack.scenes)
        assert scene.resume(OpenLog()) is None  # nor through the pause menu
    finally:
        driver.app.close()


@pytest.mark.slow
def test_every_line_and_the_hint_fit_inside_the_box_in_every_language(tmp_path, monkeypatch):
    driver = long_game(tmp_path, monkeypatch)
    context, folder = driver.app.context, screenshot_dir(tmp_path)
    try:
        for language in LANGUAGES:
            context.change_settings(context.settings.changed(language=language))
            driver.key(pygame.K_l)
            font = context.text.font(SIZE)
            assert all(font.size(line.text)[0] <= WIDTH for line in driver.top.lines), language
            assert context.text.font(22).size(context.tr("logview.hint"))[0] <= BOX.width - 40, language
            driver.run()
            driver.save(folder, f"log_overlay_{language}")
            driver.key(pygame.K_ESCAPE)
            driver.run()
            assert isinstance(driver.top, PlayScene)
            driver.save(folder, f"log_panel_{language}")
    finally:
        driver.app.close()


@pytest.mark.slow
def test_the_panel_shows_only_whole_entries(tmp_path, monkeypatch):
    """However narrow or short the panel, it never starts with the tail of a wrapped entry."""
    driver = long_game(tmp_path, monkeypatch)
    try:
        scene = driver.top
        text = driver.app.context.text
        for width in (420, 160):
            newest = sum(len(text.wrap(line, width, 20)) for line in scene.sentences(scene.match.log[-1]))
            for fitting in (newest, newest + 2, 14):
                shown = [line for line, _ in scene.log_panel_lines(width, fitting)]
                assert newest <= len(shown) <= fitting
                whole: list[str] = []
                for entry in reversed(scene.match.log):
                    whole = [part for line in scene.sentences(entry) for part in text.wrap(line, width, 20)] + whole
                    if len(whole) >= len(shown):
                        break
                assert shown == whole, f"the panel {width} wide and {fitting} lines high starts inside an entry"
    finally:
        driver.app.close()
