"""``python main.py tournament queue``: the rows still to play, kept in the repository and played in order.

The rows are a TOML file (:data:`QUEUE_FILE`), each its ``tournament`` arguments as a person would type them::

    [[row]]
    tournament = "falconi --variant funghi --bot hard --against hard --side fugitive --games 200"

Each row is read by the ``tournament`` command's own parser and checked before any game is played: a file
that is not TOML, a row of another shape, a command the parser refuses or a level it does not know is told
in a line naming the file and the row. What the queue gives every row is not written in it: ``--record``
(each row's games are recorded game by game, and a row already started resumes where its record stops:
:func:`devtools.tournament.execute`), ``--jobs`` and ``--cluster``.

Every row's matches (its plans, as ``tournament`` makes them of its arguments) are played in one stream, in
the queue's order: a worker that finishes a row's last game to hand out takes the next row's first, so no
worker waits while a row's longest games end (on a cluster, where a row of 200 games is a few rounds, a row
would otherwise take as long as its longest game, and the queue the sum of those).
"""

from __future__ import annotations

import argparse
import shlex
import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.core.errors import GameError

if TYPE_CHECKING:  # the tournaments are imported when a queue is read, not whenever the command line is built
    from devtools.progress import Progress
    from devtools.runners import Jobs
    from devtools.tournament import Plan

QUEUE_FILE = Path("docs/measurements/queue.toml")
RECORD_FOLDER = Path("docs/measurements")
GIVEN_BY_QUEUE = ("--record", "--jobs", "--cluster", "--json", "--help", "-h")  # the queue's, not a row's


class QueueError(GameError):
    """A queue file that cannot be played as written: told in one line, exit status 2."""


@dataclass(frozen=True)
class Row:
    """A row of the queue: its arguments as written, the matches they ask for, and its games."""

    command: str
    plans: list[Plan]
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
        plans = args.plans(args)
    except GameError as error:
        raise QueueError(f"{where} ({command}): {error}") from None
    from devtools.tournament import recorded_games

    return Row(command, plans, sum(len(plan.tasks) for plan in plans),
               sum(recorded_games(plan, record) for plan in plans))


def play_queue(rows: Sequence[Row], jobs: Jobs, record: Path, progress: Progress,
               say: Callable[[str], None]) -> list[dict[str, Any]]:
    """Play every row's games in one stream, in the rows' order, recording in ``record`` and resuming each
    row where its record stops; ``jobs`` plays them (local processes or a cluster's runner). ``say`` gets each
    row's heading first, then each match's line as it is done; ``progress`` each game recorded, by row.
    Returns every match's results, in the order they were done."""
    from devtools.tournament import execute, format_row

    plans: list[Plan] = []
    owners: list[int] = []  # the row of each plan
    for number, row in enumerate(rows):
        say(f"row {number + 1} of {len(rows)}: tournament {row.command}  ({row.recorded} of {row.games} recorded)")
        plans += row.plans
        owners += [number] * len(row.plans)
    results: list[dict[str, Any]] = []

    def on_row(index: int, result: dict[str, Any]) -> None:
        results.append(result | {"text": format_row(result)})
        say(f"row {owners[index] + 1} of {len(rows)}: {results[-1]['text']}")

    execute(plans, jobs, on_row, record, lambda index: progress.game_done(owners[index]))
    return results


def listing(rows: Sequence[Row]) -> list[str]:
    """``tournament queue --list``: each row's command with its games recorded, as docs/ai.md would show it."""
    return [f"tournament {row.command}  ({row.recorded} of {row.games} recorded)" for row in rows]
