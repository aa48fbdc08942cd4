"""The table server: websockets in front of the :class:`~game.online.lobby.Lobby`, AI workers beside it, and a
save of every table on disk.

One asyncio loop owns the lobby; the only other threads are the disk writer (saves are written in the order
they were made, each atomically) and the AI services' own. Each connection has a queue of frames to send,
drained by a task of its own, so that a slow client never holds up the others. A table is saved after every
change and read back when the server starts, so a server that was stopped, even killed, resumes its games;
the AI workers watch the server and end with it however it ends (``game.ai.workers``).
"""

from __future__ import annotations

import asyncio
import errno
import functools
import itertools
import json
import os
import random
import secrets
import signal
import socket
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from glob import escape as glob_escape
from pathlib import Path

from filelock import FileLock
from filelock import Timeout as LockTimeout
from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from zeroconf import Error as ZeroconfError
from zeroconf import InterfaceChoice

from game.ai.service import AIService
from game.core.errors import StateFormatError
from game.core.jsonio import aside_name, read_json_file, remove_stale_temporaries, write_json_atomic
from game.online.discovery import Advert, Interfaces, advertise
from game.online.lobby import TABLES_PER_ADDRESS, TABLES_PER_LINK, Lobby, table_number
from game.online.messages import JsonObject, ServerMessage, to_json
from game.online.outbox import Outbox
from game.online.protocol import MOST_CLIENT_BYTES, MOST_SERVER_BYTES, PROTOCOL_VERSION, error
from game.online.table import AITurn, Outgoing, Table

# Frames up to this size are read and answered with ``too_big``; a longer one closes the connection, as
# reading it at all would let one client fill the server's memory.
MOST_FRAME_READ = 4 * MOST_CLIENT_BYTES
TICK_SECONDS = 0.25  # how often the server looks for an away seat whose wait is over
SAVE_PREFIX = "table-"
HOST_LOCK = "host.lock"  # held by the one server that serves a folder's tables: two would write over each other
TOO_SLOW = 1008  # the close code for a client that does not read what it is sent (policy violation)
CLOSE_SECONDS = 10.0  # how long a closing client has to read what is left and the close; then the link is cut


def default_workers() -> int:
    """AI processes: one per core but one for the server itself, at least one, at most four."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return max(1, min(4, cores - 1))


@dataclass
class AIWorkers:
    """A few :class:`AIService` processes; each decision goes to the one with the fewest waiting."""

    count: int = field(default_factory=default_workers)
    services: list[AIService] = field(default_factory=list)
    waiting: list[int] = field(default_factory=list)

    def ask(self, turn: AITurn) -> Future[str | None]:
        if not self.services:
            self.services = [AIService() for _ in range(self.count)]
            self.waiting = [0] * self.count
        index = self.waiting.index(min(self.waiting))
        self.waiting[index] += 1
        decision = self.services[index].ask(turn.match.state, turn.level, turn.seed)
        decision.future.add_done_callback(functools.partial(self._done, index))
        return decision.future

    def _done(self, index: int, _future: Future[str | None]) -> None:
        """On the service's thread: a count a moment late only sends one decision to a busier worker."""
        self.waiting[index] -= 1

    def pids(self) -> list[int]:
        return [pid for service in self.services if (pid := service.worker_pid()) is not None]

    def close(self) -> None:
        for service in self.services:
            service.close()
        self.services = []


@dataclass(frozen=True)
class Caps:
    """How many tables one connection, and one address, may hold open at once (``main.py host`` options)."""

    per_link: int = TABLES_PER_LINK
    per_address: int = TABLES_PER_ADDRESS


class TableServer:
    """Serves the tables of ``folder`` (their saves) with ``password`` (empty: none)."""

    def __init__(self, folder: Path, password: str = "", workers: AIWorkers | None = None,
                 say: Callable[[str], None] = print, caps: Caps = Caps()) -> None:
        self.folder = folder
        self.lobby = Lobby(socket.gethostname(), password, lambda: secrets.token_urlsafe(18),
                           lambda: random.SystemRandom().randrange(1, 10**6), self._has_file,
                           caps.per_link, caps.per_address)
        self.workers = workers or AIWorkers()
        self.say = say
        self._links = itertools.count(1)
        self._outboxes: dict[int, Outbox] = {}
        self._folder_lock = FileLock(folder / HOST_LOCK, timeout=0, thread_local=False)
        self._disk = ThreadPoolExecutor(max_workers=1, thread_name_prefix="table saves")
        self._server: Server | None = None
        self._stopping = False
        self._ticker: asyncio.Task[None] | None = None

    # --- starting and stopping ---------------------------------------------------------------------------
    def resume_tables(self) -> None:
        """Take the folder (``OSError`` if another server holds it) and read back every saved table; a save that
        cannot be read is moved aside and told, never deleted."""
        self.folder.mkdir(parents=True, exist_ok=True)
        try:
            self._folder_lock.acquire()
        except LockTimeout:
            raise OSError(errno.EBUSY, f"another host serves the tables in {self.folder}") from None
        remove_stale_temporaries(self.folder)
        saves = [path for path in self.folder.glob(f"{SAVE_PREFIX}*.json")  # not those set aside (table-t3.damaged-…)
                 if path.name == _save_name(_save_id(path.name))]
        for path in sorted(saves, key=_opening_order):
            try:
                table = Table.from_json(read_json_file(path), time.monotonic())
            except StateFormatError as error:
                aside = aside_name(path, error.kind)
                os.replace(path, aside)
                self.say(f"{path.name} cannot be resumed ({error}); kept as {aside.name}")
                continue
            if path.name != _save_name(table.id):
                self.say(f"{path.name} holds table {table.id}: left where it is")
                continue
            self.lobby.restore(table)
        for path in self.folder.glob(f"{SAVE_PREFIX}*"):  # a new table's id comes after every file's, set aside too
            self.lobby.last_table = max(self.lobby.last_table, table_number(_save_id(path.name)) or 0)
        if self.lobby.tables:
            self.say(f"resumed {len(self.lobby.tables)} table(s): {', '.join(sorted(self.lobby.tables))}")

    async def start(self, address: str, port: int) -> int:
        """Listen on ``address``:``port`` (0: any free port); the port bound."""
        self._server = await serve(self._connection, address, port, max_size=MOST_FRAME_READ,
                                   compression=None, create_connection=_RefusedWhileClosing)
        self._ticker = asyncio.get_running_loop().create_task(self._ticks())
        self._after_change()  # tables resumed with an AI to move
        return int(next(iter(self._server.sockets)).getsockname()[1])

    async def stop(self, close_tables: bool = False) -> None:
        """Close every connection, end the AI and write the last saves; with ``close_tables``, end every table
        first (its people are told, its save removed), as a host's window does when it closes its server."""
        if close_tables:
            self._send(self.lobby.close_all())
            await self._flush()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        self._stopping = True
        if self._ticker is not None:
            self._ticker.cancel()
        self.workers.close()
        self._save_changes()
        self._disk.shutdown(wait=True)
        self._folder_lock.release()

    # --- connections -------------------------------------------------------------------------------------
    async def _connection(self, websocket: ServerConnection) -> None:
        link = next(self._links)
        outbox = Outbox()
        self._outboxes[link] = outbox
        self.lobby.connect(link, time.monotonic(), _address_of(websocket))
        writer = asyncio.get_running_loop().create_task(self._write(websocket, outbox))
        try:
            async for frame in websocket:
                self._send(self.lobby.receive(link, frame, time.monotonic()))
                self._after_change()
                if outbox.overflowed:
                    await self._close_slow(link, websocket, outbox)
                    break
        except ConnectionClosed:
            pass
        finally:
            del self._outboxes[link]
            outbox.close()
            self._send(self.lobby.disconnect(link, time.monotonic()))
            self._after_change()
            await writer

    async def _flush(self) -> None:
        """Wait, at most :data:`CLOSE_SECONDS`, until every outbox is handed to its socket."""
        deadline = time.monotonic() + CLOSE_SECONDS
        while any(len(outbox) for outbox in self._outboxes.values()) and time.monotonic() < deadline:
            await asyncio.sleep(0.02)

    @staticmethod
    async def _write(websocket: ServerConnection, outbox: Outbox) -> None:
        while (text := await outbox.get()) is not None:
            try:
                await websocket.send(text)
            except ConnectionClosed:
                return

    async def _close_slow(self, link: int, websocket: ServerConnection, outbox: Outbox) -> None:
        """``link`` left more unread than its outbox holds: it is closed, saying why, and cut off if it does not
        read even that within :data:`CLOSE_SECONDS`."""
        reason = f"too slow: more than {outbox.most_frames} frames or {outbox.most_bytes} bytes unread"
        self.say(f"closing connection {link} from {_address_of(websocket) or 'an unknown address'}: {reason}")
        try:
            async with asyncio.timeout(CLOSE_SECONDS):
                await websocket.close(TOO_SLOW, reason)
        except TimeoutError:
            websocket.transport.abort()

    def _send(self, out: list[Outgoing]) -> None:
        texts: dict[int, str] = {}  # a message told to many is written as JSON once
        for link, message in out:
            outbox = self._outboxes.get(link)
            if outbox is not None:
                text = texts.get(id(message))
                if text is None:
                    text = texts[id(message)] = self._frame(message)
                outbox.put(text)

    def _frame(self, message: ServerMessage) -> str:
        """``message`` as the text of a frame; one over the protocol's limit (which nothing the server makes can
        reach: the tests hold every kind to it) is told and replaced by an error, never sent."""
        text = json.dumps(to_json(message), separators=(",", ":"))
        if len(text) <= MOST_SERVER_BYTES:  # ASCII: JSON escapes everything else
            return text
        self.say(f"a {message.verb} frame of {len(text)} bytes was not sent (the limit is "
                 f"{MOST_SERVER_BYTES})")
        return json.dumps(to_json(error("too_big", "the server's answer would pass the frame limit; it was not sent")))

    def _has_file(self, table_id: str) -> bool:
        """Whether a file in the saves' folder bears ``table_id``'s name (a save, or one set aside)."""
        return any(self.folder.glob(f"{SAVE_PREFIX}{glob_escape(table_id)}.*"))

    # --- after every change: saves and AI turns ----------------------------------------------------------
    def _after_change(self) -> None:
        if self._stopping:  # what changes now is saved by stop()
            return
        self._save_changes()
        for turn in self.lobby.ai_turns(time.monotonic()):
            future = asyncio.wrap_future(self.workers.ask(turn))
            future.add_done_callback(functools.partial(self._ai_answered, turn))

    def _save_changes(self) -> None:
        for table_id, document in self.lobby.take_changed().items():
            self._disk.submit(self._write_save, self.folder / _save_name(table_id), document)

    def _write_save(self, path: Path, document: JsonObject | None) -> None:
        try:
            if document is None:
                path.unlink(missing_ok=True)
            else:
                write_json_atomic(path, document)
        except OSError as error:
            self.say(f"cannot save {path.name}: {error.strerror or error}")

    def _ai_answered(self, turn: AITurn, done: asyncio.Future[str | None]) -> None:
        if done.cancelled():  # the server is stopping
            return
        failure = done.exception()
        if failure is not None:  # told, and asked again at the next tick
            self.say(f"the AI of table {turn.table} failed: {failure!r}")
        text = None if failure is not None else done.result()
        self._send(self.lobby.ai_played(turn.table, turn.moment, text, time.monotonic()))
        self._after_change()

    async def _ticks(self) -> None:
        while True:
            await asyncio.sleep(TICK_SECONDS)
            self._after_change()


def _save_name(table_id: str) -> str:
    return f"{SAVE_PREFIX}{table_id}.json"


def _save_id(name: str) -> str:
    """The table id a file's name bears: ``table-t3.json`` and ``table-t3.damaged-20261205-101500.json``: t3."""
    return name.removeprefix(SAVE_PREFIX).split(".")[0]


def _opening_order(path: Path) -> tuple[int, str]:
    """Saves in the order their tables were opened: ``table-t9`` before ``table-t10``."""
    number = table_number(_save_id(path.name))
    return (number if number is not None else 1 << 40, path.name)


def _address_of(websocket: ServerConnection) -> str:
    """The client's IP address ("" where the socket does not tell)."""
    remote = websocket.remote_address
    return str(remote[0]) if isinstance(remote, tuple) and remote else ""


def run_host(address: str, port: int, password: str, folder: Path, caps: Caps = Caps()) -> int:
    """``main.py host``: serve and advertise on the local network until Ctrl-C, SIGTERM or a hang-up, then
    save every table and end every AI worker."""
    async def main() -> None:
        stopped = asyncio.Event()
        loop = asyncio.get_running_loop()
        for name in ("SIGINT", "SIGTERM", "SIGHUP"):
            if hasattr(signal, name):
                loop.add_signal_handler(getattr(signal, name), stopped.set)
        bound: asyncio.Future[int] = loop.create_future()
        serving = loop.create_task(serve_until_stopped(address, port, password, folder, stopped, bound.set_result,
                                                       caps))
        first: set[asyncio.Future[None] | asyncio.Future[int]] = {serving, bound}
        await asyncio.wait(first, return_when=asyncio.FIRST_COMPLETED)
        advert = None
        if bound.done():
            print(f"main.py: hosting tables on {address}:{bound.result()} (protocol {PROTOCOL_VERSION}, "
                  f"saves in {folder})", flush=True)
            advert = await asyncio.to_thread(_advertised, address, bound.result())
        try:
            await serving
        finally:
            if advert is not None:
                await asyncio.to_thread(advert.close)

    asyncio.run(main())
    print("main.py: stopped hosting; every table is saved", flush=True)
    return 0


def _advertised(address: str, port: int) -> Advert | None:
    """The server advertised on the networks of ``address`` (every one for 0.0.0.0); told and ``None`` where
    multicast does not work, as players can still type the address."""
    interfaces: Interfaces = InterfaceChoice.All if address in ("", "0.0.0.0") else [address]
    try:
        advert = advertise(socket.gethostname(), port, interfaces)
    except (OSError, ZeroconfError) as error:
        print(f"main.py: not advertised on the local network ({error}); players type this address",
              file=sys.stderr, flush=True)
        return None
    print(f"main.py: advertised on the local network as {advert.name.split('.')[0]!r}", flush=True)
    return advert


async def serve_until_stopped(address: str, port: int, password: str, folder: Path, stopped: asyncio.Event,
                              bound: Callable[[int], None], caps: Caps = Caps(), close_tables: bool = False) -> None:
    """Serve until ``stopped`` is set, then close every connection, write the last saves and end the AI (and
    with ``close_tables``, end every table first: see :meth:`TableServer.stop`)."""
    server = TableServer(folder, password, say=lambda line: print(f"main.py: {line}", file=sys.stderr, flush=True),
                         caps=caps)
    try:
        server.resume_tables()
        bound(await server.start(address, port))
        await stopped.wait()
    finally:
        await server.stop(close_tables)


class _RefusedWhileClosing(ServerConnection):
    """A connection accepted as the server closes is dropped at once: websockets no longer waits for its
    handshake, which would be left pending, its socket open, when the server's loop ends."""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        if self.server.close_task is not None:
            transport.close()


@dataclass
class RunningServer:
    """A server on a thread of its own (the app's *Host a table*): ``port`` is the port bound."""

    port: int
    _loop: asyncio.AbstractEventLoop
    _stopped: asyncio.Event
    _thread: threading.Thread

    def stop(self) -> None:
        if self._thread.is_alive():
            self._loop.call_soon_threadsafe(self._stopped.set)
            self._thread.join(timeout=30)


def start_in_thread(address: str, port: int, password: str, folder: Path) -> RunningServer:
    """Start a server on a thread and return once it listens; ``OSError`` if it cannot (the port is taken).
    Its loop ends as ``asyncio.run``'s does, letting what is left finish. This is a host's window: stopping it
    closes its tables for everyone (a window that crashes leaves their saves, to resume)."""
    runner = asyncio.Runner()
    loop = runner.get_loop()
    stopped = asyncio.Event()
    ready: Future[int] = Future()

    def run() -> None:
        with runner:
            try:
                runner.run(serve_until_stopped(address, port, password, folder, stopped, ready.set_result,
                                               close_tables=True))
            except Exception as error:  # before it listens: told to the caller waiting below, or it would wait
                if ready.done():
                    raise
                ready.set_exception(error)

    thread = threading.Thread(target=run, name="table server", daemon=True)
    thread.start()
    return RunningServer(ready.result(timeout=60), loop, stopped, thread)
