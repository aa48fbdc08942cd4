"""Every field of a Falconi state belongs to one record, and one module writes each record
(:mod:`game.falconi.records`): the rules say what happens through the writers' functions, so a field never
changes behind its record's back. Outside ``game/falconi/`` nothing touches the fields at all
(``tests/test_falconi_privacy.py``); inside, this test finds every assignment, augmented assignment, ``del`` and
mutating call (``append``, ``pop`` …) on a field, through subscripts and tuple targets, and checks its module.
The constructors, which make a new state (``FalconiState.blank`` and ``.clone``), set every field."""

from __future__ import annotations

import ast
from pathlib import Path

from game.falconi.records import FIELDS, RECORDS
from game.falconi.state import FalconiState

ROOT = Path(__file__).resolve().parents[1]
CORE = ROOT / "game" / "falconi"
BUILDER = ROOT / "tests" / "falconi_scenarios.py"
CONSTRUCTORS = {("game.falconi.state", "blank"), ("game.falconi.state", "clone")}
MUTATORS = frozenset({"append", "extend", "insert", "pop", "remove", "sort", "clear", "update", "setdefault",
                      "popitem", "reverse", "__setitem__", "__delitem__"})
WRITER = {name: record.writer for record in RECORDS.values() for name in record.fields}


def _field_of(node: ast.AST) -> ast.Attribute | None:
    """The state field a write target names (``st._board``, ``st._board[cell]``, ``st._reserves[seat][0]``)."""
    while isinstance(node, ast.Subscript):
        node = node.value
    return node if isinstance(node, ast.Attribute) and node.attr in WRITER else None


def field_writes(source: str) -> list[tuple[str, int, str]]:
    """``(field, line, enclosing function)`` for every write to a state field in ``source``."""
    found: list[tuple[str, int, str]] = []

    def visit(node: ast.AST, function: str) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            function = node.name
        targets: list[ast.AST] = []
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)) and not (
                isinstance(node, ast.AnnAssign) and node.value is None):
            targets = [node.target]
        elif isinstance(node, ast.Delete):
            targets = list(node.targets)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in MUTATORS:
            targets = [node.func.value]
        while any(isinstance(target, (ast.Tuple, ast.List, ast.Starred)) for target in targets):
            flat: list[ast.AST] = []
            for target in targets:
                if isinstance(target, (ast.Tuple, ast.List)):
                    flat += target.elts
                elif isinstance(target, ast.Starred):
                    flat.append(target.value)
                else:
                    flat.append(target)
            targets = flat
        for target in targets:
            if (attribute := _field_of(target)) is not None:
                found.append((attribute.attr, attribute.lineno, function))
        for child in ast.iter_child_nodes(node):
            visit(child, function)

    visit(ast.parse(source), "")
    return found


def wrong_writers(source: str, module: str) -> list[str]:
    return [f"{module}:{line}: {name} (in {function or 'module'}) belongs to {WRITER[name]}"
            for name, line, function in field_writes(source)
            if WRITER[name] != module and (module, function) not in CONSTRUCTORS]


def _module(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts)


def test_every_field_of_the_state_is_in_exactly_one_record():
    assert sorted(FIELDS) == sorted(FalconiState.__slots__)
    assert len(set(FIELDS)) == len(FIELDS)
    assert all((CORE / (record.writer.rsplit(".", 1)[1] + ".py")).is_file() for record in RECORDS.values())


def test_the_scan_finds_a_second_writer_in_every_form_of_write():
    probe = ("def cheat(st, other):\n"
             "    st._board[0] = 1\n"
             "    st._pile.append(3)\n"
             "    st._reserves[1].remove(4)\n"
             "    st._bombs -= 1\n"
             "    st._phase, (other._cars[0], st._decider) = 1, (2, 3)\n"
             "    del st._craters[5]\n"
             "    return st._board[0], st.board\n")  # reads are fine
    found = wrong_writers(probe, "game.falconi.mode2")
    assert [line.split(": ", 1)[1].split(" ")[0] for line in found] == [
        "_board", "_pile", "_reserves", "_bombs", "_phase", "_cars", "_decider", "_craters"]
    assert not wrong_writers("def lay(st):\n    st._board[0] = 1\n", "game.falconi.board")
    assert wrong_writers("def cheat(st):\n    st._board[0] = 1\n", "game.falconi.state")  # a method is no maker
    assert not wrong_writers("def clone(self):\n    st._board = 1\n", "game.falconi.state")


def test_each_record_has_one_writer():
    paths = [*sorted(CORE.glob("*.py")), BUILDER]
    found = [line for path in paths for line in wrong_writers(path.read_text(encoding="utf-8"), _module(path))]
    assert not found, "change a record through its writer's functions:\n" + "\n".join(found)


def test_every_writer_writes_its_record():
    """The table says who writes: each writer does write every field of its record somewhere."""
    written: dict[str, set[str]] = {}
    for path in CORE.glob("*.py"):
        for name, _line, function in field_writes(path.read_text(encoding="utf-8")):
            if (_module(path), function) not in CONSTRUCTORS:
                written.setdefault(_module(path), set()).add(name)
    for title, record in RECORDS.items():
        if title != "set-up":  # fixed when the state is made: only the constructors and determinization set it
            assert set(record.fields) <= written.get(record.writer, set()), title
