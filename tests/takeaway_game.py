"""A tiny game for the registry's tests: take one or two stones in turn; whoever takes the last one wins. It
speaks the whole state protocol in a few lines, so tests can register it as a third game."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.core.errors import GameError, IllegalActionError
from game.core.gamespec import GameSpec
from game.core.jsonio import field
from game.core.knowledge import GameKnowledge
from game.core.message import Message
from game.core.options import OptionValue
from game.core.protocol import NO_SEAT, GameState, Outcome, Seat


class TakeAway(GameState[int]):
    """Take one or two stones in turn; whoever takes the last one wins."""

    game_name = "takeaway"

    def __init__(self, stones: int, seats: int = 2, turn: int = 0, taken: int = 0) -> None:
        self.stones, self.players, self.turn, self.taken = stones, seats, turn, taken

    current_seat = property(lambda self: self.turn if self.stones else NO_SEAT)
    seats = property(lambda self: tuple(range(self.players)))
    turn_number = property(lambda self: self.taken + 1)

    def seat_name(self, seat: Seat) -> str:
        return f"Player {seat + 1}"

    def side_of(self, seat: Seat) -> str:
        return "player"

    def legal_actions(self) -> Sequence[int]:
        return [take for take in (1, 2) if take <= self.stones]

    def apply(self, action: int) -> None:
        if action not in self.legal_actions():
            raise IllegalActionError(f"cannot take {action}")
        self.stones, self.taken = self.stones - action, self.taken + 1
        self.turn = (self.turn + 1) % self.players if self.stones else self.turn

    @property
    def outcome(self) -> Outcome | None:
        return None if self.stones else Outcome("last_stone", frozenset({self.turn}), "took the last stone")

    def seat_count(self) -> int:
        return self.players

    def clone(self) -> TakeAway:
        return type(self)(self.stones, self.players, self.turn, self.taken)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TakeAway) and vars(self) == vars(other)

    __hash__ = None  # type: ignore[assignment]  # mutable

    def observation(self, seat: Seat) -> dict[str, Any]:
        return self.to_json()

    def determinize(self, seat: Seat, rng: random.Random) -> TakeAway:
        return self.clone()

    def to_json(self) -> dict[str, Any]:
        return {"stones": self.stones, "seats": self.players, "turn": self.turn, "taken": self.taken}

    @classmethod
    def from_json(cls, data: Any) -> TakeAway:
        return cls(data["stones"], data["seats"], data["turn"], data["taken"])

    def action_text(self, action: int) -> str:
        return str(action)

    def parse_action(self, text: str) -> int:
        return int(text)

    def hidden_supply(self) -> int:
        return 0

    def narrate(self, action: int) -> Message:
        return Message.of("log.takeaway.take", count=action)


def worth(state: GameState[Any]) -> list[float]:
    outcome = state.outcome
    return [1.0 if outcome and seat in outcome.winners else 0.0 for seat in range(state.seat_count())]


@dataclass(frozen=True)
class TakeAwayOptions:
    """The game's one option, as a new game declares its own: the stones on the table (before the seed adds a
    few)."""

    stones: int = 7

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TakeAwayOptions:
        return cls(field(data, "stones", int, "match set-up"))

    def to_json(self) -> dict[str, OptionValue]:
        return {"stones": self.stones}


def new_takeaway(options: TakeAwayOptions, in_play: Sequence[bool], seed: int) -> TakeAway:
    return TakeAway(options.stones + seed % 3, len(in_play))


def check_seats(in_play: Sequence[bool]) -> None:
    if len(in_play) < 2 or not all(in_play):
        raise GameError("take-away needs two or more players")


def guess(state: GameState[Any]) -> list[float]:
    return [0.5] * state.seat_count()


TAKEAWAY: GameSpec[TakeAwayOptions] = GameSpec(
    name="takeaway", title="Take-away", options_type=TakeAwayOptions, check_seats=check_seats, new_state=new_takeaway,
    state_from_json=TakeAway.from_json,
    knowledge=lambda: GameKnowledge(worth, guess, lambda: guess, lambda state, seat: 0.0, lambda state: 10, 0),
    roles=("player",), role_of=lambda seat: "player", record_variants=("any",), record_variant=lambda o, s: "any",
)
