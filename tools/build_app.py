"""Build the desktop app: the game and its own Python in one folder, for the system this runs on, so a player
starts it like any other program, with nothing to install (issue 54).

PyInstaller does the work (one folder, not one file: a one-file app unpacks itself into a temporary folder at
every start). What it cannot see by reading the imports is named here: the ``assets`` package, which
``game.resources`` imports by name, with its data files; the game's parts in ``devtools/`` (``devtools.games``
imports them by name), so every command of ``main.py`` works in the app; and the distribution's metadata, where
``game.version`` finds the version once ``pyproject.toml`` is not beside the code. The checkout must therefore
be installed in the environment (``pip install ".[app]"``, which also brings the pinned PyInstaller), at the
version the checkout says.

PyInstaller's scratch files and its spec go to a temporary folder; only the app is written, into ``dist/`` or
``--out``. Exit status: PyInstaller's own when it fails, 1 when this environment lacks PyInstaller or the
installed game.

Usage: ``python -m tools.build_app [--out FOLDER]``
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from game.version import DISTRIBUTION, game_version

ROOT = Path(__file__).resolve().parent.parent
ENTRY = ROOT / "main.py"
NAME = DISTRIBUTION  # the folder, the program and, on macOS, the bundle: falconi-fredericus.app
INSTALL = 'pip install ".[app]"'  # from the checkout's root, in the environment that builds


def executable(out: Path, platform: str = sys.platform) -> Path:
    """The program the build writes under ``out`` (on macOS inside the ``.app`` bundle)."""
    if platform == "darwin":
        return out / f"{NAME}.app" / "Contents" / "MacOS" / NAME
    return out / NAME / (f"{NAME}.exe" if platform == "win32" else NAME)


def how_to_start(out: Path, platform: str = sys.platform) -> tuple[Path, str]:
    """Where the app is, and the command that starts it from a terminal."""
    if platform == "darwin":
        return out / f"{NAME}.app", f'open "{out / f"{NAME}.app"}"'
    return out / NAME, f'"{executable(out, platform)}"'


def pyinstaller_arguments(out: Path, work: Path, platform: str = sys.platform) -> list[str]:
    """PyInstaller's command line: one folder under ``out``, its scratch files under ``work``."""
    arguments = [str(ENTRY), "--name", NAME, "--onedir", "--noconfirm", "--log-level", "WARN",
                 "--distpath", str(out), "--workpath", str(work / "build"), "--specpath", str(work),
                 "--paths", str(ROOT),
                 "--hidden-import", "assets", "--collect-data", "assets",
                 "--collect-submodules", "devtools",
                 "--copy-metadata", DISTRIBUTION]
    if platform in ("win32", "darwin"):
        arguments.append("--windowed")  # no console window beside the game's; on macOS an .app bundle
    return arguments


def missing_requirement() -> str | None:
    """What this environment lacks to build the app, as a message naming the command that mends it."""
    if importlib.util.find_spec("PyInstaller") is None:
        return f"PyInstaller is not installed; in the checkout's root, run: {INSTALL}"
    try:
        installed = version(DISTRIBUTION)
    except PackageNotFoundError:
        return (f"the app reads its version from the installed game, and {DISTRIBUTION} is not installed here; "
                f"in the checkout's root, run: {INSTALL}")
    if installed != game_version():
        return (f"the installed {DISTRIBUTION} is {installed}, the checkout {game_version()}; "
                f"in the checkout's root, run again: {INSTALL}")
    return None


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.build_app",
                                     description="Build the desktop app (PyInstaller, one folder) for this system.")
    parser.add_argument("--out", type=Path, default=ROOT / "dist",
                        help="the folder the app goes into (default: dist/ in the checkout)")
    out = parser.parse_args(argv).out.resolve()
    problem = missing_requirement()
    if problem is not None:
        print(f"build_app: {problem}", file=sys.stderr)
        return 1
    print(f"build_app: building {NAME} {game_version()} for {sys.platform} into {out} (under a minute)", flush=True)
    with tempfile.TemporaryDirectory(prefix="build-app-") as work:
        status = subprocess.run([sys.executable, "-m", "PyInstaller", *pyinstaller_arguments(out, Path(work))],
                                cwd=ROOT, env=os.environ | {"PYGAME_HIDE_SUPPORT_PROMPT": "1"}).returncode
    if status != 0:
        print(f"build_app: PyInstaller failed (status {status}); its messages are above", file=sys.stderr)
        return status
    app, start = how_to_start(out)
    print(f"build_app: the app is {app}\nbuild_app: start it with: {start}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
