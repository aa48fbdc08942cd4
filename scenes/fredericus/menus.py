"""Fredericus' options page, on the way from the game choice to the seat set-up: how many falconers, and the
shorter game (R-9)."""

from __future__ import annotations

from typing import Any

import pygame

from game.fredericus.options import FredericusOptions
from game.fredericus.seating import PLAYER_COUNTS
from game.services.match import SeatPlan
from scenes.boardspec import BoardSpec
from scenes.context import AppContext
from scenes.kit.stack import Push, Transition
from scenes.kit.ui import TEXT, MenuItem
from scenes.pages.menu_page import CENTRE_X, MenuScene
from scenes.router import pages


class FredericusOptionsScene(MenuScene):
    """How many falconers, and whether to play the shorter game (R-9), for the game of ``board`` (its
    registration hands it in, so that this page need not import the registry)."""

    def __init__(self, context: AppContext, board: BoardSpec[Any, Any, Any]) -> None:
        self.board = board
        self.title_key = board.title_key
        self.players = PLAYER_COUNTS[0]
        self.short_game = False
        super().__init__(context)
        self.menu.focus = self.menu.items.index(self.menu.item("next"))  # a plain confirm changes no choice

    def build_items(self) -> list[MenuItem]:
        tr = self.context.tr
        return [
            MenuItem(tr("setup.players"), choices=[str(count) for count in PLAYER_COUNTS],
                     index=PLAYER_COUNTS.index(self.players),
                     on_change=self._set_players, key="players", icon="player", tip="tips.setup.players"),
            MenuItem(tr("setup.short_game"), choices=[tr("common.no"), tr("common.yes")], index=int(self.short_game),
                     on_change=self._set_short, note=tr("setup.short_game.note"), key="short", icon="speed",
                     tip="tips.setup.short_game"),
            MenuItem(tr("menu.next"), self._next, key="next", icon="play"),
            MenuItem(tr("menu.back"), self.back, key="back", icon="back"),
        ]

    def emblem(self) -> str:
        return self.board.emblem

    def _set_players(self, index: int) -> None:
        self.players = PLAYER_COUNTS[index]

    def _set_short(self, index: int) -> None:
        self.short_game = bool(index)

    def _next(self) -> Transition:
        seats = self.board.first_seats[:1] + (SeatPlan.ai("normal"),) * (self.players - 1)  # the player, AI falconers
        return Push(pages().seats(self.context, self.board.name, FredericusOptions(self.short_game), seats))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.context.text.blit(surface, self.context.tr(self.board.note_key), 26, TEXT, shadow=2,
                               midtop=(CENTRE_X, 150))
