"""The game choice: every game with its emblem, each leading to its options page. A page of its own so that
*Host a table* (``scenes.online.host``) shows the same choice without importing the title menu, which imports
it."""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from scenes.boards import boards
from scenes.boardspec import BoardSpec
from scenes.kit import tooltip
from scenes.kit.stack import Push, Transition
from scenes.kit.ui import MenuItem
from scenes.pages.menu_page import GAME_EMBLEM, UNFOCUSED, MenuScene, beside_menu, draw_row_emblems


class GameChoiceScene(MenuScene):
    """The games, each with its emblem: large either side of the menu, the focused one lit. Each leads to its
    options page, as its board says."""

    title_key = "menu.choose_game"
    background = "title"

    def build_items(self) -> list[MenuItem]:
        tr = self.context.tr
        items = [MenuItem(tr(game.title_key), partial(self._choose, game), note=tr(game.note_key), key=game.name)
                 for game in boards()]
        return items + [MenuItem(tr("menu.back"), self.back, key="back", icon="back")]

    def _choose(self, game: BoardSpec[Any, Any, Any]) -> Transition:
        return Push(game.options_page(self.context))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        draw_row_emblems(surface, self.menu, {game.name: game.emblem for game in boards()})
        for number, game in enumerate(boards()):
            tint = None if self.menu.focused.key == game.name else UNFOCUSED
            tooltip.emblem(surface, game.emblem, GAME_EMBLEM, tint=tint, center=beside_menu(number))
