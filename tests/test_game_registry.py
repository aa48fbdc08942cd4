"""The registry of games: a tiny third game, written here in a few lines and registered, plays through the
match (with its save), the statistics, ``simulate`` and every AI level without a line changed elsewhere."""

from __future__ import annotations

import ast
import random
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from takeaway_game import TAKEAWAY, TakeAway, TakeAwayOptions

from game.ai.levels import level_makers
from game.core.errors import GameError, IllegalActionError
from game.core.gamespec import GameSpec
from game.core.simulate import simulate
from game.core.view import SeatView
from game.falconi.options import FalconiOptions
from game.registry import game_names, game_spec, register, unregister
from game.services.match import Match, MatchSetup, SeatPlan, setup_from_spec
from game.services.settings import settings_from_json
from game.services.stats import Stats, match_results


@pytest.fixture
def takeaway() -> Iterator[GameSpec]:
    register(TAKEAWAY)
    yield TAKEAWAY
    unregister(TAKEAWAY.name)


def test_a_registered_game_plays_through_a_match_and_its_save(takeaway):
    setup = MatchSetup("takeaway", (SeatPlan.human(0), SeatPlan.ai("easy")), seed=2, options=TakeAwayOptions(5))
    assert setup.options == TakeAwayOptions(5) and setup.spec is takeaway
    match = Match(setup)
    assert match.state.stones == 7
    match.play(2)
    with pytest.raises(IllegalActionError):
        match.play(3)
    again = Match.from_json(match.to_json())
    assert again.state.to_json() == match.state.to_json() and [e.text for e in again.log] == ["2"]
    while not match.state.is_terminal():
        match.play(1)
    stats = Stats()
    for key, won, score in match_results(match):
        stats = stats.counted(key, won, score)
    assert [(key.variant, key.role, tally.played) for key, tally in stats.lines("takeaway")] == [("any", "player", 1)]


def test_a_registered_game_checks_its_own_seats_and_options(takeaway):
    with pytest.raises(GameError, match="two or more players"):
        MatchSetup("takeaway", (SeatPlan.human(0), SeatPlan("off")))
    with pytest.raises(GameError, match="the options of takeaway are a TakeAwayOptions, not a FalconiOptions"):
        MatchSetup("takeaway", (SeatPlan.human(0),) * 2, options=FalconiOptions("salami"))
    setup = setup_from_spec("takeaway", "human,hard,easy", 4)
    assert [plan.kind for plan in setup.seats] == ["person", "ai", "ai"] and setup.options == TakeAwayOptions(7)


def test_a_registered_game_is_simulated_and_played_by_every_ai_level(takeaway):
    summary = simulate(lambda seed: game_spec("takeaway").new_state(TakeAwayOptions(7), (True, True), seed),
                       {0: level_makers()["random"](), 1: level_makers()["random"]()}, games=6, seed=1)
    assert summary["games"] == 6 and summary["errors"] == 0
    for level, make in level_makers().items():
        state = TakeAway(4)
        action = make().choose(SeatView(state), random.Random(1))
        assert action in state.legal_actions(), level
    # Four stones, two to take: the searching levels find the only winning move (take one, leave three).
    assert level_makers()["hard"]().choose(SeatView(TakeAway(4)), random.Random(1)) == 1


def test_an_unknown_game_is_refused_by_name():
    assert "takeaway" not in game_names()
    with pytest.raises(GameError, match="unknown game 'takeaway'; choose falconi or fredericus"):
        MatchSetup("takeaway", (SeatPlan.human(0),) * 2)


ROOT = Path(__file__).resolve().parent.parent
# Each game's own packages, in every layer, and the registries that list the games.
OWN = ("game/falconi/", "game/fredericus/", "scenes/falconi/", "scenes/fredericus/", "devtools/falconi/",
       "devtools/fredericus/")
REGISTRIES = ("game/registry.py", "scenes/boards.py")


def names_a_game(path: Path) -> list[str]:
    """The string constants of ``path`` that are a boxed game's name."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [f"{path.relative_to(ROOT)}:{node.lineno}" for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and node.value in ("falconi", "fredericus")]


PROGRAM = [path for folder in ("game", "scenes", "devtools", "cli") for path in sorted((ROOT / folder).rglob("*.py"))]


@pytest.mark.parametrize("paths", [PROGRAM + [ROOT / "main.py"]], ids=["program"])
def test_no_module_outside_the_registries_and_the_games_own_packages_names_a_game(paths):
    found = [hit for path in paths
             if not str(path.relative_to(ROOT)).startswith(OWN) and str(path.relative_to(ROOT)) not in REGISTRIES
             for hit in names_a_game(path)]
    assert found == []


GAME_PACKAGES = tuple(f"{layer}.{game}" for layer in ("game", "scenes", "devtools")
                      for game in ("falconi", "fredericus"))


def imports_a_game(path: Path) -> list[str]:
    """The modules of the boxed games' own packages that ``path`` imports."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    named = [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names]
    named += [node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
    return [f"{path.relative_to(ROOT)}: {module}" for module in named
            if module.startswith(GAME_PACKAGES)]


def test_no_module_outside_the_registries_and_the_games_own_packages_imports_a_game():
    """Settings, series, services and the kit ask the registries; only those import a game's package."""
    found = [hit for path in PROGRAM
             if not str(path.relative_to(ROOT)).startswith(OWN) and str(path.relative_to(ROOT)) not in REGISTRIES
             for hit in imports_a_game(path)]
    assert found == []


def test_a_registered_games_once_only_cards_may_be_remembered_as_seen(takeaway):
    register(replace(takeaway, once_cards=("heap",)))
    settings, problems = settings_from_json({"seen_cards": ["heap", "salami"]})
    assert settings.seen_cards == ("heap", "salami") and problems == []
    unregister(takeaway.name)
    assert [problem.setting for problem in settings_from_json({"seen_cards": ["heap"]})[1]] == ["seen_cards"]
