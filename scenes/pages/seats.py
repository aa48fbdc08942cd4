"""Seat set-up: for every seat a person, an AI level, or (where the game allows it: Falconi's police cars)
nobody; and for every person the device they play with. A game may offer ready-made seatings (Falconi: the
two-player forms of F-4.2); its board (``scenes.boards``) says which, and its spec (``game.registry``) moves
seats where its rules want them."""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import partial

import pygame

from game.core.options import GameOptions
from game.i18n import Translator
from game.registry import game_spec
from game.services.match import AI_LEVELS, KEYBOARD, MAX_PADS, OFF, Match, MatchSetup, Person, SeatPlan
from scenes.boards import board
from scenes.context import AppContext, default_name
from scenes.kit import tooltip
from scenes.kit.stack import Push, Transition
from scenes.kit.ui import ACCENT, LOGICAL_SIZE, TEXT, Menu, MenuItem
from scenes.pages.menu_page import MenuScene
from scenes.playing.play import start_match_scene

MAX_PEOPLE = 4
PAD_CHOICES = MAX_PADS  # a saved game remembers no other pad
PLAN_ICONS = {"person": "player", "ai": "ai", "off": ""}  # the icon by a seat's value, by the kind of plan


def seat_choices(allow_off: bool) -> list[SeatPlan]:
    choices = [SeatPlan.human(person) for person in range(MAX_PEOPLE)] + [SeatPlan.ai(level) for level in AI_LEVELS]
    return choices + [OFF] if allow_off else choices


def devices() -> list[str]:
    return [KEYBOARD] + [f"pad{number}" for number in range(1, PAD_CHOICES + 1)]


class SeatSetupScene(MenuScene):
    """The seats of a game of ``game`` with ``options`` (its record; ``None``: the game's defaults), starting from
    ``seats`` (by default the first seats its board names; the options page may choose how many)."""

    title_key = "setup.seats"

    def __init__(self, context: AppContext, game: str, options: GameOptions | None = None,
                 seats: Sequence[SeatPlan] | None = None) -> None:
        self.game, self.board, self.spec = game, board(game), game_spec(game)
        self.options: GameOptions = self.spec.options_type() if options is None else options
        self.plans = list(self.board.first_seats if seats is None else seats)
        self.devices = [KEYBOARD] * MAX_PEOPLE
        self.error = ""
        self.moved = ""  # says that the rules moved a seat (F-4.2: a lone police seat plays the Port car)
        super().__init__(context)
        self.menu = Menu(self.build_items(), top=170, width=760, row=50, text=context.text,
                         sound=context.audio.play)
        # Open on Start: a plain confirm plays the seats as shown; on a row it would change a preset or a seat
        self.menu.focus = self.menu.items.index(self.menu.item("start"))

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
        for seat, plan in enumerate(self.plans):
            choices = seat_choices(allow_off=self.board.may_be_off(seat))
            items.append(MenuItem(tr(self.board.seat_key(seat)), choices=[self._plan_name(c) for c in choices],
                                  index=choices.index(plan),
                                  on_change=partial(self._seat_at, seat, choices),
                                  key=f"seat{seat}", icon=self._seat_icon(seat),
                                  tip=f"tips.seat.{self._seat_icon(seat)}",
                                  choice_icons=[PLAN_ICONS[c.kind] for c in choices]))
        for person in self._people_in_play():
            options = devices()
            items.append(MenuItem(tr("setup.device", name=self._person_name(person)),
                                  choices=[self._device_name(d) for d in options],
                                  index=options.index(self.devices[person]),
                                  on_change=partial(self._device_at, person, options),
                                  note=tr("setup.device.note"), key=f"device{person}", icon="player",
                                  tip="tips.setup.device",
                                  choice_icons=["keyboard" if d == KEYBOARD else "gamepad" for d in options]))
        items.append(MenuItem(tr("setup.start"), self._start, note=self.error, key="start", icon="play"))
        items.append(MenuItem(tr("menu.back"), self.back, key="back", icon="back"))
        return items

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
        return self.context.person_name(self._person(person))

    def _person(self, person: int) -> Person:
        """Person ``person`` of the rows, named by their number in this set-up."""
        return Person(default_name(person + 1), self.devices[person])

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
            self.rebuild()

    def _set_seat(self, seat: int, plan: SeatPlan) -> None:
        self.plans[seat] = plan
        self.error = self.moved = ""
        before = list(self.plans)
        self.plans, note = self.spec.arrange_seats(before, _is_off, OFF)
        if note is not None:  # F-4.2: a lone police car is the Port car; the rows show it moved, and this says so
            self.moved = self._moved_note(before, note)
        self.rebuild()

    def _moved_note(self, before: list[SeatPlan], note: str) -> str:
        """What the player reads when the rules moved a seat: the board's sentence naming the seat that was
        emptied (the game spec's own note, in English, for a board that has none)."""
        tr = self.context.tr
        emptied = [seat for seat, (old, new) in enumerate(zip(before, self.plans)) if not _is_off(old) and _is_off(new)]
        if not self.board.moved_seat_note or not emptied:
            return note
        return tr(self.board.moved_seat_note, seat=tr(self.board.seat_key(emptied[0])))

    def _set_device(self, person: int, device: str) -> None:
        self.devices[person] = device

    def setup(self, seed: int) -> MatchSetup:
        """The match these rows describe (``GameError`` if the rules do not allow it). People are numbered in
        the order of their player numbers, so "Player 2" alone becomes the first person."""
        people_in_play = self._people_in_play()
        renumber = {person: index for index, person in enumerate(people_in_play)}
        seats = tuple(SeatPlan.human(renumber[p.person]) if p.kind == "person" else p for p in self.plans)
        people = tuple(self._person(person) for person in people_in_play) or (self._person(0),)
        return MatchSetup(self.game, seats, people, seed, options=self.options)

    def _start(self) -> Transition | None:
        """Start the match, in a save slot of its own: no saved game is replaced, so nothing is asked."""
        problem = self.board.seats_problem([not _is_off(plan) for plan in self.plans])
        if problem:  # Falconi: no police car in play
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
        for number, line in enumerate(reversed(text.wrap(self.moved, 1100, 24))):
            text.blit(surface, line, 24, ACCENT, shadow=2, midbottom=(LOGICAL_SIZE[0] // 2, 690 - 26 * number))


def _is_off(plan: SeatPlan) -> bool:
    return plan.kind == "off"


def describe_game(tr: Translator, game: str, options: GameOptions) -> str:
    """The game and its options in a few words: "Catch Don Falconi - Pizza Funghi", "Fredericus - Shorter
    game"."""
    return board(game).describe(tr, options)
