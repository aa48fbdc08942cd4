"""What plays a stream of independent games: the seam between a tournament's (or a simulation's) recording and
whatever plays its games.

A :class:`Runner` takes a function and the items to call it on (a seeded game each) and yields each result as
its game ends, in whatever order they end. The games carry their own seeds, so the results do not depend on
the runner: the caller numbers its items to put them back in order. Two runners satisfy it: :class:`LocalPool`,
this machine's spawned worker processes (``--jobs``), and :class:`devtools.cluster.RayRunner`, a Ray cluster's
(``--cluster``).
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Generator, Sequence
from typing import Protocol, TypeVar

from game.ai.workers import prepare_worker, start_resource_tracker

Item = TypeVar("Item")
Result = TypeVar("Result")


class Runner(Protocol):
    """Plays ``function`` on every item, yielding each result as it is ready. ``function`` and the items are
    pickled to the workers: a module's function, or a partial of one. Closing the generator (a stop) stops
    the games under way."""

    name: str  # how a report names the runner: ``2 processes``, ``ray auto``…

    def unordered(self, function: Callable[[Item], Result], items: Sequence[Item]) -> Generator[Result, None, None]: ...


class LocalPool:
    """``jobs`` spawned worker processes of this machine, or this process alone when ``jobs`` is 1."""

    def __init__(self, jobs: int) -> None:
        self.jobs = jobs
        self.name = f"{jobs} process{'es' if jobs != 1 else ''}"

    def unordered(self, function: Callable[[Item], Result], items: Sequence[Item]) -> Generator[Result, None, None]:
        if self.jobs <= 1 or len(items) <= 1:
            for item in items:
                yield function(item)
            return
        context = multiprocessing.get_context("spawn")  # spawn: safe with threads, the same on every platform
        start_resource_tracker()
        with context.Pool(processes=min(self.jobs, len(items)), initializer=prepare_worker) as pool:
            yield from pool.imap_unordered(function, items, chunksize=1)


# the games' workers as the tournament functions take them: a number of local processes, or a runner
Jobs = int | Runner


def runner_of(jobs: Jobs) -> Runner:
    return LocalPool(jobs) if isinstance(jobs, int) else jobs


def jobs_name(jobs: Jobs) -> int | str:
    """What a JSON report says played the games: the number of processes, or the runner's name."""
    return jobs if isinstance(jobs, int) else jobs.name
