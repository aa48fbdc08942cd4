"""A connection's frames waiting to be sent, bounded in count and in bytes.

The server never waits for a client: it puts each answer in the client's outbox and goes on, while a task of the
connection's own sends them. A client that does not read would make that outbox grow until the host runs out of
memory, so it holds at most :data:`MOST_FRAMES` frames and :data:`MOST_BYTES` bytes; a frame beyond either marks
it overflowed, and the server closes that connection.
"""

from __future__ import annotations

import asyncio
from collections import deque
from typing import Final

from game.online.protocol import MOST_SERVER_BYTES

MOST_FRAMES: Final = 512  # far more than a person's client ever lets wait: a whole game's updates
MOST_BYTES: Final = 4 * MOST_SERVER_BYTES


class Outbox:
    """Frames to send, oldest first; :meth:`get` waits for one, and answers ``None`` once it is closed."""

    def __init__(self, most_frames: int = MOST_FRAMES, most_bytes: int = MOST_BYTES) -> None:
        self.most_frames, self.most_bytes = most_frames, most_bytes
        self._frames: deque[str] = deque()
        self._bytes = 0
        self._ready = asyncio.Event()
        self.closed = False
        self.overflowed = False  # a frame found it full: nothing more is taken, and its connection is closed

    def put(self, text: str) -> None:
        """Queue ``text`` (ASCII, as the server writes JSON), unless the outbox is closed or this overflows it."""
        if self.closed:
            return
        if len(self._frames) >= self.most_frames or self._bytes + len(text) > self.most_bytes:
            self.overflowed = True
            self.close()
            return
        self._frames.append(text)
        self._bytes += len(text)
        self._ready.set()

    async def get(self) -> str | None:
        """The next frame; ``None`` once the outbox is closed (what it held is dropped when it overflowed)."""
        while not self._frames or self.overflowed:
            if self.closed:
                return None
            self._ready.clear()
            await self._ready.wait()
        text = self._frames.popleft()
        self._bytes -= len(text)
        return text

    def close(self) -> None:
        """Take nothing more; :meth:`get` hands out what is left (none, if it overflowed), then ``None``."""
        self.closed = True
        if self.overflowed:
            self._frames.clear()
            self._bytes = 0
        self._ready.set()

    def __len__(self) -> int:
        return len(self._frames)

    @property
    def size(self) -> int:
        return self._bytes
