"""Falconi's options page: the five pizzas, on the way from the game choice to the seat set-up (by way of a
new pizza's card, see ``whatchanges.py``)."""

from __future__ import annotations

from functools import partial

import pygame

from game.core.message import Message
from game.falconi.actions import Action as FalconiAction
from game.falconi.options import FalconiOptions
from game.falconi.state import FalconiState
from game.falconi.variants import VARIANTS
from scenes.boardspec import BoardSpec
from scenes.context import AppContext
from scenes.falconi.whatchanges import card_or, show_cards_again_item
from scenes.kit import tooltip
from scenes.kit.stack import Transition
from scenes.kit.ui import ACCENT, DIM, MenuItem
from scenes.pages.menu_page import MenuScene, difficulty_icons, draw_row_emblems
from scenes.router import pages

STAR = 22  # a difficulty star
PIZZA = 240  # the focused pizza, left of the variant list
VARIANT_MENU_X = 770  # the variant list stands right of the middle, leaving room for the pizza


class VariantScene(MenuScene):
    """The five pizzas, each with its emblem, a one-line description and a difficulty from one to five stars, for
    the game of ``board`` (its registration hands it in, so that this page need not import the registry)."""

    title_key = "menu.choose_variant"
    menu_x = VARIANT_MENU_X

    def __init__(self, context: AppContext, board: BoardSpec[FalconiState, FalconiAction, FalconiOptions]) -> None:
        self.board = board
        super().__init__(context)

    def emblem(self) -> str:
        return self.board.emblem

    def build_items(self) -> list[MenuItem]:
        tr = self.context.tr
        items = [
            MenuItem(tr(f"variant.{name}"), partial(self._choose, name), note=tr(f"variant.{name}.summary"),
                     key=name)
            for name in VARIANTS
        ]
        items.append(show_cards_again_item(self.context, self.rebuild))
        items.append(MenuItem(tr("menu.back"), self.back, key="back", icon="back"))
        return items

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        draw_row_emblems(surface, self.menu, {name: name for name in VARIANTS})
        for item, rect in zip(self.menu.items, self.menu.rects):
            if item.key in VARIANTS:
                level = VARIANTS[item.key].difficulty
                for number, name in enumerate(difficulty_icons(level)):
                    colour = ACCENT if name == "star" else DIM
                    tooltip.icon(surface, name, STAR, colour, Message.of("tips.difficulty", level=level),
                                 focus=rect if item is self.menu.focused else None,
                                 midright=(rect.right - 12 - (4 - number) * (STAR + 1), rect.centery))
        focused = self.menu.focused.key
        if focused in VARIANTS:
            tooltip.emblem(surface, focused, PIZZA, center=(self.menu_x - 350 - PIZZA // 2, 378))

    def _choose(self, variant: str) -> Transition:
        return card_or(self.context, variant,
                       lambda: pages().seats(self.context, self.board.name, FalconiOptions.named(variant), None))
