"""An interactive tutorial: the play scene running one of the scripts of ``game/services/tutorials.py``.

It shows each lesson in a box in the side panel and points at the option that leads to the action asked for,
naming the keys of the device in use. It waits for the learner: the chooser's focus starts on that option, so
Enter, Space, A or a click on it always goes on; previews work as in a game, but a choice that leads elsewhere is
refused with a line saying what the lesson wants (and the key line says which key reaches it), and changes
nothing. The other seats' actions are played from the script at a pace people can follow, with their
animations, or at once on Enter or a click. Back opens the tutorial's own menu. A tutorial is never saved
and never counted: it neither writes nor removes the saved game, and it shows its end card instead of the
game-over screen, so the play scene's end of a game (statistics, series) never runs.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.core.protocol import Action, Seat
from game.services.match import Match
from game.services.tutorials import LEARNER, NOTE, SCRIPT, Step, Tutorial, accepted
from scenes.context import AppContext
from scenes.kit import input as inp
from scenes.kit import tooltip
from scenes.kit.chooser import GROUP, ActionChooser
from scenes.kit.chooser import Step as Option
from scenes.kit.results import MoreLessons, PlayReadyGame, RestartTutorial, SceneResult
from scenes.kit.stack import Push, Replace, Transition
from scenes.pages.tutorial_menus import MoreLessonsScene, TutorialEndOverlay, TutorialMenu, ready_setup
from scenes.playing import hud
from scenes.playing import tutorial_overlay as overlay
from scenes.playing.gameview import BAR_AREA
from scenes.playing.play import PlayScene, make_view, start_match_scene

SCRIPT_PAUSE = 1.5  # an AI pause and a half between the script's actions (at animation speed 1)
END_PAUSE = 1.2  # seconds the last position stays before the end card (at animation speed 1)
BACK_HINT = 24  # the room the action bar keeps at its foot, once a step is chosen, to say how to step back


class TutorialScene(PlayScene):
    asks_before_losing = False  # the lesson chooses the moves: none needs a second thought

    def __init__(self, context: AppContext, tutorial: Tutorial, start: int = 0) -> None:
        """The tutorial from its first step, or from step ``start`` with the actions before it played."""
        self.tutorial = tutorial
        self.index = start
        self.expected: list[Action] = []  # the accepted actions legal now, the one shown first
        self.device = "keyboard"  # the kind of device last used: the lesson names its keys
        self.refusal = ""
        self.shake = 0.0
        self.clock = 0.0  # drives the pointer's pulse and bounce
        self.script_wait = SCRIPT_PAUSE * context.ai_pause / context.settings.animation_speed
        self.end_wait = END_PAUSE
        self.ended = False  # the end card was shown
        self.lesson_area = pygame.Rect(0, 0, 0, 0)
        # the chooser and depth last focused on the target
        self.aimed: tuple[ActionChooser[Any, Any, Any], int] | None = None
        match = Match(tutorial.setup)
        for text in tutorial.opening:
            match.play(match.state.parse_action(text))
        for step in tutorial.steps[:start]:
            if step.kind != NOTE:
                match.play(accepted(match.state, step)[0])
        super().__init__(context, match, make_view(context, tutorial.setup.game))

    # --- where the script is --------------------------------------------------------------------------------
    @property
    def step(self) -> Step | None:
        """The step under way; ``None`` once every step is done."""
        steps = self.tutorial.steps
        return steps[self.index] if self.index < len(steps) else None

    @property
    def finished(self) -> bool:
        return self.step is None or self.match.state.is_terminal()

    def _sync(self) -> None:
        """The chooser only for the learner's own steps: a note or a scripted action takes no board input."""
        super()._sync()
        step = self.step
        self.expected = accepted(self.match.state, step) if step is not None and step.kind != NOTE else []
        if step is None or step.kind != LEARNER:
            self.chooser = None
        self._aim()

    def _aim(self) -> None:
        """Put the focus on the arrow's option once per choice, so Enter, Space and A take it: a learner who has
        not yet found R or Tab is never stuck. The chooser itself is kept, not its id: a new one may get a freed
        one's."""
        chooser, option = self.chooser, self.target()
        if chooser is None or option is None or option not in chooser.options:
            return
        if self.aimed is None or self.aimed[0] is not chooser or self.aimed[1] != len(chooser.prefix):
            chooser.set_focus(option)
            self.aimed = (chooser, len(chooser.prefix))

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

    def visible_seats(self) -> frozenset[Seat]:
        """The learner's seats only: the script's seats keep their secrets, as opponents do."""
        return self.tutorial.learner_seats

    def play_action(self, action: Action) -> None:
        self.index += 1  # before the play scene makes its chooser: it is made for the next step
        self.refusal = ""
        super().play_action(action)

    def _next_note(self) -> None:
        self.index += 1
        self.refusal = ""
        self._sync()

    # --- never saved, never counted -------------------------------------------------------------------------
    def _autosave(self) -> None:
        """A tutorial is not a game to resume: the player's saved game stays as it was."""

    def leave(self) -> None:
        """Nothing to save or remove, and no AI was asked anything."""

    # --- the frame --------------------------------------------------------------------------------------------
    @property
    def animating(self) -> bool:
        return True  # the pointer pulses and bounces all the time

    def update(self, dt: float) -> Transition | None:
        self.clock += dt
        self.shake = max(0.0, self.shake - dt)
        speed = self.context.settings.animation_speed
        if self.finished:  # the end card instead of the game-over screen: nothing is recorded
            self.timeline.update(dt * speed)
            if self.ended or self.timeline.busy:
                return None
            self.end_wait -= dt * speed
            if self.end_wait > 0:
                return None
            self.ended = True
            return Push(TutorialEndOverlay(self.context, self.tutorial))
        transition = super().update(dt)
        step = self.step
        if transition is None and step is not None and step.kind == SCRIPT and not self.timeline.busy:
            self.script_wait -= dt
            if self.script_wait <= 0:
                self.script_wait = SCRIPT_PAUSE * self.context.ai_pause / speed
                self.play_action(self.expected[0])
        return transition

    # --- the learner's input ----------------------------------------------------------------------------------
    def handle(self, intent: inp.Intent) -> Transition | None:
        self._note_device(intent)
        kind, step = intent.kind, self.step
        if kind == inp.PAUSE or (kind == inp.BACK and (self.chooser is None or not self.chooser.chosen)):
            return self._pause(intent.device)
        if kind == inp.HINT:
            self.clock = 0.0  # the arrow is the hint: it starts its pulse again
            return None
        if kind == inp.UNDO:
            self._refuse(self.context.tr("tutorial.no_undo"))
            return None
        if step is not None and step.kind == NOTE and kind in (inp.CONFIRM, inp.CLICK):
            self.timeline.skip()
            self._next_note()
            return None
        if step is not None and step.kind == SCRIPT and kind in (inp.CONFIRM, inp.CLICK) and self.expected:
            self.timeline.skip()  # no need to wait for the script: Enter or a click plays its action now
            self.script_wait = SCRIPT_PAUSE * self.context.ai_pause / self.context.settings.animation_speed
            self.play_action(self.expected[0])
            return None
        if kind == inp.CLICK and intent.pos is not None and self.lesson_area.collidepoint(intent.pos):
            return None  # the box stands over the log: a click on it opens nothing
        if kind in (inp.CONFIRM, inp.CLICK) and self.chooser is not None and self._accepts(intent):
            option = self.chooser.focused if kind == inp.CONFIRM else self.chooser.option_at(intent.pos or (-1, -1))
            if option is not None and step is not None and not self._leads(option):
                self._refuse(self.context.tr(step.wanted))  # what the lesson wants, said without the arrow
                return None
        transition = super().handle(intent)
        self._aim()  # a step of a longer choice was taken: the next one is focused in its turn
        focused = self.chooser.focused if self.chooser is not None else None
        if self.refusal and focused is not None and self._leads(focused):
            self.refusal = ""  # the learner put it right: the reproach goes
        return transition

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

    def _paths(self) -> list[tuple[Option[str], ...]]:
        """The steps of the accepted actions that go on from what was chosen so far, the one shown first."""
        chooser = self.chooser
        if chooser is None:
            return []
        prefix = tuple(chooser.prefix)
        paths = (chooser.paths.get(action) for action in self.expected)
        return [path for path in paths if path is not None and path[:len(prefix)] == prefix]

    def _leads(self, option: Option[str]) -> bool:
        """Whether choosing ``option`` goes on towards an accepted action (directly, or behind its heading)."""
        assert self.chooser is not None
        action = self.chooser.action_of(option)
        if action is not None:
            return action in self.expected
        depth = len(self.chooser.prefix)
        return any(path[depth] == option or (path[depth][0] == GROUP and path[depth + 1:depth + 2] == (option,))
                   for path in self._paths())

    def target(self) -> Option[str] | None:
        """The option to choose next: the next step of the action shown, as the chooser offers it."""
        chooser = self.chooser
        paths = self._paths()
        if chooser is None or not paths:
            return None
        path, depth = paths[0], len(chooser.prefix)
        option = path[depth]
        if option not in chooser.options and option[0] == GROUP:
            option = path[depth + 1]
        return option

    def pointer(self) -> pygame.Rect | None:
        """Where the arrow points: the option to choose, or what a note shows on the board."""
        step = self.step
        if step is not None and step.kind == NOTE:
            return None if step.point is None else self.view.option_rect(self.match.state, (), step.point)
        option = self.target()
        return None if option is None or self.chooser is None else self.chooser.rect(option)

    def how(self) -> str:
        """How to do what the lesson asks, with the keys of the device in use."""
        tr, step = self.context.tr, self.step
        if step is None:
            return ""
        if step.kind == NOTE:
            return tr(f"tutorial.how.next.{self.device}")
        if step.kind == SCRIPT:
            return tr("tutorial.how.watch")
        option, chooser = self.target(), self.chooser
        if option is None or chooser is None:
            return ""
        focused = chooser.focused
        if option == focused:
            key = "choose"
        elif option[0] == "rot":
            key = "rotate"
        elif focused is not None and chooser.rect(focused) == chooser.rect(option):
            key = "cycle"
        else:
            key = "move"
        return tr(f"tutorial.how.{key}.{self.device}")

    # --- menus ----------------------------------------------------------------------------------------------
    def _pause(self, device: str) -> Transition:
        return Push(TutorialMenu(self.context))

    def resume(self, result: SceneResult | None) -> Transition | None:
        match result:
            case RestartTutorial():
                return Replace(TutorialScene(self.context, self.tutorial))
            case PlayReadyGame():  # a ready game, in a slot of its own: no saved game is replaced
                setup = ready_setup(self.tutorial, self.context.settings.player_name)
                return Replace(start_match_scene(self.context, Match(setup)))
            case MoreLessons():
                return Replace(MoreLessonsScene(self.context, self.tutorial.game))
            case _:
                return super().resume(result)

    # --- drawing --------------------------------------------------------------------------------------------
    def _status_line(self) -> str:
        tr, step = self.context.tr, self.step
        if self.finished or step is None:
            return tr("tutorial.status.done")
        if step.kind == NOTE:
            return tr(f"tutorial.title.{self.tutorial.name}")
        key = "tutorial.status.you" if step.kind == LEARNER else "tutorial.status.watch"
        return tr(key, seat=self.view_seat_name(step.seat))

    def lesson(self) -> overlay.Lesson:
        """The box's content; its heading numbers the screens (the watched ones too), so no number shows twice."""
        tr, step, tutorial = self.context.tr, self.step, self.tutorial
        if step is None:
            heading, body = tr("tutorial.status.done"), tr(tutorial.outro)
        else:
            number, count = tutorial.screen_number(self.index), tutorial.screen_count
            heading, body = tr("tutorial.heading", number=number, count=count), tr(step.lesson)
        return overlay.Lesson(heading, body, self.how(), self.refusal, self.index / len(tutorial.steps))

    def draw_above_log(self, surface: pygame.Surface, top: int, bottom: int) -> int:
        """The lesson, at the top of the log's room where it fits there (the log keeps the rest)."""
        lesson = self.lesson()
        area = overlay.lesson_rect(self.context.text, lesson, [(top, bottom)])
        if area.top < top:  # too tall for the log's room: it stands in the action bar (see ``draw``)
            self.lesson_area = pygame.Rect(0, 0, 0, 0)
            return top
        self.lesson_area = area
        overlay.draw_lesson(surface, self.context.text, lesson, area, self.shake)
        return area.bottom

    def draw(self, surface: pygame.Surface) -> None:
        self.lesson_area = pygame.Rect(0, 0, 0, 0)  # the play scene's drawing places it, where it fits by the log
        super().draw(surface)
        chooser = self.chooser
        if not self.lesson_area:  # it did not fit in the log's room: under the action bar's buttons, or over the log
            buttons = [chooser.rect(option) for option in chooser.options
                       if self.view.is_button(option)] if chooser else []
            under_buttons = max((button.bottom for button in buttons), default=BAR_AREA.y)
            foot = BAR_AREA.bottom - (BACK_HINT if chooser is not None and chooser.chosen else 0)
            lesson = self.lesson()
            self.lesson_area = overlay.lesson_rect(self.context.text, lesson,
                                                   [(under_buttons, foot), (self.hud_bottom, self.lines_top)])
            overlay.draw_lesson(surface, self.context.text, lesson, self.lesson_area, self.shake)
        target = self.pointer()
        if target is not None and not self.timeline.busy:
            tips = tooltip.tips()  # the controls and words on screen: the prompt line, the HUD's notes
            overlay.draw_pointer(surface, target, self.clock,
                                 self.view.pieces(self.match.state) + self._others() + tips.controls + tips.words)

    def _others(self) -> list[pygame.Rect]:
        """Where the options other than the one to choose are: the arrow keeps off them."""
        chooser, option = self.chooser, self.target()
        if chooser is None or option is None:
            return []
        return [chooser.rect(other) for other in chooser.options if other != option]
