"""F-4.2: a game with one police car always uses the Port car. Set-ups (the seat screen, the command line)
move a lone police seat there and say so; the rules core refuses any other one-car game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from game.falconi.constants import POLICE, PORT

Plan = TypeVar("Plan")


def lone_police_at_port(
    seats: Sequence[Plan], is_off: Callable[[Plan], bool], off: Plan
) -> tuple[list[Plan], int | None]:
    """``seats`` (Don Falconi, Country, Port, Forest) with a lone police seat moved to Port, and the seat it
    was moved from (``None`` when nothing moved)."""
    result = list(seats)
    filled = [seat for seat in POLICE if not is_off(result[seat])]
    if len(filled) != 1 or filled[0] == PORT:
        return result, None
    (seat,) = filled
    result[PORT], result[seat] = result[seat], off
    return result, seat


def moved_to_port_note(seat: int) -> str:
    """What the command line says when it moved a lone police seat to Port."""
    return (f"one police car plays from the Port station, opposite the prison (F-4.2): seat {seat + 1}'s player "
            "drives the Port car (seat 3)")
