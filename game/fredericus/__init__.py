"""Fredericus: the headless rules engine for 2–4 falconers (rulings R-1 … R-10)."""

from game.fredericus.actions import Action
from game.fredericus.state import FredericusState

__all__ = ["Action", "FredericusState"]
