"""Games played on a Ray cluster: ``tournament … --cluster ADDRESS`` and ``simulate … --cluster ADDRESS``.

Ray is an optional extra (``pip install ".[cluster]"``), imported only here and only when ``--cluster`` is
given. :func:`attached` joins a cluster (``auto``: the one ``ray start`` runs on this machine; ``local``: one
started in this process and stopped with it; ``host:port`` or ``ray://host:port``: another machine's) and
hands out a :class:`RayRunner`, which satisfies :class:`devtools.runners.Runner`: the tournament records what
it plays as it records a local pool's games.

Faults: an address nobody answers at is told in a line within :data:`CONNECT_SECONDS` (Ray itself would try
for two minutes); a worker lost mid-row (its process killed, its machine gone) has its game played again,
by Ray's task retries, and a game is recorded only once it has a result, so no recorded game is lost.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Callable, Generator, Iterator, Sequence
from types import ModuleType
from typing import Any, TypeVar

from game.core.errors import GameError
from game.services.signals import named

INSTALL = 'pip install ".[cluster]"'
CONNECT_SECONDS = 5.0  # how long an address may take to answer before it is told unreachable
RETRIES = 5  # times a game whose worker died is played again before the run gives up
WAIT_SECONDS = 1.0  # how often the wait for a result lets this process answer a signal

Item = TypeVar("Item")
Result = TypeVar("Result")


class ClusterError(GameError):
    """A cluster that cannot be used as asked: told in one line, exit status 2 (as any command-line fault)."""


def _import_ray() -> ModuleType:
    try:
        import ray
    except ImportError as error:
        if error.name not in ("ray", None):
            raise
        raise ClusterError(f"--cluster needs Ray, which is not installed: {INSTALL}") from None
    return ray


def _call(function: Callable[[Any], Any], item: Any) -> Any:
    """A game in a Ray worker: ``function`` arrives once through the object store, the item with each task."""
    return function(item)


class RayRunner:
    """Plays each item as a Ray task of one CPU; a task whose worker died is retried (:data:`RETRIES`)."""

    def __init__(self, ray: ModuleType, name: str) -> None:
        self._ray = ray
        self._task = ray.remote(num_cpus=1, max_retries=RETRIES, retry_exceptions=False)(_call)
        self.name = name

    def unordered(self, function: Callable[[Item], Result], items: Sequence[Item]) -> Generator[Result, None, None]:
        ray = self._ray
        shared = ray.put(function)
        pending = [self._task.remote(shared, item) for item in items]
        while pending:
            done, pending = ray.wait(pending, num_returns=1, timeout=WAIT_SECONDS)
            for ref in done:
                try:
                    yield ray.get(ref)
                except ray.exceptions.RayTaskError as error:  # not the game: its code could not run there
                    raise ClusterError(f"a game could not be played on the cluster ({self.name}): "
                                       f"{_last_line(error)}") from None
                except ray.exceptions.RayError as error:  # retries spent: its worker died every time
                    raise ClusterError(f"a game was lost {RETRIES + 1} times on the cluster ({self.name}): "
                                       f"{_last_line(error)}") from None


def _last_line(error: BaseException) -> str:
    """What a remote traceback comes to (``ModuleNotFoundError: No module named 'devtools'``)."""
    lines = [line.strip() for line in str(error).splitlines() if line.strip()]
    return lines[-1] if lines else type(error).__name__


def _reachable(address: str) -> None:
    """Refuse an address nobody answers at, quickly: Ray would keep trying for two minutes."""
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host or not port.isdigit():
        raise ClusterError(f"--cluster {address}: not an address; give host:port, ray://host:port, auto or local")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_SECONDS):
            pass
    except OSError as error:
        raise ClusterError(f"--cluster {address}: no Ray cluster answers there "
                           f"({error.strerror or str(error) or 'no answer'})") from None


def _head_address(ray: ModuleType) -> str:
    """The address ``auto`` means: the cluster ``ray start`` left running on this machine (or RAY_ADDRESS)."""
    from ray._private.services import canonicalize_bootstrap_address_or_die

    try:
        return str(canonicalize_bootstrap_address_or_die("auto"))
    except ConnectionError:
        raise ClusterError("--cluster auto: no Ray cluster runs on this machine (start one with `ray start "
                           "--head`, or name its address)") from None


@contextlib.contextmanager
def attached(address: str, cpus: int | None = None) -> Iterator[RayRunner]:
    """A runner on the cluster at ``address``; ``local`` starts one of ``cpus`` CPUs (default: every core)
    in this process. Every Ray process this started ends with the block, however it ends."""
    ray = _import_ray()
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")  # a developer's tool does not report home
    quiet: dict[str, Any] = {"logging_level": logging.ERROR, "log_to_driver": False}  # stdout may carry JSON
    with _reaped(address == "local"):
        try:
            with _signals_kept():
                name = _connect(ray, address, cpus, quiet)
            yield RayRunner(ray, name)
        finally:  # also after a start that failed half-way
            ray.shutdown()


@contextlib.contextmanager
def _reaped(local: bool) -> Iterator[None]:
    """For a Ray started here, :mod:`devtools.ray_reaper` beside it: Ray's agents outlive a SIGKILL of this
    process otherwise. It ends when this process closes its pipe, or when this process ends however it ends."""
    if not local or not sys.platform.startswith("linux"):
        yield
        return
    reaper = subprocess.Popen([sys.executable, "-m", "devtools.ray_reaper", str(os.getpid())],
                              stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              start_new_session=True)  # a Ctrl-C to the terminal's job is not for it
    try:
        yield
    finally:
        assert reaper.stdin is not None
        reaper.stdin.close()
        reaper.wait(timeout=10)


@contextlib.contextmanager
def _signals_kept() -> Iterator[None]:
    """Keep this process's answers to the stopping signals through ``ray.init``, which takes SIGTERM to end
    the process at once (status 1, a C++ stack on stderr): the command stops in a line instead, and its
    ``finally`` stops Ray."""
    kept = {number: signal.getsignal(number) for number in named("SIGTERM", "SIGHUP", "SIGINT")}
    try:
        yield
    finally:
        if threading.current_thread() is threading.main_thread():
            for number, handler in kept.items():
                if handler is not None:  # None: set outside Python, nothing to put back
                    signal.signal(number, handler)


def _connect(ray: ModuleType, address: str, cpus: int | None, quiet: dict[str, Any]) -> str:
    """Start or join the cluster; its name, as a report gives it."""
    if address == "local":
        ray.init(address="local", num_cpus=cpus, include_dashboard=False, **quiet)
        return f"ray local, {cpus or os.cpu_count()} CPUs"
    _reachable(_head_address(ray) if address == "auto" else address)
    try:
        ray.init(address=address, **quiet)  # ``auto`` itself: Ray then takes this machine's token, if any
    except ValueError as error:  # ray:// without Ray's client
        raise ClusterError(f"--cluster {address}: {error}") from None
    except ConnectionError as error:  # a cluster that turned us away: most often one that asks for a token
        raise ClusterError(f"--cluster {address}: {error} (a cluster with a token needs RAY_AUTH_MODE=token "
                           f"and its ~/.ray/auth_token here)") from None
    return f"ray {address}"
