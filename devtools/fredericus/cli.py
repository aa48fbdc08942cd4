"""Fredericus on the command line: its options of ``play fredericus`` and ``simulate fredericus``, the
``tournament fredericus`` command, and its options of ``tournament table``. :mod:`cli` builds the commands
every game has and asks this module for what only Fredericus has."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from devtools.fredericus import GAME
from devtools.games import Simulation, TournamentPlans
from game.fredericus.options import FredericusOptions
from game.fredericus.seating import players_problem

if TYPE_CHECKING:
    from devtools.tournament import Plan

SHORT_GAME_HELP = "play with the shorter-game option (R-9)"


def falconers(text: str) -> int:
    """An argparse type for ``--players``: said in the game's words, since a count of seats means nothing to
    someone who came to play."""
    try:
        count = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of falconers") from None
    if problem := players_problem(count):
        raise argparse.ArgumentTypeError(problem)
    return count


def add_play_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", type=falconers, default=None,
                        help="2, 3 or 4 falconers (default: as many as seats)")
    parser.add_argument("--short-game", action="store_true", help=SHORT_GAME_HELP)
    parser.add_argument("--seats", default="human,normal",
                        help="a player per falconer in turn order: human, human2…, easy, normal or hard "
                             "(default: human,normal)")


def play_options(args: argparse.Namespace) -> tuple[FredericusOptions, int | None]:
    """The options of the game ``play`` opens, and the number of falconers asked for (if any)."""
    return FredericusOptions(args.short_game), args.players


def add_simulate_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", type=falconers, default=4, help="2, 3 or 4 falconers (default: 4)")
    parser.add_argument("--short-game", action="store_true", help=SHORT_GAME_HELP)
    parser.add_argument("--seats", default="", help="a bot per falconer in turn order (default: all random)")


def simulation(args: argparse.Namespace, notes: list[str]) -> Simulation:
    """The games ``simulate fredericus`` plays, scored (R-8)."""
    from devtools.fredericus.setup import bots_from_spec, game_factory, scores

    bots = bots_from_spec(args.seats, args.players)
    return Simulation({"game": GAME, "players": args.players, "short_game": args.short_game},
                      game_factory(args.players, args.short_game), bots, scores)


def add_tournaments(kinds: Any) -> list[tuple[argparse.ArgumentParser, TournamentPlans]]:
    """``tournament fredericus``: one level in one seat, another in all the others."""
    match = kinds.add_parser("fredericus", help="one level in one seat of Fredericus, another in all others")
    match.add_argument("--players", type=falconers, default=2, help="2, 3 or 4 falconers (default: 2)")
    match.add_argument("--bot", default="hard", help="the level measured; its seat rotates (default: hard)")
    match.add_argument("--against", default="random", help="the level in every other seat (default: random)")
    match.add_argument("--short-game", action="store_true", help=SHORT_GAME_HELP)
    return [(match, _match)]


def _match(args: argparse.Namespace) -> list[Plan]:
    from devtools.fredericus import matches

    return [matches.fredericus_match_plan(args.players, args.bot, args.against, args.games, args.seed, args.jobs,
                                          short_game=args.short_game)]


def add_table_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", nargs="+", type=falconers, default=[2, 4],
                        help="Fredericus player counts (default: 2 4)")


def table_options(args: argparse.Namespace) -> dict[str, Any]:
    """Fredericus's options of the strength table (:func:`devtools.fredericus.matches.table_matches`)."""
    return {"players": args.players}
