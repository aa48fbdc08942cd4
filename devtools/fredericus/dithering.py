"""``python -m devtools.fredericus.dithering``: how often a Fredericus seat undoes its own move (issue 38).

A reversal is a move that puts a card or a raptor back where the same seat had just taken it from: a card
moved from row *a* to row *b* and then, still the end card of *b*, from *b* back to *a*; a raptor moved from
post *p* to *q* and then back to *p*. It is counted when the first move was in the same turn, or in the
seat's turn of the last round (its previous turn). Nothing of the position has to be the same for it to
count: a reversal after an opponent changed the board may be good play, so the counts are an upper bound on
dithering, compared before and after a change of the AI with the same seeds.

The games are played as tournaments play them (:mod:`devtools.tournament`): the seats' bots made from the
level names with the process's CPU time as the searches' clock, each seat drawing from its own generator of
the game's seed, game *i* dealt from ``seed + i``.
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import cast

from devtools.tournament import seat_rng
from game.ai.levels import level_makers
from game.ai.workers import prepare_worker, start_resource_tracker
from game.core.simulate import MAX_DECISIONS
from game.core.view import SeatView
from game.fredericus.actions import CAPTURE, CARD, FLIP, RAPTOR, SEAL, TIDY, Action
from game.fredericus.rules import TIDY_LENGTH
from game.fredericus.state import FredericusState
from game.registry import game_spec

GAME = "fredericus"
SAME_TURN, LAST_ROUND = "same turn", "last round"


@dataclass
class Tally:
    """What one game (or the sum of several) counted."""

    games: int = 0
    card_moves: int = 0
    raptor_moves: int = 0
    reversals: dict[tuple[str, str], int] = field(default_factory=dict)  # (card|raptor, SAME_TURN|LAST_ROUND)
    examples: list[str] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.card_moves += other.card_moves
        self.raptor_moves += other.raptor_moves
        for key, count in other.reversals.items():
            self.reversals[key] = self.reversals.get(key, 0) + count
        self.examples += other.examples


class ReversalWatch:
    """Follows every card by an identity of its own (the state knows only kinds), and each seat's moves."""

    def __init__(self, state: FredericusState) -> None:
        serial = iter(range(1_000))
        self.cards = [[next(serial) for _ in row] for row in state.rows]
        self.card_moves: dict[int, tuple[int, int, int, int]] = {}  # card -> (seat, from, to, turn)
        self.raptor_moves: dict[int, tuple[int, int, int]] = {}  # raptor -> (from, to, turn)
        self.tally = Tally(games=1)

    def see(self, state: FredericusState, action: Action, seed: int) -> None:
        """Count ``action`` (about to be played in ``state``) and follow its cards."""
        kind, a, b = action
        seat, turn = state.current_seat, state.turn_number
        cards = self.cards
        if kind == CARD:
            card = cards[a][-1]
            self.tally.card_moves += 1
            earlier = self.card_moves.get(card)
            if earlier is not None and earlier[0] == seat and (earlier[1], earlier[2]) == (b, a):
                self._count("card", earlier[3], state, f"seed {seed} turn {turn}: card {b} {a} {b}")
            self.card_moves[card] = (seat, a, b, turn)
            cards[b].append(cards[a].pop())
        elif kind == RAPTOR:
            self.tally.raptor_moves += 1
            earlier_raptor = self.raptor_moves.get(a)
            here = state.posts[a]
            if earlier_raptor is not None and earlier_raptor[:2] == (b, here):
                self._count("raptor", earlier_raptor[2], state, f"seed {seed} turn {turn}: raptor {a} {b}-{here}-{b}")
            self.raptor_moves[a] = (here, b, turn)
        elif kind == CAPTURE:
            cards[state.posts[a]].pop()
        elif kind == FLIP:
            cards[a].reverse()
        elif kind == SEAL:
            cards[a].pop()
        elif kind == TIDY:
            cards[a] = cards[a][-TIDY_LENGTH:] + cards[a][:-TIDY_LENGTH]

    def _count(self, what: str, earlier_turn: int, state: FredericusState, example: str) -> None:
        turn = state.turn_number
        if earlier_turn == turn:
            window = SAME_TURN
        elif turn - earlier_turn <= state.players:
            window = LAST_ROUND
        else:
            return
        key = (what, window)
        self.tally.reversals[key] = self.tally.reversals.get(key, 0) + 1
        self.tally.examples.append(f"{example} ({window})")


def play_counting(players: int, level: str, seed: int) -> Tally:
    """One game of ``level`` in every seat, dealt from ``seed``, with its reversals counted."""
    makers = level_makers(game_spec(GAME).knowledge().evaluate, clock=time.process_time)
    state = game_spec(GAME).new_state({"short_game": False}, (True,) * players, seed)
    assert isinstance(state, FredericusState)
    bots = {seat: makers[level]() for seat in state.seats}
    rngs = [seat_rng(seed, seat) for seat in range(players)]
    watch = ReversalWatch(state)
    for _ in range(MAX_DECISIONS):
        if state.is_terminal():
            return watch.tally
        seat = state.current_seat
        action = cast(Action, bots[seat].choose(SeatView(state), rngs[seat]))
        watch.see(state, action, seed)
        state.apply(action)
    raise RuntimeError(f"the game of seed {seed} did not end within {MAX_DECISIONS} decisions")


def _play(job: tuple[int, str, int]) -> Tally:
    return play_counting(*job)


def measure(players: int, level: str, games: int, seed: int, jobs: int,
            report: Callable[[int, Tally], None] | None = None) -> Tally:
    """The reversals of ``games`` games, game *i* dealt from ``seed + i``, played in ``jobs`` processes;
    ``report`` is told each game's seed and counts as it ends, in seed order."""
    work = [(players, level, seed + index) for index in range(games)]
    total = Tally()
    with contextlib.ExitStack() as stack:
        if jobs <= 1:
            tallies: Iterable[Tally] = map(_play, work)
        else:
            start_resource_tracker()
            pool = stack.enter_context(multiprocessing.get_context("spawn").Pool(jobs, initializer=prepare_worker))
            tallies = pool.imap(_play, work)
        for (_players, _level, game_seed), tally in zip(work, tallies):
            if report is not None:
                report(game_seed, tally)
            total.add(tally)
    return total


def game_line(seed: int, tally: Tally) -> str:
    """One game's counts, so that a run cut short still tells what it measured."""
    reversals = " ".join(f"{what} {window}: {count}" for (what, window), count in sorted(tally.reversals.items()))
    return f"seed {seed}: {tally.card_moves} card moves, {tally.raptor_moves} raptor moves; {reversals or 'none'}"


def table(tally: Tally) -> str:
    """The counts as a Markdown table: each kind of reversal, and per 100 moves of its kind."""
    lines = ["| reversal | same turn | last round | all | per 100 moves |", "|---|---|---|---|---|"]
    for what, moves in (("card", tally.card_moves), ("raptor", tally.raptor_moves)):
        same = tally.reversals.get((what, SAME_TURN), 0)
        last = tally.reversals.get((what, LAST_ROUND), 0)
        rate = 100 * (same + last) / moves if moves else 0.0
        lines.append(f"| {what} ({moves} moves) | {same} | {last} | {same + last} | {rate:.2f} |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m devtools.fredericus.dithering", description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--level", default="normal", help="the level in every seat (default normal)")
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--examples", action="store_true", help="list every reversal found")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    tally = measure(args.players, args.level, args.games, args.seed, args.jobs,
                    lambda seed, game: print(game_line(seed, game), flush=True))
    print(f"Fredericus {args.players}p, {args.level} in every seat, {tally.games} games from seed {args.seed} "
          f"({time.perf_counter() - started:.0f} s)")
    print(table(tally))
    if args.examples:
        print("\n".join(tally.examples))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
