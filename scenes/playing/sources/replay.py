"""The replay of a finished match, opened from its game-over screen: a move source that plays the match's own
actions in the play scene, the board after any number of them, stepped forward (with the action's animation)
and back, or played on by itself, with the log beside it. The game is over, so every seat's secrets are shown,
and nobody chooses: the source takes every intent and draws the side panel itself.

Its buttons (``scenes.playing.replay_controls``) are a media player's: first, one action back, play or pause,
one action on, last, and a close button. Each has its key and pad button: Home / LB the start, Left and Right
/ the d-pad a step, End / RB the end, Esc / B close. Tab (pad X) moves the focus along the buttons and Enter,
Space (pad A) press the focused one, which is play until the player moves it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from game.core.explanation import Explanation
from game.core.protocol import Action, GameState, Seat
from game.services.match import LogEntry, Match, MatchSetup
from scenes.context import AppContext
from scenes.kit import input as inp
from scenes.kit.results import SceneResult
from scenes.kit.stack import Pop, Transition
from scenes.playing import hud
from scenes.playing.people import named_seats, seat_players
from scenes.playing.play import PlayScene
from scenes.playing.replay_controls import NAMES, button_at
from scenes.playing.replay_panel import draw_replay_panel
from scenes.playing.sources.base import BoardMarks, SceneLink, Taken

STEP_SECONDS = 0.9  # while playing: the pause after each action's animation

SHORTCUTS: dict[inp.IntentKind, str] = {  # the key or pad button of each button
    inp.HOME: "first", inp.LEFT: "back", inp.UP: "back", inp.RIGHT: "forward", inp.DOWN: "forward",
    inp.END: "last", inp.BACK: "close", inp.PAUSE: "close",
}
# The pad's shoulder buttons (turning a tile in a game) go to the start and the end; the mouse wheel and R / E
# give the same intents, and do nothing here.
PAD_SHORTCUTS: dict[inp.IntentKind, str] = {inp.ROTATE_CCW: "first", inp.ROTATE_CW: "last"}
PASSIVE = frozenset({inp.PAD_ADDED, inp.PAD_REMOVED})


def replay_scene(context: AppContext, match: Match) -> PlayScene[ReplaySource]:
    """The play scene replaying ``match``, opened on its final position."""
    return PlayScene(context, ReplaySource(context, match))


class ReplayedMatch:
    """The match as it stood after ``shown`` of its actions: what the play scene reads."""

    def __init__(self, setup: MatchSetup, states: list[GameState[Any]], log: list[LogEntry]) -> None:
        self.setup, self.states, self.whole_log = setup, states, log
        self.shown = len(log)

    @property
    def state(self) -> GameState[Any]:
        return self.states[self.shown]

    @property
    def log(self) -> list[LogEntry]:
        return self.whole_log[:self.shown]

    def can_undo(self) -> bool:
        return False


class ReplaySource(SceneLink):
    """A finished match's actions, played again at the player's pace."""

    asks_before_losing = False  # nobody chooses

    def __init__(self, context: AppContext, match: Match) -> None:
        self.context = context
        self.log: list[LogEntry] = list(match.log)
        # the state after each number of actions, played once here: stepping back and forth only picks from it
        self.states, self.actions = match.positions()
        self.replayed = ReplayedMatch(match.setup, self.states, self.log)  # it opens on the final position
        self.playing = False
        self.wait = 0.0
        self.seats = frozenset(self.states[0].seats)  # the game is over: nothing is secret any more
        self.named = named_seats(context, match.setup)  # the person beside each seat, where several played
        self.focus = "play"  # the button Enter, Space and pad A press
        self.choosing = False  # moving the focus along the buttons (Tab): the focused one shows its tip
        self.device = "keyboard"  # whose keys the reminder names: "keyboard" (with the mouse) or "pad"
        self._why: tuple[int, tuple[Explanation, ...]] | None = None  # the explanation of the position shown

    @property
    def match(self) -> ReplayedMatch:
        return self.replayed

    @property
    def shown(self) -> int:
        """How many of the match's actions the board shows played."""
        return self.replayed.shown

    def attach(self, scene: PlayScene[Any]) -> None:
        super().attach(scene)
        scene.music = None  # no loop of its own: the game-over screen's below plays on
        scene.holds_board = False  # closed, it goes back to the game-over screen, whose board stays in memory

    # --- moving through the match ------------------------------------------------------------------------------
    def go(self, shown: int) -> None:
        """Show the position after ``shown`` actions; one step forward is animated."""
        shown = max(0, min(len(self.log), shown))
        scene = self.scene
        scene.timeline.skip()
        if shown == self.shown + 1:
            before, after = self.states[self.shown], self.states[shown]
            scene.timeline.add(scene.view.animations(before, self.actions[self.shown], after.clone(), self.seats))
        self.replayed.shown = shown
        if self.shown == len(self.log):
            self.playing = False

    def enabled(self) -> dict[str, bool]:
        """Which buttons can do something now: none goes back from the start, nor on from the end."""
        at_start, at_end = self.shown == 0, self.shown == len(self.log)
        return {"first": not at_start, "back": not at_start, "forward": not at_end, "last": not at_end}

    def intercept(self, intent: inp.Intent) -> Taken | None:
        """Every intent is the replay's: it has its own keys, and nothing on the board is chosen."""
        return Taken(self._handle(intent))

    def _handle(self, intent: inp.Intent) -> Transition | None:
        kind = intent.kind
        if kind in PASSIVE:
            return None
        self.device = "pad" if intent.device.startswith("pad") else "keyboard"
        if kind in (inp.POINT, inp.CLICK) and intent.pos is not None:
            name = button_at(intent.pos)
            if name is None:
                return None
            self.focus = name  # the pointer moves the focus, as in a menu
            return self.press(name, clicked=True) if kind == inp.CLICK else None
        if kind in (inp.NEXT, inp.PREV):
            step = 1 if kind == inp.NEXT else -1
            self.focus = NAMES[(NAMES.index(self.focus) + step) % len(NAMES)]
            self.choosing = True
            return None
        if kind == inp.CONFIRM:
            return self.press(self.focus, clicked=True)
        self.choosing = False  # a player on the shortcut keys reads their reminder, which the tip would cover
        name = SHORTCUTS.get(kind) or (PAD_SHORTCUTS.get(kind) if intent.device.startswith("pad") else None)
        return self.press(name) if name else None

    def press(self, name: str, clicked: bool = False) -> Transition | None:
        """Do what button ``name`` does; ``clicked``: pressed on screen or by its focus, which clicks (or
        refuses, greyed)."""
        if clicked:
            self.context.audio.play("click" if self.enabled().get(name, True) else "deny")
        if name == "close":
            return Pop()
        if name == "play":
            self.playing = not self.playing
            if self.playing and self.shown == len(self.log):
                self.go(0)  # played from the start again
            self.wait = 0.0
            return None
        self.playing = False
        target = {"first": 0, "back": self.shown - 1, "forward": self.shown + 1, "last": len(self.log)}[name]
        self.go(target)
        return None

    def before_frame(self, dt: float) -> Taken | None:
        """The step's animation, and while playing the next step after a pause; the game's end waits for
        nobody here, so the frame ends there."""
        speed = self.context.settings.animation_speed
        timeline = self.scene.timeline
        timeline.update(dt * speed)
        if self.playing and not timeline.busy:
            self.wait += dt * speed
            if self.wait >= STEP_SECONDS:
                self.wait = 0.0
                self.go(self.shown + 1)
        return Taken()

    def busy(self) -> bool:
        return self.playing

    def next_change_in(self) -> float | None:
        return None  # paused, a replay moves only when told to

    # --- what a match with choices would ask: nobody chooses here --------------------------------------------
    def person_to_play(self) -> int | None:
        return None

    def accepts(self, device: str) -> bool:
        return False

    def may_choose(self) -> bool:
        return False

    def legal_now(self) -> Sequence[Action]:
        return ()

    def visible_seats(self) -> frozenset[Seat]:
        return self.seats

    def waiting(self) -> bool:
        return False

    def choose(self, action: Action) -> None:
        """Never asked: no choice is offered."""

    def handled(self) -> None:
        """Never asked: every intent is taken."""

    def synced(self) -> None:
        """Nothing keeps in step with a chooser that is never made."""

    def drive(self, dt: float) -> Transition | None:
        return None  # the frame ends before (see before_frame)

    def undo(self, device: str) -> None:
        """The back button steps back instead."""

    def pause(self, device: str) -> Transition:
        return Pop()  # the replay closes, as its Esc does

    def resume(self, result: SceneResult | None) -> Transition | None:
        return None  # it opens no page

    def game_over(self) -> Transition | None:
        return None  # the game was over before the replay began

    def leave(self) -> None:
        """Nothing saved, counted or closed: the match was when it ended."""

    # --- drawing --------------------------------------------------------------------------------------------
    def players(self) -> dict[Seat, hud.Player]:
        return seat_players(self.context, self.replayed)

    def status_line(self) -> str:
        return self.context.tr("replay.step", step=self.shown, total=len(self.log))

    def board_marks(self) -> BoardMarks:
        """The action that led to the position shown, marked as it was in the game, and explained for good."""
        return BoardMarks(tuple(self.log[self.shown - 1:self.shown]), self._explained(), False)

    def _explained(self) -> tuple[Explanation, ...]:
        """Why the position shown came about, asked of the rules once a step (the board is drawn every frame)."""
        if self._why is None or self._why[0] != self.shown:
            shown = self.shown
            why = (self.scene.view.explain(self.states[shown - 1], self.actions[shown - 1], self.states[shown])
                   if shown else ())
            self._why = (shown, why)
        return self._why[1]

    def draw_panel(self, surface: pygame.Surface) -> bool:
        draw_replay_panel(surface, self.context, self)
        return True

    def draw_above_log(self, surface: pygame.Surface, top: int, bottom: int) -> int:
        return top  # the panel is the replay's own

    def draw_over(self, surface: pygame.Surface) -> None:
        """Nothing over the screen."""
