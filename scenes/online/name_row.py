"""The row the player types their name on, in *Settings* and on *Play online* (one setting, ``player_name``): what
is typed shows as typed while the row has the focus, is kept cleaned in the settings at each key (one line, no
control or format characters, at most ``NAME_LENGTH`` characters, as a table would show it), and once the focus
leaves the row it shows the name as it was saved."""

from __future__ import annotations

from collections.abc import Callable

from game.core.text import person_name
from game.services.match import NAME_LENGTH
from scenes.context import AppContext
from scenes.kit.text_field import edited
from scenes.kit.ui import MenuItem
from scenes.online.network import player_name

KEY = "name"


class NameRow:
    """``shown``: called when what the row shows changed (its page makes its items again)."""

    def __init__(self, context: AppContext, shown: Callable[[], None]) -> None:
        self.context, self.shown = context, shown
        self.typed = context.settings.player_name  # as typed on the row (the settings keep it cleaned)

    def item(self) -> MenuItem:
        tr = self.context.tr
        return MenuItem(tr("online.name"), choices=[self.typed or player_name()], on_type=self.type,
                        note=tr("online.name.note"), key=KEY, icon="player", tip="tips.seat.player")

    def type(self, typed: str) -> None:
        """A character typed into the name, or erased (""): only printable ones are taken, up to the length a
        name may have; the settings keep it cleaned (:func:`person_name`)."""
        self.typed = edited(self.typed, typed, str.isprintable, NAME_LENGTH)
        name = person_name(self.typed, NAME_LENGTH)
        if name != self.context.settings.player_name:
            self.context.change_settings(self.context.settings.changed(player_name=name))
        self.shown()

    def settle(self, focused: str) -> None:
        """The focus is on row ``focused``: away from this one, the row shows the name as saved."""
        saved = self.context.settings.player_name
        if focused != KEY and self.typed != saved:
            self.typed = saved
            self.shown()
