"""The one reading of an action's text both games share: words of plain ASCII and small whole numbers.

Action text comes from outside the game (a table server's client, a save, a tutorial), so it is read strictly
and every failure is an :class:`ActionFormatError`: Python's own readers accept more than the games write
(``int`` takes ``"٣"``, ``"1_0"`` and ``"+1"``; ``str.isdigit`` says yes to ``"²"``, which ``int`` then
refuses; ``str.split`` splits on any Unicode space) and raise ``ValueError`` on a number of thousands of digits.

``MOST_ACTION_TEXT`` is several times the longest action text of many random games of either game (a Falconi
placement) and well above the longest either could write (a Fredericus hood naming all eight raptors): room for
larger cities, while a hostile text of any length is refused before it is read.
"""

from __future__ import annotations

from typing import Final

from game.core.errors import ActionFormatError
from game.core.text import shorten

MOST_ACTION_TEXT: Final = 120
_QUOTED: Final = 40  # how much of a refused text or word a message quotes
_DIGITS: Final = frozenset("0123456789")


def action_words(text: object) -> list[str]:
    """The words of an action text, split on ASCII spaces. ``ActionFormatError`` unless ``text`` is a ``str`` of
    at most ``MOST_ACTION_TEXT`` printable ASCII characters with at least one word: no tab, line break or
    character a player could not tell from a plain one."""
    if not isinstance(text, str):
        raise ActionFormatError(f"an action is text, not {type(text).__name__}")
    if len(text) > MOST_ACTION_TEXT:
        raise ActionFormatError(f"an action of {len(text)} characters is too long to be one "
                                f"(at most {MOST_ACTION_TEXT})")
    if not (text.isascii() and text.isprintable()):
        raise ActionFormatError(f"cannot read the action {shorten(text, _QUOTED)!r}: "
                                f"only plain letters, digits, punctuation and spaces")
    words = [word for word in text.split(" ") if word]
    if not words:
        raise ActionFormatError("empty action")
    return words


def small_number(word: str, below: int, what: str = "a number") -> int:
    """``word`` read as a whole number ``0 .. below - 1``: ASCII digits only, no sign or underscore, and no more
    digits than ``below - 1`` has (so a leading zero only within that length). Else ``ActionFormatError``, in
    words of ``what`` the number stands for."""
    most = max(below - 1, 0)
    if word and len(word) <= len(str(most)) and _DIGITS.issuperset(word):
        number = int(word)
        if number < below:
            return number
    raise ActionFormatError(f"expected {what} from 0 to {most}, found {shorten(word, _QUOTED)!r}")
