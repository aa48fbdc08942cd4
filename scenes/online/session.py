"""One connection to a table server, handed from page to page: the lobby, the game, its end, a rematch. It
keeps what every page needs to know of it (the link's state, the table's summary, this client's seat and
token) and is closed by the page the player leaves it from, with the server when this window hosts it. A seat
taken at a server this window joined is kept in the data folder (:mod:`game.online.seats_kept`), to come back
to after leaving its table."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

from game.online.last_seat import LastSeat, forget_last_seat, note_last_seat
from game.online.messages import (
    ClientMessage,
    Closed,
    Error,
    Joined,
    JsonObject,
    LinkChange,
    Over,
    Received,
    TableInfo,
    TableList,
    Update,
    Welcome,
)
from game.online.seats_kept import KeptSeat, forget_seat, keep_seat, kept_seat
from scenes.online.network import Hosted, Link


@dataclass
class Session:
    link: Link
    name: str  # this player's name at the table
    hosted: Hosted | None = None  # the server this window runs, ended with the session
    state: str = "connecting"  # the link: "connecting", "open", "reconnecting" or "closed"
    reason: str = ""  # why the link changed last, in the server's or the system's words
    welcomed: bool = False
    server: str = ""  # the server's name, as its welcome gives it
    tables: list[JsonObject] = field(default_factory=list)  # the page of the server's tables last listed
    page: int = 0  # that page's number, from 0
    pages: int = 1  # and how many pages the server's tables fill
    tables_changed: bool = False  # a table not on that page was told of since: the page may be out of date
    table_closed: bool = False  # the host closed this client's table: the link is closed for good
    table: JsonObject | None = None  # the summary of this client's table
    seat: int | None = None  # the seat this client holds at it
    is_host: bool = False  # this client opened the table
    closed: bool = False
    unread: list[Received] = field(default_factory=list)  # left by a page that handed the session on
    where: str = ""  # the server's "address:port" as the player reached it; "" for this window's own server
    seats_folder: Path | None = None  # where the seats taken there are kept (the data folder)
    game: str = ""  # the table's game, where its summary has not come (a seat taken back from the title menu)
    game_over: bool = False  # this client's table's game is over (until a rematch starts another)

    def send(self, message: ClientMessage) -> None:
        if not self.closed:
            self.link.send(message)

    def poll(self) -> list[Received]:
        """The messages since the last poll, after noting what every page needs from them."""
        if self.closed:
            return []
        unread, self.unread = self.unread, []
        messages = self.link.poll()
        for message in messages:
            self._note(message)
        return unread + messages

    def hand_on(self, messages: list[Received]) -> None:
        """Messages a page polled but leaves to the page it opens (the moves after a game's first update)."""
        self.unread = messages + self.unread

    def _note(self, message: Received) -> None:
        match message:
            case LinkChange(state=state, reason=reason):
                self.state, self.reason = state, reason
            case Welcome(server=server):
                self.welcomed, self.server = True, server
            case TableList(tables=tables, page=page, pages=pages):
                self.tables = [table for table in tables if isinstance(table, dict)]
                self.page, self.pages = max(0, page), max(1, pages)
                self.tables_changed = False
            case TableInfo():
                self._note_table(message.summary())
            case Closed(table=table) if table == self.table_id:
                self.table_closed = True
            case Over(table=table) if table == self.table_id:
                self.game_over = True
                self.forget_last()  # nothing to come back to from the title menu
            case Update(table=table, first=0) if table == self.table_id and self.game_over:
                self.game_over = False  # a rematch: a game to come back to again
                self._note_last()
            case Joined(table=table, seat=seat, token=token):
                self.seat = seat
                self._keep(KeptSeat.from_json({"server": self.where, "table": table, "seat": seat, "token": token}))
                self._note_last()
            case Error(code="bad_token") if self.table_id:
                self._forget(self.table_id)
                self.forget_last()

    def kept_seat(self) -> KeptSeat | None:
        """The seat kept at this client's table, to come back to; ``None`` if none is (or none can be read)."""
        if self.seats_folder is None or not self.where:
            return None
        try:
            return kept_seat(self.seats_folder, self.where, self.table_id)
        except OSError:  # the file cannot be read or moved aside: no seat to offer
            return None

    def _keep(self, seat: KeptSeat | None) -> None:
        if self.seats_folder is None or not self.where or seat is None:
            return
        try:
            keep_seat(self.seats_folder, seat)
        except OSError:  # the disk refuses: the seat is held all the same, only not for after leaving it
            return

    def _forget(self, table: str) -> None:
        if self.seats_folder is None or not self.where:
            return
        try:
            forget_seat(self.seats_folder, self.where, table)
        except OSError:  # kept, then: its token is refused again next time, and forgotten then
            return

    def _note_last(self) -> None:
        """This seat is the online game sat in last, now: *Continue* comes back to it (unless a local game is
        saved after)."""
        if self.seats_folder is None or not self.where or self.seat is None or not self.table_id:
            return
        game = str(self.table.get("game", "")) if self.table is not None else ""
        try:
            note_last_seat(self.seats_folder, LastSeat(self.where, self.table_id, self.seat, game or self.game,
                                                       time.time()))
        except OSError:  # the disk refuses: Continue resumes a local game, as before
            return

    def forget_last(self) -> None:
        """This table's seat is no game to come back to from the title menu."""
        if self.seats_folder is None or not self.where:
            return
        try:
            forget_last_seat(self.seats_folder, self.where, self.table_id)
        except OSError:  # still named, then: Continue finds its token refused, and says so
            return

    def _note_table(self, summary: JsonObject) -> None:
        """A table's summary: it replaces the one listed (another one makes the page out of date), and this
        client's own (the first one told of a table this client opens)."""
        number = next((n for n, table in enumerate(self.tables) if table.get("id") == summary.get("id")), None)
        if number is None:
            self.tables_changed = True
        else:
            self.tables[number] = summary
        if self.table is None or summary.get("id") == self.table.get("id"):
            self.table = summary

    @property
    def table_id(self) -> str:
        return str(self.table.get("id", "")) if self.table is not None else ""

    @property
    def link_down(self) -> bool:
        return self.state in ("reconnecting", "closed")

    def close(self) -> None:
        """Leave the server (and stop it, when this window hosts it): once, whichever page asks first."""
        if self.closed:
            return
        self.closed = True
        if self.seat is not None and not self.table_closed and not self.game_over:
            self._note_last()  # the seat is still this player's, away: the last game, as the window leaves it
        try:
            self.link.close()
        finally:
            if self.hosted is not None:
                self.hosted.stop()
