"""What a text row of a menu does with the keys: characters added, Backspace erasing the last one."""

from __future__ import annotations

from collections.abc import Callable


def edited(text: str, typed: str, allowed: Callable[[str], bool], most: int) -> str:
    """``text`` with what was typed added (only the characters ``allowed``, up to ``most`` in all), or its last
    character erased when nothing was (Backspace)."""
    return text[:-1] if not typed else (text + "".join(char for char in typed if allowed(char)))[:most]
