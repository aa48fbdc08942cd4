"""Does the AI dither? ``python -m devtools.dithering <game> [game options] --games N --seed S [--jobs J]
[--examples]`` plays N games with every seat at one level (``normal`` unless ``--level`` says otherwise) and
counts, per game and in all, what the game's own part (``devtools/<game>/dithering.py``) calls dithering: a
move undone at once, a turn spent turning on the spot, a threat nobody answered. Game *i* is set up with seed
``S + i``, and the bots draw and time their searches as tournaments do (:mod:`devtools.tournament`: a
generator per seat, the CPU-time clock), so a seed gives the same games before and after a change to the AI,
whichever number of worker processes ``--jobs`` plays them in. Each game's line is printed as it ends, in seed
order, so that a run cut short still tells what it measured; ``--examples`` lists each dither found.
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import sys
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, Protocol, cast

from devtools.games import part
from devtools.tournament import seat_rng
from game.ai.levels import level_makers
from game.ai.workers import prepare_worker, start_resource_tracker
from game.core.protocol import GameState
from game.core.simulate import MAX_DECISIONS
from game.core.view import SeatView
from game.registry import game_names, game_spec


class Watch(Protocol):
    """Counts one game's dithering, shown every action as it is played."""

    def see(self, before: GameState, action: Any, after: GameState) -> None: ...

    def counts(self) -> dict[str, int]: ...

    def examples(self) -> list[str]:
        """Each dither counted, as ``turn T: what was played (its column's title or kind)``."""
        ...


class DitheringPart(Protocol):
    """``devtools/<game>/dithering.py``: what dithering means in the game."""

    COLUMNS: Mapping[str, str]  # each count's key and its column title, in the table's order

    def add_options(self, parser: argparse.ArgumentParser) -> None: ...

    def new_game(self, args: argparse.Namespace, seed: int) -> GameState: ...

    def watch(self, state: GameState) -> Watch: ...


class Tally:
    """A watch's counts, one a column, and the example of each: the parts' watches count into it."""

    def __init__(self, columns: Mapping[str, str]) -> None:
        self.found = dict.fromkeys(columns, 0)
        self.found_examples: list[str] = []

    def count(self, key: str, example: str) -> None:
        self.found[key] += 1
        self.found_examples.append(example)

    def counts(self) -> dict[str, int]:
        return dict(self.found)

    def examples(self) -> list[str]:
        return list(self.found_examples)


def dithering_part(game: str) -> DitheringPart:
    return cast(DitheringPart, part(game, "dithering"))


def play(game_part: DitheringPart, args: argparse.Namespace, seed: int) -> dict[str, Any]:
    """One game of ``seed``, every seat at ``args.level``: its end, its counts and its examples."""
    state = game_part.new_game(args, seed)
    makers = level_makers(game_spec(state.game_name).knowledge().evaluate, clock=time.process_time)
    bots = {seat: makers[args.level]() for seat in state.seats}
    rngs = {seat: seat_rng(seed, seat) for seat in state.seats}
    watch = game_part.watch(state)
    for _ in range(MAX_DECISIONS):
        if state.is_terminal():
            break
        view = SeatView(state)
        action = bots[view.seat].choose(view, rngs[view.seat])
        before = state.clone()
        state.apply(action)
        watch.see(before, action, state)
    outcome = state.outcome
    ending = outcome.termination if outcome is not None else "unfinished"
    examples = [f"seed {seed} {example}" for example in watch.examples()]
    return {"seed": seed, "ending": ending, "turns": state.turn_number, **watch.counts(), "examples": examples}


def _play(job: tuple[argparse.Namespace, int]) -> dict[str, Any]:
    """A worker's game: the part is found again in the worker, as a module does not travel between processes."""
    args, seed = job
    return play(dithering_part(args.game), args, seed)


def games(args: argparse.Namespace) -> Iterator[dict[str, Any]]:
    """The rows of ``args.games`` games from ``args.seed``, each as it ends, in seed order, played in
    ``args.jobs`` worker processes (in this one when it is 1)."""
    work = [(args, args.seed + index) for index in range(args.games)]
    with contextlib.ExitStack() as stack:
        rows: Iterable[dict[str, Any]]
        if args.jobs <= 1:
            rows = map(_play, work)
        else:
            start_resource_tracker()
            pool = stack.enter_context(multiprocessing.get_context("spawn").Pool(args.jobs,
                                                                                  initializer=prepare_worker))
            rows = pool.imap(_play, work)
        yield from rows


def table(columns: Mapping[str, str], rows: Sequence[dict[str, Any]]) -> str:
    """The games one a line, then their totals."""
    heads = ["seed", "ending", "turns", *columns.values()]
    keys = ["seed", "ending", "turns", *columns]
    totals: dict[str, Any] = {"seed": "total", "ending": f"{len(rows)} games",
                              "turns": sum(row["turns"] for row in rows)}
    totals.update({key: sum(row[key] for row in rows) for key in columns})
    lines = [[str(row[key]) for key in keys] for row in [*rows, totals]]
    widths = [max(len(head), *(len(line[i]) for line in lines)) for i, head in enumerate(heads)]
    text = ["  ".join(head.rjust(width) for head, width in zip(heads, widths))]
    text += ["  ".join(cell.rjust(width) for cell, width in zip(line, widths)) for line in lines]
    text.insert(len(text) - 1, "-" * len(text[0]))
    return "\n".join(text)


def print_games(columns: Mapping[str, str], rows: Iterable[dict[str, Any]], examples: bool) -> None:
    """Each game's line as it ends, then the table with the totals, then every example if asked for."""
    done: list[dict[str, Any]] = []
    for row in rows:
        done.append(row)
        print(table(columns, done[-1:]).splitlines()[1], flush=True)
    print(table(columns, done))
    for example in (example for row in done for example in row["examples"]) if examples else ():
        print(example)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m devtools.dithering", description=__doc__)
    commands = parser.add_subparsers(dest="game", required=True)
    for name in game_names():
        if part(name, "dithering") is None:
            continue
        sub = commands.add_parser(name)
        dithering_part(name).add_options(sub)
        sub.add_argument("--games", type=int, default=50)
        sub.add_argument("--seed", type=int, default=1)
        sub.add_argument("--level", default="normal", help="the level in every seat (default normal)")
        sub.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
        sub.add_argument("--examples", action="store_true", help="list each dither found, after the table")
    args = parser.parse_args(argv)
    print_games(dithering_part(args.game).COLUMNS, games(args), args.examples)
    return 0


if __name__ == "__main__":
    sys.exit(main())
