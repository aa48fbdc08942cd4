"""What dithering is in Fredericus, for :mod:`devtools.dithering`: a falconer undoing its own move (issue 38).

A reversal is a move that puts a card or a raptor back where the same seat had just taken it from: a card
moved from row *a* to row *b* and then, still the end card of *b*, from *b* back to *a*; a raptor moved from
post *p* to *q* and then back to *p*. It is counted when the first move was in the same turn, or in the
seat's turn of the last round (its previous turn). Nothing of the position has to be the same for it to
count: a reversal after an opponent changed the board may be good play, so the counts are an upper bound on
dithering, compared before and after a change of the AI with the same seeds. The card and raptor moves are
counted too, to give each count its rate.
"""

from __future__ import annotations

import argparse
from typing import Any

from devtools.dithering import Tally
from game.fredericus.actions import CAPTURE, CARD, FLIP, RAPTOR, SEAL, TIDY
from game.fredericus.options import FredericusOptions
from game.fredericus.rules import TIDY_LENGTH
from game.fredericus.seating import PLAYER_COUNTS
from game.fredericus.state import FredericusState
from game.registry import game_spec

SAME_TURN, LAST_ROUND = "same turn", "last round"
COLUMNS = {"card moves": "card moves", "raptor moves": "raptor moves",
           f"card {SAME_TURN}": f"card back {SAME_TURN}", f"card {LAST_ROUND}": f"card back {LAST_ROUND}",
           f"raptor {SAME_TURN}": f"raptor back {SAME_TURN}", f"raptor {LAST_ROUND}": f"raptor back {LAST_ROUND}"}


def add_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", type=int, default=4, choices=PLAYER_COUNTS)


def new_game(args: argparse.Namespace, seed: int) -> FredericusState:
    state = game_spec("fredericus").new_state(FredericusOptions(), (True,) * args.players, seed)
    assert isinstance(state, FredericusState)
    return state


def watch(state: Any) -> ReversalWatch:
    assert isinstance(state, FredericusState)
    return ReversalWatch(state)


class ReversalWatch(Tally):
    """Follows every card by an identity of its own (the state knows only kinds), and each seat's moves."""

    def __init__(self, state: FredericusState) -> None:
        super().__init__(COLUMNS)
        serial = iter(range(1_000))
        self.cards = [[next(serial) for _ in row] for row in state.rows()]
        self.card_moves: dict[int, tuple[int, int, int, int]] = {}  # card -> (seat, from, to, turn)
        self.raptor_moves: dict[int, tuple[int, int, int]] = {}  # raptor -> (from, to, turn)

    def see(self, before: Any, action: Any, after: Any) -> None:
        """Count ``action`` (played in ``before``) and follow its cards."""
        assert isinstance(before, FredericusState)
        kind, a, b = action
        seat, turn = before.current_seat, before.turn_number
        cards = self.cards
        if kind == CARD:
            card = cards[a][-1]
            self.found["card moves"] += 1
            earlier = self.card_moves.get(card)
            if earlier is not None and earlier[0] == seat and (earlier[1], earlier[2]) == (b, a):
                self._count("card", earlier[3], before, f"turn {turn}: card {b} {a} {b}")
            self.card_moves[card] = (seat, a, b, turn)
            cards[b].append(cards[a].pop())
        elif kind == RAPTOR:
            self.found["raptor moves"] += 1
            earlier_raptor = self.raptor_moves.get(a)
            here = before.post_of(a)
            if earlier_raptor is not None and earlier_raptor[:2] == (b, here):
                self._count("raptor", earlier_raptor[2], before, f"turn {turn}: raptor {a} {b}-{here}-{b}")
            self.raptor_moves[a] = (here, b, turn)
        elif kind == CAPTURE:
            cards[before.post_of(a)].pop()
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
        self.count(f"{what} {window}", f"{example} ({window})")
