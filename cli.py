"""The command line of ``main.py``: the app by default, and headless tools (simulate, bench, tournament).

Headless commands never import pygame; the app is imported only when it is started.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

from game.core.errors import GameError

INTERRUPTED = 130  # the shells' status for a program stopped by Ctrl-C
MOST_SEED = 999_999_999_999  # room for any seed a person types; the game draws its own below a million
MOST_JOBS = 64  # worker processes; more would swap a machine to a halt long before it helped


class CommandLineError(GameError):
    """A command line that cannot be run as written: told in one line, exit status 2."""


class Refused(GameError):
    """A command understood, which the place it must work in does not allow: exit status 1."""


class _Parser(argparse.ArgumentParser):
    """argparse that refuses a bad command line in one line saying where help is, instead of printing its
    whole usage first, which buries the line that matters."""

    def error(self, message: str) -> NoReturn:
        raise CommandLineError(f"{message} (see {self.prog} --help)")


def _number(least: float, most: float) -> Callable[[str], float]:
    """An argparse type: a number from ``least`` to ``most``; ``nan`` and ``inf`` are not numbers a run can
    last or count to."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
        if not least <= value <= most:  # also false for nan
            raise argparse.ArgumentTypeError(f"must be a number from {least:g} to {most:g}, not {text}")
        return value

    return parse


def _whole_number(least: int, most: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``least`` to ``most``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if not least <= value <= most:
            raise argparse.ArgumentTypeError(f"must be a whole number from {least} to {most}, not {text}")
        return value

    return parse


def _falconers(text: str) -> int:
    """An argparse type for ``--players``: said in the game's words, since a count of seats means nothing to
    someone who came to play."""
    try:
        count = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of falconers") from None
    if count not in (2, 3, 4):
        raise argparse.ArgumentTypeError(f"Fredericus is played by 2, 3 or 4 falconers, not {count}")
    return count


_seed = _whole_number(0, MOST_SEED)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="main.py",
        description="Catch Don Falconi and Fredericus. With no command, opens the game window on the title menu.",
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
    fredericus.add_argument("--players", type=_falconers, default=4, help="2, 3 or 4 falconers (default: 4)")
    fredericus.add_argument("--short-game", action="store_true", help="play with the shorter-game option (R-9)")
    fredericus.add_argument("--seats", default="", help="a bot per falconer in turn order (default: all random)")
    for sub in (falconi, fredericus):
        sub.add_argument("--games", type=int, default=100, help="how many games (default: 100)")
        sub.add_argument("--seed", type=_seed, default=1, help="seed of the first game; game i uses seed+i")
        sub.add_argument("--json", action="store_true", help="print the summary as JSON")
    bench = commands.add_parser("bench", help="measure speed and print the figures")
    bench.add_argument("target", choices=["rules", "ai", "frames"],
                       help="rules: random-playout speed of both rules cores; ai: thinking time of the AI levels; "
                            "frames: frame times of every scene of the window (headless), launch time, memory")
    bench.add_argument("--seconds", type=_number(0.01, 3600), default=3.0,
                       help="rules: time per game set-up, split over 3 runs, 0.01 to 3600 (default: 3)")
    bench.add_argument("--games", type=int, default=None, help="ai: how many games to time (default: the bench's own)")
    bench.add_argument("--json", action="store_true", help="print the figures as JSON")
    _add_tournament_parser(commands)
    _add_play_parser(commands)
    shots = commands.add_parser("screenshots", help="draw every scene of the window into PNG files (headless)")
    shots.add_argument("--out", default="screenshots", help="the folder to write to (default: ./screenshots)")
    shots.add_argument("--only", nargs="+", metavar="SCREEN", help="only these screens, e.g. \"falconi/diavola\"")
    soak = commands.add_parser("soak", help="leave the window running (headless): AI against AI in every game and "
                                            "variant, random input everywhere; fail on any error or growing memory")
    soak.add_argument("--minutes", type=_number(0.01, 10080), default=30.0,
                      help="how long to run, up to a week: 10080 (default: 30)")
    soak.add_argument("--seed", type=_seed, default=1, help="fixes the matches and the random input (default: 1)")
    soak.add_argument("--json", action="store_true", help="print the report as JSON (progress on stderr)")
    return parser


def _add_play_parser(commands: Any) -> None:
    """``play``: open the window straight into a game."""
    play = commands.add_parser("play", help="open the game window straight into a game")
    games = play.add_subparsers(dest="game", required=True)
    falconi = games.add_parser("falconi", help="Catch Don Falconi")
    falconi.add_argument("--variant", default="margherita",
                         help="margherita, funghi, prosciutto, salami or diavola (default: margherita)")
    falconi.add_argument("--seats", default="human,normal,normal,normal",
                         help="Don Falconi, Country, Port, Forest police: each human (human2… for more people at "
                              "the screen), easy, normal, hard or off (default: human,normal,normal,normal)")
    fredericus = games.add_parser("fredericus", help="Fredericus")
    fredericus.add_argument("--players", type=_falconers, default=None,
                            help="2, 3 or 4 falconers (default: as many as seats)")
    fredericus.add_argument("--short-game", action="store_true", help="play with the shorter-game option (R-9)")
    fredericus.add_argument("--seats", default="human,normal",
                            help="a player per falconer in turn order: human, human2…, easy, normal or hard "
                                 "(default: human,normal)")
    for sub in (falconi, fredericus):
        sub.add_argument("--seed", type=_seed, default=None, help="the game's seed (default: a random one)")


def _add_tournament_parser(commands: Any) -> None:
    """``tournament``: AI levels against each other, win rates with 95 % intervals."""
    tournament = commands.add_parser(
        "tournament", help="play AI levels against each other and print win rates with 95%% intervals"
    )
    kinds = tournament.add_subparsers(dest="kind", required=True)
    falconi = kinds.add_parser("falconi", help="one level on one side of Catch Don Falconi, another on the other")
    falconi.add_argument("--bot", default="hard", help="the level measured (default: hard)")
    falconi.add_argument("--against", default="random", help="the level on the other side (default: random)")
    falconi.add_argument("--side", choices=["fugitive", "police", "both"], default="both",
                         help="the bot plays Don Falconi, every police car, or each in turn (default: both)")
    h2h = kinds.add_parser("falconi-h2h", help="two levels side by side: every deal played twice, roles swapped")
    h2h.add_argument("--a", default="hard", help="the level whose win rate is reported (default: hard)")
    h2h.add_argument("--b", default="normal", help="its opponent (default: normal)")
    for sub in (falconi, h2h):
        sub.add_argument("--variant", default="margherita",
                         help="margherita, funghi, prosciutto, salami or diavola (default: margherita)")
        sub.add_argument("--police", type=int, choices=(1, 2, 3), default=3,
                         help="police cars in play: 1 is the Port car (F-4.2), 2 Country and Forest (default: 3)")
    fredericus = kinds.add_parser("fredericus", help="one level in one seat of Fredericus, another in all others")
    fredericus.add_argument("--players", type=_falconers, default=2, help="2, 3 or 4 falconers (default: 2)")
    fredericus.add_argument("--bot", default="hard", help="the level measured; its seat rotates (default: hard)")
    fredericus.add_argument("--against", default="random", help="the level in every other seat (default: random)")
    fredericus.add_argument("--short-game", action="store_true", help="play with the shorter-game option (R-9)")
    table = kinds.add_parser("table", help="the whole strength table of docs/ai.md (hours at 200 games)")
    table.add_argument("--variants", nargs="+", default=None,
                       help="Falconi variants to measure, space or comma separated (default: all five)")
    table.add_argument("--levels", nargs="+", default=["easy", "normal", "hard"],
                       help="levels to measure among easy, normal, hard (default: all three)")
    table.add_argument("--players", nargs="+", type=_falconers, default=[2, 4],
                       help="Fredericus player counts (default: 2 4)")
    table.add_argument("--no-cheat", action="store_true", help="leave out the cheating yardstick")
    table.add_argument("--no-falconi", action="store_true", help="leave out Catch Don Falconi")
    table.add_argument("--no-fredericus", action="store_true", help="leave out Fredericus")
    for sub in (falconi, h2h, fredericus, table):
        sub.add_argument("--games", type=int, default=200, help="games per match (default: 200)")
        sub.add_argument("--seed", type=_seed, default=1, help="seed of the first game; game i uses seed+i")
        sub.add_argument("--jobs", type=_whole_number(1, MOST_JOBS), default=2,
                         help=f"worker processes, 1 to {MOST_JOBS} (default: 2)")
        sub.add_argument("--json", action="store_true", help="print the results as JSON (progress on stderr)")
    for sub in (falconi, h2h, fredericus):
        sub.add_argument("--record", type=Path, default=None, metavar="FOLDER",
                         help="append each game's result to a file in FOLDER as it ends, and play only the games"
                              " not yet there (resume a stopped match, or grow it)")


def _soak(args: argparse.Namespace) -> int:
    """``soak``: exit code 1 if anything raised or memory grew (scenes/soak.py)."""
    from devtools.soak import run_soak
    from devtools.soak_report import format_report

    def progress(line: str) -> None:
        print(line, file=sys.stderr if args.json else sys.stdout, flush=True)

    report = run_soak(args.minutes, args.seed, progress=progress)
    print(json.dumps(report, indent=2) if args.json else format_report(report))
    return 0 if report["passed"] else 1


def _screenshots(args: argparse.Namespace) -> int:
    folder = _writable_folder(args.out, "--out")
    from devtools.screenshots import save_screenshots

    try:
        written = save_screenshots(folder, args.only)
    except ValueError as error:
        print(f"main.py: {error}", file=sys.stderr)
        return 2
    for path in written:
        print(path)
    return 0


def _writable_folder(name: str, option: str) -> Path:
    """The folder ``name``, made if missing and tried with a scratch file: a file in the way, a path under a
    file or a place that cannot be written is told before any work is done, not found by the first write."""
    import tempfile

    folder = Path(name)
    if folder.exists() and not folder.is_dir():
        raise CommandLineError(f"{option} {name}: a file of that name is in the way; name a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as error:
        raise CommandLineError(f"{option} {name}: cannot write there ({error.strerror or error})") from None
    return folder


def main(argv: Sequence[str] | None = None) -> int:
    """Run a command line. Every fault ends in one line on stderr, never a traceback, and its status says
    which: 2 a command that cannot be run as written, 1 a place that cannot be read or written, 130 Ctrl-C."""
    try:
        return _run(build_parser().parse_args(argv))
    except Refused as error:
        return _fail(str(error), 1)
    except GameError as error:
        return _fail(str(error), 2)
    except BrokenPipeError:  # the reader of the output has gone (``| head``): nobody is left to tell
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # nor to flush to on the way out
        return 1
    except OSError as error:
        where = f"{error.filename}: " if error.filename else ""
        return _fail(where + (error.strerror or str(error)), 1)
    except KeyboardInterrupt:  # the window has saved the game on its way out (run_app closes it)
        return _fail("stopped (Ctrl-C)", INTERRUPTED)


def _fail(message: str, status: int) -> int:
    print(f"main.py: {message}", file=sys.stderr)
    return status


def _run(args: argparse.Namespace) -> int:
    if args.command == "simulate":
        return _simulate(args)
    if args.command == "bench":
        return _bench(args)
    if args.command == "tournament":
        return _tournament(args)
    if args.command == "screenshots":
        return _screenshots(args)
    if args.command == "soak":
        return _soak(args)
    setup = _play_setup(args) if args.command == "play" else None
    if setup is not None:
        _keep_the_saved_game_aside()
    from scenes.app import run_app

    return run_app(setup)


def _bench(args: argparse.Namespace) -> int:
    if args.target == "ai":
        return _bench_ai(args)
    if args.target == "frames":
        from devtools.bench_frames import run_frames_bench

        _print(run_frames_bench(), args.json)
        return 0
    from devtools.bench_rules import run_rules_bench

    _print(run_rules_bench(args.seconds), args.json)
    return 0


def _keep_the_saved_game_aside() -> None:
    """A game started from the command line will autosave over the saved one: keep that one under another name
    and say where (the menu asks instead, but a command line cannot). Where it cannot be moved, no new game
    starts: it would be saved over the old one wherever saving works at all."""
    from game.services.saves import AUTOSAVE, SaveStore
    from game.services.userdata import data_folder

    store = SaveStore(data_folder())
    try:
        kept = store.keep_aside()
    except OSError as error:
        raise Refused(f"no new game started: the saved game could not be moved aside for it "
                      f"({error.strerror or error}), so it stays as it is; continue it from the menu, or make "
                      f"{store.folder} writable") from None
    if kept is not None:
        print(f"main.py: the saved game was kept as {kept}; rename it to {AUTOSAVE} to continue it later")


def _play_setup(args: argparse.Namespace) -> Any:
    import random

    from game.services.match import setup_from_spec

    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 1_000_000)
    if args.game == "falconi":
        from game.falconi.variants import find_variant

        find_variant(args.variant)
        notes: list[str] = []
        setup = setup_from_spec("falconi", args.seats, seed, variant=args.variant, notes=notes)
        for note in notes:
            print(f"main.py: {note}")
        return setup
    return setup_from_spec("fredericus", args.seats, seed, players=args.players, short_game=args.short_game)


def _bench_ai(args: argparse.Namespace) -> int:
    try:
        from devtools.bench_ai import run_ai_bench
    except ImportError as error:
        if error.name not in ("devtools.bench_ai", None):
            raise
        raise GameError("the AI benchmark (game/ai/bench.py) is not available in this build") from error
    if args.games is not None and args.games < 1:
        raise GameError(f"--games must be at least 1, not {args.games}")
    figures = run_ai_bench() if args.games is None else run_ai_bench(games=args.games)
    _print(figures, args.json)
    return 0


def _tournament(args: argparse.Namespace) -> int:
    from devtools import tournament

    def progress(line: str) -> None:  # rows as they finish; on stderr when stdout carries the JSON
        print(line, file=sys.stderr if args.json else sys.stdout, flush=True)

    if args.kind == "table":
        variants = [name for item in args.variants for name in item.split(",") if name] if args.variants else None
        levels = [name for item in args.levels for name in item.split(",") if name]
        from devtools.strength_table import run_strength_table

        result = run_strength_table(
            games=args.games, variants=variants, levels=levels, players=args.players, seed=args.seed,
            jobs=args.jobs, cheat=not args.no_cheat, falconi=not args.no_falconi,
            fredericus=not args.no_fredericus, report=progress,
        )
        if args.json:
            print(json.dumps(result, indent=2))
        else:
            verdicts = ", ".join(f"{count} {verdict}" for verdict, count in sorted(result["verdicts"].items()))
            print(f"{len(result['rows'])} rows in {result['seconds']} s; verdicts: {verdicts or 'none'}", flush=True)
        return 0 if result["errors"] == 0 else 1
    rows: list[dict[str, Any]] = []
    if args.kind == "falconi":
        sides = ["fugitive", "police"] if args.side == "both" else [args.side]
        rows = tournament.falconi_sides_match(args.variant, args.bot, args.against, sides, args.games, args.seed,
                                              args.jobs, report=None if args.json else progress,
                                              police=args.police, record=args.record)
    else:
        if args.kind == "falconi-h2h":
            row = tournament.falconi_head_to_head(args.variant, args.a, args.b, args.games, args.seed, args.jobs,
                                                  police=args.police, record=args.record)
        else:
            row = tournament.fredericus_match(args.players, args.bot, args.against, args.games, args.seed,
                                              args.jobs, short_game=args.short_game, record=args.record)
        rows.append(row)
        if not args.json:
            progress(row["text"])
    if args.json:
        print(json.dumps(rows, indent=2))
    return 0 if all(row["errors"] == 0 for row in rows) else 1


def _simulate(args: argparse.Namespace) -> int:
    from game.core.simulate import simulate

    if args.games < 1:
        raise GameError("--games must be at least 1")
    if args.game == "falconi":
        from game.falconi.setup import bots_from_spec, game_factory

        notes: list[str] = []
        bots = bots_from_spec(args.seats, notes=notes)
        for note in notes:
            print(f"main.py: {note}", file=sys.stderr)
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
