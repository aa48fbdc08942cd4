"""docs/architecture.md's table of parts matches the tree (issue 53): every package of game/, scenes/ and
devtools/ has a row, every module in it is named there, and every module a row names exists."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHECKED = ("game", "scenes", "devtools")  # tools/ and tests/ are described by what they hold, not module by module


def parts_table() -> dict[str, str]:
    """Each folder the table names (``game/core/``), with the text of its row; a top folder's own modules
    (``game/i18n.py``, ``scenes/app.py``) with the rows whose first column names them."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    part = text.split("## The parts", 1)[1].split("\n## ", 1)[0]
    rows: dict[str, str] = {}
    for line in part.splitlines():
        if line.startswith("| `"):
            head = line.split("|")[1]
            for folder in re.findall(r"`([^`]+/)`", head):
                rows[folder] = rows.get(folder, "") + line
            for top in re.findall(r"`([a-z]+/)[a-z_0-9]+\.py`", head):
                rows[top] = rows.get(top, "") + line
    return rows


def packages() -> list[Path]:
    return sorted(path.parent for top in CHECKED for path in (ROOT / top).rglob("__init__.py")
                  if "__pycache__" not in path.parts)


def named(row: str) -> set[str]:
    """The module names a row mentions: `x.py`, or a bare word (`constants`, `draw`)."""
    return {Path(name).stem for name in re.findall(r"`([^`]+)`", row)} | set(re.findall(r"\b[a-z_0-9]+\b", row))


def test_every_package_has_a_row_and_every_module_is_named_in_it():
    rows = parts_table()
    missing: dict[str, list[str]] = {}
    for package in packages():
        folder = f"{package.relative_to(ROOT).as_posix()}/"
        if folder not in rows:
            missing[folder] = ["(no row)"]
            continue
        modules = [path.stem for path in sorted(package.glob("*.py")) if path.stem != "__init__"]
        unnamed = [module for module in modules if module not in named(rows[folder])]
        if unnamed:
            missing[folder] = unnamed
    assert missing == {}


def test_every_module_a_row_names_exists():
    gone = []
    for folder, row in parts_table().items():
        for name in re.findall(r"`([a-z_0-9]+\.py)`", row):
            if not any((ROOT / place / name).exists() for place in [folder, *row_folders(row)]):
                gone.append(f"{folder}{name}")
    assert gone == []


def row_folders(row: str) -> list[str]:
    return re.findall(r"`([^`]+/)`", row.split("|")[1])


def test_the_check_finds_a_module_missing_from_its_row():
    assert "explain" not in named("| `game/falconi/` | `state.py`, `mode1.py` |")
    assert "explain" in named("| `game/falconi/` | `state.py`, `explain` (why) |")
