"""A cheap position value for the ``GreedyBot``: points now, plus captures within reach, minus the best rival.

It reads only what the seat may know (R-10): its own objectives and the public board, never the other hands
or the deck, so it judges a determinized copy exactly as it would judge the real game.
"""

from __future__ import annotations

import math
from typing import Any, cast

from game.core.protocol import GameState, Seat
from game.fredericus.actions import CENTRE, Action
from game.fredericus.cards import KINDS, SKY, TOWERS, TREE
from game.fredericus.recent import takes_back
from game.fredericus.scoring import score
from game.fredericus.state import FredericusState

CAPTURE_IN_REACH = 0.6  # a creature one of our raptors could take now is worth most of a point
NEW_PAIR_IN_REACH = 1.2  # …and more when it completes a pair with one of our objectives
CENTRE_BET = 0.5  # a token on the courtyard centre is an objective next turn, unless someone captures
HOODED = 0.4  # a hooded raptor loses its next turn's hunting
RIVAL_WEIGHT = 0.3


def evaluate(game: GameState[Any], seat: Seat) -> float:
    """Higher is better for ``seat``. Typed for ``GreedyBot``, which hands over the Fredericus state it plays."""
    state = cast(FredericusState, game)
    creatures = state._creatures[seat]
    objectives = state._hands[seat]
    value = float(score(creatures, objectives, state._fredericus_holder == seat))
    ends = [row[-1] if row else -1 for row in state._rows]
    my_turn = state.current_seat == seat
    for raptor in (2 * seat, 2 * seat + 1):
        if state._hooded >> raptor & 1:
            value -= HOODED
            continue
        if my_turn and state._captured >> raptor & 1:
            continue
        post = state._posts[raptor]
        kind = ends[post]
        if 0 <= kind < KINDS and _hunts(raptor, ends[post - 1], ends[(post + 1) % TOWERS]):
            value += NEW_PAIR_IN_REACH if objectives[kind] > creatures[kind] else CAPTURE_IN_REACH
    if CENTRE in state.tokens_of(seat):
        value += CENTRE_BET
    rivals = [state.public_points(other) for other in range(state._players) if other != seat]
    return value - RIVAL_WEIGHT * max(rivals)


def _hunts(raptor: int, left: int, right: int) -> bool:
    """R-4.1 / R-4.2: the end conditions for the falcon (two skies) or the goshawk (a sky and a tree)."""
    if raptor & 1:
        return (left, right) in ((SKY, TREE), (TREE, SKY))
    return left == SKY and right == SKY



# --- search utilities ---------------------------------------------------------------------------------
WIN_SHARE = 0.8  # the rest of a finished game's worth is the share of the best score, to prefer big wins


def utilities(game: GameState[Any]) -> list[float]:
    """What a finished game is worth to each seat index, between 0 and 1."""
    state = cast(FredericusState, game)
    assert state.outcome is not None
    points = state.scores()
    best = max(max(points), 1)
    return [WIN_SHARE * (seat in state.outcome.winners) + (1 - WIN_SHARE) * points[seat] / best
            for seat in range(state._players)]


def rollout_depth(game: GameState[Any]) -> int:
    """About two turns of random play before the value guess."""
    return 8


def values(game: GameState[Any]) -> list[float]:
    """A quick guess of :func:`utilities` for an unfinished game: each seat's :func:`evaluate` against the
    best rival's, squashed to 0..1."""
    state = cast(FredericusState, game)
    own = [evaluate(state, seat) + RIVAL_WEIGHT * max(_rival_points(state, seat)) for seat in range(state._players)]
    result = []
    for seat in range(state._players):
        lead = own[seat] - max(own[other] for other in range(state._players) if other != seat)
        result.append(1.0 / (1.0 + math.exp(-lead / 3.0)))
    return result


def pointless(game: GameState[Any], action: Any) -> bool:
    """A move that takes back the falconer's own move of this turn or of its last one, unless the value guess
    after it is better than after every other choice (issue 38). Most moves of a turn leave the value guess
    where it was, so the search's choice among them is noise, and a move and its undoing came one after the
    other: a card moved from row 0 to row 7 and straight back, a hint that undid the move it had just given.
    """
    state = cast(FredericusState, game)
    seat = state.current_seat
    recent, rows = state._recent[seat], state._rows
    if not takes_back(recent, rows, action):
        return False
    others = [other for other in state.legal_actions() if not takes_back(recent, rows, other)]
    if not others:
        return False
    return _value_after(state, action, seat) <= max(_value_after(state, other, seat) for other in others)


def _value_after(state: FredericusState, action: Action, seat: Seat) -> float:
    after = state.clone()
    after.apply(action)
    return values(after)[seat]


def _rival_points(state: FredericusState, seat: Seat) -> list[int]:
    return [state.public_points(other) for other in range(state._players) if other != seat]
