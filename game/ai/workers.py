"""What every worker process the game starts does first (the AI's, a tournament's): it leaves the terminal's
signals to its parent, and it ends as soon as its parent ends, however the parent ended. And multiprocessing's
resource tracker, which runs beside the workers, started deaf to the terminal's signals too.

Without a watch, a worker whose parent was killed would wait under init for ever: multiprocessing hands each
worker both ends of its task queue's pipe, so the parent's death never reaches it as an end of file. It would
keep multiprocessing's resource tracker alive too, since the tracker exits only once every holder of its pipe
has gone, and each worker holds it.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
from multiprocessing import resource_tracker
from multiprocessing.process import BaseProcess

# Ctrl-C, Ctrl-\ and a closed terminal reach every process of the terminal's job. The parent answers them
# (it saves the game, or stops a tournament in a line) and then stops its workers; a worker that died of one
# first would print its own traceback beside the parent's farewell, or leave a core file.
TERMINAL_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGHUP", "SIGQUIT") if hasattr(signal, name))


def prepare_worker() -> None:
    """A pool's initializer: run in each worker process before its first task."""
    for number in TERMINAL_SIGNALS:
        signal.signal(number, signal.SIG_IGN)
    parent = multiprocessing.parent_process()
    assert parent is not None, "prepare_worker runs in a worker process, not in the game's own"
    threading.Thread(target=_exit_with, args=(parent,), name="parent watch", daemon=True).start()


def _exit_with(parent: BaseProcess) -> None:
    """Wait for the parent to end, then end this process at once.

    ``parent.join()`` waits on multiprocessing's sentinel of the parent: on POSIX the read end of the pipe the
    parent sent the worker its start-up data through, whose write end only the parent holds, so its end of
    file comes the moment the parent dies, by any signal, SIGKILL included; on Windows, the parent's process
    handle. No polling, and the same on every platform, unlike Linux's ``PR_SET_PDEATHSIG``, which fires when
    the parent's *thread* that started the worker ends, not the parent. ``os._exit``, because a normal exit
    would wait for the search under way and flush queues into a pipe nobody reads."""
    parent.join()
    os._exit(1)


def start_resource_tracker() -> None:
    """Start multiprocessing's resource tracker before a pool does, deaf to a hang-up and to SIGQUIT.

    A pool would start it itself, shielded from Ctrl-C and SIGTERM only. A closed terminal hangs up on every
    process of its job: a tracker that died of it would be started again as the game puts its pool away, only
    to be told of semaphores it never knew, with a traceback for each. The signals are blocked in this thread
    while the tracker starts, and a process inherits its starter's blocked signals: the tracker never gets
    them. It still ends with the game: it exits once nobody holds its pipe, and only the game and its workers
    do. Windows has neither the tracker nor these signals."""
    if not hasattr(signal, "pthread_sigmask"):
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGHUP, signal.SIGQUIT})
    try:
        resource_tracker.ensure_running()
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)
