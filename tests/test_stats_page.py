"""The statistics page (issue 33 and on): how it opens, what it lists and that it fits, from the records that
``test_stats.py`` makes."""

from __future__ import annotations

import pygame
import pytest
from scene_driver import Driver, screenshot_dir
from test_stats import EVERY_KEY, PAD

from devtools.layout.frames import screen_problems
from game.i18n import PSEUDO, Translator
from game.registry import game_names
from game.services.settings import LANGUAGES
from game.services.stats import (
    OPPONENTS,
    Stats,
    load_stats,
)
from game.services.tally import Tally
from scenes.pages import stats_scene as layout
from scenes.pages.menus import TitleScene
from scenes.pages.overlays import ConfirmOverlay
from scenes.pages.stats_scene import PAGE, ROWS, StatsScene, sample_stats
from scenes.pages.stats_table import NUMBERS, SUMMARY, UNKNOWN, label, table_lines, variant_name


# --- the page ------------------------------------------------------------------------------------------------------
def full_record() -> Stats:
    """A line for every variant, role and opponents: far more than one screen."""
    return Stats({key: Tally(7 + number % 5, number % 7) for number, key in enumerate(EVERY_KEY)})


def open_page(driver: Driver, way: str) -> StatsScene:
    title = driver.top
    items = [item.key for item in title.menu.items]
    assert items.index("stats") == items.index("rules") + 1
    if way == "click":
        driver.click_item("stats")
    else:
        press = (lambda: driver.key(pygame.K_DOWN)) if way == "key" else (
            lambda: driver.pad(pygame.CONTROLLER_BUTTON_DPAD_DOWN, PAD))
        for _ in items:
            if title.menu.focused.key == "stats":
                break
            press()
        if way == "key":
            driver.key(pygame.K_RETURN)
        else:
            driver.pad(pygame.CONTROLLER_BUTTON_A, PAD)
    assert isinstance(driver.top, StatsScene)
    return driver.top


@pytest.mark.parametrize("way", ["key", "click", "pad"])
@pytest.mark.slow
def test_the_page_opens_from_the_title_menu_and_back_leaves(driver, way):
    open_page(driver, way)
    leave = {"key": lambda: driver.key(pygame.K_ESCAPE), "click": lambda: driver.click_item("back"),
             "pad": lambda: driver.pad(pygame.CONTROLLER_BUTTON_B, PAD)}
    leave[way]()
    assert isinstance(driver.top, TitleScene)


def drawn_texts(driver: Driver, monkeypatch) -> list[str]:
    drawn: list[str] = []
    real = driver.app.context.text.blit

    def recording_blit(surface, words, *args, **anchor):
        drawn.append(words)
        return real(surface, words, *args, **anchor)

    with monkeypatch.context() as patch:
        patch.setattr(driver.app.context.text, "blit", recording_blit)
        driver.redraw()
    return drawn


def test_with_nothing_played_the_page_says_so_and_offers_no_reset(driver, monkeypatch, tmp_path):
    page = open_page(driver, "click")
    tr = driver.app.context.tr
    drawn = drawn_texts(driver, monkeypatch)
    assert " ".join(driver.app.context.text.wrap(tr("stats.empty"), 980, 30)) in " ".join(drawn)
    assert tr("stats.column.played") not in drawn and not page.menu.item("reset").enabled
    driver.click(page.menu.rects[0].center)
    assert driver.top is page
    driver.save(screenshot_dir(tmp_path), "stats_empty")


@pytest.mark.parametrize("language", [*LANGUAGES, PSEUDO])
def test_the_page_shows_each_games_summary_lines_streaks_and_bests_in_every_language(driver, monkeypatch, tmp_path,
                                                                                     language):
    context = driver.app.context
    context.change_settings(context.settings.changed(language=language))
    context.stats = sample_stats()
    open_page(driver, "key")
    tr = context.tr
    drawn = drawn_texts(driver, monkeypatch)
    driver.save(screenshot_dir(tmp_path), f"stats_sample_{language}")
    for _ in range(3):  # the second game's lines follow the first's players
        driver.key(pygame.K_PAGEDOWN)
        drawn += drawn_texts(driver, monkeypatch)
    for words in (tr("game.falconi"), tr("game.fredericus"), tr("variant.margherita"), tr("stats.role.police"),
                  tr("stats.opponents.people"), tr("stats.falconers_short", count=4), "18",
                  tr("stats.percent", value=44), tr("stats.summary.best_streak"), tr("stats.best.falconi"),
                  tr("stats.best.fredericus"), tr("stats.at_least", value=3),  # an older line might hold a longer one
                  tr.plural("stats.best_value.falconi", 14), tr.plural("stats.best_value.fredericus", 38)):
        assert words in drawn
    assert UNKNOWN in drawn  # the older line's streaks and best, unknown


@pytest.mark.parametrize("language", [*LANGUAGES, PSEUDO])
def test_every_page_of_a_long_record_fits_in_every_language(driver, language):
    """Page by page to the end, with every tip: nothing out of its box or over another text."""
    context = driver.app.context
    context.change_settings(context.settings.changed(language=language))
    context.stats = Stats(full_record().tallies, sample_stats().names)
    page = open_page(driver, "click")
    seen = screen_problems(driver.app)
    while page.first < page.last_first:
        driver.key(pygame.K_PAGEDOWN)
        seen += screen_problems(driver.app)
    assert seen == []


def test_every_column_and_summary_name_fits_its_room_in_every_language(driver):
    """The longest words of each language, the long pseudo-language among them, fit where the page puts them."""
    text = driver.app.context.text
    lowest = layout.HEAD_SIZES[-1]

    def width(words: str, size: int, bold: bool = False) -> int:
        return text.render(words, size, bold=bold).get_width()

    for language in (*LANGUAGES, PSEUDO):
        tr = Translator(language)
        assert max(width(variant_name(tr, key), layout.SIZE, True) for key in EVERY_KEY) < (
            layout.RIGHTS["best"] - layout.ROLE_X), language
        assert max(width(tr(f"stats.role.{role}"), layout.SIZE) for role in ("fugitive", "police", "falconer")) < (
            layout.OPPONENTS_X - layout.ROLE_X - 10), language
        assert max(width(tr(f"stats.opponents.{name}"), layout.SIZE) for name in OPPONENTS) < (
            layout.RIGHTS["played"] - 100 - layout.OPPONENTS_X), language
        for column in NUMBERS:
            assert all(width(word, lowest, True) <= layout.COLUMN
                       for word in tr(f"stats.column.{column}").split()), (language, column)
        for game in game_names():
            assert all(width(label(tr, game, column), lowest) <= layout.SUMMARY_PART - 16 for column in SUMMARY)


def test_a_long_record_scrolls_with_keys_wheel_and_pad_within_its_ends(driver, tmp_path):
    driver.app.context.stats = full_record()
    page = open_page(driver, "key")
    end = len(table_lines(full_record())) - ROWS
    driver.key(pygame.K_UP)
    assert page.first == 0
    driver.key(pygame.K_DOWN)
    assert [line.kind for line in page.lines()[1:3]] == ["summary", "labels"]
    driver.pad(pygame.CONTROLLER_BUTTON_DPAD_DOWN, PAD)
    assert page.first == 3  # the names of the summary's figures never stand at the top without them
    driver.key(pygame.K_UP)
    assert page.first == 1
    driver.key(pygame.K_DOWN)
    driver.wheel(-1)
    assert page.first == 6
    driver.key(pygame.K_PAGEDOWN)
    assert page.first == 6 + PAGE
    driver.save(screenshot_dir(tmp_path), "stats_scrolled")
    driver.key(pygame.K_END)
    driver.key(pygame.K_DOWN)
    assert page.first == end
    driver.save(screenshot_dir(tmp_path), "stats_end")
    driver.key(pygame.K_HOME)
    assert page.first == 0


def test_reset_asks_first_and_no_keeps_everything(driver, tmp_path):
    context = driver.app.context
    context.stats = sample_stats()
    page = open_page(driver, "key")
    driver.key(pygame.K_LEFT)
    assert page.menu.focused.key == "reset"
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.top, ConfirmOverlay) and driver.top.menu.focused.key == "no"
    driver.save(screenshot_dir(tmp_path), "stats_confirm_reset")
    driver.key(pygame.K_RETURN)
    assert driver.top is page and context.stats == sample_stats()
    driver.key(pygame.K_RETURN)
    driver.key(pygame.K_UP)
    driver.key(pygame.K_RETURN)
    assert driver.top is page and context.stats == Stats()
    assert load_stats(tmp_path / "data") == (Stats(), [])
    assert not page.menu.item("reset").enabled and page.menu.focused.key == "back"


def test_reset_with_the_mouse_and_a_disk_that_refuses_says_so_on_the_page(driver, tmp_path):
    context = driver.app.context
    context.stats = sample_stats()
    page = open_page(driver, "click")
    (tmp_path / "blocker").write_text("")
    context.data_folder = tmp_path / "blocker" / "data"
    driver.click_item("reset")
    driver.click_item("yes")
    assert driver.top is page and context.stats == Stats()
    assert page.message.startswith(context.tr("stats.not_saved", reason="").strip())
