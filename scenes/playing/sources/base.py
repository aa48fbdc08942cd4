"""What a move source tells the one play scene (``scenes/playing/play.py``): everything that differs between a
local game, an online table, a tutorial and a replay. The scene draws the board, runs the chooser, the animations, the
banners, the hints and the log the same way for every source; the source says who decides here and what they may
choose, where a chosen action goes, what moves the other seats, what the HUD and the pause menu say, what happens
at the end, and what it draws over the rest (or, a replay, the side panel instead of the scene's). The board reads
the match only through :class:`MatchView`."""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.core.explanation import Explanation
from game.core.protocol import Action, GameState, Seat
from game.services.match import LogEntry, MatchSetup
from scenes.kit import input as inp
from scenes.kit.results import SceneResult
from scenes.kit.stack import Transition
from scenes.playing import hud

if TYPE_CHECKING:
    from scenes.playing.play import PlayScene


class MatchView(Protocol):
    """A match as a screen reads it, never changes it: a local ``Match`` and an online table's ``Mirror`` both
    are one."""

    @property
    def setup(self) -> MatchSetup: ...

    @property
    def state(self) -> GameState[Any]: ...

    @property
    def log(self) -> list[LogEntry]: ...

    def can_undo(self) -> bool: ...


@dataclass(frozen=True)
class Taken:
    """An intent a source took whole before the scene saw it (a tutorial's own keys): the scene does nothing
    else with it, and answers ``transition``."""

    transition: Transition | None = None


@dataclass(frozen=True)
class BoardMarks:
    """What the board marks besides the position: ``last``, the entries drawn as the last move; ``why``, the
    explanations of its moment; ``shake``, whether an animation's shake moves the board."""

    last: tuple[LogEntry, ...]
    why: tuple[Explanation, ...]
    shake: bool


class SceneLink:
    """A source's way back to the scene that shows its match, held weakly: the scene holds its source, and no
    cycle may keep a scene left behind alive until the cycle collector runs (``tests/test_scene_memory.py``)."""

    _scene: weakref.ref[PlayScene[Any]] | None = None

    def attach(self, scene: PlayScene[Any]) -> None:
        self._scene = weakref.ref(scene)

    @property
    def scene(self) -> PlayScene[Any]:
        scene = self._scene() if self._scene is not None else None
        assert scene is not None, "a move source is used only while its scene is"
        return scene


class ScenePanel(SceneLink):
    """A source that leaves the side panel and the board's marks to the scene: every source but the replay."""

    def board_marks(self) -> BoardMarks | None:
        return None  # the scene's: the last turn, explained for a while

    def draw_panel(self, surface: pygame.Surface) -> bool:
        return False  # the scene's: whose turn, the HUD, the log, the action bar

    def draw_above_log(self, surface: pygame.Surface, top: int, bottom: int) -> int:
        return top  # nothing stands there


class MoveSource(Protocol):
    """Everything about a match on screen that depends on where its moves come from."""

    asks_before_losing: bool  # a move that would lose its maker the game asks first (setting confirm_losses)

    @property
    def match(self) -> MatchView: ...

    def attach(self, scene: PlayScene[Any]) -> None:
        """The scene that shows this source's match, which the source tells of every change."""

    # --- who decides here, and what they may choose and see ---------------------------------------------------
    def person_to_play(self) -> int | None:
        """The person at this screen who decides now, or ``None``."""

    def accepts(self, device: str) -> bool:
        """Whether board input from ``device`` counts now."""

    def may_choose(self) -> bool:
        """Whether a choice is offered now (a hand-over may have to come first)."""

    def legal_now(self) -> Sequence[Action]:
        """The actions the person deciding here may choose among."""

    def visible_seats(self) -> frozenset[Seat]:
        """The seats whose secrets may be drawn now."""

    def waiting(self) -> bool:
        """A page is due over the board (a hand-over, a missing pad): nothing else opens before it."""

    # --- moves ------------------------------------------------------------------------------------------------
    def choose(self, action: Action) -> None:
        """The person deciding here chose ``action``."""

    def intercept(self, intent: inp.Intent) -> Taken | None:
        """An intent the source takes before the scene does, or ``None``: the scene handles it."""

    def handled(self) -> None:
        """The scene handled an intent: what the source keeps in step with the chooser."""

    def synced(self) -> None:
        """The scene made its chooser again for the position: what the source keeps in step with it."""

    def before_frame(self, dt: float) -> Taken | None:
        """The start of a frame: messages taken in, clocks moved; a ``Taken`` ends the frame there."""

    def drive(self, dt: float) -> Transition | None:
        """Between moves, what moves the other seats (and the pages they need)."""

    def busy(self) -> bool:
        """Whether frames must be drawn although nothing moves on the board."""

    def next_change_in(self) -> float | None:
        """When not busy: seconds until the source may change the scene by itself (a save's failure to tell, a
        server's message to take in), ``None``: never without input (``Scene.next_change_in``)."""

    def undo(self, device: str) -> None:
        """The undo key, from ``device``."""

    # --- pages and the end ------------------------------------------------------------------------------------
    def pause(self, device: str) -> Transition:
        """The pause menu, opened from ``device``."""

    def resume(self, result: SceneResult | None) -> Transition | None:
        """A page this source opened answered ``result`` (the results every source shares the scene handles)."""

    def game_over(self) -> Transition | None:
        """The final position has been seen: what comes next, or ``None`` to wait."""

    def leave(self) -> None:
        """The scene is going: what is saved, counted or closed."""

    # --- words and drawing ------------------------------------------------------------------------------------
    def players(self) -> dict[Seat, hud.Player]:
        """Who plays each seat, for the HUD's cards."""

    def status_line(self) -> str:
        """Whose turn it is, atop the panel."""

    def board_marks(self) -> BoardMarks | None:
        """What the board marks, where the source decides it (a replay: the one action that led to the position
        shown, explained for good, no shake); ``None``: the scene's own (the last turn, explained for a while)."""

    def draw_panel(self, surface: pygame.Surface) -> bool:
        """The side panel drawn by the source instead of the scene's status, HUD, log and action bar (a replay's
        transport); whether it drew it."""

    def draw_above_log(self, surface: pygame.Surface, top: int, bottom: int) -> int:
        """What stands at the top of the log's room, between ``top`` and ``bottom``; where it ends."""

    def draw_over(self, surface: pygame.Surface) -> None:
        """What the source draws over the finished screen."""
