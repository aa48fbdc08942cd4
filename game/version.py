"""The game's version, written once: in ``pyproject.toml``. An installed copy reads it from its distribution's
metadata; a checkout reads its own ``pyproject.toml``, which is newer than what an editable install recorded
when it was made, and is all there is when the checkout was never installed."""

from __future__ import annotations

import tomllib
from functools import cache
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

DISTRIBUTION = "falconi-fredericus"
UNKNOWN = "unknown"  # neither a checkout nor an installed distribution (a frozen build without its metadata)
CHECKOUT_PROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"


@cache
def game_version() -> str:
    """``"0.2.0"``: the checkout's when run from one, else the installed distribution's."""
    if CHECKOUT_PROJECT.is_file():
        with CHECKOUT_PROJECT.open("rb") as stream:
            try:
                project = tomllib.load(stream).get("project", {})
            except tomllib.TOMLDecodeError:  # a checkout's file half edited: the installed version, if any
                project = {}
        if project.get("name") == DISTRIBUTION and isinstance(project.get("version"), str):
            return str(project["version"])
    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:
        return UNKNOWN
