"""A match as the app plays it: who sits where, the game, its log, undo and take-back, and its saved form.

The match is headless (no pygame). It is rebuilt from its set-up and the text of every action played, so a
save resumes exactly where the game stopped and an undo can never leave a half-changed state.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import InitVar, dataclass, field
from typing import Any, Literal

from game.core.errors import GameError, StateFormatError
from game.core.gamespec import GameSpec
from game.core.jsonio import envelope, open_envelope
from game.core.jsonio import field as json_field
from game.core.message import Message
from game.core.options import DEFAULTS, GameOptions
from game.core.protocol import Action, GameState, Seat
from game.core.text import person_name, shorten, unique_name
from game.registry import game_spec
from game.services.series import Series

SAVE_FORMAT = "falconi-fredericus-match"
# 2: played under the Falconi rulings revised on 2026-11-24; 3: under those of 2026-11-27; 4: under the Fredericus
# ruling of 2026-11-27
SAVE_VERSION = 4
AI_LEVELS = ("easy", "normal", "hard")
KEYBOARD = "keyboard"  # the keyboard and the mouse, one device for a person
MAX_PADS = 4  # gamepads are "pad1"… up to this number
NAME_LENGTH = 24  # the longest name a seat label shows
MAX_PEOPLE = 4  # people at one screen: a seat set-up offers no more
_DEFAULT_NAME = re.compile(r"Player ([1-9][0-9]*)")  # a name kept by default_name
SeatKind = Literal["person", "ai", "off"]  # who plays a seat, as saves write it
SEAT_KINDS: tuple[SeatKind, ...] = ("person", "ai", "off")


@dataclass(frozen=True)
class Person:
    """Somebody at the screen, with the device they play with: ``keyboard`` or ``pad1``, ``pad2``…"""

    name: str
    device: str = KEYBOARD


@dataclass(frozen=True)
class SeatPlan:
    """Who plays a seat: ``person`` (with an index into the people), ``ai`` (with a level) or ``off``."""

    kind: SeatKind
    person: int = 0
    level: str = ""

    @staticmethod
    def ai(level: str) -> SeatPlan:
        return SeatPlan("ai", level=level)

    @staticmethod
    def human(person: int = 0) -> SeatPlan:
        return SeatPlan("person", person=person)

    def to_json(self) -> dict[str, Any]:
        if self.kind == "person":
            return {"kind": "person", "person": self.person}
        if self.kind == "ai":
            return {"kind": "ai", "level": self.level}
        return {"kind": "off"}


OFF = SeatPlan("off")


@dataclass(frozen=True)
class MatchSetup:
    """Everything that makes a new game: the game and its options (the record of its :class:`GameSpec`'s
    ``options_type``; none given: its defaults), the seats, the people and the seed."""

    game: str
    seats: tuple[SeatPlan, ...]
    people: tuple[Person, ...] = (Person("Player 1"),)
    seed: int = 1
    options: GameOptions = DEFAULTS

    def __post_init__(self) -> None:
        spec = game_spec(self.game)
        if self.options is DEFAULTS:
            object.__setattr__(self, "options", spec.options_type())
        spec.options_of(self.options)
        for index, plan in enumerate(self.seats):
            if plan.kind == "person" and not 0 <= plan.person < len(self.people):
                raise GameError(f"seat {index + 1} names person {plan.person + 1}, but there are {len(self.people)}")
            if plan.kind == "ai" and plan.level not in AI_LEVELS:
                raise GameError(f"seat {index + 1}: unknown AI level {plan.level!r}")
            if plan.kind not in SEAT_KINDS:  # a caller mypy does not check
                raise GameError(f"seat {index + 1}: unknown kind of player {plan.kind!r}")
        spec.check_seats(self.in_play)

    @property
    def spec(self) -> GameSpec[Any]:
        return game_spec(self.game)

    @property
    def in_play(self) -> tuple[bool, ...]:
        """One flag per seat: does anybody play it?"""
        return tuple(plan.kind != "off" for plan in self.seats)

    def new_state(self) -> GameState[Any]:
        return self.spec.new_state(self.options, self.in_play, self.seed)

    def person_of(self, seat: Seat) -> int | None:
        """The index of the person who plays ``seat``, or ``None`` for an AI or empty seat."""
        plan = self.seats[seat]
        return plan.person if plan.kind == "person" else None

    def seats_of(self, person: int) -> tuple[Seat, ...]:
        return tuple(seat for seat, plan in enumerate(self.seats) if plan.kind == "person" and plan.person == person)

    @property
    def against_ai_only(self) -> bool:
        """One person, every other seat an AI: the only set-up where a turn may be taken back."""
        return len({plan.person for plan in self.seats if plan.kind == "person"}) == 1

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            **self.options.to_json(),
            "seed": self.seed,
            "seats": [plan.to_json() for plan in self.seats],
            "people": [{"name": person.name, "device": person.device} for person in self.people],
        }

    @classmethod
    def from_json(cls, data: Any) -> MatchSetup:
        if not isinstance(data, dict):
            raise StateFormatError("the match set-up must be an object")
        where = "match set-up"
        game = json_field(data, "game", str, where)
        try:
            options = game_spec(game).options_type.from_json(data)
        except StateFormatError:  # a missing or mistyped option says so as it is
            raise
        except GameError as error:
            raise StateFormatError(f"the match set-up is impossible: {error}") from None
        people = tuple(
            Person(_clean_name(json_field(item, "name", str, "person"), number),
                   _clean_device(json_field(item, "device", str, "person")))
            for number, item in enumerate(_objects(json_field(data, "people", list, where), "person"), start=1)
        )
        seats = tuple(_seat_plan(item, number)
                      for number, item in enumerate(_objects(json_field(data, "seats", list, where), "seat"), start=1))
        try:
            return cls(game, seats, people, json_field(data, "seed", int, where), options)
        except GameError as error:
            raise StateFormatError(f"the match set-up is impossible: {error}") from None


def default_name(number: int) -> str:
    """The name kept for person ``number`` (from 1) nobody named: one form whatever the language (the window
    says it in the player's), so a typed name that reads as one is told apart (:func:`people_names`)."""
    return f"Player {number}"


def default_number(name: str) -> int | None:
    """The number in a default name (:func:`default_name`), ``None`` for a name somebody typed."""
    found = _DEFAULT_NAME.fullmatch(name)
    return int(found[1]) if found else None


def people_names(typed: Sequence[str], shown_defaults: Sequence[str] = ()) -> tuple[str, ...]:
    """The names of the people at a table, in their order, from what was typed for each ("" for none): each
    cleaned (:func:`person_name`), the default one where nothing is left or it is the person's own default, and
    made unique so nobody passes for another: a typed name yields to every default name (``Player 2`` typed by
    the first person becomes ``Player 2 (2)``), to the defaults as the window shows them (``shown_defaults``:
    ``Spieler 2``…) and to the names of the people before."""
    defaults = [default_name(number) for number in range(1, MAX_PEOPLE + 1)]
    names: list[str] = []
    for number, text in enumerate(typed, start=1):
        name = person_name(text, NAME_LENGTH)
        own = default_name(number)
        if not name or unique_name(name, [own], NAME_LENGTH) != name:
            names.append(own)
            continue
        names.append(unique_name(name, [*names, *defaults, *shown_defaults], NAME_LENGTH))
    return tuple(names)


def people_of(first_name: str) -> tuple[Person, ...]:
    """The people of a game one person starts alone: that person, named ``first_name`` (the name set in
    Settings) where it is one, else by the default name."""
    return (Person(people_names([first_name])[0]),)


def _clean_name(name: str, number: int) -> str:
    """A stored name as the window can draw it (:func:`person_name`: one line, no control or format characters,
    at most ``NAME_LENGTH`` characters); a name with nothing left is the person's default one."""
    return person_name(name, NAME_LENGTH) or default_name(number)


def _clean_device(device: str) -> str:
    """A stored device the app knows (the keyboard or a numbered gamepad); anything else is the keyboard."""
    number = device[3:]
    known = device.startswith("pad") and number.isascii() and number.isdigit() and len(number) <= 2
    return device if known and 1 <= int(number) <= MAX_PADS else KEYBOARD


def _objects(items: list[Any], what: str) -> list[dict[str, Any]]:
    if not all(isinstance(item, dict) for item in items):
        raise StateFormatError(f"every {what} must be an object")
    return items


def _seat_plan(data: dict[str, Any], number: int) -> SeatPlan:
    """The stored seat ``number``; its kind and AI level are read whatever their case and the spaces around them,
    as the command line reads them (:func:`setup_from_spec`), and kept in the one spelling the rest of the game
    knows."""
    kind = json_field(data, "kind", str, "seat").strip().casefold()
    if kind == "person":
        return SeatPlan.human(json_field(data, "person", int, "seat"))
    if kind == "ai":
        return SeatPlan.ai(json_field(data, "level", str, "seat").strip().casefold())
    if kind == "off":
        return OFF
    raise StateFormatError(f"the match set-up is impossible: seat {number}: unknown kind of player {kind!r}")


@dataclass(frozen=True)
class LogEntry:
    """One action played: by which seat, in which turn, its text form and the game log's sentence (a message
    the app says in the player's language)."""

    seat: Seat
    turn: int
    text: str
    message: Message
    revealed: bool  # it turned up a face-down card or tile, so nothing before it can be undone
    events: tuple[Message, ...] = ()  # what followed by itself (a car put out…), told after the sentence


@dataclass(frozen=True)
class Played:
    """What :meth:`Match.play` did, as the screen shows it: the position before the action (the match's own copy:
    read it, never change it), the action, the match's state after it (live: it moves on with the next action)
    and the log entry."""

    before: GameState[Any]
    action: Action
    after: GameState[Any]
    entry: LogEntry

    @property
    def turn_ended(self) -> bool:
        """The game ended or another seat decides now: the moment to save."""
        return self.after.is_terminal() or self.after.current_seat != self.before.current_seat


@dataclass
class Match:
    """A game in progress with its set-up, its log and the series it belongs to (a new one unless
    ``in_series`` is given). Change it only through :meth:`play`, :meth:`undo` and :meth:`take_back`; each
    either succeeds whole or raises ``GameError`` and changes nothing."""

    setup: MatchSetup
    in_series: InitVar[Series | None] = None
    series: Series = field(init=False)
    state: GameState[Any] = field(init=False)
    log: list[LogEntry] = field(init=False, default_factory=list)
    _before: list[GameState[Any]] = field(init=False, default_factory=list, repr=False)  # undoable snapshots

    def __post_init__(self, in_series: Series | None) -> None:
        self.series = in_series if in_series is not None else Series.start(self.setup)
        self.state = self.setup.new_state()

    # --- playing -----------------------------------------------------------------------------------------
    @property
    def deciding_seat(self) -> Seat:
        return self.state.current_seat

    def is_person_to_play(self) -> bool:
        return not self.state.is_terminal() and self.setup.person_of(self.state.current_seat) is not None

    def play(self, action: Action) -> Played:
        """Apply a legal action for the deciding seat and log it; ``IllegalActionError`` changes nothing.

        The rules core is the one check: its ``apply`` refuses an illegal action before changing anything. The
        one copy is the position before the action, kept for undo and handed to the screen with what followed.
        """
        state = self.state
        before = state.clone()
        state.apply(action)
        seat = before.current_seat
        events = tuple(state.aftermath(before, action))
        entry = LogEntry(seat, before.turn_number, before.action_text(action), before.narrate(action),
                         state.hidden_supply() != before.hidden_supply(), events)
        if entry.revealed or (self.log and self.log[-1].seat != seat):
            self._before.clear()
        if not entry.revealed:
            self._before.append(before)
        self.log.append(entry)
        return Played(before, action, state, entry)

    def positions(self) -> tuple[list[GameState[Any]], list[Action]]:
        """Every position of the match, from its start to now, and the actions between them: played again
        from the log, for a replay or the game-over screen to pick from."""
        states, actions = [self.setup.new_state()], []
        for entry in self.log:
            state = states[-1].clone()
            action = state.parse_action(entry.text)
            state.apply(action)
            states.append(state)
            actions.append(action)
        return states, actions

    # --- undo ----------------------------------------------------------------------------------------------
    def can_undo(self) -> bool:
        """Undo takes back a person's own last actions, also after their turn has passed, until another seat
        (a person or an AI) has acted, something face down was turned up, the next person has seen a secret
        (:meth:`close_undo`) or the game has ended."""
        return (bool(self._before) and not self.state.is_terminal()
                and self.setup.person_of(self.log[-1].seat) is not None)

    def undo(self) -> LogEntry:
        if not self.can_undo():
            raise GameError("nothing to undo: a card or tile was turned up, or someone else has played since")
        self.state = self._before.pop()
        return self.log.pop()

    def close_undo(self) -> None:
        """The next person has seen their secrets (a hand-over): what was played before them stands."""
        self._before.clear()

    def can_take_back(self, person: int = 0) -> bool:
        """Against AI only: back to the start of the person's last turn (cards drawn since are put back)."""
        return self.setup.against_ai_only and self._last_turn_start(person) is not None

    def take_back(self, person: int = 0) -> int:
        """Rewind to the start of ``person``'s last turn; returns how many actions were taken back."""
        start = self._last_turn_start(person) if self.setup.against_ai_only else None
        if start is None:
            raise GameError("there is no turn of yours to take back (only against AI opponents)")
        kept = [entry.text for entry in self.log[:start]]
        rebuilt = Match.replay(self.setup, kept)
        removed = len(self.log) - start
        self.state, self.log, self._before = rebuilt.state, rebuilt.log, []
        return removed

    def _last_turn_start(self, person: int) -> int | None:
        seats = self.setup.seats_of(person)
        last = next((i for i in range(len(self.log) - 1, -1, -1) if self.log[i].seat in seats), None)
        if last is None:
            return None
        seat, turn = self.log[last].seat, self.log[last].turn
        start = last
        while start > 0 and self.log[start - 1].turn == turn and self.log[start - 1].seat == seat:
            start -= 1
        return start

    # --- saving ---------------------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return envelope(SAVE_FORMAT, SAVE_VERSION, {
            "setup": self.setup.to_json(),
            "actions": [entry.text for entry in self.log],
            "series": self.series.to_json(),
        })

    @classmethod
    def from_json(cls, data: Any) -> Match:
        """Rebuild a saved match by replaying it; ``StateFormatError`` says what is wrong with the save. A save
        from before series were kept has no ``series``: its game begins a new one."""
        document = open_envelope(data, SAVE_FORMAT, SAVE_VERSION, oldest=1)
        try:
            setup = MatchSetup.from_json(json_field(document, "setup", dict, "save"))
        except StateFormatError as error:
            raise _maybe_revised(document, error) from None
        old_rules = document["version"] < setup.spec.rules_revised_in
        try:
            actions = json_field(document, "actions", list, "save")
            if not all(isinstance(text, str) for text in actions):
                raise StateFormatError("the saved actions must be texts")
            if old_rules:
                actions = setup.spec.upgrade_actions(actions)
            series = Series.from_json(document["series"], len(setup.people)) if "series" in document else None
            return cls.replay(setup, actions, series)
        except StateFormatError as error:
            if old_rules:
                raise _revised(setup.spec, error) from None
            raise

    @classmethod
    def replay(cls, setup: MatchSetup, actions: list[str], series: Series | None = None) -> Match:
        try:
            match = cls(setup, series)
        except GameError as error:  # a set-up that passed its checks but names no real game (a bad pizza)
            raise StateFormatError(f"the saved game cannot be set up: {error}") from None
        for number, text in enumerate(actions, start=1):
            try:
                match.play(match.state.parse_action(text))
            except GameError as error:
                raise StateFormatError(
                    f"saved action {number} ({shorten(text, 60)!r}) cannot be replayed: {shorten(str(error), 200)}"
                ) from None
        match._before.clear()
        return match


def _revised(spec: GameSpec[Any], error: StateFormatError) -> StateFormatError:
    return StateFormatError(f"it was saved under the {spec.title} rules before {spec.rules_revision} and cannot go "
                            f"on under the new ones ({error})", "revised_rules")


def _maybe_revised(document: dict[str, Any], error: StateFormatError) -> StateFormatError:
    """A set-up that cannot be read, from a save older than its game's last revision of the rules: said so."""
    setup = document.get("setup")
    name = setup.get("game") if isinstance(setup, dict) else None
    try:
        spec = game_spec(name) if isinstance(name, str) else None
    except GameError:
        spec = None
    if spec is not None and document["version"] < spec.rules_revised_in:
        return _revised(spec, error)
    return error


def setup_from_spec(game: str, spec: str, seed: int, options: GameOptions = DEFAULTS,
                    players: int | None = None, notes: list[str] | None = None) -> MatchSetup:
    """A set-up from the command line's ``--seats``: per seat ``human`` (or ``human2``… for more people at
    the screen), an AI level, or ``off``; missing seats are AI ``normal`` (up to ``players`` where the game
    lets the number vary). Seats the game wants elsewhere are moved (F-4.2: a lone police car to the Port
    seat), and a sentence saying so is added to ``notes``."""
    game_rules = game_spec(game)
    names = [part.strip().casefold() for part in spec.split(",")] if spec.strip() else []
    count = game_rules.seat_count(players, len(names))
    if len(names) > count:
        raise GameError(f"{len(names)} seats named, but this game has {count}")
    names += ["normal"] * (count - len(names))
    plans: list[SeatPlan] = []
    for index, name in enumerate(names):
        if name in ("off", "none", "empty"):
            plans.append(OFF)
        elif name in AI_LEVELS:
            plans.append(SeatPlan.ai(name))
        elif name.startswith("human") and name[5:] in ("", "1", "2", "3", "4"):
            plans.append(SeatPlan.human(int(name[5:] or 1) - 1))
        else:
            raise GameError(f"seat {index + 1}: {name!r} is not human, human2…human4, easy, normal, hard or off")
    plans, note = game_rules.arrange_seats(plans, lambda plan: plan.kind == "off", OFF)
    if note is not None and notes is not None:
        notes.append(note)
    used = sorted({plan.person for plan in plans if plan.kind == "person"})
    renumber = {person: index for index, person in enumerate(used)}
    plans = [SeatPlan.human(renumber[plan.person]) if plan.kind == "person" else plan for plan in plans]
    people = tuple(Person(default_name(person + 1)) for person in used) or (Person(default_name(1)),)
    return MatchSetup(game, tuple(plans), people, seed, options)
