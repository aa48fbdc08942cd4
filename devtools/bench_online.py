"""``main.py bench online``: a table server under load, measured from outside as players would feel it.

A real ``main.py host`` process on loopback holds ``tables`` tables of one game (its part of the benchmarks says
which: :class:`devtools.games.OnlineBenchTable`), each of a scripted client seat and AI seats. Each client plays a
random legal action as soon as its seat decides (slowing down when the server refuses a flood: it allows 20 frames
a second, more than a person makes), and asks a rematch when a game ends. Reported: the actions played per second
on all tables (the AI's included), the 95th percentile of an action's round trip (from sending ``act`` to the
``update`` that shows it), and the peak memory of the server process and of its AI workers (``VmHWM`` of ``/proc``,
so Linux only).
"""

from __future__ import annotations

import asyncio
import json
import random
import select
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from devtools.games import OnlineBenchTable
from game.online.lobby import FLOOD_RATE
from game.online.messages import (
    Act,
    ClientMessage,
    Create,
    Error,
    Hello,
    Join,
    Json,
    Over,
    Rematch,
    Start,
    TableInfo,
    Update,
    to_json,
)
from game.online.protocol import PROTOCOL_VERSION, parse_server

ROOT = Path(__file__).resolve().parent.parent
READY_SECONDS = 60.0


def run_online_bench(setup: OnlineBenchTable, tables: int, seconds: float = 20.0, level: str = "easy",
                     seed: int = 1) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="bench-online-") as folder:
        host = subprocess.Popen(
            [sys.executable, "main.py", "host", "--address", "127.0.0.1", "--port", "0", "--data", folder],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            port = _port(host)
            played, trips, refused = asyncio.run(_load(setup, port, tables, seconds, level, seed))
            workers = _ai_workers(host.pid)
            memory = _peak_mib(host.pid), sum(_peak_mib(pid) for pid in workers)
        finally:
            host.send_signal(signal.SIGTERM)
            host.communicate(timeout=READY_SECONDS)
    trips.sort()
    return {
        "game": setup.game,
        "tables": tables,
        "seconds": seconds,
        "ai level": level,
        "actions": played,
        "actions per second": round(played / seconds, 1),
        "client actions": len(trips),
        "actions refused as a flood": refused,
        "round trip p95 (ms)": round(1000 * trips[int(0.95 * (len(trips) - 1))], 1) if trips else None,
        "round trip median (ms)": round(1000 * trips[len(trips) // 2], 1) if trips else None,
        "server peak memory (MiB)": memory[0],
        "AI workers": len(workers),
        "AI workers' peak memory (MiB)": memory[1],
    }


def _port(host: subprocess.Popen[str]) -> int:
    assert host.stdout is not None
    ready, _, _ = select.select([host.stdout], [], [], READY_SECONDS)
    line = host.stdout.readline() if ready else ""
    if "hosting tables on" not in line:
        raise RuntimeError(f"the server did not start: {line.strip() or 'no answer'}")
    return int(line.split("127.0.0.1:")[1].split()[0])


async def _load(setup: OnlineBenchTable, port: int, tables: int, seconds: float, level: str, seed: int
                ) -> tuple[int, list[float], int]:
    trips: list[float] = []
    refused = [0]
    moments = await asyncio.gather(*(_player(setup, port, number, seconds, level, random.Random(seed + number),
                                             trips, refused) for number in range(tables)))
    return sum(moments), trips, refused[0]


async def _player(setup: OnlineBenchTable, port: int, number: int, seconds: float, level: str, rng: random.Random,
                  trips: list[float], refused: list[int]) -> int:
    """One table's client: create, join, start, then play until ``seconds`` are up; actions seen played."""
    async with connect(f"ws://127.0.0.1:{port}", max_size=None) as websocket:
        await _send(websocket, Hello(PROTOCOL_VERSION, f"bench {number}"))
        seats: list[Json] = [{"kind": "ai", "level": level} if seat else {"kind": "open"}
                             for seat in range(setup.seats)]
        await _send(websocket, Create(setup.game, {**setup.options}, seats, None))
        table = None
        while table is None:
            match parse_server(await websocket.recv()):
                case TableInfo(id=table_id, host=host) if host == f"bench {number}":
                    table = table_id
        await _send(websocket, Join(table, 0))
        await _send(websocket, Start(table))
        end = time.monotonic() + seconds
        played, sent_at, waiting_for, act = 0, 0.0, -1, None
        while (left := end - time.monotonic()) > 0:
            try:
                message = parse_server(await asyncio.wait_for(websocket.recv(), left))
            except TimeoutError:
                break
            match message:
                case Update(table=at, entries=entries, moment=moment, legal=legal) if at == table:
                    played += len(entries)
                    if waiting_for >= 0 and moment > waiting_for:
                        trips.append(time.monotonic() - sent_at)
                        waiting_for = -1
                    if legal and waiting_for < 0:
                        sent_at, waiting_for = time.monotonic(), moment
                        act = Act(table, str(rng.choice(legal)), moment)
                        await _send(websocket, act)
                case Error(code="flood") if act is not None:  # faster than a person: slow down
                    refused[0] += 1
                    await asyncio.sleep(1 / FLOOD_RATE)
                    sent_at = time.monotonic()  # the round trip is the server's: from the send it answered
                    await _send(websocket, act)
                case Over(table=at) if at == table:
                    await _send(websocket, Rematch(table))
        return played


async def _send(websocket: ClientConnection, message: ClientMessage) -> None:
    await websocket.send(json.dumps(to_json(message)))


def _ai_workers(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                status = (entry / "status").read_text()
                command = (entry / "cmdline").read_bytes()
            except OSError:
                continue
            if f"\nPPid:\t{pid}\n" in status and b"spawn_main" in command:
                found.append(int(entry.name))
    return found


def _peak_mib(pid: int) -> float:
    """The most memory ``pid`` has held at once (its high-water resident set), in MiB."""
    try:
        status = (Path("/proc") / str(pid) / "status").read_text()
    except OSError:
        return 0.0
    line = next((line for line in status.splitlines() if line.startswith("VmHWM:")), "VmHWM: 0 kB")
    return round(int(line.split()[1]) / 1024, 1)
