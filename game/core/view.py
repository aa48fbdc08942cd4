"""What a bot is given: one seat's view of the game, never the game itself (F-9, R-10).

A ``SeatView`` offers the legal actions, the seat's observation, and ``sample(rng)``: a whole game state in
which everything the seat cannot see is dealt anew. A bot that looks ahead does so on samples, so it can only
profit from what its seat may know.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Generic

from game.core.errors import GameError
from game.core.protocol import A, GameState, Seat


class SeatView(Generic[A]):
    """The deciding seat's view of ``state``, typed by its game's actions ``A``; raises ``GameError`` for a
    finished game or another seat."""

    __slots__ = ("seat", "game_name", "legal_actions", "_state")

    def __init__(self, state: GameState[A], seat: Seat | None = None) -> None:
        if state.is_terminal():
            raise GameError("the game is over: there is no decision to take")
        deciding = state.current_seat
        if seat is not None and seat != deciding:
            raise GameError(
                f"it is not {state.seat_name(seat)}'s decision: {state.seat_name(deciding)} decides now"
            )
        self.seat: Seat = deciding
        self.game_name: str = state.game_name
        self.legal_actions: tuple[A, ...] = tuple(state.legal_actions())
        self._state = state

    def observation(self) -> Mapping[str, object]:
        return self._state.observation(self.seat)

    def sample(self, rng: random.Random) -> GameState[A]:
        """A full state consistent with this seat's observation (a determinization)."""
        return self._state.determinize(self.seat, rng)

    def action_text(self, action: A) -> str:
        return self._state.action_text(action)

    def seat_name(self, seat: Seat) -> str:
        return self._state.seat_name(seat)
