"""What the search needs to know of a game: terminal utilities, a value guess for unfinished games, and the
heuristic the easy level follows. Each game's registration (:mod:`game.registry`) makes one; the AI asks for it
by the game's name."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.core.message import Message
from game.core.protocol import GameState, Seat


@dataclass(frozen=True)
class GameKnowledge:
    utilities: Callable[[GameState[Any]], list[float]]  # finished game -> worth per seat index, 0..1
    values: Callable[[GameState[Any]], list[float]]  # unfinished game -> estimated worth per seat index
    # values for the positions of one search, free to remember work across them; the memory goes with it
    values_for_one_search: Callable[[], Callable[[GameState[Any]], list[float]]]
    evaluate: Callable[[GameState[Any], Seat], float]  # heuristic for one-ply look-ahead (easy level)
    rollout_depth: Callable[[GameState[Any]], int]  # random actions to play after the tree before guessing
    easy_lookahead: int  # search iterations of the easy level; 0: it plays ``evaluate``'s one-ply choice
    # the ``sitter`` yardstick plays only actions for which this is true, while it has one (a game without
    # such a notion allows every action)
    stays_put: Callable[[Any], bool] = lambda _action: True
    # actions the searching levels never choose while another is legal, judged on a sample of the position
    # (only what the deciding seat sees is used): moves the value guess cannot tell from progress
    pointless: Callable[[GameState[Any], Any], bool] = lambda _state, _action: False
    # why a hint suggests an action, in one sentence, from the value guess's terms (for the deciding seat, from
    # what it may see); ``None``: the game tells no reason
    hint_reason: Callable[[GameState[Any], Any], Message] | None = None
