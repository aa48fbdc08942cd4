"""Issue 40, tested for real on this machine's loopback: ``main.py host`` in a process of its own, clients over
sockets. A client that drops comes back with its token and finds the game where it was; a host killed with
SIGKILL resumes its tables from their saves when started again, and the client library resumes its seat by
itself; the AI workers end with the server however it ends."""

from __future__ import annotations

import functools
import json
import signal
from collections.abc import Callable
from typing import Any

import pytest
from online_host import RawClient, hosts, wait_until
from online_table import as_json, asked
from test_no_orphans import PROC, is_alive

from game.online.client import Connection
from game.online.discovery import browse

__all__ = ["hosts"]  # a fixture of these tests

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not (PROC / "self" / "stat").exists(), reason="finds processes in /proc")]


def test_a_client_that_drops_resumes_its_seat_with_its_token_and_the_host_ends_cleanly(hosts) -> None:
    """Issue 40, faults: a client that drops keeps its seat and finds the game where it was; the host is
    found on the local network by itself."""
    host = hosts()
    assert any(found.port == host.port for found in browse(2.0, ["127.0.0.1"]))  # it advertised itself
    ann, bob = RawClient(host.port, "Ann", first="nonsense"), RawClient(host.port, "Bob")
    assert ann.seen[0]["code"] == "malformed"  # a bad first frame is answered, and the socket stays open
    ann.socket.send(" " * 20_000)
    assert ann.wait("error")["code"] == "too_big"
    ann.send(verb="create", game="fredericus", options={"short_game": True}, seats=[{"kind": "open"}] * 2,
             away_ai=None)
    table = ann.wait("table")["id"]
    ann.send(verb="join", table=table, seat=0)
    ann.wait("joined")
    bob.send(verb="join", table=table, seat=1)
    token = bob.wait("joined")["token"]
    ann.send(verb="start", table=table)
    clients = {0: ann, 1: bob}
    moment = play_some(clients, table, 6)
    bob.socket.close()
    ann.wait("update", lambda m: m["away"] == [False, True])
    back = RawClient(host.port, "Bob")
    back.send(verb="resume", token=token)
    joined = back.wait("joined")
    update = back.wait("update")
    assert joined["seat"] == 1 and joined["token"] != token
    assert update["from"] == 0 and update["moment"] == moment == len(update["entries"])
    ann.wait("update", lambda m: m["away"] == [False, False])
    spent = RawClient(host.port, "Eve")
    spent.send(verb="resume", token=token)
    assert spent.wait("error")["code"] == "bad_token"
    assert host.end(signal.SIGTERM) == 0
    saved = json.loads((host.folder / f"table-{table}.json").read_text())
    assert len(saved["match"]["actions"]) == moment


def play_some(clients: dict[int, RawClient], table: str, count: int) -> int:
    """``count`` actions, each by whichever client's seat decides; the log's length after them."""
    latest = {seat: client.wait("update") for seat, client in clients.items()}
    for _ in range(count):
        seat = next(seat for seat, update in latest.items() if update["legal"])
        clients[seat].send(verb="act", table=table, action=latest[seat]["legal"][0], moment=latest[seat]["moment"])
        moment = latest[seat]["moment"] + 1
        latest = {s: client.wait("update", functools.partial(at_moment, moment)) for s, client in clients.items()}
    return moment


def at_moment(moment: int, message: dict[str, Any]) -> bool:
    return bool(message["moment"] == moment)


def deciding_after(moment: int, message: dict[str, Any]) -> bool:
    return bool(message["moment"] > moment and message["legal"])


def test_a_host_killed_outright_takes_its_ai_workers_with_it_and_resumes_its_tables_when_restarted(hosts) -> None:
    """Issue 40, faults: a host that stops, even killed, resumes its tables from their saves; the client
    library comes back by itself with its token; every process the game starts ends when it does."""
    host = hosts()
    connection = Connection("127.0.0.1", host.port, "Ann")
    inbox: list[dict[str, Any]] = []

    def received(verb: str, check: Callable[[dict[str, Any]], bool] = lambda _m: True) -> dict[str, Any]:
        def found() -> dict[str, Any] | None:
            inbox.extend(as_json(message) for message in connection.poll())
            return next((m for m in inbox if m["verb"] == verb and check(m)), None)
        message = wait_until(verb, found)
        inbox.remove(message)
        return message

    try:
        connection.send(asked({"verb": "create", "game": "fredericus", "options": {"short_game": True},
                         "seats": [{"kind": "open"}, {"kind": "ai", "level": "easy"}], "away_ai": None}))
        table = received("table")["id"]
        connection.send(asked({"verb": "join", "table": table, "seat": 0}))
        received("joined")
        connection.send(asked({"verb": "start", "table": table}))
        for _ in range(4):  # the AI plays between Ann's moves
            update = received("update", lambda m: bool(m["legal"]))
            connection.send(asked({"verb": "act", "table": table, "action": update["legal"][0],
                                   "moment": update["moment"]}))
        moment = received("update", lambda m: bool(m["legal"]))["moment"]
        workers = host.ai_workers()
        assert workers, "the AI played in no worker process"
        assert host.end(signal.SIGKILL) == -signal.SIGKILL
        wait_until("the AI workers' end", lambda: not any(is_alive(worker) for worker in workers))
        received("link", lambda m: m["state"] == "reconnecting")
        inbox.clear()  # what the killed host sent before it died
        again = hosts(host.port)
        received("link", lambda m: m["state"] == "open")
        assert received("joined")["seat"] == 0
        resumed = received("update")
        assert resumed["moment"] == moment and resumed["legal"] and resumed["from"] == 0
        update = resumed
        while not (workers := again.ai_workers()):  # Ann plays on until the AI moves again, in a new worker
            connection.send(asked({"verb": "act", "table": table, "action": update["legal"][0],
                             "moment": update["moment"]}))
            update = received("update", functools.partial(deciding_after, update["moment"]))
        assert again.end(signal.SIGTERM) == 0
        wait_until("the AI workers' end", lambda: not any(is_alive(worker) for worker in workers))
    finally:
        connection.close()
