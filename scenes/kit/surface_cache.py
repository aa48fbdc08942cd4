"""Pictures made once and kept, within a budget of bytes.

Every picture the scenes make more than once (rendered text, a sliced panel of some size, a car turned to some
heading, a raptor tilted in flight) is kept in a :class:`SurfaceCache`. Each cache holds at most its budget of
pixel bytes and drops the least recently used pictures first, one at a time. Counting pictures is not enough: a
full-screen panel weighs as much as a thousand small texts. Emptying a cache all at once is not either: the
window's memory then swings by the whole cache (``python main.py soak`` saw 60 MB). A picture dropped while
something still draws it stays alive for that user; it is only made again on the next miss.

:func:`caches` lists every cache made, so the soak and the benchmarks can report what the caches hold.
"""

from __future__ import annotations

import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable

import pygame

_ALL: weakref.WeakSet[SurfaceCache] = weakref.WeakSet()


def surface_bytes(surface: pygame.Surface) -> int:
    """The pixel memory of ``surface`` (rows are padded to the pitch)."""
    return surface.get_pitch() * surface.get_height()


class SurfaceCache:
    """Pictures by key, least recently used first out once they weigh more than ``budget_mb``."""

    def __init__(self, name: str, budget_mb: float) -> None:
        self.name = name
        self.budget = int(budget_mb * 2**20)
        self.bytes = 0
        self._pictures: OrderedDict[Hashable, pygame.Surface] = OrderedDict()
        _ALL.add(self)

    def __len__(self) -> int:
        return len(self._pictures)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._pictures

    def get(self, key: Hashable) -> pygame.Surface | None:
        """The picture kept for ``key`` (now the most recently used), or ``None``."""
        picture = self._pictures.get(key)
        if picture is not None:
            self._pictures.move_to_end(key)
        return picture

    def put(self, key: Hashable, picture: pygame.Surface) -> pygame.Surface:
        """Keep ``picture`` for ``key``, dropping the least recently used pictures beyond the budget (never the
        one just kept: a picture larger than the whole budget is kept alone)."""
        old = self._pictures.pop(key, None)
        if old is not None:
            self.bytes -= surface_bytes(old)
        self._pictures[key] = picture
        self.bytes += surface_bytes(picture)
        while self.bytes > self.budget and len(self._pictures) > 1:
            _, dropped = self._pictures.popitem(last=False)
            self.bytes -= surface_bytes(dropped)
        return picture

    def get_or_make(self, key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        """The picture for ``key``, made by ``make`` and kept the first time."""
        picture = self.get(key)
        return picture if picture is not None else self.put(key, make())

    def clear(self) -> None:
        self._pictures.clear()
        self.bytes = 0


def caches() -> list[SurfaceCache]:
    """Every cache alive, by name."""
    return sorted(_ALL, key=lambda cache: cache.name)


def budget_mb() -> float:
    """What every cache alive may hold together, in MB: the ceiling of the memory they can ever take."""
    return round(sum(cache.budget for cache in caches()) / 2**20, 1)


def held_mb() -> dict[str, float]:
    """What each cache holds now, in MB (caches of the same name added up)."""
    held: dict[str, float] = {}
    for cache in caches():
        held[cache.name] = held.get(cache.name, 0.0) + cache.bytes / 2**20
    return {name: round(mb, 1) for name, mb in held.items()}
