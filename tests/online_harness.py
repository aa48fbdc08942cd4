"""A lobby driven without sockets: each frame goes in as JSON text, each answer comes out through the
protocol's own reader, as a client would read it, into an inbox per connection (as its JSON object again, for
the tests to look into)."""

from __future__ import annotations

import itertools
import json
from collections import defaultdict
from typing import Any

from game.online.lobby import Lobby
from game.online.messages import to_json
from game.online.protocol import MOST_SERVER_BYTES, parse_server
from game.online.table import Outgoing
from game.services.match import Match


class Harness:
    def __init__(self, password: str = "") -> None:
        tokens = itertools.count(1)
        seeds = itertools.count(11)
        self.lobby = Lobby("test server", password, lambda: f"token-{next(tokens)}", lambda: next(seeds))
        self.now = 0.0
        self.inbox: dict[int, list[dict[str, Any]]] = defaultdict(list)
        self.frames: dict[int, list[str]] = defaultdict(list)  # every frame each connection was sent, as sent

    def connect(self, link: int, name: str = "", hello: bool = True, address: str = "") -> None:
        self.lobby.connect(link, self.now, address or f"192.0.2.{link}")
        if hello:
            self.send(link, verb="hello", version=1, name=name or f"Player {link}")

    def send(self, link: int, **message: Any) -> list[dict[str, Any]]:
        """``message`` from ``link``; what ``link`` itself was sent in answer."""
        return self.send_text(link, json.dumps(message))

    def send_text(self, link: int, text: str | bytes) -> list[dict[str, Any]]:
        return self.deliver(self.lobby.receive(link, text, self.now), link)

    def drop(self, link: int) -> None:
        self.deliver(self.lobby.disconnect(link, self.now))

    def deliver(self, out: list[Outgoing], to: int | None = None) -> list[dict[str, Any]]:
        mine = []
        for link, message in out:
            text = json.dumps(to_json(message))
            assert len(text.encode()) <= MOST_SERVER_BYTES
            read = to_json(parse_server(text))
            self.frames[link].append(text)
            self.inbox[link].append(read)
            if link == to:
                mine.append(read)
        return mine

    def last(self, link: int, verb: str) -> dict[str, Any]:
        return next(message for message in reversed(self.inbox[link]) if message["verb"] == verb)

    def run_ai(self) -> int:
        """Answer every AI turn with the first legal action; how many were played."""
        played = 0
        while turns := self.lobby.ai_turns(self.now):
            for turn in turns:
                state = turn.match.state
                text = state.action_text(state.legal_actions()[0])
                self.deliver(self.lobby.ai_played(turn.table, turn.moment, text, self.now))
                played += 1
        return played


def match_of(harness: Harness, table: str) -> Match:
    match = harness.lobby.tables[table].match
    assert match is not None, f"table {table} has not started"
    return match


def seats(*kinds: str) -> list[dict[str, str]]:
    return [{"kind": kind, "level": "easy"} if kind == "ai" else {"kind": kind} for kind in kinds]


def open_table(harness: Harness, game: str, options: dict[str, Any], kinds: list[str], people: list[int],
               start: bool = True) -> str:
    """A table made by the first of ``people`` (connected already), each of whom sits in the next open seat."""
    harness.send(people[0], verb="create", game=game, options=options, seats=seats(*kinds), away_ai=None)
    table = harness.last(people[0], "table")["id"]
    open_seats = [seat for seat, kind in enumerate(kinds) if kind == "open"]
    for link, seat in zip(people, open_seats, strict=False):
        answer = harness.send(link, verb="join", table=table, seat=seat)
        assert answer[0]["verb"] == "joined", answer
    if start:
        harness.send(people[0], verb="start", table=table)
    return table
