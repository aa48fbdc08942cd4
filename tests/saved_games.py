"""Save slots as the tests make and read them (``game.services.saves``)."""

from __future__ import annotations

from pathlib import Path

from game.services.match import Match
from game.services.saves import SaveStore

A_SLOT = "game-20261127-120000-abcd"  # a slot's name, as a game made on 27 November 2026 at noon would have


def save_in_new_slot(store: SaveStore, match: Match) -> str:
    """Save ``match`` in a slot of its own and let it go, as a window that played it and closed would."""
    slot = store.new_slot()
    slot.save(match)
    slot.release()
    return slot.name


def write_slot(store: SaveStore, content: str | bytes, name: str = A_SLOT) -> Path:
    """A slot file holding ``content`` as it is (a damaged save, a foreign file…)."""
    path = store.slot_path(name)
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    else:
        path.write_bytes(content)
    return path


def load_latest(store: SaveStore) -> Match:
    """The match Continue resumes (raises ``SaveError`` as Continue meets it); the slot is let go again."""
    slots = store.slots()  # the most recently saved first
    assert slots, "no saved game"
    slot = store.open(slots[0].name)
    try:
        return store.load(slot)
    finally:
        slot.release()
