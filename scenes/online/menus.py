"""*Play online*, from the title menu: host a table, or join one."""

from __future__ import annotations

import pygame

from scenes.context import AppContext
from scenes.kit import tooltip
from scenes.kit.stack import Push, Transition
from scenes.kit.ui import LOGICAL_SIZE, TEXT, MenuItem
from scenes.online.host import HostGameScene
from scenes.online.join import JoinScene
from scenes.online.network import Network, player_name, real_network
from scenes.pages.menu_page import MenuScene


class OnlineMenuScene(MenuScene):
    """``network``: the doors to the network (``None``: the real ones, opened when first used)."""

    title_key = "online.title"
    background = "title"

    def __init__(self, context: AppContext, network: Network | None = None) -> None:
        self._network = network
        super().__init__(context)

    @property
    def network(self) -> Network:
        if self._network is None:
            self._network = (self.context.network or real_network)()
        return self._network

    def build_items(self) -> list[MenuItem]:
        tr = self.context.tr
        return [
            MenuItem(tr("online.host"), self._host, note=tr("online.host.note"), key="host", icon="play"),
            MenuItem(tr("online.join"), self._join, note=tr("online.join.note"), key="join", icon="player"),
            MenuItem(tr("menu.back"), self.back, key="back", icon="back"),
        ]

    def _host(self) -> Transition:
        return Push(HostGameScene(self.context, self.network))

    def _join(self) -> Transition:
        return Push(JoinScene(self.context, self.network))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        words = self.context.tr("online.you", name=player_name())
        tooltip.control(self.context.text.blit(surface, words, 28, TEXT, shadow=2,
                                               midtop=(LOGICAL_SIZE[0] // 2, 140)), "subtitle")
