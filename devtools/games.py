"""Each game's own part of the developer's tools, found by the game's name.

The generic tools (the command line, tournaments, the strength table, the benchmarks, the soak and the scene
catalogue) name no game: they go round :func:`game.registry.game_names` and ask each game's own package,
``devtools.<name>``, for what only that game knows. The package holds up to four modules, each optional:

* ``cli``: the game's options of ``play`` and ``simulate``, its ``tournament`` kinds and its options of
  ``tournament table`` (:class:`CliPart`);
* ``matches``: its tournament matches, how their rows read, and its rows of the strength table
  (:class:`MatchesPart`);
* ``benches``: the set-ups ``bench rules`` and ``bench ai`` measure (:class:`BenchesPart`);
* ``window``: its screens of the catalogue and its matches of the soak (:class:`WindowPart`).

A fifth, ``dithering``, says what ``python -m devtools.dithering`` counts as the AI dithering in the game
(:class:`devtools.dithering.DitheringPart`).

A game without a part is left out of the tools that need it (a toy game a test registers has none). Every
part loads no window module at import time, so the headless commands never load pygame.
"""

from __future__ import annotations

import argparse
import importlib
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol, cast

from game.core.options import GameOptions
from game.registry import game_names

if TYPE_CHECKING:
    from devtools.bench_ai import GameSetup
    from devtools.catalogue import Screen
    from devtools.tournament import Plan
    from game.core.protocol import GameState
    from game.services.match import MatchSetup

PARTS = ("cli", "matches", "benches", "window")

# ``python main.py tournament <kind>``: the kind's matches as the parsed arguments ask for them, their levels and
# numbers checked; devtools.tournament.run_match plays them, and a queue plays all its rows' in one stream.
TournamentPlans = Callable[[argparse.Namespace], "list[Plan]"]


@dataclass(frozen=True)
class Simulation:
    """What ``simulate <game>`` plays: the summary's first fields, a game per seed, the bots, the scores."""

    header: dict[str, Any]
    new_game: Callable[[int], GameState]
    bots: Mapping[int, Any]
    score: Callable[[GameState], list[float]] | None = None


@dataclass(frozen=True)
class Showcase:
    """The set-ups of the catalogue's screens that show any game: the first game with a showcase gives them."""

    seat_options: GameOptions  # the options of the game on the seat set-up page (its game is solo's)
    solo: MatchSetup  # one person against AI seats: pause, game over
    two: MatchSetup  # two people at the screen: the hand-over
    pad_first: MatchSetup  # the first seat a gamepad's: the pad prompt


@dataclass(frozen=True)
class TutorialShowcase:
    """A game's tutorial in the catalogue: its lesson screen, and the lesson under the tutorial's menu."""

    name: str  # of the tutorial (game.services.tutorials.TUTORIALS)
    lesson: str  # the lesson shown on the screen ``tutorial/<name>``
    under_menu: str  # the lesson under the tutorial's menu, where this tutorial is the last one


class CliPart(Protocol):
    """``devtools/<game>/cli.py``: the game's own options and commands. ``play <game>`` and ``simulate <game>``
    take the game's options (``--seats`` among them: setup_from_spec reads it), then the common ones."""

    def add_play_options(self, parser: argparse.ArgumentParser) -> None: ...

    def play_options(self, args: argparse.Namespace) -> tuple[GameOptions, int | None]:
        """The set-up's options, and the number of seats asked for (``None``: as many as named)."""
        ...

    def add_simulate_options(self, parser: argparse.ArgumentParser) -> None: ...

    def simulation(self, args: argparse.Namespace, notes: list[str]) -> Simulation:
        """What to simulate; a sentence for the player (a seat moved) goes in ``notes``."""
        ...

    def add_tournaments(self, kinds: Any) -> list[tuple[argparse.ArgumentParser, TournamentPlans]]:
        """Add the game's ``tournament`` kinds to ``kinds`` (argparse's sub-parsers), each with what makes its
        plans of the arguments (their levels and numbers checked); the common options
        (``--games``, ``--seed``, ``--jobs``, ``--json``, ``--record``) are added to each afterwards."""
        ...

    def add_table_options(self, parser: argparse.ArgumentParser) -> None: ...

    def table_options(self, args: argparse.Namespace) -> dict[str, Any]:
        """The keyword arguments of the game's ``table_matches`` (:class:`MatchesPart`) from the command line."""
        ...


class MatchesPart(Protocol):
    """``devtools/<game>/matches.py``: the game's tournaments, on :mod:`devtools.tournament`'s machinery."""

    RESULT_FIELDS: Mapping[str, Any]  # fields every result of the game has, with their values when unwatched

    def watch(self, state: GameState) -> Any:
        """Something that ``see``s the game before each decision and reports ``fields()`` at its end, or
        ``None``."""
        ...

    def describe(self, row: dict[str, Any], tally: str) -> str:
        """A row's line: what was played, its ``tally`` (wins, rate, interval) and its timing."""
        ...

    def where(self, row: dict[str, Any]) -> str:
        """What a row of the cheating yardstick's gap measured ("falconi salami")."""
        ...

    def table_matches(self, levels: Sequence[str], cheat: bool, **options: Any) -> list[dict[str, Any]]:
        """The game's matches of the strength table: each a ``kind``, a ``bot`` (or ``a`` and ``b``), what
        tells it apart, its ``target`` and ``requirement``, or the level its gap is to (``gap_of``)."""
        ...

    def table_plan(self, match: dict[str, Any], games: int, seed: int) -> Plan: ...

    def table_summary(self, options: Mapping[str, Any] | None, rows: list[dict[str, Any]]) -> dict[str, Any]:
        """The game's fields of the table's summary (``options`` is ``None`` when the game was left out)."""
        ...

    MARKDOWN_TABLES: Mapping[str, str]  # docs/ai.md's tables of the game's recorded rows, each with its head

    def recorded_plan(self, name: str, games: int) -> Plan | None:
        """The plan a record file's name stands for, cut to ``games`` games; ``None`` for another's name."""
        ...

    def markdown_row(self, row: dict[str, Any], folder: str) -> tuple[str, tuple[Any, ...], str]:
        """Which of ``MARKDOWN_TABLES`` a recorded row belongs to, where it stands there (a sort key) and its
        line."""
        ...


class BenchesPart(Protocol):
    """``devtools/<game>/benches.py``: the set-ups ``bench rules`` and ``bench ai`` measure, named
    ``<game>/<set-up>``."""

    def rules_bench_games(self) -> dict[str, Callable[[int], GameState]]: ...

    def ai_bench_setups(self) -> list[GameSetup]: ...

    def decision_picks(self, setup: str) -> tuple[DecisionPick, ...]:
        """The positions of ``setup`` (one of ``ai_bench_setups``) whose ``hard`` decisions are recorded, so
        that a faster search is seen to decide as before (:mod:`devtools.same_decisions`)."""
        ...

    def online_bench_table(self) -> OnlineBenchTable:
        """The table ``bench online`` opens of the game."""
        ...

    def guess_groups(self) -> tuple[str, ...]:
        """Groups of positions whose value guess is recorded exactly, named ``<game>/<group>``."""
        ...

    def record_guesses(self, group: str) -> list[dict[str, Any]]:
        """The value guess (and what it is made of) on each position of ``group``, as JSON."""
        ...

    def check_guesses(self, group: str, entries: Sequence[dict[str, Any]]) -> list[str]:
        """What differs from ``entries``, as ``record_guesses`` made them, one line each."""
        ...


@dataclass(frozen=True)
class OnlineBenchTable:
    """A table of ``bench online``: the game's name, its options as the wire carries them, and how many seats
    it has; the scripted client takes the first, the AI every other."""

    game: str
    options: dict[str, Any]
    seats: int


@dataclass(frozen=True)
class DecisionPick:
    """A recorded decision's position: the first of the random game of ``seed`` (or of the next seeds', if
    that game ends first) after at least ``least`` actions where ``wanted`` says the decider is the one
    wanted and it has more than one action."""

    label: str
    seed: int
    least: int
    wanted: Callable[[GameState], bool] = lambda _state: True


class WindowPart(Protocol):
    """``devtools/<game>/window.py``: the game's screens of the catalogue and its matches of the soak."""

    SOAK_KINDS: tuple[str, ...]  # the soak's kinds of match of the game: the rows of its report
    SOAK_TALLY: tuple[str, str] | None  # a count the soak's report adds: its field, and its line's title

    def soak_setup(self, turn: int, rng: random.Random,
                   levels: Callable[[int, list[int]], list[str]]) -> MatchSetup:
        """The game's ``turn``-th match of the soak, drawn from ``rng``; ``levels(seats, seats in play)``
        gives a level per seat."""
        ...

    def soak_key(self, setup: MatchSetup) -> str:
        """The report's row of a match: one of ``SOAK_KINDS``."""
        ...

    def soak_menus(self, setup: MatchSetup, menus: Any) -> None:
        """From the game choice to the seat set-up, with ``menus.choose(key)`` and ``menus.set_choice(key,
        done)`` (:class:`devtools.soak.Soak`)."""
        ...

    def soak_bucket(self, key: str, seats: str) -> str | None:
        """Where a match counts in ``SOAK_TALLY`` (``None``: not at all)."""
        ...

    def menu_screens(self, context: Any) -> list[Screen]:
        """The game's pages between the game choice and the seat set-up."""
        ...

    def moment_screens(self, context: Any) -> list[Screen]:
        """Boards at a moment of the rules that needs a screen of its own, a person to play."""
        ...

    def showcase(self) -> Showcase | None: ...

    def tutorial(self) -> TutorialShowcase | None: ...

    def board_screens(self) -> list[tuple[str, MatchSetup]]:
        """Boards where AI seats play, as the catalogue names them."""
        ...

    def animated_boards(self) -> list[tuple[str, MatchSetup]]:
        """Boards whose animations ``bench frames`` replays, every seat one person's."""
        ...

    def midgame_boards(self) -> list[tuple[str, MatchSetup]]:
        """Boards some way into a game, a person to play."""
        ...

    def layout_boxes(self) -> list[tuple[object, str, Callable[[dict[str, Any]], tuple[Any, Any]]]]:
        """The game's drawing functions that frame a box of words without the kit's panel, for the layout
        check (``devtools.layout``): each with its owner, its name, and the surface and box from a call's
        arguments by name."""
        ...


def part(game: str, name: str) -> ModuleType | None:
    """The module ``devtools.<game>.<name>``, or ``None`` where the game has none."""
    module = f"devtools.{game}.{name}"
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as error:
        if error.name not in (module, f"devtools.{game}"):
            raise  # the part exists but something it imports is missing: that is a fault, not a game without it
        return None


def matches_part(game: str) -> MatchesPart:
    """The tournament part of ``game``; a ``GameError`` for a game that has none (no tournament can play it)."""
    found = part(game, "matches")
    if found is None:
        from game.core.errors import GameError

        raise GameError(f"the tournaments do not know the game {game!r}")
    return cast("MatchesPart", found)


def parts(name: str) -> list[tuple[str, Any]]:
    """Every registered game with a part ``name``, in the registry's order, each with that part."""
    found = [(game, part(game, name)) for game in game_names()]
    return [(game, module) for game, module in found if module is not None]
