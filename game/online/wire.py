"""What crosses the wire about a game, in JSON, read back defensively: the set-up without its seed, a log
entry, and one seat's picture of the position.

A seat's picture is a whole state in the game's own saved form (so the client draws it with the same views as
a local game), in which everything the seat may not see was dealt anew by ``determinize`` (F-9, R-10) from a
generator seeded by public facts alone: two games that differ only in a secret give the seat byte-identical
pictures. The set-up travels without its seed, which deals every hidden tile and card.
"""

from __future__ import annotations

import random
from typing import Any

from game.core.errors import StateFormatError
from game.core.jsonio import field
from game.core.message import FieldValue, Message
from game.core.protocol import NO_SEAT, GameState, Seat
from game.online.messages import JsonObject
from game.registry import game_spec
from game.services.match import LogEntry, MatchSetup

HIDDEN_SEED = 0  # the seed a set-up shows on the wire: the real one stays on the server
MOST_FIELDS = 16  # a message names a handful of fields; more is not a message of this game
MOST_TEXT = 400  # the longest key, field or action text a client accepts


def public_setup(setup: MatchSetup) -> JsonObject:
    """The set-up as the clients may know it: the game, its options, its seats and people, not its seed."""
    data: JsonObject = {**setup.to_json()}
    data["seed"] = HIDDEN_SEED
    return data


def setup_from_wire(data: object) -> MatchSetup:
    """A set-up sent by :func:`public_setup` (``StateFormatError`` if it is not one)."""
    setup = MatchSetup.from_json(data)
    if setup.seed != HIDDEN_SEED:
        raise StateFormatError("a set-up on the wire never carries its seed")
    return setup


def message_json(message: Message) -> JsonObject:
    return {"key": message.key, "fields": [[name, value] for name, value in message.fields]}


def message_from_json(data: object) -> Message:
    """A message as :func:`message_json` wrote it; the client translates it in its own language."""
    if not isinstance(data, dict):
        raise StateFormatError("a message must be an object")
    key = _text(field(data, "key", str, "message"), "message key")
    pairs = field(data, "fields", list, "message")
    if len(pairs) > MOST_FIELDS:
        raise StateFormatError(f"a message has at most {MOST_FIELDS} fields")
    fields: list[tuple[str, FieldValue]] = []
    for pair in pairs:
        if not (isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], str)
                and isinstance(pair[1], (str, int)) and not isinstance(pair[1], bool)):
            raise StateFormatError("a message field must be a name and a text or a whole number")
        name, value = pair
        fields.append((_text(name, "field name"), _text(value, "field") if isinstance(value, str) else value))
    return Message(key, tuple(fields))


def entry_json(entry: LogEntry) -> JsonObject:
    return {
        "seat": entry.seat,
        "turn": entry.turn,
        "text": entry.text,
        "message": message_json(entry.message),
        "revealed": entry.revealed,
        "events": [message_json(event) for event in entry.events],
    }


def entry_from_json(data: object) -> LogEntry:
    if not isinstance(data, dict):
        raise StateFormatError("a log entry must be an object")
    where = "log entry"
    events = field(data, "events", list, where)
    if len(events) > MOST_FIELDS:
        raise StateFormatError(f"a log entry tells at most {MOST_FIELDS} events")
    return LogEntry(
        field(data, "seat", int, where),
        field(data, "turn", int, where),
        _text(field(data, "text", str, where), "action text"),
        message_from_json(field(data, "message", dict, where)),
        field(data, "revealed", bool, where),
        tuple(message_from_json(event) for event in events),
    )


def seat_picture(state: GameState[Any], seat: Seat, salt: str, moment: int) -> JsonObject:
    """``state`` as ``seat`` may see it (``NO_SEAT``: a spectator, who sees what every seat sees), its secrets
    dealt anew from a generator seeded by ``salt`` (a table's public name), the ``moment`` (how many actions
    were played) and the seat, never by anything hidden."""
    rng = random.Random(f"{salt}/{moment}/{seat}")
    return state.determinize(seat if seat in state.seats else NO_SEAT, rng).to_json()


def picture_from_wire(game: str, data: object) -> GameState[Any]:
    """A state sent by :func:`seat_picture`, validated by its game (``StateFormatError`` if it is wrong)."""
    return game_spec(game).state_from_json(data)


def _text(value: str, what: str) -> str:
    if len(value) > MOST_TEXT:
        raise StateFormatError(f"a {what} has at most {MOST_TEXT} characters")
    return value
