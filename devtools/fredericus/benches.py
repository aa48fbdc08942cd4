"""Fredericus's set-ups of the benchmarks: its tables of falconers."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from game.fredericus.seating import PLAYER_COUNTS

if TYPE_CHECKING:
    from devtools.bench_ai import GameSetup
    from devtools.games import DecisionPick, OnlineBenchTable
    from game.core.protocol import GameState


def rules_bench_games() -> dict[str, Callable[[int], GameState]]:
    """``bench rules``: 2, 3 and 4 falconers, each with and without the shorter game, by name."""
    from devtools.fredericus.setup import game_factory

    games: dict[str, Callable[[int], GameState]] = {}
    for players in PLAYER_COUNTS:
        for short in (False, True):
            games[f"fredericus/{players}p{'-short' if short else ''}"] = game_factory(players, short)
    return games


def ai_bench_setups() -> list[GameSetup]:
    """``bench ai``: 2 and 4 falconers; the level sits in seat ``i % players`` in game ``i``."""
    from devtools.bench_ai import GameSetup
    from game.fredericus.state import FredericusState

    def setup(players: int) -> GameSetup:
        return GameSetup(f"fredericus/{players}p", lambda seed: FredericusState.new_game(players, seed),
                         lambda game: (game % players,), lambda game: f"seat {game % players}")

    return [setup(players) for players in (2, 4)]


def decision_picks(setup: str) -> tuple[DecisionPick, ...]:
    """The opening, early on and the middle game, whoever decides; and a hunt in which the falconer could take
    back a move of its own, which the search leaves out unless it wins something (issue 38)."""
    from devtools.games import DecisionPick

    return (DecisionPick("opening", 1, 0), DecisionPick("early", 2, 7), DecisionPick("middle", 3, 30),
            DecisionPick("take-back", 4, 30, _take_back_on_offer))


def _take_back_on_offer(game: GameState) -> bool:
    from game.fredericus.state import FredericusState

    assert isinstance(game, FredericusState)
    return any(game.is_take_back(action) for action in game.legal_actions())


def online_bench_table() -> OnlineBenchTable:
    """Three falconers in the shorter game: a table's whole life (rematches too) fits in a short bench."""
    from devtools.games import OnlineBenchTable
    from game.fredericus.options import FredericusOptions

    return OnlineBenchTable("fredericus", FredericusOptions(short_game=True).to_json(), 3)


def guess_groups() -> tuple[str, ...]:
    return ()  # its value guess is not being changed: its decisions are recorded


def record_guesses(group: str) -> list[dict[str, Any]]:
    raise KeyError(group)


def check_guesses(group: str, entries: Sequence[dict[str, Any]]) -> list[str]:
    raise KeyError(group)
