"""``python main.py tournament queue``: the rows still to play, kept in the repository and played in order.

The rows are a TOML file (:data:`QUEUE_FILE`), each its ``tournament`` arguments as a person would type them::

    [[row]]
    tournament = "falconi --variant funghi --bot hard --against hard --side fugitive --games 200"

Each row is read by the ``tournament`` command's own parser and checked before any game is played: a file
that is not TOML, a row of another shape, a command the parser refuses or a level it does not know is told
in a line naming the file and the row. What the queue gives every row is not written in it: ``--record``
(each row's games are recorded game by game, and a row already started resumes where its record stops:
:func:`devtools.tournament.execute`), ``--jobs`` and ``--cluster``.

How many games a row has, and how many of them are recorded, is asked of the row itself: it is run with a
runner that plays nothing but counts the games it is handed (all of them without a record, the missing ones
with it), so the queue knows no game's plans.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import shlex
import tomllib
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from devtools.progress import Progress
from devtools.runners import Jobs, Runner, runner_of
from game.core.errors import GameError

QUEUE_FILE = Path("docs/measurements/queue.toml")
RECORD_FOLDER = Path("docs/measurements")
GIVEN_BY_QUEUE = ("--record", "--jobs", "--cluster", "--json", "--help", "-h")  # the queue's, not a row's

Item = TypeVar("Item")
Result = TypeVar("Result")


class QueueError(GameError):
    """A queue file that cannot be played as written: told in one line, exit status 2."""


@dataclass(frozen=True)
class Row:
    """A row of the queue: its arguments as written, as the parser read them, and its games."""

    command: str
    args: argparse.Namespace
    games: int  # every game of the row
    recorded: int  # of those, the games already in the record folder


def load_queue(path: Path, parse: Callable[[Sequence[str]], argparse.Namespace], record: Path) -> list[Row]:
    """The rows of the queue file at ``path``, each parsed by ``parse`` (``tournament`` and its arguments) and
    counted against the records in ``record``; a fault anywhere is a :class:`QueueError` and nothing is played."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise QueueError(f"{path}: not a queue file: {error}") from None
    except UnicodeDecodeError:
        raise QueueError(f"{path}: not a queue file: not UTF-8 text") from None
    rows = data.get("row", [])
    if set(data) - {"row"} or not isinstance(rows, list):
        raise QueueError(f"{path}: a queue file holds [[row]] tables only, each with tournament = \"ARGUMENTS\"")
    return [_row(path, number, entry, parse, record) for number, entry in enumerate(rows, 1)]


def _row(path: Path, number: int, entry: Any, parse: Callable[[Sequence[str]], argparse.Namespace],
         record: Path) -> Row:
    where = f"{path}: row {number}"
    if not isinstance(entry, dict) or set(entry) != {"tournament"} or not isinstance(entry["tournament"], str):
        raise QueueError(f"{where}: give it as tournament = \"ARGUMENTS\" and nothing else")
    command = entry["tournament"]
    try:
        tokens = shlex.split(command)
    except ValueError as error:
        raise QueueError(f"{where}: {error}") from None
    given = [option for option in (token.split("=", 1)[0] for token in tokens) if option in GIVEN_BY_QUEUE]
    if given:
        raise QueueError(f"{where}: {given[0]} is the queue's to give, not a row's")
    try:
        args = parse(["tournament", *tokens])
        if not hasattr(args, "record") or args.kind == "queue":
            raise QueueError(f"a row is a match that can be recorded, not tournament {args.kind}")
        games = _count(args, None)
        recorded = games - _count(args, record)
    except GameError as error:
        raise QueueError(f"{where} ({command}): {error}") from None
    return Row(command, args, games, recorded)


class _Counted(Exception):
    """What a counting runner raises instead of playing: the number of games it was handed."""

    def __init__(self, games: int) -> None:
        super().__init__(games)
        self.games = games


class _Counter:
    """A runner (:class:`devtools.runners.Runner`) that plays nothing: it stops the row with its number of games."""

    name = "counter"

    def unordered(self, function: Callable[[Item], Result], items: Sequence[Item]) -> Generator[Result, None, None]:
        raise _Counted(len(items))
        yield  # a generator, as the runners are: the row is stopped at its first game


def _count(args: argparse.Namespace, record: Path | None) -> int:
    """The games the row would play: all of them without ``record``, those not recorded there with it."""
    counting = copy.copy(args)
    counting.jobs, counting.record = _Counter(), record
    try:
        args.run(counting, None)
    except _Counted as counted:
        return counted.games
    return 0  # a row that hands no runner any game has none to play


class _Tallied:
    """A runner that passes every game through to ``inner`` and calls ``on_game`` once each is recorded (the
    row asks for the next result only after it has written the last)."""

    def __init__(self, inner: Runner, on_game: Callable[[], None]) -> None:
        self._inner, self._on_game = inner, on_game
        self.name = inner.name

    def unordered(self, function: Callable[[Item], Result], items: Sequence[Item]) -> Generator[Result, None, None]:
        with contextlib.closing(self._inner.unordered(function, items)) as results:
            for result in results:
                yield result
                self._on_game()


def play_queue(rows: Sequence[Row], jobs: Jobs, record: Path, progress: Progress,
               say: Callable[[str], None]) -> list[dict[str, Any]]:
    """Play the rows in order, each to its games, recording in ``record`` and resuming each where its record
    stops; ``jobs`` plays them (local processes or a cluster's runner). ``progress`` is told each row as it
    begins and each game recorded; ``say`` gets each row's heading and each of its lines. Returns every
    row's results."""
    runner = _Tallied(runner_of(jobs), progress.game_done)
    results: list[dict[str, Any]] = []
    for number, row in enumerate(rows, 1):
        say(f"row {number} of {len(rows)}: tournament {row.command}  ({row.recorded} of {row.games} recorded)")
        progress.start_row(number, len(rows), row.games, row.recorded)
        args = copy.copy(row.args)
        args.jobs, args.record = runner, record
        results += row.args.run(args, say)
    return results


def listing(rows: Sequence[Row]) -> list[str]:
    """``tournament queue --list``: each row's command with its games recorded, as docs/ai.md would show it."""
    return [f"tournament {row.command}  ({row.recorded} of {row.games} recorded)" for row in rows]
