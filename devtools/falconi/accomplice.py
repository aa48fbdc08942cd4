"""Where the Diavola accomplice waits, and what it wins him.

``python -m devtools.falconi.accomplice --games N --seed S [--level hard] [--examples]`` plays N Diavola
games with every seat at one level and counts Don Falconi's wins by where his secret accomplice went (F-6.6):
a slot touching the prison's row of cells (W8 or E8 on our city), any other slot, or nowhere. With ``hard``
these are the games of the tournament row ``tournament falconi --variant diavola --bot hard --against hard
--side fugitive``: game *i* has seed ``S + i``, each seat its own generator and the CPU-time clock
(:func:`devtools.dithering.play`). Each game's line is printed as it ends; the last line totals them.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from devtools.dithering import Tally, play, print_games
from game.falconi.constants import FUGITIVE
from game.falconi.state import FalconiState

COLUMNS = {"prison_row": "on the prison's row", "prison_row_won": "won", "elsewhere": "elsewhere",
           "elsewhere_won": "won", "unplaced": "never placed", "unplaced_won": "won"}


def accomplice_slot(before: FalconiState, after: FalconiState) -> int | None:
    """The slot the accomplice was placed on by the action between the two states, if it was."""
    if before.accomplice < 0 or after.accomplice >= 0:
        return None
    return next(slot for slot, (old, new) in enumerate(zip(before.escapes, after.escapes)) if old != new)


def on_prison_row(state: FalconiState, slot: int) -> bool:
    """Whether ``slot`` touches a cell of the row (or column) of cells the prison touches."""
    city = state.city
    prison_cell = city.slot_cell(city.slots[city.prison])
    slot_cell = city.slot_cell(city.slots[slot])
    along = 1 if city.slots[city.prison].side % 2 == 0 else 0  # a North or South prison: compare rows
    return city.xy(slot_cell)[along] == city.xy(prison_cell)[along]


class AccompliceWatch(Tally):
    """One game: where the accomplice went (one of the three columns) and whether Don Falconi won."""

    def __init__(self) -> None:
        super().__init__(COLUMNS)
        self.where = "unplaced"

    def see(self, before: Any, action: Any, after: Any) -> None:
        assert isinstance(before, FalconiState) and isinstance(after, FalconiState)
        slot = accomplice_slot(before, after)
        if slot is not None:
            self.where = "prison_row" if on_prison_row(after, slot) else "elsewhere"
            name = after.city.slots[slot].name
            self.found_examples.append(f"round {before.round_number}: the accomplice appears on {name}")
        outcome = after.outcome
        if outcome is not None:
            self.found[self.where] += 1
            self.found[f"{self.where}_won"] += FUGITIVE in outcome.winners
            ending = "won" if FUGITIVE in outcome.winners else "lost"
            self.found_examples.append(f"round {after.round_number}: Don Falconi {ending} ({outcome.termination})")


class AccompliceCount:
    """The part :func:`devtools.dithering.play` asks for: every game a Diavola game, watched for its accomplice."""

    COLUMNS: Mapping[str, str] = COLUMNS

    def add_options(self, parser: argparse.ArgumentParser) -> None:
        """No options of its own: the pizza is always Diavola."""

    def new_game(self, args: argparse.Namespace, seed: int) -> FalconiState:
        return FalconiState.new_game("diavola", seed)

    def watch(self, state: Any) -> AccompliceWatch:
        return AccompliceWatch()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m devtools.falconi.accomplice", description=__doc__)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="hard", help="the level in every seat (default hard)")
    parser.add_argument("--examples", action="store_true", help="list where each game's accomplice went")
    args = parser.parse_args(argv)
    count = AccompliceCount()
    print_games(COLUMNS, (play(count, args, seed) for seed in range(args.seed, args.seed + args.games)), args.examples)
    return 0


if __name__ == "__main__":
    sys.exit(main())
