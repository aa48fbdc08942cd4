"""What a popped scene hands to the scene below (``Pop(result)``, read in ``Scene.resume``): one frozen record
per answer, so that a scene dispatches on the answer's class with ``match`` and mypy checks both ends. A scene
ignores the answers it does not expect.

Grouped by the scene that reads them; each names the overlay that gives it."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.protocol import Action

# --- to the play scene ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class HandedOver:
    """The hand-over screen: the next person holds the screen and may see their secrets."""


@dataclass(frozen=True)
class UndoLast:
    """The hand-over screen: the one who played last takes their move back before the next person looks."""


@dataclass(frozen=True)
class ConfirmedMove:
    """The question before a move that loses (``scenes.playing.no_loss``): play it all the same."""

    action: Action


@dataclass(frozen=True)
class TakeBack:
    """The pause menu: take back the last move."""


@dataclass(frozen=True)
class OpenLog:
    """The pause menu: open the game's log."""


@dataclass(frozen=True)
class AskHint:
    """The pause menu: a hint, asked as if from ``device`` (the one that paused)."""

    device: str


@dataclass(frozen=True)
class SwitchDevice:
    """The missing-pad screen: the person who played with pad ``old`` goes on with ``new``."""

    old: str
    new: str


@dataclass(frozen=True)
class LeaveGame:
    """The pause menu's leave question, the tutorial's menu and end card, an online game's leave question: back
    to the title."""


@dataclass(frozen=True)
class RestartTutorial:
    """The tutorial's menu and end card: the same tutorial again, from its first step."""


@dataclass(frozen=True)
class PlayReadyGame:
    """The tutorial's end card: a ready game of the game just learnt."""


@dataclass(frozen=True)
class MoreLessons:
    """The tutorial's end card: the list of further lessons."""


# --- to the title and the saved games -------------------------------------------------------------------------


@dataclass(frozen=True)
class QuitApp:
    """The title's quit question: close the window."""


@dataclass(frozen=True)
class ResumeSlot:
    """A saved game's choices: play saved game ``name``."""

    name: str


@dataclass(frozen=True)
class DeleteSlot:
    """A saved game's delete question: delete saved game ``name``."""

    name: str


@dataclass(frozen=True)
class PlayCopy:
    """A saved game another window plays: play a copy of ``name`` as last saved."""

    name: str


@dataclass(frozen=True)
class OtherSlots:
    """A saved game another window plays (``name``): choose another from the saved games."""

    name: str


@dataclass(frozen=True)
class ResetStats:
    """The statistics' reset question: start counting again."""


# --- to the join page -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PasswordRefused:
    """The tables page: the server refused the password (or wants one)."""


@dataclass(frozen=True)
class GuessesRefused:
    """The tables page: the server tells this address to wait ``seconds`` before it tries a password again."""

    seconds: int


SceneResult = (HandedOver | UndoLast | ConfirmedMove | TakeBack | OpenLog | AskHint | SwitchDevice | LeaveGame
               | RestartTutorial | PlayReadyGame | MoreLessons | QuitApp | ResumeSlot | DeleteSlot | PlayCopy
               | OtherSlots | ResetStats | PasswordRefused | GuessesRefused)
