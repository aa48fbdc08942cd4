"""Issue 40: every frame is size-limited and validated before anything acts on it; the client library comes back
by itself after a drop, and stops for good where trying again cannot help."""

from __future__ import annotations

import gc
import json
import socket
import time
from typing import Any

import pytest

from game.online import client
from game.online.client import Connection
from game.online.messages import Act, Create, Error, Join, ListTables, SetAwayAI, to_json
from game.online.protocol import MOST_CLIENT_BYTES, MOST_SERVER_BYTES, ProtocolError, parse_client, parse_server
from game.online.server import start_in_thread


@pytest.mark.parametrize("frame, code", [
    ("x" * (MOST_CLIENT_BYTES + 1), "too_big"),
    ("é" * (MOST_CLIENT_BYTES // 2 + 1), "too_big"),  # bytes, not characters
    ("[1]", "malformed"), ('{"verb": null}', "malformed"), ('{"verb": "fly"}', "unknown_verb"),
    ('{"verb": "hello", "version": true, "name": "A"}', "malformed"),
    ('{"verb": "hello", "version": 1.0, "name": "A"}', "malformed"),
    ('{"verb": "act", "table": "t1", "action": "x", "moment": NaN}', "malformed"),
    ('{"verb": "away_ai", "table": "t1", "seconds": -1}', "malformed"),
    ('{"verb": "away_ai", "table": "t1", "seconds": NaN}', "malformed"),
    ('{"verb": "create", "game": "falconi", "options": {}, "seats": [], "away_ai": null}', "malformed"),
    ('{"verb": "create", "game": "falconi", "options": {}, "seats": [{"kind": "bot"}], "away_ai": null}',
     "malformed"),
    ('{"verb": "create", "game": "falconi", "options": {}, "seats": [{"kind": "ai", "level": 3}], "away_ai": 1}',
     "malformed"),
    ("[" * 100_000, "too_big"), ("[" * 10_000, "malformed"),
])
def test_a_frame_the_protocol_refuses_names_why_by_its_code(frame: str, code: str) -> None:
    with pytest.raises(ProtocolError) as refused:
        parse_client(frame)
    assert refused.value.code == code


def test_a_well_formed_frame_reads_back_as_its_record_and_a_field_the_protocol_does_not_name_is_ignored() -> None:
    message = {"verb": "act", "table": "t1", "action": "draw", "moment": 3, "note": "ignored"}
    assert parse_client(json.dumps(message)) == Act("t1", "draw", 3)
    assert to_json(parse_client(json.dumps(message))) == {key: value for key, value in message.items() if key != "note"}
    assert parse_client(json.dumps({"verb": "away_ai", "table": "t1", "seconds": 2.5})) == SetAwayAI("t1", 2.5)


def test_a_client_refuses_a_server_frame_of_the_wrong_shape_or_size() -> None:
    with pytest.raises(ProtocolError):
        parse_server(json.dumps({"verb": "update", "table": "t1"}))
    with pytest.raises(ProtocolError):
        parse_server(" " * (MOST_SERVER_BYTES + 1))
    assert parse_server('{"verb": "error", "code": "flood", "message": "m"}') == Error("flood", "m")


def poll_until(connection: Connection, wanted: Any) -> list[dict[str, Any]]:
    seen: list[dict[str, Any]] = []
    deadline = time.monotonic() + 60
    while not any(wanted(message) for message in seen):
        assert time.monotonic() < deadline, seen
        seen += [to_json(message) for message in connection.poll()]
        time.sleep(0.02)
    return seen


@pytest.mark.slow
def test_a_connection_opens_and_a_wrong_password_closes_it_for_good(tmp_path) -> None:
    server = start_in_thread("127.0.0.1", 0, "sesame", tmp_path)
    try:
        right = Connection("127.0.0.1", server.port, "Ann", "sesame")
        seen = poll_until(right, lambda m: m["verb"] == "welcome")
        assert [m["state"] for m in seen if m["verb"] == "link"] == ["connecting", "open"]
        right.close()
        assert poll_until(right, lambda m: m["verb"] == "link" and m["state"] == "closed")
        wrong = Connection("127.0.0.1", server.port, "Eve", "guess")
        seen = poll_until(wrong, lambda m: m["verb"] == "link" and m["state"] == "closed")
        assert any(m["verb"] == "error" and m["code"] == "password" for m in seen)
        assert seen[-1]["reason"] == "wrong password"  # the server's words: the link closes with them
        wrong._thread.join(timeout=10)  # its loop has ended: what is sent now can never go
        wrong.send(ListTables())
        assert wrong.poll() == []
        wrong.close()
    finally:
        server.stop()


@pytest.mark.slow
def test_a_drop_is_told_at_once_not_after_the_wait_before_trying_again(tmp_path, monkeypatch) -> None:
    """The app shows *reconnecting* from the drop on: told only as the next try began, a quick return would
    come in the same poll as the drop, and the player would never see the link was down."""
    monkeypatch.setattr(client, "FIRST_RETRY_SECONDS", 600.0)
    server = start_in_thread("127.0.0.1", 0, "", tmp_path)
    ann = Connection("127.0.0.1", server.port, "Ann")
    try:
        poll_until(ann, lambda m: m["verb"] == "welcome")
        dropped = time.monotonic()
        server.stop()
        seen = poll_until(ann, lambda m: m["verb"] == "link" and m["state"] == "reconnecting")
        assert time.monotonic() - dropped < 60 and seen[-1]["reason"]
    finally:
        ann.close()


@pytest.mark.slow
def test_a_server_stopped_as_a_connection_arrives_leaves_no_handshake_behind(tmp_path) -> None:
    """A connection accepted as the server closes starts its handshake after websockets stopped waiting for
    handshakes; the server's loop cancels it, or it is destroyed pending (an error at the next collection)."""
    for _ in range(3):
        server = start_in_thread("127.0.0.1", 0, "", tmp_path)
        with socket.create_connection(("127.0.0.1", server.port), timeout=30):
            server.stop()
        gc.collect()


@pytest.mark.slow
def test_a_host_s_window_that_closes_its_server_closes_its_tables_for_everyone_and_for_good(tmp_path) -> None:
    """The newcomer's test (issue 50): a table its host closed came back when the host opened another, and its
    players waited on *reconnecting* for ever. Now they are told, and its save goes with it."""
    server = start_in_thread("127.0.0.1", 0, "", tmp_path)
    bob = Connection("127.0.0.1", server.port, "Bob")
    try:
        poll_until(bob, lambda m: m["verb"] == "welcome")
        bob.send(Create("fredericus", {"short_game": True}, [{"kind": "open"}, {"kind": "ai", "level": "easy"}], None))
        table = next(m for m in poll_until(bob, lambda m: m["verb"] == "table") if m["verb"] == "table")["id"]
        bob.send(Join(table, 0))
        poll_until(bob, lambda m: m["verb"] == "joined")
        assert list(tmp_path.glob("table-*.json"))
        server.stop()
        seen = poll_until(bob, lambda m: m["verb"] == "link" and m["state"] != "open")
        assert {"verb": "closed", "table": table} in seen
        assert seen[-1] == {"verb": "link", "state": "closed", "reason": "the host closed the table"}
        assert not list(tmp_path.glob("table-*.json"))
    finally:
        bob.close()
    again = start_in_thread("127.0.0.1", 0, "", tmp_path)
    eve = Connection("127.0.0.1", again.port, "Eve")
    try:
        poll_until(eve, lambda m: m["verb"] == "welcome")
        eve.send(ListTables())
        listed = poll_until(eve, lambda m: m["verb"] == "tables")
        assert listed[-1]["total"] == 0
    finally:
        eve.close()
        again.stop()
