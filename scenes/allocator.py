"""Big pictures get their memory straight from the system and give it back when freed.

glibc's ``malloc`` serves a block above its *mmap threshold* (128 KiB at start) with a mapping of its own, which
goes back to the system on ``free``. But each time such a block is freed, glibc raises the threshold to that
block's size (up to 32 MiB, see mallopt(3)). After the first full-screen picture is freed, every later one comes
from the heap instead, and the holes they leave are kept. In ``python main.py soak`` the window's resident
memory climbed to 259 MB in 12 minutes, 57 MB of it free heap that the process kept. With the threshold set
once, which turns the raising off, the free heap stayed under 3 MB. Elsewhere than glibc this does nothing.
"""

from __future__ import annotations

import ctypes
import sys
from functools import cache

M_MMAP_THRESHOLD = -3  # glibc's <malloc.h>
THRESHOLD = 128 * 1024  # glibc's own starting value: anything bigger than a 180x180 picture is mapped


def map_big_blocks(threshold: int = THRESHOLD) -> bool:
    """Fix glibc's mmap threshold at ``threshold`` bytes; whether it was set (``False`` off glibc)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        mallopt = ctypes.CDLL(None).mallopt  # the C library the interpreter already runs on
    except (OSError, AttributeError):
        return False
    mallopt.argtypes, mallopt.restype = (ctypes.c_int, ctypes.c_int), ctypes.c_int
    return mallopt(M_MMAP_THRESHOLD, threshold) == 1


class _MallInfo2(ctypes.Structure):
    """glibc's ``struct mallinfo2`` (glibc 2.33 on): every field a ``size_t``."""

    _fields_ = [(name, ctypes.c_size_t) for name in
                ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks",
                 "keepcost")]


@cache
def _mallinfo2() -> object | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        function = ctypes.CDLL(None).mallinfo2
    except (OSError, AttributeError):  # not glibc, or older than 2.33
        return None
    function.argtypes, function.restype = (), _MallInfo2
    return function


def heap_mb() -> dict[str, float] | None:
    """What ``malloc`` holds, in MB: ``used`` and ``free`` in its heaps, ``mapped`` in blocks of their own (the
    big pictures); ``None`` off glibc. The soak reports it beside resident memory, so a rise can be told apart:
    live blocks, holes kept in the heap, or pages of neither (the interpreter's own arenas)."""
    function = _mallinfo2()
    if function is None:
        return None
    info = function()
    return {"used": info.uordblks / 2**20, "free": info.fordblks / 2**20, "mapped": info.hblkhd / 2**20}
