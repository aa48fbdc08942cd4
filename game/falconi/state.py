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
from game.core.protocol import NO_SEAT, GameState, Outcome, Seat
from game.falconi import describe as describing
from game.falconi import mode1, mode2, serialization
from game.falconi.actions import Action, ActionTable, action_table, action_text, parse_action
from game.falconi.city import DISTRICTS, CityLayout
from game.falconi.citymap import default_city
from game.falconi.constants import (
    ACTIVE,
    COUNTRY,
    FOREST,
    FUGITIVE,
    OFF,
    OUT,
    OVER,
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
from game.falconi.tiles import EMPTY, ESCAPE, PILE_TEMPLATE
from game.falconi.variants import Variant, find_variant

_FIELDS = (
    "variant", "city", "links", "neighbours", "board", "craters", "closed", "escapes", "pile", "reserves",
    "set_aside", "bombs", "boosts", "accomplice", "cars", "status", "turn_seat", "decider", "phase",
    "actions_left", "acted", "drawn", "drive_from", "pre_drive", "catch_edge", "last_round", "must_smash", "turn",
    "round", "outcome_", "seed", "legal", "boost_steps", "table", "fresh",
)


def default_police(count: int) -> tuple[Seat, ...]:
    """Which police cars play when ``count`` are wanted: one is the Port car (F-4.2), two flank the city."""
    choices = {1: (PORT,), 2: (COUNTRY, FOREST), 3: POLICE}
    if count not in choices:
        raise GameError(f"Catch Don Falconi needs 1 to 3 police cars, not {count}")
    return choices[count]


class FalconiState(GameState[Action]):
    """A position of Catch Don Falconi. Create one with :meth:`new_game` or :meth:`from_json`."""

    game_name = "falconi"
    __slots__ = _FIELDS

    variant: Variant
    city: CityLayout
    links: tuple[int, ...]
    neighbours: tuple[tuple[int, ...], ...]
    board: bytearray  # tile code per cell, EMPTY where no tile lies
    craters: dict[int, int]  # blasted cell -> the tile that lies under the crater
    closed: bytearray  # per place: 1 where a Chili Bomb closed that edge (F-5.4)
    escapes: list[int]  # per border slot: the district of the escape tile on it, or -1
    pile: list[int]  # items, top of the pile last
    reserves: list[list[int]]  # per seat, sorted items
    set_aside: list[int]  # items out of the game (escape tiles with no free slot, unused escape tiles)
    bombs: int
    boosts: int
    accomplice: int  # district of Diavola's secret escape tile, or -1
    cars: list[int]  # per seat: place, or -1 for a seat not in play
    status: list[Status]
    turn_seat: Seat
    decider: Seat
    phase: Phase
    actions_left: int  # Mode II
    acted: int  # Mode II: actions taken this turn
    drawn: int  # Mode I: the tile taken this turn; both modes: an escape tile waiting to be placed
    fresh: int  # Mode II: the escape tile Don Falconi just drew, which he may place free of charge (F-6.3)
    drive_from: int  # Mode I: where the current drive starts; Mode II: where the last drive of this turn began
    pre_drive: bool  # Mode I: the drive happens before taking a tile (F-5.3)
    catch_edge: int  # Mode I: the edge of a catch waiting for the fugitive's answer
    last_round: bool  # Mode II: the pile was empty when the fugitive's turn began (F-7.2)
    must_smash: bool  # Diavola: his turn began with no way on but a block to smash; he must smash one (F-6.5)
    turn: int
    round: int
    outcome_: Outcome[Termination] | None
    seed: int
    legal: tuple[Action, ...]
    boost_steps: dict[tuple[int, ...], tuple[Any, ...]]  # Diavola: the steps of each boost route on offer
    table: ActionTable

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
        if not police or any(seat not in POLICE for seat in police):
            raise GameError("choose 1 to 3 police cars among Country (1), Port (2) and Forest (3)")
        if len(police) == 1 and police != (PORT,):
            raise GameError("a game with one police car uses the Port car, opposite the prison (F-4.2)")
        city = city or default_city()
        rng = random.Random(seed)
        st = cls.blank(variant, city)
        st.seed = seed
        pile = list(PILE_TEMPLATE)
        rng.shuffle(pile)  # F-4.3: one shuffled pile, its order hidden from everyone
        seats = (FUGITIVE,) + police
        for seat in seats:
            st.status[seat] = ACTIVE
            st.cars[seat] = st.start_place(seat)
            if variant.reserves:
                st.reserves[seat] = sorted(pile.pop() for _ in range(2))
        escape_items = [ESCAPE + d for d in range(len(DISTRICTS))]
        if variant.accomplice:
            st.accomplice = rng.choice(escape_items) - ESCAPE
            escape_items.remove(ESCAPE + st.accomplice)
        if variant.escapes:
            pile.extend(escape_items)
            rng.shuffle(pile)
        else:
            st.set_aside = escape_items
        st.pile = pile
        st.bombs, st.boosts = variant.bombs, variant.boosts
        st.round = 1
        st.start_turn(FUGITIVE)
        return st

    @classmethod
    def blank(cls, variant: Variant, city: CityLayout) -> FalconiState:
        """An empty board with no cars: the starting point of set-up and of loading."""
        st = object.__new__(cls)
        st.variant, st.city = variant, city
        st.links = city.links
        st.neighbours = city.neighbours
        st.table = action_table(city)
        st.board = bytearray([EMPTY]) * city.cell_count
        st.craters, st.closed = {}, bytearray(city.cell_count * 4)
        st.escapes = [-1] * len(city.slots)
        st.pile, st.reserves, st.set_aside = [], [[], [], [], []], []
        st.bombs = st.boosts = 0
        st.accomplice = -1
        st.cars, st.status = [-1] * 4, [OFF] * 4
        st.turn_seat = st.decider = FUGITIVE
        st.phase, st.actions_left, st.acted = PLACE, 0, 0
        st.drawn = st.drive_from = st.catch_edge = st.fresh = -1
        st.pre_drive = st.last_round = st.must_smash = False
        st.turn = st.round = 0
        st.outcome_, st.seed = None, 0
        st.legal, st.boost_steps = (), {}
        return st

    def clone(self) -> FalconiState:
        st = object.__new__(FalconiState)
        st.variant, st.city, st.links, st.neighbours = self.variant, self.city, self.links, self.neighbours
        st.table = self.table
        st.board, st.closed = self.board[:], self.closed[:]
        st.craters = dict(self.craters) if self.craters else {}
        st.escapes, st.pile, st.set_aside = self.escapes[:], self.pile[:], self.set_aside[:]
        st.reserves = [hand[:] for hand in self.reserves]
        st.bombs, st.boosts, st.accomplice = self.bombs, self.boosts, self.accomplice
        st.cars, st.status = self.cars[:], self.status[:]
        st.turn_seat, st.decider, st.phase = self.turn_seat, self.decider, self.phase
        st.actions_left, st.acted, st.drawn, st.fresh = self.actions_left, self.acted, self.drawn, self.fresh
        st.drive_from, st.pre_drive, st.catch_edge = self.drive_from, self.pre_drive, self.catch_edge
        st.last_round, st.must_smash, st.turn, st.round = self.last_round, self.must_smash, self.turn, self.round
        st.outcome_, st.seed = self.outcome_, self.seed
        st.legal, st.boost_steps = self.legal, self.boost_steps  # immutable once made: shared
        return st

    # --- turn flow shared by both modes -----------------------------------------------------------
    def building(self, seat: Seat) -> int:
        """The border slot of ``seat``'s building: the prison, or its police station (F-1.5)."""
        city = self.city
        return city.prison if seat == FUGITIVE else city.station(SEAT_DISTRICT[seat])

    def start_place(self, seat: Seat) -> int:
        """Where ``seat``'s car starts: the open end in front of its building (F-4.4)."""
        return self.city.slot_place(self.city.slots[self.building(seat)])

    def start_turn(self, seat: Seat) -> None:
        """Give ``seat`` the turn; a car with nothing to do passes it on at once (Mode II, F-6.1)."""
        self.turn += 1
        self.turn_seat = self.decider = seat
        if not self._mode().begin_turn(self):
            self.end_turn()

    def end_turn(self) -> None:
        """Pass the turn clockwise to the next car still in the chase (F-4.1, F-7.1)."""
        status = self.status
        while True:
            # The next seat still in the chase, up to four steps on (back to this seat if none is): a loop
            # unrolled, as every turn passes here.
            seat = (self.turn_seat + 1) % 4
            if status[seat] != ACTIVE:
                seat = (seat + 1) % 4
                if status[seat] != ACTIVE:
                    seat = (seat + 1) % 4
                    if status[seat] != ACTIVE:
                        seat = (seat + 1) % 4
            if seat == FUGITIVE:
                self.round += 1
            self.turn += 1
            self.turn_seat = self.decider = seat
            if (mode1 if self.variant.mode == 1 else mode2).begin_turn(self):
                return

    def _mode(self) -> Any:
        return mode1 if self.variant.mode == 1 else mode2

    def car_blocked(self) -> None:
        """The car whose turn it is can go nowhere: police are out, the fugitive has lost (F-5.5, F-6.5)."""
        seat = self.turn_seat
        if seat == FUGITIVE:
            police = frozenset(s for s in POLICE if self.status[s] == ACTIVE)
            self.finish("fugitive_blocked", police, "Don Falconi is blocked: the police still in the chase win")
            return
        self.status[seat] = OUT
        if not any(self.status[s] == ACTIVE for s in POLICE):
            self.finish("police_out", frozenset({FUGITIVE}), "every police car is out: Don Falconi wins")
        else:
            self.end_turn()

    def finish(self, termination: Termination, winners: frozenset[Seat], reason: str) -> None:
        self.outcome_ = Outcome(termination, winners, reason)
        self.phase, self.decider, self.legal, self.boost_steps = OVER, NO_SEAT, (), {}

    def free_escape_slots(self, district: int) -> list[int]:
        """Slots of the district's colour where an escape tile may still go (F-5.6)."""
        escapes = self.escapes
        return [slot for slot in self.city.escape_slots_by_district[district] if escapes[slot] < 0]

    def accomplice_slots(self) -> list[int]:
        """Free slots where the secret accomplice may be placed: off the prison's side (F-6.6)."""
        escapes = self.escapes
        return [slot for slot in self.city.accomplice_slots_by_district[self.accomplice] if escapes[slot] < 0]

    def close_edge(self, place: int) -> None:
        """Close the edge at ``place`` from both sides (F-5.4: the road behind him is destroyed)."""
        self.closed[place] = 1
        other = self.links[place]
        if other >= 0:
            self.closed[other] = 1

    def open_edge(self, place: int) -> None:
        self.closed[place] = 0
        other = self.links[place]
        if other >= 0:
            self.closed[other] = 0

    # --- the protocol ---------------------------------------------------------------------------
    @property
    def current_seat(self) -> Seat:
        return self.decider

    @property
    def seats(self) -> tuple[Seat, ...]:
        return tuple(seat for seat in range(4) if self.status[seat] != OFF)

    def seat_count(self) -> int:
        return 4

    def seat_name(self, seat: Seat) -> str:
        return SEAT_NAMES[seat]

    def side_of(self, seat: Seat) -> str:
        return "fugitive" if seat == FUGITIVE else "police"

    @property
    def turn_number(self) -> int:
        return self.turn

    @property
    def round_number(self) -> int:
        return max(1, self.round)  # round 0: a state not dealt yet

    @property
    def outcome(self) -> Outcome[Termination] | None:
        return self.outcome_

    def is_terminal(self) -> bool:
        return self.outcome_ is not None  # as GameState's, without its property call: the search asks often

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions, one tuple per decision: a view may keep what it worked out from it for as long
        as the same tuple comes back."""
        return self.legal

    def boost_routes(self) -> Mapping[tuple[int, ...], tuple[Any, ...]]:
        """Diavola: the steps of every boost on offer now, by its path (F-6.6); empty when none is."""
        return MappingProxyType(self.boost_steps)

    def places_accomplice(self, slot: int) -> bool:
        """Whether placing his secret accomplice on border ``slot`` is one of the legal actions now."""
        return self.table.accomplice[slot] in self.legal

    def apply(self, action: Action) -> None:
        if action not in self.legal:
            raise IllegalActionError(describing.why_illegal(self, action))
        self._mode().apply(self, action)

    def apply_legal(self, action: Action) -> None:
        """:meth:`apply` without its scan of the legal actions, for the search, which takes ``action`` from
        them (a fresh sample's or the position's it plays on)."""
        (mode1 if self.variant.mode == 1 else mode2).apply(self, action)

    def play_out(self, depth: int, choice: Callable[[Sequence[Action]], Action]) -> None:
        """The search's random play-out, as :class:`GameState`'s, without a method call a step for the end,
        the legal actions and their check."""
        apply = (mode1 if self.variant.mode == 1 else mode2).apply
        while depth and self.outcome_ is None:
            apply(self, choice(self.legal))
            depth -= 1

    def action_text(self, action: Action) -> str:
        return action_text(self.city, action)

    def parse_action(self, text: str) -> Action:
        return parse_action(self.city, text)

    def hidden_supply(self) -> int:
        """Tiles or objective cards still face down in the draw pile."""
        return len(self.pile)

    def narrate(self, action: Action) -> Message:
        return describing.narrate(self, action)

    def aftermath(self, before: GameState[Action], action: Action) -> list[Message]:
        assert isinstance(before, FalconiState)
        return describing.aftermath(before, self, action)

    def describe(self, action: Action) -> str:
        return describing.describe(self, action)

    def observation(self, seat: Seat) -> dict[str, Any]:
        return serialization.observation(self, seat)

    def determinize(self, seat: Seat, rng: random.Random) -> FalconiState:
        return serialization.determinize(self, seat, rng)

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
        return f"<FalconiState {self.variant.name} turn {self.turn} {PHASE_NAMES[self.phase]} seat {self.decider}>"

