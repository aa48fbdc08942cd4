"""The Falconi game state: the data of a position, the turn flow shared by both modes, and the protocol.

The rules of each mode live in :mod:`game.falconi.mode1` and :mod:`game.falconi.mode2`; they set the next
decision (``phase``, ``decider`` and the cached legal actions) after every action, resolving forced events
(a blocked car, an empty pile) on the way, so the legal-action list is never empty before the end.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from game.core.errors import GameError, IllegalActionError
from game.core.message import Message
from game.core.protocol import GameState, Outcome, Seat
from game.falconi import defeat, mode1, mode2, serialization, supply, turns
from game.falconi import describe as describing
from game.falconi.actions import Action, ActionTable, action_table, action_text, parse_action
from game.falconi.city import DISTRICTS, CityLayout, Place
from game.falconi.citymap import default_city
from game.falconi.constants import (
    COUNTRY,
    ESCAPE_PLACE,
    FOREST,
    FUGITIVE,
    OFF,
    PHASE_NAMES,
    PLACE,
    POLICE,
    PORT,
    SEAT_DISTRICT,
    SEAT_NAMES,
    Phase,
    Status,
    Termination,
)
from game.falconi.observation import FalconiObservation, observe
from game.falconi.records import FIELDS
from game.falconi.seating import police_problem
from game.falconi.tiles import EMPTY, ESCAPE, PILE_TEMPLATE
from game.falconi.variants import Variant, find_variant


def default_police(count: int) -> tuple[Seat, ...]:
    """Which police cars play when ``count`` are wanted: one is the Port car (F-4.2), two flank the city."""
    choices = {1: (PORT,), 2: (COUNTRY, FOREST), 3: POLICE}
    if count not in choices:
        raise GameError(f"Catch Don Falconi needs 1 to 3 police cars, not {count}")
    return choices[count]


class FalconiState(GameState[Action]):
    """A position of Catch Don Falconi. Create one with :meth:`new_game` or :meth:`from_json`.

    Its fields are private and grouped in records (:mod:`game.falconi.records`), each changed by one module
    only; the rules modules read them directly on the hot paths, everyone else reads the queries below, which
    hand out immutable values, and :mod:`game.falconi.queries`."""

    game_name = "falconi"
    __slots__ = FIELDS  # grouped in records, each with one writer: game.falconi.records

    _variant: Variant
    _city: CityLayout
    _links: tuple[int, ...]
    _neighbours: tuple[tuple[int, ...], ...]
    _board: bytearray  # tile code per cell, EMPTY where no tile lies
    _craters: dict[int, int]  # blasted cell -> the tile that lies under the crater
    _closed: bytearray  # per place: 1 where a Chili Bomb closed that edge (F-5.4)
    _escapes: list[int]  # per border slot: the district of the escape tile on it, or -1
    _pile: list[int]  # items, top of the pile last
    _reserves: list[list[int]]  # per seat, sorted items
    _set_aside: list[int]  # items out of the game (escape tiles with no free slot, unused escape tiles)
    _bombs: int
    _boosts: int
    _accomplice: int  # district of Diavola's secret escape tile, or -1
    _cars: list[int]  # per seat: place, or -1 for a seat not in play
    _status: list[Status]
    _turn_seat: Seat
    _decider: Seat
    _phase: Phase
    _actions_left: int  # Mode II
    _acted: int  # Mode II: actions taken this turn
    _drawn: int  # Mode I: the tile taken this turn; both modes: an escape tile waiting to be placed
    _fresh: int  # Mode II: the escape tile Don Falconi just drew, which he may place free of charge (F-6.3)
    _drive_from: int  # Mode I: where the current drive starts; Mode II: where the last drive of this turn began
    _pre_drive: bool  # Mode I: the drive happens before taking a tile (F-5.3)
    _catch_edge: int  # Mode I: the edge of a catch waiting for the fugitive's answer
    _last_round: bool  # Mode II: the pile was empty when the fugitive's turn began (F-7.2)
    _must_smash: bool  # Diavola: his turn began with no way on but a block to smash; he must smash one (F-6.5)
    _turn: int
    _round: int
    _outcome: Outcome[Termination] | None
    _seed: int
    _legal: tuple[Action, ...]
    _boost_steps: dict[tuple[int, ...], tuple[Any, ...]]  # Diavola: the steps of each boost route on offer
    _table: ActionTable
    _rules: Any  # mode1 or mode2: the rules of the variant's mode

    # --- set-up (F-4, F-5.7, F-6.2, F-6.3, F-6.6) -----------------------------------------------
    @classmethod
    def new_game(
        cls,
        variant: str | Variant,
        seed: int,
        police: Iterable[Seat] = POLICE,
        city: CityLayout | None = None,
    ) -> FalconiState:
        """A new game; ``police`` names the police seats in play (1–3 of COUNTRY, PORT, FOREST)."""
        variant = find_variant(variant) if isinstance(variant, str) else variant
        police = tuple(sorted(set(police)))
        if any(seat not in POLICE for seat in police):
            raise GameError("choose 1 to 3 police cars among Country (1), Port (2) and Forest (3)")
        if problem := police_problem(police):
            raise GameError(problem.value)
        city = city or default_city()
        rng = random.Random(seed)
        st = cls.blank(variant, city, seed)
        pile = list(PILE_TEMPLATE)
        rng.shuffle(pile)  # F-4.3: one shuffled pile, its order hidden from everyone
        seats = (FUGITIVE,) + police
        reserves: list[list[int]] = [[], [], [], []]
        if variant.reserves:
            for seat in seats:
                reserves[seat] = sorted(pile.pop() for _ in range(2))
        escape_items = [ESCAPE + d for d in range(len(DISTRICTS))]
        if variant.accomplice:
            accomplice = rng.choice(escape_items) - ESCAPE
            escape_items.remove(ESCAPE + accomplice)
            mode2.hand_accomplice(st, accomplice)
        set_aside: list[int] = []
        if variant.escapes:
            pile.extend(escape_items)
            rng.shuffle(pile)
        else:
            set_aside = escape_items
        supply.stock(st, pile, reserves, set_aside, variant.bombs, variant.boosts)
        turns.seat_cars(st, seats)
        turns.start_turn(st, FUGITIVE)
        return st

    @classmethod
    def blank(cls, variant: Variant, city: CityLayout, seed: int = 0) -> FalconiState:
        """An empty board with no cars: the starting point of set-up and of loading."""
        st = object.__new__(cls)
        st._variant, st._city, st._rules = variant, city, mode1 if variant.mode == 1 else mode2
        st._links = city.links
        st._neighbours = city.neighbours
        st._table = action_table(city)
        st._board = bytearray([EMPTY]) * city.cell_count
        st._craters, st._closed = {}, bytearray(city.cell_count * 4)
        st._escapes = [-1] * len(city.slots)
        st._pile, st._reserves, st._set_aside = [], [[], [], [], []], []
        st._bombs = st._boosts = 0
        st._accomplice = -1
        st._cars, st._status = [-1] * 4, [OFF] * 4
        st._turn_seat = st._decider = FUGITIVE
        st._phase, st._actions_left, st._acted = PLACE, 0, 0
        st._drawn = st._drive_from = st._catch_edge = st._fresh = -1
        st._pre_drive = st._last_round = st._must_smash = False
        st._turn = st._round = 0
        st._outcome, st._seed = None, seed
        st._legal, st._boost_steps = (), {}
        return st

    def clone(self) -> FalconiState:
        st = object.__new__(FalconiState)
        st._variant, st._city, st._links, st._neighbours = self._variant, self._city, self._links, self._neighbours
        st._table, st._rules = self._table, self._rules
        st._board, st._closed = self._board[:], self._closed[:]
        st._craters = dict(self._craters) if self._craters else {}
        st._escapes, st._pile, st._set_aside = self._escapes[:], self._pile[:], self._set_aside[:]
        hands = self._reserves  # always four, one per seat: no comprehension's frame
        st._reserves = [hands[0][:], hands[1][:], hands[2][:], hands[3][:]]
        st._bombs, st._boosts, st._accomplice = self._bombs, self._boosts, self._accomplice
        st._cars, st._status = self._cars[:], self._status[:]
        st._turn_seat, st._decider, st._phase = self._turn_seat, self._decider, self._phase
        st._actions_left, st._acted, st._drawn, st._fresh = self._actions_left, self._acted, self._drawn, self._fresh
        st._drive_from, st._pre_drive, st._catch_edge = self._drive_from, self._pre_drive, self._catch_edge
        st._last_round, st._must_smash = self._last_round, self._must_smash
        st._turn, st._round = self._turn, self._round
        st._outcome, st._seed = self._outcome, self._seed
        st._legal, st._boost_steps = self._legal, self._boost_steps  # immutable once made: shared
        return st

    # --- turn flow shared by both modes -----------------------------------------------------------
    def building(self, seat: Seat) -> int:
        """The border slot of ``seat``'s building: the prison, or its police station (F-1.5)."""
        city = self._city
        return city.prison if seat == FUGITIVE else city.station(SEAT_DISTRICT[seat])

    def start_place(self, seat: Seat) -> int:
        """Where ``seat``'s car starts: the open end in front of its building (F-4.4)."""
        return self._city.slot_place(self._city.slots[self.building(seat)])

    def free_escape_slots(self, district: int) -> list[int]:
        """Slots of the district's colour where an escape tile may still go (F-5.6)."""
        escapes = self._escapes
        return [slot for slot in self._city.escape_slots_by_district[district] if escapes[slot] < 0]

    def accomplice_slots(self) -> list[int]:
        """Free slots where the secret accomplice may be placed: off the prison's side (F-6.6)."""
        escapes = self._escapes
        return [slot for slot in self._city.accomplice_slots_by_district[self._accomplice] if escapes[slot] < 0]

    # --- read-only queries: what views, bots, tools and tests read (copies, never the fields) ------------
    @property
    def variant(self) -> Variant:
        return self._variant

    @property
    def city(self) -> CityLayout:
        return self._city

    @property
    def links(self) -> tuple[int, ...]:
        """Per place: the place across its edge, or ``-(slot + 1)`` out through a border slot (F-1.4)."""
        return self._links

    @property
    def board(self) -> bytes:
        """Per cell: the tile code lying there, ``EMPTY`` where none does."""
        return bytes(self._board)

    @property
    def closed(self) -> bytes:
        """Per place: 1 where a Chili Bomb closed that edge (F-5.4)."""
        return bytes(self._closed)

    @property
    def escapes(self) -> tuple[int, ...]:
        """Per border slot: the district of the escape tile on it, or -1."""
        return tuple(self._escapes)

    @property
    def cars(self) -> tuple[int, ...]:
        """Per seat: its car's place, or -1 for a seat not in play."""
        return tuple(self._cars)

    def car_at(self, seat: Seat) -> Place | None:
        """Where ``seat``'s car stands, or ``None`` for a seat not in play."""
        place = self._cars[seat]
        return Place(place) if place >= 0 else None

    @property
    def status(self) -> tuple[Status, ...]:
        """Per seat: off (not in play), active (in the chase) or out."""
        return tuple(self._status)

    def reserve(self, seat: Seat) -> tuple[int, ...]:
        """The items ``seat`` holds in reserve, sorted (F-5.7, F-6.2): secret where :meth:`hides_hand` says."""
        return tuple(self._reserves[seat])

    def hides_hand(self, seat: Seat) -> bool:
        """Whether ``seat``'s tiles in hand are face down to the other seats (F-6.2: Don Falconi's in Mode II)."""
        return seat == FUGITIVE and self._variant.mode == 2

    def tile_just_drawn(self) -> int | None:
        """The item the car whose turn it is has just drawn and must place now (a Mode I road tile, or an escape
        tile waiting for its slot: F-5.1, F-5.6, F-6.3), or ``None``."""
        return self._drawn if self._drawn >= 0 and self._phase in (PLACE, ESCAPE_PLACE) else None

    @property
    def turn_seat(self) -> Seat:
        """The seat whose turn it is (:attr:`current_seat` may differ: Don Falconi answering a catch, F-5.4)."""
        return self._turn_seat

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def bombs(self) -> int:
        """Don Falconi's Chili Bombs left (F-5.4)."""
        return self._bombs

    @property
    def boosts(self) -> int:
        """Don Falconi's Chili Boosts left (F-6.6)."""
        return self._boosts

    @property
    def accomplice(self) -> int:
        """The district of Diavola's secret escape tile while he holds it, or -1 (F-6.6): his secret."""
        return self._accomplice

    @property
    def actions_left(self) -> int:
        """Mode II: the actions left in this turn (F-6.1)."""
        return self._actions_left

    @property
    def acted(self) -> int:
        """Mode II: the actions taken in this turn."""
        return self._acted

    @property
    def drive_from(self) -> int:
        """Mode I: where the drive on offer starts; Mode II: where the last drive of this turn began."""
        return self._drive_from

    @property
    def pre_drive(self) -> bool:
        """Mode I: the drive on offer comes before taking a tile: someone filled the car's open end (F-5.3)."""
        return self._pre_drive

    @property
    def catch_edge(self) -> int:
        """Mode I: the edge of the catch waiting for Don Falconi's answer (F-5.4), or -1."""
        return self._catch_edge

    @property
    def last_round(self) -> bool:
        """Mode II: the pile was empty when Don Falconi's turn began (F-7.2)."""
        return self._last_round

    @property
    def must_smash(self) -> bool:
        """Diavola: his turn began with no way on but a block to smash (F-6.5): his secret."""
        return self._must_smash

    # --- the protocol ---------------------------------------------------------------------------
    @property
    def current_seat(self) -> Seat:
        return self._decider

    @property
    def seats(self) -> tuple[Seat, ...]:
        return tuple(seat for seat in range(4) if self._status[seat] != OFF)

    def seat_count(self) -> int:
        return 4

    def seat_name(self, seat: Seat) -> str:
        return SEAT_NAMES[seat]

    def side_of(self, seat: Seat) -> str:
        return "fugitive" if seat == FUGITIVE else "police"

    @property
    def turn_number(self) -> int:
        return self._turn

    @property
    def round_number(self) -> int:
        return max(1, self._round)  # round 0: a state not dealt yet

    @property
    def outcome(self) -> Outcome[Termination] | None:
        return self._outcome

    def is_terminal(self) -> bool:
        return self._outcome is not None  # as GameState's, without its property call: the search asks often

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions, one tuple per decision: a view may keep what it worked out from it for as long
        as the same tuple comes back."""
        return self._legal

    def boost_routes(self) -> Mapping[tuple[int, ...], tuple[Any, ...]]:
        """Diavola: the steps of every boost on offer now, by its path (F-6.6); empty when none is."""
        return MappingProxyType(self._boost_steps if self._outcome is None else {})

    def places_accomplice(self, slot: int) -> bool:
        """Whether placing his secret accomplice on border ``slot`` is one of the legal actions now."""
        return self._table.accomplice[slot] in self._legal

    def apply(self, action: Action) -> None:
        if action not in self._legal:
            raise IllegalActionError(describing.why_illegal(self, action))
        self._rules.apply(self, action)

    def apply_legal(self, action: Action) -> None:
        """:meth:`apply` without its scan of the legal actions, for the search, which takes ``action`` from
        them (a fresh sample's or the position's it plays on)."""
        self._rules.apply(self, action)

    def play_out(self, depth: int, choice: Callable[[Sequence[Action]], Action]) -> None:
        """The search's random play-out, as :class:`GameState`'s, without a method call a step for the end,
        the legal actions and their check."""
        apply = self._rules.apply
        while depth and self._outcome is None:
            apply(self, choice(self._legal))
            depth -= 1

    def action_text(self, action: Action) -> str:
        return action_text(self._city, action)

    def parse_action(self, text: str) -> Action:
        return parse_action(self._city, text)

    def hidden_supply(self) -> int:
        """Tiles or objective cards still face down in the draw pile."""
        return len(self._pile)

    def narrate(self, action: Action) -> Message:
        return describing.narrate(self, action)

    def aftermath(self, before: GameState[Action], action: Action) -> list[Message]:
        assert isinstance(before, FalconiState)
        return describing.aftermath(before, self, action)

    def describe(self, action: Action) -> str:
        return describing.describe(self, action)

    def self_defeat(self, action: Action, allies: frozenset[Seat] = frozenset()) -> Message | None:
        return defeat.self_defeat(self, action, allies)

    def observation(self, seat: Seat) -> FalconiObservation:
        # (the protocol declares Mapping[str, object], which this TypedDict is, from issue 53's typed seams)
        return observe(self, seat)

    def determinize(self, seat: Seat, rng: random.Random) -> FalconiState:
        result = self.clone()
        result._seed = 0  # the seed would deal the hidden tiles again
        serialization.deal_unseen(self, result, seat, rng)
        return result

    def to_json(self) -> dict[str, Any]:
        return serialization.to_json(self)

    @classmethod
    def from_json(cls, data: Any) -> FalconiState:
        return serialization.from_json(cls, data)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, FalconiState):
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return f"<FalconiState {self._variant.name} turn {self._turn} {PHASE_NAMES[self._phase]} seat {self._decider}>"

