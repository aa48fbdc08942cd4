"""The seats of a table: who sits in each (a person with the hash of their token, a stand-in, an AI, nobody), as
a ``create`` message asks for them and as a table's save keeps them."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Literal

from game.core.errors import StateFormatError
from game.core.jsonio import field as json_field
from game.online.messages import Json, JsonObject
from game.online.protocol import MOST_NAME, ProtocolError
from game.services.match import AI_LEVELS

STAND_IN_LEVEL = "normal"  # who plays an open seat at the start, and an away seat once the host's wait is over
ChairKind = Literal["open", "person", "ai", "off"]


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass
class StandIn:
    """A person who plays an away person's seat, where the host lets people stand in, until its person is back."""

    name: str
    token: str  # the SHA-256 of the stand-in's current token
    link: int | None = None

    def to_json(self) -> JsonObject:
        return {"name": self.name, "token": self.token}


@dataclass
class Chair:
    """A seat of the table: open, a person's (with the hash of their token and their link), an AI's or off.
    After the start an open seat is one the host opened to a person: an AI plays it until one sits down."""

    kind: ChairKind
    level: str = ""
    name: str = ""
    token: str = ""  # the SHA-256 of the person's current token
    link: int | None = None  # the connection sitting here now
    away_since: float | None = None  # when the person's link went; None while they are here
    stand_in: StandIn | None = None  # who plays the seat while its person is away

    @property
    def player_link(self) -> int | None:
        """The connection that plays the seat now: its person's, else its stand-in's."""
        if self.link is not None:
            return self.link
        return self.stand_in.link if self.stand_in is not None else None

    def links(self) -> list[int]:
        return [link for link in (self.link, self.stand_in.link if self.stand_in else None) if link is not None]

    def names(self) -> list[str]:
        return [name for name in (self.name, self.stand_in.name if self.stand_in else "") if name]

    def to_json(self) -> JsonObject:
        return {"kind": self.kind, "level": self.level, "name": self.name, "token": self.token,
                "stand_in": None if self.stand_in is None else self.stand_in.to_json()}


def chair_asked(seat: Json) -> Chair:
    """A seat as a ``create`` message asks for it (already shaped by ``parse_client``)."""
    if not isinstance(seat, dict) or seat.get("kind") not in ("open", "off", "ai"):
        raise ProtocolError("malformed", 'each seat is an object with a "kind": "open", "ai" or "off"', "create")
    if seat["kind"] != "ai":
        return Chair("open" if seat["kind"] == "open" else "off")
    level = seat.get("level") or STAND_IN_LEVEL
    if not isinstance(level, str) or level not in AI_LEVELS:
        raise ProtocolError("malformed", f"an AI level is one of {', '.join(AI_LEVELS)}")
    return Chair("ai", level)


def chair_saved(data: JsonObject, now: float) -> Chair:
    """A seat as a table's save keeps it, its person away from ``now``; ``StateFormatError`` if it is damaged."""
    where = "table seat"
    kind = json_field(data, "kind", str, where)
    if kind not in ("open", "person", "ai", "off"):
        raise StateFormatError(f"a table seat is open, a person's, an AI's or off, not {kind[:20]!r}")
    level, name = json_field(data, "level", str, where), json_field(data, "name", str, where)
    if not _level_fits(kind, level) or len(name) > MOST_NAME:
        raise StateFormatError("a table seat has a level exactly when an AI plays it, and a short name")
    chair = Chair(kind, level, name, json_field(data, "token", str, where))
    if kind == "person":
        chair.away_since = now
    stand_in = data.get("stand_in")
    if stand_in is not None:
        if kind != "person" or not isinstance(stand_in, dict):
            raise StateFormatError("only a person's seat has a stand-in, saved as an object")
        stand_in_name = json_field(stand_in, "name", str, "table stand-in")
        if len(stand_in_name) > MOST_NAME:
            raise StateFormatError("a stand-in has a short name")
        chair.stand_in = StandIn(stand_in_name, json_field(stand_in, "token", str, "table stand-in"))
    return chair


def _level_fits(kind: str, level: str) -> bool:
    """An AI's seat has a level; an open one may (the AI that plays it once the host opened it after the
    start); a person's or an empty seat has none."""
    if kind == "ai":
        return level in AI_LEVELS
    return level == "" or (kind == "open" and level in AI_LEVELS)
