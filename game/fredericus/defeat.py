"""The one Fredericus move that can end the game against its maker, so that the window can ask before it is played.

A hunt ends only when the round in which its end was triggered is complete (R-7.2): as the last falconer in the turn
order ends their turn after the trigger. No other move ends it. Capturing an eighth creature or drawing Fredericus
triggers the end, yet every falconer after still plays (R-7.2); a deck keeper's discard that turns up Fredericus ends
it too, but by chance from a deck nobody may see (R-7.1), so no move can be known to.

That End turn loses the game for certain when the falconer's own points (they know their objectives) are fewer than
another's as anyone can count them: creatures, objectives and Fredericus, without the secret pairs, which only add
(R-8.1, R-8.2, R-10). A tie would go to the one ending it, who played last (R-8.3). Where End turn is not their only
legal move (a free capture, flip or tidy, R-3.3, or a flip's extra actions, R-6.2), it may be a slip worth a question.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.message import Message
from game.core.protocol import Seat
from game.fredericus.actions import END_TURN, Action

if TYPE_CHECKING:
    from game.fredericus.state import FredericusState


def self_defeat(state: FredericusState, action: Action, allies: frozenset[Seat]) -> Message | None:
    """What ending the turn brings on the falconer deciding now, when it ends the game and they are behind for
    certain; ``allies`` are the other falconers the same person plays (the best of them counts)."""
    seat = state.current_seat
    if action != END_TURN or state.trigger is None or seat != state.seats[-1]:
        return None  # the round goes on: the game does not end here
    legal = state.legal_actions()
    if action not in legal or len(legal) == 1:
        return None
    ours = {seat} | allies
    points = state.scores()
    mine = max(points[own] for own in ours)  # their own objectives: they know them
    others = [(state.public_points(other), other) for other in state.seats if other not in ours]
    if not others:
        return None
    theirs, leader = max(others)
    if mine >= theirs:
        return None
    return Message.of("fredericus.loss.behind", leader=f"@seat.fredericus.{leader}", theirs=theirs, mine=mine)
