"""The table protocol's messages as frozen records, one per verb and side, so that each end dispatches on them
with ``match`` and never reaches into a dict.

``game.online.protocol`` checks a frame's shape and builds its record here (:func:`client_message`,
:func:`server_message`); :func:`to_json` is the one way back to the wire. A record's fields carry the JSON
field names (``from`` is ``first``: a keyword), and a field whose default is ``None`` is optional on the wire:
left out while it is ``None``, as version 1 has always sent it. Contents the protocol does not look inside (a
table's options, a picture, a save) travel as :data:`JsonObject` and are checked whole by those who read them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import ClassVar, TypeAlias, TypeVar

Json: TypeAlias = "None | bool | int | float | str | list[Json] | dict[str, Json]"
JsonObject: TypeAlias = "dict[str, Json]"
M = TypeVar("M", bound="Message")
_WIRE = "wire"  # a field's metadata key for its JSON name, where that is not the field's own


# --- a client's messages ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Hello:
    verb: ClassVar[str] = "hello"
    version: int
    name: str
    password: str | None = None


@dataclass(frozen=True)
class ListTables:
    """Ask for a page of the server's tables (``None``: the server's first page, of its usual size)."""

    verb: ClassVar[str] = "tables"
    page: int | None = None
    per_page: int | None = None


@dataclass(frozen=True)
class Create:
    """Open a table; each seat an object with a ``kind`` ("open", "ai", "off") and an AI's ``level``."""

    verb: ClassVar[str] = "create"
    game: str
    options: JsonObject
    seats: list[Json]
    away_ai: float | None
    stand_ins: bool | None = None


@dataclass(frozen=True)
class Join:
    verb: ClassVar[str] = "join"
    table: str
    seat: int


@dataclass(frozen=True)
class Watch:
    verb: ClassVar[str] = "watch"
    table: str


@dataclass(frozen=True)
class Leave:
    verb: ClassVar[str] = "leave"
    table: str


@dataclass(frozen=True)
class Start:
    verb: ClassVar[str] = "start"
    table: str


@dataclass(frozen=True)
class Act:
    """The deciding seat's action text, chosen when the table's log was ``moment`` long."""

    verb: ClassVar[str] = "act"
    table: str
    action: str
    moment: int


@dataclass(frozen=True)
class Resume:
    verb: ClassVar[str] = "resume"
    token: str


@dataclass(frozen=True)
class SetAwayAI:
    """The host's new wait before an AI plays an away person's turns (``None``: no AI does)."""

    verb: ClassVar[str] = "away_ai"
    table: str
    seconds: float | None


@dataclass(frozen=True)
class Rematch:
    verb: ClassVar[str] = "rematch"
    table: str


@dataclass(frozen=True)
class OpenSeat:
    verb: ClassVar[str] = "open_seat"
    table: str
    seat: int


ClientMessage: TypeAlias = (Hello | ListTables | Create | Join | Watch | Leave | Start | Act | Resume | SetAwayAI
                            | Rematch | OpenSeat)


# --- a server's messages ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Welcome:
    verb: ClassVar[str] = "welcome"
    you: int
    server: str
    version: int


@dataclass(frozen=True)
class TableList:
    """A page of the server's tables, each a summary as :class:`TableInfo` tells one."""

    verb: ClassVar[str] = "tables"
    tables: list[Json]
    page: int
    pages: int
    total: int


@dataclass(frozen=True)
class TableInfo:
    """A table's summary: sent to every client when it changes, and listed by :class:`TableList`."""

    verb: ClassVar[str] = "table"
    id: str
    game: str
    options: JsonObject
    host: str
    started: bool
    over: bool
    away_ai: float | None
    stand_ins: bool
    seats: list[Json]

    def summary(self) -> JsonObject:
        """The summary as a listing holds it: the message without its verb."""
        data = to_json(self)
        del data["verb"]
        return data


@dataclass(frozen=True)
class Joined:
    verb: ClassVar[str] = "joined"
    table: str
    seat: int
    token: str


@dataclass(frozen=True)
class Update:
    """What one seat may know of a table's game, with the log from entry ``first`` on (read by the mirror)."""

    verb: ClassVar[str] = "update"
    table: str
    seat: int | None
    setup: JsonObject
    moment: int
    first: int = field(metadata={_WIRE: "from"})
    entries: list[Json]
    picture: JsonObject
    legal: list[Json]
    connected: list[Json]
    away: list[Json]
    ai_in: list[Json] | None = None


@dataclass(frozen=True)
class Over:
    verb: ClassVar[str] = "over"
    table: str
    save: JsonObject


@dataclass(frozen=True)
class Unseated:
    verb: ClassVar[str] = "unseated"
    table: str
    seat: int
    name: str


@dataclass(frozen=True)
class Closed:
    verb: ClassVar[str] = "closed"
    table: str


@dataclass(frozen=True)
class Error:
    """A refusal: its ``code``, English words, the verb it ``answered`` and, for too many guesses, the ``wait``."""

    verb: ClassVar[str] = "error"
    code: str
    message: str
    answered: str | None = None
    wait: int | None = None


ServerMessage: TypeAlias = (Welcome | TableList | TableInfo | Joined | Update | Over | Unseated | Closed | Error)


@dataclass(frozen=True)
class LinkChange:
    """Not a frame: the client's own word that its link is ``connecting``, ``open``, ``reconnecting`` or
    ``closed`` (for good), and why it changed."""

    verb: ClassVar[str] = "link"
    state: str
    reason: str = ""


Received: TypeAlias = ServerMessage | LinkChange  # what a client's connection hands its window
Message: TypeAlias = ClientMessage | ServerMessage | LinkChange

CLIENT_TYPES: dict[str, type[ClientMessage]] = {kind.verb: kind for kind in (
    Hello, ListTables, Create, Join, Watch, Leave, Start, Act, Resume, SetAwayAI, Rematch, OpenSeat)}
SERVER_TYPES: dict[str, type[ServerMessage]] = {kind.verb: kind for kind in (
    Welcome, TableList, TableInfo, Joined, Update, Over, Unseated, Closed, Error)}


def wire_fields(kind: type[M]) -> dict[str, str]:
    """A record's fields by their JSON names: JSON name -> field name."""
    return {one.metadata.get(_WIRE, one.name): one.name for one in dataclasses.fields(kind)}


def to_json(message: Message) -> JsonObject:
    """``message`` as its frame's JSON object: its verb and fields, an optional one left out while ``None``."""
    data: JsonObject = {"verb": message.verb}
    for one in dataclasses.fields(message):
        value: Json = getattr(message, one.name)
        if value is None and one.default is None:
            continue
        data[one.metadata.get(_WIRE, one.name)] = value
    return data


def summary_seats(summary: JsonObject) -> list[JsonObject]:
    """The seats a table's summary lists, each an object (the protocol does not look inside a summary)."""
    seats = summary.get("seats")
    return [seat for seat in seats if isinstance(seat, dict)] if isinstance(seats, list) else []


def client_message(data: Mapping[str, object]) -> ClientMessage:
    """The record of a frame ``game.online.protocol`` checked already: its verb is known and its fields typed."""
    return _build(CLIENT_TYPES[str(data["verb"])], data)


def server_message(data: Mapping[str, object]) -> ServerMessage:
    """As :func:`client_message`, for a server's frame."""
    return _build(SERVER_TYPES[str(data["verb"])], data)


def _build(kind: type[M], data: Mapping[str, object]) -> M:
    make: Callable[..., M] = kind
    return make(**{name: data[wire] for wire, name in wire_fields(kind).items() if wire in data})
