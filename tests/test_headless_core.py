"""``game/`` never imports pygame: rules, bots, saves and simulations run with no screen."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHECK = """
import importlib, pkgutil, sys
import game
for module in pkgutil.walk_packages(game.__path__, "game."):
    importlib.import_module(module.name)
from cli import main
assert main(["simulate", "falconi", "--variant", "diavola", "--games", "2", "--json"]) == 0
bad = sorted(name for name in sys.modules if name == "pygame" or name.startswith("pygame."))
assert not bad, bad
print("headless ok")
"""


def test_importing_every_game_module_and_simulating_leaves_pygame_out():
    result = subprocess.run([sys.executable, "-c", CHECK], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "headless ok" in result.stdout
    assert "cannot import pygame" not in result.stderr
