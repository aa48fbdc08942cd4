"""Progress of a long run of games (``tournament queue``): games done of the total, and the row under way's
games done, games a minute and time left.

Where a terminal is attached, a bar on one line, redrawn every second and at each game; where none is (a log,
``nohup``), a plain line a minute, which a log keeps readable. Lines a run prints meanwhile (its rows) go
through :meth:`Progress.say`, which clears the bar first and draws it again after.

A few lines of our own rather than ``tqdm`` or ``rich``: the run counts games itself (a resumed queue starts
at the games already recorded, only the games played in this run make a rate, and a rate is a row's, not the
queue's), and what is drawn is one line either way, so a dependency would bring nothing but itself.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
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


@dataclass(frozen=True)
class RowCount:
    """Where a queue stands in the row it plays: the row's number of all ``rows``, its games ``done`` of its
    ``games``, and the games this run played of it (``played``) in the ``seconds`` since the row began."""

    number: int
    rows: int
    done: int
    games: int
    played: int
    seconds: float


def progress_text(done: int, total: int, row: RowCount | None) -> str:
    """``412/2200 games; row 3 of 10: 130/200, 4.1 games/min, 17 min left in the row``. The rate and the time
    left are the row's: a queue's rows differ a thousandfold in seconds a game (an easy row plays hundreds a
    minute, a hard one a few), so a rate over the queue would promise nothing. Only games played in this run
    count for the rate (games recorded before it took no time of it); unknown until one has been played."""
    text = f"{done}/{total} games"
    if done >= total:
        return text + ", all played"
    if row is not None:
        text += f"; row {row.number} of {row.rows}: {row.done}/{row.games}"
    if row is None or row.played < 1 or row.seconds <= 0:
        return text + ", time left unknown until a game ends"
    rate = row.played / row.seconds * 60
    return text + f", {rate:.1f} games/min, {duration_text((row.games - row.done) / rate * 60)} left in the row"


def bar_text(done: int, total: int, row: RowCount | None, width: int = BAR_WIDTH) -> str:
    """``[######------------------]  25% 412/2200 games; …``: the bar of a terminal, of the whole queue."""
    share = done / total if total else 1.0
    filled = min(width, int(share * width))
    return f"[{'#' * filled}{'-' * (width - filled)}] {100 * share:3.0f}% {progress_text(done, total, row)}"


class Progress:
    """Counts the games of a run and shows them on ``stream``: a bar when ``tty``, else a line a minute.
    Use it as a context manager: it draws from a thread of its own while the run lasts, so the time left
    moves between games that take minutes."""

    def __init__(self, total: int, done: int, stream: TextIO, tty: bool,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.total, self.done = total, done
        self._row: tuple[int, int, int, int] | None = None  # number, rows, games, done at its start
        self._row_played, self._row_started = 0, 0.0
        self._stream, self._tty, self._clock = stream, tty, clock
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
        row = None
        if self._row is not None:
            number, rows, games, done = self._row
            row = RowCount(number, rows, done + self._row_played, games, self._row_played,
                           self._clock() - self._row_started)
        if self._tty:
            return bar_text(self.done, self.total, row)
        return f"progress: {progress_text(self.done, self.total, row)}"

    def start_row(self, number: int, rows: int, games: int, recorded: int) -> None:
        """The queue begins its row ``number`` of ``rows``: ``games`` in all, ``recorded`` of them already."""
        with self._lock:
            self._row = (number, rows, games, recorded)
            self._row_played, self._row_started = 0, self._clock()

    def game_done(self) -> None:
        """A game of this run is recorded."""
        with self._lock:
            self.done += 1
            self._row_played += 1
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
