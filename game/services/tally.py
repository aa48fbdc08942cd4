"""One line of the statistics: games played and won, the winning streaks and the best score.

Streaks and scores are kept since version 3 of the record. A line of an older record keeps its counts and says
how many of its games are ``older``: their order and scores were never kept, so nothing about them is made up.
Its streaks count the games since: the current one is "open" (it may run on into the older games) until the
next game lost, and the best one is the least the true best can be (:meth:`Tally.streak_floor`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core.errors import StateFormatError
from game.core.jsonio import field as json_field

# The most games a line counts: a game every ten minutes, day and night, for nineteen years. A stored count
# beyond it is damage, not play (a count of 4,300 digits cannot even be printed), and a line counted up to it
# stays there, so every record the game writes it reads back.
MOST_GAMES = 1_000_000


def better(kept: int | None, score: int | None, lowest: bool) -> int | None:
    """The better of two scores (``None``: none), the lowest one when ``lowest``."""
    if kept is None or score is None:
        return score if kept is None else kept
    return min(kept, score) if lowest else max(kept, score)


@dataclass(frozen=True)
class Tally:
    """A line's games: ``streak`` is the current run of wins counted in order, ``best_streak`` the longest,
    ``best`` the best score (``None``: none yet), ``older`` the games counted before the record kept streaks and
    scores, and ``streak_open`` says the current run may go on into them (no game lost since)."""

    played: int = 0
    won: int = 0
    streak: int = 0
    best_streak: int = 0
    best: int | None = None
    older: int = 0
    streak_open: bool = False

    @staticmethod
    def of_old_record(played: int, won: int) -> Tally:
        """A line of a record of version 1 or 2: its counts as they were, its streaks and best unknown."""
        return Tally(played, won, older=played, streak_open=played > 0)

    def plus(self, other: Tally, lowest: bool = False) -> Tally:
        """Two lines as one (a game's total, a name's two spellings): their games in an order nobody kept, so the
        current streak is known only when one of them has no game; the best streak is the longer one."""
        if not self.played or not other.played:
            streak, is_open = (other.streak, other.streak_open) if not self.played else (self.streak, self.streak_open)
        else:
            streak, is_open = 0, True
        return Tally(self.played + other.played, self.won + other.won, streak,
                     max(self.best_streak, other.best_streak), better(self.best, other.best, lowest),
                     self.older + other.older, is_open)

    @property
    def win_percent(self) -> int:
        """Games won in a hundred, rounded (0 before any game)."""
        return round(100 * self.won / self.played) if self.played else 0

    def streak_floor(self, best: bool) -> tuple[int, bool] | None:
        """The current streak (the ``best`` one) and whether it is only the least it can be, games whose order
        nobody kept possibly adding to it; ``None`` when nothing is known of it (no win counted since)."""
        streak, unsure = (self.best_streak, self.older > 0) if best else (self.streak, self.streak_open)
        if unsure and not streak:
            return None
        return streak, unsure

    def one_more(self, won: bool, score: int | None = None, lowest: bool = False) -> Tally:
        """The tally with one more game, its ``score`` kept if it is the best (the lowest when ``lowest``); a
        count at :data:`MOST_GAMES` counts no further."""
        streak = min(self.streak + 1, MOST_GAMES) if won else 0
        return Tally(min(self.played + 1, MOST_GAMES), min(self.won + int(won), MOST_GAMES), streak,
                     max(self.best_streak, streak), better(self.best, score, lowest), self.older,
                     self.streak_open and won)

    def to_json(self) -> dict[str, Any]:
        return {"played": self.played, "won": self.won, "streak": self.streak, "best_streak": self.best_streak,
                "best": self.best, "older": self.older, "streak_open": self.streak_open}


def tally_from_json(data: dict[str, Any], where: str, version: int) -> Tally:
    """A stored tally, checked (``StateFormatError`` says what is wrong); one of a record older than version 3
    has only its counts (:meth:`Tally.of_old_record`)."""
    played, won = (_count(data, name, where) for name in ("played", "won"))
    if won > played:
        raise StateFormatError(f"{won} games won out of {played} played")
    if version < 3:
        return Tally.of_old_record(played, won)
    streak, best_streak, older = (_count(data, name, where) for name in ("streak", "best_streak", "older"))
    best = None if data.get("best", 0) is None else _count(data, "best", where)
    streak_open: bool = json_field(data, "streak_open", bool, where)
    if older > played:
        raise StateFormatError(f"{older} older games out of {played} played")
    if not streak <= best_streak <= won:
        raise StateFormatError(f"streaks of {streak} and {best_streak} games with {won} won")
    if streak_open and not older:
        raise StateFormatError("a streak open on older games in a line with none")
    return Tally(played, won, streak, best_streak, best, older, streak_open)


def _count(data: dict[str, Any], name: str, where: str) -> int:
    """A stored whole number from 0 to :data:`MOST_GAMES` (a score too: no game scores beyond it)."""
    count: int = json_field(data, name, int, where)
    if not 0 <= count <= MOST_GAMES:
        raise StateFormatError(f"the count {name!r} is not a number of games from 0 to {MOST_GAMES}")
    return count
