"""The game as someone new to it gets it (issue 54): a copy of the checkout to build from, so a build writes
nothing into the checkout itself, a fresh virtual environment outside it, and the environment of a program
started from another folder, with no screen or sound."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHECKOUT_ONLY = shutil.ignore_patterns(".*", "__pycache__", "build", "dist", "*.egg-info", "tests", "docs", "out")


def run(command: list[str | Path], cwd: Path, env: dict[str, str] | None = None, timeout: float = 300) -> str:
    """The command's output; a failed assertion with everything it said when it fails."""
    result = subprocess.run([str(part) for part in command], cwd=cwd, env=env, capture_output=True, text=True,
                            timeout=timeout)
    assert result.returncode == 0, f"{command}\n{result.stdout}\n{result.stderr}"
    return result.stdout


def copy_of_checkout(place: Path) -> Path:
    """The checkout's code and data, copied to ``place/source`` (no tests, docs, caches or earlier builds)."""
    shutil.copytree(ROOT, place / "source", ignore=CHECKOUT_ONLY)
    return place / "source"


def new_environment(place: Path) -> Path:
    """A fresh virtual environment at ``place/venv`` with nothing installed; its scripts' folder."""
    run([sys.executable, "-m", "venv", "venv"], cwd=place)
    return place / "venv" / ("Scripts" if os.name == "nt" else "bin")


def elsewhere_env(folder: Path) -> dict[str, str]:
    """This process's environment, less what would point a program into the checkout or its environment, with
    no screen or sound and a data folder of its own under ``folder``."""
    env = {name: value for name, value in os.environ.items()
           if name not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PYGAME_HIDE_SUPPORT_PROMPT")}
    return env | {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "FALCONI_DATA_DIR": str(folder / "data")}
