"""``random.Random``'s shuffle and choice with the very same draws, for the search's hot loops.

Every search iteration shuffles a sample's hidden tiles or cards and makes random choices; the library
spends two Python calls on each draw (``_randbelow`` then ``getrandbits``), which cost more than the rest of
the shuffle. These draw straight from ``getrandbits`` as ``_randbelow`` does, so a seed gives the same
samples and the same games as before (and the recorded games stay valid).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, TypeVar

Item = TypeVar("Item")


def shuffle(items: list[Any], rng: random.Random) -> None:
    """``rng.shuffle(items)``, draw for draw."""
    if type(rng) is not random.Random:  # a subclass may draw otherwise: let it
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    count = len(items)
    plan = _PLANS.get(count) or _plan(count)
    for i, bits in plan:
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


_PLANS: dict[int, tuple[tuple[int, int], ...]] = {}


def _plan(count: int) -> tuple[tuple[int, int], ...]:
    """The shuffle's steps for ``count`` items: each index from the last down to 1, with the bits drawn for a
    position below it or at it (``_randbelow(i + 1)``'s), worked out once a length."""
    plan = tuple((i, (i + 1).bit_length()) for i in range(count - 1, 0, -1))
    if len(_PLANS) < 1024:
        _PLANS[count] = plan
    return plan


def chooser(rng: random.Random) -> Any:
    """``rng.choice``, or for a plain ``random.Random`` a function making the same draws with one call less."""
    if type(rng) is not random.Random:
        return rng.choice
    getrandbits = rng.getrandbits

    def choice(items: Sequence[Item]) -> Item:
        size = len(items)
        if not size:
            raise IndexError("Cannot choose from an empty sequence")
        bits = size.bit_length()
        index = getrandbits(bits)
        while index >= size:
            index = getrandbits(bits)
        return items[index]

    return choice
