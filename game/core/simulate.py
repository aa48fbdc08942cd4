"""Headless play: many games between bots, summarised as JSON-able figures."""

from __future__ import annotations

import random
import statistics
import traceback
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from game.core.bots import Bot
from game.core.protocol import GameState, Seat
from game.core.view import SeatView

# A game cannot be longer than this many decisions; a bigger count means a rules bug, reported as an error.
MAX_DECISIONS = 100_000


def play_game(state: GameState[Any], bots: Mapping[Seat, Bot], rng: random.Random) -> GameState[Any]:
    """Play ``state`` to the end, each decision taken by the bot of the deciding seat."""
    for _ in range(MAX_DECISIONS):
        if state.is_terminal():
            return state
        state.apply(bots[state.current_seat].choose(SeatView(state), rng))
    raise RuntimeError(f"game did not end within {MAX_DECISIONS} decisions")


def simulate(
    new_game: Callable[[int], GameState[Any]],
    bots: Mapping[Seat, Bot],
    games: int,
    seed: int,
    score: Callable[[GameState[Any]], list[float]] | None = None,
) -> dict[str, Any]:
    """Play ``games`` games, game *i* set up with seed ``seed + i``, and summarise them.

    ``score`` gives points indexed by seat for games that have them (mean score per seat is reported).
    """
    wins_by_seat: Counter[str] = Counter()
    wins_by_side: Counter[str] = Counter()
    endings: Counter[str] = Counter()
    turns: list[int] = []
    scores: dict[str, list[float]] = {}
    errors: list[str] = []
    seat_names: list[str] = []
    for index in range(games):
        game_seed = seed + index
        try:
            state = new_game(game_seed)
            seat_names = [state.seat_name(seat) for seat in state.seats]
            play_game(state, bots, random.Random(game_seed * 7919 + 1))
        except Exception as error:  # noqa: BLE001 — a simulation reports rules bugs, not just the first
            errors.append(f"seed {game_seed}: {type(error).__name__}: {error}\n{traceback.format_exc(limit=3)}")
            continue
        outcome = state.outcome
        assert outcome is not None
        endings[outcome.termination] += 1
        turns.append(state.turn_number)
        sides = set()
        for seat in sorted(outcome.winners):
            wins_by_seat[state.seat_name(seat)] += 1
            sides.add(state.side_of(seat))
        for side in sides:
            wins_by_side[side] += 1
        if score is not None:
            points = score(state)
            for seat in state.seats:
                scores.setdefault(state.seat_name(seat), []).append(points[seat])
    summary: dict[str, Any] = {
        "games": games,
        "finished": len(turns),
        "wins_by_seat": {name: wins_by_seat.get(name, 0) for name in seat_names} | dict(wins_by_seat),
        "wins_by_side": dict(wins_by_side),
        "endings": dict(endings),
        "mean_turns": round(statistics.fmean(turns), 2) if turns else 0.0,
        "max_turns": max(turns, default=0),
        "errors": len(errors),
    }
    if score is not None:
        summary["mean_score_by_seat"] = {name: round(statistics.fmean(v), 2) for name, v in scores.items()}
    if errors:
        summary["error_samples"] = errors[:3]
    return summary
