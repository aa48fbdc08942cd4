"""The AI's way to a game's knowledge (:class:`game.core.knowledge.GameKnowledge`): by its name, through the
registry of games."""

from __future__ import annotations

from game.core.knowledge import GameKnowledge
from game.registry import game_spec

__all__ = ["GameKnowledge", "knowledge_of"]


def knowledge_of(game_name: str) -> GameKnowledge:
    """The search's knowledge of the game named ``game_name`` (``GameError`` for a game nobody registered)."""
    return game_spec(game_name).knowledge()
