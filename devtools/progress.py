"""Progress of a long run of games (``tournament queue``): games done of the total, games a minute, time left.

Where a terminal is attached, a bar on one line, redrawn every second and at each game; where none is (a log,
``nohup``), a plain line a minute, which a log keeps readable. Lines a run prints meanwhile (its rows) go
through :meth:`Progress.say`, which clears the bar first and draws it again after.

A few lines of our own rather than ``tqdm`` or ``rich``: the run counts games itself (a resumed queue starts
at the games already recorded, and only the games played in this run make its rate), and what is drawn is one
line either way, so a dependency would bring nothing but itself.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import TextIO

BAR_WIDTH = 24
TTY_SECONDS = 1.0  # how often the bar is redrawn
PLAIN_SECONDS = 60.0  # how often a plain line is written
CLEAR = "\r\x1b[K"  # back to the line's start, and the line cleared


def duration_text(seconds: float) -> str:
    """``45 s``, ``38 min``, ``9 h 38 min``, ``2 d 3 h``: as precise as a time left is worth."""
    minutes = int(seconds // 60)
    if minutes < 1:
        return f"{int(seconds)} s"
    if minutes < 60:
        return f"{minutes} min"
    hours, minutes = divmod(minutes, 60)
    if hours < 24:
        return f"{hours} h {minutes} min"
    days, hours = divmod(hours, 24)
    return f"{days} d {hours} h"


def progress_text(done: int, total: int, played: int, seconds: float) -> str:
    """``412/2200 games, 3.1 games/min, 9 h 38 min left``. The rate counts the ``played`` games of this run
    over its ``seconds`` (games recorded before it took no time of it); the time left is the games still to
    play at that rate, unknown until a game has been played."""
    text = f"{done}/{total} games"
    if done >= total:
        return text + ", all played"
    if played < 1 or seconds <= 0:
        return text + ", time left unknown until a game ends"
    rate = played / seconds * 60
    return text + f", {rate:.1f} games/min, {duration_text((total - done) / rate * 60)} left"


def bar_text(done: int, total: int, played: int, seconds: float, width: int = BAR_WIDTH) -> str:
    """``[######------------------]  25% 412/2200 games, …``: the bar of a terminal."""
    share = done / total if total else 1.0
    filled = min(width, int(share * width))
    return f"[{'#' * filled}{'-' * (width - filled)}] {100 * share:3.0f}% {progress_text(done, total, played, seconds)}"


class Progress:
    """Counts the games of a run and shows them on ``stream``: a bar when ``tty``, else a line a minute.
    Use it as a context manager: it draws from a thread of its own while the run lasts, so the time left
    moves between games that take minutes."""

    def __init__(self, total: int, done: int, stream: TextIO, tty: bool,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.total, self.done, self.played = total, done, 0
        self._stream, self._tty, self._clock = stream, tty, clock
        self._started = clock()
        self._lock = threading.Lock()
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._tick, name="progress", daemon=True)

    def __enter__(self) -> Progress:
        self._draw()
        self._thread.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self._stopped.set()
        self._thread.join()
        self._draw()
        if self._tty:
            with self._lock:
                self._stream.write("\n")
                self._stream.flush()

    def text(self) -> str:
        seconds = self._clock() - self._started
        if self._tty:
            return bar_text(self.done, self.total, self.played, seconds)
        return f"progress: {progress_text(self.done, self.total, self.played, seconds)}"

    def game_done(self) -> None:
        """A game of this run is recorded."""
        with self._lock:
            self.done += 1
            self.played += 1
        if self._tty:
            self._draw()

    def say(self, line: str, stream: TextIO) -> None:
        """Print ``line`` on ``stream`` (a row's line on stdout) without tearing the bar."""
        with self._lock:
            if self._tty:
                self._stream.write(CLEAR)
                self._stream.flush()
            print(line, file=stream, flush=True)
        if self._tty:
            self._draw()

    def _draw(self) -> None:
        with self._lock:
            self._stream.write(f"{CLEAR}{self.text()}" if self._tty else f"{self.text()}\n")
            self._stream.flush()

    def _tick(self) -> None:
        while not self._stopped.wait(TTY_SECONDS if self._tty else PLAIN_SECONDS):
            self._draw()
