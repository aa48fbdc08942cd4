"""Signals the program answers itself for a while: the window saves the game on a hang-up, a tournament stops
in a line on SIGTERM. Outside that while, and in every other command, they keep their default."""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Callable, Iterable, Iterator
from types import FrameType

Handler = Callable[[int, FrameType | None], None]


def named(*names: str) -> tuple[int, ...]:
    """The numbers of the signals of ``names`` this platform has (Windows has no SIGHUP nor SIGQUIT)."""
    return tuple(getattr(signal, name) for name in names if hasattr(signal, name))


@contextlib.contextmanager
def handled(numbers: Iterable[int], handler: Handler) -> Iterator[None]:
    """``handler`` answers the signals of ``numbers`` within the block, and their default is back after it.

    A signal not at its default is left as it is: whoever started the program chose it (``nohup`` ignores
    SIGHUP, so that a closed terminal does not stop the run)."""
    taken = [number for number in numbers if signal.getsignal(number) is signal.SIG_DFL]
    for number in taken:
        signal.signal(number, handler)
    try:
        yield
    finally:
        for number in taken:
            signal.signal(number, signal.SIG_DFL)
