"""The game window: settings and saves loaded, the scene stack run frame by frame at the logical resolution
(scaled by SDL to the window), and everything put away on the way out."""

from __future__ import annotations

import contextlib
import os
import time
import warnings
from collections.abc import Callable
from types import FrameType
from typing import Protocol

import pygame

from game.ai.service import AIService
from game.core.jsonio import remove_stale_temporaries
from game.services.match import Match, MatchSetup
from game.services.saves import SaveStore
from game.services.settings import SMALLEST_WINDOW, load_settings
from game.services.signals import handled, named
from game.services.stats import load_stats
from game.services.userdata import data_folder
from scenes.context import AppContext
from scenes.kit import input as inp
from scenes.kit import tooltip
from scenes.kit.allocator import map_big_blocks
from scenes.kit.audio import Audio
from scenes.kit.input import InputMapper
from scenes.kit.stack import Push, Scene, SceneStack
from scenes.kit.ui import LOGICAL_SIZE
from scenes.online.host import seat_page
from scenes.pages.menus import TitleScene
from scenes.pages.overlays import RulesOverlay
from scenes.playing.sources.local import start_match_scene
from scenes.playing.sources.tutorial import tutorial_scene
from scenes.router import Pages, register_pages

TITLE = "Catch Don Falconi & Fredericus"
FPS = 60
MAX_DT = 0.1  # a long stall (window dragged, machine busy) must not make animations jump
# Events that change nothing on screen unless they bring an intent: a pad's stick at rest still trembles.
UNSEEN_EVENTS = frozenset({pygame.JOYAXISMOTION, pygame.CONTROLLERAXISMOTION, pygame.JOYBALLMOTION,
                           pygame.AUDIODEVICEADDED, pygame.AUDIODEVICEREMOVED})
CLOSING_SIGNALS = named("SIGHUP", "SIGQUIT")  # a closed terminal, Ctrl-\: the window closes, as for SIGTERM
# The pages the scenes open by name (scenes.router), as the window opens.
PAGES = Pages(title=TitleScene, match=start_match_scene, seats=seat_page, rules=RulesOverlay,
              tutorial=tutorial_scene)


class FrameClock(Protocol):
    """What the frame loop asks of ``pygame.time.Clock`` (a test hands in one whose frames take a fixed time)."""

    def tick(self, framerate: float = 0, /) -> int: ...


class App:
    """One window and its scene stack. ``frame()`` runs one frame, so tests can drive it event by event.

    Quiet at rest: a frame draws and flips only when something changed (an event, a transition, a scene that
    moves, or a change the top scene or a tooltip said was due: ``Scene.next_change_in``); and between frames
    the window's loop calls ``rest()``, which sleeps while nothing moves until the next event or that change.
    Tests call ``frame()`` alone, so their frames never wait for real time."""

    def __init__(self, setup: MatchSetup | None = None, fps: int = FPS) -> None:
        self.fps = fps  # 0: as fast as possible (tests)
        map_big_blocks()  # freed pictures go back to the system, not into holes the heap keeps
        # the sounds' own rate, so nothing is resampled, and a small buffer, so an effect follows its click at once
        pygame.mixer.pre_init(22050, -16, 2, 512)
        pygame.init()
        folder = data_folder()
        remove_stale_temporaries(folder)  # what saves interrupted by a crash or a kill left behind
        settings, problems = load_settings(folder)
        tooltip.reset()  # the tips of an earlier window (tests open many) must not answer here
        register_pages(PAGES)
        inputs = InputMapper()
        audio = Audio(settings.effects_volume, settings.music_volume)
        self.context = AppContext(settings, folder, SaveStore(folder), AIService(), inputs, audio=audio)
        self.context.notices.extend(self.context.explain(problem) for problem in problems)
        self.context.stats, stats_problems = load_stats(folder)
        self.context.notices.extend(self.context.tr.message(problem.message) for problem in stats_problems)
        self.screen = self._open_window()
        inputs.start()
        pygame.key.set_repeat(300, 50)
        root: Scene = TitleScene(self.context)
        self.stack = SceneStack(root)
        if setup is not None:
            self.stack.apply(Push(start_match_scene(self.context, Match(setup))))
        self.clock: FrameClock = pygame.time.Clock()
        self.frames = 0  # frames run
        self.drawn = 0  # frames drawn and flipped
        self.dirty = True  # the next frame draws whatever happened (set by tools that change a scene directly)
        self.drawn_as: tuple[int, object] = (-1, None)  # the stack's transitions and the settings last drawn
        self.since_drawn = 0.0  # seconds of scene time since the last frame drawn (a tooltip's delay counts them)
        self.rested = 0.0  # seconds the last rest slept: the next frame's scenes count them
        self.stopping: Callable[[], bool] = lambda: False  # a closing signal came: a rest ends
        self.music_asked: str | None = None  # the loop last asked of the audio (it may be silent)

    def _open_window(self) -> pygame.Surface:
        settings = self.context.settings
        flags = pygame.SCALED | pygame.RESIZABLE | (pygame.FULLSCREEN if settings.fullscreen else 0)
        # pygame's SCALED window grows the picture by whole numbers only (a 1600x900 window showed it at 1280x720
        # with black bars all round); this pygame hint lets it fill any window, smoothed rather than blocky.
        os.environ.setdefault("SDL_HINT_RENDER_SCALE_QUALITY", "1")
        os.environ.setdefault("SDL_RENDER_SCALE_QUALITY", "linear")
        screen = pygame.display.set_mode(LOGICAL_SIZE, flags)
        pygame.display.set_caption(TITLE)
        # pygame-ce 2.5 offers no other handle on a SCALED display's window; its deprecation concerns drawing
        # through the Window object, which we do not do.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            self.window = pygame.Window.from_display_module()
        self.window.minimum_size = SMALLEST_WINDOW  # SCALED would forbid any window smaller than the picture
        if not settings.fullscreen:
            self._resize(settings.window_size)
        return screen

    def _resize(self, size: tuple[int, int]) -> None:
        with contextlib.suppress(pygame.error):  # a driver that cannot resize keeps its window; it is scaled
            self.window.size = size

    def _apply_window_settings(self) -> None:
        settings = self.context.settings
        if pygame.display.is_fullscreen() != settings.fullscreen:
            try:
                # full screen at the desktop's resolution: no video mode change, SDL scales the logical picture
                if settings.fullscreen:
                    self.window.set_fullscreen(desktop=True)
                else:
                    self.window.set_windowed()
            except pygame.error:
                pass  # a video driver without full screen stays windowed
        if not settings.fullscreen:
            self._resize(settings.window_size)
        self.context.window_changed = False

    def _remember_window_size(self) -> None:
        """The player (or the window manager) resized the window: open it at that size next time. The size is
        read from the window, not from the event, since a queued event may be older than a switch to full
        screen; a full-screen size is the screen's, not a window size to come back to; and a change of the
        settings not applied yet is about to size the window anyway."""
        if self.context.window_changed or pygame.display.is_fullscreen():
            return
        size = pygame.display.get_window_size()
        settings = self.context.settings
        if size != settings.window_size:
            self.context.change_settings(settings.changed(window_size=size))

    def frame(self) -> bool:
        """Handle the waiting events, update, and draw if anything changed; ``False`` once the player has quit."""
        due = self._due()  # counted from the end of the last frame, before the rest
        rested, self.rested = self.rested, 0.0
        if rested > 0 and self.stack.running:
            self.stack.update(rested)  # countdowns run through the rest, before the input that ended it
        dt = min(max(0.0, self.clock.tick(self.fps) / 1000 - rested), MAX_DT)
        self.since_drawn += rested + dt
        redraw = self.dirty or self._moving() or (due is not None and due <= rested + dt)
        for event in pygame.event.get():
            redraw = redraw or event.type not in UNSEEN_EVENTS
            if event.type == pygame.QUIT:
                self.stack.running = False
                break
            if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                self._remember_window_size()
            if event.type == pygame.WINDOWLEAVE:
                tooltip.pointer_left()
            for intent in self.context.inputs.intents(event):
                redraw = True
                tooltip.notice(intent)
                if intent.kind == inp.FULLSCREEN:
                    settings = self.context.settings
                    self.context.change_settings(settings.changed(fullscreen=not settings.fullscreen))
                else:
                    self.stack.handle(intent)
                self._follow_typing()
                if not self.stack.running:
                    break
        if self.stack.running:
            self.stack.update(dt)
            self._follow_typing()
            if self.stack.music != self.music_asked:
                self.music_asked = self.stack.music
                self.context.audio.play_music(self.music_asked)
        if self.context.window_changed:
            self._apply_window_settings()
            redraw = True
        self.frames += 1
        # a transition or a change of the settings (a new language), the frame's or a tool's, shows at once
        now = (self.stack.changes, self.context.settings)
        if self.stack.running and (redraw or now != self.drawn_as or self._moving()):
            self.stack.draw(self.screen)
            tooltip.draw(self.screen, self.since_drawn, self.context)
            pygame.display.flip()
            self.drawn += 1
            self.dirty, self.since_drawn, self.drawn_as = False, 0.0, now
        return self.stack.running

    def _moving(self) -> bool:
        return self.stack.running and self.stack.top.next_change_in() == 0

    def _due(self) -> float | None:
        """Seconds from now until the picture changes by itself: the top scene's next change, or a tooltip's
        delay running out; ``None``: only input changes it."""
        if not self.stack.running:
            return None
        scene = self.stack.top.next_change_in()
        tip = tooltip.next_change_in()
        times = [scene, None if tip is None else tip - self.since_drawn]
        return min((seconds for seconds in times if seconds is not None), default=None)

    def rest(self) -> float:
        """Between frames: sleep until an event comes or the next change is due (forever while only input can
        change the picture), in steps of a frame, so the first frame after an input is at most one frame late;
        the seconds slept, which the next frame's scenes count. No rest while something moves, nor with ``fps``
        0. Sleeping, rather than ``pygame.event.wait``, which polls every millisecond, costs a wake-up per
        frame: a fraction of a percent of a core."""
        due = self._due()
        if self.fps == 0 or self.dirty or (due is not None and due <= 0) or not self.stack.running:
            return 0.0
        started = time.perf_counter()
        step = 1 / self.fps
        while True:
            waited = time.perf_counter() - started
            if (due is not None and waited >= due) or self.stopping() or pygame.event.peek():
                self.rested += waited
                return waited
            time.sleep(step if due is None else min(step, due - waited))

    def _follow_typing(self) -> None:
        """While the top scene's text field has the focus, the keys that print type into it (they come as text,
        not as their shortcuts); asked after every intent, since one may move the focus or change the scene."""
        self.context.inputs.typing = self.stack.top.typing

    def close(self) -> None:
        self.stack.close()  # the play scene saves the game as it leaves
        self.context.saves.close()  # every write on disk, every slot let go
        self.context.ai.close()
        self.context.audio.close()
        pygame.quit()


class WindowError(OSError):
    """No window could be opened (no screen, no video driver): a place the game cannot run in, which the
    command line tells in a line."""


def run_app(setup: MatchSetup | None = None, max_frames: int | None = None) -> int:
    """Open the window and run until the player quits or a closing signal comes (or ``max_frames`` frames, for
    tests).

    By default a closed terminal (SIGHUP) and SIGQUIT would kill the game, losing the turn under way; here
    they close the window at the end of the frame under way, which saves the game on its way out, as its close button,
    SIGTERM (which SDL turns into a quit) and Ctrl-C do. The handler only notes the signal, so nothing is cut
    short in the middle (a move, a save). It is installed before the window opens (a signal then closes it as
    soon as it is open) and before ``pygame.init``, which would otherwise turn SIGQUIT into an abort, and it
    stays until the window is put away (a second signal cannot stop the save)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    received: list[int] = []

    def note(number: int, _frame: FrameType | None) -> None:
        received.append(number)

    with handled(CLOSING_SIGNALS, note):
        try:
            app = App(setup)
        except pygame.error as error:
            raise WindowError(f"the game window could not be opened: {error}") from None
        app.stopping = lambda: bool(received)
        try:
            while not received and app.frame():
                if max_frames is not None and app.frames >= max_frames:
                    break
                app.rest()
            return 0
        finally:
            app.close()
