"""The play scene, for both games and every way of playing: the chooser, the animations, the banners, the
hints, the panel and the log, the same whether the moves come from the people here and the AI worker, an online
table, a tutorial's script or a replay: a move source (``scenes/playing/sources/base.py``) says what differs.

The game-specific drawing and steps come from a ``GameView`` that the game's board makes (``scenes.boards``:
``scenes/falconi/view.py``, ``scenes/fredericus/view.py``); everything else about playing is the same for both
games.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import replace
from typing import Any, Generic, TypeVar

import pygame

from game.core.protocol import Action, GameState, Seat
from game.services.match import LogEntry, Played
from scenes.boards import board
from scenes.context import AppContext
from scenes.kit import input as inp
from scenes.kit import tooltip, ui_art
from scenes.kit.animation import Timeline
from scenes.kit.chooser import ActionChooser, Step
from scenes.kit.results import AskHint, ConfirmedMove, LeaveGame, OpenLog, SceneResult
from scenes.kit.stack import Push, Reset, Scene, Transition
from scenes.kit.ui import ACCENT, BACKGROUND, DIM, TEXT
from scenes.pages import log_overlay
from scenes.pages.overlays import RulesOverlay
from scenes.playing import controls, event_banner, hud
from scenes.playing.action_bar import BUTTON_GAP, BUTTON_HEIGHT, draw_action_bar, lines_top, message_and_prompt
from scenes.playing.board_picture import BoardPicture
from scenes.playing.controls import control_at, draw_controls
from scenes.playing.gameview import BAR_AREA, BOARD_AREA, PANEL_AREA, GameView
from scenes.playing.hints import Hints, why_no_hint
from scenes.playing.no_loss import losing_question
from scenes.playing.people import named_seats
from scenes.playing.sources.base import BoardMarks, MoveSource
from scenes.playing.why import ShownWhy
from scenes.router import pages

# Intents that do not skip a running animation: pointing, and devices coming and going.
_PASSIVE = frozenset({inp.POINT, inp.PAD_ADDED, inp.PAD_REMOVED})
GAME_OVER_PAUSE = 1.2  # seconds the final position stays before the game-over screen (at animation speed 1)
BANNER_SECONDS = 2.5  # how long an event that happened by itself stays across the board
WARNING_SECONDS = 5.0  # how long a warning at the start of a turn stays (F-6.5's turn to smash a block)
LOG_LINES = 12
LOG_HEADING, LOG_PITCH = 22, 19  # the log's heading and each of its lines
LOG_BOTTOM = BAR_AREA.y - 60  # the log stops above the hint and message lines
STATUS_SIZES = (28, 25, 22, 19)  # whose turn, atop the panel
LOG_BOTTOM_FREE = PANEL_AREA.bottom - 14  # where it stops while the bar is empty (an AI's turn)


def make_view(context: AppContext, game: str) -> GameView[Any, Any, Any]:
    """The board of ``game``, as its registration in ``scenes.boards`` makes it."""
    return board(game).make_view(context)


class _Layout:
    """The chooser's adapter: board steps where the view puts them, buttons stacked in the action bar."""

    def __init__(self, view: GameView[Any, Any, Any]) -> None:
        self.view = view
        self.buttons: dict[tuple[Step[str], ...], list[Step[str]]] = {}  # per chosen prefix, in the order first asked

    def steps(self, state: Any, action: Action) -> tuple[Step[str], ...]:
        return self.view.steps(state, action)

    def has_secrets(self, state: Any, seat: Seat) -> bool:
        return self.view.has_secrets(state, seat)

    def option_rect(self, state: Any, prefix: tuple[Step[str], ...], step: Step[str]) -> pygame.Rect:
        if not self.view.is_button(step):
            return self.view.option_rect(state, prefix, step)
        buttons = self.buttons.setdefault(prefix, [])
        if step not in buttons:
            buttons.append(step)
        index = buttons.index(step)
        columns = 2
        width = (BAR_AREA.width - 10) // columns
        return pygame.Rect(BAR_AREA.x + (index % columns) * (width + 10),
                           BAR_AREA.y + (index // columns) * (BUTTON_HEIGHT + BUTTON_GAP), width, BUTTON_HEIGHT)


S = TypeVar("S", bound=MoveSource)


class PlayScene(Scene, Generic[S]):
    """A match on this screen, whatever its moves come from: the ``source`` (``scenes/playing/sources/``: the
    people here, a tutorial, a replay; ``scenes/online/source.py``) says who decides here, where a chosen action
    goes and what moves the other seats; the drawing, the chooser, the animations, the banners, the hints and the
    log are the same for all."""

    holds_board = True

    def __init__(self, context: AppContext, source: S) -> None:
        self.context, self.source, self.match = context, source, source.match
        self.view = make_view(context, self.match.setup.game)
        self.layout = _Layout(self.view)
        self.chooser: ActionChooser[Any, Any, Any] | None = None
        self._named: tuple[str, dict[str, str]] | None = None  # the log's names of seats, in one language
        self.over_wait = GAME_OVER_PAUSE
        self.board_picture = BoardPicture("play")
        self.message = ""
        self.banner, self.banner_left = "", 0.0  # the last event that happened by itself, for a moment
        self.banner_seat: Seat | None = None  # the seat whose secret the banner tells, or None: public
        self.warned_turn = 0  # the last turn whose warning was shown
        self.clock = 0.0  # seconds since the scene opened: the HUD's thinking dots follow it
        self.mouse_at: tuple[int, int] | None = None  # where the mouse is: the control under it is lit
        self.looked_at: Hashable = None  # what the view says the player looks at on the board (see GameView)
        self.log_area = pygame.Rect(0, 0, 0, 0)  # where the panel's log was drawn: a click there opens it all
        self.hud_bottom = PANEL_AREA.y  # where the HUD ended, and where the message and prompt lines begin:
        self.lines_top = LOG_BOTTOM  # a tutorial's lesson box stands between them
        self.timeline = Timeline(context.audio.play)  # not a method of the scene: no cycle keeps it alive
        self.hints = Hints(context, self.view)
        self.why = ShownWhy(self.view)  # the last moment's explanation on the board
        self.music = board(self.match.setup.game).music
        source.attach(self)
        self.sync()
        screen = pygame.display.get_surface()
        if screen is not None:  # the first drawing fills the view's caches: do it now, not in a game frame
            self._draw_board(screen, self.source.visible_seats())

    # --- who may do what ------------------------------------------------------------------------------------
    def accepts(self, intent: inp.Intent) -> bool:
        """Board input counts only while a choice is offered, from a device the source lets decide."""
        return self.chooser is not None and self.source.accepts(intent.device)

    def sync(self) -> None:
        """Bring the chooser in line with the state after any change (the source first sees to a hand-over)."""
        self.chooser = None
        if self.source.may_choose():
            self.layout.buttons.clear()
            self.chooser = ActionChooser(self.layout, self.match.state, self.source.legal_now(),
                                         self.view.previewed_kinds)
            self._warn(self.match.state)
        self.source.synced()

    def _warn(self, state: GameState[Any]) -> None:
        """Once a turn, a warning for the person deciding as that turn begins (a Diavola Don Falconi who must
        smash a block, F-6.5), in the banner, which only eyes that may see that seat's secrets ever see."""
        if state.turn_number == self.warned_turn:
            return
        warning = self.view.turn_warning(state, self.source.visible_seats())
        if warning is not None:
            self.warned_turn = state.turn_number
            self.banner, self.banner_left = self.context.tr.message(warning), WARNING_SECONDS
            self.banner_seat = state.current_seat

    # --- playing --------------------------------------------------------------------------------------------
    def show_played(self, played: Played) -> None:
        """What a move shows: its animations, and in a banner what followed by itself or what it announces."""
        action, entry = played.action, played.entry
        self.message = ""
        if entry.events:  # a car put out, a player blocked: said in a banner as well as in the log
            self.announce(self.context.tr.message(entry.events[-1]))
            self.context.audio.play(self.view.event_sound())
        elif self.view.announces(action):  # its animation has its own sound
            self.announce(self.context.tr.message(entry.message))
        self.timeline.add(self.view.animations(played.before, action, played.after, self.source.visible_seats()))
        self.why.played(played, len(self.match.log))

    def announce(self, sentence: str) -> None:
        """A public event in the banner, for a moment."""
        self.banner, self.banner_left, self.banner_seat = sentence, BANNER_SECONDS, None

    @property
    def animating(self) -> bool:
        """Moving pieces, or whatever the source keeps moving (an AI seat to play, a game about to end)."""
        return self.timeline.busy or self.source.busy()

    def next_change_in(self) -> float | None:
        """At rest, the first of: the banner going, the explanation going, the hint's pulse, the source's own."""
        if self.animating:
            return 0.0
        speed = self.context.settings.animation_speed
        why = self.why.next_change_in(self.match.state.is_terminal())
        times = (self.banner_left or None, None if why is None else why / speed, self.hints.next_change_in(),
                 self.source.next_change_in())
        return min((seconds for seconds in times if seconds is not None), default=None)

    def decision_seed(self) -> int:
        return self.match.setup.seed * 1_000_003 + len(self.match.log)

    def update(self, dt: float) -> Transition | None:
        taken = self.source.before_frame(dt)
        if taken is not None:
            return taken.transition
        self.clock += dt
        self.hints.update(dt, self.chooser)
        self.banner_left = max(0.0, self.banner_left - dt)
        self.why.update(dt * self.context.settings.animation_speed, self.match.state.is_terminal())
        state = self.match.state
        self.timeline.update(dt * self.context.settings.animation_speed)
        if state.is_terminal():
            if self.timeline.busy:
                return None
            self.over_wait -= dt * self.context.settings.animation_speed
            return self.source.game_over() if self.over_wait <= 0 else None
        return self.source.drive(dt)

    def handle(self, intent: inp.Intent) -> Transition | None:
        taken = self.source.intercept(intent)
        if taken is not None:
            return taken.transition
        transition = self._handle(intent)
        self.source.handled()
        return transition

    def _handle(self, intent: inp.Intent) -> Transition | None:
        kind = intent.kind
        if self.timeline.busy and kind not in _PASSIVE:
            self.timeline.skip()  # any press shows the final position at once, and still does what it says
        if kind == inp.CLICK and intent.pos is not None and (control := control_at(intent.pos)) is not None:
            return self.handle(replace(intent, kind=control.intent, pos=None))  # as its key would (and the source)
        if kind == inp.POINT and intent.pos is not None:
            self.mouse_at = intent.pos
        if kind not in (inp.PAD_ADDED, inp.PAD_REMOVED):  # prompts name the keys of the device in use
            self.view.input_device = ("mouse" if intent.pos is not None
                                      else "pad" if intent.device.startswith("pad") else "keyboard")
        self.looked_at = self.view.looked_at(self.match.state, intent, self.chooser)
        if kind == inp.PAUSE or (kind == inp.BACK and (self.chooser is None or not self.chooser.chosen)):
            return self.source.pause(intent.device)
        if kind == inp.HINT:
            self.ask_hint(intent.device)
            return None
        if inp.is_game_intent(kind):
            if self.view.game_intent(inp.GameIntent(kind)):
                self.board_picture.forget()  # the board is drawn again, with what the intent changed
            else:
                self.message = self.context.tr(f"{kind}.none")  # this board has no use for another game's intent
            return None
        if kind == inp.HELP:  # open at the step the player is at: the actions the chooser still leads to tell it
            actions = self.chooser.candidates() if self.chooser is not None else []
            return Push(RulesOverlay(self.context, self.match.setup, self.match.state, actions))
        if kind == inp.LOG or (kind == inp.CLICK and intent.pos is not None and self.log_area.collidepoint(intent.pos)):
            return self.open_log()
        if kind == inp.UNDO:
            self.source.undo(intent.device)
            return None
        if not self.accepts(intent):
            return None
        assert self.chooser is not None
        if kind == inp.BACK:
            self.chooser.back()
            return None
        if kind == inp.CLICK and intent.pos is not None and self.chooser.option_at(intent.pos) is None:
            hinted = self.hints.steps_to(self.chooser, intent.pos)
            if hinted:  # a later ring of the hint: its steps up to there, as the rings number them
                action = self.chooser.take(hinted)
                return None if action is None else self._chosen(action)
        action = self.chooser.handle(intent)
        return None if action is None else self._chosen(action)

    def _chosen(self, action: Action) -> Transition | None:
        """Play what the person chose, unless it would lose them the game: then they are asked first."""
        allies = self.source.visible_seats() - {self.match.state.current_seat}  # their other seats
        question = (losing_question(self.context, self.match.state, action, allies)
                    if self.source.asks_before_losing else None)
        if question is None:
            self.source.choose(action)
            return None
        return Push(question)

    def ask_hint(self, device: str) -> None:
        """The hint key (or the pause menu's Hint, from ``device``): asked only for the person who may decide
        now, after their hand-over, so it shows nothing of anyone else's."""
        if not self.accepts(inp.Intent(inp.HINT, device)):
            self.message = why_no_hint(self.context, self.match)
            return
        assert self.chooser is not None
        self.message = ""
        self.hints.ask(self.chooser, self.decision_seed())

    def open_log(self) -> Transition | None:
        """The whole log over the board, but never before a due hand-over or a missing pad: those come first,
        and the log would hold them back, since only the top scene updates."""
        if self.source.waiting():
            return None
        return Push(log_overlay.LogOverlay(self.context, self.match.log, self.sentences, len(self.last_turn())))

    def resume(self, result: SceneResult | None) -> Transition | None:
        match result:
            case ConfirmedMove(action):  # a move that loses, confirmed
                if action in self.source.legal_now():
                    self.source.choose(action)
            case OpenLog():
                return self.open_log()
            case AskHint(device):
                self.ask_hint(device)
            case LeaveGame():
                return Reset(pages().title(self.context))
            case _:  # the answers of the source's own pages: a hand-over, a take-back, a lesson's menu
                return self.source.resume(result)
        return None

    def leave(self) -> None:
        self.hints.cancel()
        self.source.leave()

    # --- drawing --------------------------------------------------------------------------------------------
    def last_turn(self) -> list[LogEntry]:
        """The entries of the most recent run of one seat's actions: the last move to highlight."""
        return log_overlay.last_turn(self.match.log)

    def draw(self, surface: pygame.Surface) -> None:
        visible = self.source.visible_seats()
        state = self.match.state
        self._draw_board(surface, visible)
        surface.fill(BACKGROUND, surface.get_rect().clip(BOARD_AREA.topright, (9999, 9999)))
        if self.source.draw_panel(surface):  # a replay's transport stands there instead
            return
        ui_art.draw_panel(surface, PANEL_AREA)
        text, tr = self.context.text, self.context.tr
        draw_controls(surface, {"undo": self.match.can_undo()}, self.mouse_at)
        setup = self.match.setup  # which game, which pizza: left of the controls
        tooltip.emblem(surface, board(setup.game).setup_emblem(setup.options), controls.SIZE.height,
                       midleft=(PANEL_AREA.x + 16, controls.TOP + controls.SIZE.height // 2))
        x, y = PANEL_AREA.x + 14, PANEL_AREA.y + 12 + controls.HEIGHT
        width = PANEL_AREA.width - 28
        status = self.source.status_line()  # in two lines at most: the largest size at which it fits them
        size = next((size for size in STATUS_SIZES if len(text.wrap(status, width, size, True)) <= 2),
                    STATUS_SIZES[-1])
        for line in text.wrap(status, width, size, True, most=2):
            text.blit(surface, line, size, ACCENT, bold=True, topleft=(x, y))
            y += size + 4
        self.hud_bottom = hud.draw_hud(surface, pygame.Rect(x, y + 4, width, LOG_BOTTOM - y),
                                       self.view.hud(state, visible), self.source.players(), self.view, text,
                                       self.clock)
        self.lines_top = lines_top(*message_and_prompt(self.context, self.view, state, self.chooser, self.message))
        bottom = (min(LOG_BOTTOM, self.lines_top - 6) if self.chooser is not None or self.message
                  else LOG_BOTTOM_FREE)
        y = self.source.draw_above_log(surface, self.hud_bottom, self.lines_top) + 6
        self.log_area = pygame.Rect(x, y, width, max(0, bottom - y))
        if bottom - y >= LOG_HEADING + LOG_PITCH:  # a heading with no line under it would say nothing
            text.blit(surface, tr("play.log"), 22, DIM, topleft=(x, y))
            if self.context.settings.hints:
                text.blit(surface, tr("play.log.open"), 18, DIM, topright=(x + width, y + 3))
            self._draw_log(surface, x, y + LOG_HEADING, bottom - (y + LOG_HEADING), width)
        draw_action_bar(surface, self.context, self.view, state, self.chooser, self.message)
        self._keep_clear(state)
        self._draw_banner(surface)
        self.hints.draw(surface, self.chooser)  # its rings go over the bar's buttons
        self.source.draw_over(surface)  # last: a lesson's pointer, an online table's link

    def _keep_clear(self, state: GameState[Any]) -> None:
        """What the player may click next on the board and the pieces there: no tip or banner covers them."""
        for piece in self.view.pieces(state):
            tooltip.control(piece, "piece")
        for card in self.view.seat_cards(state):
            tooltip.control(card, "seat card")
        chooser = self.chooser
        if chooser is not None:
            for option in chooser.options:
                if not self.view.is_button(option):
                    tooltip.control(chooser.rect(option), "target")

    def _draw_banner(self, surface: pygame.Surface) -> None:
        """The last event that happened by itself, or a warning, over the board for a moment."""
        seat = self.banner_seat
        if self.banner_left <= 0 or (seat is not None and seat not in self.source.visible_seats()):
            return
        event_banner.draw_event_banner(surface, self.context.text, self.banner, self.view.playfield(self.match.state))

    def _draw_board(self, surface: pygame.Surface, visible: frozenset[Seat]) -> None:
        """The board, drawn again only when something on it changed: a move, the player's focus, what the
        player looks at, who may see what, a setting, which pieces an animation draws."""
        chooser, settings, hidden = self.chooser, self.context.settings, self.timeline.hidden
        marks = self.source.board_marks() or BoardMarks(tuple(self.last_turn()), self.why.now(len(self.match.log)),
                                                        settings.screen_shake)
        key = (id(self.match.state), len(self.match.log), visible, settings.language, settings.colour_blind, hidden,
               None if chooser is None else (tuple(chooser.prefix), chooser.focus, chooser.turn, id(chooser)),
               self.looked_at, marks.last, marks.why)

        def paint(image: pygame.Surface) -> None:
            self.view.draw_board(image, self.match.state, chooser, visible, list(marks.last), hidden, why=marks.why)

        self.board_picture.draw(surface, key, paint, self.timeline, marks.shake)

    def _draw_log(self, surface: pygame.Surface, x: int, top: int, height: int, width: int) -> None:
        """The latest entries that fit, newest last; the last move's entries brighter."""
        text = self.context.text
        for number, (line, bright) in enumerate(self.log_panel_lines(width, height // LOG_PITCH)):
            text.blit(surface, line, 20, TEXT if bright else DIM, topleft=(x, top + number * LOG_PITCH))

    def log_panel_lines(self, width: int, fitting: int) -> list[tuple[str, bool]]:
        """The wrapped lines of the latest whole entries that fit in ``fitting`` lines (never the tail of an
        entry without its beginning), each with whether it belongs to the last move."""
        text, latest = self.context.text, self.last_turn()
        lines: list[tuple[str, bool]] = []
        for entry in reversed(self.match.log[-LOG_LINES:]):
            wrapped = [(line, entry in latest) for sentence in self.sentences(entry)
                       for line in text.wrap(sentence, width, 20)]
            if len(lines) + len(wrapped) > fitting:
                break
            lines = wrapped + lines
        return lines

    def sentences(self, entry: LogEntry) -> list[str]:
        return log_overlay.sentences(self.context.tr, entry, self._named_seats())

    def _named_seats(self) -> dict[str, str]:
        """The person beside each seat in the log, worked out once per language (the log is drawn every frame)."""
        language = self.context.tr.language
        if self._named is None or self._named[0] != language:
            self._named = (language, named_seats(self.context, self.match.setup))
        return self._named[1]

    def view_seat_name(self, seat: Seat) -> str:
        return self.context.tr(board(self.match.setup.game).seat_key(seat))
