"""Setting up Fredericus games from a seat specification: which bot plays each falconer."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.ai.levels import level_makers
from game.core.bots import Bot
from game.core.errors import SeatSpecError
from game.core.protocol import GameState, Seat
from game.core.seats import parse_seat_spec
from game.fredericus.heuristics import evaluate
from game.fredericus.seating import players_problem, seats_problem
from game.fredericus.state import FredericusState

BOT_MAKERS: dict[str, Callable[[], Bot]] = level_makers(evaluate)


def bots_from_spec(
    spec: str, players: int, makers: dict[str, Callable[[], Bot]] | None = None
) -> dict[Seat, Bot]:
    """One bot per falconer seat (0 Red, 1 Blue, 2 Green, 3 Yellow); an empty spec makes them all random."""
    makers = makers or BOT_MAKERS
    if problem := players_problem(players):
        raise SeatSpecError(problem)
    names = parse_seat_spec(spec or ",".join(["random"] * players), players, makers)
    if problem := seats_problem([name is not None for name in names]):
        raise SeatSpecError(problem)
    return {seat: makers[name]() for seat, name in enumerate(names) if name is not None}


def game_factory(players: int, short_game: bool) -> Callable[[int], FredericusState]:
    """A function making a new game for a given seed."""
    return lambda seed: FredericusState.new_game(players, seed, short_game=short_game)


def scores(state: GameState[Any]) -> list[float]:
    """Points per seat index (R-8), for simulation summaries."""
    assert isinstance(state, FredericusState)
    return [float(points) for points in state.scores()]
