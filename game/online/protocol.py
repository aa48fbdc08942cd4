"""The table protocol, version 1: one JSON object per websocket text frame, each naming its ``verb``.

Both ends read every frame through :func:`parse_client` or :func:`parse_server` before acting on it, which
hand back the frame's record (``game.online.messages``): a frame too big, not JSON, not an object, with an
unknown verb or a field of the wrong type is a :class:`ProtocolError` carrying the code the server answers with.
Only the shape is checked here; whether a seat may act, and whether its action is legal, is the table's to
decide (``game.online.table``).
"""

from __future__ import annotations

import json
from typing import Final, Literal

from game.core.errors import GameError
from game.online.messages import (
    ClientMessage,
    Create,
    Error,
    Json,
    ListTables,
    ServerMessage,
    SetAwayAI,
    client_message,
    server_message,
)

PROTOCOL_VERSION: Final = 1
DEFAULT_PORT: Final = 47470
# RFC 6763 (7.2) allows a service name of 15 bytes at most, and zeroconf refuses a longer one such as
# "_falconi-fredericus": the game advertises under a name that fits.
SERVICE_TYPE: Final = "_falconi-fred._tcp.local."
MOST_CLIENT_BYTES: Final = 16_384  # the longest frame a client may send: an action text is a few dozen bytes
MOST_SERVER_BYTES: Final = 1_048_576  # the longest frame a server sends: a whole log and picture fit well within
TABLES_PAGE: Final = 20  # the tables a ``tables`` answer lists when the client names no page size
MOST_TABLES_PAGE: Final = 50  # the most it lists: 50 summaries of the longest names stay far below a frame

ErrorCode = Literal["malformed", "too_big", "unknown_verb", "hello_first", "version", "password", "no_table",
                    "seat_taken", "not_host", "not_your_turn", "stale", "illegal", "bad_token", "flood", "started",
                    "not_over", "too_many_tables", "too_many_guesses"]

# Each verb's fields: name -> the JSON types it may have (``None``: null), and whether it may be missing.
_Kinds = tuple[type | None, ...]
_TEXT: _Kinds = (str,)
_WHOLE: _Kinds = (int,)
_SECONDS: _Kinds = (int, float, None)

CLIENT_VERBS: Final[dict[str, dict[str, tuple[_Kinds, bool]]]] = {
    "hello": {"version": (_WHOLE, True), "name": (_TEXT, True), "password": (_TEXT, False)},
    "tables": {"page": (_WHOLE, False), "per_page": (_WHOLE, False)},
    "create": {"game": (_TEXT, True), "options": ((dict,), True), "seats": ((list,), True),
               "away_ai": (_SECONDS, True), "stand_ins": ((bool,), False)},
    "join": {"table": (_TEXT, True), "seat": (_WHOLE, True)},
    "watch": {"table": (_TEXT, True)},
    "leave": {"table": (_TEXT, True)},
    "start": {"table": (_TEXT, True)},
    "act": {"table": (_TEXT, True), "action": (_TEXT, True), "moment": (_WHOLE, True)},
    "resume": {"token": (_TEXT, True)},
    "away_ai": {"table": (_TEXT, True), "seconds": (_SECONDS, True)},
    "rematch": {"table": (_TEXT, True)},
    "open_seat": {"table": (_TEXT, True), "seat": (_WHOLE, True)},
}

SERVER_VERBS: Final[dict[str, dict[str, tuple[_Kinds, bool]]]] = {
    "welcome": {"you": (_WHOLE, True), "server": (_TEXT, True), "version": (_WHOLE, True)},
    "tables": {"tables": ((list,), True), "page": (_WHOLE, True), "pages": (_WHOLE, True),
               "total": (_WHOLE, True)},
    "table": {"id": (_TEXT, True), "game": (_TEXT, True), "options": ((dict,), True), "host": (_TEXT, True),
              "started": ((bool,), True), "over": ((bool,), True), "away_ai": (_SECONDS, True),
              "stand_ins": ((bool,), True), "seats": ((list,), True)},
    "joined": {"table": (_TEXT, True), "seat": (_WHOLE, True), "token": (_TEXT, True)},
    "update": {"table": (_TEXT, True), "seat": ((int, None), True), "setup": ((dict,), True),
               "moment": (_WHOLE, True), "from": (_WHOLE, True), "entries": ((list,), True),
               "picture": ((dict,), True), "legal": ((list,), True), "connected": ((list,), True),
               "away": ((list,), True), "ai_in": ((list,), False)},
    "over": {"table": (_TEXT, True), "save": ((dict,), True)},
    "unseated": {"table": (_TEXT, True), "seat": (_WHOLE, True), "name": (_TEXT, True)},
    "closed": {"table": (_TEXT, True)},
    "error": {"code": (_TEXT, True), "message": (_TEXT, True), "answered": (_TEXT, False),
              "wait": (_WHOLE, False)},
}

MOST_SEATS: Final = 8  # more seats than either game has: a longer list is not a table
MOST_AWAY_SECONDS: Final = 86_400.0  # a day: the longest wait a host may set before an AI takes an away seat
MOST_NAME: Final = 24  # the longest name a seat card shows (``game.services.match.NAME_LENGTH``)


class ProtocolError(GameError):
    """A frame the protocol refuses, with the ``code`` of the ``error`` answered and an English sentence."""

    def __init__(self, code: ErrorCode, message: str, verb: str | None = None, wait: int | None = None) -> None:
        super().__init__(message)
        self.code: ErrorCode = code
        self.message = message
        self.verb = verb  # the verb refused, when the frame named a known one
        self.wait = wait  # for too_many_guesses: the seconds before another try is looked at


def parse_client(text: str | bytes) -> ClientMessage:
    """A client's text frame as a message whose fields have the types :data:`CLIENT_VERBS` names (and, for
    ``create``, seats of a known kind and an away wait in range; for ``tables``, a page in range);
    :class:`ProtocolError` otherwise, a binary frame included."""
    if not isinstance(text, str):
        raise ProtocolError("malformed", "a frame is text (a websocket text frame), not binary")
    message = client_message(_parse(text, MOST_CLIENT_BYTES, CLIENT_VERBS))
    match message:
        case ListTables(page=page, per_page=per_page):
            if (page or 0) < 0 or not 1 <= (TABLES_PAGE if per_page is None else per_page) <= MOST_TABLES_PAGE:
                raise ProtocolError("malformed", f"a page is 0 or more, of 1 to {MOST_TABLES_PAGE} tables",
                                    "tables")
        case Create(seats=seats, away_ai=seconds):
            _check_seats(seats)
            _check_wait(seconds, "create")
        case SetAwayAI(seconds=seconds):
            _check_wait(seconds, "away_ai")
    return message


def _check_seats(seats: list[Json]) -> None:
    if not 1 <= len(seats) <= MOST_SEATS:
            raise ProtocolError("malformed", f"a table has 1 to {MOST_SEATS} seats", "create")
    for seat in seats:
        if not (isinstance(seat, dict) and seat.get("kind") in ("open", "ai", "off")
                and isinstance(seat.get("level", ""), str)):
            raise ProtocolError("malformed", 'each seat is an object with a "kind": "open", "ai" or "off"', "create")


def _check_wait(seconds: float | None, verb: str) -> None:
    if seconds is not None and not 0 <= seconds <= MOST_AWAY_SECONDS:
        raise ProtocolError("malformed", f"the wait before an AI takes an away seat is 0 to "
                                         f"{MOST_AWAY_SECONDS:g} seconds, or null", verb)


def parse_server(text: str | bytes) -> ServerMessage:
    """A server's frame as a message whose fields have the types :data:`SERVER_VERBS` names; the contents of
    a picture, an entry or a save are read by ``game.online.wire`` and the match, which check them whole."""
    return server_message(_parse(text, MOST_SERVER_BYTES, SERVER_VERBS))


def error(code: ErrorCode, message: str, verb: str | None = None, wait: int | None = None) -> Error:
    """The ``error`` message the server sends for ``code``. The verb it answers travels as ``answered``: the
    frame's own ``verb`` key already says ``error``; ``wait``, the seconds before a refused guess may be tried
    again (``too_many_guesses``)."""
    return Error(code, message, verb, wait)


def _parse(text: str | bytes, most: int, verbs: dict[str, dict[str, tuple[_Kinds, bool]]]) -> dict[str, Json]:
    size = len(text.encode("utf-8", "surrogatepass")) if isinstance(text, str) else len(text)
    if size > most:
        raise ProtocolError("too_big", f"a frame has at most {most} bytes, this one has {size}")
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise ProtocolError("malformed", "a frame must be one JSON object") from None
    if not isinstance(data, dict):
        raise ProtocolError("malformed", "a frame must be one JSON object")
    checked: dict[str, Json] = data
    verb = checked.get("verb")
    if not isinstance(verb, str):
        raise ProtocolError("malformed", 'a frame names its "verb" as text')
    fields = verbs.get(verb)
    if fields is None:
        raise ProtocolError("unknown_verb", f"there is no verb {verb[:40]!r} in protocol version {PROTOCOL_VERSION}")
    for name, (kinds, required) in fields.items():
        if name not in data:
            if required:
                raise ProtocolError("malformed", f'"{verb}" needs the field "{name}"', verb)
            continue
        if not _is_one_of(checked[name], kinds):
            raise ProtocolError("malformed", f'the field "{name}" of "{verb}" has the wrong type', verb)
    return checked


def _is_one_of(value: Json, kinds: _Kinds) -> bool:
    if value is None:
        return None in kinds
    if isinstance(value, bool):  # JSON's true is no number
        return bool in kinds
    if isinstance(value, float) and value != value:  # NaN compares with nothing: no number a field may hold
        return False
    return any(kind is not None and isinstance(value, kind) for kind in kinds)
