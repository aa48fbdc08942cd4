"""Issue 50: ``docs/online.md`` lists what the host promises, each promise beside the tests that check it. Every
test it names exists, so a renamed or deleted test cannot leave a promise unchecked in silence."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROMISES = "## What the host promises"


def named_tests(section: str) -> list[tuple[str, str]]:
    """(file, test) pairs named in ``section``: ``file.py::test_x``, and ``::test_y`` for the file named last."""
    named, current = [], ""
    for file, test in re.findall(r"`(?:(test_\w+\.py))?(?:::(test_\w+))?`", section):
        current = file or current
        if test:
            named.append((current, test))
    return named


def test_every_test_the_host_s_promises_name_exists() -> None:
    text = (ROOT / "docs" / "online.md").read_text(encoding="utf-8")
    section = text[text.index(PROMISES):].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| ") and "---" not in line][1:]
    assert len(rows) >= 15 and all("test_" in row for row in rows), "every promise names its test"
    named = named_tests(section)
    missing = []
    for file, test in named:
        tree = ast.parse((ROOT / "tests" / file).read_text(encoding="utf-8"))
        if test not in {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}:
            missing.append(f"{file}::{test}")
    assert named and missing == []
