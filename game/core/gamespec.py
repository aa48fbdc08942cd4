"""What a game is to the rest of the program: one record per game, kept by :mod:`game.registry`.

The match, the saves, the statistics, the AI and the tools ask a game's spec instead of branching on its
name, so a new game is one spec (and, for the window, one board view registered in ``scenes.boards``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from game.core.errors import GameError
from game.core.knowledge import GameKnowledge
from game.core.options import GameOptions
from game.core.protocol import GameState, Seat
from game.core.tutorial import TutorialScript

Plan = TypeVar("Plan")
Opts = TypeVar("Opts", bound=GameOptions)  # the game's options record


def _no_note(plans: Sequence[Plan], _is_off: Callable[[Plan], bool], _off: Plan) -> tuple[list[Plan], str | None]:
    return list(plans), None


def _same_actions(actions: list[str]) -> list[str]:
    return actions


def _seats_named(asked: int | None, named: int) -> int:
    return asked or named


@dataclass(frozen=True)
class GameSpec(Generic[Opts]):
    """One game: its name and options, its seats and roles, how its states are made and read back, and
    what the AI knows of it. Typed by its options record ``Opts`` (the registry holds ``GameSpec[Any]``).

    ``in_play`` below is one flag per seat of a set-up: ``False`` for a seat nobody plays."""

    name: str  # the key of saves, statistics and the command line
    title: str  # the English title, for the command line's help
    options_type: type[Opts]  # its options record (game.core.options): ``options_type()`` gives the defaults
    check_seats: Callable[[Sequence[bool]], None]  # GameError with a sentence when no game has these seats
    new_state: Callable[[Opts, Sequence[bool], int], GameState[Any]]  # options, in_play, seed
    state_from_json: Callable[[Any], GameState[Any]]
    knowledge: Callable[[], GameKnowledge]  # imported when first asked for: the rules alone do not load the AI
    roles: tuple[str, ...]  # the sides a person can play, as the statistics count them
    role_of: Callable[[Seat], str]
    record_variants: tuple[str, ...]  # how the statistics tell set-ups apart, in the order they list them
    record_variant: Callable[[Opts, int], str]  # options, number of seats -> one of the above
    # a finished game's score for a seat that won or not, whose best the statistics keep (None: none that game;
    # no function: a game without scores)
    record_score: Callable[[GameState[Any], Seat, bool], int | None] | None = None
    record_score_lowest: bool = False  # the best score is the lowest (a win in fewer turns), not the highest
    # the command line's seat count: the seats it was asked for (or None) and the number it was given names for
    seat_count: Callable[[int | None, int], int] = _seats_named
    # a set-up's seats as the game wants them placed, and a sentence for the player when they were moved
    arrange_seats: Callable[..., tuple[list[Any], str | None]] = _no_note
    series_seat: Seat | None = None  # the seat that goes round the people in a series, if the game has one
    rules_revised_in: int = 0  # saves of an older match format were played under this game's older rules
    rules_revision: str = ""  # that revision, as "their revision of 2026-11-24"
    upgrade_actions: Callable[[list[str]], list[str]] = _same_actions  # such a save's actions, made current
    tutorials: tuple[TutorialScript, ...] = ()  # its first path, then its further lessons
    # the cards the window shows once, the first time one is chosen (Falconi's new pizzas): the settings
    # remember which were seen (game.services.settings.Settings.seen_cards)
    once_cards: tuple[str, ...] = ()
    # every options record a player can choose (Falconi's pizzas, Fredericus's full and short game), the
    # defaults first; asked at each call, so a variant registered later is among them (no function: the
    # defaults alone). The generic tests play these, through game.registry.variant_cases
    option_sets: Callable[[], Sequence[Opts]] | None = None

    def playable_options(self) -> tuple[Opts, ...]:
        """Every options record a player can choose, the defaults first (see ``option_sets``)."""
        return tuple(self.option_sets()) if self.option_sets is not None else (self.options_type(),)

    def options_of(self, options: GameOptions) -> Opts:
        """``options`` as this game's own record, its attributes typed (``FALCONI.options_of(setup.options)
        .variant``); a ``GameError`` for another game's record."""
        if not isinstance(options, self.options_type):
            raise GameError(f"the options of {self.name} are a {self.options_type.__name__}, "
                            f"not a {type(options).__name__}")
        return options
