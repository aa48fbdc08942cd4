"""A series of Falconi games among the people at the screen: the fugitive's role passes round so everyone
plays Don Falconi once, with a running score of games won per person."""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from game.match import Match, MatchSetup, SeatPlan


@dataclass
class Series:
    """Games played and won per person (by their index in the set-up's people)."""

    wins: list[int]
    games: int = 0
    history: list[str] = field(default_factory=list)  # one line per game: who won

    @staticmethod
    def start(setup: MatchSetup) -> Series:
        return Series([0] * len(setup.people))

    def record(self, match: Match) -> None:
        """Count a finished game: every person with a winning seat scores one."""
        outcome = match.state.outcome
        if outcome is None:
            return
        self.games += 1
        winners = {match.setup.person_of(seat) for seat in outcome.winners} - {None}
        for person in winners:
            self.wins[person] += 1  # type: ignore[index]
        self.history.append(outcome.termination)

    def is_complete(self, setup: MatchSetup) -> bool:
        """Everyone has played Don Falconi once (a series of one game for a single person)."""
        return self.games >= len(setup.people)


def next_in_series(setup: MatchSetup, seed: int | None = None) -> MatchSetup:
    """The next game: every person moves on to the seats of the next person, so Don Falconi's seat passes
    round; AI and empty seats stay as they are."""
    count = len(setup.people)
    seats = tuple(
        SeatPlan.human((plan.person + count - 1) % count) if plan.kind == "person" else plan for plan in setup.seats
    )
    return replace(setup, seats=seats, seed=seed if seed is not None else random.SystemRandom().randrange(1, 10**6))


def rematch(setup: MatchSetup, seed: int | None = None) -> MatchSetup:
    """The same seats and options with a new seed."""
    return replace(setup, seed=seed if seed is not None else random.SystemRandom().randrange(1, 10**6))
