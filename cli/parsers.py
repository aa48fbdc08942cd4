"""The command line's parser: ``main.py``'s sub-commands, their arguments and help, each game's own options
added by its part (:mod:`devtools.games`). What each sub-command does is :mod:`cli.commands`."""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from cli import commands as runs
from cli.commands import CommandLineError
from devtools.layout.check import CHECKED_LANGUAGES
from game.version import DISTRIBUTION, game_version

if TYPE_CHECKING:
    from devtools.games import CliPart

MOST_SEED = 999_999_999_999  # room for any seed a person types; the game draws its own below a million
MOST_JOBS = 64  # worker processes; more would swap a machine to a halt long before it helped


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
        prog=runs.PROGRAM,
        description=f"{titles}. With no command, opens the game window on the title menu.",
    )
    parser.add_argument("--version", action="version", version=f"{DISTRIBUTION} {game_version()}")
    commands = parser.add_subparsers(dest="command")
    _add_simulate_parser(commands)
    bench = commands.add_parser("bench", help="measure speed and print the figures")
    bench.add_argument("target", choices=["rules", "ai", "frames", "idle", "online", "tutorial", "cluster"],
                       help="rules: random-playout speed of both rules cores; ai: thinking time of the AI levels; "
                            "frames: frame times of every scene of the window (headless), launch time, memory; "
                            "idle: CPU of the window at rest and while it moves, scene by scene (the real window "
                            "where there is a screen); "
                            "online: a table server on loopback under N tables of AI seats and a scripted client; "
                            "tutorial: minutes a newcomer takes over each game's first path (a model of a person); "
                            "cluster: a tournament row's games a minute on 1 and 2 processes and on a local Ray, "
                            "and what 200 of its games would take on 16 and 64 cores (needs pip install "
                            "\".[cluster]\")")
    bench.add_argument("--seconds", type=_number(0.01, 3600), default=None,
                       help="rules: time per game set-up, split over 3 runs, 0.01 to 3600 (default: 3); "
                            "online: how long the tables play (default: 20); idle: per scene and state (default: 10)")
    bench.add_argument("--games", type=int, default=None,
                       help="ai, cluster: how many games to time (default: the bench's own)")
    bench.add_argument("--row", default=None, metavar="ARGUMENTS",
                       help="cluster: the tournament row to time, as a queue row gives it (default: "
                            "\"falconi --variant funghi --bot hard --against random --side fugitive\")")
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
                                                           "--only is given (default: docs/images/rules in a "
                                                           "checkout, else rules/ in the --out folder)")
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
        _add_cluster_option(sub, "")
        sub.set_defaults(part=part)


def _add_cluster_option(parser: argparse.ArgumentParser, local: str) -> None:
    """``--cluster``: the games on Ray (docs/ai.md, On a cluster); without it they are played on this machine."""
    parser.add_argument("--cluster", metavar="ADDRESS", default=None,
                        help=f"play the games on a Ray cluster: auto (the one `ray start` runs here), local (one "
                             f"started for this run{local}), or host:port; needs pip install \".[cluster]\"")


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
        for sub, plans in part.add_tournaments(kinds):
            sub.set_defaults(run=runs.match, plans=plans)
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
    table.set_defaults(run=runs.table)
    for sub in [*matches, table]:
        sub.add_argument("--games", type=int, default=200, help="games per match (default: 200)")
        sub.add_argument("--seed", type=_seed, default=1, help="seed of the first game; game i uses seed+i")
        sub.add_argument("--jobs", type=_whole_number(1, MOST_JOBS), default=2,
                         help=f"worker processes, 1 to {MOST_JOBS}; with --cluster local, its CPUs (default: 2)")
        sub.add_argument("--json", action="store_true", help="print the results as JSON (progress on stderr)")
        _add_cluster_option(sub, ", of --jobs CPUs")
    recorded = kinds.add_parser("recorded", help="docs/ai.md's tables from the games recorded with --record "
                                                 "(plays nothing)")
    recorded.add_argument("--folder", type=Path, default=Path("docs/measurements"),
                          help="where the games were recorded (default: docs/measurements)")
    recorded.set_defaults(run=runs.recorded)
    _add_queue_parser(kinds)
    for sub in matches:
        sub.add_argument("--record", type=Path, default=None, metavar="FOLDER",
                         help="append each game's result to a file in FOLDER as it ends, and play only the games"
                              " not yet there (resume a stopped match, or grow it)")


def _add_queue_parser(kinds: Any) -> None:
    """``tournament queue``: the rows of docs/measurements/queue.toml, in order (docs/ai.md, The queue)."""
    from devtools.tournament_queue import QUEUE_FILE, RECORD_FOLDER

    queue = kinds.add_parser("queue", help="play the rows still to play, in order, each resumed where its record "
                                           f"stops (the rows: {QUEUE_FILE.as_posix()})")
    queue.add_argument("--file", type=Path, default=QUEUE_FILE,
                       help=f"the queue: [[row]] tables of tournament arguments (default: {QUEUE_FILE.as_posix()})")
    queue.add_argument("--record", type=Path, default=RECORD_FOLDER, metavar="FOLDER",
                       help=f"where each row's games are recorded, and resumed from "
                            f"(default: {RECORD_FOLDER.as_posix()})")
    queue.add_argument("--jobs", type=_whole_number(1, MOST_JOBS), default=2,
                       help=f"worker processes, 1 to {MOST_JOBS}; with --cluster local, its CPUs (default: 2)")
    queue.add_argument("--list", action="store_true", help="play nothing: each row with its games recorded")
    _add_cluster_option(queue, ", of --jobs CPUs")
    queue.set_defaults(run=runs.queue)
