"""A cheap position value for the ``GreedyBot``: points now, plus captures within reach, minus the best rival.

It reads only what the seat may know (R-10): its own objectives and the public board, never the other hands
or the deck, so it judges a determinized copy exactly as it would judge the real game.
"""

from __future__ import annotations

from typing import cast

from game.core.protocol import GameState, Seat
from game.fredericus.actions import CENTRE
from game.fredericus.cards import KINDS, SKY, TOWERS, TREE
from game.fredericus.scoring import FREDERICUS_POINTS, score
from game.fredericus.state import FredericusState

CAPTURE_IN_REACH = 0.6  # a creature one of our raptors could take now is worth most of a point
NEW_PAIR_IN_REACH = 1.2  # …and more when it completes a pair with one of our objectives
CENTRE_BET = 0.5  # a token on the courtyard centre is an objective next turn, unless someone captures
HOODED = 0.4  # a hooded raptor loses its next turn's hunting
RIVAL_WEIGHT = 0.3


def evaluate(game: GameState, seat: Seat) -> float:
    """Higher is better for ``seat``. Typed for ``GreedyBot``, which hands over the Fredericus state it plays."""
    state = cast(FredericusState, game)
    creatures = state.creatures[seat]
    objectives = state.hands[seat]
    value = float(score(creatures, objectives, state.fredericus_holder == seat))
    ends = [row[-1] if row else -1 for row in state.rows]
    my_turn = state.current_seat == seat
    for raptor in (2 * seat, 2 * seat + 1):
        if state.hooded >> raptor & 1:
            value -= HOODED
            continue
        if my_turn and state.captured >> raptor & 1:
            continue
        post = state.posts[raptor]
        kind = ends[post]
        if 0 <= kind < KINDS and _hunts(raptor, ends[post - 1], ends[(post + 1) % TOWERS]):
            value += NEW_PAIR_IN_REACH if objectives[kind] > creatures[kind] else CAPTURE_IN_REACH
    if CENTRE in state.tokens_of(seat):
        value += CENTRE_BET
    rivals = [_public_points(state, other) for other in range(state.players) if other != seat]
    return value - RIVAL_WEIGHT * max(rivals)


def _hunts(raptor: int, left: int, right: int) -> bool:
    """R-4.1 / R-4.2: the end conditions for the falcon (two skies) or the goshawk (a sky and a tree)."""
    if raptor & 1:
        return (left, right) in ((SKY, TREE), (TREE, SKY))
    return left == SKY and right == SKY


def _public_points(state: FredericusState, seat: Seat) -> int:
    """What anyone can count of a player's score: creatures, hand size and Fredericus, no pairs."""
    fredericus = FREDERICUS_POINTS if state.fredericus_holder == seat else 0
    return sum(state.creatures[seat]) + sum(state.hands[seat]) + fredericus
