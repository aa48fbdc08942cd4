"""What the window needs of a game besides its rules: one :class:`BoardSpec` per game, kept by :mod:`scenes.boards`
as :class:`game.core.gamespec.GameSpec` is kept by :mod:`game.registry`. Each game makes its own in its scenes
package (``scenes/<game>/registration.py``)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from game.core.options import GameOptions
from game.core.protocol import GameState
from game.i18n import Translator
from game.services.match import SeatPlan
from game.services.tally import Tally
from scenes.kit.diagram import Illustrations
from scenes.kit.input import Binding

if TYPE_CHECKING:
    from game.services.match import MatchSetup
    from scenes.context import AppContext
    from scenes.kit.score_table import ScoreTable
    from scenes.kit.stack import Scene
    from scenes.playing.gameview import GameView

Colour = tuple[int, int, int]
Record = tuple[str, str, str, Tally]  # a made-up line of the statistics: variant, role, opponents, its games
S = TypeVar("S", bound=GameState[Any])  # the game's state
A = TypeVar("A", bound=Hashable)  # the game's action
Opts = TypeVar("Opts", bound=GameOptions)  # the game's options record (GameSpec.options_type)


def _never(_seat: int) -> bool:
    return False


def _no_problem(_in_play: Sequence[bool]) -> str:
    return ""


def _no_lines(_tr: Translator, _setup: MatchSetup, _state: Any) -> list[str]:
    return []


def _no_table(_tr: Translator, _setup: MatchSetup, _state: Any) -> ScoreTable | None:
    return None


def _rounds(tr: Translator, state: Any) -> str:
    return tr("saves.progress.round", number=state.round_number)


def _no_emblem(_variant: str) -> str:
    return ""


@dataclass(frozen=True)
class BoardSpec(Generic[S, A, Opts]):
    """One game as the window shows it, typed by its game's state ``S``, action ``A`` and options record ``Opts``
    (the registry holds ``BoardSpec[Any, Any, Any]``). Translation keys are looked up in ``assets/i18n``; emblems
    and icons are the names of :mod:`scenes.kit.ui_art`."""

    name: str  # the game's name in game.registry
    title_key: str  # the game's title ("game.falconi")
    note_key: str  # its line under the title in the game menu
    emblem: str  # the game's own emblem
    emblems: tuple[str, ...]  # every emblem of the game's art, the game's own among them
    music: str | None  # its loop, ``assets/sounds/music_<music>.wav``; None: the game is played in silence
    colours: tuple[Colour, ...]  # a colour per seat
    colour_blind_colours: tuple[Colour, ...]  # the same seats, told apart by every common kind of colour blindness
    make_view: Callable[[AppContext], GameView[S, A, Any]]  # its board (imported when first asked for)
    options_page: Callable[[AppContext], Scene]  # where the game menu leads: its options, then the seat set-up
    first_seats: tuple[SeatPlan, ...]  # the seat set-up's rows before anybody changes them
    seat_icons: tuple[str, ...]  # each seat's icon on the seat set-up
    describe: Callable[[Translator, Opts], str]  # the game and its options in a few words
    setup_emblem: Callable[[Opts], str]  # the emblem of a game with these options (its pizza, say)
    rules_topics: Callable[[Opts | None], list[tuple[str, str]]]  # the rules pages of a game with these options
    # (or every one, for None) as (translation key, emblem)
    record_name: Callable[[Translator, str], str]  # a variant of the statistics (GameSpec.record_variants), in words
    record_emblem: Callable[[str], str] = _no_emblem  # the emblem before a variant's rows ("" for none)
    presets: Mapping[str, tuple[SeatPlan, ...]] = field(default_factory=dict)  # ready-made seatings, by name
    may_be_off: Callable[[int], bool] = _never  # may nobody play this seat
    seats_problem: Callable[[Sequence[bool]], str] = _no_problem  # the key of why these seats cannot start, or ""
    result_lines: Callable[[Translator, MatchSetup, S], list[str]] = _no_lines  # the game-over
    # screen's lines after why the game ended (the scores)
    result_table: Callable[[Translator, MatchSetup, S], ScoreTable | None] = _no_table  # the game over's
    # points by category, tallied under why the game ended
    sample_records: tuple[Record, ...] = ()  # a few made-up records, for the screenshots and the frame bench
    progress: Callable[[Translator, S], str] = _rounds  # how far a saved game is, counted as its side panel counts
    # what the game adds to the kit as it is registered (scenes.boards.register_board): the icons of its actions,
    # its sound cues (``assets/sounds/<cue>.wav``) and its own intents with their keys
    illustrations: Illustrations = field(default_factory=Illustrations)  # the rules' diagrams, where they stand and
    # which paragraph F1 opens at for the step a player is at
    icons: tuple[str, ...] = ()
    sounds: tuple[str, ...] = ()
    bindings: tuple[Binding, ...] = ()

    def seat_key(self, seat: int) -> str:
        """The translation key of a seat's name ("Don Falconi", "Red")."""
        return f"seat.{self.name}.{seat}"

    def palette(self, colour_blind: bool = False) -> tuple[Colour, ...]:
        return self.colour_blind_colours if colour_blind else self.colours
