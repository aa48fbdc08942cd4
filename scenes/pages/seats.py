"""Seat set-up: for every seat a person, an AI level, or (where the game allows it: Falconi's police cars)
nobody; for every person their name and the device they play with. A game may offer ready-made seatings
(Falconi: the two-player forms of F-4.2); its board (``scenes.boards``) says which, and which seatings cannot be
played: a choice that would make one is not offered, and the row says why, so no seat changes but the one the
player set.

People are numbered in the order they joined the table, "Player 1", "Player 2"…, until they type a name: a seat
offers the people already playing and one more."""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import partial

import pygame

from game.core.options import GameOptions
from game.i18n import Translator
from game.registry import game_spec
from game.services.match import (
    AI_LEVELS,
    KEYBOARD,
    MAX_PADS,
    MAX_PEOPLE,
    NAME_LENGTH,
    OFF,
    Match,
    MatchSetup,
    Person,
    SeatPlan,
    default_name,
    people_names,
)
from scenes.boards import board
from scenes.context import AppContext
from scenes.kit import tooltip
from scenes.kit.stack import Push, Transition
from scenes.kit.text_field import edited
from scenes.kit.ui import LOGICAL_SIZE, TEXT, Menu, MenuItem
from scenes.pages.menu_page import MenuScene
from scenes.playing.sources.local import start_match_scene

PAD_CHOICES = MAX_PADS  # a saved game remembers no other pad
PLAN_ICONS = {"person": "player", "ai": "ai", "off": ""}  # the icon by a seat's value, by the kind of plan


def devices() -> list[str]:
    return [KEYBOARD] + [f"pad{number}" for number in range(1, PAD_CHOICES + 1)]


class SeatSetupScene(MenuScene):
    """The seats of a game of ``game`` with ``options`` (its record; ``None``: the game's defaults), starting from
    ``seats`` (by default the first seats its board names; the options page may choose how many)."""

    title_key = "setup.seats"
    enter_moves_on = True  # a form: Enter walks down to Start, it never changes the set-up under the focus

    def __init__(self, context: AppContext, game: str, options: GameOptions | None = None,
                 seats: Sequence[SeatPlan] | None = None) -> None:
        self.game, self.board, self.spec = game, board(game), game_spec(game)
        self.options: GameOptions = self.spec.options_type() if options is None else options
        self.plans = list(self.board.first_seats if seats is None else seats)
        self.devices = [KEYBOARD] * MAX_PEOPLE
        self.typed = [""] * MAX_PEOPLE  # each person's name as typed ("": their default one)
        self.typed[0] = context.settings.player_name  # the first person is the one who set a name in Settings
        self.error = ""
        self._number_people()
        super().__init__(context)
        self.menu = Menu(self.build_items(), top=170, width=760, row=50, text=context.text,
                         sound=context.audio.play, enter_moves_on=True)

    def rebuild(self) -> None:
        super().rebuild()
        self.menu.width, self.menu.row, self.menu.top = 760, 50, 170
        self.menu.layout()

    # --- the rows -----------------------------------------------------------------------------------------
    def build_items(self) -> list[MenuItem]:
        tr = self.context.tr
        items: list[MenuItem] = []
        presets = self.board.presets
        if presets:
            names = list(presets) + ["custom"]
            current = next((i for i, name in enumerate(presets) if list(presets[name]) == self.plans), len(names) - 1)
            items.append(MenuItem(tr("setup.preset"), choices=[tr(f"setup.preset.{name}") for name in names],
                                  index=current, on_change=partial(self._preset_at, names),
                                  note=tr("setup.preset.note"), key="preset", icon="settings",
                                  tip="tips.setup.preset"))
        items += [self.seat_item(seat) for seat in range(len(self.plans))]
        for person in self._people_in_play():
            options = devices()
            typed = self.typed[person]
            items.append(MenuItem(typed or self._person_name(person), choices=[self._device_name(d) for d in options],
                                  index=options.index(self.devices[person]),
                                  on_change=partial(self._device_at, person, options),
                                  on_type=partial(self._type_name, person), typed_in_label=True,
                                  note=tr("setup.person.note"), key=f"device{person}", icon="player",
                                  tip="tips.setup.device",
                                  choice_icons=["keyboard" if d == KEYBOARD else "gamepad" for d in options]))
        items.append(MenuItem(tr("setup.start"), self._start, note=self.error, key="start", icon="play"))
        items.append(MenuItem(tr("menu.back"), self.back, key="back", icon="back"))
        return items

    def seat_item(self, seat: int) -> MenuItem:
        """The row of ``seat``: who plays it, among the choices the rules allow, and why one is not offered."""
        choices, withheld = self.seat_choices(seat)
        icon = self._seat_icon(seat)
        return MenuItem(self.context.tr(self.board.seat_key(seat)), choices=[self._plan_name(c) for c in choices],
                        index=choices.index(self.plans[seat]), on_change=partial(self._seat_at, seat, choices),
                        note=withheld, key=f"seat{seat}", icon=icon, tip=f"tips.seat.{icon}",
                        choice_icons=[PLAN_ICONS[c.kind] for c in choices])

    def offered(self, seat: int) -> list[SeatPlan]:
        """Who may play ``seat``, as far as the page goes: the people playing and one more, the AI levels,
        nobody where the board allows it."""
        plan = self.plans[seat]
        alone = plan.kind == "person" and self.plans.count(plan) == 1  # one more would be this person again
        count = min(MAX_PEOPLE, len(self._people_in_play()) + (0 if alone else 1))
        every = [SeatPlan.human(person) for person in range(count)] + [SeatPlan.ai(level) for level in AI_LEVELS]
        return every + ([OFF] if self.board.may_be_off(seat) else [])

    def seat_choices(self, seat: int) -> tuple[list[SeatPlan], str]:
        """The choices :meth:`offered` for ``seat`` but those that would make seats the board says cannot be
        played (a lone police car away from the Port, F-4.2: no other seat is ever moved to make one right), and
        why one was left out ("" when none was); the seat's own value stays."""
        plan = self.plans[seat]
        problems = {choice: self._problem(seat, choice) for choice in self.offered(seat) if choice != plan}
        why = next((self.context.tr(problem) for problem in problems.values() if problem), "")
        return [choice for choice in self.offered(seat) if not problems.get(choice)], why

    def _problem(self, seat: int, plan: SeatPlan) -> str:
        """The key of why the seats could not be played with ``plan`` on ``seat``, or ""."""
        in_play = [not _is_off(other) for other in self.plans]
        in_play[seat] = not _is_off(plan)
        return self.board.seats_problem(in_play)

    def _seat_icon(self, seat: int) -> str:
        """Don Falconi in his hat, a police car, or a falconer's bird."""
        return self.board.seat_icons[seat]

    def emblem(self) -> str:
        return self.board.setup_emblem(self.options)

    def _plan_name(self, plan: SeatPlan) -> str:
        tr = self.context.tr
        if plan.kind == "person":
            return self._person_name(plan.person)
        if plan.kind == "ai":
            return tr("setup.ai", level=tr(f"level.{plan.level}"))
        return tr("setup.empty")

    def _person_name(self, person: int) -> str:
        """Person ``person``'s name as the game will show it (a name typed twice is told apart there too)."""
        names = self._names()
        name = names[person] if person < len(names) else default_name(person + 1)
        return self.context.person_name(Person(name))

    def _names(self) -> tuple[str, ...]:
        """The names of the people in play and of the one more a seat offers, as the game keeps them."""
        count = min(MAX_PEOPLE, len(self._people_in_play()) + 1)
        shown = [self.context.person_name(Person(default_name(number))) for number in range(1, MAX_PEOPLE + 1)]
        return people_names(self.typed[:count], shown)

    def _device_name(self, device: str) -> str:
        tr = self.context.tr
        if device == KEYBOARD:
            return tr("device.keyboard")
        connected = device in self.context.inputs.pads
        return tr("device.pad", number=device[3:]) + ("" if connected else " " + tr("device.not_connected"))

    def _people_in_play(self) -> list[int]:
        return sorted({plan.person for plan in self.plans if plan.kind == "person"})

    # --- changes ------------------------------------------------------------------------------------------
    # A menu row's choice comes as an index into the choices it was built with.
    def _preset_at(self, names: list[str], index: int) -> None:
        self._preset(names[index])

    def _seat_at(self, seat: int, choices: list[SeatPlan], index: int) -> None:
        self._set_seat(seat, choices[index])

    def _device_at(self, person: int, options: list[str], index: int) -> None:
        self._set_device(person, options[index])

    def _preset(self, name: str) -> None:
        if name in self.board.presets:
            self.plans = list(self.board.presets[name])
            self._number_people()
            self.rebuild()

    def _set_seat(self, seat: int, plan: SeatPlan) -> None:
        """Set one seat, and only it: the choices offered are the ones the rules allow as the others stand."""
        self.plans[seat] = plan
        self.error = ""
        self._number_people()
        self.rebuild()

    def _number_people(self) -> None:
        """Number the people in play 1, 2, 3… in the order they joined, closing the gap one left; their names
        and devices go with them."""
        people = self._people_in_play()
        number = {person: index for index, person in enumerate(people)}
        self.plans = [SeatPlan.human(number[plan.person]) if plan.kind == "person" else plan for plan in self.plans]
        free = MAX_PEOPLE - len(people)
        self.typed = [self.typed[person] for person in people] + [""] * free
        self.devices = [self.devices[person] for person in people] + [KEYBOARD] * free

    def _set_device(self, person: int, device: str) -> None:
        self.devices[person] = device

    def _type_name(self, person: int, typed: str) -> None:
        """A character typed into person ``person``'s name, or erased ("")."""
        self.typed[person] = edited(self.typed[person], typed, str.isprintable, NAME_LENGTH)
        self.rebuild()

    def setup(self, seed: int) -> MatchSetup:
        """The match these rows describe (``GameError`` if the rules do not allow it)."""
        count = len(self._people_in_play())
        names = self._names()[:count] or (default_name(1),)
        people = tuple(Person(name, self.devices[person]) for person, name in enumerate(names))
        return MatchSetup(self.game, tuple(self.plans), people, seed, options=self.options)

    def _start(self) -> Transition | None:
        """Start the match, in a save slot of its own: no saved game is replaced, so nothing is asked."""
        problem = self.board.seats_problem([not _is_off(plan) for plan in self.plans])
        if problem:  # seats the page was given that cannot be played (Falconi: no police car in play)
            self.error = self.context.tr(problem)
            self.rebuild()
            return None
        return self._begin()

    def _begin(self) -> Transition | None:
        """The game these rows describe (a page built on this one may start something else, or fail and say so)."""
        setup = self.setup(random.SystemRandom().randrange(1, 1_000_000))
        return Push(start_match_scene(self.context, Match(setup)))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        text = self.context.text
        what = describe_game(self.context.tr, self.game, self.options)
        tooltip.control(text.blit(surface, what, 28, TEXT, shadow=2, midtop=(LOGICAL_SIZE[0] // 2, 128)), "subtitle")


def _is_off(plan: SeatPlan) -> bool:
    return plan.kind == "off"


def describe_game(tr: Translator, game: str, options: GameOptions) -> str:
    """The game and its options in a few words: "Catch Don Falconi - Pizza Funghi", "Fredericus - Shorter
    game"."""
    return board(game).describe(tr, options)
