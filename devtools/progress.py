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
from collections.abc import Callable, Sequence
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
    """Where a queue stands in the row under way: the row's number of all ``rows``, its games ``done`` of its
    ``games``, and the games of it that ended (``played``) in the ``seconds`` since it became the row under way."""

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
    """Counts the games of a queue's run, by row, and shows them on ``stream``: a bar when ``tty``, else a
    line a minute. ``rows`` gives each row's games and how many were recorded before the run. The row under
    way is the first not yet played out (the stream hands out the rows' games in order, so the next row's
    begin as a row's last games end): its rate counts its games ended since it became the row under way.
    Use it as a context manager: it draws from a thread of its own while the run lasts, so the time left
    moves between games that take minutes."""

    def __init__(self, rows: Sequence[tuple[int, int]], stream: TextIO, tty: bool,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._games = [games for games, _recorded in rows]
        self._done = [recorded for _games, recorded in rows]
        self._played = [0] * len(rows)  # games of each row played in this run
        self.total, self.done = sum(self._games), sum(self._done)
        self._stream, self._tty, self._clock = stream, tty, clock
        self._under_way = self._first_unfinished()
        self._since, self._before = clock(), 0  # when the row under way became so, and its games played then
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

    def _first_unfinished(self) -> int | None:
        return next((row for row, games in enumerate(self._games) if self._done[row] < games), None)

    def text(self) -> str:
        row = None
        if self._under_way is not None:
            number = self._under_way
            row = RowCount(number + 1, len(self._games), self._done[number], self._games[number],
                           self._played[number] - self._before, self._clock() - self._since)
        if self._tty:
            return bar_text(self.done, self.total, row)
        return f"progress: {progress_text(self.done, self.total, row)}"

    def game_done(self, row: int) -> None:
        """A game of ``row`` (counted from 0) is recorded."""
        with self._lock:
            self.done += 1
            self._done[row] += 1
            self._played[row] += 1
            under_way = self._first_unfinished()
            if under_way != self._under_way:
                self._under_way, self._since = under_way, self._clock()
                self._before = self._played[under_way] if under_way is not None else 0
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
