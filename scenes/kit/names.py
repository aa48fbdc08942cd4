"""Names the kit knows (icons, emblems, sound cues, music loops): its own, and those each game adds when its board
is registered (:func:`scenes.boards.register_board`), so the kit's lists name no game."""

from __future__ import annotations

from collections.abc import Iterable


class Names:
    """The kit's own names, then each owner's (a game's), in the order they were added, each name once."""

    def __init__(self, own: Iterable[str] = ()) -> None:
        self._own = tuple(own)
        self._added: dict[str, tuple[str, ...]] = {}
        self._all = self._own

    def add(self, owner: str, names: Iterable[str]) -> None:
        """Give ``owner``'s names (replacing any it gave before)."""
        self._added[owner] = tuple(names)
        self._gather()

    def remove(self, owner: str) -> None:
        self._added.pop(owner, None)
        self._gather()

    def _gather(self) -> None:
        self._all = tuple(dict.fromkeys(self._own + tuple(name for names in self._added.values() for name in names)))

    @property
    def own(self) -> tuple[str, ...]:
        """The kit's own names, whatever game is registered."""
        return self._own

    def all(self) -> tuple[str, ...]:
        return self._all

    def __contains__(self, name: object) -> bool:
        return name in self._all
