"""An interactive tutorial's move source: the play scene running one of the scripts of
``game/services/tutorials.py``.

It shows each lesson in a box in the side panel and points at the option that leads to the action asked for,
naming the keys of the device in use (the box and the arrow are drawn by ``scenes/playing/tutorial_overlay.py``).
It waits for the learner: the chooser's focus starts on that option, so Enter, Space, A or a click on it always
goes on; previews work as in a game, but a choice that leads elsewhere is refused with a line saying what the
lesson wants (and the key line says which key reaches it), and changes nothing. The other seats' actions are
played from the script at a pace people can follow, with their animations, or at once on Enter or a click. Back
opens the tutorial's own menu. A tutorial is never saved and never counted: it neither writes nor removes the
saved game, and it shows its end card instead of the game-over screen, so a game's end (statistics, series)
never runs.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.core.protocol import Action, Seat
from game.services.match import Match
from game.services.tutorials import LEARNER, NOTE, SCRIPT, Step, Tutorial, accepted
from scenes.context import AppContext
from scenes.kit import input as inp
from scenes.kit import tooltip
from scenes.kit.results import MoreLessons, PlayReadyGame, RestartTutorial, SceneResult, SwitchDevice
from scenes.kit.stack import Push, Replace, Transition
from scenes.pages.title_motion import STILL_AFTER
from scenes.pages.tutorial_menus import MoreLessonsScene, TutorialEndOverlay, TutorialMenu, ready_setup
from scenes.playing import hud
from scenes.playing import tutorial_overlay as overlay
from scenes.playing.gameview import BAR_AREA
from scenes.playing.hints import PULSE_FRAME
from scenes.playing.play import PlayScene
from scenes.playing.sources.base import Taken
from scenes.playing.sources.local import ask_for_pad, rebind, start_match_scene, unplugged_pad
from scenes.playing.tutorial_guide import Guide

SCRIPT_PAUSE = 1.5  # an AI pause and a half between the script's actions (at animation speed 1)
END_PAUSE = 1.2  # seconds the last position stays before the end card (at animation speed 1)
BACK_HINT = 24  # the room the action bar keeps at its foot, once a step is chosen, to say how to step back


def tutorial_scene(context: AppContext, tutorial: Tutorial, start: int = 0) -> PlayScene[TutorialSource]:
    """The tutorial from its first step, or from step ``start`` with the actions before it played."""
    return PlayScene(context, TutorialSource(context, tutorial, start))


class TutorialSource(Guide):
    """``tutorial``'s script, from step ``start``; one person, the learner, plays every seat of its set-up."""

    asks_before_losing = False  # the lesson chooses the moves: none needs a second thought

    def __init__(self, context: AppContext, tutorial: Tutorial, start: int = 0) -> None:
        self.context, self.tutorial = context, tutorial
        self.index = start
        self.expected: list[Action] = []  # the accepted actions legal now, the one shown first
        self.device = "keyboard"  # the kind of device last used: the lesson names its keys
        self.refusal = ""
        self.shake = 0.0
        self.quiet = 0.0  # seconds since the learner's last input or the lesson's last step (the pointer's rest)
        self.pointer_clock = 0.0  # the pointer's pulse and bounce, still while it rests
        self.script_wait = SCRIPT_PAUSE * context.ai_pause / context.settings.animation_speed
        self.end_wait = END_PAUSE
        self.ended = False  # the end card was shown
        self.lesson_area = pygame.Rect(0, 0, 0, 0)
        self.aimed = None
        match = Match(tutorial.setup)
        for text in tutorial.opening:
            match.play(match.state.parse_action(text))
        for step in tutorial.steps[:start]:
            if step.kind != NOTE:
                match.play(accepted(match.state, step)[0])
        self.local = match

    @property
    def match(self) -> Match:
        return self.local

    # --- where the script is --------------------------------------------------------------------------------
    @property
    def step(self) -> Step | None:
        """The step under way; ``None`` once every step is done."""
        steps = self.tutorial.steps
        return steps[self.index] if self.index < len(steps) else None

    @property
    def finished(self) -> bool:
        return self.step is None or self.match.state.is_terminal()

    # --- who decides: the learner, at one screen --------------------------------------------------------------
    def person_to_play(self) -> int | None:
        state = self.match.state
        return None if state.is_terminal() else self.match.setup.person_of(state.current_seat)

    def accepts(self, device: str) -> bool:
        return self.person_to_play() is not None  # one person: any device

    def may_choose(self) -> bool:
        return self.person_to_play() is not None

    def legal_now(self) -> Sequence[Action]:
        return self.match.state.legal_actions()

    def visible_seats(self) -> frozenset[Seat]:
        """The learner's seats only: the script's seats keep their secrets, as opponents do."""
        return self.tutorial.learner_seats

    def waiting(self) -> bool:
        return unplugged_pad(self.context, self.match) is not None

    def synced(self) -> None:
        """The chooser only for the learner's own steps: a note or a scripted action takes no board input."""
        step = self.step
        self.expected = accepted(self.match.state, step) if step is not None and step.kind != NOTE else []
        if step is None or step.kind != LEARNER:
            self.scene.chooser = None
        self._aim()

    # --- playing --------------------------------------------------------------------------------------------
    def choose(self, action: Action) -> None:
        self.play_action(action)

    def play_action(self, action: Action) -> None:
        """Play the step's action, the learner's or the script's: never saved."""
        self.index += 1  # before the scene makes its chooser: it is made for the next step
        self.refusal, self.quiet = "", 0.0
        scene = self.scene
        if scene.timeline.busy:
            scene.timeline.skip()
        scene.show_played(self.match.play(action))
        scene.sync()

    def _next_note(self) -> None:
        self.index += 1
        self.refusal, self.quiet = "", 0.0
        self.scene.sync()

    def busy(self) -> bool:
        """A script's move, a refusal's shake and the wait for the end card run at the full frame rate."""
        step = self.step
        return self.shake > 0 or (step is not None and step.kind == SCRIPT) or (self.finished and not self.ended)

    def next_change_in(self) -> float | None:
        """The pointer pulses and bounces a step at a time, as the hint's rings do, until the learner has left it
        alone ``STILL_AFTER`` seconds; then it rests where it is, as the title's pieces do."""
        if self.busy():
            return 0.0
        return PULSE_FRAME if self.quiet < STILL_AFTER else None

    def before_frame(self, dt: float) -> Taken | None:
        """The pointer's clock and the box's shake; at the end, the end card instead of the game-over screen:
        nothing is recorded."""
        scene = self.scene
        self.pointer_clock += max(0.0, min(dt, STILL_AFTER - self.quiet))
        self.quiet += dt
        self.shake = max(0.0, self.shake - dt)
        speed = self.context.settings.animation_speed
        if not self.finished:
            return None
        scene.timeline.update(dt * speed)
        if self.ended or scene.timeline.busy:
            return Taken()
        self.end_wait -= dt * speed
        if self.end_wait > 0:
            return Taken()
        self.ended = True
        return Taken(Push(TutorialEndOverlay(self.context, self.tutorial)))

    def drive(self, dt: float) -> Transition | None:
        """A pad pulled out is asked for; else the script's action, at its pace."""
        device = unplugged_pad(self.context, self.match)
        if device is not None:
            return ask_for_pad(self.context, self.match, device)
        step = self.step
        if step is not None and step.kind == SCRIPT and not self.scene.timeline.busy:
            self.script_wait -= dt
            if self.script_wait <= 0:
                self.script_wait = SCRIPT_PAUSE * self.context.ai_pause / self.context.settings.animation_speed
                self.play_action(self.expected[0])
        return None

    def game_over(self) -> Transition | None:
        return None  # the end card comes instead (see before_frame)

    # --- the learner's input ----------------------------------------------------------------------------------
    def intercept(self, intent: inp.Intent) -> Taken | None:
        self._note_device(intent)
        self.quiet = 0.0
        kind, step, scene = intent.kind, self.step, self.scene
        chooser = scene.chooser
        if kind == inp.PAUSE or (kind == inp.BACK and (chooser is None or not chooser.chosen)):
            return Taken(self.pause(intent.device))
        if kind == inp.HINT:
            self.pointer_clock = 0.0  # the arrow is the hint: it starts its pulse again
            return Taken()
        if kind == inp.UNDO:
            self.undo(intent.device)
            return Taken()
        if step is not None and step.kind == NOTE and kind in (inp.CONFIRM, inp.CLICK):
            scene.timeline.skip()
            self._next_note()
            return Taken()
        if step is not None and step.kind == SCRIPT and kind in (inp.CONFIRM, inp.CLICK) and self.expected:
            scene.timeline.skip()  # no need to wait for the script: Enter or a click plays its action now
            self.script_wait = SCRIPT_PAUSE * self.context.ai_pause / self.context.settings.animation_speed
            self.play_action(self.expected[0])
            return Taken()
        if kind == inp.CLICK and intent.pos is not None and self.lesson_area.collidepoint(intent.pos):
            return Taken()  # the box stands over the log: a click on it opens nothing
        if kind in (inp.CONFIRM, inp.CLICK) and chooser is not None and scene.accepts(intent):
            option = chooser.focused if kind == inp.CONFIRM else chooser.option_at(intent.pos or (-1, -1))
            if option is not None and step is not None and not self._leads(option):
                self._refuse(self.context.tr(step.wanted))  # what the lesson wants, said without the arrow
                return Taken()
        return None

    def handled(self) -> None:
        self._aim()  # a step of a longer choice was taken: the next one is focused in its turn
        chooser = self.scene.chooser
        focused = chooser.focused if chooser is not None else None
        if self.refusal and focused is not None and self._leads(focused):
            self.refusal = ""  # the learner put it right: the reproach goes

    def undo(self, device: str) -> None:
        self._refuse(self.context.tr("tutorial.no_undo"))

    def _note_device(self, intent: inp.Intent) -> None:
        if intent.device.startswith("pad"):
            self.device = "pad"
        elif intent.pos is not None:
            self.device = "mouse"
        elif intent.kind not in (inp.PAD_ADDED, inp.PAD_REMOVED):
            self.device = "keyboard"

    def _refuse(self, line: str) -> None:
        self.refusal, self.shake = line, overlay.SHAKE
        self.context.audio.play("deny")

    # --- menus ----------------------------------------------------------------------------------------------
    def pause(self, device: str) -> Transition:
        return Push(TutorialMenu(self.context))

    def resume(self, result: SceneResult | None) -> Transition | None:
        match result:
            case RestartTutorial():
                return Replace(tutorial_scene(self.context, self.tutorial))
            case PlayReadyGame():  # a ready game, in a slot of its own: no saved game is replaced
                setup = ready_setup(self.tutorial, self.context.settings.player_name)
                return Replace(start_match_scene(self.context, Match(setup)))
            case MoreLessons():
                return Replace(MoreLessonsScene(self.context, self.tutorial.game))
            case SwitchDevice(old, new):
                rebind(self.match, old, new)
        return None

    def leave(self) -> None:
        """Nothing to save or remove, and no AI was asked anything."""

    # --- drawing --------------------------------------------------------------------------------------------
    def players(self) -> dict[Seat, hud.Player]:
        """The seat cards' names: "You" on the car the learner drives in this part of the lesson, "Tutor" on
        the one the script drives (one person plays every seat of the tutorial's set-up, so both read
        "Player 1" otherwise)."""
        tr = self.context.tr
        you, tutor = hud.Player(tr("tutorial.you"), False), hud.Player(tr("tutorial.tutor"), True)
        learner = self._learner_seat()
        return {seat: you if seat == learner else tutor for seat in self.match.state.seats}

    def _learner_seat(self) -> Seat | None:
        """The seat of the learner's next step, or of their last once none is left."""
        steps = self.tutorial.steps
        coming = [step.seat for step in steps[self.index:] if step.kind == LEARNER]
        done = [step.seat for step in steps[:self.index] if step.kind == LEARNER]
        if coming:
            return coming[0]
        return done[-1] if done else None

    def status_line(self) -> str:
        tr, step = self.context.tr, self.step
        if self.finished or step is None:
            return tr("tutorial.status.done")
        if step.kind == NOTE:
            return tr(f"tutorial.title.{self.tutorial.name}")
        key = "tutorial.status.you" if step.kind == LEARNER else "tutorial.status.watch"
        return tr(key, seat=self.scene.view_seat_name(step.seat))

    def lesson(self) -> overlay.Lesson:
        """The box's content; its heading numbers the screens (the watched ones too), so no number shows twice."""
        tr, tutorial = self.context.tr, self.tutorial
        index = self.words_index()
        if index >= len(tutorial.steps):
            heading, body = tr("tutorial.status.done"), tr(tutorial.outro)
        else:
            number, count = tutorial.screen_number(index), tutorial.screen_count
            heading, body = tr("tutorial.heading", number=number, count=count), tr(tutorial.steps[index].lesson)
        return overlay.Lesson(heading, body, self.how(), self.refusal, self.index / len(tutorial.steps))

    def words_index(self) -> int:
        """The step whose words the box shows. A screen's words tell what the script's moves at its start did
        ("the police drove on and made a U-turn"), so until those moves are played and seen the box keeps the
        screen before's: the words never run ahead of the board. A screen that is only watched keeps its own: they
        say what to watch."""
        steps, index = self.tutorial.steps, self.index
        lesson = steps[index].lesson if index < len(steps) else None
        start, end = index, index
        while start > 0 and steps[start - 1].lesson == lesson:
            start -= 1
        while end < len(steps) and steps[end].lesson == lesson:
            end += 1
        told = any(step.kind != SCRIPT for step in steps[start:index])  # the learner already acted on this screen
        watched = all(step.kind == SCRIPT for step in steps[start:end])  # a screen only watched says what to watch
        waiting = index < len(steps) and steps[index].kind == SCRIPT
        if start > 0 and not told and not watched and (waiting or self.scene.timeline.busy):
            return start - 1
        return index

    def draw_above_log(self, surface: pygame.Surface, top: int, bottom: int) -> int:
        """The lesson, at the top of the log's room where it fits there (the log keeps the rest)."""
        lesson = self.lesson()
        area = overlay.lesson_rect(self.context.text, lesson, [(top, bottom)])
        if area.top < top:  # too tall for the log's room: it stands in the action bar (see ``draw_over``)
            self.lesson_area = pygame.Rect(0, 0, 0, 0)
            return top
        self.lesson_area = area
        overlay.draw_lesson(surface, self.context.text, lesson, area, self.shake)
        return area.bottom

    def draw_over(self, surface: pygame.Surface) -> None:
        """The lesson where it did not fit by the log, and the pointer."""
        scene = self.scene
        chooser = scene.chooser
        if not self.lesson_area:  # it did not fit in the log's room: under the action bar's buttons, or over the log
            buttons = [chooser.rect(option) for option in chooser.options
                       if scene.view.is_button(option)] if chooser else []
            under_buttons = max((button.bottom for button in buttons), default=BAR_AREA.y)
            foot = BAR_AREA.bottom - (BACK_HINT if chooser is not None and chooser.chosen else 0)
            lesson = self.lesson()
            self.lesson_area = overlay.lesson_rect(self.context.text, lesson,
                                                   [(under_buttons, foot), (scene.hud_bottom, scene.lines_top)])
            overlay.draw_lesson(surface, self.context.text, lesson, self.lesson_area, self.shake)
        target = self.pointer()
        if target is not None and not scene.timeline.busy:
            tips = tooltip.tips()  # the controls and words on screen: the prompt line, the HUD's notes
            overlay.draw_pointer(surface, target, self.pointer_clock,
                                 scene.view.pieces(self.match.state) + self._others() + tips.controls + tips.words)
