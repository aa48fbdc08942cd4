"""The command line of ``main.py`` and of the installed ``falconi-fredericus``: the app by default, and headless
tools (simulate, bench, tournament).

Headless commands never import pygame; the app is imported only when it is started.
"""

from __future__ import annotations

import argparse
import io
import os
import signal
import sys
from collections.abc import Sequence

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # set before pygame loads: its banner would spoil --json

from cli import commands
from cli.commands import Stopped, fail
from cli.parsers import build_parser
from game.core.errors import GameError

__all__ = ["build_parser", "main"]

INTERRUPTED = 130  # the shells' status for a program stopped by Ctrl-C


def main(argv: Sequence[str] | None = None) -> int:
    """Run a command line. Every fault ends in one line on stderr, never a traceback, and its status says
    which: 2 a command that cannot be run as written, 1 a place that cannot be read or written, 130 Ctrl-C."""
    _escape_what_the_terminal_cannot_show()
    try:
        return _run(build_parser().parse_args(argv))
    except GameError as error:
        return fail(str(error), 2)
    except BrokenPipeError:  # the reader of the output has gone (``| head``): nobody is left to tell
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # nor to flush to on the way out
        return 1
    except OSError as error:
        where = f"{error.filename}: " if error.filename else ""
        return fail(where + (error.strerror or str(error)), 1)
    except KeyboardInterrupt:  # the window has saved the game on its way out (run_app closes it)
        return fail("stopped (Ctrl-C)", INTERRUPTED)
    except Stopped as stop:  # the tournament's workers were stopped on the way out (devtools.tournament)
        return fail(f"stopped ({signal.Signals(stop.number).name})", 128 + stop.number)


def _escape_what_the_terminal_cannot_show() -> None:
    """Print a character the terminal's encoding lacks as an escape (``\\xe8``) rather than stop on it: a data
    folder may be named in any language, and a terminal set to ASCII (``PYTHONIOENCODING=ascii``, the C locale
    without UTF-8 mode, an old console) cannot show its name."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")


def _run(args: argparse.Namespace) -> int:
    headless = {"simulate": commands.simulate, "bench": commands.bench, "tournament": commands.tournament,
                "screenshots": commands.screenshots, "check": commands.check_layout, "soak": commands.soak,
                "host": commands.host}
    if args.command in headless:
        return headless[args.command](args)
    setup = commands.play_setup(args) if args.command == "play" else None  # saved in a new slot: no game is replaced
    from scenes.app import run_app

    return run_app(setup)
