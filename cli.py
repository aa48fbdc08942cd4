"""The command line of ``main.py``: the app by default, and headless tools (simulate, bench, tournament).

Headless commands never import pygame; the app is imported only when it is started.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import signal
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Any, NoReturn

from devtools.layout.check import CHECKED_LANGUAGES
from game.core.errors import GameError
from game.services.signals import handled, named

if TYPE_CHECKING:
    from devtools.games import CliPart
    from devtools.layout.check import Walked

INTERRUPTED = 130  # the shells' status for a program stopped by Ctrl-C
MOST_SEED = 999_999_999_999  # room for any seed a person types; the game draws its own below a million
MOST_JOBS = 64  # worker processes; more would swap a machine to a halt long before it helped
STOPPING_SIGNALS = named("SIGTERM", "SIGHUP")  # stop a tournament in a line, as Ctrl-C does


class CommandLineError(GameError):
    """A command line that cannot be run as written: told in one line, exit status 2."""


class Stopped(BaseException):
    """A signal of ``STOPPING_SIGNALS`` stopped a tournament: told in a line, exit status 128 + its number, as
    the shells report a program a signal ended. A ``BaseException``, as ``KeyboardInterrupt`` is, so that
    nothing that counts a broken game (``except Exception``) can take it for one and go on."""

    def __init__(self, number: int) -> None:
        super().__init__(number)
        self.number = number


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


_seed = _whole_number(0, MOST_SEED)


def build_parser() -> argparse.ArgumentParser:
    from devtools.games import parts
    from game.registry import game_names, game_spec

    titles = " and ".join(game_spec(name).title for name in game_names())
    parser = _Parser(
        prog="main.py",
        description=f"{titles}. With no command, opens the game window on the title menu.",
    )
    commands = parser.add_subparsers(dest="command")
    _add_simulate_parser(commands)
    bench = commands.add_parser("bench", help="measure speed and print the figures")
    bench.add_argument("target", choices=["rules", "ai", "frames", "online", "tutorial"],
                       help="rules: random-playout speed of both rules cores; ai: thinking time of the AI levels; "
                            "frames: frame times of every scene of the window (headless), launch time, memory; "
                            "online: a table server on loopback under N tables of AI seats and a scripted client; "
                            "tutorial: minutes a newcomer takes over each game's first path (a model of a person)")
    bench.add_argument("--seconds", type=_number(0.01, 3600), default=None,
                       help="rules: time per game set-up, split over 3 runs, 0.01 to 3600 (default: 3); "
                            "online: how long the tables play (default: 20)")
    bench.add_argument("--games", type=int, default=None, help="ai: how many games to time (default: the bench's own)")
    bench.add_argument("--levels", nargs="+", metavar="LEVEL",
                       help="ai: only these levels, e.g. hard (default: easy normal hard)")
    bench.add_argument("--setups", nargs="+", metavar="SETUP",
                       help="ai: only these set-ups, e.g. falconi/salami fredericus/2p (default: all)")
    bench.add_argument("--no-memory", action="store_true",
                       help="ai: skip the tree-memory measurement (with --levels hard: search speed alone)")
    bench.add_argument("--tables", type=_whole_number(1, 500), default=10,
                       help="online: how many tables play at once, 1 to 500 (default: 10)")
    bench.add_argument("--game", choices=[game for game, _part in parts("benches")], default=None,
                       help="online: only this game's tables (default: each game's in turn)")
    bench.add_argument("--json", action="store_true", help="print the figures as JSON")
    _add_tournament_parser(commands)
    _add_play_parser(commands)
    _add_check_parser(commands)
    _add_host_parser(commands)
    shots = commands.add_parser("screenshots", help="draw every scene of the window into PNG files (headless)")
    shots.add_argument("--out", default="screenshots", help="the folder to write to (default: ./screenshots)")
    shots.add_argument("--only", nargs="+", metavar="SCREEN", help="only these screens, e.g. \"falconi/diavola\"")
    shots.add_argument("--diagrams", metavar="FOLDER", help="where the rules' diagrams go, which are drawn when no "
                                                           "--only is given (default: docs/images/rules)")
    soak = commands.add_parser("soak", help="leave the window running (headless): AI against AI in every game and "
                                            "variant, random input everywhere; fail on any error or growing memory")
    soak.add_argument("--minutes", type=_number(0.01, 10080), default=30.0,
                      help="how long to run, up to a week: 10080 (default: 30)")
    soak.add_argument("--seed", type=_seed, default=1, help="fixes the matches and the random input (default: 1)")
    soak.add_argument("--json", action="store_true", help="print the report as JSON (progress on stderr)")
    return parser


def _add_check_parser(commands: Any) -> None:
    check = commands.add_parser("check", help="check the window's screens (headless); exit 1 on any problem")
    check.add_argument("target", choices=["layout"],
                       help="layout: every screen in every language at 1280x720 and the smallest window; each "
                            "text or overlay drawn over another text or a control it does not belong to, or out "
                            "of its box")
    check.add_argument("--languages", nargs="+", metavar="LANGUAGE", choices=list(CHECKED_LANGUAGES),
                       help=f"only these ({', '.join(CHECKED_LANGUAGES)}; default: all)")
    check.add_argument("--only", nargs="+", metavar="SCREEN", help="only these screens, e.g. \"falconi/diavola\"")
    check.add_argument("--jobs", type=_whole_number(1, 64), default=os.cpu_count() or 1,
                       help="walks at once, one process each (default: one per core)")
    check.add_argument("--json", action="store_true", help="print the report as JSON (progress on stderr)")


def _game_parsers(command: argparse.ArgumentParser) -> list[tuple[argparse.ArgumentParser, CliPart]]:
    """A sub-command of ``command`` per game with a command-line part, named and titled as the registry has
    it, each with that part (which adds the game's own options)."""
    from devtools.games import parts
    from game.registry import game_spec

    games = command.add_subparsers(dest="game", required=True)
    return [(games.add_parser(name, help=game_spec(name).title), part) for name, part in parts("cli")]


def _add_simulate_parser(commands: Any) -> None:
    """``simulate``: many games between bots, headless."""
    simulate = commands.add_parser("simulate", help="play many games between bots, headless, and summarise them")
    for sub, part in _game_parsers(simulate):
        part.add_simulate_options(sub)
        sub.add_argument("--games", type=int, default=100, help="how many games (default: 100)")
        sub.add_argument("--seed", type=_seed, default=1, help="seed of the first game; game i uses seed+i")
        sub.add_argument("--json", action="store_true", help="print the summary as JSON")
        sub.set_defaults(part=part)


def _add_play_parser(commands: Any) -> None:
    """``play``: open the window straight into a game."""
    play = commands.add_parser("play", help="open the game window straight into a game")
    for sub, part in _game_parsers(play):
        part.add_play_options(sub)
        sub.add_argument("--seed", type=_seed, default=None, help="the game's seed (default: a random one)")
        sub.set_defaults(part=part)


def _add_host_parser(commands: Any) -> None:
    """``host``: a headless table server for players on other computers (docs/online.md)."""
    from game.online.lobby import TABLES_PER_ADDRESS, TABLES_PER_LINK
    from game.online.protocol import DEFAULT_PORT

    host = commands.add_parser("host", help="host tables for players on other computers (headless; docs/online.md)")
    host.add_argument("--address", default="0.0.0.0",
                      help="the address to listen on (default: 0.0.0.0, every network; 127.0.0.1: this computer)")
    host.add_argument("--port", type=_whole_number(0, 65535), default=DEFAULT_PORT,
                      help=f"the TCP port to listen on, to open in a firewall (default: {DEFAULT_PORT}; 0: any free)")
    host.add_argument("--password", default="", help="a password every player must give (default: none)")
    host.add_argument("--data", type=Path, default=None,
                      help="the folder of the tables' saves (default: 'server' in the game's data folder)")
    host.add_argument("--tables-per-link", type=_whole_number(1, 10_000), default=TABLES_PER_LINK,
                      help=f"tables one connection may hold open at once (default: {TABLES_PER_LINK})")
    host.add_argument("--tables-per-address", type=_whole_number(1, 100_000), default=TABLES_PER_ADDRESS,
                      help=f"tables one address may hold open at once (default: {TABLES_PER_ADDRESS})")


def _host(args: argparse.Namespace) -> int:
    from game.online.server import Caps, run_host
    from game.services.userdata import data_folder

    folder = _writable_folder(str(args.data or data_folder() / "server"), "--data")
    return run_host(args.address, args.port, args.password, folder, Caps(args.tables_per_link,
                                                                         args.tables_per_address))


def _add_tournament_parser(commands: Any) -> None:
    """``tournament``: AI levels against each other, win rates with 95 % intervals. Each game adds its own
    kinds of match (``tournament falconi``…); ``table`` plays the strength table of every game."""
    from devtools.games import parts
    from game.registry import game_spec

    tournament = commands.add_parser(
        "tournament", help="play AI levels against each other and print win rates with 95%% intervals"
    )
    kinds = tournament.add_subparsers(dest="kind", required=True)
    matches: list[argparse.ArgumentParser] = []
    game_parts = parts("cli")
    for _name, part in game_parts:
        for sub, run in part.add_tournaments(kinds):
            sub.set_defaults(run=run)
            matches.append(sub)
    table = kinds.add_parser("table", help="the whole strength table of docs/ai.md (hours at 200 games)")
    for _name, part in game_parts:
        part.add_table_options(table)
    table.add_argument("--levels", nargs="+", default=["easy", "normal", "hard"],
                       help="levels to measure among easy, normal, hard (default: all three)")
    table.add_argument("--no-cheat", action="store_true", help="leave out the cheating yardstick")
    for name, _part in parts("matches"):
        table.add_argument(f"--no-{name}", dest=f"no_{name}", action="store_true",
                           help=f"leave out {game_spec(name).title}")
    table.set_defaults(run=_table)
    for sub in [*matches, table]:
        sub.add_argument("--games", type=int, default=200, help="games per match (default: 200)")
        sub.add_argument("--seed", type=_seed, default=1, help="seed of the first game; game i uses seed+i")
        sub.add_argument("--jobs", type=_whole_number(1, MOST_JOBS), default=2,
                         help=f"worker processes, 1 to {MOST_JOBS} (default: 2)")
        sub.add_argument("--json", action="store_true", help="print the results as JSON (progress on stderr)")
    recorded = kinds.add_parser("recorded", help="docs/ai.md's tables from the games recorded with --record "
                                                 "(plays nothing)")
    recorded.add_argument("--folder", type=Path, default=Path("docs/measurements"),
                          help="where the games were recorded (default: docs/measurements)")
    recorded.set_defaults(run=_recorded)
    for sub in matches:
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
    from devtools.screenshots import DIAGRAMS, save_diagrams, save_screenshots

    diagrams = None if args.only else _writable_folder(args.diagrams or str(DIAGRAMS), "--diagrams")
    try:
        written = save_screenshots(folder, args.only)
    except ValueError as error:
        print(f"main.py: {error}", file=sys.stderr)
        return 2
    if diagrams is not None:
        written += save_diagrams(diagrams)
    for path in written:
        print(path)
    return 0


def _check_layout(args: argparse.Namespace) -> int:
    from devtools.layout.check import check_layout, report

    def progress(walked: Walked) -> None:
        width, height = walked.size
        print(f"{walked.language} {width}x{height}: {walked.screens} screens, {len(walked.overlaps)} problems",
              file=sys.stderr if args.json else sys.stdout, flush=True)
        if not args.json:
            for overlap in walked.overlaps:
                print(f"  {overlap.line()}", flush=True)

    try:
        walks = check_layout(tuple(args.languages or CHECKED_LANGUAGES), only=tuple(args.only or ()),
                             jobs=args.jobs, progress=progress)
    except ValueError as error:
        return _fail(str(error), 2)
    found = report(walks)
    if args.json:
        print(json.dumps(found, indent=2))
    else:
        print(f"{found['overlaps']} problems in {found['scenes']} screens, languages {' '.join(found['languages'])}, "
              f"sizes {' '.join(found['sizes'])}")
    return 1 if found["overlaps"] else 0


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
    _escape_what_the_terminal_cannot_show()
    try:
        return _run(build_parser().parse_args(argv))
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
    except Stopped as stop:  # the tournament's workers were stopped on the way out (devtools.tournament)
        return _fail(f"stopped ({signal.Signals(stop.number).name})", 128 + stop.number)


def _escape_what_the_terminal_cannot_show() -> None:
    """Print a character the terminal's encoding lacks as an escape (``\\xe8``) rather than stop on it: a data
    folder may be named in any language, and a terminal set to ASCII (``PYTHONIOENCODING=ascii``, the C locale
    without UTF-8 mode, an old console) cannot show its name."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")


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
    if args.command == "check":
        return _check_layout(args)
    if args.command == "soak":
        return _soak(args)
    if args.command == "host":
        return _host(args)
    setup = _play_setup(args) if args.command == "play" else None  # saved in a new slot: no game is replaced
    from scenes.app import run_app

    return run_app(setup)


def _bench(args: argparse.Namespace) -> int:
    if args.target == "ai":
        return _bench_ai(args)
    if args.target == "online":
        from devtools.bench_online import run_online_bench
        from devtools.games import parts

        for game, benches in parts("benches"):
            if args.game in (None, game):
                _print(run_online_bench(benches.online_bench_table(), args.tables, seconds=args.seconds or 20.0),
                       args.json)
        return 0
    if args.target == "tutorial":
        from devtools.bench_tutorial import describe, run_tutorial_bench

        figures = run_tutorial_bench()
        if args.json:
            _print(figures, True)
        else:
            print("\n".join(describe(figures)))
        return 0 if figures["within_limit"] else 1
    if args.target == "frames":
        from devtools.bench_frames import run_frames_bench

        _print(run_frames_bench(), args.json)
        return 0
    from devtools.bench_rules import run_rules_bench

    _print(run_rules_bench(args.seconds or 3.0), args.json)
    return 0


def _play_setup(args: argparse.Namespace) -> Any:
    import random

    from game.services.match import setup_from_spec

    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 1_000_000)
    options, players = args.part.play_options(args)
    notes: list[str] = []
    setup = setup_from_spec(args.game, args.seats, seed, options, players=players, notes=notes)
    for note in notes:
        print(f"main.py: {note}")
    return setup


def _bench_ai(args: argparse.Namespace) -> int:
    try:
        from devtools.bench_ai import run_ai_bench
    except ImportError as error:
        if error.name not in ("devtools.bench_ai", None):
            raise
        raise GameError("the AI benchmark (game/ai/bench.py) is not available in this build") from error
    if args.games is not None and args.games < 1:
        raise GameError(f"--games must be at least 1, not {args.games}")
    options: dict[str, Any] = {}
    if args.games is not None:
        options["games"] = args.games
    if args.levels:
        options["levels"] = args.levels
    if args.setups:
        options["setups"] = args.setups
    if args.no_memory:
        options["memory"] = False
    figures = run_ai_bench(**options)
    _print(figures, args.json)
    return 0


def _tournament(args: argparse.Namespace) -> int:
    """A tournament, which SIGTERM and SIGHUP stop in a line. By default they would kill this process alone,
    and each worker would then print a traceback as it found nobody to hand its game to."""
    with handled(STOPPING_SIGNALS, _stop):
        return _play_tournament(args)


def _stop(number: int, _frame: FrameType | None) -> None:
    raise Stopped(number)


def _play_tournament(args: argparse.Namespace) -> int:
    def progress(line: str) -> None:  # rows as they finish; on stderr when stdout carries the JSON
        print(line, file=sys.stderr if args.json else sys.stdout, flush=True)

    if args.run is _table:
        return _table(args, progress)
    if args.run is _recorded:
        return _recorded(args)
    rows = args.run(args, None if args.json else progress)
    if args.json:
        print(json.dumps(rows, indent=2))
    return 0 if all(row["errors"] == 0 for row in rows) else 1


def _table(args: argparse.Namespace, progress: Callable[[str], None]) -> int:
    """``tournament table``: every game's rows of the strength table, but the games left out."""
    from devtools.games import parts
    from devtools.strength_table import run_strength_table

    levels = [name for item in args.levels for name in item.split(",") if name]
    cli_parts = dict(parts("cli"))
    options = {name: cli_parts[name].table_options(args) if name in cli_parts else {}
               for name, _part in parts("matches") if not getattr(args, f"no_{name}")}
    result = run_strength_table(games=args.games, levels=levels, seed=args.seed, jobs=args.jobs,
                                cheat=not args.no_cheat, options=options, report=progress)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        verdicts = ", ".join(f"{count} {verdict}" for verdict, count in sorted(result["verdicts"].items()))
        print(f"{len(result['rows'])} rows in {result['seconds']} s; verdicts: {verdicts or 'none'}", flush=True)
    return 0 if result["errors"] == 0 else 1


def _recorded(args: argparse.Namespace) -> int:
    """``tournament recorded``: the Markdown tables of docs/ai.md from a folder of recorded games."""
    from devtools.recorded import format_tables, recorded_tables

    if not args.folder.is_dir():
        raise GameError(f"{args.folder} is not a folder of recorded games")
    tables = recorded_tables(args.folder)
    print(format_tables(tables) if tables else f"no recorded games in {args.folder}")
    return 0


def _simulate(args: argparse.Namespace) -> int:
    from game.core.simulate import simulate

    if args.games < 1:
        raise GameError("--games must be at least 1")
    notes: list[str] = []
    try:
        games = args.part.simulation(args, notes)
    finally:
        for note in notes:
            print(f"main.py: {note}", file=sys.stderr)
    summary = games.header | simulate(games.new_game, games.bots, args.games, args.seed, games.score)
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
