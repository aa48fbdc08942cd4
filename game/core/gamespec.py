"""What a game is to the rest of the program: one record per game, kept by :mod:`game.registry`.

The match, the saves, the statistics, the AI and the tools ask a game's spec instead of branching on its
name, so a new game is one spec (and, for the window, one board view registered in ``scenes.boards``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from game.core.knowledge import GameKnowledge
from game.core.protocol import GameState, Seat
from game.core.text import shorten
from game.core.tutorial import TutorialScript

OptionValue = bool | int | str
Plan = TypeVar("Plan")


def _no_note(plans: Sequence[Plan], _is_off: Callable[[Plan], bool], _off: Plan) -> tuple[list[Plan], str | None]:
    return list(plans), None


def _same_actions(actions: list[str]) -> list[str]:
    return actions


def _seats_named(asked: int | None, named: int) -> int:
    return asked or named


@dataclass(frozen=True)
class GameSpec:
    """One game: its name and options, its seats and roles, how its states are made and read back, and
    what the AI knows of it.

    ``in_play`` below is one flag per seat of a set-up: ``False`` for a seat nobody plays."""

    name: str  # the key of saves, statistics and the command line
    title: str  # the English title, for the command line's help
    options: Mapping[str, OptionValue]  # every option of a set-up with its default (its type is the option's)
    check_seats: Callable[[Sequence[bool]], None]  # GameError with a sentence when no game has these seats
    new_state: Callable[[Mapping[str, Any], Sequence[bool], int], GameState[Any]]  # options, in_play, seed
    state_from_json: Callable[[Any], GameState[Any]]
    knowledge: Callable[[], GameKnowledge]  # imported when first asked for: the rules alone do not load the AI
    roles: tuple[str, ...]  # the sides a person can play, as the statistics count them
    role_of: Callable[[Seat], str]
    record_variants: tuple[str, ...]  # how the statistics tell set-ups apart, in the order they list them
    record_variant: Callable[[Mapping[str, Any], int], str]  # options, number of seats -> one of the above
    # the command line's seat count: the seats it was asked for (or None) and the number it was given names for
    seat_count: Callable[[int | None, int], int] = _seats_named
    # a set-up's seats as the game wants them placed, and a sentence for the player when they were moved
    arrange_seats: Callable[..., tuple[list[Any], str | None]] = _no_note
    series_seat: Seat | None = None  # the seat that goes round the people in a series, if the game has one
    rules_revised_in: int = 0  # saves of an older match format were played under this game's older rules
    rules_revision: str = ""  # that revision, as "their revision of 2026-11-24"
    upgrade_actions: Callable[[list[str]], list[str]] = _same_actions  # such a save's actions, made current
    tutorials: tuple[TutorialScript, ...] = ()
    # the names a text option can take (Falconi's pizzas), each in its one spelling: see full_options
    option_choices: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # the cards the window shows once, the first time one is chosen (Falconi's new pizzas): the settings
    # remember which were seen (game.services.settings.Settings.seen_cards)
    once_cards: tuple[str, ...] = ()

    def full_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """``given`` completed with the defaults; ``ValueError`` names an option this game does not have, one
        of the wrong type, or a name that is none of its choices. A name is read whatever its case and the
        spaces around it (``" Salami"`` from a command line or an edited save) and kept in its own spelling,
        so the statistics, the menus and the saves never meet another."""
        unknown = sorted(set(given) - set(self.options))
        if unknown:
            raise ValueError(f"{self.name} has no option {unknown[0]!r}")
        result = dict(self.options)
        for key, value in given.items():
            if type(value) is not type(self.options[key]):
                raise ValueError(f"the {self.name} option {key!r} must be a {type(self.options[key]).__name__}")
            result[key] = self._choice(key, value) if isinstance(value, str) and key in self.option_choices else value
        return result

    def _choice(self, key: str, name: str) -> str:
        choices = self.option_choices[key]
        wanted = name.strip().casefold()
        for choice in choices:
            if choice.casefold() == wanted:
                return choice
        raise ValueError(f"unknown {key} {shorten(repr(name), 40)}; choose one of {', '.join(choices)}")
