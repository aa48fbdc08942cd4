"""Menus answer with a click, and with a soft "no" on a greyed item."""

from __future__ import annotations

import pygame

from scenes.kit import input as inp
from scenes.kit.ui import Menu, MenuItem, TextCache


def test_menus_click_and_refuse_greyed_items():
    cues: list[str] = []
    menu = Menu([MenuItem("Play", lambda: None, key="play"), MenuItem("Continue", enabled=False, key="continue"),
                 MenuItem("Volume", choices=["0%", "50%"], key="volume")], text=TextCache(), sound=cues.append)
    menu.handle(inp.Intent(inp.CONFIRM))
    menu.handle(inp.Intent(inp.CLICK, pos=menu.rects[1].center))
    menu.handle(inp.Intent(inp.POINT, pos=menu.rects[1].center))
    menu.handle(inp.Intent(inp.DOWN))
    menu.handle(inp.Intent(inp.RIGHT))
    assert cues == ["click", "deny", "click"]


def test_the_title_menu_sounds_through_the_app(driver, monkeypatch):
    cues: list[str] = []
    monkeypatch.setattr(driver.app.context.audio, "play", cues.append)
    driver.key(pygame.K_RETURN)  # New game: the game choice's menu is made now, with the sound above
    driver.key(pygame.K_RETURN)
    assert type(driver.top).__name__ == "VariantScene" and cues == ["click"]
