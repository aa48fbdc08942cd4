"""Text from outside the game (a save, a settings file, the command line) made safe to keep and to draw.

A NUL stops the font renderer, a surrogate cannot be encoded, and a name of a million characters takes
seconds to measure: such text is cleaned where it comes in, never crashed on.
"""

from __future__ import annotations

import unicodedata

ELLIPSIS = "…"
_UNDRAWABLE = {"Cc", "Cs"}  # control characters and lone surrogates


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
