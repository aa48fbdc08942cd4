"""*Play online*, from the title menu: host a table, or join one, under the player's name (typed here or in
*Settings*, one setting; none typed: their login name)."""

from __future__ import annotations

from scenes.context import AppContext
from scenes.kit import input as inp
from scenes.kit.stack import Push, Transition
from scenes.kit.ui import MenuItem
from scenes.online.host import HostGameScene
from scenes.online.join import JoinScene
from scenes.online.name_row import NameRow
from scenes.online.network import Network, real_network
from scenes.pages.menu_page import MenuScene


class OnlineMenuScene(MenuScene):
    """``network``: the doors to the network (``None``: the real ones, opened when first used)."""

    title_key = "online.title"
    background = "title"
    enter_moves_on = True  # Enter on the name row: the name is done

    def __init__(self, context: AppContext, network: Network | None = None) -> None:
        self._network = network
        self.name = NameRow(context, self.rebuild)  # the same setting as the Settings' row
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
            self.name.item(),
            MenuItem(tr("menu.back"), self.back, key="back", icon="back"),
        ]

    def _host(self) -> Transition:
        return Push(HostGameScene(self.context, self.network))

    def _join(self) -> Transition:
        return Push(JoinScene(self.context, self.network))

    def handle(self, intent: inp.Intent) -> Transition | None:
        transition = super().handle(intent)
        self.name.settle(self.menu.focused.key)
        return transition
