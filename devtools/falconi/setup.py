"""Setting up Falconi games from a seat specification, for the command line's simulations and the benchmarks:
who drives which car, and which cars are in play."""

from __future__ import annotations

from collections.abc import Callable

from game.ai.levels import level_makers
from game.core.bots import Bot
from game.core.errors import SeatSpecError
from game.core.protocol import Seat
from game.core.seats import parse_seat_spec
from game.falconi.heuristics import evaluate
from game.falconi.seating import SEAT_COUNT, lone_police_at_port, moved_to_port_note, seats_problem
from game.falconi.state import FalconiState
from game.falconi.variants import find_variant

BOT_MAKERS: dict[str, Callable[[], Bot]] = level_makers(evaluate)


def bots_from_spec(
    spec: str, makers: dict[str, Callable[[], Bot]] | None = None, notes: list[str] | None = None
) -> dict[Seat, Bot]:
    """Seats in the order Don Falconi, Country, Port, Forest police; ``off`` leaves a police car out. A lone
    police car plays from the Port (F-4.2): it is moved there, with a sentence in ``notes`` saying so."""
    makers = makers or BOT_MAKERS
    names, moved = lone_police_at_port(parse_seat_spec(spec, SEAT_COUNT, makers), lambda name: name is None, None)
    if problem := seats_problem([name is not None for name in names]):
        raise SeatSpecError(problem.value)
    if moved is not None and notes is not None:
        notes.append(moved_to_port_note(moved))
    return {seat: makers[name]() for seat, name in enumerate(names) if name is not None}


def game_factory(variant: str, police: tuple[Seat, ...]) -> Callable[[int], FalconiState]:
    """A function making a new game of ``variant`` with these police cars for a given seed."""
    chosen = find_variant(variant)
    return lambda seed: FalconiState.new_game(chosen, seed, police)
