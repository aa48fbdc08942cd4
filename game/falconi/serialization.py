"""The Falconi state as versioned JSON (saves, scenarios for tests), and determinization: a full state dealt
anew from what one seat may see (F-9; what it sees: :mod:`game.falconi.observation`).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from game.core.draws import shuffle
from game.core.errors import StateFormatError
from game.core.jsonio import envelope, field, open_envelope
from game.core.protocol import NO_SEAT, Outcome, Seat
from game.falconi import board, mode1, mode2, supply, turns
from game.falconi.actions import cell_text, place_text
from game.falconi.city import DISTRICTS, EDGE_NAMES, CityLayout
from game.falconi.citymap import default_city
from game.falconi.constants import (
    ACTIVE,
    FUGITIVE,
    OFF,
    OVER,
    PHASE_NAMES,
    POLICE,
    STATUS_NAMES,
    TERMINATIONS,
    Phase,
    Status,
    Termination,
)
from game.falconi.seating import police_problem
from game.falconi.tiles import (
    CRATER,
    EMPTY,
    ESCAPE,
    EXITS,
    ITEM_BY_NAME,
    ITEM_NAMES,
    TILE_MIX,
    parse_tile_text,
    tile_text,
)
from game.falconi.variants import VARIANTS

if TYPE_CHECKING:
    from game.falconi.state import FalconiState

FORMAT = "falconi-state"
# 2: the revised rulings of 2026-11-24 (Don Falconi's fresh escape tile, F-6.3); 3: those of 2026-11-27 (the
# Diavola turn in which he must smash a block, F-6.5)
VERSION = 3


def to_json(st: FalconiState) -> dict[str, Any]:
    city = st._city
    return envelope(FORMAT, VERSION, {
        "variant": st._variant.name,
        "seed": st._seed,
        "board": {cell_text(city, c): tile_text(code) for c, code in enumerate(st._board) if code != EMPTY},
        "craters": {cell_text(city, c): tile_text(code) for c, code in sorted(st._craters.items())},
        "closed": [place_text(city, p) for p, flag in enumerate(st._closed) if flag],
        "escapes": {city.slots[s].name: DISTRICTS[d] for s, d in enumerate(st._escapes) if d >= 0},
        "pile": [ITEM_NAMES[item] for item in st._pile],
        "reserves": [[ITEM_NAMES[item] for item in hand] for hand in st._reserves],
        "set_aside": [ITEM_NAMES[item] for item in st._set_aside],
        "bombs": st._bombs,
        "boosts": st._boosts,
        "accomplice": DISTRICTS[st._accomplice] if st._accomplice >= 0 else None,
        "cars": [place_text(city, p) if p >= 0 else None for p in st._cars],
        "status": [STATUS_NAMES[s] for s in st._status],
        "turn_seat": st._turn_seat,
        "decider": st._decider,
        "phase": PHASE_NAMES[st._phase],
        "actions_left": st._actions_left,
        "acted": st._acted,
        "drawn": ITEM_NAMES[st._drawn] if st._drawn >= 0 else None,
        "fresh": ITEM_NAMES[st._fresh] if st._fresh >= 0 else None,
        "drive_from": place_text(city, st._drive_from) if st._drive_from >= 0 else None,
        "pre_drive": st._pre_drive,
        "catch_edge": EDGE_NAMES[st._catch_edge] if st._catch_edge >= 0 else None,
        "last_round": st._last_round,
        "must_smash": st._must_smash,
        "turn": st._turn,
        "round": st._round,
        "outcome": st._outcome.to_json() if st._outcome else None,
    })


def _fugitive_hides(st: FalconiState) -> bool:
    return st._variant.mode == 2  # F-6.2: his reserve is face down


def deal_unseen(st: FalconiState, result: FalconiState, seat: Seat, rng: random.Random) -> None:
    """Determinization: deal in ``result``, a copy of ``st``, what ``seat`` cannot see anew from the unseen tiles,
    sorted then shuffled, so the result depends only on the observation and ``rng``."""
    hide_fugitive = seat != FUGITIVE and _fugitive_hides(st)
    hide_accomplice = seat != FUGITIVE and st._accomplice >= 0
    pool = list(st._pile)
    if hide_fugitive:
        pool += st._reserves[FUGITIVE]
    if hide_accomplice:
        pool.append(ESCAPE + st._accomplice)
    pool.sort()
    shuffle(pool, rng)
    if hide_accomplice:
        mode2.hand_accomplice(result, _take_escape(pool) - ESCAPE)
    hand = None
    if hide_fugitive:
        count = len(st._reserves[FUGITIVE])
        hand = sorted(pool[:count])
        pool = pool[count:]
    if hide_fugitive or hide_accomplice:
        # Whether he must smash this turn may hang on what is hidden (F-6.5); a police seat decides only in
        # its own turns, when it is never so. Whether his last draw was an escape tile is his secret (F-6.3).
        mode2.forget_secrets(result, fresh=hide_fugitive)
    supply.redeal(result, pool, hand, FUGITIVE)
    # Only his decisions can hang on what was dealt anew. A police car's (the only other seat that hides
    # anything from) are made of its own reserve, the board, the escape tiles, whether the pile is empty
    # (the pile is as long as before) and its turn's actions, never of his reserve, his fresh tile, his
    # accomplice or must_smash: they are the ones it has.
    if (hide_fugitive or hide_accomplice) and result._phase != OVER and result._decider == FUGITIVE:
        turns.offer(result, result._rules.legal_for_phase(result))


def _take_escape(pool: list[int]) -> int:
    """Remove and return the first escape tile of the shuffled pool (one must be there)."""
    index = next(i for i, item in enumerate(pool) if item >= ESCAPE)
    return pool.pop(index)


# --- loading ----------------------------------------------------------------------------------------
def from_json(cls: type[FalconiState], data: Any) -> FalconiState:
    """Rebuild and validate a state; anything malformed or impossible is a ``StateFormatError``."""
    data = open_envelope(data, FORMAT, VERSION, oldest=1)
    name = field(data, "variant", str)
    if name not in VARIANTS:
        raise StateFormatError(f"unknown variant {name!r}")
    variant = VARIANTS[name]
    city = default_city()
    st = cls.blank(variant, city, field(data, "seed", int))
    reader = _Reader(city)
    _read_board(st, data, reader)
    pile = reader.items(field(data, "pile", list), "pile")
    hands = field(data, "reserves", list)
    if len(hands) != 4 or not all(isinstance(hand, list) for hand in hands):
        raise StateFormatError("reserves must be four lists, one per seat")
    reserves = [sorted(reader.items(hand, "reserve")) for hand in hands]
    if any(len(hand) > 2 for hand in reserves):
        raise StateFormatError("a reserve holds at most 2 tiles (F-6.2)")
    set_aside = reader.items(field(data, "set_aside", list), "set_aside")
    bombs, boosts = field(data, "bombs", int), field(data, "boosts", int)
    if not (0 <= bombs <= variant.bombs and 0 <= boosts <= variant.boosts):
        raise StateFormatError(f"{variant.name} allows at most {variant.bombs} bombs and {variant.boosts} boosts")
    drawn = data.get("drawn")
    supply.stock(st, pile, reserves, set_aside, bombs, boosts,
                 reader.items([drawn], "drawn")[0] if drawn is not None else -1)
    _read_cars(st, data, reader)
    _read_flow(st, data, reader)
    _check_tiles_accounted(st)
    _check_variant_pieces(st)
    turns.offer(st, () if st._phase == OVER else st._rules.legal_for_phase(st))
    if st._phase != OVER and not st._legal:
        raise StateFormatError(f"impossible position: the {PHASE_NAMES[st._phase]} decision has no legal action")
    return st


def _read_board(st: FalconiState, data: dict[str, Any], reader: _Reader) -> None:
    city = reader.city
    tiles = {reader.cell(text): reader.tile(tile, allow_crater=True)
             for text, tile in field(data, "board", dict).items()}
    craters: dict[int, int] = {}
    for text, tile in field(data, "craters", dict).items():
        cell = reader.cell(text)
        if tiles.get(cell) != CRATER:
            raise StateFormatError(f"a tile is listed under a crater at {text}, but there is no crater there")
        craters[cell] = reader.tile(tile, allow_crater=False)
    if sum(1 for code in tiles.values() if code == CRATER) != len(craters):
        raise StateFormatError("every crater must name the tile that lies under it")
    closed = []
    for text in field(data, "closed", list):
        place = reader.place(text)
        if tiles.get(place >> 2, EMPTY) == EMPTY:
            raise StateFormatError(f"a closed edge at {text}, where no tile lies")
        closed.append(place)
    escapes = {}
    for slot_name, district in field(data, "escapes", dict).items():
        slot = reader.slot(slot_name)
        if district not in DISTRICTS or city.slots[slot].role != "plain" or city.slots[slot].district != district:
            raise StateFormatError(f"an escape tile of {district!r} cannot lie on {slot_name}")
        escapes[slot] = DISTRICTS.index(district)
    board.restore(st, tiles, craters, closed, escapes)


def _read_cars(st: FalconiState, data: dict[str, Any], reader: _Reader) -> None:
    cars, names = field(data, "cars", list), field(data, "status", list)
    if len(cars) != 4 or len(names) != 4:
        raise StateFormatError("cars and status need one entry per seat (4)")
    places, status = [-1] * 4, [OFF] * 4
    for seat in range(4):
        if names[seat] not in STATUS_NAMES:
            raise StateFormatError(f"unknown car status {names[seat]!r}")
        status[seat] = Status(STATUS_NAMES.index(names[seat]))
        if status[seat] == OFF:
            if cars[seat] is not None:
                raise StateFormatError(f"seat {seat} is off but has a car on the board")
            continue
        if not isinstance(cars[seat], str):
            raise StateFormatError(f"seat {seat} needs a car place such as '4,8 S'")
        places[seat] = reader.place(cars[seat])
    turns.restore(st, places, status)
    if st._status[FUGITIVE] != ACTIVE:
        raise StateFormatError("Don Falconi must be in the game")
    police = [seat for seat in POLICE if st._status[seat] != OFF]
    if problem := police_problem(police):
        raise StateFormatError(problem.value)
    for seat in POLICE:
        if st._status[seat] == OFF and st._reserves[seat]:
            raise StateFormatError(f"seat {seat} is off but holds reserve tiles")


def _read_flow(st: FalconiState, data: dict[str, Any], reader: _Reader) -> None:
    turn_seat, decider = field(data, "turn_seat", int), field(data, "decider", int)
    phase = field(data, "phase", str)
    if phase not in PHASE_NAMES:
        raise StateFormatError(f"unknown phase {phase!r}")
    actions_left, acted = field(data, "actions_left", int), field(data, "acted", int)
    fresh = data.get("fresh")  # absent from version 1
    drive_from = data.get("drive_from")
    pre_drive, last_round = field(data, "pre_drive", bool), field(data, "last_round", bool)
    must_smash = field(data, "must_smash", bool) if "must_smash" in data else False  # absent before version 3
    catch_edge = data.get("catch_edge")
    accomplice = data.get("accomplice")
    if accomplice is not None and (not st._variant.accomplice or accomplice not in DISTRICTS):
        raise StateFormatError(f"impossible accomplice {accomplice!r} in {st._variant.name}")
    mode1.restore(st, pre_drive, reader.edge(catch_edge) if catch_edge is not None else -1)
    mode2.restore(st, actions_left, acted, reader.items([fresh], "fresh")[0] if fresh is not None else -1,
                  last_round, must_smash, DISTRICTS.index(accomplice) if accomplice is not None else -1)
    outcome = data.get("outcome")
    ending = None
    if outcome is not None:
        if not isinstance(outcome, dict):
            raise StateFormatError("outcome must be an object or null")
        winners = field(outcome, "winners", list, "outcome")
        if not all(isinstance(w, int) and 0 <= w < 4 and st._status[w] != OFF for w in winners):
            raise StateFormatError("outcome winners must be seats in play")
        if not winners:
            raise StateFormatError("a finished game needs at least one winner")
        ending = Outcome(_termination(field(outcome, "termination", str, "outcome")), frozenset(winners),
                         field(outcome, "reason", str, "outcome"))
    turns.restore_flow(st, turn_seat, decider if ending is None else NO_SEAT, Phase(PHASE_NAMES.index(phase)),
                       reader.place(drive_from) if drive_from is not None else -1, field(data, "turn", int),
                       field(data, "round", int), ending)
    if (st._outcome is None) != (st._phase != OVER):
        raise StateFormatError("a finished game needs the phase 'over' and an outcome, and only it")
    if st._must_smash and (st._variant.boosts == 0 or st._turn_seat != FUGITIVE or st._phase == OVER):
        raise StateFormatError("only Don Falconi in his own Diavola turn can be bound to smash a block (F-6.5)")
    if st._phase == OVER:
        return
    if not (0 <= st._turn_seat < 4 and st._status[st._turn_seat] == ACTIVE):
        raise StateFormatError(f"seat {st._turn_seat} cannot have the turn: its car is not in the chase")
    if not 0 <= st._decider < 4:
        raise StateFormatError(f"no seat {st._decider} can decide")
    mode_phases = {1: ("place", "drive", "answer", "blast", "escape"), 2: ("action", "escape")}
    if phase not in mode_phases[st._variant.mode]:
        raise StateFormatError(f"the phase {phase!r} does not exist in {st._variant.name}")
    if phase == "answer" and (st._catch_edge < 0 or st._decider != FUGITIVE or st._bombs < 1):
        raise StateFormatError("a catch waiting for a Chili Bomb answer needs its edge and a bomb")
    if phase in ("drive", "blast") and st._drive_from < 0:
        raise StateFormatError("a drive needs the place it starts from")
    if phase == "escape" and not (st._drawn >= ESCAPE):
        raise StateFormatError("placing an escape tile needs the drawn escape tile")
    if phase == "escape" and st._variant.mode == 2 and st._turn_seat == FUGITIVE:
        raise StateFormatError("Don Falconi keeps a drawn escape tile in his reserve: he never waits to place "
                               "it (F-6.3, revised 2026-11-24)")
    if st._fresh >= 0 and (st._variant.mode != 2 or st._fresh < ESCAPE or st._fresh not in st._reserves[FUGITIVE]):
        raise StateFormatError("a fresh escape tile must be a Mode II escape tile in Don Falconi's reserve")
    expected_decider = FUGITIVE if phase == "answer" else st._turn_seat
    if st._decider != expected_decider:
        raise StateFormatError(f"seat {st._decider} cannot decide now: it is seat {expected_decider}'s decision")
    if phase in ("drive", "blast", "answer") and (st._drive_from < 0 or st._board[st._drive_from >> 2] == EMPTY):
        raise StateFormatError("a drive must start from a place on a tile")
    if phase == "place":
        if st._board[st._cars[st._turn_seat] >> 2] != EMPTY:
            raise StateFormatError("a tile can only be placed at an open end, in an empty cell (F-5.1)")
        if st._drawn >= ESCAPE or (st._drawn < 0 and not st._reserves[st._turn_seat]):
            raise StateFormatError("placing needs a drawn road tile or a reserve tile")
    if st._variant.mode == 2 and not (
        0 < st._actions_left <= mode2.ACTIONS_PER_TURN and st._acted + st._actions_left == mode2.ACTIONS_PER_TURN
    ):
        raise StateFormatError("a Mode II turn has 1 to 3 actions left, and the actions taken make up the rest")
    if st._turn < 1 or st._round < 1:
        raise StateFormatError("turn and round count from 1")


def _check_variant_pieces(st: FalconiState) -> None:
    """Pieces a variant does not use, and places a car cannot be, are refused."""
    variant = st._variant
    if not variant.escapes:
        in_play = [item for item in st._pile + [i for hand in st._reserves for i in hand] if item >= ESCAPE]
        if in_play or any(d >= 0 for d in st._escapes) or st._drawn >= ESCAPE:
            raise StateFormatError(f"{variant.name} is played without escape tiles")
    if variant.mode == 1 and any(item >= ESCAPE for hand in st._reserves for item in hand):
        raise StateFormatError("in Mode I escape tiles never go into a reserve (F-5.6)")
    if not variant.reserves and any(st._reserves):
        raise StateFormatError(f"{variant.name} is played without reserve tiles")
    for place, flag in enumerate(st._closed):
        if flag and st._links[place] >= 0 and not st._closed[st._links[place]]:
            raise StateFormatError("a bombed edge must be closed from both sides")
    for seat, place in enumerate(st._cars):
        if place < 0 or st._board[place >> 2] != EMPTY or place == st.start_place(seat):
            continue
        if variant.mode == 2:
            raise StateFormatError(f"in Mode II a car stands on a tile, or at its building (seat {seat})")
        if not _road_leads_in(st, place):
            raise StateFormatError(f"seat {seat}'s car waits at {place_text(st._city, place)}, in an empty cell "
                                   "that no road leads into (F-3.3)")


def _road_leads_in(st: FalconiState, place: int) -> bool:
    """F-3.3: whether the tile behind ``place`` (across its entry edge) has a road on that edge."""
    behind = st._links[place]
    if behind < 0:
        return False
    tile = st._board[behind >> 2]
    return tile != EMPTY and bool(EXITS[tile][behind & 3])


def _check_tiles_accounted(st: FalconiState) -> None:
    """81 road tiles and 3 escape tiles, every one in exactly one place."""
    counts = [0] * len(ITEM_NAMES)
    for code in st._board:
        if code not in (EMPTY, CRATER):
            counts[code >> 2] += 1
    for code in st._craters.values():
        counts[code >> 2] += 1
    for district in st._escapes:
        if district >= 0:
            counts[ESCAPE + district] += 1
    for item in st._pile + st._set_aside + [item for hand in st._reserves for item in hand]:
        counts[item] += 1
    if st._drawn >= 0:
        counts[st._drawn] += 1
    if st._accomplice >= 0:
        counts[ESCAPE + st._accomplice] += 1
    expected = [TILE_MIX[kind] for kind in range(ESCAPE)] + [1] * len(DISTRICTS)
    if counts != expected:
        wrong = [f"{ITEM_NAMES[i]}: {counts[i]} instead of {expected[i]}" for i in range(len(counts))
                 if counts[i] != expected[i]]
        raise StateFormatError("the tiles do not add up: " + "; ".join(wrong))


def _termination(text: str) -> Termination:
    """A saved termination, one of F-8's endings."""
    termination = next((known for known in TERMINATIONS if known == text), None)
    if termination is None:
        raise StateFormatError(f"unknown termination {text!r} (expected one of {', '.join(TERMINATIONS)})")
    return termination


class _Reader:
    """Parses the text forms of cells, places, slots, tiles and items with errors that say what is wrong."""

    def __init__(self, city: CityLayout) -> None:
        self.city = city

    def cell(self, text: Any) -> int:
        try:
            x, y = (int(part) for part in str(text).split(","))
        except ValueError:
            raise StateFormatError(f"not a cell: {text!r} (expected 'x,y')") from None
        if not (0 <= x < self.city.width and 0 <= y < self.city.height):
            raise StateFormatError(f"the cell {text} lies outside the {self.city.width}×{self.city.height} grid")
        return self.city.cell(x, y)

    def edge(self, text: Any) -> int:
        if text not in tuple(EDGE_NAMES):
            raise StateFormatError(f"not an edge: {text!r} (expected N, E, S or W)")
        return EDGE_NAMES.index(text)

    def place(self, text: Any) -> int:
        if not isinstance(text, str) or " " not in text:
            raise StateFormatError(f"not a place: {text!r} (expected 'x,y E')")
        cell_part, edge_part = text.split(" ", 1)
        return self.cell(cell_part) * 4 + self.edge(edge_part)

    def slot(self, text: Any) -> int:
        if text not in self.city.slot_by_name:
            raise StateFormatError(f"no border slot called {text!r}")
        return self.city.slot_by_name[text]

    def tile(self, text: Any, allow_crater: bool) -> int:
        try:
            code = parse_tile_text(str(text))
        except ValueError as error:
            raise StateFormatError(str(error)) from None
        if code == CRATER and not allow_crater:
            raise StateFormatError("a crater cannot lie under a crater")
        return code

    def items(self, names: list[Any], where: str) -> list[int]:
        result = []
        for name in names:
            if not isinstance(name, str) or name not in ITEM_BY_NAME:
                raise StateFormatError(f"unknown tile {name!r} in {where}")
            result.append(ITEM_BY_NAME[name])
        return result
