"""Catch Don Falconi on the command line: its options of ``play falconi`` and ``simulate falconi``, the
``tournament falconi`` and ``tournament falconi-h2h`` commands, and its options of ``tournament table``.
:mod:`cli` builds the commands every game has and asks this module for what only Falconi has."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from devtools.falconi import GAME
from devtools.games import Simulation, TournamentPlans
from game.falconi.options import FalconiOptions

if TYPE_CHECKING:
    from devtools.tournament import Plan

VARIANT_HELP = "margherita, funghi, prosciutto, salami or diavola (default: margherita)"


def add_play_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--variant", default="margherita", help=VARIANT_HELP)
    parser.add_argument("--seats", default="human,normal,normal,normal",
                        help="Don Falconi, Country, Port, Forest police: each human (human2… for more people at "
                             "the screen), easy, normal, hard or off (default: human,normal,normal,normal)")


def play_options(args: argparse.Namespace) -> tuple[FalconiOptions, int | None]:
    """The options of the game ``play`` opens, and its number of seats (Falconi's are always four). The variant
    is read in its own spelling, or refused naming the pizzas."""
    return FalconiOptions.named(args.variant), None


def add_simulate_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--variant", default="margherita", help=VARIANT_HELP)
    parser.add_argument("--seats", default="random,random,random,random",
                        help="a player per seat: Don Falconi, Country, Port, Forest police, each one of random, "
                             "greedy, easy, normal, hard (cheat: developer yardstick); 'off' leaves a police car out "
                             "(default: random,random,random,random)")


def simulation(args: argparse.Namespace, notes: list[str]) -> Simulation:
    """The games ``simulate falconi`` plays; a lone police car moved to the Port (F-4.2) is told in ``notes``."""
    from devtools.falconi.setup import bots_from_spec, game_factory
    from game.falconi.constants import FUGITIVE
    from game.falconi.variants import find_variant

    variant = find_variant(args.variant).name  # " Salami" is summarised as the pizza it names
    bots = bots_from_spec(args.seats, notes=notes)
    police = tuple(seat for seat in bots if seat != FUGITIVE)
    return Simulation({"game": GAME, "variant": variant, "seats": args.seats}, game_factory(variant, police), bots)


def add_tournaments(kinds: Any) -> list[tuple[argparse.ArgumentParser, TournamentPlans]]:
    """``tournament falconi`` (one level on one side, another on the other) and ``tournament falconi-h2h``."""
    sides = kinds.add_parser("falconi", help="one level on one side of Catch Don Falconi, another on the other")
    sides.add_argument("--bot", default="hard", help="the level measured (default: hard)")
    sides.add_argument("--against", default="random", help="the level on the other side (default: random)")
    sides.add_argument("--side", choices=["fugitive", "police", "both"], default="both",
                       help="the bot plays Don Falconi, every police car, or each in turn (default: both)")
    h2h = kinds.add_parser("falconi-h2h", help="two levels side by side: every deal played twice, roles swapped")
    h2h.add_argument("--a", default="hard", help="the level whose win rate is reported (default: hard)")
    h2h.add_argument("--b", default="normal", help="its opponent (default: normal)")
    for sub in (sides, h2h):
        sub.add_argument("--variant", default="margherita", help=VARIANT_HELP)
        sub.add_argument("--police", type=int, choices=(1, 2, 3), default=3,
                         help="police cars in play: 1 is the Port car (F-4.2), 2 Country and Forest (default: 3)")
    return [(sides, _sides), (h2h, _head_to_head)]


def _sides(args: argparse.Namespace) -> list[Plan]:
    from devtools.falconi import matches

    sides = ["fugitive", "police"] if args.side == "both" else [args.side]
    return matches.falconi_sides_plans(args.variant, args.bot, args.against, sides, args.games, args.seed, args.jobs,
                                       police=args.police)


def _head_to_head(args: argparse.Namespace) -> list[Plan]:
    from devtools.falconi import matches

    return [matches.falconi_head_to_head_plan(args.variant, args.a, args.b, args.games, args.seed, args.jobs,
                                              police=args.police)]


def add_table_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--variants", nargs="+", default=None,
                        help="Falconi variants to measure, space or comma separated (default: all five)")


def table_options(args: argparse.Namespace) -> dict[str, Any]:
    """Falconi's options of the strength table (:func:`devtools.falconi.matches.table_matches`)."""
    if not args.variants:
        return {}
    return {"variants": [name for item in args.variants for name in item.split(",") if name]}
