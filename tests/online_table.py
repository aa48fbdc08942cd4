"""A table server's answers without a network, for the app's online scenes and the mirror: the messages of the
protocol (issue 40, spec40 "The protocol") made by ``game.online.wire`` from a local ``Match``, and
:class:`TableDouble`, a stand-in for ``game.online.client.Connection`` that runs one table and answers one client
as the server would (AI seats play at once, with a seeded random choice); and :class:`FakeNetwork`, the doors to
the network (connect, host, browse) the online pages are handed, which open only such stand-ins."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.core.errors import GameError
from game.core.options import GameOptions
from game.core.protocol import NO_SEAT, Seat
from game.fredericus.options import FredericusOptions
from game.online import wire
from game.online.messages import ClientMessage, LinkChange, Message, Over, Received, Update, client_message, to_json
from game.online.protocol import parse_server
from game.registry import game_spec
from game.services.match import Match, MatchSetup, Person, SeatPlan
from scenes.kit.wake import wake
from scenes.online.network import Network

TABLE = "table-1"
PORT = 47470


def update_message(match: Match, seat: Seat | None, start: int = 0, table: str = TABLE,
                   connected: list[bool] | None = None, away: list[bool] | None = None) -> dict[str, Any]:
    """The ``update`` the server sends ``seat`` (None: a spectator) after ``match``'s last action, with the log
    from entry ``start`` on."""
    state = match.state
    deciding = seat is not None and not state.is_terminal() and state.current_seat == seat
    count = len(match.setup.seats)
    return wired({
        "verb": "update", "table": table, "seat": seat, "setup": wire.public_setup(match.setup),
        "moment": len(match.log), "from": start,
        "entries": [wire.entry_json(entry) for entry in match.log[start:]],
        "picture": wire.seat_picture(state, NO_SEAT if seat is None else seat, table, len(match.log)),
        "legal": [state.action_text(action) for action in state.legal_actions()] if deciding else [],
        "connected": connected if connected is not None else [plan.kind == "person" for plan in match.setup.seats],
        "away": away if away is not None else [False] * count,
    })


def over_message(match: Match, table: str = TABLE) -> dict[str, Any]:
    return wired({"verb": "over", "table": table, "save": match.to_json()})


def wired(message: dict[str, Any]) -> dict[str, Any]:
    """``message`` as it comes off the wire: through JSON text and back."""
    return dict(json.loads(json.dumps(message)))


def received(message: dict[str, Any]) -> Received:
    """``message`` as a client reads it: a server's frame through the protocol's reader, or a link's change."""
    if message["verb"] == "link":
        return LinkChange(message["state"], message["reason"])
    return parse_server(json.dumps(message))


def as_json(message: Message) -> dict[str, Any]:
    """``message`` as its frame's JSON object, for a check to look into."""
    read: dict[str, Any] = json.loads(json.dumps(to_json(message)))
    return read


def asked(message: dict[str, Any]) -> ClientMessage:
    """A client's ``message`` written as JSON, as the record the app sends (the stand-in server checks no more
    than it did)."""
    return client_message(json.loads(json.dumps(message)))


def read_update(message: dict[str, Any]) -> Update:
    read = received(message)
    assert isinstance(read, Update), read
    return read


def read_over(message: dict[str, Any]) -> Over:
    read = received(message)
    assert isinstance(read, Over), read
    return read


def played(game: str, seed: int, steps: int, options: GameOptions | None = None) -> Match:
    """A local match of AI seats played ``steps`` random actions in (fewer if it ends)."""
    spec = game_spec(game)
    options = options if options is not None else spec.options_type()
    in_play = [True] * spec.seat_count(None, 0)
    setup = MatchSetup(game, tuple(SeatPlan.ai("easy") for _ in in_play), (Person("A"),), seed, options)
    match = Match(setup)
    rng = random.Random(seed)
    for _ in range(steps):
        if match.state.is_terminal():
            break
        match.play(rng.choice(list(match.state.legal_actions())))
    return match


@dataclass
class TableSeat:
    kind: str  # "open", "person", "ai", "off"
    name: str = ""
    level: str = ""
    connected: bool = False
    away: bool = False
    stand_in: str = ""


@dataclass
class Table:
    game: str
    options: GameOptions
    seats: list[TableSeat]
    host: str
    match: Match | None = None
    over_sent: bool = False
    away_ai: float | None = None
    stand_ins: bool = False

    def summary(self) -> dict[str, Any]:
        return {"id": TABLE, "game": self.game, "options": self.options.to_json(), "host": self.host,
                "started": self.match is not None,
                "over": self.match is not None and self.match.state.is_terminal(), "away_ai": self.away_ai,
                "stand_ins": self.stand_ins,
                "seats": [{"kind": s.kind, "name": s.name, "level": s.level, "stand_in": s.stand_in,
                           "connected": s.connected, "away": s.away} for s in self.seats]}


@dataclass
class TableDouble:
    """A ``Connection`` (``send``, ``poll``, ``close``) to a server of one table that answers at once. Made
    with ``table`` set, it plays a server where somebody else already opened that table."""

    address: str
    port: int
    name: str
    password: str = ""
    table: Table | None = None
    server_password: str = ""  # what the server asks every hello for (empty: nothing)
    seed: int = 11
    sent: list[dict[str, Any]] = field(default_factory=list)
    inbox: list[dict[str, Any]] = field(default_factory=lambda: [{"verb": "link", "state": "connecting", "reason": ""}])
    closed: bool = False
    seat: Seat | None = None
    watching: bool = False
    token: int = 0
    rng: random.Random = field(default_factory=lambda: random.Random(5))

    def __post_init__(self) -> None:
        """It greets the server as it is made, with the password it was given, as the real Connection does."""
        if self.password != self.server_password:
            self._error("password", {"verb": "hello"})
            self._queue({"verb": "link", "state": "closed", "reason": "wrong password"})  # for good
            return
        self._queue({"verb": "link", "state": "open", "reason": ""})
        self._out({"verb": "welcome", "you": 1, "server": "double", "version": 1})

    # --- the Connection's face ------------------------------------------------------------------------------
    def send(self, sent: ClientMessage) -> None:
        message = wired(to_json(sent))
        self.sent.append(message)
        answer = getattr(self, "_" + str(message["verb"]), None)
        if answer is None:
            self._error("unknown_verb", message)
        else:
            answer(message)

    def poll(self) -> list[Received]:
        messages, self.inbox = self.inbox, []
        return [received(message) for message in messages]

    def close(self) -> None:
        self.closed = True

    # --- what a test does to the link -----------------------------------------------------------------------
    def drop(self) -> None:
        self._queue({"verb": "link", "state": "reconnecting", "reason": "the connection was lost"})

    def come_back(self) -> None:
        """The link is back: the client resumes with its token (the real Connection does it by itself)."""
        self._queue({"verb": "link", "state": "open", "reason": ""})
        self._out({"verb": "welcome", "you": 2, "server": "double", "version": 1})
        self._resume({"verb": "resume", "token": f"token-{self.token}"})

    # --- answers --------------------------------------------------------------------------------------------
    def _queue(self, message: dict[str, Any]) -> None:
        """``message`` is there to poll: the window at rest is woken, as the real connection wakes it."""
        self.inbox.append(message)
        wake()

    def _out(self, message: dict[str, Any]) -> None:
        self._queue(wired(message))

    def _error(self, code: str, message: dict[str, Any]) -> None:
        self._out({"verb": "error", "code": code, "message": f"refused: {message['verb']} ({code})",
                   "answered": message["verb"]})

    def _hello(self, message: dict[str, Any]) -> None:
        """The connection said hello already: the server refuses a second one."""
        self._error("malformed", message)

    def _tables(self, message: dict[str, Any]) -> None:
        tables = [self.table.summary()] if self.table else []
        self._out({"verb": "tables", "tables": tables, "page": 0, "pages": 1, "total": len(tables)})

    def _create(self, message: dict[str, Any]) -> None:
        options = game_spec(message["game"]).options_type.from_json(message["options"])
        seats = [TableSeat(seat["kind"], level=seat.get("level") or "") for seat in message["seats"]]
        self.table = Table(message["game"], options, seats, self.name)
        self._out({"verb": "table", **self.table.summary()})

    def _join(self, message: dict[str, Any]) -> None:
        table, seat = self.table, message["seat"]
        if table is None or table.match is not None or table.seats[seat].kind != "open":
            self._error("seat_taken", message)
            return
        if self.seat is not None:
            table.seats[self.seat] = TableSeat("open")
        table.seats[seat] = TableSeat("person", self.name, connected=True)
        self.seat = seat
        self.token += 1
        self._out({"verb": "joined", "table": TABLE, "seat": seat, "token": f"token-{self.token}"})
        self._out({"verb": "table", **table.summary()})

    def _leave(self, message: dict[str, Any]) -> None:
        if self.table is not None and self.seat is not None and self.table.match is None:
            self.table.seats[self.seat] = TableSeat("open")
            self.seat = None
            self._out({"verb": "table", **self.table.summary()})

    def _watch(self, message: dict[str, Any]) -> None:
        self.watching = True
        if self.table is not None and self.table.match is not None:
            self._out(update_message(self.table.match, None))

    def _start(self, message: dict[str, Any]) -> None:
        table = self.table
        if table is None or table.host != self.name:
            self._error("not_host", message)
            return
        self._begin(self.seed)

    def _begin(self, seed: int) -> None:
        table = self.table
        assert table is not None
        for seat in table.seats:  # as the host's start does: open seats are played by the AI
            if seat.kind == "open":
                seat.kind, seat.level = "ai", "normal"
        people = [s.name for s in table.seats if s.kind == "person"]
        plans, number = [], 0
        for seat in table.seats:
            if seat.kind == "person":
                plans.append(SeatPlan.human(number))
                number += 1
            elif seat.kind == "ai":
                plans.append(SeatPlan.ai(seat.level))
            else:
                plans.append(SeatPlan("off"))
        setup = MatchSetup(table.game, tuple(plans), tuple(Person(name) for name in people) or (Person("x"),),
                           seed, table.options)
        table.match, table.over_sent = Match(setup), False
        self._out({"verb": "table", **table.summary()})
        self._send_update(0)
        self._play_ai()

    def _send_update(self, start: int) -> None:
        table = self.table
        assert table is not None and table.match is not None
        self._out(update_message(table.match, self.seat, start,
                                 connected=[s.connected for s in table.seats], away=[s.away for s in table.seats]))
        if table.match.state.is_terminal() and not table.over_sent:
            table.over_sent = True
            self._out(over_message(table.match))

    def _play_ai(self) -> None:
        """AI seats (and persons at other screens) play until this client's seat decides or the game ends."""
        match = self.table.match if self.table is not None else None
        assert match is not None
        while not match.state.is_terminal() and match.state.current_seat != self.seat:
            match.play(self.rng.choice(list(match.state.legal_actions())))
            self._send_update(len(match.log) - 1)

    def _act(self, message: dict[str, Any]) -> None:
        match = self.table.match if self.table is not None else None
        if match is None or match.state.is_terminal() or match.state.current_seat != self.seat:
            self._error("not_your_turn", message)
            return
        if message["moment"] != len(match.log):
            self._error("stale", message)
            return
        try:
            match.play(match.state.parse_action(message["action"]))
        except GameError:
            self._error("illegal", message)
            return
        self._send_update(len(match.log) - 1)
        self._play_ai()

    def _resume(self, message: dict[str, Any]) -> None:
        if message["token"] != f"token-{self.token}" or self.table is None:
            self._error("bad_token", message)
            return
        self.token += 1
        self._out({"verb": "joined", "table": TABLE, "seat": self.seat, "token": f"token-{self.token}"})
        if self.table.match is not None:
            self._send_update(0)

    def _rematch(self, message: dict[str, Any]) -> None:
        table = self.table
        if table is None or table.match is None or not table.match.state.is_terminal():
            self._error("not_over", message)
            return
        self._begin(table.match.setup.seed + 1)


@dataclass(frozen=True)
class Found:
    name: str
    address: str
    port: int


@dataclass
class Hosted:
    port: int
    folder: Path
    name: str = ""  # the name the table server is advertised under
    stopped: bool = False

    def stop(self) -> None:
        self.stopped = True


@dataclass
class FakeNetwork:
    """The network's doors as the pages use them, recording what they were asked."""

    found: list[Found] = field(default_factory=list)
    table: Table | None = None  # a table somebody else already opened on the server joined
    busy_ports: set[int] = field(default_factory=set)
    password: str = ""  # the server's: every connection must give it
    links: list[TableDouble] = field(default_factory=list)
    hosted: list[Hosted] = field(default_factory=list)

    def connect(self, address: str, port: int, name: str, password: str) -> TableDouble:
        link = TableDouble(address, port, name, password, table=self.table, server_password=self.password)
        self.links.append(link)
        return link

    def host(self, port: int, password: str, folder: Path, name: str = "") -> Hosted:
        if port in self.busy_ports:
            raise OSError(98, "Address already in use")
        self.hosted.append(Hosted(port or 50123, folder, name))
        return self.hosted[-1]

    def browse(self, seconds: float) -> list[Found]:
        return list(self.found)

    def doors(self) -> Network:
        return Network(self.connect, self.host, self.browse, PORT)


def bobs_table() -> Table:
    return Table("fredericus", FredericusOptions(True), [TableSeat("person", "Bob", connected=True),
                                                        TableSeat("open"), TableSeat("ai", level="hard")], "Bob")
