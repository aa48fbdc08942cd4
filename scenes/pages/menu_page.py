"""What every menu page is built on: a titled menu over a background, with the notices under it; the emblems
beside and in its rows. The game's own options pages build on it too, below the pages every game shares, which
is why it is not in ``menus.py``."""

from __future__ import annotations

import pygame

from scenes.context import AppContext
from scenes.kit import input as inp
from scenes.kit import tooltip, ui_art
from scenes.kit.results import SceneResult
from scenes.kit.stack import Pop, Push, Scene, Transition
from scenes.kit.ui import ACCENT, DANGER, LOGICAL_SIZE, Menu, MenuItem
from scenes.router import pages

CENTRE_X = LOGICAL_SIZE[0] // 2
TITLE_EMBLEM = 84  # the emblems either side of a page's title
ROW_EMBLEM = 36  # an emblem at the left end of a menu row
GAME_EMBLEM = 176  # each game's emblem beside the game choice
UNFOCUSED = (120, 120, 140)  # the tint of the game's emblem that does not have the focus


class MenuScene(Scene):
    """A titled menu page. ``Back`` leaves it, unless the subclass answers otherwise."""

    title_key = ""
    background = "menu"  # the picture behind the page (see scenes.kit.ui_art.BACKGROUNDS)
    menu_x = CENTRE_X  # the middle of the menu's items
    enter_moves_on = False  # a form: Enter on a choice moves the focus on (Menu.enter_moves_on)

    def __init__(self, context: AppContext) -> None:
        self.context = context
        self.menu = Menu(self.build_items(), centre_x=self.menu_x, text=context.text, sound=context.audio.play,
                         enter_moves_on=self.enter_moves_on)

    def build_items(self) -> list[MenuItem]:
        raise NotImplementedError

    def rebuild(self) -> None:
        """Make the items again (the language changed, a save appeared…), keeping the focus."""
        focus = self.menu.focus
        self.menu = Menu(self.build_items(), centre_x=self.menu_x, top=self.menu.top, width=self.menu.width,
                         text=self.context.text, sound=self.context.audio.play, enter_moves_on=self.enter_moves_on)
        self.menu.focus = min(focus, len(self.menu.items) - 1)
        if not self.menu.focused.enabled:
            self.menu.move(1)

    @property
    def typing(self) -> bool:
        return self.menu.typing

    def handle(self, intent: inp.Intent) -> Transition | None:
        if self.menu.type(intent):
            return None
        if intent.kind == inp.BACK:
            return self.back()
        if intent.kind == inp.HELP:
            return Push(pages().rules(self.context, None))
        return self.menu.handle(intent)

    def back(self) -> Transition | None:
        return Pop()

    def resume(self, result: SceneResult | None) -> Transition | None:
        self.rebuild()
        return None

    def emblem(self) -> str:
        """The emblem either side of the title (see scenes.kit.ui_art.EMBLEMS), or "" for none."""
        return ""

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """What lies behind the page's title and menu: its background picture."""
        ui_art.draw_background(surface, self.background)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        text, tr = self.context.text, self.context.tr
        title = text.blit(surface, tr(self.title_key), 64, ACCENT, bold=True, shadow=3, midtop=(CENTRE_X, 70))
        if self.emblem():
            for x in (title.left - 24 - TITLE_EMBLEM // 2, title.right + 24 + TITLE_EMBLEM // 2):
                tooltip.emblem(surface, self.emblem(), TITLE_EMBLEM, center=(x, title.centery))
        self.menu.draw(surface, text)
        lines = [line for notice in self.context.notices[-3:] for line in text.wrap(notice, 1100, 24)][-5:]
        for number, line in enumerate(reversed(lines)):
            text.blit(surface, line, 24, DANGER, shadow=2, midbottom=(CENTRE_X, 690 - 26 * number))


def draw_row_emblems(surface: pygame.Surface, menu: Menu, emblems: dict[str, str]) -> None:
    """An emblem at the left end of the rows whose key ``emblems`` names: a pizza, a game."""
    for item, rect in zip(menu.items, menu.rects):
        if item.key in emblems:
            tooltip.emblem(surface, emblems[item.key], ROW_EMBLEM, focus=rect if item is menu.focused else None,
                           midleft=(rect.x + 10, rect.centery))


def beside_menu(number: int) -> tuple[int, int]:
    """Where the ``number``-th large emblem beside a menu stands: the first left of it, the next right, the
    ones after those under them."""
    x = 180 if number % 2 == 0 else LOGICAL_SIZE[0] - 180
    return x, 300 + number // 2 * (GAME_EMBLEM + 14)



def difficulty_icons(level: int) -> list[str]:
    """The five stars of a difficulty from 1 to 5: that many filled, the rest empty."""
    return ["star"] * level + ["star_empty"] * (5 - level)
