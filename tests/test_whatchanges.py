"""The "what changes" card of each harder pizza: shown the first time it is chosen, never again (even after a
restart), not for Margherita; "Got it" leads to the seat set-up, F1 to the pizza's rules, and the variant menu
can show the cards again."""

from __future__ import annotations

import json

import pygame
import pytest
from registry_cases import pizzas
from scene_driver import Driver, FixedClock, screenshot_dir

from game.falconi.options import FalconiOptions
from game.falconi.registration import NEW_PIZZA_CARDS
from scenes.app import App
from scenes.falconi.menus import VariantScene
from scenes.falconi.whatchanges import CARD_LINES, WhatChangesCard
from scenes.kit import tooltip
from scenes.pages.overlays import RulesOverlay
from scenes.pages.seats import SeatSetupScene

PIZZAS = pizzas()


@pytest.fixture
def driver(driver):
    """The driven app, its frames timed by a clock that does not wait: these tests only press and click."""
    driver.app.clock = FixedClock(16)
    return driver


def to_the_pizzas(driver: Driver) -> None:
    driver.keys(pygame.K_RETURN, pygame.K_RETURN)  # New game, Catch Don Falconi
    assert isinstance(driver.top, VariantScene)


def choose(driver: Driver, pizza: str) -> None:
    """Choose ``pizza`` with the keyboard, from the first row."""
    driver.top.menu.focus = 0
    driver.keys(*[pygame.K_DOWN] * PIZZAS.index(pizza), pygame.K_RETURN)


def test_margherita_has_no_card(driver):
    to_the_pizzas(driver)
    choose(driver, "margherita")
    assert isinstance(driver.top, SeatSetupScene) and driver.app.context.settings.seen_cards == ()


@pytest.mark.parametrize("pizza", NEW_PIZZA_CARDS)
@pytest.mark.slow
def test_a_harder_pizzas_card_shows_once_and_got_it_leads_to_the_seats(driver, tmp_path, pizza):
    to_the_pizzas(driver)
    choose(driver, pizza)
    card = driver.top
    assert isinstance(card, WhatChangesCard) and card.variant == pizza
    shown = {tip.message.key for tip in tooltip.tips().tips}
    assert f"tips.card.{pizza}" in shown and f"tips.emblem.{pizza}" in shown  # its picture and its pizza
    assert {f"icon:{icon}" for icon, _ in CARD_LINES[pizza]} <= {tip.picture for tip in tooltip.tips().tips}
    driver.save(screenshot_dir(tmp_path), f"card_{pizza}")
    driver.key(pygame.K_RETURN)  # "Got it" has the focus
    assert isinstance(driver.top, SeatSetupScene) and driver.top.options == FalconiOptions(pizza)
    driver.key(pygame.K_ESCAPE)  # the seats go back to the pizzas, not to the card
    assert isinstance(driver.top, VariantScene)
    choose(driver, pizza)
    assert isinstance(driver.top, SeatSetupScene)


def test_each_card_is_its_own_pizzas(driver):
    to_the_pizzas(driver)
    for pizza in NEW_PIZZA_CARDS:
        choose(driver, pizza)
        assert isinstance(driver.top, WhatChangesCard) and driver.top.variant == pizza
        driver.key(pygame.K_ESCAPE)  # Back: to the pizzas, the card counts as seen
        assert isinstance(driver.top, VariantScene)
    assert driver.app.context.settings.seen_cards == NEW_PIZZA_CARDS


def test_a_player_coming_straight_from_margherita_reads_of_the_reserve_and_the_escape_tiles(driver):
    to_the_pizzas(driver)
    tr = driver.app.context.tr
    for pizza in ("salami", "diavola"):
        choose(driver, pizza)
        card = driver.top
        words = " ".join(" ".join(lines) for _, lines in card.lines)
        assert tr(f"cards.{pizza}.before") in words
        assert "reserve tiles" in words and "escape tiles" in words
        driver.key(pygame.K_ESCAPE)


def test_a_card_seen_stays_seen_after_a_restart(tmp_path, monkeypatch):
    monkeypatch.setenv("FALCONI_DATA_DIR", str(tmp_path / "data"))
    first = Driver(App())
    first.app.clock = FixedClock(16)
    try:
        first.run(2)
        to_the_pizzas(first)
        choose(first, "salami")
        assert isinstance(first.top, WhatChangesCard)
        first.click_item("got_it")  # the mouse does it too
        assert isinstance(first.top, SeatSetupScene)
    finally:
        first.app.close()
    stored = json.loads((tmp_path / "data" / "settings.json").read_text(encoding="utf-8"))
    assert stored["seen_cards"] == ["salami"]
    again = Driver(App())
    again.app.clock = FixedClock(16)
    try:
        again.run(2)
        to_the_pizzas(again)
        choose(again, "salami")
        assert isinstance(again.top, SeatSetupScene)
        again.key(pygame.K_ESCAPE)
        choose(again, "diavola")
        assert isinstance(again.top, WhatChangesCard)
    finally:
        again.app.close()


def test_f1_or_the_rules_item_opens_the_rules_at_that_pizza(driver):
    to_the_pizzas(driver)
    choose(driver, "prosciutto")
    driver.key(pygame.K_F1)
    rules = driver.top
    assert isinstance(rules, RulesOverlay) and rules.topics[rules.topic] == "rules.falconi.prosciutto"
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, WhatChangesCard)  # back on the card, to go on from there
    driver.click_item("rules")
    assert isinstance(driver.top, RulesOverlay)


def test_the_variant_menu_shows_the_cards_again(driver):
    to_the_pizzas(driver)
    assert not driver.top.menu.item("cards_again").enabled  # nothing seen, nothing to forget
    choose(driver, "funghi")
    driver.key(pygame.K_ESCAPE)
    item = driver.top.menu.item("cards_again")
    assert item.enabled
    driver.click_item("cards_again")
    assert driver.app.context.settings.seen_cards == ()
    assert not driver.top.menu.item("cards_again").enabled
    choose(driver, "funghi")
    assert isinstance(driver.top, WhatChangesCard)
