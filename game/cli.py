"""The command line of ``main.py``: the app by default, and headless tools (simulate, bench).

Headless commands never import pygame; the app is imported only when it is started.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Sequence

from game.core.errors import GameError


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="main.py",
        description="Catch Don Falconi and Fredericus. With no command, opens the game window.",
    )
    commands = parser.add_subparsers(dest="command")
    simulate = commands.add_parser("simulate", help="play many games between bots, headless, and summarise them")
    games = simulate.add_subparsers(dest="game", required=True)
    falconi = games.add_parser("falconi", help="Catch Don Falconi")
    falconi.add_argument("--variant", default="margherita",
                         help="margherita, funghi, prosciutto, salami or diavola (default: margherita)")
    falconi.add_argument("--seats", default="random,random,random,random",
                         help="a player per seat: Don Falconi, Country, Port, Forest police, each one of random, "
                              "greedy, easy, normal, hard (cheat: developer yardstick); 'off' leaves a police car out "
                              "(default: random,random,random,random)")
    fredericus = games.add_parser("fredericus", help="Fredericus")
    fredericus.add_argument("--players", type=int, default=4, help="2, 3 or 4 falconers (default: 4)")
    fredericus.add_argument("--short-game", action="store_true", help="play with the shorter-game option (R-9)")
    fredericus.add_argument("--seats", default="", help="a bot per falconer in turn order (default: all random)")
    for sub in (falconi, fredericus):
        sub.add_argument("--games", type=int, default=100, help="how many games (default: 100)")
        sub.add_argument("--seed", type=int, default=1, help="seed of the first game; game i uses seed+i")
        sub.add_argument("--json", action="store_true", help="print the summary as JSON")
    bench = commands.add_parser("bench", help="measure speed and print the figures")
    bench.add_argument("target", choices=["rules"], help="rules: random-playout speed of both rules cores")
    bench.add_argument("--seconds", type=float, default=3.0,
                       help="time per game set-up, split over 3 runs (default: 3)")
    bench.add_argument("--json", action="store_true", help="print the figures as JSON")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.command == "simulate":
            return _simulate(args)
        if args.command == "bench":
            from game.bench import run_rules_bench

            _print(run_rules_bench(args.seconds), args.json)
            return 0
    except GameError as error:
        print(f"main.py: {error}", file=sys.stderr)
        return 2
    from scenes.app import run_app

    return run_app()


def _simulate(args: argparse.Namespace) -> int:
    from game.core.simulate import simulate

    if args.games < 1:
        raise GameError("--games must be at least 1")
    if args.game == "falconi":
        from game.falconi.setup import bots_from_spec, game_factory

        bots = bots_from_spec(args.seats)
        police = tuple(seat for seat in bots if seat != 0)
        summary = simulate(game_factory(args.variant, police), bots, args.games, args.seed)
        summary = {"game": "falconi", "variant": args.variant.lower(), "seats": args.seats} | summary
    else:
        from game.fredericus.setup import bots_from_spec as falconer_bots
        from game.fredericus.setup import game_factory as falconer_game
        from game.fredericus.setup import scores

        bots = falconer_bots(args.seats, args.players)
        summary = simulate(falconer_game(args.players, args.short_game), bots, args.games, args.seed, scores)
        summary = {"game": "fredericus", "players": args.players, "short_game": args.short_game} | summary
    _print(summary, args.json)
    return 0 if summary["errors"] == 0 else 1


def _print(data: dict[str, Any], as_json: bool) -> None:
    if as_json:
        print(json.dumps(data, indent=2))
        return
    for key, value in data.items():
        if isinstance(value, dict):
            print(f"{key}:")
            for inner_key, inner_value in value.items():
                print(f"  {inner_key}: {inner_value}")
        elif isinstance(value, list):
            print(f"{key}:")
            for item in value:
                print(f"  {item}")
        else:
            print(f"{key}: {value}")
