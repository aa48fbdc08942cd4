"""Why the last moment happened, shown on the board: the explanations a board view finds for a move (the road
of a catch, the blocks round a blocked car, the cards of a capture: ``game.core.explanation``), kept for a
few seconds after the move, and for good once the game is over. They are drawn into the kept board picture
(their :meth:`ShownWhy.now` is part of its key), so a resting board costs nothing per frame."""

from __future__ import annotations

from typing import Any

from game.core.explanation import Explanation
from game.services.match import Played
from scenes.playing.gameview import GameView

SECONDS = 4.0  # how long a move's explanation stays on the board (at animation speed 1)
HOLD = 1.5  # an AI seat's next move waits this long, so the explanation is seen before the board moves on


class ShownWhy:
    """The play scene's explanations of its last explained move."""

    def __init__(self, view: GameView[Any, Any, Any]) -> None:
        self.view = view
        self.shown: tuple[Explanation, ...] = ()
        self.left = 0.0  # seconds it stays
        self.at = -1  # the log's length just after its move: any other move (or an undo) hides it

    def played(self, played: Played, log_length: int) -> None:
        """Explain ``played`` (the move that made the log ``log_length`` long), if it has anything to explain."""
        found = self.view.explain(played.before, played.action, played.after)
        if found:
            self.shown, self.left, self.at = found, SECONDS, log_length

    def update(self, dt: float, over: bool) -> None:
        """Time passes; once the game is over, its last explanation stays."""
        if not over:
            self.left = max(0.0, self.left - dt)

    def next_change_in(self, over: bool) -> float | None:
        """Seconds (at animation speed 1) until the explanation goes; ``None``: none is going."""
        return self.left if self.left > 0 and not over else None

    def now(self, log_length: int) -> tuple[Explanation, ...]:
        """What to draw on the board of the position after ``log_length`` moves."""
        return self.shown if self.left > 0 and self.at == log_length else ()

    def holds(self, log_length: int) -> bool:
        """Whether an AI seat's next move should wait: the explanation came up less than ``HOLD`` seconds ago."""
        return bool(self.now(log_length)) and SECONDS - self.left < HOLD
