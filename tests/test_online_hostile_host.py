"""Issue 50 on a real host: ``main.py host`` in a process of its own on loopback, attacked over sockets. A client
that never reads is closed with its reason while the host's memory stays flat; the action texts that crashed the
handler and a binary frame get their error with the link open; a host killed and restarted never gives a new
table the name of a file in its folder, nor touches what it set aside; a second host on the same folder is
refused."""

from __future__ import annotations

import base64
import contextlib
import json
import os
import select
import signal
import socket
import struct
import subprocess
import sys
import time

import pytest
from online_host import PATIENCE, ROOT, RawClient, hosts, wait_until
from test_no_orphans import PROC
from websockets.exceptions import ConnectionClosed

from game.online.outbox import MOST_BYTES
from game.online.protocol import MOST_NAME, MOST_TABLES_PAGE
from game.online.server import MOST_FRAME_READ

__all__ = ["hosts"]  # a fixture of these tests

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not (PROC / "self" / "stat").exists(), reason="measures the host in /proc")]

LONG_NAME = "\U0001f985" * MOST_NAME
SLOW_READERS = 4
FLOOD_SECONDS = 25.0  # the most the slow readers ask for: the host closes them well before
RATE = 18.0  # frames a second each asks for, inside the host's flood limit


class SilentClient:
    """A websocket client on a raw socket with a small receive buffer that sends and never reads, until told."""

    def __init__(self, port: int) -> None:
        self.socket = socket.socket()
        self.socket.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        self.socket.connect(("127.0.0.1", port))
        key = base64.b64encode(os.urandom(16)).decode()
        self.socket.sendall((f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                             f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                             f"Sec-WebSocket-Version: 13\r\n\r\n").encode())
        answer = b""
        while b"\r\n\r\n" not in answer:
            answer += self.socket.recv(1)  # byte by byte: what follows the headers is left in the socket
        assert answer.startswith(b"HTTP/1.1 101"), answer
        self.send(json.dumps({"verb": "hello", "version": 1, "name": "Slow"}))

    def send(self, text: str) -> None:
        """One masked text frame, as RFC 6455 has a client send it."""
        payload, mask = text.encode(), os.urandom(4)
        header = bytes([0x81]) + (bytes([0x80 | len(payload)]) if len(payload) < 126
                                  else bytes([0x80 | 126]) + struct.pack("!H", len(payload)))
        self.socket.sendall(header + mask + bytes(byte ^ mask[n % 4] for n, byte in enumerate(payload)))

    def close_frame(self) -> tuple[int, str] | None:
        """Read what the host sent up to its close frame: that frame's code and reason (``None``: the link ended
        without one)."""
        data = b""
        self.socket.settimeout(PATIENCE)
        while chunk := self.socket.recv(1 << 20):
            data += chunk
            found = _close_in(data)
            if found is not None:
                return found
        return None


def _close_in(data: bytes) -> tuple[int, str] | None:
    """The code and reason of the close frame among the server frames ``data`` begins with, once all there."""
    at = 0
    while at + 2 <= len(data):
        opcode, length, at = data[at] & 0x0F, data[at + 1] & 0x7F, at + 2
        if length == 126:
            length, at = struct.unpack("!H", data[at:at + 2])[0], at + 2
        elif length == 127:
            length, at = struct.unpack("!Q", data[at:at + 8])[0], at + 8
        if at + length > len(data):
            return None
        if opcode == 0x8:
            return struct.unpack("!H", data[at:at + 2])[0], data[at + 2:at + length].decode()
        at += length
    return None


def resident_mib(pid: int) -> float:
    for line in (PROC / str(pid) / "status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError(f"no VmRSS for process {pid}")


def test_clients_that_never_read_are_closed_saying_why_and_the_host_s_memory_stays_flat(hosts) -> None:
    """Issue 50, case 3: a client that never read and asked for the tables 18 times a second grew the host from
    45 to 286-403 MiB in 15-19 s. Now each connection's outbox has a bound, and the client is closed."""
    host = hosts(options=("--tables-per-link", "100", "--tables-per-address", "100"))
    people = [RawClient(host.port, LONG_NAME) for _ in range(4)]
    for _ in range(MOST_TABLES_PAGE):  # every table of the longest names: the biggest page there is
        people[0].send(verb="create", game="falconi", options={"variant": "diavola"},
                       seats=[{"kind": "open"}] * 4, away_ai=None)
        table = people[0].wait("table", lambda m: not any(seat["kind"] == "person" for seat in m["seats"]))["id"]
        for seat, person in enumerate(people):
            person.send(verb="join", table=table, seat=seat)
            person.wait("joined")
        time.sleep(0.12)  # the people's frames stay within the flood limit
    for person in people:
        person.socket.close()
    time.sleep(1.0)
    before = resident_mib(host.process.pid)
    readers = [SilentClient(host.port) for _ in range(SLOW_READERS)]
    asking = json.dumps({"verb": "tables", "per_page": MOST_TABLES_PAGE})
    peak, started, closed = before, time.monotonic(), 0
    assert host.process.stderr is not None
    os.set_blocking(host.process.stderr.fileno(), False)
    said = ""
    while time.monotonic() - started < FLOOD_SECONDS and closed < SLOW_READERS:
        for reader in readers:
            with contextlib.suppress(OSError):  # closed by the host: it is counted below
                reader.send(asking)
        peak = max(peak, resident_mib(host.process.pid))
        if select.select([host.process.stderr], [], [], 0)[0]:
            said += host.process.stderr.read() or ""
            closed = said.count("too slow")
        time.sleep(1 / RATE)
    assert closed == SLOW_READERS, f"the host closed {closed} of {SLOW_READERS} slow readers: {said!r}"
    for reader in readers:
        assert reader.close_frame() == (1008, f"too slow: more than 512 frames or {MOST_BYTES} bytes unread")
        reader.socket.close()
    grown = peak - before
    print(f"host memory {before:.1f} MiB before, {peak:.1f} MiB at most: {grown:.1f} MiB grown "
          f"in {time.monotonic() - started:.1f} s")
    assert grown < SLOW_READERS * MOST_BYTES / 2**20 + 24, f"the host grew by {grown:.0f} MiB"
    ann = RawClient(host.port, "Ann")  # and it still serves
    ann.send(verb="tables")
    assert ann.wait("tables")["total"] == MOST_TABLES_PAGE
    ann.socket.close()


CRASHERS = ["bet \u00b2", "card \u00b9 2", "bet " + "9" * 5000, "drive \u0664,8 S"]


def test_action_texts_that_crashed_the_handler_and_a_binary_frame_get_their_error_with_the_link_open(hosts) -> None:
    """Issue 50, case 4: the texts made a ValueError escape and closed the link with 1011. A frame too big to
    read is the one frame that closes a link."""
    host = hosts()
    ann = RawClient(host.port, "Ann")
    ann.send(verb="create", game="fredericus", options={"short_game": True},
             seats=[{"kind": "open"}, {"kind": "ai", "level": "easy"}], away_ai=None)
    table = ann.wait("table")["id"]
    ann.send(verb="join", table=table, seat=0)
    ann.wait("joined")
    ann.send(verb="start", table=table)
    update = ann.wait("update", lambda m: bool(m["legal"]))
    for text in CRASHERS:
        ann.send(verb="act", table=table, action=text, moment=update["moment"])
        assert ann.wait("error")["code"] == "illegal"
    ann.socket.send(json.dumps({"verb": "tables"}).encode())
    assert ann.wait("error")["code"] == "malformed"
    ann.send(verb="act", table=table, action=update["legal"][0], moment=update["moment"])
    assert ann.wait("update", lambda m: m["moment"] > update["moment"])
    ann.socket.close()
    eve = RawClient(host.port, "Eve")
    eve.socket.send(" " * (MOST_FRAME_READ + 1))  # a frame too big to be read at all closes its connection
    with pytest.raises(ConnectionClosed) as closed:
        eve.socket.recv(timeout=PATIENCE)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009


def test_a_restarted_host_gives_a_new_table_no_name_a_file_in_its_folder_bears(hosts) -> None:
    """Issue 50, case 5: ``table-t4.json`` edited to say ``t1`` was left where it was at the restart, and the
    next table, t4, replaced it. Files set aside are never written over either."""
    host = hosts(options=("--tables-per-link", "10"))
    ann = RawClient(host.port, "Ann")
    for _ in range(5):
        ann.send(verb="create", game="fredericus", options={"short_game": True}, seats=[{"kind": "open"}] * 2,
                 away_ai=None)
        ann.wait("table")
    folder = host.folder
    wait_until("five saves", lambda: len(list(folder.glob("table-t*.json"))) == 5)
    assert host.end(signal.SIGKILL) == -signal.SIGKILL
    edited = json.loads((folder / "table-t4.json").read_text())
    edited["id"] = "t1"
    (folder / "table-t4.json").write_text(json.dumps(edited))
    (folder / "table-t5.json").write_text("{half a save")
    (folder / "table-t7.damaged-20261205-101500.json").write_text("kept by hand")
    before = {path.name: path.read_bytes() for path in folder.iterdir()}
    again = hosts(host.port, ("--tables-per-link", "10"))
    ann = RawClient(again.port, "Ann")
    made = []
    for _ in range(3):
        ann.send(verb="create", game="fredericus", options={"short_game": True}, seats=[{"kind": "open"}] * 2,
                 away_ai=None)
        made.append(ann.wait("table", lambda m: m["id"] not in ("t1", "t2", "t3"))["id"])
    assert made == ["t8", "t9", "t10"]
    wait_until("the new saves", lambda: all((folder / f"table-{made_id}.json").exists() for made_id in made))
    assert again.end(signal.SIGTERM) == 0
    after = {path.name: path.read_bytes() for path in folder.iterdir()}
    for name in ("table-t4.json", "table-t7.damaged-20261205-101500.json"):
        assert after[name] == before[name]
    set_aside = [name for name in after if name.startswith("table-t5.")]
    assert len(set_aside) == 1 and after[set_aside[0]] == b"{half a save"


def test_a_second_host_on_the_same_folder_is_refused_and_the_first_serves_on(hosts) -> None:
    """Two hosts on one folder would write over each other's saves: the second says so and ends."""
    host = hosts()
    second = subprocess.run([sys.executable, "main.py", "host", "--address", "127.0.0.1", "--port", "0", "--data",
                             str(host.folder)], cwd=ROOT, capture_output=True, text=True, timeout=PATIENCE)
    assert second.returncode == 1
    assert f"another host serves the tables in {host.folder}" in second.stderr
    ann = RawClient(host.port, "Ann")
    ann.send(verb="tables")
    assert ann.wait("tables")["total"] == 0
    ann.socket.close()
