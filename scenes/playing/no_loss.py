"""No accidental loss: a move that would lose the game for the person making it is asked about first, in their
words (Board Game Arena's "confirm moves"), unless the setting *Confirm moves that lose* is off. The rules core
says which moves these are (``GameState.self_defeat``); the question starts on No, so a hurried Enter, click or
pad button never plays one."""

from __future__ import annotations

from typing import Any

from game.core.protocol import Action, GameState, Seat
from scenes.context import AppContext
from scenes.kit.results import ConfirmedMove
from scenes.pages.overlays import ConfirmOverlay


def losing_question(context: AppContext, state: GameState[Any], action: Action,
                    allies: frozenset[Seat]) -> ConfirmOverlay | None:
    """The question to ask before ``action``, which pops ``ConfirmedMove(action)`` when confirmed; ``None`` where the
    move loses nothing, or the player turned the question off. ``allies``: the mover's other seats."""
    if not context.settings.confirm_losses:
        return None
    warning = state.self_defeat(action, allies)
    if warning is None:
        return None
    tr = context.tr
    return ConfirmOverlay(context, tr("confirm.losing_move"), ConfirmedMove(action), safe=True,
                          detail=tr.message(warning))
