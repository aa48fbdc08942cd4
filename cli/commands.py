"""What each of ``main.py``'s sub-commands does once its line is parsed (:mod:`cli.parsers`), and the faults
the command line ends with. Headless commands never import pygame: the window's modules are imported inside
the functions that need them."""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Any

from devtools.layout.check import CHECKED_LANGUAGES
from game.core.errors import GameError
from game.services.signals import handled, named
from game.version import DISTRIBUTION

if TYPE_CHECKING:
    from devtools.layout.check import Walked
    from devtools.runners import Runner

STOPPING_SIGNALS = named("SIGTERM", "SIGHUP")  # stop a tournament in a line, as Ctrl-C does
# the name a person typed: the installed command's, or main.py's in a checkout
PROGRAM = DISTRIBUTION if Path(sys.argv[0]).stem == DISTRIBUTION else "main.py"


class CommandLineError(GameError):
    """A command line that cannot be run as written: told in one line, exit status 2."""


class Stopped(BaseException):
    """A signal of ``STOPPING_SIGNALS`` stopped a tournament: told in a line, exit status 128 + its number, as
    the shells report a program a signal ended. A ``BaseException``, as ``KeyboardInterrupt`` is, so that
    nothing that counts a broken game (``except Exception``) can take it for one and go on."""

    def __init__(self, number: int) -> None:
        super().__init__(number)
        self.number = number


def fail(message: str, status: int) -> int:
    print(f"{PROGRAM}: {message}", file=sys.stderr)
    return status


def host(args: argparse.Namespace) -> int:
    from game.online.server import Caps, run_host
    from game.services.userdata import data_folder

    folder = _writable_folder(str(args.data or data_folder() / "server"), "--data")
    return run_host(args.address, args.port, args.password, folder, Caps(args.tables_per_link,
                                                                         args.tables_per_address))


def soak(args: argparse.Namespace) -> int:
    """``soak``: exit code 1 if anything raised or memory grew (scenes/soak.py)."""
    from devtools.soak import run_soak
    from devtools.soak_report import format_report

    def progress(line: str) -> None:
        print(line, file=sys.stderr if args.json else sys.stdout, flush=True)

    report = run_soak(args.minutes, args.seed, progress=progress)
    print(json.dumps(report, indent=2) if args.json else format_report(report))
    return 0 if report["passed"] else 1


def screenshots(args: argparse.Namespace) -> int:
    folder = _writable_folder(args.out, "--out")
    from devtools.screenshots import diagrams_folder, save_diagrams, save_screenshots

    diagrams = None if args.only else _writable_folder(args.diagrams or str(diagrams_folder(folder)), "--diagrams")
    try:
        written = save_screenshots(folder, args.only)
    except ValueError as error:
        print(f"{PROGRAM}: {error}", file=sys.stderr)
        return 2
    if diagrams is not None:
        written += save_diagrams(diagrams)
    for path in written:
        print(path)
    return 0


def check_layout(args: argparse.Namespace) -> int:
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
        return fail(str(error), 2)
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


def bench(args: argparse.Namespace) -> int:
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
    if args.target == "idle":
        from devtools.bench_idle import SECONDS, run_idle_bench

        _print(run_idle_bench(args.seconds or SECONDS), args.json)
        return 0
    if args.target == "cluster":
        return _bench_cluster(args)
    if args.target == "frames":
        from devtools.bench_frames import run_frames_bench

        _print(run_frames_bench(), args.json)
        return 0
    from devtools.bench_rules import run_rules_bench

    _print(run_rules_bench(args.seconds or 3.0), args.json)
    return 0


def play_setup(args: argparse.Namespace) -> Any:
    import random

    from game.services.match import setup_from_spec

    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 1_000_000)
    options, players = args.part.play_options(args)
    notes: list[str] = []
    setup = setup_from_spec(args.game, args.seats, seed, options, players=players, notes=notes)
    for note in notes:
        print(f"{PROGRAM}: {note}")
    return setup


def _bench_cluster(args: argparse.Namespace) -> int:
    from cli.parsers import build_parser
    from devtools.bench_cluster import GAMES, ROW, describe, run_cluster_bench
    from devtools.tournament_queue import RECORD_FOLDER

    games = GAMES if args.games is None else args.games
    if games < 2:
        raise GameError(f"--games must be at least 2, not {games}")
    with handled(STOPPING_SIGNALS, _stop):
        figures = run_cluster_bench(args.row or ROW, games, RECORD_FOLDER, build_parser().parse_args,
                                    lambda line: print(line, file=sys.stderr, flush=True))
    if args.json:
        _print(figures, True)
    else:
        print("\n".join(describe(figures)))
    return 0 if figures["same_games"] else 1


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


def tournament(args: argparse.Namespace) -> int:
    """A tournament, which SIGTERM and SIGHUP stop in a line. By default they would kill this process alone,
    and each worker would then print a traceback as it found nobody to hand its game to. With ``--cluster``
    the cluster's runner plays the games in place of ``--jobs`` processes (:mod:`devtools.runners`)."""
    if args.run is queue:
        return queue(args)
    with _on_cluster(args, getattr(args, "jobs", None)) as runner, handled(STOPPING_SIGNALS, _stop):
        if runner is not None:
            args.jobs = runner
        return _play_tournament(args)


@contextlib.contextmanager
def _on_cluster(args: argparse.Namespace, cpus: int | None) -> Iterator[Runner | None]:
    """The runner of the cluster ``--cluster`` names (Ray is imported only then), or ``None`` without it."""
    address = getattr(args, "cluster", None)
    if address is None:
        yield None
        return
    from devtools.cluster import attached

    with attached(address, cpus) as runner:
        yield runner


def _stop(number: int, _frame: FrameType | None) -> None:
    raise Stopped(number)


def _play_tournament(args: argparse.Namespace) -> int:
    def progress(line: str) -> None:  # rows as they finish; on stderr when stdout carries the JSON
        print(line, file=sys.stderr if args.json else sys.stdout, flush=True)

    if args.run is table:
        return table(args, progress)
    if args.run is recorded:
        return recorded(args)
    rows = args.run(args, None if args.json else progress)
    if args.json:
        print(json.dumps(rows, indent=2))
    return 0 if all(row["errors"] == 0 for row in rows) else 1


def match(args: argparse.Namespace, report: Callable[[str], None] | None) -> list[dict[str, Any]]:
    """``tournament falconi``, ``falconi-h2h``, ``fredericus``…: the kind's plans, played (and recorded)."""
    from devtools.tournament import run_match

    return run_match(args, report)


def table(args: argparse.Namespace, progress: Callable[[str], None]) -> int:
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


def recorded(args: argparse.Namespace) -> int:
    """``tournament recorded``: the Markdown tables of docs/ai.md from a folder of recorded games."""
    from devtools.recorded import format_tables, recorded_tables

    if not args.folder.is_dir():
        raise GameError(f"{args.folder} is not a folder of recorded games")
    tables = recorded_tables(args.folder)
    print(format_tables(tables) if tables else f"no recorded games in {args.folder}")
    return 0


def queue(args: argparse.Namespace) -> int:
    """``tournament queue``: the queue's rows read and counted first (a bad row is told before Ray starts or a
    game is played), then played in order with their progress on stderr: a bar on a terminal, else a line a
    minute. SIGTERM and SIGHUP stop it in a line, as they stop a tournament."""
    from cli.parsers import build_parser
    from devtools.progress import Progress
    from devtools.tournament_queue import listing, load_queue, play_queue

    parser = build_parser()
    rows = load_queue(args.file, parser.parse_args, args.record)
    if args.list:
        print("\n".join(listing(rows)) if rows else f"{args.file}: no rows")
        return 0
    with _on_cluster(args, args.jobs) as runner, handled(STOPPING_SIGNALS, _stop):
        jobs = runner if runner is not None else args.jobs
        counts = [(row.games, row.recorded) for row in rows]
        with Progress(counts, sys.stderr, tty=sys.stderr.isatty()) as progress:
            results = play_queue(rows, jobs, args.record, progress,
                                 lambda line: progress.say(line, sys.stdout))
    return 0 if all(row["errors"] == 0 for row in results) else 1


def simulate(args: argparse.Namespace) -> int:
    from game.core.simulate import simulate

    if args.games < 1:
        raise GameError("--games must be at least 1")
    notes: list[str] = []
    try:
        games = args.part.simulation(args, notes)
    finally:
        for note in notes:
            print(f"{PROGRAM}: {note}", file=sys.stderr)
    with _on_cluster(args, None) as runner:
        summary = games.header | simulate(games.new_game, games.bots, args.games, args.seed, games.score,
                                          play_all=runner.unordered if runner is not None else None)
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
