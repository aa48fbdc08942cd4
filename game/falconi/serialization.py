"""The Falconi state as versioned JSON (saves, scenarios for tests), the per-seat observation of F-9, and
determinization: a full state dealt anew from what one seat may see.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from game.core.draws import shuffle
from game.core.errors import StateFormatError
from game.core.jsonio import envelope, field, open_envelope
from game.core.protocol import NO_SEAT, Outcome, Seat
from game.falconi import mode1, mode2
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
    PORT,
    STATUS_NAMES,
    TERMINATIONS,
    Phase,
    Status,
    Termination,
)
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
    city = st.city
    return envelope(FORMAT, VERSION, {
        "variant": st.variant.name,
        "seed": st.seed,
        "board": {cell_text(city, c): tile_text(code) for c, code in enumerate(st.board) if code != EMPTY},
        "craters": {cell_text(city, c): tile_text(code) for c, code in sorted(st.craters.items())},
        "closed": [place_text(city, p) for p, flag in enumerate(st.closed) if flag],
        "escapes": {city.slots[s].name: DISTRICTS[d] for s, d in enumerate(st.escapes) if d >= 0},
        "pile": [ITEM_NAMES[item] for item in st.pile],
        "reserves": [[ITEM_NAMES[item] for item in hand] for hand in st.reserves],
        "set_aside": [ITEM_NAMES[item] for item in st.set_aside],
        "bombs": st.bombs,
        "boosts": st.boosts,
        "accomplice": DISTRICTS[st.accomplice] if st.accomplice >= 0 else None,
        "cars": [place_text(city, p) if p >= 0 else None for p in st.cars],
        "status": [STATUS_NAMES[s] for s in st.status],
        "turn_seat": st.turn_seat,
        "decider": st.decider,
        "phase": PHASE_NAMES[st.phase],
        "actions_left": st.actions_left,
        "acted": st.acted,
        "drawn": ITEM_NAMES[st.drawn] if st.drawn >= 0 else None,
        "fresh": ITEM_NAMES[st.fresh] if st.fresh >= 0 else None,
        "drive_from": place_text(city, st.drive_from) if st.drive_from >= 0 else None,
        "pre_drive": st.pre_drive,
        "catch_edge": EDGE_NAMES[st.catch_edge] if st.catch_edge >= 0 else None,
        "last_round": st.last_round,
        "must_smash": st.must_smash,
        "turn": st.turn,
        "round": st.round,
        "outcome": st.outcome_.to_json() if st.outcome_ else None,
    })


def observation(st: FalconiState, seat: Seat) -> dict[str, Any]:
    """What ``seat`` may know (F-9): the pile's order is hidden from all; from the police, Mode II's
    face-down reserve of the fugitive (and whether he just drew an escape tile, F-6.3) and Diavola's
    accomplice district."""
    data = to_json(st)
    data["format"] = "falconi-observation"
    data["seat"] = seat
    del data["seed"]  # the seed deals the whole pile again
    data["pile"] = len(st.pile)
    if seat != FUGITIVE and _fugitive_hides(st):
        data["reserves"][FUGITIVE] = len(st.reserves[FUGITIVE])
        data["fresh"] = None
    if seat != FUGITIVE and st.accomplice >= 0:
        data["accomplice"] = "hidden"
    if seat != FUGITIVE:
        del data["must_smash"]  # whether he must smash may hang on his accomplice's district (F-6.5, F-9)
    if seat == st.decider:
        data["legal_actions"] = [st.action_text(action) for action in st.legal]
    return data


def _fugitive_hides(st: FalconiState) -> bool:
    return st.variant.mode == 2  # F-6.2: his reserve is face down


def determinize(st: FalconiState, seat: Seat, rng: random.Random) -> FalconiState:
    """A copy in which what ``seat`` cannot see is dealt anew from the unseen tiles, sorted then shuffled,
    so the result depends only on the observation and ``rng``."""
    result = st.clone()
    result.seed = 0  # the seed would deal the hidden tiles again
    hide_fugitive = seat != FUGITIVE and _fugitive_hides(st)
    hide_accomplice = seat != FUGITIVE and st.accomplice >= 0
    pool = list(st.pile)
    if hide_fugitive:
        pool += st.reserves[FUGITIVE]
    if hide_accomplice:
        pool.append(ESCAPE + st.accomplice)
    pool.sort()
    shuffle(pool, rng)
    if hide_accomplice:
        result.accomplice = _take_escape(pool) - ESCAPE
    if hide_fugitive:
        count = len(st.reserves[FUGITIVE])
        result.reserves[FUGITIVE] = sorted(pool[:count])
        pool = pool[count:]
        result.fresh = -1  # whether his last draw was an escape tile is his secret (F-6.3)
    if hide_fugitive or hide_accomplice:
        # Whether he must smash this turn may hang on what is hidden (F-6.5); a police seat decides only in
        # its own turns, when it is never so.
        result.must_smash = False
    result.pile = pool
    # Only his decisions can hang on what was dealt anew. A police car's (the only other seat that hides
    # anything from) are made of its own reserve, the board, the escape tiles, whether the pile is empty
    # (the pile is as long as before) and its turn's actions, never of his reserve, his fresh tile, his
    # accomplice or must_smash: they are the ones it has.
    if (hide_fugitive or hide_accomplice) and result.phase != OVER and result.decider == FUGITIVE:
        result.legal = _mode(result).legal_for_phase(result)
    return result


def _take_escape(pool: list[int]) -> int:
    """Remove and return the first escape tile of the shuffled pool (one must be there)."""
    index = next(i for i, item in enumerate(pool) if item >= ESCAPE)
    return pool.pop(index)


def _mode(st: FalconiState) -> Any:
    return mode1 if st.variant.mode == 1 else mode2


# --- loading ----------------------------------------------------------------------------------------
def from_json(cls: type[FalconiState], data: Any) -> FalconiState:
    """Rebuild and validate a state; anything malformed or impossible is a ``StateFormatError``."""
    data = open_envelope(data, FORMAT, VERSION, oldest=1)
    name = field(data, "variant", str)
    if name not in VARIANTS:
        raise StateFormatError(f"unknown variant {name!r}")
    variant = VARIANTS[name]
    city = default_city()
    st = cls.blank(variant, city)
    reader = _Reader(city)
    st.seed = field(data, "seed", int)
    for text, tile in field(data, "board", dict).items():
        st.board[reader.cell(text)] = reader.tile(tile, allow_crater=True)
    for text, tile in field(data, "craters", dict).items():
        cell = reader.cell(text)
        if st.board[cell] != CRATER:
            raise StateFormatError(f"a tile is listed under a crater at {text}, but there is no crater there")
        st.craters[cell] = reader.tile(tile, allow_crater=False)
    if sum(1 for code in st.board if code == CRATER) != len(st.craters):
        raise StateFormatError("every crater must name the tile that lies under it")
    for text in field(data, "closed", list):
        place = reader.place(text)
        if st.board[place >> 2] == EMPTY:
            raise StateFormatError(f"a closed edge at {text}, where no tile lies")
        st.closed[place] = 1
    for slot_name, district in field(data, "escapes", dict).items():
        slot = reader.slot(slot_name)
        if district not in DISTRICTS or city.slots[slot].role != "plain" or city.slots[slot].district != district:
            raise StateFormatError(f"an escape tile of {district!r} cannot lie on {slot_name}")
        st.escapes[slot] = DISTRICTS.index(district)
    st.pile = reader.items(field(data, "pile", list), "pile")
    reserves = field(data, "reserves", list)
    if len(reserves) != 4 or not all(isinstance(hand, list) for hand in reserves):
        raise StateFormatError("reserves must be four lists, one per seat")
    st.reserves = [sorted(reader.items(hand, "reserve")) for hand in reserves]
    if any(len(hand) > 2 for hand in st.reserves):
        raise StateFormatError("a reserve holds at most 2 tiles (F-6.2)")
    st.set_aside = reader.items(field(data, "set_aside", list), "set_aside")
    st.bombs, st.boosts = field(data, "bombs", int), field(data, "boosts", int)
    if not (0 <= st.bombs <= variant.bombs and 0 <= st.boosts <= variant.boosts):
        raise StateFormatError(f"{variant.name} allows at most {variant.bombs} bombs and {variant.boosts} boosts")
    accomplice = data.get("accomplice")
    if accomplice is not None:
        if not variant.accomplice or accomplice not in DISTRICTS:
            raise StateFormatError(f"impossible accomplice {accomplice!r} in {variant.name}")
        st.accomplice = DISTRICTS.index(accomplice)
    _read_cars(st, data, reader)
    _read_flow(st, data, reader)
    _check_tiles_accounted(st)
    _check_variant_pieces(st)
    st.legal = () if st.phase == OVER else _mode(st).legal_for_phase(st)
    if st.phase != OVER and not st.legal:
        raise StateFormatError(f"impossible position: the {PHASE_NAMES[st.phase]} decision has no legal action")
    return st


def _read_cars(st: FalconiState, data: dict[str, Any], reader: _Reader) -> None:
    cars, status = field(data, "cars", list), field(data, "status", list)
    if len(cars) != 4 or len(status) != 4:
        raise StateFormatError("cars and status need one entry per seat (4)")
    for seat in range(4):
        if status[seat] not in STATUS_NAMES:
            raise StateFormatError(f"unknown car status {status[seat]!r}")
        st.status[seat] = Status(STATUS_NAMES.index(status[seat]))
        if st.status[seat] == OFF:
            if cars[seat] is not None:
                raise StateFormatError(f"seat {seat} is off but has a car on the board")
            continue
        if not isinstance(cars[seat], str):
            raise StateFormatError(f"seat {seat} needs a car place such as '4,8 S'")
        st.cars[seat] = reader.place(cars[seat])
    if st.status[FUGITIVE] != ACTIVE:
        raise StateFormatError("Don Falconi must be in the game")
    police = [seat for seat in POLICE if st.status[seat] != OFF]
    if not police:
        raise StateFormatError("at least one police car must be in the game")
    if len(police) == 1 and police[0] != PORT:
        raise StateFormatError("a game with one police car uses the Port car (F-4.2, revised 2026-11-24)")
    for seat in POLICE:
        if st.status[seat] == OFF and st.reserves[seat]:
            raise StateFormatError(f"seat {seat} is off but holds reserve tiles")


def _read_flow(st: FalconiState, data: dict[str, Any], reader: _Reader) -> None:
    st.turn_seat, st.decider = field(data, "turn_seat", int), field(data, "decider", int)
    phase = field(data, "phase", str)
    if phase not in PHASE_NAMES:
        raise StateFormatError(f"unknown phase {phase!r}")
    st.phase = Phase(PHASE_NAMES.index(phase))
    st.actions_left, st.acted = field(data, "actions_left", int), field(data, "acted", int)
    drawn = data.get("drawn")
    st.drawn = reader.items([drawn], "drawn")[0] if drawn is not None else -1
    fresh = data.get("fresh")  # absent from version 1
    st.fresh = reader.items([fresh], "fresh")[0] if fresh is not None else -1
    drive_from = data.get("drive_from")
    st.drive_from = reader.place(drive_from) if drive_from is not None else -1
    st.pre_drive, st.last_round = field(data, "pre_drive", bool), field(data, "last_round", bool)
    st.must_smash = field(data, "must_smash", bool) if "must_smash" in data else False  # absent before version 3
    catch_edge = data.get("catch_edge")
    st.catch_edge = reader.edge(catch_edge) if catch_edge is not None else -1
    st.turn, st.round = field(data, "turn", int), field(data, "round", int)
    outcome = data.get("outcome")
    if outcome is not None:
        if not isinstance(outcome, dict):
            raise StateFormatError("outcome must be an object or null")
        winners = field(outcome, "winners", list, "outcome")
        if not all(isinstance(w, int) and 0 <= w < 4 and st.status[w] != OFF for w in winners):
            raise StateFormatError("outcome winners must be seats in play")
        if not winners:
            raise StateFormatError("a finished game needs at least one winner")
        st.outcome_ = Outcome(_termination(field(outcome, "termination", str, "outcome")), frozenset(winners),
                              field(outcome, "reason", str, "outcome"))
    if (st.outcome_ is None) != (st.phase != OVER):
        raise StateFormatError("a finished game needs the phase 'over' and an outcome, and only it")
    if st.must_smash and (st.variant.boosts == 0 or st.turn_seat != FUGITIVE or st.phase == OVER):
        raise StateFormatError("only Don Falconi in his own Diavola turn can be bound to smash a block (F-6.5)")
    if st.phase == OVER:
        st.decider = NO_SEAT
        return
    if not (0 <= st.turn_seat < 4 and st.status[st.turn_seat] == ACTIVE):
        raise StateFormatError(f"seat {st.turn_seat} cannot have the turn: its car is not in the chase")
    if not 0 <= st.decider < 4:
        raise StateFormatError(f"no seat {st.decider} can decide")
    mode_phases = {1: ("place", "drive", "answer", "blast", "escape"), 2: ("action", "escape")}
    if phase not in mode_phases[st.variant.mode]:
        raise StateFormatError(f"the phase {phase!r} does not exist in {st.variant.name}")
    if phase == "answer" and (st.catch_edge < 0 or st.decider != FUGITIVE or st.bombs < 1):
        raise StateFormatError("a catch waiting for a Chili Bomb answer needs its edge and a bomb")
    if phase in ("drive", "blast") and st.drive_from < 0:
        raise StateFormatError("a drive needs the place it starts from")
    if phase == "escape" and not (st.drawn >= ESCAPE):
        raise StateFormatError("placing an escape tile needs the drawn escape tile")
    if phase == "escape" and st.variant.mode == 2 and st.turn_seat == FUGITIVE:
        raise StateFormatError("Don Falconi keeps a drawn escape tile in his reserve: he never waits to place "
                               "it (F-6.3, revised 2026-11-24)")
    if st.fresh >= 0 and (st.variant.mode != 2 or st.fresh < ESCAPE or st.fresh not in st.reserves[FUGITIVE]):
        raise StateFormatError("a fresh escape tile must be a Mode II escape tile in Don Falconi's reserve")
    expected_decider = FUGITIVE if phase == "answer" else st.turn_seat
    if st.decider != expected_decider:
        raise StateFormatError(f"seat {st.decider} cannot decide now: it is seat {expected_decider}'s decision")
    if phase in ("drive", "blast", "answer") and (st.drive_from < 0 or st.board[st.drive_from >> 2] == EMPTY):
        raise StateFormatError("a drive must start from a place on a tile")
    if phase == "place":
        if st.board[st.cars[st.turn_seat] >> 2] != EMPTY:
            raise StateFormatError("a tile can only be placed at an open end, in an empty cell (F-5.1)")
        if st.drawn >= ESCAPE or (st.drawn < 0 and not st.reserves[st.turn_seat]):
            raise StateFormatError("placing needs a drawn road tile or a reserve tile")
    if st.variant.mode == 2 and not (
        0 < st.actions_left <= mode2.ACTIONS_PER_TURN and st.acted + st.actions_left == mode2.ACTIONS_PER_TURN
    ):
        raise StateFormatError("a Mode II turn has 1 to 3 actions left, and the actions taken make up the rest")
    if st.turn < 1 or st.round < 1:
        raise StateFormatError("turn and round count from 1")


def _check_variant_pieces(st: FalconiState) -> None:
    """Pieces a variant does not use, and places a car cannot be, are refused."""
    variant = st.variant
    if not variant.escapes:
        in_play = [item for item in st.pile + [i for hand in st.reserves for i in hand] if item >= ESCAPE]
        if in_play or any(d >= 0 for d in st.escapes) or st.drawn >= ESCAPE:
            raise StateFormatError(f"{variant.name} is played without escape tiles")
    if variant.mode == 1 and any(item >= ESCAPE for hand in st.reserves for item in hand):
        raise StateFormatError("in Mode I escape tiles never go into a reserve (F-5.6)")
    if not variant.reserves and any(st.reserves):
        raise StateFormatError(f"{variant.name} is played without reserve tiles")
    for place, flag in enumerate(st.closed):
        if flag and st.links[place] >= 0 and not st.closed[st.links[place]]:
            raise StateFormatError("a bombed edge must be closed from both sides")
    for seat, place in enumerate(st.cars):
        if place < 0 or st.board[place >> 2] != EMPTY or place == st.start_place(seat):
            continue
        if variant.mode == 2:
            raise StateFormatError(f"in Mode II a car stands on a tile, or at its building (seat {seat})")
        if not _road_leads_in(st, place):
            raise StateFormatError(f"seat {seat}'s car waits at {place_text(st.city, place)}, in an empty cell "
                                   "that no road leads into (F-3.3)")


def _road_leads_in(st: FalconiState, place: int) -> bool:
    """F-3.3: whether the tile behind ``place`` (across its entry edge) has a road on that edge."""
    behind = st.links[place]
    if behind < 0:
        return False
    tile = st.board[behind >> 2]
    return tile != EMPTY and bool(EXITS[tile][behind & 3])


def _check_tiles_accounted(st: FalconiState) -> None:
    """81 road tiles and 3 escape tiles, every one in exactly one place."""
    counts = [0] * len(ITEM_NAMES)
    for code in st.board:
        if code not in (EMPTY, CRATER):
            counts[code >> 2] += 1
    for code in st.craters.values():
        counts[code >> 2] += 1
    for district in st.escapes:
        if district >= 0:
            counts[ESCAPE + district] += 1
    for item in st.pile + st.set_aside + [item for hand in st.reserves for item in hand]:
        counts[item] += 1
    if st.drawn >= 0:
        counts[st.drawn] += 1
    if st.accomplice >= 0:
        counts[ESCAPE + st.accomplice] += 1
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
