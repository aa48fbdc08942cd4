"""Seat specifications such as ``random,greedy,random,off``: who or what sits in each seat."""

from __future__ import annotations

from collections.abc import Iterable

from game.core.errors import SeatSpecError

OFF = "off"


def parse_seat_spec(spec: str, seat_count: int, known: Iterable[str]) -> list[str | None]:
    """Read one controller name per seat; ``off`` (an empty seat) becomes ``None``.

    A spec with fewer names than seats leaves the remaining seats off.
    """
    names = [part.strip().lower() for part in spec.split(",")] if spec.strip() else []
    if len(names) > seat_count:
        raise SeatSpecError(f"{len(names)} seats named, but this game has only {seat_count}")
    allowed = set(known)
    result: list[str | None] = []
    for index, name in enumerate(names):
        if name in (OFF, "", "none", "empty"):
            result.append(None)
        elif name in allowed:
            result.append(name)
        else:
            choices = ", ".join(sorted(allowed | {OFF}))
            raise SeatSpecError(f"seat {index + 1}: unknown player {name!r} (choose from {choices})")
    result.extend([None] * (seat_count - len(result)))
    return result
