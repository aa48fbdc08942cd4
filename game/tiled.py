"""Reading Tiled maps headless: ``pytmx.TiledMap`` parses a map without images and without pygame.

pytmx's package ``__init__`` imports pygame when it is installed, only to offer ``load_pygame``. The rules
core must not pull pygame in, so pytmx is imported here with pygame hidden for the duration of that import;
views that want ``load_pygame`` import ``pytmx.util_pygame`` themselves.
"""

from __future__ import annotations

import logging
import sys
import xml.etree.ElementTree
from pathlib import Path
from types import ModuleType
from typing import Any

from game.core.errors import MapError


def import_pytmx() -> ModuleType:
    """Import pytmx without importing pygame (unless pygame was already imported by the view)."""
    if "pytmx" in sys.modules:
        return sys.modules["pytmx"]
    hide_pygame = "pygame" not in sys.modules
    if hide_pygame:
        sys.modules["pygame"] = None  # type: ignore[assignment]  # makes `import pygame` raise ImportError
    # pytmx logs an error when its pygame helpers cannot load: expected here, so kept quiet.
    quiet = logging.getLogger("pytmx.util_pygame")
    level, quiet.level = quiet.level, logging.CRITICAL
    try:
        import pytmx  # type: ignore[import-untyped]  # pytmx ships no type hints
    finally:
        quiet.setLevel(level)
        if hide_pygame:
            del sys.modules["pygame"]
            for name in [name for name in sys.modules if name.startswith("pygame.")]:
                del sys.modules[name]
            sys.modules.pop("pytmx.util_pygame", None)
    module: ModuleType = pytmx
    return module


def load_tiled_map(path: str | Path) -> Any:
    """Parse a ``.tmx`` file into a ``pytmx.TiledMap``; every way it can fail becomes a ``MapError``."""
    pytmx = import_pytmx()
    path = Path(path)
    if not path.is_file():
        raise MapError(f"map file not found: {path}")
    try:
        return pytmx.TiledMap(str(path))
    except xml.etree.ElementTree.ParseError as error:
        raise MapError(f"{path.name}: not a readable Tiled map (XML error: {error})") from None
    except Exception as error:  # noqa: BLE001 — pytmx raises bare Exception/ValueError/KeyError for odd maps
        if _declares_infinite(path):  # pytmx refuses these with an empty message
            raise MapError(f"{path.name}: {INFINITE_MAP}") from None
        raise MapError(f"{path.name}: Tiled map cannot be used: {error}") from None


INFINITE_MAP = "the map is infinite; the game needs a finite map (Map → Map Properties → Infinite off)"


def require_finite(tiled_map: Any) -> None:
    """pytmx accepts ``infinite="1"`` when the map has no chunks yet; the game's maps must be finite."""
    if str(getattr(tiled_map, "infinite", "0")) != "0":
        raise MapError(INFINITE_MAP)


def _declares_infinite(path: Path) -> bool:
    """Whether the map's root element says ``infinite="1"``; reads no further than that element."""
    try:
        with path.open("rb") as stream:
            _, root = next(xml.etree.ElementTree.iterparse(stream, events=("start",)))
    except (OSError, StopIteration, xml.etree.ElementTree.ParseError):
        return False
    infinite: str = root.get("infinite", "0")
    return infinite != "0"


def object_properties(obj: Any) -> dict[str, Any]:
    """The custom properties of a Tiled object, plus its class (``type`` or Tiled 1.9's ``class``)."""
    props = dict(getattr(obj, "properties", {}) or {})
    kind = getattr(obj, "type", None) or getattr(obj, "class", None) or props.get("class")
    if kind is not None:
        props.setdefault("class", kind)
    return props
