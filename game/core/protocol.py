"""The one protocol both games' states speak, so that bots, saves, simulations and scenes treat them alike.

Modelled on OpenSpiel's state API: whose decision it is, the legal actions, apply, terminal and returns,
a hand-written clone, and an observation per seat that shows only what that seat may know.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from game.core.message import Message
from game.i18n import FALLBACK, Translator

Seat = int
Action = Hashable  # what generic code (bots, the match, the window) knows of any game's actions
NO_SEAT: Seat = -1

S = TypeVar("S", bound="GameState[Any]")
A = TypeVar("A", bound=Hashable)  # one game's own action type
T = TypeVar("T", bound=str, covariant=True)  # one game's terminations (a ``Literal`` of the names saves write)


@dataclass(frozen=True)
class Outcome(Generic[T]):
    """How a game ended: a machine-readable termination (one of the game's, typed by it), the winning seats and
    a sentence for people."""

    termination: T
    winners: frozenset[Seat]
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {"termination": self.termination, "winners": sorted(self.winners), "reason": self.reason}


class GameState(ABC, Generic[A]):
    """A whole game position. Mutated only through :meth:`apply`; copied with :meth:`clone`. Generic in its
    game's action type, so that each game's state takes its own actions."""

    __slots__ = ()  # a state that declares its slots has no __dict__: a field written from outside fails loudly
    game_name: ClassVar[str]

    @property
    @abstractmethod
    def current_seat(self) -> Seat:
        """The seat that decides next, or ``NO_SEAT`` once the game is over."""

    @property
    @abstractmethod
    def seats(self) -> tuple[Seat, ...]:
        """The seats taking part in this game, in turn order."""

    @abstractmethod
    def seat_name(self, seat: Seat) -> str:
        """A short readable name for a seat ("Don Falconi", "Port police", "Blue falconer")."""

    @abstractmethod
    def side_of(self, seat: Seat) -> str:
        """The side a seat plays for, used to count wins per side in simulations."""

    @abstractmethod
    def legal_actions(self) -> Sequence[A]:
        """Every legal action for the current decision; empty exactly when the game is over."""

    @abstractmethod
    def apply(self, action: A) -> None:
        """Play one action. Raises ``IllegalActionError`` and leaves the state untouched if it is not legal."""

    def apply_legal(self, action: A) -> None:
        """Play ``action``, which the caller took from this very position's :meth:`legal_actions`: the search's
        hot loop, which only ever does. A game may skip its legality check here; the result is :meth:`apply`'s."""
        self.apply(action)

    def play_out(self, depth: int, choice: Callable[[Sequence[A]], A]) -> None:
        """Play up to ``depth`` actions, each ``choice(legal actions)``, stopping at the end of the game: the
        search's random play-out. A game may do it with fewer calls; the actions and draws are these."""
        while depth and not self.is_terminal():
            self.apply_legal(choice(self.legal_actions()))
            depth -= 1

    @property
    @abstractmethod
    def outcome(self) -> Outcome[str] | None:
        """How the game ended, or ``None`` while it goes on."""

    def is_terminal(self) -> bool:
        return self.outcome is not None

    def returns(self) -> list[float]:
        """+1 for each winning seat, -1 for each other seat in play, 0 while the game goes on."""
        result = [0.0] * self.seat_count()
        if self.outcome is None:
            return result
        for seat in self.seats:
            result[seat] = 1.0 if seat in self.outcome.winners else -1.0
        return result

    @abstractmethod
    def seat_count(self) -> int:
        """The number of seat indices (seats not in play included), for arrays indexed by seat."""

    @property
    @abstractmethod
    def turn_number(self) -> int:
        """How many turns have been started, counting from 1."""

    @property
    def round_number(self) -> int:
        """The round under way, counting from 1, for a game played in rounds (each seat a turn); the turn's
        number in a game that is not."""
        return self.turn_number

    @abstractmethod
    def clone(self: S) -> S:
        """An independent copy, written by hand for speed (no deepcopy)."""

    @abstractmethod
    def observation(self, seat: Seat) -> Mapping[str, object]:
        """The JSON-able view of the game that ``seat`` may see: hidden information is left out. Read-only, and
        typed per game by a ``TypedDict`` (``FredericusObservation``) that satisfies this mapping."""

    @abstractmethod
    def determinize(self: S, seat: Seat, rng: random.Random) -> S:
        """A full state consistent with ``observation(seat)``: what the seat cannot see is dealt anew.

        The result depends only on what the seat may see and on ``rng``, never on the hidden truth.
        """

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The whole state as versioned, JSON-able data; :meth:`from_json` restores it exactly."""

    @classmethod
    @abstractmethod
    def from_json(cls: type[S], data: Any) -> S:
        """Rebuild a state from :meth:`to_json` data, validating it (``StateFormatError`` if it is wrong)."""

    @abstractmethod
    def action_text(self, action: A) -> str:
        """The one-line text form of an action; :meth:`parse_action` reads it back."""

    @abstractmethod
    def parse_action(self, text: str) -> A:
        """Read an action's text form (``ActionFormatError`` if it cannot be read)."""

    @abstractmethod
    def hidden_supply(self) -> int:
        """How many cards or tiles still lie face down in draw piles. An action that changes it turned up
        chance, so the app cannot undo it."""

    @abstractmethod
    def narrate(self, action: A) -> Message:
        """The game log's entry for ``action``, said in the current state before the action is applied: a catalog
        key and its fields, which ``game.i18n.Translator.message`` puts into words in the player's language."""

    def aftermath(self, before: GameState[A], action: A) -> list[Message]:
        """What happened by itself when ``action`` was applied to ``before`` (a clone kept from before it) and led
        to this state: a car put out of the chase, a player blocked… The log tells these after the action's own
        sentence, so that nothing changes on the board untold. Only public facts; none by default."""
        return []

    def self_defeat(self, action: A, allies: frozenset[Seat] = frozenset()) -> Message | None:
        """What ``action`` brings on the seat deciding now when it loses them the game (ends it against them, or
        puts them out of it) and another legal action would not: a sentence the window asks them to confirm
        (no accidental loss). ``allies`` are the other seats the same person plays: no defeat while one of them
        may still win. Judged only from what the deciding seat may know. ``None`` where no move is such."""
        return None

    def describe(self, action: A) -> str:
        """The game log's sentence in English: :meth:`narrate` rendered from the English catalog."""
        return Translator(FALLBACK).message(self.narrate(action))
