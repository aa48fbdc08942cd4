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
    for i in range(len(items) - 1, 0, -1):
        size = i + 1
        bits = size.bit_length()
        j = getrandbits(bits)
        while j >= size:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


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
