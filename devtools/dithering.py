"""Does the AI dither? ``python -m devtools.dithering <game> [game options] --games N --seed S`` plays N games
with every seat at one level (``normal`` unless ``--level`` says otherwise) and counts, per game and in all,
what the game's own part (``devtools/<game>/dithering.py``) calls dithering: a move undone at once, a turn
spent turning on the spot, a threat nobody answered. Game *i* is set up with seed ``S + i``, and the bots
draw and time their searches as tournaments do (:mod:`devtools.tournament`: a generator per seat, the CPU-time
clock), so a seed gives the same games before and after a change to the AI.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, cast

from devtools.games import part
from devtools.tournament import seat_rng
from game.ai.levels import level_makers
from game.core.protocol import GameState
from game.core.simulate import MAX_DECISIONS
from game.core.view import SeatView
from game.registry import game_names, game_spec


class Watch(Protocol):
    """Counts one game's dithering, shown every action as it is played."""

    def see(self, before: GameState, action: Any, after: GameState) -> None: ...

    def counts(self) -> dict[str, int]: ...


class DitheringPart(Protocol):
    """``devtools/<game>/dithering.py``: what dithering means in the game."""

    COLUMNS: Mapping[str, str]  # each count's key and its column title, in the table's order

    def add_options(self, parser: argparse.ArgumentParser) -> None: ...

    def new_game(self, args: argparse.Namespace, seed: int) -> GameState: ...

    def watch(self, state: GameState) -> Watch: ...


def play(game_part: DitheringPart, args: argparse.Namespace, seed: int) -> dict[str, Any]:
    """One game of ``seed``, every seat at ``args.level``: its end and its counts."""
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
    return {"seed": seed, "ending": ending, "turns": state.turn_number, **watch.counts()}


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


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m devtools.dithering", description=__doc__)
    games = [name for name in game_names() if part(name, "dithering") is not None]
    commands = parser.add_subparsers(dest="game", required=True)
    for name in games:
        sub = commands.add_parser(name)
        cast(DitheringPart, part(name, "dithering")).add_options(sub)
        sub.add_argument("--games", type=int, default=50)
        sub.add_argument("--seed", type=int, default=1)
        sub.add_argument("--level", default="normal")
    args = parser.parse_args(argv)
    game_part = cast(DitheringPart, part(args.game, "dithering"))
    rows = []
    for index in range(args.games):
        rows.append(play(game_part, args, args.seed + index))
        print(table(game_part.COLUMNS, rows[-1:]).splitlines()[1], flush=True)
    print(table(game_part.COLUMNS, rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
