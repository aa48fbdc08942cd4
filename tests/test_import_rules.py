"""Who may import whom (docs/architecture.md): the rules core stands without the window, nothing the game runs
needs the art scripts, and the two games stand apart."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def imported_modules(path: Path, top_level_only: bool) -> set[str]:
    """The modules a file imports: at its top level only (what loading it pulls in), or anywhere."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes = tree.body if top_level_only else list(ast.walk(tree))
    names: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def files(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py"))


def starts(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


@pytest.mark.parametrize("path", files("game"), ids=lambda p: str(p.relative_to(ROOT)))
def test_the_rules_core_never_imports_the_window_or_the_tools(path):
    """``game/`` runs with no screen: it imports neither the window nor pygame, nor the developer's tools or
    the command line that start them, not even inside a function."""
    names = imported_modules(path, top_level_only=False)
    outside = ("scenes", "pygame", "devtools", "cli")
    assert not [name for name in names if any(starts(name, other) for other in outside)]


RULES_AND_AI = files("game/core") + files("game/falconi") + files("game/fredericus") + files("game/ai")


@pytest.mark.parametrize("path", RULES_AND_AI, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_rules_cores_and_the_ai_never_need_the_apps_services(path):
    """The rules and the AI know nothing of matches, saves, settings or statistics (``game/services/``)."""
    assert not [name for name in imported_modules(path, top_level_only=False) if starts(name, "game.services")]


@pytest.mark.parametrize("path", files("scenes"), ids=lambda p: str(p.relative_to(ROOT)))
def test_the_window_never_imports_the_tools(path):
    """The benchmarks, the soak, tournaments, screenshots and the catalogue drive the window; it never needs
    them."""
    names = imported_modules(path, top_level_only=False)
    assert not [name for name in names if starts(name, "devtools") or starts(name, "cli")]


HEADLESS_TOOLS = [ROOT / "devtools" / f"{name}.py"
                  for name in ("bench_rules", "bench_ai", "tournament", "strength_table", "intervals", "games")]
HEADLESS_TOOLS += sorted(path for path in (ROOT / "devtools").glob("*/*.py")  # each game's part (devtools.games)
                         if path.parent.name != "layout")
# the layout check draws the window, but the command line reads its languages from it before any window opens
HEADLESS_TOOLS += [ROOT / "devtools" / "layout" / "__init__.py", ROOT / "devtools" / "layout" / "check.py"]


@pytest.mark.parametrize("path", HEADLESS_TOOLS + files("cli"), ids=lambda p: str(p.relative_to(ROOT)))
def test_the_headless_tools_load_no_window_module(path):
    """A headless command (bench rules, tournament, simulate) must not pull in pygame: the window's modules
    are imported inside the functions that need them."""
    loaded = imported_modules(path, top_level_only=True)
    assert not [name for name in loaded if starts(name, "scenes") or starts(name, "pygame")]


EVERYTHING_THE_GAME_RUNS = files("game") + files("scenes") + files("devtools") + [ROOT / "main.py", *files("cli")]


@pytest.mark.parametrize("path", EVERYTHING_THE_GAME_RUNS, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_game_never_needs_the_art_scripts(path):
    assert not [name for name in imported_modules(path, top_level_only=False) if starts(name, "tools")]


@pytest.mark.parametrize("one, other", [("falconi", "fredericus"), ("fredericus", "falconi")])
def test_the_two_games_stand_apart(one, other):
    for path in files(f"game/{one}") + files(f"scenes/{one}"):
        names = imported_modules(path, top_level_only=False)
        assert not [name for name in names if starts(name, f"game.{other}") or starts(name, f"scenes.{other}")], path


def _game_names() -> tuple[str, ...]:
    from game.registry import game_names

    return game_names()


def _strings(tree: ast.Module) -> list[ast.Constant]:
    """The string constants of a module, its docstrings left out (f-strings' literal parts included)."""
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    return [node for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings]


GAME_FREE_WINDOW = [path for path in files("scenes")
                    if path.relative_to(ROOT / "scenes").parts[0] not in _game_names() and path.name != "boards.py"]


@pytest.mark.parametrize("path", GAME_FREE_WINDOW, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_window_module_outside_the_games_packages_and_the_board_registry_names_a_game(path):
    """The window asks a game's board (``scenes.boards``) for what differs between games: no module of
    ``scenes/`` but the games' own packages and the registry imports a game's package, or names a game in a
    string (``"falconi"``, ``"game.fredericus"``, ``f"rules.falconi.{…}"``), to branch on it or to look up its
    texts."""
    import re

    games = _game_names()
    imported = imported_modules(path, top_level_only=False)
    assert not [name for name in imported for game in games
                if starts(name, f"game.{game}") or starts(name, f"scenes.{game}")], path
    tree = ast.parse(path.read_text(encoding="utf-8"))
    named = [(node.lineno, node.value) for node in _strings(tree)
             if set(re.split(r"[^a-z0-9]+", node.value)) & set(games)]
    assert not named, f"{path.relative_to(ROOT)} names a game: {named}"


TEST_HELPERS = {path.stem for path in (ROOT / "tests").glob("*.py")} | {"tests"}


@pytest.mark.parametrize("path", files("game") + files("scenes") + files("devtools") + files("cli"),
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_the_product_never_needs_the_tests_helpers(path):
    """Test-only code (the Fredericus position builder, the stand-in network…) lives in ``tests/``, and nothing
    the game or the tools run imports it."""
    names = imported_modules(path, top_level_only=False)
    assert not [name for name in names if name.split(".")[0] in TEST_HELPERS]


@pytest.mark.parametrize("path", files("scenes"), ids=lambda p: str(p.relative_to(ROOT)))
def test_the_drawing_code_has_no_recorder_hook(path):
    """The layout check wraps the drawing functions from outside (``devtools/layout/recording.py``): no scene
    listens for it (``scenes.kit.fit`` was that hook)."""
    assert not [name for name in imported_modules(path, top_level_only=False) if starts(name, "scenes.kit.fit")]
