"""``python main.py soak --minutes N``: the real window left running for a long time, headless, while AI seats
play every game and random input goes everywhere; nothing may raise, and memory must stay flat.

- **Where.** The app runs with no frame cap on SDL's dummy drivers, in a throw-away data folder, so the
  player's own settings, saves and statistics are never touched.
- **Matches.** AI against AI, round robin: a Falconi pizza, then a Fredericus table, and so on; each pizza in
  turn with 3, 1 or 2 police cars (which ones at random), Fredericus with 2, 3 and 4 falconers, then the same
  with the shorter game. Seats are mostly easy and normal, so games finish; at most one is hard, and in the
  first round of matches (every pizza and table once) exactly one. The animation speed is set to its highest
  each time the soak starts a match (random input may change it in the settings),
  and the AI pause is short. One match in three is started through the real menus (title, game, pizza or
  table, any card in between, seats, start), with scripted key presses and clicks; the rest are pushed over
  the title menu as ``App(setup)`` does. A game random input starts itself (continue, rematch, next in series,
  seat set-up, a tutorial) is played too, and random input plays its people's seats.
- **Input.** Quiet spells of watching (a few hundred frames) alternate with bursts of random input
  (``scenes/soak_input.py``). After a burst the soak presses Esc until the game is back on top, as a player
  closes the menus they opened; when no game is left (random input quit it, or it ended), one more burst
  plays on the menus or the game-over screen, then the next match starts.
- **Never quitting.** Random input may ask the title's "quit the game?" question but never answers it: while
  that question is on top the soak presses Esc (No) instead of its next input, and counts it. The window is
  never closed; if the app stops anyway, the run fails.
- **Checks.** Any exception fails the run, as does an AI seat that makes no move for a minute while its game
  is on top. Resident memory of the window's process and of the AI worker is sampled from /proc every few
  seconds and judged by ``scenes/soak_memory.py``.
- **Determinism.** The seed fixes the sequence of matches (game, options, seats, seed) and the sequence of
  random inputs and quiet spells. Which screen an input lands on still depends on timing: how long the AI
  thinks and how fast frames run. Matches started through the menus get their seed from the seat set-up, as
  a player's do; the report gives every failing match's seed.
"""

from __future__ import annotations

import functools
import itertools
import random
import time
import traceback
import weakref
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from devtools import soak_input
from devtools.games import parts
from devtools.scratch import headless_scratch
from devtools.soak_input import RandomInput
from devtools.soak_memory import PEAK_LIMIT_MB, MemoryLog
from devtools.soak_report import build_report
from game.services.match import AI_LEVELS, Match, MatchSetup, SeatPlan
from game.services.settings import ANIMATION_SPEEDS
from scenes.app import App
from scenes.kit.results import QuitApp
from scenes.kit.stack import Push, Reset
from scenes.online.network import offline_network
from scenes.pages.menus import TitleScene
from scenes.pages.overlays import ConfirmOverlay
from scenes.pages.seats import SeatSetupScene
from scenes.playing.play import PlayScene
from scenes.playing.sources.local import LocalSource, start_match_scene

LEVEL_MIX = ("easy",) * 5 + ("normal",) * 4 + ("hard",)  # per seat; a second hard seat plays normal
FAST = max(ANIMATION_SPEEDS)
AI_PAUSE = 0.05  # seconds between AI moves at animation speed 1 (the app's is 0.7)
VIA_MENUS = 1 / 3  # the share of matches started through the real menus
GAMES = [(name, part) for name, part in parts("window") if part.SOAK_KINDS]  # the games the soak plays, in turn
EVERY_KIND = sum(len(part.SOAK_KINDS) for _name, part in GAMES)  # the report's rows: every pizza and every table
FIRST_ROUND = len(GAMES) * max(len(part.SOAK_KINDS) for _name, part in GAMES)  # until every kind was played
WATCH_FRAMES = (100, 900)  # a quiet spell: frames with no input
BURST_INPUTS = (3, 25)  # inputs in a burst
INPUT_GAP = (1, 12)  # frames between two inputs of a burst
MAX_ESCAPES = 8  # Esc presses to get back to the game after a burst
STALL_SECONDS = 60.0  # an AI seat to move, its game on top, and no move for this long: stuck
WATCH, BURST, RETURN = "watch", "burst", "return"


class SoakError(Exception):
    """The app went where it never should: it quit, stalled, or its menus did not start a game."""


@dataclass(frozen=True)
class Plan:
    """A match the soak starts, and whether through the menus."""

    setup: MatchSetup
    via_menus: bool


def match_key(setup: MatchSetup) -> str:
    """``falconi/salami`` or ``fredericus/3p`` (``fredericus/3p short``): the rows of the report, as the game's
    own part of the soak names them (``devtools/<game>/window.py``)."""
    return dict(GAMES)[setup.game].soak_key(setup)


def seats_text(setup: MatchSetup) -> str:
    return ",".join(plan.level if plan.kind == "ai" else plan.kind for plan in setup.seats)


def match_plans(seed: int, levels: Sequence[str] = LEVEL_MIX) -> Iterator[Plan]:
    """The soak's matches, without end, all fixed by ``seed``: a match of each game in turn, each game going
    round its own kinds of match (``soak_setup`` of its part)."""
    rng = random.Random(seed)
    for number in itertools.count():
        _name, part = GAMES[number % len(GAMES)]
        chosen = functools.partial(_levels, rng, levels, strongest=number < FIRST_ROUND)
        setup = part.soak_setup(number // len(GAMES), rng, chosen)
        yield Plan(setup, rng.random() < VIA_MENUS)


def _levels(rng: random.Random, levels: Sequence[str], count: int, in_play: list[int], strongest: bool) -> list[str]:
    """A level per seat, at most one ``hard``; with ``strongest``, one seat in play at the strongest level asked.
    The first round of matches plays every pizza and table that way, so the AI worker makes the largest search
    of each game during the warm-up: its memory keeps the high-water mark of its largest search so far (a
    probe of the worker saw its first ``hard`` Salami and Diavola searches add 1.3 to 1.6 MB each)."""
    chosen = [rng.choice(levels) for _ in range(count)]
    chosen = [level if level != "hard" or chosen.index("hard") == seat else "normal"
              for seat, level in enumerate(chosen)]
    top = max(levels, key=AI_LEVELS.index)
    if strongest and not any(chosen[seat] == top for seat in in_play):  # an off seat's level is never used
        chosen[in_play[len(in_play) // 2]] = top
    return chosen


@dataclass
class MatchRecord:
    number: int
    key: str
    seats: str
    seed: int
    origin: str  # "soak", "soak via menus" or "random input"
    finished: bool = False

    def describe(self) -> str:
        state = "finished" if self.finished else "in play"
        return (f"match {self.number}: {self.key}, seats {self.seats}, seed {self.seed}, started by {self.origin}, "
                f"{state}")


class Soak:
    """Drives the app one frame at a time: decides the input of the frame, runs it, and watches what happens."""

    def __init__(self, app: App, seed: int, levels: Sequence[str] = LEVEL_MIX,
                 at_title: Callable[[], None] | None = None) -> None:
        self.app = app
        self.at_title = at_title  # called between matches, with only the title menu left
        self.plans = match_plans(seed, levels)
        self.rng = random.Random(seed * 1_000_003 + 1)  # quiet spells and inputs: a stream apart from the matches
        self.input = RandomInput(self.rng)
        self.phase, self.left, self.gap, self.escapes = WATCH, self._watch_length(), 0, 0
        self.idle_burst = False  # a burst was played with no game about: start the next match now
        self.kinds: set[str] = set()  # the pizzas and tables on screen so far
        self.all_kinds_seen: float | None = None  # when the last of them first came on screen
        self.expected: str | None = None  # who started the game about to appear
        self.matches: list[MatchRecord] = []
        self.seen: set[str] = set()
        self.frames = self.random_inputs = self.scripted_inputs = self.quits_declined = self.scene_changes = 0
        self._play: weakref.ref[PlayScene] | None = None
        self._top: weakref.ref[Any] | None = None
        self._progress: tuple[int, int] | None = None
        self._progress_since = time.perf_counter()

    @property
    def finished(self) -> int:
        return sum(record.finished for record in self.matches)

    def current_match(self) -> str:
        return self.matches[-1].describe() if self.matches else "no match started yet"

    # --- one frame ------------------------------------------------------------------------------------------
    def step(self) -> None:
        self._act()
        self._frame()

    def _frame(self) -> None:
        if not self.app.frame():
            raise SoakError("the app quit, though the soak never answers its quit question")
        self.frames += 1
        self._observe()

    def _act(self) -> None:
        stack = self.app.stack
        top = stack.top
        quitting = isinstance(top, ConfirmOverlay) and isinstance(top.answer, QuitApp)
        if quitting and isinstance(stack.scenes[-2], TitleScene):
            self._post(soak_input.key_press(pygame.K_ESCAPE))  # "quit the game?": No
            self.quits_declined += 1
            return
        play = self._play_scene()
        if self.phase == WATCH:
            if play is None:
                if self.idle_burst:
                    self._start_next()
                else:
                    self.idle_burst = True
                    self._burst()
            elif top is play and play.source.person_to_play() is not None:
                self._burst()  # a person's seat (a game random input started): random input plays it
            else:
                self.left -= 1
                if self.left <= 0:
                    self._burst()
        elif self.phase == BURST:
            self.gap -= 1
            if self.gap <= 0:
                self._post(self.input.events(top))
                self.random_inputs += 1
                self.left -= 1
                self.gap = self.rng.randint(*INPUT_GAP)
                if self.left <= 0:
                    self.phase, self.escapes = RETURN, 0
        elif play is not None and top is not play and self.escapes < MAX_ESCAPES:
            self._post(soak_input.key_press(pygame.K_ESCAPE))
            self.escapes += 1
        else:
            self.phase, self.left = WATCH, self._watch_length()

    def _watch_length(self) -> int:
        return self.rng.randint(*WATCH_FRAMES)

    def _burst(self) -> None:
        self.phase, self.left, self.gap = BURST, self.rng.randint(*BURST_INPUTS), 1

    def _post(self, events: list[pygame.event.Event]) -> None:
        for event in events:
            pygame.event.post(event)

    def _play_scene(self) -> PlayScene | None:
        return next((scene for scene in reversed(self.app.stack.scenes) if isinstance(scene, PlayScene)), None)

    # --- what happened --------------------------------------------------------------------------------------
    def _observe(self) -> None:
        stack = self.app.stack
        self.seen.update(type(scene).__name__ for scene in stack.scenes)
        top = stack.top
        if self._top is None or self._top() is not top:
            self.scene_changes += 1
            self._top = weakref.ref(top)
        play = self._play_scene()
        if play is not None and (self._play is None or self._play() is not play):
            self._play = weakref.ref(play)
            setup = play.match.setup
            self.matches.append(MatchRecord(len(self.matches) + 1, match_key(setup), seats_text(setup), setup.seed,
                                            self.expected or _started_by_random_input(play)))
            self.expected, self.idle_burst = None, False
            self.kinds.add(self.matches[-1].key)
            if len(self.kinds) == EVERY_KIND and self.all_kinds_seen is None:
                self.all_kinds_seen = time.perf_counter()
        if play is not None and not self.matches[-1].finished and play.match.state.is_terminal():
            self.matches[-1].finished = True
        self._check_progress(top, play)

    def _check_progress(self, top: Any, play: PlayScene | None) -> None:
        """An AI seat to move in the game on top must move within ``STALL_SECONDS`` (hard thinks 3 s at most)."""
        now = time.perf_counter()
        state = None if play is None else play.match.state
        if play is None or state is None or top is not play or state.is_terminal() or play.match.setup.seats[
                state.current_seat].kind != "ai":
            self._progress, self._progress_since = None, now
            return
        mark = (id(play), len(play.match.log))
        if mark != self._progress:
            self._progress, self._progress_since = mark, now
        elif now - self._progress_since > STALL_SECONDS:
            raise SoakError(f"no AI move for {STALL_SECONDS:.0f} s while the game was on top")

    # --- starting a match -----------------------------------------------------------------------------------
    def _start_next(self) -> None:
        plan = next(self.plans)
        context = self.app.context
        if context.settings.animation_speed != FAST:
            context.change_settings(context.settings.changed(animation_speed=FAST))
        self.idle_burst = False
        self.expected = "soak via menus" if plan.via_menus else "soak"
        self.app.stack.apply(Reset(TitleScene(context)))
        if self.at_title is not None:
            self.at_title()
        if plan.via_menus:
            self._through_menus(plan.setup)
        else:
            self.app.stack.apply(Push(start_match_scene(context, Match(plan.setup))))

    def _through_menus(self, setup: MatchSetup) -> None:
        """New game, the game, its options (the pizza, or the table), every seat, start: by clicks and key
        presses; the game's own part of the soak knows its options page (``soak_menus``)."""
        self.choose("new")
        self.choose(setup.game)
        dict(GAMES)[setup.game].soak_menus(setup, self)
        self._go_on_to(SeatSetupScene)
        for seat, plan in enumerate(setup.seats):
            self.set_choice(f"seat{seat}", functools.partial(self._seat_is, seat, plan))
        self.choose("start")
        if isinstance(self.app.stack.top, ConfirmOverlay):  # "replace the saved game?"
            self.choose("yes")
        self._go_on_to(PlayScene)

    def _go_on_to(self, kind: type) -> None:
        """Enter past a card in between (a new pizza's "what changes") until a ``kind`` scene is on top."""
        for _ in range(4):
            if isinstance(self.app.stack.top, kind):
                return
            self._scripted(soak_input.key_press(pygame.K_RETURN))
        raise SoakError(f"the menus did not lead to {kind.__name__}: {type(self.app.stack.top).__name__} is on top")

    def _scripted(self, events: list[pygame.event.Event]) -> None:
        self._post(events)
        self.scripted_inputs += 1
        self._frame()

    def _item_index(self, key: str) -> int:
        menu = getattr(self.app.stack.top, "menu", None)
        index = next((i for i, item in enumerate(menu.items) if item.key == key), None) if menu else None
        if index is None:
            raise SoakError(f"the menus did not offer {key!r} on {type(self.app.stack.top).__name__}")
        return index

    def _page(self) -> Any:
        """The scene on top, a menu page while the soak goes through the menus."""
        return self.app.stack.top

    def _seat_is(self, seat: int, plan: SeatPlan, _item: Any) -> bool:
        return bool(self._page().plans[seat] == plan)

    def choose(self, key: str) -> None:
        """Click the button ``key`` of the menu on top."""
        self._scripted(soak_input.click(self._page().menu.rects[self._item_index(key)].center))

    def set_choice(self, key: str, done: Callable[[Any], bool]) -> None:
        """Down to the choice ``key``, then Right until ``done`` says its value is the one wanted."""
        for _ in range(20):
            menu = self._page().menu
            if menu.focused.key == key:
                break
            self._scripted(soak_input.key_press(pygame.K_DOWN))
        for _ in range(20):
            if done(self._page().menu.items[self._item_index(key)]):
                return
            self._scripted(soak_input.key_press(pygame.K_RIGHT))
        raise SoakError(f"the menu choice {key!r} never took the value wanted")


def _started_by_random_input(play: PlayScene) -> str:
    """A game, or a game-like scene (a tutorial), that random input started: continue, rematch, seat set-up."""
    kind = type(play.source).__name__
    return "random input" if isinstance(play.source, LocalSource) else f"random input ({kind})"


def run_soak(minutes: float, seed: int = 1, levels: Sequence[str] = LEVEL_MIX, stop_after_games: int | None = None,
             clock: Any = None, progress: Callable[[str], None] | None = None,
             peak_limit_mb: float = PEAK_LIMIT_MB) -> dict[str, Any]:
    """Run the soak for ``minutes`` (or until ``stop_after_games`` games have finished) and report it. ``clock``
    replaces the app's frame clock (tests pass a fixed one, so games go by at frame speed). ``peak_limit_mb`` is
    the most the process may hold: a test's process holds every earlier test's leftovers too."""
    with headless_scratch():  # never touch the player's own settings, saves and statistics
        return _run(minutes, seed, levels, stop_after_games, clock, progress, peak_limit_mb)


def _run(minutes: float, seed: int, levels: Sequence[str], stop_after_games: int | None, clock: Any,
         progress: Callable[[str], None] | None, peak_limit_mb: float) -> dict[str, Any]:
    app = App(fps=0)
    if clock is not None:
        app.clock = clock
    app.context.ai_pause = AI_PAUSE
    app.context.network = offline_network  # random input opens no table on the player's network
    app.context.ai.start()
    # the worker's id is asked now, while the worker is idle: the answer waits for no search
    log = MemoryLog(app.context.ai.worker_pid(), peak_limit=peak_limit_mb)
    duration = minutes * 60
    interval = min(5.0, max(0.25, duration / 60))  # about 60 samples in a short run, one every 5 s in a long one
    failure: dict[str, Any] | None = None
    started = time.perf_counter()
    soak = Soak(app, seed, levels, at_title=lambda: log.sample_at_title(time.perf_counter() - started))
    next_sample, next_progress, elapsed = started, started + 60, 0.0
    try:
        try:
            while True:
                now = time.perf_counter()
                elapsed = now - started
                if now >= next_sample:
                    log.sample(elapsed)
                    next_sample += interval
                if elapsed >= duration or (stop_after_games is not None and soak.finished >= stop_after_games):
                    break
                if progress is not None and now >= next_progress:
                    next_progress += 60
                    progress(f"soak: minute {elapsed / 60:.0f} of {minutes:g}: {len(soak.matches)} matches started, "
                             f"{soak.finished} finished, window {log.window[-1][1] if log.window else 0:.0f} MB")
                soak.step()
        except Exception as error:  # noqa: BLE001 — the run's verdict, reported with where and when it happened
            failure = {"kind": type(error).__name__, "message": str(error), "traceback": traceback.format_exc(),
                       "seed": seed, "minute": round(elapsed / 60, 2), "match": soak.current_match()}
    finally:
        app.close()
    seen_at = None if soak.all_kinds_seen is None else soak.all_kinds_seen - started
    return build_report(soak, minutes, seed, elapsed, seen_at, log, interval, failure)
