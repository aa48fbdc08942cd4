"""The server's whole state without a socket: who is connected, the tables, and what to send whom.

The server feeds it every frame a connection sends (:meth:`Lobby.receive`), every link that opens or drops,
and every decision an AI worker returns; each call answers with the messages to send. It never reads the
clock (``now`` is handed in), the disk or the network, never raises on a client's frame, and a frame it
refuses gets an ``error`` to its sender and changes nothing: the fuzz in ``tests/test_online_lobby.py`` holds
it to that.
"""

from __future__ import annotations

import functools
import hmac
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from game.core.text import person_name
from game.online.chairs import token_hash
from game.online.guesses import Guesses
from game.online.messages import (
    Act,
    ClientMessage,
    Closed,
    Create,
    Hello,
    Join,
    JsonObject,
    Leave,
    ListTables,
    OpenSeat,
    Rematch,
    Resume,
    SetAwayAI,
    Start,
    TableList,
    Watch,
    Welcome,
)
from game.online.protocol import MOST_NAME, PROTOCOL_VERSION, TABLES_PAGE, ProtocolError, error, parse_client
from game.online.table import AITurn, Outgoing, Table

FLOOD_RATE = 20.0  # frames a second a connection may send on average: a person clicks a few
FLOOD_BURST = 60.0  # and this many at once (a client catching up after a stall)
_TABLE_ID = re.compile(r"t([0-9]{1,9})", re.ASCII)
TABLES_PER_LINK = 3  # tables one connection may hold open at once: a host for friends opens one or two
TABLES_PER_ADDRESS = 10  # and one address (a household behind one router)


@dataclass
class Client:
    """A connection: its name once it said hello, and its allowance of frames (a token bucket)."""

    name: str = ""
    greeted: bool = False
    allowance: float = FLOOD_BURST
    checked: float = 0.0
    address: str = ""  # where it connects from: wrong guesses and tables are counted by it

    def may_send(self, now: float) -> bool:
        self.allowance = min(FLOOD_BURST, self.allowance + max(0.0, now - self.checked) * FLOOD_RATE)
        self.checked = now
        if self.allowance < 1:
            return False
        self.allowance -= 1
        return True


@dataclass
class Lobby:
    """Every table of one server. ``tokens`` makes a fresh secret token, ``seeds`` a fresh game seed (the
    server's draw from the system's randomness; a test's counter); ``taken`` says whether a table id is
    taken outside the lobby (a file of that name in the saves' folder), so that a new table never gets it."""

    server_name: str
    password: str
    tokens: Callable[[], str]
    seeds: Callable[[], int]
    taken: Callable[[str], bool] = lambda _table_id: False
    tables_per_link: int = TABLES_PER_LINK
    tables_per_address: int = TABLES_PER_ADDRESS
    tables: dict[str, Table] = field(default_factory=dict)
    clients: dict[int, Client] = field(default_factory=dict)
    changed: set[str] = field(default_factory=set)  # tables to save (or whose save to remove) since last asked
    asked: dict[str, int] = field(default_factory=dict)  # per table, the moment an AI was asked to decide at
    guesses: Guesses = field(default_factory=Guesses)
    last_table: int = 0

    # --- links ---------------------------------------------------------------------------------------------
    def connect(self, link: int, now: float, address: str = "") -> None:
        self.clients[link] = Client(checked=now, address=address)

    def disconnect(self, link: int, now: float) -> list[Outgoing]:
        """``link`` is gone: its seats stay its people's, away; the others see it."""
        self.clients.pop(link, None)
        out: list[Outgoing] = []
        for table in list(self.tables.values()):
            if link in table.clients() or table.host_link == link:
                out += self._changing(table, lambda t: t.gone(link, now))
        return out

    # --- frames ----------------------------------------------------------------------------------------------
    def receive(self, link: int, text: str | bytes, now: float) -> list[Outgoing]:
        """The answer to one frame from ``link``: never raises on what a client sends."""
        client = self.clients.get(link)
        if client is None:
            return []
        if not client.may_send(now):
            return [(link, error("flood", f"at most {FLOOD_RATE:g} frames a second; this one was dropped"))]
        verb = None
        try:
            message = parse_client(text)
            verb = message.verb
            return self._handle(link, client, message, now)
        except ProtocolError as refused:
            return [(link, error(refused.code, refused.message, verb or refused.verb, refused.wait))]

    def _handle(self, link: int, client: Client, message: ClientMessage, now: float) -> list[Outgoing]:
        if isinstance(message, Hello):
            return self._hello(link, client, message, now)
        if not client.greeted:
            raise ProtocolError("hello_first", 'the first message is "hello"')
        match message:
            case ListTables(page=page, per_page=per_page):
                return [(link, self._listing(page or 0, TABLES_PAGE if per_page is None else per_page))]
            case Create():
                return self._create(link, client, message)
            case Resume(token=token):
                return self._resume(link, client, token, now)
            case Join(table=table_id, seat=seat):
                return self._changing(self._table(table_id),
                                      lambda t: t.join(link, seat, client.name, self.tokens(), now))
            case Watch(table=table_id):
                return self._table(table_id).watch(link, now)
            case Leave(table=table_id):
                return self._changing(self._table(table_id), lambda t: t.leave(link, now))
            case Start(table=table_id):
                return self._changing(self._table(table_id), lambda t: t.start(link, self.seeds(), now))
            case Act(table=table_id, action=action, moment=moment):
                return self._changing(self._table(table_id), lambda t: t.act(link, action, moment, now))
            case SetAwayAI(table=table_id, seconds=seconds):
                return self._changing(self._table(table_id), lambda t: t.set_away_ai(link, seconds, now))
            case OpenSeat(table=table_id, seat=seat):
                return self._changing(self._table(table_id), lambda t: t.open_seat(link, seat, now))
            case Rematch(table=table_id):
                return self._changing(self._table(table_id), lambda t: t.rematch(link, self.seeds(), now))

    def _hello(self, link: int, client: Client, message: Hello, now: float) -> list[Outgoing]:
        if client.greeted:
            raise ProtocolError("malformed", "hello comes once, first")
        if message.version != PROTOCOL_VERSION:
            raise ProtocolError("version", f"this server speaks protocol version {PROTOCOL_VERSION}")
        if self.password:
            self._may_guess(client, now)
            if not hmac.compare_digest((message.password or "").encode("utf-8", "surrogatepass"),
                                       self.password.encode("utf-8", "surrogatepass")):
                self.guesses.failed(client.address, now)
                raise ProtocolError("password", "wrong password")
        client.name, client.greeted = person_name(message.name, MOST_NAME) or f"Player {link}", True
        return [(link, Welcome(link, self.server_name, PROTOCOL_VERSION))]

    def _may_guess(self, client: Client, now: float) -> None:
        """Refuse, unlooked at, a password or token from an address that guessed wrong too often lately."""
        wait = math.ceil(self.guesses.wait(client.address, now))
        if wait > 0:
            raise ProtocolError("too_many_guesses", f"too many wrong passwords or tokens from your address: try "
                                                    f"again in {wait} seconds", wait=wait)

    def _listing(self, page: int, per_page: int) -> TableList:
        """Page ``page`` of the tables, ``per_page`` to a page: those with a seat to take first, then those
        not started, in play and over, each in the order they were opened."""
        listed = sorted(self.tables.values(), key=_listing_order)
        shown = listed[page * per_page:(page + 1) * per_page]
        return TableList([table.summary().summary() for table in shown], page,
                         max(1, math.ceil(len(listed) / per_page)), len(listed))

    def _create(self, link: int, client: Client, message: Create) -> list[Outgoing]:
        if sum(table.host_link == link for table in self.tables.values()) >= self.tables_per_link:
            raise ProtocolError("too_many_tables", f"a connection may hold {self.tables_per_link} tables open at "
                                                   f"once on this server", "create")
        if client.address and sum(table.host_address == client.address
                                  for table in self.tables.values()) >= self.tables_per_address:
            raise ProtocolError("too_many_tables", f"an address may hold {self.tables_per_address} tables open "
                                                   f"at once on this server", "create")
        number = self.last_table + 1
        while f"t{number}" in self.tables or self.taken(f"t{number}"):
            number += 1
        table = Table.create(f"t{number}", message, client.name, link)
        table.host_address = client.address
        self.last_table = number
        self.tables[table.id] = table
        self.changed.add(table.id)
        return self._broadcast(table)

    def _resume(self, link: int, client: Client, token: str, now: float) -> list[Outgoing]:
        """The person (or the stand-in) whose token this is takes their seat back on ``link``."""
        self._may_guess(client, now)
        wanted = token_hash(token)
        for table in self.tables.values():
            for seat, chair in enumerate(table.chairs):
                if chair.kind == "person" and hmac.compare_digest(chair.token, wanted):
                    return self._changing(table, functools.partial(Table.resume, link=link, seat=seat,
                                                                   token=self.tokens(), now=now))
                if chair.stand_in is not None and hmac.compare_digest(chair.stand_in.token, wanted):
                    return self._changing(table, functools.partial(Table.resume_stand_in, link=link, seat=seat,
                                                                   token=self.tokens(), now=now))
        self.guesses.failed(client.address, now)
        raise ProtocolError("bad_token", "that token opens no seat (it was spent, or its table is gone)")

    def _table(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise ProtocolError("no_table", f"there is no table {table_id[:40]!r}")
        return table

    def _changing(self, table: Table, change: Callable[[Table], list[Outgoing]]) -> list[Outgoing]:
        """Apply ``change`` (which refuses before changing anything), mark the table to save, tell the lobby
        when its summary changed, and put away a table nobody can come back to."""
        before = table.summary()
        out = change(table)
        self.changed.add(table.id)
        if table.is_empty():
            del self.tables[table.id]
            self.asked.pop(table.id, None)
        if table.summary() != before or table.id not in self.tables:
            out += self._broadcast(table)
        return out

    def _broadcast(self, table: Table) -> list[Outgoing]:
        summary = table.summary()
        return [(link, summary) for link, client in self.clients.items() if client.greeted]

    # --- the AI ----------------------------------------------------------------------------------------------
    def ai_turns(self, now: float) -> list[AITurn]:
        """The decisions AIs must take now and were not asked for yet: the server hands each to a worker and
        brings its answer to :meth:`ai_played`."""
        turns = []
        for table in self.tables.values():
            turn = table.ai_turn(now)
            if turn is not None and self.asked.get(table.id) != turn.moment:
                self.asked[table.id] = turn.moment
                turns.append(turn)
        return turns

    def ai_played(self, table_id: str, moment: int, text: str | None, now: float) -> list[Outgoing]:
        """An AI's answer to the turn asked at ``moment`` (``None``: it gave none); thrown away if the game
        moved on, or a person came back to the seat, meanwhile."""
        if self.asked.get(table_id) == moment:
            del self.asked[table_id]
        table = self.tables.get(table_id)
        if table is None or text is None or table.ai_turn(now) is None:
            return []
        try:
            return self._changing(table, lambda t: t.play(text, moment, now))
        except ProtocolError:  # a stale answer
            return []

    def close_all(self) -> list[Outgoing]:
        """The host's window closes its server: every table ends for good, its people are told, and its save
        goes with it."""
        out: list[Outgoing] = []
        for table in list(self.tables.values()):
            out += [(link, Closed(table.id)) for link in table.clients()]
            del self.tables[table.id]
            self.asked.pop(table.id, None)
            self.changed.add(table.id)
        return out

    # --- saves -----------------------------------------------------------------------------------------------
    def take_changed(self) -> dict[str, JsonObject | None]:
        """The save of every table changed since the last call (``None``: the table is gone)."""
        saves = {table_id: self.tables[table_id].to_json() if table_id in self.tables else None
                 for table_id in sorted(self.changed)}
        self.changed.clear()
        return saves

    def restore(self, table: Table) -> None:
        """A table read back from its save as the server starts."""
        self.tables[table.id] = table
        self.last_table = max(self.last_table, table_number(table.id) or 0)

    def snapshot(self) -> object:
        """Everything a refused frame must leave as it was (the flood allowance and the count of wrong guesses
        aside): for the fuzz."""
        return ({table_id: (table.to_json(), table.clients(), table.host_link, sorted(table.sent.items()))
                 for table_id, table in self.tables.items()},
                {link: (client.name, client.greeted) for link, client in self.clients.items()}, self.last_table)


def table_number(table_id: str) -> int | None:
    """The number of a table id the lobby gives (``t12``: 12); ``None`` for any other id."""
    match = _TABLE_ID.fullmatch(table_id)
    return int(match.group(1)) if match else None


def _listing_order(table: Table) -> int:
    if not table.started:
        return 0 if any(chair.kind == "open" for chair in table.chairs) else 1
    return 3 if table.over else 2
