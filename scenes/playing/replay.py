"""The replay of a finished match, opened from its game-over screen: the board after any number of its
actions, stepped forward (with the action's animation) and back, or played on by itself, with the log beside
it. The game is over, so every seat's secrets are shown.

Its buttons (``scenes.playing.replay_controls``) are a media player's: first, one action back, play or pause,
one action on, last, and a close button. Each has its key and pad button: Home / LB the start, Left and Right
/ the d-pad a step, End / RB the end, Esc / B close. Tab (pad X) moves the focus along the buttons and Enter,
Space (pad A) press the focused one, which is play until the player moves it."""

from __future__ import annotations

import pygame

from game.services.match import LogEntry, Match
from scenes.boards import board
from scenes.context import AppContext
from scenes.kit import input as inp
from scenes.kit import ui_art
from scenes.kit.animation import Timeline
from scenes.kit.stack import Pop, Scene, Transition
from scenes.kit.ui import ACCENT, BACKGROUND, DIM, TEXT
from scenes.playing.board_picture import BoardPicture
from scenes.playing.gameview import PANEL_AREA
from scenes.playing.people import named_seats
from scenes.playing.replay_controls import NAMES, button_at, button_rects, draw_buttons

STEP_SECONDS = 0.9  # while playing: the pause after each action's animation
LOG_LINES = 14  # entries shown round the current one
KEYS_SIZES, KEYS_LINE = (18, 17, 16, 15), 19  # the keys' reminder over the transport row: the first size that fits

SHORTCUTS: dict[inp.IntentKind, str] = {  # the key or pad button of each button
    inp.HOME: "first", inp.LEFT: "back", inp.UP: "back", inp.RIGHT: "forward", inp.DOWN: "forward",
    inp.END: "last", inp.BACK: "close", inp.PAUSE: "close",
}
# The pad's shoulder buttons (turning a tile in a game) go to the start and the end; the mouse wheel and R / E
# give the same intents, and do nothing here.
PAD_SHORTCUTS: dict[inp.IntentKind, str] = {inp.ROTATE_CCW: "first", inp.ROTATE_CW: "last"}
PASSIVE = frozenset({inp.PAD_ADDED, inp.PAD_REMOVED})


class ReplayScene(Scene):
    def __init__(self, context: AppContext, match: Match) -> None:
        self.context, self.match = context, match
        self.view = board(match.setup.game).make_view(context)
        self.log: list[LogEntry] = list(match.log)
        # the state after each number of actions, played once here: stepping back and forth only picks from it
        self.states, self.actions = match.positions()
        self.shown = len(self.log)  # it opens on the final position
        self.playing = False
        self.wait = 0.0
        self.timeline = Timeline(context.audio.play)
        self.board_picture = BoardPicture("replay")
        self.seats = frozenset(self.states[0].seats)  # the game is over: nothing is secret any more
        self.named = named_seats(context, match.setup)  # the person beside each seat, where several played
        self.focus = "play"  # the button Enter, Space and pad A press
        self.choosing = False  # moving the focus along the buttons (Tab): the focused one shows its tip
        self.device = "keyboard"  # whose keys the reminder names: "keyboard" (with the mouse) or "pad"

    @property
    def animating(self) -> bool:
        return self.playing or self.timeline.busy

    # --- moving through the match ------------------------------------------------------------------------------
    def go(self, shown: int) -> None:
        """Show the position after ``shown`` actions; one step forward is animated."""
        shown = max(0, min(len(self.log), shown))
        self.timeline.skip()
        if shown == self.shown + 1:
            before, after = self.states[self.shown], self.states[shown]
            self.timeline.add(self.view.animations(before, self.actions[self.shown], after.clone(), self.seats))
        self.shown = shown
        if self.shown == len(self.log):
            self.playing = False

    def enabled(self) -> dict[str, bool]:
        """Which buttons can do something now: none goes back from the start, nor on from the end."""
        at_start, at_end = self.shown == 0, self.shown == len(self.log)
        return {"first": not at_start, "back": not at_start, "forward": not at_end, "last": not at_end}

    def handle(self, intent: inp.Intent) -> Transition | None:
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

    def update(self, dt: float) -> Transition | None:
        speed = self.context.settings.animation_speed
        self.timeline.update(dt * speed)
        if self.playing and not self.timeline.busy:
            self.wait += dt * speed
            if self.wait >= STEP_SECONDS:
                self.wait = 0.0
                self.go(self.shown + 1)
        return None

    # --- drawing --------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(BACKGROUND)
        state = self.states[self.shown]
        last = self.log[self.shown - 1:self.shown] if self.shown else []
        settings, hidden = self.context.settings, self.timeline.hidden
        key = (self.shown, hidden, settings.language, settings.colour_blind)

        def paint(image: pygame.Surface) -> None:  # the step that led here marked as it was in the game
            why = self.view.explain(self.states[self.shown - 1], self.actions[self.shown - 1], state) if last else ()
            self.view.draw_board(image, state, None, self.seats, last, hidden, why=why)

        self.board_picture.draw(surface, key, paint, self.timeline)
        ui_art.draw_panel(surface, PANEL_AREA)
        text, tr = self.context.text, self.context.tr
        x, width = PANEL_AREA.x + 16, PANEL_AREA.width - 32
        text.blit(surface, tr("replay.title"), 30, ACCENT, bold=True, topleft=(x, PANEL_AREA.y + 14))
        text.blit(surface, tr("replay.step", step=self.shown, total=len(self.log)), 22, TEXT,
                  topleft=(x, PANEL_AREA.y + 54))
        keys_top = self._draw_keys(surface)
        self._draw_log(surface, x, PANEL_AREA.y + 90, width, keys_top - 8)
        draw_buttons(surface, self.focus, self.playing, self.enabled(), self.choosing)

    def _draw_keys(self, surface: pygame.Surface) -> int:
        """The keys (or the pad's buttons) of the replay, over its transport row; returns their top."""
        text, tr = self.context.text, self.context.tr
        pad = ".pad" if self.device == "pad" else ""
        lines = (tr(f"replay.keys{pad}"), tr(f"replay.keys.buttons{pad}"))
        top = button_rects()["play"].top - 8 - len(lines) * KEYS_LINE
        for number, line in enumerate(lines):
            size = text.fit_size(line, PANEL_AREA.width - 32, KEYS_SIZES)
            text.blit(surface, line, size, DIM, midtop=(PANEL_AREA.centerx, top + number * KEYS_LINE))
        return top

    def _draw_log(self, surface: pygame.Surface, x: int, top: int, width: int, bottom: int) -> None:
        """The entries round the current one, down to ``bottom``: those played so far bright, the last one played
        marked."""
        text, tr = self.context.text, self.context.tr
        first = max(0, min(self.shown - LOG_LINES // 2, len(self.log) - LOG_LINES))
        y = top
        for index in range(first, min(len(self.log), first + LOG_LINES)):
            entry = self.log[index]
            played = index < self.shown
            colour = ACCENT if index == self.shown - 1 else TEXT if played else DIM
            for part in text.wrap(tr.message(entry.message, self.named), width, 19, most=2):
                if y + 20 > bottom:
                    return
                text.blit(surface, part, 19, colour, topleft=(x, y))
                y += 20
