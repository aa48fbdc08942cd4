"""What dithering is in Catch Don Falconi, for :mod:`devtools.dithering` (Mode II: Salami, Diavola).

- ``reversals``: a car driving back, within one turn, into a cell it drove out of earlier that turn;
- ``turn_only``: a turn of Don Falconi spent on a three-point turn while a way on lay ahead of him (a road
  into a tile or an empty cell: :func:`game.falconi.heuristics.way_ahead`);
- ``turn_streak``: such a turn straight after another of his turns spent turning on the spot;
- ``escape_seen``: police turns begun with a placed escape tile within his reach (three of his turns);
- ``escape_ignored``: those of them after which the road to it was no longer for him and the car no nearer.
"""

from __future__ import annotations

import argparse
from typing import Any

from devtools.dithering import Tally
from game.falconi.city import cell_of
from game.falconi.constants import ACTION, FUGITIVE, SEAT_NAMES
from game.falconi.heuristics import placed_escape_distance, way_ahead
from game.falconi.road_search import road_distance
from game.falconi.state import FalconiState
from game.falconi.variants import VARIANTS

COLUMNS = {"reversals": "reversals", "turn_only": "turn-only", "turn_streak": "turn-only again",
           "escape_seen": "escape seen", "escape_ignored": "escape ignored"}
ESCAPE_REACH = 9  # actions: three of his turns
DRIVES = ("step", "boost")


def add_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--variant", choices=[name for name, variant in VARIANTS.items() if variant.mode == 2],
                        default="salami")


def new_game(args: argparse.Namespace, seed: int) -> FalconiState:
    return FalconiState.new_game(args.variant, seed)


def watch(state: Any) -> DitherWatch:
    return DitherWatch()


def distance_to_escapes(state: FalconiState, seat: int) -> int:
    """The actions ``seat``'s car needs to reach a cell in front of a placed escape tile."""
    city = state.city
    cells = {city.slot_cell(city.slots[slot]) for slot, district in enumerate(state.escapes) if district >= 0}
    return min((road_distance(state, state.cars[seat], cell * 4) for cell in cells), default=60)


class DitherWatch(Tally):
    def __init__(self) -> None:
        super().__init__(COLUMNS)
        self.visited: set[int] = set()  # cells the deciding car stood in this turn
        self.turned_last = [False] * 4  # per seat: its last turn was a three-point turn
        self.threat: tuple[int, int, int, int] | None = None  # turn, police seat, his escape distance, its own

    def _count(self, key: str, turn: int, seat: int, what: str) -> None:
        self.count(key, f"turn {turn}: {SEAT_NAMES[seat]} {what} ({COLUMNS[key]})")

    def see(self, before: Any, action: Any, after: Any) -> None:
        assert isinstance(before, FalconiState) and isinstance(after, FalconiState)
        if before.variant.mode != 2:
            return
        seat = before.turn_seat
        if before.phase != ACTION:  # a police car placing the escape tile it drew (F-6.3)
            if after.is_terminal() or after.turn_seat != seat:
                self._turn_ends(after, seat)
            return
        if before.acted == 0:
            self._turn_begins(before, seat)
        if action.verb in DRIVES and after.cars[seat] != before.cars[seat]:  # not a drive out by an escape
            cell = cell_of(after.cars[seat])
            if cell in self.visited:
                self._count("reversals", before.turn_number, seat,
                            f"{before.action_text(action)} back into cell {cell}")
            self.visited.add(cell)
        if seat == FUGITIVE and before.acted == 0:
            turned, text = action.verb == "turn", before.action_text(action)
            if turned and way_ahead(before, FUGITIVE):
                self._count("turn_only", before.turn_number, seat, f"{text} with a way ahead")
            if turned and self.turned_last[FUGITIVE]:
                self._count("turn_streak", before.turn_number, seat, f"{text} after turning last turn")
            self.turned_last[FUGITIVE] = turned
        if after.is_terminal() or after.turn_seat != seat:
            self._turn_ends(after, seat)

    def _turn_begins(self, state: FalconiState, seat: int) -> None:
        self.visited = {cell_of(state.cars[seat])}
        if seat != FUGITIVE:
            his = placed_escape_distance(state)
            if his <= ESCAPE_REACH:
                self._count("escape_seen", state.turn_number, seat, f"with an escape {his} actions from him")
                self.threat = (state.turn_number, seat, his, distance_to_escapes(state, seat))

    def _turn_ends(self, state: FalconiState, seat: int) -> None:
        if self.threat is None or self.threat[1] != seat:
            return
        turn, _, his, own = self.threat
        self.threat = None
        if state.is_terminal() and state.outcome is not None and FUGITIVE not in state.outcome.winners:
            return  # caught or blocked him
        if placed_escape_distance(state) <= his and distance_to_escapes(state, seat) >= own:
            self._count("escape_ignored", turn, seat, f"left him {placed_escape_distance(state)} actions from it")
