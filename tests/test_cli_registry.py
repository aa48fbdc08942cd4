"""The command line and the developer's tools name no game: they go round the registry of games
(:mod:`game.registry`) and ask each game's own part of the tools (``devtools/<game>/``, found by
:mod:`devtools.games`) for its options, matches, benchmark set-ups, screens and soak matches."""

from __future__ import annotations

import argparse
import ast
import sys
import types
from pathlib import Path

import pytest
from takeaway_game import TAKEAWAY

import cli
from devtools import games, strength_table, tournament
from devtools.games import PARTS, parts
from game.registry import game_names, game_spec, register, unregister

ROOT = Path(__file__).resolve().parent.parent
GAMES = game_names()


def tool_files() -> list[Path]:
    """The command line and every tool but the games' own parts."""
    tools = [path for path in sorted((ROOT / "devtools").rglob("*.py"))
             if path.relative_to(ROOT / "devtools").parts[0] not in GAMES]
    return tools + sorted((ROOT / "cli").glob("*.py")) + [ROOT / "main.py"]


def imported(tree: ast.Module) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def of_a_game(module: str, games: tuple[str, ...] = GAMES) -> bool:
    return any(module == f"{package}.{game}" or module.startswith(f"{package}.{game}.")
               for game in games for package in ("game", "scenes", "devtools"))


@pytest.mark.parametrize("path", tool_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_tool_outside_the_games_own_parts_names_a_game(path):
    """Neither a game's name as a string (to branch on it or to make its set-ups) nor an import of a game's
    packages: what differs between games comes from the game's own part."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    named = [(node.lineno, node.value) for node in ast.walk(tree)
             if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.strip() in GAMES]
    assert not named, f"{path.relative_to(ROOT)} names a game: {named}"
    assert not [name for name in imported(tree) if of_a_game(name)], path


@pytest.mark.parametrize("game", GAMES)
def test_each_games_part_of_the_tools_stands_apart_from_the_others(game):
    others = tuple(other for other in GAMES if other != game)
    for path in sorted((ROOT / "devtools" / game).rglob("*.py")):
        assert not [name for name in imported(ast.parse(path.read_text(encoding="utf-8"))) if of_a_game(name, others)]


def subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    return next(action.choices for action in parser._actions if isinstance(action, argparse._SubParsersAction))


def members(protocol: type) -> set[str]:
    return {name for name in vars(protocol) if not name.startswith("_")} | set(protocol.__annotations__)


def test_every_game_has_every_part_and_the_play_and_simulate_commands():
    protocols = {"cli": games.CliPart, "matches": games.MatchesPart, "benches": games.BenchesPart,
                 "window": games.WindowPart}
    assert set(protocols) == set(PARTS)
    for part, protocol in protocols.items():
        assert [name for name, _module in parts(part)] == list(GAMES), part
        for name, module in parts(part):
            assert not [member for member in members(protocol) if not hasattr(module, member)], (name, part)
    commands = subcommands(cli.build_parser())
    for command in ("play", "simulate"):
        assert list(subcommands(commands[command])) == list(GAMES)
        text = commands[command].format_help()
        assert all(f"{name}  " in text and game_spec(name).title in text for name in GAMES), text


@pytest.fixture
def takeaway(monkeypatch):
    """A third game in the registry, with no part of the tools of its own."""
    monkeypatch.setattr(tournament, "_MAKERS", {})
    register(TAKEAWAY)
    yield TAKEAWAY
    unregister(TAKEAWAY.name)


def test_a_game_with_no_part_of_the_tools_is_left_out_of_them(takeaway, capsys):
    assert takeaway.name in game_names() and all(takeaway.name not in dict(parts(part)) for part in PARTS)
    assert cli.main(["simulate", takeaway.name]) == 2 and "invalid choice" in capsys.readouterr().err
    games = {match["game"] for match in strength_table.strength_plan(1, levels=["easy"], cheat=False)}
    assert games == set(GAMES)
    with pytest.raises(Exception, match="do not know the game"):
        tournament.format_row({"game": takeaway.name, "kind": "takeaway"})


def test_a_third_game_plays_a_tournament_through_its_own_part(takeaway, monkeypatch):
    """The tournament's machinery plays any registered game: the registry makes its states and its ``greedy``,
    its own part watches the games (here: nothing) and says what a row played."""
    part = types.ModuleType("devtools.takeaway.matches")
    part.RESULT_FIELDS = {"stones_left": None}
    part.watch = lambda state: None
    part.describe = lambda row, tally: f"take-away {row['bot']} first  {tally}"
    monkeypatch.setitem(sys.modules, "devtools.takeaway", types.ModuleType("devtools.takeaway"))
    monkeypatch.setitem(sys.modules, "devtools.takeaway.matches", part)
    options = takeaway.options_type()
    tasks = [tournament.GameTask(takeaway.name, options, (True, True), ("greedy", "random"), seed)
             for seed in range(1, 5)]

    def summarise(results):
        wins = sum(0 in result["winners"] for result in results if not result["error"])
        return {"kind": "takeaway", "game": takeaway.name, "bot": "greedy",
                **tournament.rate_fields(wins, len(results)), "errors": tournament.error_fields(results)[0]}

    (row,) = tournament.run_plans([tournament.Plan("takeaway-greedy", tasks, summarise)], jobs=1)
    assert row["finished"] == 4 and row["errors"] == 0
    assert row["text"].startswith("take-away greedy first  ") and "/4" in row["text"]
    assert tournament.play_task(tasks[0])["stones_left"] is None
