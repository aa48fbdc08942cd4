"""``scenes/`` has no import cycle (docs/architecture.md, "Who may import whom"): its modules import one another
in one direction only, counting the imports inside functions, and a scene that opens a page above it asks
:mod:`scenes.router` by name. Imports under ``if TYPE_CHECKING:`` are left out: they never run."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Every import left inside a function, with its reason. Each is also an edge of the graph checked for cycles.
DEFERRED = {
    ("scenes.falconi.registration", "scenes.falconi.view"): "the board, its sprites and the city, when first shown",
    ("scenes.falconi.registration", "scenes.falconi.menus"): "the pizzas' page and its cards, when first opened",
    ("scenes.fredericus.registration", "scenes.fredericus.view"): "the board, its sprites and the castle, when "
                                                                  "first shown",
    ("scenes.fredericus.registration", "scenes.fredericus.menus"): "the table options page, when first opened",
    ("scenes.falconi.diagrams", "scenes.falconi.view"): "the board a rules diagram is cut from, when first drawn",
    ("scenes.fredericus.diagrams", "scenes.fredericus.view"): "the board a rules diagram is cut from, when first "
                                                              "drawn",
}


@dataclass(frozen=True)
class Import:
    importer: str
    imported: str
    line: int
    deferred: bool  # inside a function: it runs when the function does


def module_names(root: Path, package: str) -> dict[str, Path]:
    """Every module of ``package`` under ``root``, by dotted name (a package by its own name)."""
    names = {}
    for path in sorted((root / package).rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        names[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return names


class _Imports(ast.NodeVisitor):
    """The imports of one module among ``modules``: each ``from a.b import c`` names ``a.b.c`` if that is a
    module, else ``a.b``."""

    def __init__(self, importer: str, modules: dict[str, Path]) -> None:
        self.importer, self.modules = importer, modules
        self.depth = 0  # functions the visit is inside
        self.found: list[Import] = []

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self.depth += 1
        self.generic_visit(node)
        self.depth -= 1

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_If(self, node: ast.If) -> None:
        if ast.unparse(node.test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING"):
            for statement in node.orelse:
                self.visit(statement)
        else:
            self.generic_visit(node)

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._add(alias.name, node)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        assert node.level == 0, f"{self.importer}:{node.lineno}: the house imports absolutely"
        for alias in node.names:
            full = f"{node.module}.{alias.name}"
            self._add(full if full in self.modules else str(node.module), node)

    def _add(self, name: str, node: ast.stmt) -> None:
        while name and name not in self.modules:  # a name inside a module: the module
            name = name.rpartition(".")[0]
        if name and name != self.importer:
            self.found.append(Import(self.importer, name, node.lineno, self.depth > 0))


def imports_within(root: Path, package: str) -> list[Import]:
    """The imports between the modules of ``package``, at their top level and inside functions."""
    modules = module_names(root, package)
    found: list[Import] = []
    for name, path in modules.items():
        visitor = _Imports(name, modules)
        visitor.visit(ast.parse(path.read_text(encoding="utf-8")))
        found += visitor.found
    return found


def cycles(imports: list[Import]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, without recursion)."""
    graph: dict[str, set[str]] = {}
    for edge in imports:
        graph.setdefault(edge.importer, set()).add(edge.imported)
        graph.setdefault(edge.imported, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, successors = work[-1]
            following = next(successors, None)
            if following is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
            elif following not in index:
                index[following] = low[following] = len(index)
                stack.append(following)
                on_stack.add(following)
                work.append((following, iter(sorted(graph[following]))))
            elif following in on_stack:
                low[node] = min(low[node], index[following])
    return found


def test_scenes_modules_import_one_another_without_a_cycle():
    assert cycles(imports_within(ROOT, "scenes")) == []


def test_only_the_listed_imports_are_left_inside_functions():
    """A scene that needs a page above it asks the router; what stays deferred is listed above, with why."""
    deferred = {(edge.importer, edge.imported) for edge in imports_within(ROOT, "scenes") if edge.deferred}
    assert deferred == set(DEFERRED)


def test_an_import_inside_a_function_that_closes_a_circle_is_a_cycle(tmp_path):
    """The check can fail: two pages that open each other, one of them from inside a method."""
    (tmp_path / "toy").mkdir()
    (tmp_path / "toy" / "__init__.py").write_text("")
    (tmp_path / "toy" / "title.py").write_text("from toy.play import PlayScene\n")
    (tmp_path / "toy" / "play.py").write_text("class PlayScene:\n    def quit(self):\n"
                                              "        from toy import title\n")
    (tmp_path / "toy" / "rules.py").write_text("from typing import TYPE_CHECKING\n"
                                               "if TYPE_CHECKING:\n    from toy.title import Title\n")
    imports = imports_within(tmp_path, "toy")
    assert [(edge.importer, edge.imported, edge.deferred) for edge in imports if edge.deferred] == [
        ("toy.play", "toy.title", True)]
    assert cycles(imports) == [["toy.play", "toy.title"]]
