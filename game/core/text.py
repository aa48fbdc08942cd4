"""Text from outside the game (a save, a settings file, the command line) made safe to keep and to draw.

A NUL stops the font renderer, a surrogate cannot be encoded, and a name of a million characters takes
seconds to measure: such text is cleaned where it comes in, never crashed on.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

ELLIPSIS = "…"
_UNDRAWABLE = {"Cc", "Cs"}  # control characters and lone surrogates
# Letters that draw as nothing (Hangul fillers, the blank Braille pattern): "Ann" and "Ann" with one of them
# would look the same.
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
MOST_MARKS = 2  # combining marks kept on one letter: a pile of them climbs into the lines above and below


def drawable(text: str, limit: int) -> str:
    """``text`` with every control character (but line breaks) and lone surrogate removed, cut to ``limit``
    characters with an ellipsis."""
    text = shorten(text, limit)
    if text.isprintable():
        return text
    return "".join(char for char in text
                   if char == "\n" or unicodedata.category(char) not in _UNDRAWABLE)


def one_line(text: str, limit: int) -> str:
    """``text`` as :func:`drawable`, on one line: runs of white space and line breaks become one space."""
    return drawable(" ".join(text[: 4 * limit].split()), limit)


def shorten(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters with an ellipsis (for quoting outside text in a message)."""
    return text if len(text) <= limit else text[: limit - 1] + ELLIPSIS


def person_name(text: str, limit: int) -> str:
    """A name a person chose, as :func:`one_line`, made so that it cannot pass for another: composed (NFC),
    without format characters (bidi overrides and isolates, zero-width spaces and joiners) or letters that
    draw as nothing, and with at most :data:`MOST_MARKS` combining marks on a letter."""
    kept: list[str] = []
    marks = 0
    for char in unicodedata.normalize("NFC", text[: 4 * limit]):
        category = unicodedata.category(char)
        if category == "Cf" or char in _BLANK_LETTERS:
            continue
        marks = marks + 1 if category in ("Mn", "Me") else 0
        if marks <= MOST_MARKS:
            kept.append(char)
    return one_line("".join(kept), limit)


def unique_name(name: str, taken: Iterable[str], limit: int) -> str:
    """``name``, or if it reads as one of ``taken`` (case and compatibility forms aside), ``name (2)``,
    ``name (3)``…, cut to fit ``limit`` characters."""
    seen = {as_read(other) for other in taken}
    if as_read(name) not in seen:
        return name
    number = 2
    while True:
        suffix = f" ({number})"
        candidate = name[: max(0, limit - len(suffix))].rstrip() + suffix
        if as_read(candidate) not in seen:
            return candidate
        number += 1


def as_read(name: str) -> str:
    """``name`` as a reader takes it: two names with the same form here pass for one another."""
    return unicodedata.normalize("NFKC", name).casefold()
