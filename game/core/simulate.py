"""Headless play: many games between bots, summarised as JSON-able figures."""

from __future__ import annotations

import functools
import random
import statistics
import traceback
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
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


def play_seeded(
    new_game: Callable[[int], GameState[Any]],
    bots: Mapping[Seat, Bot],
    score: Callable[[GameState[Any]], list[float]] | None,
    seed: int,
) -> dict[str, Any]:
    """Play the game of ``seed`` and say how it ended, by seat names (JSON-able, the same wherever it is
    played: the bots keep nothing from one game to the next); a rules bug is told in ``error``."""
    seat_names: list[str] = []
    try:
        state = new_game(seed)
        seat_names = [state.seat_name(seat) for seat in state.seats]
        play_game(state, bots, random.Random(seed * 7919 + 1))
    except Exception as error:  # noqa: BLE001 — a simulation reports rules bugs, not just the first
        return {"seed": seed, "seat_names": seat_names,
                "error": f"seed {seed}: {type(error).__name__}: {error}\n{traceback.format_exc(limit=3)}"}
    outcome = state.outcome
    assert outcome is not None
    winners = sorted(outcome.winners)
    points = None if score is None else score(state)
    return {
        "seed": seed,
        "seat_names": seat_names,
        "termination": outcome.termination,
        "turns": state.turn_number,
        "winners": [state.seat_name(seat) for seat in winners],
        "sides": sorted({state.side_of(seat) for seat in winners}),
        "points": None if points is None else {state.seat_name(seat): points[seat] for seat in state.seats},
        "error": None,
    }


# plays a function on every seed and yields the results in any order (devtools.runners.Runner.unordered)
PlayAll = Callable[[Callable[[int], dict[str, Any]], Sequence[int]], Iterable[dict[str, Any]]]


def simulate(
    new_game: Callable[[int], GameState[Any]],
    bots: Mapping[Seat, Bot],
    games: int,
    seed: int,
    score: Callable[[GameState[Any]], list[float]] | None = None,
    play_all: PlayAll | None = None,
) -> dict[str, Any]:
    """Play ``games`` games, game *i* set up with seed ``seed + i``, and summarise them.

    ``score`` gives points indexed by seat for games that have them (mean score per seat is reported).
    ``play_all`` plays the games elsewhere (a cluster); by default they are played here, one after another.
    Either way the games are summarised in seed order, so the summary is the same."""
    play = functools.partial(play_seeded, new_game, bots, score)
    seeds = [seed + index for index in range(games)]
    records = list(play_all(play, seeds)) if play_all is not None else [play(game_seed) for game_seed in seeds]
    return summarise(sorted(records, key=lambda record: int(record["seed"])), score is not None)


def summarise(records: Sequence[dict[str, Any]], scored: bool) -> dict[str, Any]:
    """The figures of the games of ``records`` (:func:`play_seeded`'s, in seed order)."""
    wins_by_seat: Counter[str] = Counter()
    wins_by_side: Counter[str] = Counter()
    endings: Counter[str] = Counter()
    turns: list[int] = []
    scores: dict[str, list[float]] = {}
    errors: list[str] = []
    seat_names: list[str] = []
    for record in records:
        seat_names = record["seat_names"] or seat_names
        if record["error"]:
            errors.append(record["error"])
            continue
        endings[record["termination"]] += 1
        turns.append(record["turns"])
        wins_by_seat.update(record["winners"])
        wins_by_side.update(record["sides"])
        for name, points in (record["points"] or {}).items():
            scores.setdefault(name, []).append(points)
    summary: dict[str, Any] = {
        "games": len(records),
        "finished": len(turns),
        "wins_by_seat": {name: wins_by_seat.get(name, 0) for name in seat_names} | dict(wins_by_seat),
        "wins_by_side": dict(wins_by_side),
        "endings": dict(endings),
        "mean_turns": round(statistics.fmean(turns), 2) if turns else 0.0,
        "max_turns": max(turns, default=0),
        "errors": len(errors),
    }
    if scored:
        summary["mean_score_by_seat"] = {name: round(statistics.fmean(v), 2) for name, v in scores.items()}
    if errors:
        summary["error_samples"] = errors[:3]
    return summary
