"""AI decisions off the app's main thread: a worker process searches while the window keeps drawing.

A process rather than a thread, because a search holds Python's global lock: in a thread it would steal the
frames' time. The app asks for a decision, polls each frame, and may cancel at once (a player quits or
undoes); a cancelled search stops within one iteration and its answer is thrown away. The worker is sent a
:class:`DecisionRequest` and answers the chosen action's text (``None``: cancelled).
"""

from __future__ import annotations

import multiprocessing
import os
import random
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, Protocol

from game.ai.workers import prepare_worker, start_resource_tracker
from game.core.protocol import Action, GameState, Seat
from game.registry import game_spec


class SharedNumber(Protocol):
    """A number the app and its worker share (a ``multiprocessing`` value without a lock)."""

    value: int


_cancelled_up_to: SharedNumber | None = None  # in the worker: the shared number of the last cancelled request
_clock: Callable[[], float] = time.perf_counter  # in the worker: what times the searches' caps


@dataclass(frozen=True)
class DecisionRequest:
    """What a worker is asked (pickled to it): the ``game``'s ``state`` in its saved form, the AI ``level``, the
    ``seed`` of its randomness, and the request's ``number``, which a cancel names."""

    game: str
    state: dict[str, object]
    level: str
    seed: int
    number: int


@dataclass
class Decision:
    """One decision asked of the AI: poll :meth:`result` until it is not ``None``."""

    number: int
    seat: Seat
    future: Future[str | None]
    state: GameState[Any]

    def done(self) -> bool:
        return self.future.done()

    def result(self) -> Action | None:
        """The chosen action once the worker has answered (``None`` before, or if it was cancelled)."""
        if not self.future.done():
            return None
        text = self.future.result()
        return None if text is None else self.state.parse_action(text)


class AIService:
    """Runs AI seats' searches one at a time in a worker process, started on first use. ``clock`` times the
    searches' caps, as in ``level_makers``: the wall clock for players; a test gives the CPU clock, so that a
    loaded machine does not cut a search short (a module-level function: the worker is handed it)."""

    def __init__(self, clock: Callable[[], float] = time.perf_counter) -> None:
        self._clock = clock
        self._context = multiprocessing.get_context("spawn")  # no fork of a process that holds a window
        self._cancelled_up_to: SharedNumber = self._context.Value("q", 0, lock=False)
        self._pool: ProcessPoolExecutor | None = None
        self._number = 0

    def start(self) -> None:
        """Start the worker now (it takes a moment), so the first AI move is not late."""
        if self._pool is None:
            start_resource_tracker()
            self._pool = ProcessPoolExecutor(
                max_workers=1, mp_context=self._context, initializer=_start_worker,
                initargs=(self._cancelled_up_to, self._clock),
            )

    def ask(self, state: GameState[Any], level: str, seed: int) -> Decision:
        """Ask for the decision of the seat to play in ``state`` at ``level``, its randomness from ``seed``."""
        self.start()
        assert self._pool is not None
        self._number += 1
        request = DecisionRequest(state.game_name, state.to_json(), level, seed, self._number)
        future = self._pool.submit(_decide, request)
        return Decision(self._number, state.current_seat, future, state.clone())

    def worker_pid(self) -> int | None:
        """The worker process's id (for the frame benchmark's memory figure); ``None`` before it started."""
        if self._pool is None:
            return None
        return self._pool.submit(os.getpid).result(timeout=30)

    def cancel(self, decision: Decision | None = None) -> None:
        """Stop the search of ``decision`` and of every one asked before it (with no argument: of all asked so
        far); their answers will be ``None``. The app has one decision pending at a time."""
        self._cancelled_up_to.value = self._number if decision is None else max(
            self._cancelled_up_to.value, decision.number)

    def close(self) -> None:
        self.cancel()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


class _CancelFlag:
    """Looks like a ``threading.Event`` to the bots: set once the app cancelled this request."""

    def __init__(self, number: int) -> None:
        self.number = number

    def is_set(self) -> bool:
        assert _cancelled_up_to is not None, "a request is decided in a worker that _start_worker prepared"
        return _cancelled_up_to.value >= self.number


def _start_worker(cancelled_up_to: SharedNumber, clock: Callable[[], float]) -> None:
    global _cancelled_up_to, _clock
    _cancelled_up_to, _clock = cancelled_up_to, clock
    prepare_worker()


def _decide(request: DecisionRequest) -> str | None:
    """In the worker: the chosen action's text, or ``None`` once the request is cancelled."""
    from game.ai.ismcts import SearchCancelled
    from game.ai.levels import level_makers
    from game.core.view import SeatView

    state = state_from_json(request.game, request.state)
    flag = _CancelFlag(request.number)
    if flag.is_set():
        return None
    bot = level_makers(clock=_clock)[request.level]()
    try:
        action = bot.choose(SeatView(state), random.Random(request.seed), flag)  # type: ignore[arg-type]  # the flag answers is_set() as an Event does
    except SearchCancelled:
        return None
    return state.action_text(action)


def state_from_json(game_name: str, data: dict[str, object]) -> GameState[Any]:
    return game_spec(game_name).state_from_json(data)
