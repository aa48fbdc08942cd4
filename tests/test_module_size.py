"""No module over 500 lines (issue 53): a module that long does more than one job, and the next person reads it
whole before changing it. Tests count too; generated data does not live in .py files."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MOST_LINES = 500
FOLDERS = ("game", "scenes", "devtools", "tools", "cli", "tests")


def modules() -> list[Path]:
    found = [ROOT / "main.py"]
    for folder in FOLDERS:
        found += sorted((ROOT / folder).rglob("*.py"))
    return found


def test_the_folders_hold_the_program() -> None:
    assert len(modules()) > 400  # a moved folder would make the test below pass over nothing


@pytest.mark.parametrize("module", modules(), ids=lambda path: str(path.relative_to(ROOT)))
def test_no_module_is_over_500_lines(module: Path) -> None:
    lines = len(module.read_text(encoding="utf-8").splitlines())
    assert lines <= MOST_LINES, f"{module.relative_to(ROOT)} has {lines} lines: split it along its jobs"
