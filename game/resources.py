"""Where the game's data (the ``assets`` package: maps, sprites, sounds, catalogs) is, read through
``importlib.resources`` so it is found wherever the game is installed: a checkout, ``pip install .``, ``pipx``,
or a PyInstaller folder.

Its readers (pytmx, pygame's loaders, ``Path.glob``) need real files, and a map names its tilesets by paths
relative to itself, so the whole tree is handed out as one real folder. Every installation the game supports
keeps it on disk; should the package ever be imported from a zip, its tree is copied out once, into a temporary
folder removed when the program ends.
"""

from __future__ import annotations

import atexit
import shutil
import tempfile
from functools import cache
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path

PACKAGE = "assets"


@cache
def assets_folder() -> Path:
    """The ``assets`` package's folder on disk."""
    return real_folder(files(PACKAGE))


def asset_path(*parts: str) -> Path:
    """A file or folder of the game's data, by its parts under ``assets/``: ``asset_path("maps", "x.tmx")``."""
    return assets_folder().joinpath(*parts)


def real_folder(tree: Traversable) -> Path:
    """``tree`` itself when it is a folder on disk, else a copy of it in a temporary folder kept until exit."""
    if isinstance(tree, Path):
        return tree
    copy = Path(tempfile.mkdtemp(prefix="falconi-fredericus-assets-"))
    atexit.register(shutil.rmtree, copy, ignore_errors=True)
    _copy_tree(tree, copy)
    return copy


def _copy_tree(tree: Traversable, folder: Path) -> None:
    for item in tree.iterdir():
        if item.is_dir():
            (folder / item.name).mkdir()
            _copy_tree(item, folder / item.name)
        elif not item.name.endswith((".py", ".pyc")):
            (folder / item.name).write_bytes(item.read_bytes())
