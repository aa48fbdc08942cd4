"""Catch Don Falconi's seat rules, in one place: four seats (Don Falconi, then the Country, Port and Forest police
cars), a police car may be left out but Don Falconi may not, and a game with one police car always uses the Port
car (F-4.2). The rules core, the game's spec, its save reader, its board's seat set-up and the command line all
ask here. The command line moves a lone police seat to the Port and says so; the seat screen offers no choice
that would leave one elsewhere, and says why."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from enum import Enum
from typing import TypeVar

from game.core.protocol import Seat
from game.falconi.constants import FUGITIVE, POLICE, PORT

SEAT_COUNT = 4
Plan = TypeVar("Plan")


class SeatsProblem(Enum):
    """Why no game can be played with these seats; the value is the sentence a command line or a save says."""

    COUNT = "Falconi has four seats: Don Falconi and three police cars"
    NO_FUGITIVE = "Don Falconi's seat cannot be empty"
    NO_POLICE = "at least one police car must be in play"
    LONE_POLICE_AWAY_FROM_PORT = "a game with one police car uses the Port car, opposite the prison (F-4.2)"


def may_be_off(seat: Seat) -> bool:
    """Whether a set-up may leave ``seat`` empty: a police car nobody drives stays in its station."""
    return seat in POLICE


def police_problem(police: Collection[Seat]) -> SeatsProblem | None:
    """What is wrong with playing with these police cars (F-4.2), or ``None``."""
    if not police:
        return SeatsProblem.NO_POLICE
    if len(police) == 1 and PORT not in police:
        return SeatsProblem.LONE_POLICE_AWAY_FROM_PORT
    return None


def seats_problem(in_play: Sequence[bool]) -> SeatsProblem | None:
    """What is wrong with a set-up whose seats are in play (``True``) or empty, or ``None``."""
    if len(in_play) != SEAT_COUNT:
        return SeatsProblem.COUNT
    if not in_play[FUGITIVE]:
        return SeatsProblem.NO_FUGITIVE
    return police_problem([seat for seat in POLICE if in_play[seat]])


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
