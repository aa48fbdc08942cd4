"""A client of the table server on a thread of its own, so that the window's frame loop never waits on the
network: it sends what it is given, collects what arrives, and after a drop comes back by itself with the
last token the server gave it (issue 40, faults).

Besides the server's messages (each checked by ``parse_server``), :meth:`Connection.poll` reports every change
of the link as a ``LinkChange``: ``connecting``, ``open``, ``reconnecting``
(with why it dropped) and ``closed`` (for good: closed by the app, refused by the server's password, protocol
version or wait after wrong guesses, which trying again at once would not change, or the table closed by its host).

A window at rest does not poll: the connection wakes it (``on_message``, called on the connection's thread) when
something arrives that it has not polled yet, once until its next poll, however much arrives meanwhile.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import json
import queue
import threading
import weakref
from collections.abc import Callable

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from game.online.messages import (
    ClientMessage,
    Closed,
    Error,
    Hello,
    Joined,
    LinkChange,
    Received,
    Resume,
    Welcome,
    to_json,
)
from game.online.protocol import MOST_SERVER_BYTES, PROTOCOL_VERSION, ProtocolError, parse_server

FIRST_RETRY_SECONDS = 0.5
LAST_RETRY_SECONDS = 8.0  # the wait between tries doubles up to this
OPEN_SECONDS = 10.0  # how long a connection may take to open before it is tried again
# refusals that another try would meet again: the password, the protocol's version, an address told to wait
FOR_GOOD = ("password", "version", "too_many_guesses")


class Connection:
    """A connection to ``address``:``port`` as ``name``; it starts connecting at once. ``on_message``: called on
    the connection's thread when a message or a link change is there to poll (once until the next poll)."""

    def __init__(self, address: str, port: int, name: str, password: str = "",
                 on_message: Callable[[], None] | None = None) -> None:
        self._uri = f"ws://{_host(address)}:{port}"
        self._hello = Hello(PROTOCOL_VERSION, name, password)
        self._received: queue.SimpleQueue[Received] = queue.SimpleQueue()
        self._on_message = on_message
        self._told = threading.Event()  # on_message was called since the last poll: it is not called again
        self._loop = asyncio.new_event_loop()
        # Made here, not on the thread: a message sent before the thread's loop runs must find it (a queue binds
        # to the loop that first waits on it).
        self._outbox: asyncio.Queue[ClientMessage] = asyncio.Queue()
        self._stop = threading.Event()
        self._stopping = asyncio.Event()  # the same, for the thread's loop to wait on without waking to look
        self._token: str | None = None
        self._refused = False  # the server refused this client for good: the link closes with its words
        self._thread = threading.Thread(target=self._run, name=f"connection to {address}:{port}", daemon=True)
        self._thread.start()
        _open_connections.add(self)

    # --- the caller's side ----------------------------------------------------------------------------------
    def send(self, message: ClientMessage) -> None:
        """Queue ``message`` for the server: sent once the link is open (after a drop, once it is back). Once the
        link is closed for good (the ``closed`` link change said so) nothing can go, and nothing is queued."""
        if self._stop.is_set():
            return
        with contextlib.suppress(RuntimeError):  # the loop has ended: the server refused this client for good
            self._loop.call_soon_threadsafe(self._enqueue, message)

    def poll(self) -> list[Received]:
        """Every message received and link change since the last poll, oldest first; never waits."""
        self._told.clear()  # before taking them: whatever comes after the last one taken is told again
        messages = []
        while True:
            try:
                messages.append(self._received.get_nowait())
            except queue.Empty:
                return messages

    def close(self) -> None:
        """End the link and its thread (also done at exit)."""
        if not self._stop.is_set():
            self._stop.set()
            if self._loop.is_running():  # else the loop, once it runs, sees the stop before it waits on anything
                with contextlib.suppress(RuntimeError):  # it has ended meanwhile
                    self._loop.call_soon_threadsafe(self._stopping.set)
        if threading.current_thread() is not self._thread:
            self._thread.join(timeout=10)
        _open_connections.discard(self)

    # --- the thread's side ----------------------------------------------------------------------------------
    def _enqueue(self, message: ClientMessage) -> None:
        self._outbox.put_nowait(message)

    def _link(self, state: str, reason: str = "") -> None:
        self._deliver(LinkChange(state, reason))

    def _deliver(self, received: Received) -> None:
        """``received`` is there to poll: say so, unless it was said since the last poll."""
        self._received.put(received)
        if self._on_message is not None and not self._told.is_set():
            self._told.set()
            self._on_message()

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self._loop.run_until_complete(self._keep_linked())
        finally:
            self._loop.close()

    async def _keep_linked(self) -> None:
        """Connect, and after each drop say so at once (the app shows it while this waits), then try again."""
        wait, reason = FIRST_RETRY_SECONDS, ""
        self._link("connecting")
        while not self._stop.is_set():
            try:
                async with asyncio.timeout(OPEN_SECONDS):
                    websocket = await connect(self._uri, max_size=MOST_SERVER_BYTES, compression=None,
                                              open_timeout=OPEN_SECONDS)
                wait = FIRST_RETRY_SECONDS
                reason = await self._talk(websocket)
            except (OSError, TimeoutError, InvalidHandshake, ConnectionClosed) as error:
                reason = str(error) or type(error).__name__
            except InvalidURI as error:
                reason = f"no such address: {error}"
                break
            if self._refused or self._stop.is_set():
                break
            self._link("reconnecting", reason)
            await self._sleep(wait)
            wait = min(LAST_RETRY_SECONDS, wait * 2)
        self._link("closed", "" if self._stop.is_set() else reason)

    async def _talk(self, websocket: ClientConnection) -> str:
        """Greet, resume the seat if there is one, then carry frames both ways until the link ends; why. What
        the caller queued goes out only once the server has welcomed this client and been asked for its seat
        back: sent before, a move would come from a connection that sits nowhere yet, and be refused."""
        async with websocket:
            await websocket.send(json.dumps(to_json(self._hello)))
            greeted = asyncio.Event()
            reader = asyncio.create_task(self._read(websocket, greeted))
            writer = asyncio.create_task(self._write(websocket, greeted))
            stopper = asyncio.create_task(self._stopped())
            done, pending = await asyncio.wait({reader, writer, stopper}, return_when=asyncio.FIRST_COMPLETED)
            for task in pending:
                task.cancel()
            await asyncio.gather(*pending, return_exceptions=True)
            finished = done.pop()
            return "" if finished is stopper else str(finished.result())

    async def _read(self, websocket: ClientConnection, greeted: asyncio.Event) -> str:
        try:
            async for frame in websocket:
                try:
                    message = parse_server(frame)
                except ProtocolError:  # a frame this client cannot read is not acted on
                    continue
                match message:
                    case Welcome():
                        self._link("open")
                        if self._token is not None:
                            await websocket.send(json.dumps(to_json(Resume(self._token))))
                        greeted.set()
                    case Joined(token=token):
                        self._token = token
                    case Closed():  # the host closed the table: nothing to come back to
                        self._deliver(message)
                        self._refused = True
                        return "the host closed the table"
                    case Error(code="bad_token"):
                        self._token = None
                    case Error(code=code, message=words) if code in FOR_GOOD:
                        self._deliver(message)
                        self._refused = True
                        return words
                self._deliver(message)
        except ConnectionClosed as closed:
            return str(closed)
        return "the server closed the link"

    async def _write(self, websocket: ClientConnection, greeted: asyncio.Event) -> str:
        await greeted.wait()
        while True:
            message = await self._outbox.get()
            try:
                await websocket.send(json.dumps(to_json(message)))
            except ConnectionClosed as closed:
                self._outbox.put_nowait(message)  # sent again once the link is back
                return str(closed)

    async def _stopped(self) -> None:
        """Until the connection is closed: asleep meanwhile, so that a link at rest costs nothing."""
        if not self._stop.is_set():
            await self._stopping.wait()

    async def _sleep(self, seconds: float) -> None:
        """Wait ``seconds`` before trying again, or less if the connection is closed meanwhile."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._stopped(), seconds)


def _host(address: str) -> str:
    """An IPv6 address goes in brackets in a URI."""
    return f"[{address}]" if ":" in address and not address.startswith("[") else address


_open_connections: weakref.WeakSet[Connection] = weakref.WeakSet()


@atexit.register
def _close_all() -> None:
    for connection in list(_open_connections):
        connection.close()
