"""*Play online*, from the title menu: host a table, or join one, under the name the player types here (kept in
the settings; none typed: their login name)."""

from __future__ import annotations

from game.core.text import person_name
from game.services.match import NAME_LENGTH
from scenes.context import AppContext
from scenes.kit.stack import Push, Transition
from scenes.kit.text_field import edited
from scenes.kit.ui import MenuItem
from scenes.online.host import HostGameScene
from scenes.online.join import JoinScene
from scenes.online.network import Network, player_name, real_network
from scenes.pages.menu_page import MenuScene


class OnlineMenuScene(MenuScene):
    """``network``: the doors to the network (``None``: the real ones, opened when first used)."""

    title_key = "online.title"
    background = "title"
    enter_moves_on = True  # Enter on the name row: the name is done

    def __init__(self, context: AppContext, network: Network | None = None) -> None:
        self._network = network
        self.typed = context.settings.player_name  # the name as typed on its row (the settings keep it cleaned)
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
            MenuItem(tr("online.name"), choices=[self.typed or player_name()], on_type=self._type_name,
                     note=tr("online.name.note"), key="name", icon="player", tip="tips.seat.player"),
            MenuItem(tr("menu.back"), self.back, key="back", icon="back"),
        ]

    def _host(self) -> Transition:
        return Push(HostGameScene(self.context, self.network))

    def _join(self) -> Transition:
        return Push(JoinScene(self.context, self.network))

    def _type_name(self, typed: str) -> None:
        """A character typed into the name, or erased (""): kept as typed on the row, and cleaned in the settings
        (:func:`person_name`: one line, no control characters), as a table would show it."""
        self.typed = edited(self.typed, typed, str.isprintable, NAME_LENGTH)
        name = person_name(self.typed, NAME_LENGTH)
        if name != self.context.settings.player_name:
            self.context.change_settings(self.context.settings.changed(player_name=name))
        self.rebuild()
