"""Big pictures get their memory straight from the system and give it back when freed.

glibc's ``malloc`` serves a block above its *mmap threshold* (128 KiB at start) with a mapping of its own, which
goes back to the system on ``free``. But each time such a block is freed, glibc raises the threshold to that
block's size (up to 32 MiB, see mallopt(3)). After the first full-screen picture is freed, every later one comes
from the heap instead, and the holes they leave are kept: in a long session most of the window's growth was
free heap the process kept (measured in CHANGELOG.md, 2026-11-23). Setting the threshold once turns the
raising off. Elsewhere than glibc this does nothing.
"""

from __future__ import annotations

import ctypes
import sys
from functools import cache
from typing import Any

M_MMAP_THRESHOLD = -3  # glibc's <malloc.h>
THRESHOLD = 128 * 1024  # glibc's own starting value: anything bigger than a 180x180 picture is mapped


def map_big_blocks(threshold: int = THRESHOLD) -> bool:
    """Fix glibc's mmap threshold at ``threshold`` bytes; whether it was set (``False`` off glibc)."""
    mallopt = _libc_function("mallopt", ctypes.c_int, ctypes.c_int, ctypes.c_int)
    return mallopt is not None and mallopt(M_MMAP_THRESHOLD, threshold) == 1


@cache
def _libc_function(name: str, restype: Any, *argtypes: Any) -> Any:
    """A function of the C library the interpreter runs on, its types set once; ``None`` off Linux or where the
    library has no such function."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        function = getattr(ctypes.CDLL(None), name)
    except (OSError, AttributeError):
        return None
    function.argtypes, function.restype = argtypes, restype
    return function


def give_back_free_heap() -> bool:
    """Hand the free pages inside the heap back to the system (glibc's ``malloc_trim``); whether it could.

    Small pictures (texts, sprites) still come from the heap, and the caches dropping them one at a time leave
    holes the heap keeps. Called when a game leaves the screen, where big pictures have just been freed: it
    takes a fraction of a millisecond there."""
    trim = _libc_function("malloc_trim", ctypes.c_int, ctypes.c_size_t)
    if trim is None:
        return False
    trim(0)
    return True


class _MallInfo2(ctypes.Structure):
    """glibc's ``struct mallinfo2`` (glibc 2.33 on): every field a ``size_t``."""

    _fields_ = [(name, ctypes.c_size_t) for name in
                ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks",
                 "keepcost")]


def heap_mb() -> dict[str, float] | None:
    """What ``malloc`` holds, in MB: ``used`` and ``free`` in its heaps, ``mapped`` in blocks of their own (the
    big pictures); ``None`` off glibc. The soak reports it beside resident memory, so a rise can be told apart:
    live blocks, holes kept in the heap, or pages of neither (the interpreter's own arenas)."""
    function = _libc_function("mallinfo2", _MallInfo2)  # glibc 2.33 on
    if function is None:
        return None
    info = function()
    return {"used": info.uordblks / 2**20, "free": info.fordblks / 2**20, "mapped": info.hblkhd / 2**20}
