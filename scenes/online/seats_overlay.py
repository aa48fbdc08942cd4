"""The host's *Seats of the table* during a game: an AI's seat may be opened to a player, who takes it from the
table's lobby (the AI plays it until somebody does). Who sits where is the server's summary of the table."""

from __future__ import annotations

from functools import partial

from game.online.messages import OpenSeat, summary_seats
from scenes.boards import board
from scenes.context import AppContext
from scenes.kit.stack import Pop
from scenes.kit.ui import MenuItem
from scenes.online.session import Session
from scenes.pages.overlays import MenuOverlay


class OpenSeatsOverlay(MenuOverlay):
    def __init__(self, context: AppContext, session: Session, game: str) -> None:
        self.session, self.game = session, game
        self.opened: set[int] = set()  # seats opened here: the table's summary tells it only once the game polls
        super().__init__(context, context.tr("online.seats_title"), top=220)

    def explanation(self) -> str:
        return self.context.tr("online.seats.explanation")

    def build_items(self) -> list[MenuItem]:
        tr = self.context.tr
        seats = summary_seats(self.session.table or {})
        game = board(self.game)
        items = []
        for seat, info in enumerate(seats):
            label = tr(game.seat_key(seat))
            if seat in self.opened:
                items.append(MenuItem(tr("online.open_seat.opened", seat=label), None, enabled=False,
                                      key=f"open{seat}", icon="player", tip="tips.seat.player"))
            elif info.get("kind") == "ai":
                items.append(MenuItem(tr("online.open_seat", seat=label), partial(self._open, seat),
                                      note=tr("online.open_seat.note"), key=f"open{seat}", icon="player",
                                      tip="tips.seat.player"))
            elif info.get("kind") == "open":
                items.append(MenuItem(tr("online.open_seat.waiting", seat=label), None, enabled=False,
                                      key=f"open{seat}", icon="ai", tip="tips.seat.ai"))
        items.append(MenuItem(tr("menu.back"), lambda: Pop(), key="back", icon="back"))
        return items

    def _open(self, seat: int) -> None:
        """Ask the server, and show the seat opened; the focus goes on to the next seat to open, or Back."""
        self.session.send(OpenSeat(self.session.table_id, seat))
        self.opened.add(seat)
        self.refresh()
        if not self.menu.focused.enabled:
            self.menu.move(1)
