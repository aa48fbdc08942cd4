"""The replay of a finished match, opened from its game-over screen: the board after any number of its
actions, stepped forward (with the action's animation) and back, or played on by itself, with the log beside
it. The game is over, so every seat's secrets are shown.

Keys: Right / Left a step, Home / End the start and the end, Enter or Space play and pause, Esc back to the
result; the buttons under the log do the same with the mouse."""

from __future__ import annotations

import pygame

from game.services.match import LogEntry, Match
from scenes.boards import board
from scenes.context import AppContext
from scenes.kit import input as inp
from scenes.kit import tooltip, ui_art
from scenes.kit.animation import Timeline
from scenes.kit.stack import Pop, Scene, Transition
from scenes.kit.ui import ACCENT, BACKGROUND, DIM, TEXT
from scenes.playing.board_picture import BoardPicture
from scenes.playing.controls import Control
from scenes.playing.gameview import PANEL_AREA

STEP_SECONDS = 0.9  # while playing: the pause after each action's animation
BUTTON = pygame.Rect(0, 0, 64, 44)
BUTTON_GAP = 10
LOG_LINES = 14  # entries shown round the current one


BUTTONS = (  # their tooltips are tips.replay.<name>
    Control("start", inp.HOME, "back"),
    Control("back", inp.LEFT, "undo"),
    Control("play", inp.CONFIRM, "play"),
    Control("forward", inp.RIGHT, "resume"),
)


def button_rects() -> dict[str, pygame.Rect]:
    """The buttons in a row at the foot of the side panel."""
    width = len(BUTTONS) * BUTTON.width + (len(BUTTONS) - 1) * BUTTON_GAP
    x = PANEL_AREA.centerx - width // 2
    rects = {}
    for number, button in enumerate(BUTTONS):
        rect = BUTTON.copy()
        rect.topleft = (x + number * (BUTTON.width + BUTTON_GAP), PANEL_AREA.bottom - BUTTON.height - 16)
        rects[button.name] = rect
    return rects


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

    def handle(self, intent: inp.Intent) -> Transition | None:
        kind = intent.kind
        if kind == inp.CLICK and intent.pos is not None:
            rects = button_rects()
            button = next((button for button in BUTTONS if rects[button.name].collidepoint(intent.pos)), None)
            if button is None:
                return None
            kind = button.intent
        if kind in (inp.BACK, inp.PAUSE):
            return Pop()
        if kind in (inp.RIGHT, inp.DOWN, inp.NEXT):
            self.playing = False
            self.go(self.shown + 1)
        elif kind in (inp.LEFT, inp.UP, inp.PREV):
            self.playing = False
            self.go(self.shown - 1)
        elif kind == inp.HOME:
            self.playing = False
            self.go(0)
        elif kind == inp.END:
            self.playing = False
            self.go(len(self.log))
        elif kind == inp.CONFIRM:
            self.playing = not self.playing
            if self.playing and self.shown == len(self.log):
                self.go(0)  # played from the start again
            self.wait = 0.0
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

        def paint(image: pygame.Surface) -> None:
            self.view.draw_board(image, state, None, self.seats, last, hidden)

        self.board_picture.draw(surface, key, paint, self.timeline)
        ui_art.draw_panel(surface, PANEL_AREA)
        text, tr = self.context.text, self.context.tr
        x, width = PANEL_AREA.x + 16, PANEL_AREA.width - 32
        text.blit(surface, tr("replay.title"), 30, ACCENT, bold=True, topleft=(x, PANEL_AREA.y + 14))
        text.blit(surface, tr("replay.step", step=self.shown, total=len(self.log)), 22, TEXT,
                  topleft=(x, PANEL_AREA.y + 54))
        self._draw_log(surface, x, PANEL_AREA.y + 90, width)
        rects = button_rects()
        for button in BUTTONS:
            rect = rects[button.name]
            ui_art.draw_button(surface, rect, "focus" if button.name == "play" and self.playing else "normal")
            tooltip.control(rect)
            name = "pause" if button.name == "play" and self.playing else button.icon
            tooltip.icon(surface, name, 28, TEXT, tip=f"tips.replay.{button.name}", area=rect, center=rect.center)
        text.blit(surface, tr("replay.keys"), 18, DIM, midbottom=(PANEL_AREA.centerx, rects["play"].top - 10))

    def _draw_log(self, surface: pygame.Surface, x: int, top: int, width: int) -> None:
        """The entries round the current one: those played so far bright, the last one played marked."""
        text, tr = self.context.text, self.context.tr
        first = max(0, min(self.shown - LOG_LINES // 2, len(self.log) - LOG_LINES))
        y = top
        for index in range(first, min(len(self.log), first + LOG_LINES)):
            entry = self.log[index]
            played = index < self.shown
            colour = ACCENT if index == self.shown - 1 else TEXT if played else DIM
            for part in text.wrap(tr.message(entry.message), width, 19, most=2):
                text.blit(surface, part, 19, colour, topleft=(x, y))
                y += 20
