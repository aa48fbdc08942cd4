"""What each game's board view offers the play scene: the chooser's steps and hotspots, the board drawing and
the HUD of the side panel. ``scenes/falconi/view.py`` and ``scenes/fredericus/view.py`` implement it.

Screen layout at the logical size (1280×720): the board on the left (``BOARD_AREA``), the side panel on the
right (``PANEL_AREA``: whose turn, the view's info lines, the game log), and the action bar at the bottom of
the side panel (``BAR_AREA``) where the play scene lays out the steps a view marks as buttons.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, Protocol, TypeVar

import pygame

from game.core.explanation import Explanation
from game.core.message import Message
from game.core.protocol import GameState, Seat
from game.services.match import LogEntry
from scenes.kit import input as inp
from scenes.kit.animation import Animation
from scenes.kit.chooser import ActionChooser, Step
from scenes.playing.hud import Hud

BOARD_AREA = pygame.Rect(0, 0, 800, 720)
PANEL_AREA = pygame.Rect(810, 10, 460, 700)
BAR_AREA = pygame.Rect(820, 520, 440, 180)

# The game's state and action types: a view takes only its own game's (so it reads their fields without a check)
S = TypeVar("S", bound=GameState[Any], contravariant=True)
A = TypeVar("A", bound=Hashable, contravariant=True)
K = TypeVar("K", bound=str)  # the game's kinds of step (see scenes/kit/chooser.py)


class GameView(Protocol[S, A, K]):
    """A game's board as the play scene drives it, typed by its game's state ``S``, action ``A`` and kinds of
    step ``K``; the scenes that serve every game hold a ``GameView[Any, Any, Any]`` (``GameView`` for short)."""

    input_device: str  # "mouse", "keyboard" or "pad": the device in use, whose keys or buttons prompts name
    previewed_kinds: frozenset[str]  # kinds of step whose next steps show while one has the focus (the chooser's)

    def steps(self, state: S, action: A) -> tuple[Step[K], ...]:
        """The action as a sequence of choices, first to last (see ``scenes/kit/chooser.py``)."""

    def is_button(self, step: Step[K]) -> bool:
        """Whether the step is offered as a button in the action bar rather than on the board."""

    def icon(self, step: Step[K]) -> str:
        """The icon (a name of ``scenes.kit.ui_art.ICONS``) drawn before a button step's label; "" for none."""

    def option_rect(self, state: S, prefix: tuple[Step[K], ...], step: Step[K]) -> pygame.Rect:
        """Where a board step sits on screen, inside ``BOARD_AREA`` (not asked for buttons)."""

    def label(self, state: S, step: Step[K]) -> str:
        """A short translated text for the step: the button's caption, or the tooltip over a board option."""

    def has_secrets(self, state: S, seat: Seat) -> bool:
        """Whether ``seat`` holds something the other people at the screen must not see."""

    def draw_board(self, surface: pygame.Surface, state: S, chooser: ActionChooser[Any, Any, Any] | None,
                   visible: frozenset[Seat], last: list[LogEntry], hidden: frozenset[str] = frozenset(),
                   final: S | None = None, why: Sequence[Explanation] = ()) -> None:
        """Draw the board in ``BOARD_AREA``: the position, the last move highlighted (``last``: the entries of
        the most recent turn), and when a person chooses, the options, the focused one and its preview
        (ghost tile, route…). Secrets are drawn only for seats in ``visible``. Pieces named in ``hidden`` are
        left out: a running animation draws them (see :meth:`animations`). ``final`` is the game's last
        position while the game over shows an earlier one (its winning moment): whatever the board tells of
        the game as a whole (points, whose turn it is) is told of ``final``, so nothing stale shows. ``why``:
        the explanations (see :meth:`explain`) of the move that led to ``state``, marked on the board."""

    def explain(self, before: S, action: A, after: S) -> tuple[Explanation, ...]:
        """Why ``action``'s moment happened, from its rules core (the road of a catch, the cards of a capture, the
        rule that ended the game), for :meth:`draw_board` to mark on the board of ``after``; empty for an
        ordinary move. Only public facts: they are shown to everyone."""

    def animations(self, before: S, action: A, after: S,
                   visible: frozenset[Seat]) -> list[Animation]:
        """The animations that show ``action`` turning ``before`` into ``after`` (both may be kept: the play
        scene hands over copies), drawn in ``BOARD_AREA`` over the board of ``after``. They reveal nothing
        the seats in ``visible`` may not see."""

    def hud(self, state: S, visible: frozenset[Seat]) -> Hud:
        """What the side panel shows of each seat and of the table (see ``scenes/playing/hud.py``), with the
        secrets of the seats in ``visible`` only."""

    def picture(self, name: str, size: int) -> pygame.Surface:
        """A picture the HUD names (``seat:N`` for a seat's pieces, the others the view's own)."""

    def seat_colour(self, seat: Seat) -> tuple[int, int, int]:
        """The seat's colour in the player's palette."""

    @property
    def secrets_drawn(self) -> frozenset[Seat]:
        """The seats whose secrets the last ``draw_board``/``info_lines`` showed (for the privacy tests)."""

    def playfield(self, state: S) -> pygame.Rect:
        """Where the game is played on the board, inside any border: notes over the board stay within it."""

    def pieces(self, state: S) -> list[pygame.Rect]:
        """Where the pieces stand on the board (cars, raptors): pointers and notes keep off them if they can."""

    def seat_cards(self, state: S) -> list[pygame.Rect]:
        """The boxes standing on the board that banners and tips keep off, as they would off seat cards there
        (Fredericus's deck, turn and legends; its falconers' cards are in the side panel)."""

    def announces(self, action: A) -> bool:
        """Whether the action is a moment to announce in a banner as well as in the log (a bomb, a catch…)."""

    def event_sound(self) -> str:
        """The sound cue of what an action brought about by itself, said in a banner (a car put out, the end of
        the game triggered): each game has its own."""

    def turn_warning(self, state: S, visible: frozenset[Seat]) -> Message | None:
        """What the deciding seat must be told as its turn begins, if the seats in ``visible`` may read it (a
        banner, the hint); ``None`` when there is nothing to tell."""

    def winning_moment(self, actions: Sequence[A]) -> int:
        """Which of a finished match's actions the game-over screen shows again as its decisive moment."""

    def looked_at(self, state: S, intent: inp.Intent, chooser: ActionChooser[Any, Any, Any] | None) -> Hashable:
        """Follow ``intent`` (before the chooser answers it) to what the player looks at on the board besides the
        chooser's focus, and say what that is (a Fredericus card lifted whole out of a crowded row, or ``None``):
        the play scene draws the board again when the answer changes."""

    def game_intent(self, kind: inp.GameIntent) -> bool:
        """Answer an intent a game registered (``BoardSpec.bindings``; Falconi's D shows or hides the danger lanes);
        whether this board did anything with it."""
