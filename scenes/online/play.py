"""What an online game shows beside its board (its move source is ``scenes/online/source.py``): the link's state,
over the board or on a menu page, and the pause menu of a table, where nothing is saved or taken back."""

from __future__ import annotations

import pygame

from game.online.mirror import Mirror
from scenes.context import AppContext
from scenes.kit.results import LeaveGame
from scenes.kit.stack import Push, Transition
from scenes.kit.ui import DANGER, MenuItem, panel
from scenes.online.seats_overlay import OpenSeatsOverlay
from scenes.online.session import Session
from scenes.pages.overlays import ConfirmOverlay, PauseOverlay
from scenes.playing.gameview import BOARD_AREA

LINK_SIZE = 24  # the words of the link's state over the board


def link_words(context: AppContext, session: Session) -> str:
    """What the player reads while the link is down: it is coming back, or it is closed and why."""
    tr = context.tr
    if session.table_closed:
        return tr("online.table_closed")
    if session.state == "reconnecting":
        return tr("online.reconnecting")
    return tr("online.closed", reason=session.reason or tr("online.closed.unknown"))


def draw_link_state_line(surface: pygame.Surface, context: AppContext, session: Session, top: int) -> None:
    """On a menu page, while the link is down, a line from ``top`` says so."""
    if session.link_down:
        context.text.blit(surface, link_words(context, session), 24, DANGER, shadow=2,
                          midtop=(surface.get_width() // 2, top))


def draw_link_state(surface: pygame.Surface, context: AppContext, session: Session) -> int:
    """While the link is down, a line across the top of the board says so. Where the next box over the board
    may start."""
    top = BOARD_AREA.y + 16
    if not session.link_down:
        return top
    text = context.text
    words = link_words(context, session)
    lines = text.wrap(words, BOARD_AREA.width - 120, LINK_SIZE, True, most=2)
    box = pygame.Rect(0, 0, BOARD_AREA.width - 80, 20 + (LINK_SIZE + 6) * len(lines))
    box.midtop = (BOARD_AREA.centerx, top)
    panel(surface, box)
    for number, line in enumerate(lines):
        text.blit(surface, line, LINK_SIZE, DANGER, bold=True,
                  midtop=(box.centerx, box.y + 10 + (LINK_SIZE + 6) * number))
    return box.bottom + 8


class OnlinePauseOverlay(PauseOverlay):
    """The pause menu of an online game: nothing is saved here and nothing taken back; leaving says what
    becomes of the seat (or, for the host, of the whole table). The host may open an AI's seat to a player."""

    def __init__(self, context: AppContext, mirror: Mirror, device: str, session: Session) -> None:
        self.session, self.mirror = session, mirror
        self.host = session.is_host
        super().__init__(context, mirror, device)

    @property
    def title(self) -> str:
        """Not "Paused": the table plays on while this menu is open."""
        return self.context.tr("online.pause.title")

    def build_items(self) -> list[MenuItem]:
        tr = self.context.tr
        items = [item for item in super().build_items() if item.key not in ("take_back", "quit")]
        if self.host:
            items.append(MenuItem(tr("online.seats_title"), self._seats, note=tr("online.seats.note"), key="seats",
                                  icon="player", tip="tips.seat.player"))
        watching = self.mirror.seat is None
        for item in items:
            if item.key == "hint" and watching:  # a spectator has no move to be hinted
                item.enabled = False
        note = tr("online.leave.host_note" if self.host else "online.leave.watch_note" if watching
                  else "online.leave.note")
        return items + [MenuItem(tr("online.leave"), self._quit, note=note, key="quit", icon="quit")]

    def _seats(self) -> Transition:
        return Push(OpenSeatsOverlay(self.context, self.session, self.match.setup.game))

    def _quit(self) -> Transition:
        return Push(ConfirmOverlay(self.context, self.context.tr("online.leave.confirm"), LeaveGame()))
