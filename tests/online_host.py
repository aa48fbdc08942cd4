"""``main.py host`` in a process of its own on loopback, and clients that speak the protocol frame by frame over
real sockets: for the tests that need a real host (a drop, a kill, a slow reader)."""

from __future__ import annotations

import json
import select
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from test_no_orphans import children_of
from websockets.sync.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parent.parent
PATIENCE = 60.0  # a bound for a loaded machine, not a wait: every wait below polls

class Host:
    """``main.py host`` on loopback, its saves in ``folder``."""

    def __init__(self, folder: Path, port: int = 0, options: tuple[str, ...] = ()) -> None:
        self.folder = folder
        self.process = subprocess.Popen(
            [sys.executable, "main.py", "host", "--address", "127.0.0.1", "--port", str(port), "--data", str(folder),
             *options],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert self.process.stdout is not None
        ready, _, _ = select.select([self.process.stdout], [], [], PATIENCE)
        line = self.process.stdout.readline() if ready else ""
        assert "hosting tables on 127.0.0.1:" in line, (line, self.process.poll())
        self.port = int(line.split("127.0.0.1:")[1].split()[0])

    def ai_workers(self) -> list[Any]:
        return [child for child in children_of(self.process.pid) if "multiprocessing" in child.command]

    def end(self, how: signal.Signals) -> int:
        self.process.send_signal(how)
        return self.process.wait(timeout=PATIENCE)


@pytest.fixture
def hosts(tmp_path: Path) -> Iterator[Callable[..., Host]]:
    started: list[Host] = []

    def start(port: int = 0, options: tuple[str, ...] = ()) -> Host:
        started.append(Host(tmp_path / "tables", port, options))
        return started[-1]

    yield start
    for host in started:
        if host.process.poll() is None:
            host.end(signal.SIGKILL)
        host.process.communicate()


class RawClient:
    """A client speaking the protocol frame by frame over a real socket."""

    def __init__(self, port: int, name: str, first: str = "") -> None:
        self.socket: ClientConnection = connect(f"ws://127.0.0.1:{port}", max_size=None).__enter__()
        self.seen: list[dict[str, Any]] = []
        if first:
            self.socket.send(first)
            self.wait("error")
        self.send(verb="hello", version=1, name=name)
        self.wait("welcome")

    def send(self, **message: Any) -> None:
        self.socket.send(json.dumps(message))

    def wait(self, verb: str, check: Callable[[dict[str, Any]], bool] = lambda _m: True) -> dict[str, Any]:
        deadline = time.monotonic() + PATIENCE
        while time.monotonic() < deadline:
            message = json.loads(self.socket.recv(timeout=PATIENCE))
            self.seen.append(message)
            if message["verb"] == verb and check(message):
                return message
        raise AssertionError(f"no {verb} within {PATIENCE:g} s")


def wait_until(what: str, value: Callable[[], Any]) -> Any:
    deadline = time.monotonic() + PATIENCE
    while not (found := value()):
        assert time.monotonic() < deadline, f"no {what} within {PATIENCE:g} s"
        time.sleep(0.05)
    return found


