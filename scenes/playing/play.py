"""The play scene, for both games: people choose actions with the chooser, AI seats play at a pace people can
follow, secrets are shown only to their owner, and the match is saved after every turn.

The game-specific drawing and steps come from a ``GameView`` that the game's board makes (``scenes.boards``:
``scenes/falconi/view.py``, ``scenes/fredericus/view.py``); everything else about playing is the same for both
games.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from contextlib import suppress
from dataclasses import replace
from typing import Any

import pygame

from game.ai.service import Decision
from game.core.errors import GameError, IllegalActionError
from game.core.jsonio import disk_reason
from game.core.message import Message
from game.core.protocol import Action, GameState, Seat
from game.services.match import KEYBOARD, LogEntry, Match, Played
from game.services.saves import SaveSlot
from scenes.boards import board
from scenes.context import AppContext
from scenes.kit import input as inp
from scenes.kit import tooltip, ui_art
from scenes.kit.animation import Timeline
from scenes.kit.chooser import ActionChooser, Step
from scenes.kit.results import (
    AskHint,
    ConfirmedMove,
    HandedOver,
    LeaveGame,
    OpenLog,
    SceneResult,
    SwitchDevice,
    TakeBack,
    UndoLast,
)
from scenes.kit.stack import Push, Replace, Reset, Scene, Transition
from scenes.kit.ui import ACCENT, BACKGROUND, DIM, TEXT
from scenes.pages import log_overlay
from scenes.pages.gameover import GameOverScene
from scenes.pages.overlays import HandOverOverlay, PadMissingOverlay, PauseOverlay, RulesOverlay
from scenes.playing import controls, event_banner, hud
from scenes.playing.action_bar import BUTTON_GAP, BUTTON_HEIGHT, draw_action_bar, lines_top, message_and_prompt
from scenes.playing.board_picture import BoardPicture
from scenes.playing.controls import control_at, draw_controls
from scenes.playing.gameview import BAR_AREA, BOARD_AREA, PANEL_AREA, GameView
from scenes.playing.hints import Hints, why_no_hint
from scenes.playing.no_loss import losing_question
from scenes.playing.people import named_seats
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


def start_match_scene(context: AppContext, match: Match, slot: SaveSlot | None = None) -> PlayScene:
    """The scene that plays ``match``, saving it in ``slot`` (a resumed game's), or in a new slot of its own:
    a new game never writes over another's. Where no slot can be made, the game is played unsaved and says so."""
    problem: OSError | None = None
    if slot is None:
        try:
            slot = context.saves.new_slot()
        except OSError as error:
            problem = error
    scene = PlayScene(context, match, make_view(context, match.setup.game), slot)
    if problem is not None:
        scene.message = scene._save_failure(problem)
    return scene


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


class PlayScene(Scene):
    """A match played at this screen. An online table's scene (``scenes/online/play.py``) is one too: it
    overrides who decides here, where a chosen action goes (:meth:`choose`) and what moves the other seats
    (:meth:`drive_seats`); the drawing, the chooser, the animations and the overlays are the same."""

    holds_board = True
    runs_ai_seats = True  # the AI seats play in this window's worker (an online table's play on its server)
    asks_before_losing = True  # a move that would lose its maker the game asks first (setting confirm_losses)

    def __init__(self, context: AppContext, match: Match, view: GameView[Any, Any, Any],
                 slot: SaveSlot | None = None) -> None:
        self.context, self.match, self.view = context, match, view
        self.slot = slot  # where the game is saved, held by this window while it plays; None: not saved
        self.layout = _Layout(view)
        self.chooser: ActionChooser[Any, Any, Any] | None = None
        self.viewer: int | None = None  # the person whose secrets may be on screen (after their hand-over)
        self._named: tuple[str, dict[str, str]] | None = None  # the log's names of seats, in one language
        self.pending: Decision | None = None
        self.ai_wait = context.ai_pause / context.settings.animation_speed
        self.over_wait = GAME_OVER_PAUSE
        self._counted = False  # the finished game is in the series and the statistics
        self.handover_due = False
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
        self.hints = Hints(context, view)
        self.why = ShownWhy(view)  # the last moment's explanation on the board
        self.music = board(match.setup.game).music
        if self._people_count() == 1:
            self.viewer = 0
        if self.runs_ai_seats and any(plan.kind == "ai" for plan in match.setup.seats):
            context.ai.start()
        self._sync()
        screen = pygame.display.get_surface()
        if screen is not None:  # the first drawing fills the view's caches: do it now, not in a game frame
            self._draw_board(screen, self.visible_seats())

    # --- who may do and see what --------------------------------------------------------------------------
    def _people_count(self) -> int:
        return len({plan.person for plan in self.match.setup.seats if plan.kind == "person"})

    def person_to_play(self) -> int | None:
        state = self.match.state
        return None if state.is_terminal() else self.match.setup.person_of(state.current_seat)

    def visible_seats(self) -> frozenset[Seat]:
        """Seats whose secrets may be drawn now: a lone person's always; with several people, only the seats
        of the person who confirmed the hand-over, and only while one of their seats decides."""
        if self.viewer is None:
            return frozenset()
        seats = frozenset(self.match.setup.seats_of(self.viewer))
        if self._people_count() == 1:
            return seats
        return seats if self.person_to_play() == self.viewer and not self.handover_due else frozenset()

    def _device_of(self, person: int) -> str:
        return self.match.setup.people[person].device

    def _missing_pad(self) -> str | None:
        """The pad to ask for now, if any. One pulled out during play is asked for at once, or as soon as the
        overlays above the game close (they pause it anyway, and the answer must come back here). One not seen
        yet is asked for when its person's first turn comes, with several people: its first press may still
        come, and a lone person's turns take any device."""
        inputs = self.context.inputs
        unplugged = [person.device for person in self.match.setup.people if person.device in inputs.unplugged]
        if unplugged:
            return unplugged[0]
        person = self.person_to_play()
        if person is None or self._people_count() == 1:
            return None
        device = self._device_of(person)
        return device if device != KEYBOARD and device not in inputs.pads else None

    def _accepts(self, intent: inp.Intent) -> bool:
        """Board input counts only from the deciding person's device (any device when one person plays)."""
        person = self.person_to_play()
        if person is None or self.chooser is None:
            return False
        return self._people_count() == 1 or intent.device == self._device_of(person)

    def _sync(self) -> None:
        """Bring the chooser and the hand-over in line with the state after any change."""
        self.chooser = None
        person = self.person_to_play()
        if person is None:
            return
        state = self.match.state
        if self._people_count() > 1 and person != self.viewer:
            if self.view.has_secrets(state, state.current_seat):
                self.handover_due = True
                return
            self.viewer = person
            self._announce_turn(person)
        self.layout.buttons.clear()
        self.chooser = ActionChooser(self.layout, state, self.legal_now(), self.view.previewed_kinds)
        self._warn(state)

    def _announce_turn(self, person: int) -> None:
        """Whose turn it is, in the banner, when the screen passes to another person with nothing to hide (no
        hand-over page then): "Marco's turn (Port police)"."""
        tr, seat = self.context.tr, self.match.state.current_seat
        name = self.context.person_name(self.match.setup.people[person])
        self._announce(tr("common.named", what=tr("handover.title", name=name), name=self.view_seat_name(seat)))

    def legal_now(self) -> Sequence[Action]:
        """The actions the person deciding here may choose among."""
        return self.match.state.legal_actions()

    def _warn(self, state: GameState[Any]) -> None:
        """Once a turn, a warning for the person deciding as that turn begins (a Diavola Don Falconi who must
        smash a block, F-6.5), in the banner, which only eyes that may see that seat's secrets ever see."""
        if state.turn_number == self.warned_turn:
            return
        warning = self.view.turn_warning(state, self.visible_seats())
        if warning is not None:
            self.warned_turn = state.turn_number
            self.banner, self.banner_left = self.context.tr.message(warning), WARNING_SECONDS
            self.banner_seat = state.current_seat

    # --- playing --------------------------------------------------------------------------------------------
    def choose(self, action: Action) -> None:
        """The person deciding here chose ``action``: played at once."""
        self.play_action(action)

    def play_action(self, action: Action) -> None:
        """Play an action chosen here or by an AI seat (``IllegalActionError`` if it is not legal: the match is
        left as it was), start its animations, save after a finished turn. The match checks and copies it, once:
        the animations read its copy of the position before and its state after, so the last move's animations
        are ended first (a no-op where a press or the AI's pace has already seen to it)."""
        if self.timeline.busy:
            self.timeline.skip()
        played = self.match.play(action)
        self.show_played(played)
        if played.turn_ended:
            self._autosave()
        self._sync()

    def show_played(self, played: Played) -> None:
        """What a move shows: its animations, and in a banner what followed by itself or what it announces."""
        action, entry = played.action, played.entry
        self.message = ""
        if entry.events:  # a car put out, a player blocked: said in a banner as well as in the log
            self._announce(self.context.tr.message(entry.events[-1]))
            self.context.audio.play(self.view.event_sound())
        elif self.view.announces(action):  # its animation has its own sound
            self._announce(self.context.tr.message(entry.message))
        self.timeline.add(self.view.animations(played.before, action, played.after, self.visible_seats()))
        self.why.played(played, len(self.match.log))

    def _announce(self, sentence: str) -> None:
        """A public event in the banner, for a moment."""
        self.banner, self.banner_left, self.banner_seat = sentence, BANNER_SECONDS, None

    @property
    def animating(self) -> bool:
        """Moving pieces, an AI seat to play, or a finished game about to show its result."""
        state = self.match.state
        return (self.timeline.busy or state.is_terminal()
                or self.match.setup.seats[state.current_seat].kind == "ai")

    def _autosave(self) -> None:
        """Saved on a background thread, so a slow disk never stalls a frame (errors show in ``update``)."""
        if self.slot is None:
            return
        if self.match.state.is_terminal():
            self.slot.discard_in_background()
        else:
            self.slot.save_in_background(self.match)

    def _report_save_error(self, error: OSError) -> None:
        self.message = self._save_failure(error)

    def _save_failure(self, error: OSError) -> str:
        return self.context.tr.message(Message.of("notice.save_failed", reason=disk_reason(error)))

    def _decision_seed(self) -> int:
        return self.match.setup.seed * 1_000_003 + len(self.match.log)

    def update(self, dt: float) -> Transition | None:
        self.clock += dt
        self.hints.update(dt, self.chooser)
        self.banner_left = max(0.0, self.banner_left - dt)
        self.why.update(dt * self.context.settings.animation_speed, self.match.state.is_terminal())
        error = self.slot.take_error() if self.slot is not None else None
        if error is not None:
            self._report_save_error(error)
        state = self.match.state
        self.timeline.update(dt * self.context.settings.animation_speed)
        if state.is_terminal():
            if self.timeline.busy:
                return None
            self.over_wait -= dt * self.context.settings.animation_speed
            return self.game_over() if self.over_wait <= 0 else None
        return self.drive_seats(dt)

    def game_over(self) -> Transition | None:
        """The final position has been seen: the game-over screen."""
        self._count_result()
        return Replace(GameOverScene(self.context, self.match))

    def drive_seats(self, dt: float) -> Transition | None:
        """Between moves, what the seats need: a missing pad asked for, a hand-over, an AI seat's move."""
        state = self.match.state
        device = self._missing_pad()
        if device is not None:
            others = frozenset(person.device for person in self.match.setup.people) - {device}
            return Push(PadMissingOverlay(self.context, device, others))
        person = self.person_to_play()
        if self.handover_due:
            assert person is not None
            name = self.context.person_name(self.match.setup.people[person])
            role = self.view_seat_name(state.current_seat)
            return Push(HandOverOverlay(self.context, name, person, self.match.can_undo(), role))
        plan = self.match.setup.seats[state.current_seat]
        if plan.kind != "ai":
            return None
        if self.pending is None:
            self.ai_wait -= dt
            if self.ai_wait <= 0:
                self.pending = self.context.ai.ask(state, plan.level, self._decision_seed())
        elif self.pending.done() and not self.timeline.busy and not self.why.holds(len(self.match.log)):
            # the last move (and why it mattered) is seen before the next one
            action = self.pending.result()
            self.pending = None
            self.ai_wait = self.context.ai_pause / self.context.settings.animation_speed
            if action is not None:
                with suppress(IllegalActionError):  # an answer the position no longer allows: asked again
                    self.play_action(action)
        return None

    def handle(self, intent: inp.Intent) -> Transition | None:
        kind = intent.kind
        if self.timeline.busy and kind not in _PASSIVE:
            self.timeline.skip()  # any press shows the final position at once, and still does what it says
        if kind == inp.CLICK and intent.pos is not None and (control := control_at(intent.pos)) is not None:
            return self.handle(replace(intent, kind=control.intent, pos=None))  # as its key would
        if kind == inp.POINT and intent.pos is not None:
            self.mouse_at = intent.pos
        if kind not in (inp.PAD_ADDED, inp.PAD_REMOVED):  # prompts name the keys of the device in use
            self.view.input_device = ("mouse" if intent.pos is not None
                                      else "pad" if intent.device.startswith("pad") else "keyboard")
        self.looked_at = self.view.looked_at(self.match.state, intent, self.chooser)
        if kind == inp.PAUSE or (kind == inp.BACK and (self.chooser is None or not self.chooser.chosen)):
            return self._pause(intent.device)
        if kind == inp.HINT:
            self._ask_hint(intent.device)
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
            return self._open_log()
        if kind == inp.UNDO:
            self._undo(intent.device)
            return None
        if not self._accepts(intent):
            return None
        assert self.chooser is not None
        if kind == inp.BACK:
            self.chooser.back()
            return None
        action = self.chooser.handle(intent)
        return None if action is None else self._chosen(action)

    def _chosen(self, action: Action) -> Transition | None:
        """Play what the person chose, unless it would lose them the game: then they are asked first."""
        allies = self.visible_seats() - {self.match.state.current_seat}  # their other seats
        question = losing_question(self.context, self.match.state, action, allies) if self.asks_before_losing else None
        if question is None:
            self.choose(action)
            return None
        return Push(question)

    def _undo(self, device: str) -> None:
        """Undo the last move, from the device of the person who made it or of the person deciding now."""
        people = self.match.setup.people
        last = self.match.setup.person_of(self.match.log[-1].seat) if self.match.log else None
        deciding = self.person_to_play()
        devices = {people[person].device for person in (last, deciding) if person is not None}
        if self._people_count() == 1 or device in devices:
            self._undo_last()
        else:
            self.message = self.context.tr("play.cannot_undo")

    def _undo_last(self) -> None:
        self.timeline.skip()
        if self.match.can_undo():
            self._cancel_ai()  # an AI seat about to answer the move answers the position it comes back to
            self.ai_wait = self.context.ai_pause / self.context.settings.animation_speed
            self.match.undo()
            self.handover_due = False  # a hand-over waiting for the next person: the turn came back before it
            self._sync()
            self.message = self.context.tr("play.undone")
        else:
            self.message = self.context.tr("play.cannot_undo")

    def _pause(self, device: str) -> Transition:
        return Push(PauseOverlay(self.context, self.match, device))

    def _ask_hint(self, device: str) -> None:
        """The hint key (or the pause menu's Hint, from ``device``): asked only for the person who may decide
        now, after their hand-over, so it shows nothing of anyone else's."""
        if self.handover_due or not self._accepts(inp.Intent(inp.HINT, device)):
            self.message = why_no_hint(self.context, self.match)
            return
        assert self.chooser is not None
        self.message = ""
        self.hints.ask(self.chooser, self._decision_seed())

    def _open_log(self) -> Transition | None:
        """The whole log over the board, but never before a due hand-over or a missing pad: those come first,
        and the log would hold them back, since only the top scene updates."""
        if self.handover_due or self._missing_pad() is not None:
            return None
        return Push(log_overlay.LogOverlay(self.context, self.match.log, self.sentences, len(self.last_turn())))

    def resume(self, result: SceneResult | None) -> Transition | None:
        match result:
            case HandedOver():
                self.handover_due = False
                self.viewer = self.person_to_play()
                if self.match.log and self.match.setup.person_of(self.match.log[-1].seat) != self.viewer:
                    self.match.close_undo()  # the next person has seen their secrets: the move before stands
                self._sync()
            case UndoLast():  # from the hand-over screen, before the next person looked
                self.viewer = None  # whoever holds the screen now: the one whose move comes back is asked for first
                self._undo_last()
            case ConfirmedMove(action):  # a move that loses, confirmed
                if action in self.legal_now():
                    self.choose(action)
            case TakeBack():
                self._cancel_ai()
                self.timeline.skip()
                try:
                    self.match.take_back(0)
                except GameError:
                    self.message = self.context.tr("play.cannot_take_back")
                self._sync()
            case OpenLog():
                return self._open_log()
            case SwitchDevice(old, new):
                self._rebind(old, new)
            case AskHint(device):
                self._ask_hint(device)
            case LeaveGame():
                return Reset(pages().title(self.context))
        return None

    def _rebind(self, old: str, new: str) -> None:
        people = tuple(replace(p, device=new) if p.device == old else p for p in self.match.setup.people)
        self.match.setup = replace(self.match.setup, people=people)

    def _cancel_ai(self) -> None:
        if self.pending is not None:
            self.context.ai.cancel(self.pending)
            self.pending = None

    def _count_result(self) -> None:
        """Count a finished game once, in the series and the statistics: as its result comes up, or as the
        player leaves (or closes the window) in the pause before it."""
        if self._counted or not self.match.state.is_terminal():
            return
        self._counted = True
        self.match.series.record(self.match)
        self.context.record_game(self.match)

    def leave(self) -> None:
        self._cancel_ai()
        self.hints.cancel()
        self._count_result()
        if self.slot is None:
            return
        try:
            if self.match.state.is_terminal():
                self.slot.discard()
            else:
                self.slot.save(self.match)
        except OSError as error:  # the scene is going; the next menu shows why the game was not kept
            self.context.notices.append(self._save_failure(error))
        finally:
            self.slot.release()  # another window may play it now

    # --- drawing --------------------------------------------------------------------------------------------
    def last_turn(self) -> list[LogEntry]:
        """The entries of the most recent run of one seat's actions: the last move to highlight."""
        return log_overlay.last_turn(self.match.log)

    def draw(self, surface: pygame.Surface) -> None:
        visible = self.visible_seats()
        state = self.match.state
        self._draw_board(surface, visible)
        surface.fill(BACKGROUND, surface.get_rect().clip(BOARD_AREA.topright, (9999, 9999)))
        ui_art.draw_panel(surface, PANEL_AREA)
        text, tr = self.context.text, self.context.tr
        draw_controls(surface, {"undo": self.match.can_undo()}, self.mouse_at)
        setup = self.match.setup  # which game, which pizza: left of the controls
        tooltip.emblem(surface, board(setup.game).setup_emblem(setup.options), controls.SIZE.height,
                       midleft=(PANEL_AREA.x + 16, controls.TOP + controls.SIZE.height // 2))
        x, y = PANEL_AREA.x + 14, PANEL_AREA.y + 12 + controls.HEIGHT
        width = PANEL_AREA.width - 28
        status = self._status_line()  # in two lines at most: the largest size at which it fits them
        size = next((size for size in STATUS_SIZES if len(text.wrap(status, width, size, True)) <= 2),
                    STATUS_SIZES[-1])
        for line in text.wrap(status, width, size, True, most=2):
            text.blit(surface, line, size, ACCENT, bold=True, topleft=(x, y))
            y += size + 4
        self.hud_bottom = hud.draw_hud(surface, pygame.Rect(x, y + 4, width, LOG_BOTTOM - y),
                                       self.view.hud(state, visible), self.players(), self.view, text, self.clock)
        self.lines_top = lines_top(*message_and_prompt(self.context, self.view, state, self.chooser, self.message))
        bottom = (min(LOG_BOTTOM, self.lines_top - 6) if self.chooser is not None or self.message
                  else LOG_BOTTOM_FREE)
        y = self.draw_above_log(surface, self.hud_bottom, self.lines_top) + 6
        self.log_area = pygame.Rect(x, y, width, max(0, bottom - y))
        if bottom - y >= LOG_HEADING + LOG_PITCH:  # a heading with no line under it would say nothing
            text.blit(surface, tr("play.log"), 22, DIM, topleft=(x, y))
            if self.context.settings.hints:
                text.blit(surface, tr("play.log.open"), 18, DIM, topright=(x + width, y + 3))
            self._draw_log(surface, x, y + LOG_HEADING, bottom - (y + LOG_HEADING), width)
        draw_action_bar(surface, self.context, self.view, state, self.chooser, self.message)
        self._keep_clear(state)
        self._draw_banner(surface)
        self.hints.draw(surface, self.chooser)  # last: its rings go over the bar's buttons

    def draw_above_log(self, surface: pygame.Surface, top: int, bottom: int) -> int:
        """Draw what stands at the top of the log's room, between ``top`` (under the HUD) and ``bottom`` (the
        message and prompt lines), and say where it ends: nothing here (a tutorial's lesson stands there)."""
        return top

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
        if self.banner_left <= 0 or (self.banner_seat is not None and self.banner_seat not in self.visible_seats()):
            return
        event_banner.draw_event_banner(surface, self.context.text, self.banner, self.view.playfield(self.match.state))

    def _draw_board(self, surface: pygame.Surface, visible: frozenset[Seat]) -> None:
        """The board, drawn again only when something on it changed: a move, the player's focus, what the
        player looks at, who may see what, a setting, which pieces an animation draws."""
        chooser, settings, hidden = self.chooser, self.context.settings, self.timeline.hidden
        why = self.why.now(len(self.match.log))
        key = (id(self.match.state), len(self.match.log), visible, settings.language, settings.colour_blind, hidden,
               None if chooser is None else (tuple(chooser.prefix), chooser.focus, chooser.turn, id(chooser)),
               self.looked_at, why)

        def paint(image: pygame.Surface) -> None:
            self.view.draw_board(image, self.match.state, chooser, visible, self.last_turn(), hidden, why=why)

        self.board_picture.draw(surface, key, paint, self.timeline, settings.screen_shake)

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

    def players(self) -> dict[Seat, hud.Player]:
        """Who plays each seat, for the HUD's cards: a person's name, or the AI's level, thinking on its turn."""
        state, setup = self.match.state, self.match.setup
        players = {}
        for seat in state.seats:
            plan = setup.seats[seat]
            if plan.kind == "person":
                players[seat] = hud.Player(self.context.person_name(setup.people[plan.person]), False)
            elif plan.kind == "ai":
                thinking = not state.is_terminal() and state.current_seat == seat
                players[seat] = hud.Player(self.context.tr(f"level.{plan.level}"), True, thinking)
        return players

    def _status_line(self) -> str:
        tr, state = self.context.tr, self.match.state
        if state.is_terminal():
            return tr("play.game_over")
        seat = state.current_seat
        plan = self.match.setup.seats[seat]
        if plan.kind == "person":
            who = self.context.person_name(self.match.setup.people[plan.person])
        else:
            who = tr(f"level.{plan.level}")
        key = "play.thinking" if plan.kind == "ai" else "play.to_play"
        return tr(key, seat=self.view_seat_name(seat), who=who)

    def view_seat_name(self, seat: Seat) -> str:
        return self.context.tr(board(self.match.setup.game).seat_key(seat))
