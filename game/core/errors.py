"""The game's own errors: each carries a message a player can read, never a bare traceback."""


class GameError(ValueError):
    """Base class of every error the rules cores raise on bad input."""


class IllegalActionError(GameError):
    """An action that is not legal in the current state; the state is left untouched."""


class ActionFormatError(GameError):
    """A text form of an action that cannot be read."""


class StateFormatError(GameError):
    """A saved state (JSON) that is malformed, foreign, of another version or impossible. ``kind`` says which,
    for a message in the player's language: ``damaged``, ``foreign``, ``newer``, ``unreadable`` (the file
    could not be read) or ``revised_rules`` (saved under rules that have changed since)."""

    def __init__(self, message: str, kind: str = "damaged") -> None:
        super().__init__(message)
        self.kind = kind


class MapError(GameError):
    """A Tiled map that is malformed or inconsistent with the rules."""


class SeatSpecError(GameError):
    """A seat specification (e.g. ``random,greedy,off``) that cannot be used."""
