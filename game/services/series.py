"""A series of games among the people at the screen, in a game whose spec names a seat that goes round
(``GameSpec.series_seat``; Falconi's F-8: Don Falconi's): that seat passes round so everyone plays it once, with a
running score of games won per person.

The series is kept as the list of its games; the games played and the wins per person are counted from that
list, so a saved series can never disagree with itself.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from game.core.errors import StateFormatError
from game.core.jsonio import field as json_field
from game.core.jsonio import int_list

if TYPE_CHECKING:
    from game.services.match import Match, MatchSetup



@dataclass(frozen=True)
class GameResult:
    """One finished game: the person who played the seat that goes round (``None`` when nobody did: an AI),
    the people who won, and how it ended. Saves call that person "fugitive", as in Falconi, the first game with a
    series."""

    round_seat_person: int | None
    winners: tuple[int, ...]
    termination: str

    def to_json(self) -> dict[str, Any]:
        return {"fugitive": self.round_seat_person, "winners": list(self.winners), "termination": self.termination}

    @staticmethod
    def from_json(data: Any, people: int) -> GameResult:
        where = "series game"
        if not isinstance(data, dict):
            raise StateFormatError(f"every {where} must be an object")
        person = data.get("fugitive", "missing")
        if person is not None and (not isinstance(person, int) or isinstance(person, bool)):
            raise StateFormatError(f"the {where} field 'fugitive' must be a person's number or null")
        winners = int_list(data, "winners", where)
        termination = json_field(data, "termination", str, where)
        named = winners + ([] if person is None else [person])
        if not all(0 <= someone < people for someone in named):
            raise StateFormatError(f"a {where} names a person who is not at the screen (there are {people})")
        if len(set(winners)) != len(winners):
            raise StateFormatError(f"a {where} names a winner twice")
        return GameResult(person, tuple(winners), termination)


@dataclass
class Series:
    """The games of a series so far among ``people`` people (indices into the set-up's people)."""

    people: int
    history: list[GameResult] = field(default_factory=list)

    @staticmethod
    def start(setup: MatchSetup) -> Series:
        return Series(len(setup.people))

    @property
    def games(self) -> int:
        return len(self.history)

    @property
    def wins(self) -> list[int]:
        """Games won per person: every person with a winning seat scores one."""
        return [sum(person in game.winners for game in self.history) for person in range(self.people)]

    def record(self, match: Match) -> None:
        """Count a finished game (a game still going is not counted)."""
        outcome = match.state.outcome
        if outcome is None:
            return
        setup = match.setup
        winners = {person for seat in outcome.winners if (person := setup.person_of(seat)) is not None}
        seat = setup.spec.series_seat
        person = setup.person_of(seat) if seat is not None else None
        self.history.append(GameResult(person, tuple(sorted(winners)), outcome.termination))

    @property
    def is_complete(self) -> bool:
        """Everyone has played the seat that goes round once: the series is over."""
        played = {game.round_seat_person for game in self.history}
        return self.people > 1 and played >= set(range(self.people))

    def leaders(self) -> list[int]:
        """The people with the most wins (several when they are level)."""
        wins = self.wins
        return [person for person, count in enumerate(wins) if count == max(wins)]

    def to_json(self) -> dict[str, Any]:
        return {"history": [game.to_json() for game in self.history]}

    @staticmethod
    def from_json(data: Any, people: int) -> Series:
        """The saved series of a set-up with ``people`` people; ``StateFormatError`` says what is wrong."""
        if not isinstance(data, dict):
            raise StateFormatError("the series must be an object")
        history = json_field(data, "history", list, "series")
        return Series(people, [GameResult.from_json(game, people) for game in history])


def plays_as_series(setup: MatchSetup) -> bool:
    """Only a game with a seat that goes round (``GameSpec.series_seat``), played by one of several people, can be
    played as a series."""
    seat = setup.spec.series_seat
    return seat is not None and len(setup.people) > 1 and setup.seats[seat].kind == "person"


def next_in_series(setup: MatchSetup, seed: int | None = None) -> MatchSetup:
    """The next game: every person's seats pass to the next person, so the seat that goes round (Don Falconi's,
    F-8) does so in the order of the people; AI and empty seats stay as they are."""
    count = len(setup.people)
    seats = tuple(
        replace(plan, person=(plan.person + 1) % count) if plan.kind == "person" else plan for plan in setup.seats
    )
    return replace(setup, seats=seats, seed=_fresh(seed))


def rematch(setup: MatchSetup, seed: int | None = None) -> MatchSetup:
    """The same seats, people and options with a new seed: the same contest, a fresh deal."""
    return replace(setup, seed=_fresh(seed))


def _fresh(seed: int | None) -> int:
    return seed if seed is not None else random.SystemRandom().randrange(1, 10**6)
