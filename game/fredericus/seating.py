"""Fredericus's seat rules, in one place: two, three or four falconers, and no seat left empty. The rules core,
the game's spec, its save reader and the command line all ask here."""

from __future__ import annotations

from collections.abc import Sequence

PLAYER_COUNTS = (2, 3, 4)


def players_problem(players: int) -> str | None:
    """The sentence saying why no game has ``players`` falconers, or ``None``."""
    return None if players in PLAYER_COUNTS else f"Fredericus is played by 2, 3 or 4 falconers, not {players}"


def seats_problem(in_play: Sequence[bool]) -> str | None:
    """The sentence saying why no game has these seats, in play (``True``) or empty, or ``None``."""
    if not all(in_play):
        return "every falconer seat needs a player: Fredericus has no empty seats"
    return players_problem(len(in_play))


def seat_count(asked: int | None, named: int) -> int:
    """The command line's number of falconers: as many as asked for, or as seats named (two at least)."""
    return asked or max(PLAYER_COUNTS[0], named)
