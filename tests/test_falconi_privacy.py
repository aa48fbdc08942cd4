"""A Falconi state's fields are private to its rules core: only the modules of ``game/falconi/`` read or write
them. The window, the AI, the services, the tools and the tests read the state's queries, and the tests that need
a position no rule reaches go through the core's test builder, ``tests/falconi_scenarios.py``."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from game.falconi.state import FalconiState

ROOT = Path(__file__).resolve().parents[1]
OUTSIDE = ("scenes", "devtools", "tools", "tests", "game/ai", "game/core", "game/services", "cli", "main.py")
BUILDER = ROOT / "tests" / "falconi_scenarios.py"
PRIVATE = frozenset(FalconiState.__slots__)
MENTIONED = re.compile(r"\.(?:" + "|".join(sorted(PRIVATE)) + r")\b")


def private_reads(source: str, name: str) -> list[str]:
    """Every ``x._field`` in ``source`` naming a private field of the state, but on ``self``."""
    if not MENTIONED.search(source):  # most modules name none: no need to parse them
        return []
    return [f"{name}:{node.lineno}: .{node.attr}" for node in ast.walk(ast.parse(source, name))
            if isinstance(node, ast.Attribute) and node.attr in PRIVATE
            and not (isinstance(node.value, ast.Name) and node.value.id == "self")]


def modules_outside_the_core() -> list[Path]:
    found: list[Path] = []
    for name in OUTSIDE:
        where = ROOT / name
        found += [where] if where.is_file() else sorted(where.rglob("*.py"))
    return [path for path in found if path != BUILDER]


def test_the_private_names_are_the_fields_of_the_state():
    assert PRIVATE and all(name.startswith("_") for name in PRIVATE)
    assert {"_board", "_cars", "_pile", "_reserves", "_legal"} <= PRIVATE


def test_the_scan_catches_a_private_read_but_not_a_query_or_an_objects_own_field():
    source = "def peek(state):\n    return state._pile[-1], state.cars, self._board\n"
    assert private_reads(source, "probe.py") == ["probe.py:2: ._pile"]


def test_nothing_outside_the_rules_core_touches_a_falconi_states_fields():
    found = [line for path in modules_outside_the_core()
             for line in private_reads(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))]
    assert not found, "read the state's queries instead:\n" + "\n".join(found)


def test_a_falconi_state_takes_no_field_it_does_not_declare() -> None:
    state = FalconiState.new_game("margherita", 1)
    try:
        state.cars_seen = ()  # type: ignore[attr-defined]  # the write this test expects to fail
    except AttributeError:
        return
    raise AssertionError("a state took a field of its own: its fields are no longer guarded by __slots__")
