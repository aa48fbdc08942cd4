"""The people at this screen and the AI worker: a local game's move source. People choose in turn, handing the
screen over where a seat has secrets; AI seats play at a pace people can follow; a pad pulled out is asked for;
the match is saved after every turn and counted in the series and the statistics once it ends."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import suppress
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from game.ai.service import Decision
from game.core.errors import GameError, IllegalActionError
from game.core.jsonio import disk_reason
from game.core.message import Message
from game.core.protocol import Action, Seat
from game.services.match import KEYBOARD, Match
from game.services.saves import SaveSlot
from scenes.context import AppContext
from scenes.kit import input as inp
from scenes.kit.results import HandedOver, SceneResult, SwitchDevice, TakeBack, UndoLast
from scenes.kit.stack import Push, Replace, Transition
from scenes.pages.gameover import GameOverScene
from scenes.pages.overlays import HandOverOverlay, PadMissingOverlay, PauseOverlay
from scenes.playing import hud
from scenes.playing.people import seat_players
from scenes.playing.play import PlayScene
from scenes.playing.sources.base import MatchView, ScenePanel, Taken

if TYPE_CHECKING:
    from collections.abc import Callable

SAVE_POLL = 0.1  # seconds between looks at a save under way while the board rests


def start_match_scene(context: AppContext, match: Match, slot: SaveSlot | None = None) -> PlayScene[LocalSource]:
    """The scene that plays ``match``, saving it in ``slot`` (a resumed game's), or in a new slot of its own:
    a new game never writes over another's. Where no slot can be made, the game is played unsaved and says so."""
    problem: OSError | None = None
    if slot is None:
        try:
            slot = context.saves.new_slot()
        except OSError as error:
            problem = error
    source = LocalSource(context, match, slot)
    scene = PlayScene(context, source)
    if problem is not None:
        scene.message = source.save_failure(problem)
    return scene


def turn_status(context: AppContext, match: MatchView, seat_name: Callable[[Seat], str]) -> str:
    """Whose turn it is, and who plays that seat; or that the game is over."""
    tr, state = context.tr, match.state
    if state.is_terminal():
        return tr("play.game_over")
    seat = state.current_seat
    plan = match.setup.seats[seat]
    if plan.kind == "person":
        who = context.person_name(match.setup.people[plan.person])
    else:
        who = tr(f"level.{plan.level}")
    key = "play.thinking" if plan.kind == "ai" else "play.to_play"
    return tr(key, seat=seat_name(seat), who=who)


def ai_or_ending(match: MatchView) -> bool:
    """Frames to draw though nothing moves: an AI seat to play, or a finished game about to show its result."""
    state = match.state
    return state.is_terminal() or match.setup.seats[state.current_seat].kind == "ai"


def unplugged_pad(context: AppContext, match: MatchView) -> str | None:
    """A person's pad pulled out during play: asked for at once."""
    inputs = context.inputs
    unplugged = [person.device for person in match.setup.people if person.device in inputs.unplugged]
    return unplugged[0] if unplugged else None


def ask_for_pad(context: AppContext, match: MatchView, device: str) -> Transition:
    others = frozenset(person.device for person in match.setup.people) - {device}
    return Push(PadMissingOverlay(context, device, others))


def rebind(match: Match, old: str, new: str) -> None:
    """The people who played with pad ``old`` play with ``new`` (another pad, or the keyboard)."""
    people = tuple(replace(p, device=new) if p.device == old else p for p in match.setup.people)
    match.setup = replace(match.setup, people=people)


class LocalSource(ScenePanel):
    """``match`` played at this screen, saved in ``slot`` (None: not saved)."""

    asks_before_losing = True

    def __init__(self, context: AppContext, match: Match, slot: SaveSlot | None = None) -> None:
        self.context, self.local = context, match
        self.slot = slot  # where the game is saved, held by this window while it plays; None: not saved
        self.viewer: int | None = None  # the person whose secrets may be on screen (after their hand-over)
        self.handover_due = False
        self.pending: Decision | None = None
        self.ai_wait = context.ai_pause / context.settings.animation_speed
        self._counted = False  # the finished game is in the series and the statistics
        if self._people_count() == 1:
            self.viewer = 0
        if any(plan.kind == "ai" for plan in match.setup.seats):  # the AI seats play in this window's worker
            context.ai.start()

    @property
    def match(self) -> Match:
        return self.local

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
        unplugged = unplugged_pad(self.context, self.match)
        if unplugged is not None:
            return unplugged
        person = self.person_to_play()
        if person is None or self._people_count() == 1:
            return None
        device = self._device_of(person)
        return device if device != KEYBOARD and device not in self.context.inputs.pads else None

    def accepts(self, device: str) -> bool:
        """Board input counts only from the deciding person's device (any device when one person plays), and
        never before their hand-over."""
        person = self.person_to_play()
        if person is None or self.handover_due:
            return False
        return self._people_count() == 1 or device == self._device_of(person)

    def waiting(self) -> bool:
        return self.handover_due or self._missing_pad() is not None

    def may_choose(self) -> bool:
        """A choice for the person deciding, unless the screen must be handed over to them first."""
        person = self.person_to_play()
        if person is None:
            return False
        state = self.match.state
        if self._people_count() > 1 and person != self.viewer:
            if self.scene.view.has_secrets(state, state.current_seat):
                self.handover_due = True
                return False
            self.viewer = person
            self._announce_turn(person)
        return True

    def _announce_turn(self, person: int) -> None:
        """Whose turn it is, in the banner, when the screen passes to another person with nothing to hide (no
        hand-over page then): "Marco's turn (Port police)"."""
        tr, seat = self.context.tr, self.match.state.current_seat
        name = self.context.person_name(self.match.setup.people[person])
        self.scene.announce(tr("common.named", what=tr("handover.title", name=name),
                               name=self.scene.view_seat_name(seat)))

    def legal_now(self) -> Sequence[Action]:
        return self.match.state.legal_actions()

    def synced(self) -> None:
        """Nothing to keep in step: the chooser is the people's."""

    # --- playing --------------------------------------------------------------------------------------------
    def choose(self, action: Action) -> None:
        """The person deciding here chose ``action``: played at once."""
        self.play_action(action)

    def play_action(self, action: Action) -> None:
        """Play an action chosen here or by an AI seat (``IllegalActionError`` if it is not legal: the match is
        left as it was), start its animations, save after a finished turn. The match checks and copies it, once:
        the animations read its copy of the position before and its state after, so the last move's animations
        are ended first (a no-op where a press or the AI's pace has already seen to it)."""
        scene = self.scene
        if scene.timeline.busy:
            scene.timeline.skip()
        played = self.match.play(action)
        scene.show_played(played)
        if played.turn_ended:
            self._autosave()
        scene.sync()

    def busy(self) -> bool:
        return ai_or_ending(self.match)

    def next_change_in(self) -> float | None:
        """While a save is written, soon: a failure is told at once."""
        return SAVE_POLL if self.slot is not None and self.slot.writing else None

    def intercept(self, intent: inp.Intent) -> Taken | None:
        return None

    def handled(self) -> None:
        """Nothing to keep in step."""

    def before_frame(self, dt: float) -> Taken | None:
        """A save that failed on its thread says so."""
        error = self.slot.take_error() if self.slot is not None else None
        if error is not None:
            self.scene.message = self.save_failure(error)
        return None

    def drive(self, dt: float) -> Transition | None:
        """Between moves, what the seats need: a missing pad asked for, a hand-over, an AI seat's move."""
        scene, state = self.scene, self.match.state
        device = self._missing_pad()
        if device is not None:
            return ask_for_pad(self.context, self.match, device)
        person = self.person_to_play()
        if self.handover_due:
            assert person is not None
            name = self.context.person_name(self.match.setup.people[person])
            role = scene.view_seat_name(state.current_seat)
            return Push(HandOverOverlay(self.context, name, person, self.match.can_undo(), role))
        plan = self.match.setup.seats[state.current_seat]
        if plan.kind != "ai":
            return None
        if self.pending is None:
            self.ai_wait -= dt
            if self.ai_wait <= 0:
                self.pending = self.context.ai.ask(state, plan.level, scene.decision_seed())
        elif self.pending.done() and not scene.timeline.busy and not scene.why.holds(len(self.match.log)):
            # the last move (and why it mattered) is seen before the next one
            action = self.pending.result()
            self.pending = None
            self.ai_wait = self.context.ai_pause / self.context.settings.animation_speed
            if action is not None:
                with suppress(IllegalActionError):  # an answer the position no longer allows: asked again
                    self.play_action(action)
        return None

    def undo(self, device: str) -> None:
        """Undo the last move, from the device of the person who made it or of the person deciding now."""
        people = self.match.setup.people
        last = self.match.setup.person_of(self.match.log[-1].seat) if self.match.log else None
        deciding = self.person_to_play()
        devices = {people[person].device for person in (last, deciding) if person is not None}
        if self._people_count() == 1 or device in devices:
            self._undo_last()
        else:
            self.scene.message = self.context.tr("play.cannot_undo")

    def _undo_last(self) -> None:
        scene = self.scene
        scene.timeline.skip()
        if self.match.can_undo():
            self._cancel_ai()  # an AI seat about to answer the move answers the position it comes back to
            self.ai_wait = self.context.ai_pause / self.context.settings.animation_speed
            self.match.undo()
            self.handover_due = False  # a hand-over waiting for the next person: the turn came back before it
            scene.sync()
            scene.message = self.context.tr("play.undone")
        else:
            scene.message = self.context.tr("play.cannot_undo")

    # --- pages, saving and the end ----------------------------------------------------------------------------
    def pause(self, device: str) -> Transition:
        return Push(PauseOverlay(self.context, self.match, device))

    def resume(self, result: SceneResult | None) -> Transition | None:
        match result:
            case HandedOver():
                self.handover_due = False
                self.viewer = self.person_to_play()
                if self.match.log and self.match.setup.person_of(self.match.log[-1].seat) != self.viewer:
                    self.match.close_undo()  # the next person has seen their secrets: the move before stands
                self.scene.sync()
            case UndoLast():  # from the hand-over screen, before the next person looked
                self.viewer = None  # whoever holds the screen now: the one whose move comes back is asked for first
                self._undo_last()
            case TakeBack():
                self._cancel_ai()
                self.scene.timeline.skip()
                try:
                    self.match.take_back(0)
                except GameError:
                    self.scene.message = self.context.tr("play.cannot_take_back")
                self.scene.sync()
            case SwitchDevice(old, new):
                rebind(self.match, old, new)
        return None

    def _autosave(self) -> None:
        """Saved on a background thread, so a slow disk never stalls a frame (errors show in ``update``)."""
        if self.slot is None:
            return
        if self.match.state.is_terminal():
            self.slot.discard_in_background()
        else:
            self.slot.save_in_background(self.match)

    def save_failure(self, error: OSError) -> str:
        return self.context.tr.message(Message.of("notice.save_failed", reason=disk_reason(error)))

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

    def game_over(self) -> Transition | None:
        """The final position has been seen: the game-over screen."""
        self._count_result()
        return Replace(GameOverScene(self.context, self.match))

    def leave(self) -> None:
        self._cancel_ai()
        self._count_result()
        if self.slot is None:
            return
        try:
            if self.match.state.is_terminal():
                self.slot.discard()
            else:
                self.slot.save(self.match)
        except OSError as error:  # the scene is going; the next menu shows why the game was not kept
            self.context.notices.append(self.save_failure(error))
        finally:
            self.slot.release()  # another window may play it now

    # --- words and drawing ------------------------------------------------------------------------------------
    def players(self) -> dict[Seat, hud.Player]:
        return seat_players(self.context, self.match)

    def status_line(self) -> str:
        return turn_status(self.context, self.match, self.scene.view_seat_name)

    def draw_over(self, surface: pygame.Surface) -> None:
        """Nothing over the screen."""
