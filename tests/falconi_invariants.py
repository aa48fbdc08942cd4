"""Invariants of every Catch Don Falconi position, checked from the outside after every step of a game.

``check_invariants(state, previous)`` checks one position and, given the snapshot of the position before the
last action, the step between them (turn order F-4.1, counters that only go down). It returns the snapshot to
pass in after the next action. The tile count, the border layout and the turn order are worked out here from
the rulings (F-1.3, F-2.1, F-4.1), independently of the engine's own validation in ``serialization``.

``play_random_game`` plays a seeded random game with the checks after every step; self-play and property
tests share it.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from registry_cases import pizzas

from game.core.errors import IllegalActionError
from game.core.protocol import NO_SEAT
from game.falconi.actions import DRAW
from game.falconi.city import cell_of, edge_of, place_of
from game.falconi.constants import ACTIVE, ANSWER, DRIVE, ESCAPE_PLACE, FUGITIVE, OFF, OUT, PLACE, POLICE
from game.falconi.state import FalconiState

VARIANT_NAMES = tuple(pizzas())  # every registered pizza
POLICE_SETUPS = ((2,), (1, 3), (1, 2, 3))

# F-2.1 and F-2.2, written out: kind names as the save format spells them.
ROAD_TILES = {"straight": 20, "curve": 20, "t-junction": 16, "crossroads": 9, "u-turn": 6, "overpass": 10}
ESCAPE_TILES = ("escape:country", "escape:port", "escape:forest")
ALL_TILES = Counter(ROAD_TILES) + Counter(ESCAPE_TILES)
assert sum(ROAD_TILES.values()) == 81

# F-1.3, written out: the district of every border slot and the slots that are not plain.
SLOT_DISTRICTS = {
    **{f"N{i}": "port" for i in range(9)},
    **{f"W{i}": "country" if i < 6 else "forest" for i in range(9)},
    **{f"E{i}": "forest" if i < 6 else "country" for i in range(9)},
    **{f"S{i}": "country" if i < 3 else (None if i < 6 else "forest") for i in range(9)},
}
NOT_PLAIN = {"S4", "N4", "W4", "E4", "W1", "E7", "W7", "E1"}  # prison, stations, tunnels
# F-4.4: where each car starts, as the save format writes a place.
START_PLACES = {FUGITIVE: "4,8 S", 1: "0,4 W", 2: "4,0 N", 3: "8,4 E"}
EDGES = "NESW"

MODE1_MAX_TURNS = 81 + 4  # every Mode I turn places one of the 81 tiles, except a blocked car's last turn
MODE2_MAX_ROUNDS = 101  # ROUND_LIMIT rounds, then the fugitive's turn that ends the game
MAX_STEPS = 3000  # decisions in one game: far above anything a finished game needs


@dataclass(frozen=True)
class Snapshot:
    """What the step check needs to remember of the position before an action."""

    turn: int
    round: int
    turn_seat: int
    status: tuple[int, ...]
    bombs: int
    boosts: int
    pile: int
    steps: int
    fugitive_turns: int


def count_tiles(data: dict[str, Any]) -> Counter[str]:
    """Every road and escape tile of a saved position, wherever it lies, counted by name."""
    counts: Counter[str] = Counter()
    for tile in data["board"].values():
        if tile != "crater":
            counts[tile.split(" ")[0]] += 1
    for tile in data["craters"].values():
        counts[tile.split(" ")[0]] += 1
    for district in data["escapes"].values():
        counts[f"escape:{district}"] += 1
    counts.update(data["pile"])
    for hand in data["reserves"]:
        counts.update(hand)
    counts.update(data["set_aside"])
    if data["drawn"] is not None:
        counts[data["drawn"]] += 1
    if data["accomplice"] is not None:
        counts[f"escape:{data['accomplice']}"] += 1
    return counts


def _xy(place: str) -> tuple[int, int]:
    x, y = place.split(" ")[0].split(",")
    return int(x), int(y)


def _check_tiles(state: FalconiState, data: dict[str, Any]) -> None:
    counts = count_tiles(data)
    extra, missing = dict(counts - ALL_TILES), dict(ALL_TILES - counts)
    assert counts == ALL_TILES, f"tiles do not add up: {extra} extra, {missing} missing"
    craters = sum(1 for tile in data["board"].values() if tile == "crater")
    assert craters == len(data["craters"]) and set(data["craters"]) <= set(data["board"])
    assert state.hidden_supply() == len(data["pile"])
    mode2 = state.variant.mode == 2
    for seat, hand in enumerate(data["reserves"]):
        assert len(hand) <= 2, f"seat {seat} holds {len(hand)} reserve tiles"
        if not state.variant.reserves or state.status[seat] == OFF:
            assert hand == [], f"seat {seat} must hold no reserve"
        if not (mode2 and seat == FUGITIVE):  # only the Mode II fugitive may keep an escape tile (F-6.3)
            assert all(not item.startswith("escape") for item in hand), f"seat {seat} keeps an escape tile: {hand}"
    if state.variant.mode == 1 and state.variant.reserves and state.hidden_supply() and not state.is_terminal():
        for seat in state.seats:  # F-5.1: while tiles are drawn, everyone holds 2 reserve tiles
            assert len(data["reserves"][seat]) == 2, f"seat {seat} holds {data['reserves'][seat]}"
    if data["drawn"] is not None:
        assert state.phase in (PLACE, ESCAPE_PLACE), f"a drawn tile outside a place or escape decision: {data['drawn']}"
        assert (state.phase == ESCAPE_PLACE) == data["drawn"].startswith("escape"), data["drawn"]
    elif state.phase == PLACE and not state.variant.reserves:
        raise AssertionError("Margherita places the tile it drew, but none is drawn")
    if state.phase == ESCAPE_PLACE:
        assert data["drawn"] is not None
    if not state.variant.escapes:
        assert sorted(data["set_aside"]) == sorted(ESCAPE_TILES) and not data["escapes"]
    if data["accomplice"] is not None:
        assert state.variant.accomplice
    for place in data["closed"]:
        assert place.split(" ")[0] in data["board"], f"an edge closed at {place}, where no tile lies"


def _check_escapes(data: dict[str, Any]) -> None:
    for slot, district in data["escapes"].items():
        assert slot not in NOT_PLAIN, f"an escape tile on the special slot {slot}"
        assert SLOT_DISTRICTS[slot] == district, f"an escape tile of {district} on {slot} ({SLOT_DISTRICTS[slot]})"
    # One per slot holds by the format (a slot maps to one district); one per district holds by the count.


def _check_cars(state: FalconiState, data: dict[str, Any]) -> None:
    mode2 = state.variant.mode == 2
    for seat in range(4):
        place = data["cars"][seat]
        if state.status[seat] == OFF:
            assert place is None and state.cars[seat] == -1, f"off seat {seat} has a car at {place}"
            continue
        assert isinstance(place, str), f"seat {seat} has no car"
        x, y = _xy(place)
        assert 0 <= x < 9 and 0 <= y < 9 and place[-1] in EDGES, f"seat {seat}'s car is off the grid: {place}"
        assert 0 <= state.cars[seat] < 81 * 4
        if mode2 and state.status[seat] == ACTIVE:
            cell = place.split(" ")[0]
            if cell not in data["board"]:
                assert place == START_PLACES[seat], f"Mode II car of seat {seat} on the empty cell {place}"
    if state.status[FUGITIVE] != ACTIVE:
        raise AssertionError("Don Falconi is never out: he wins or loses")
    assert any(state.status[seat] != OFF for seat in POLICE)


def _check_decision(state: FalconiState, data: dict[str, Any]) -> None:
    legal = state.legal_actions()
    if state.is_terminal():
        assert legal == () or list(legal) == [], "a finished game offers actions"
        assert state.current_seat == NO_SEAT and data["phase"] == "over"
        return
    assert legal, f"no legal action before the end: {state!r}"
    assert len(set(legal)) == len(legal), f"an action is offered twice: {[state.action_text(a) for a in legal]}"
    assert state.status[state.turn_seat] == ACTIVE, f"seat {state.turn_seat} has the turn but is not in the chase"
    if state.phase == ANSWER:  # F-5.4: the fugitive answers a catch in a police turn
        assert state.current_seat == FUGITIVE and state.turn_seat != FUGITIVE and state.bombs > 0
        assert {state.action_text(a) for a in legal} == {"bomb", "pass"}
    else:
        assert state.current_seat == state.turn_seat, "the decider is not the seat whose turn it is"
    if state.variant.mode == 1:
        assert data["phase"] in ("place", "drive", "answer", "blast", "escape")
        if state.phase == PLACE:  # F-5.1 (b): at the car's open end, with a road on its entry edge
            place = state.cars[state.turn_seat]
            drawn = state.tile_just_drawn()
            kinds = set(state.reserve(state.turn_seat)) | ({drawn} if drawn is not None else set())
            for action in legal:
                assert action.verb == "place" and action.cell == cell_of(place) and action.tile in kinds
            assert state.board[cell_of(place)] == 255, "placing on a cell that already holds a tile"
        if state.phase in (DRIVE, ANSWER):  # F-5.4: a drive never starts through an edge a bomb destroyed
            start = state.city.xy(cell_of(state.drive_from)), "NESW"[edge_of(state.drive_from)]
            assert not state.closed[state.drive_from], f"a {data['phase']} decision at the closed edge {start}"
    else:
        assert data["phase"] in ("action", "escape")
        assert 1 <= state.actions_left <= 3 and state.acted + state.actions_left == 3, (
            f"Mode II turn with {state.acted} actions taken and {state.actions_left} left"
        )
        if data["phase"] == "action":
            cell = cell_of(state.cars[state.turn_seat])
            targets = {cell} if state.board[cell] == 255 else set(state.city.neighbours[cell])
            for action in legal:
                if action.verb == "place":  # F-6.1: an empty cell next to the car (in front of it at start)
                    assert action.cell in targets and state.board[action.cell] == 255
                    assert action.tile in state.reserve(state.turn_seat)
                if action.verb == "turn":
                    assert state.acted == 0, "a three-point turn needs all three actions"
                if action.verb == "draw":
                    assert len(state.reserve(state.turn_seat)) < 2 and state.hidden_supply()
                if action.verb == "accomplice":
                    assert state.acted == 0 and state.accomplice >= 0
    if state.phase == ESCAPE_PLACE:  # F-5.6, F-6.3: placed at once, on a free slot of its colour
        assert not (state.variant.mode == 2 and state.turn_seat == FUGITIVE), "Don Falconi keeps what he draws"
        district = data["drawn"].split(":")[1]
        for action in legal:
            assert action.verb == "escape"
            name = state.city.slots[action.slot].name
            assert SLOT_DISTRICTS[name] == district and name not in NOT_PLAIN and name not in data["escapes"]
    if data["fresh"] is not None:  # F-6.3: the escape tile he just drew, in his reserve
        assert state.variant.mode == 2 and data["fresh"] in data["reserves"][FUGITIVE]
    if state.must_smash:  # F-6.5 (revised 2026-11-27): only in a turn of Don Falconi's, with a boost to smash
        assert state.variant.boosts and state.turn_seat == FUGITIVE and data["phase"] == "action"
        assert state.boosts > 0 or state.acted > 0, "bound to smash a block with no boost left"
    if state.variant.mode == 2 and data["phase"] == "action" and state.acted == 0 and state.actions_left == 3:
        seat = state.turn_seat  # F-6.5: a car whose turn begins has a way on, else it was blocked or must smash
        if state.must_smash:
            assert not has_a_way_on(state, seat), "bound to smash a block though another way on is open"
        else:
            assert has_a_way_on(state, seat), f"seat {seat} plays a turn with no way on"


def has_a_way_on(state: FalconiState, seat: int) -> bool:
    """F-6.5, worked out here independently of the engine: follow the car's roads (turning round where a
    three-point turn would let it) and look for an open end, an escape way (the fugitive: a slot holding an
    escape tile, a free slot of a district whose tile he holds, his accomplice's off the south border, F-6.6),
    or the fugitive's lane (a police car). A block a boost could smash is no way on (revised 2026-11-27)."""
    board, links, exits = state.board, state.links, _lanes()
    start = state.cars[seat]
    if board[cell_of(start)] == 255:
        return True
    held = {item - 6 for item in state.reserve(FUGITIVE) if item >= 6}
    waits = {slot for slot in _free_slots(state, {state.accomplice}) if not state.city.slots[slot].name.startswith("S")
             } if state.accomplice >= 0 else set()
    frontier, seen = [start], {start}
    while frontier:
        place = frontier.pop()
        cell, entry = cell_of(place), edge_of(place)
        joined = exits(board[cell], entry)
        moves: list[int] = [place_of(cell, edge) for edge in joined if edge != entry]  # three-point turns
        for edge in joined:
            nxt = links[place_of(cell, edge)]
            if nxt < 0:
                slot = -nxt - 1
                if seat == FUGITIVE and (state.escapes[slot] >= 0 or slot in _free_slots(state, held) or slot in waits):
                    return True
                continue
            if seat != FUGITIVE and nxt == state.cars[FUGITIVE]:
                return True
            ahead = board[cell_of(nxt)]
            if ahead == 255:
                return True
            if exits(ahead, edge_of(nxt)):
                moves.append(nxt)
        for move in moves:
            if move not in seen:
                seen.add(move)
                frontier.append(move)
    return False


def _free_slots(state: FalconiState, districts: set[int]) -> set[int]:
    names = ("country", "port", "forest")
    return {state.city.slot_by_name[name] for name, district in SLOT_DISTRICTS.items()
            if district in {names[d] for d in districts} and name not in NOT_PLAIN
            and state.escapes[state.city.slot_by_name[name]] < 0}


def _lanes() -> Callable[[int, int], tuple[int, ...]]:
    from game.falconi.tiles import EXITS

    return lambda tile, entry: EXITS[tile][entry]


def _check_actions_text(state: FalconiState) -> None:
    for action in state.legal_actions():
        text = state.action_text(action)
        assert text and "\n" not in text
        assert state.parse_action(text) == action, f"{text!r} reads back as {state.parse_action(text)}"
        sentence = state.describe(action)
        assert isinstance(sentence, str) and sentence.strip() and sentence[0].isupper(), f"bad sentence {sentence!r}"


def _check_copies(state: FalconiState, data: dict[str, Any], rng: random.Random) -> None:
    loaded = FalconiState.from_json(json.loads(json.dumps(data)))
    assert loaded.to_json() == data, "the JSON round trip changed the position"
    assert tuple(loaded.legal_actions()) == tuple(state.legal_actions()), "the reloaded game offers other actions"
    assert loaded.is_terminal() == state.is_terminal() and loaded.current_seat == state.current_seat
    copy = state.clone()
    assert copy is not state and copy.to_json() == data, "the clone differs from the original"
    assert tuple(copy.legal_actions()) == tuple(state.legal_actions())
    if not state.is_terminal():
        copy.apply(rng.choice(copy.legal_actions()))
        assert state.to_json() == data, "playing on a clone changed the original"
    else:
        try:
            copy.apply(DRAW)
        except IllegalActionError:
            pass
        else:
            raise AssertionError("a finished game accepted an action")


def _check_observations(state: FalconiState, data: dict[str, Any], rng: random.Random) -> None:
    mode2 = state.variant.mode == 2
    views = {}
    for seat in state.seats:
        view = views[seat] = state.observation(seat)
        assert view["seat"] == seat
        assert view["pile"] == state.hidden_supply(), "the pile's order is shown, not only its size"
        assert ("legal_actions" in view) == (seat == state.current_seat)
        if seat == FUGITIVE:
            assert view["reserves"] == data["reserves"] and view["accomplice"] == data["accomplice"]
            continue
        if mode2:  # F-6.2: his reserve is face down; F-6.3: nor does it show whether he just drew an escape tile
            assert view["reserves"][FUGITIVE] == len(state.reserve(FUGITIVE)) and view["fresh"] is None
        else:
            assert view["reserves"][FUGITIVE] == data["reserves"][FUGITIVE]
        assert view["accomplice"] == ("hidden" if state.accomplice >= 0 else None)
        for seat_hand in range(1, 4):  # F-9: the police's reserves are public
            assert view["reserves"][seat_hand] == data["reserves"][seat_hand]
    json.dumps(views)  # JSON-able
    # What a seat sees must not change when everything it cannot see is dealt anew.
    seats = [rng.choice([seat for seat in POLICE if state.status[seat] != OFF])]
    if rng.random() < 0.2:
        seats.append(FUGITIVE)
    for seat in seats:
        dealt = state.determinize(seat, random.Random(rng.random()))
        assert dealt.observation(seat) == views[seat], f"determinize({seat}) changed what the seat sees"
        assert count_tiles(dealt.to_json()) == ALL_TILES, f"determinize({seat}) lost or made tiles"


def _check_outcome(state: FalconiState, data: dict[str, Any]) -> None:
    outcome = state.outcome
    returns = state.returns()
    assert len(returns) == 4
    if outcome is None:
        assert returns == [0.0] * 4 and data["outcome"] is None
        return
    winners = outcome.winners
    assert winners and winners <= set(state.seats), f"winners {winners} not in play"
    assert outcome.reason.strip()
    for seat in range(4):
        expected = 0.0 if state.status[seat] == OFF else (1.0 if seat in winners else -1.0)
        assert returns[seat] == expected, f"returns {returns} for winners {winners}"
    assert sum(returns) == 2 * len(winners) - len(state.seats)
    termination = outcome.termination
    if FUGITIVE in winners:
        assert winners == {FUGITIVE}
        assert termination in ("police_out", "escape", "tiles_out", "round_limit"), termination
    else:
        assert termination in ("catch", "fugitive_blocked"), termination
    if termination == "catch":
        (catcher,) = winners
        assert state.cars[catcher] == state.cars[FUGITIVE], "a catch in another lane (F-3.6)"
    if termination == "fugitive_blocked":
        assert winners == {seat for seat in POLICE if state.status[seat] == ACTIVE}
    if termination == "police_out":
        assert all(state.status[seat] != ACTIVE for seat in POLICE)
    if termination == "round_limit":
        assert state.variant.mode == 2
    if termination == "escape":
        assert data["escapes"], "an escape with no escape tile on the border"


def _check_step(state: FalconiState, previous: Snapshot) -> None:
    """F-4.1 turn order, and what can only go one way."""
    assert state.bombs <= previous.bombs and state.boosts <= previous.boosts
    assert state.hidden_supply() <= previous.pile, "the pile grew"
    for seat in range(4):
        if previous.status[seat] == OFF:
            assert state.status[seat] == OFF
        if previous.status[seat] == OUT:
            assert state.status[seat] == OUT, f"seat {seat} came back into the chase"
    assert state.turn_number >= previous.turn and state.round_number >= previous.round
    if state.is_terminal():
        return
    if state.turn_number == previous.turn:
        assert state.turn_seat == previous.turn_seat and state.round_number == previous.round
        return
    # The turn passed: to the next car still in the chase, clockwise after the last turn's seat. Cars that
    # were blocked at the start of their turn on the way took a turn each and are out now.
    order = [(previous.turn_seat + k) % 4 for k in range(1, 5)]
    expected = next(seat for seat in order if state.status[seat] == ACTIVE)
    assert state.turn_seat == expected, (
        f"turn passed from seat {previous.turn_seat} to {state.turn_seat}, not {expected}"
    )
    skipped = order[: order.index(expected)]
    newly_out = [s for s in skipped if previous.status[s] == ACTIVE and state.status[s] == OUT]
    assert state.turn_number - previous.turn - 1 <= len(newly_out), "turns were taken by cars that are not in the chase"
    wrapped = FUGITIVE in skipped or expected == FUGITIVE
    assert state.round_number == previous.round + (1 if wrapped else 0), "the round count is off"


def check_invariants(
    state: FalconiState, previous: Snapshot | None = None, rng: random.Random | None = None
) -> Snapshot:
    """Check every invariant of ``state`` (and of the step from ``previous``); return the snapshot for next time."""
    rng = rng or random.Random(state.turn_number)
    data = state.to_json()
    assert data["format"] == "falconi-state"
    _check_tiles(state, data)
    _check_escapes(data)
    _check_cars(state, data)
    _check_decision(state, data)
    _check_actions_text(state)
    _check_copies(state, data, rng)
    _check_observations(state, data, rng)
    _check_outcome(state, data)
    steps = 0 if previous is None else previous.steps + 1
    fugitive_turns = 1 if previous is None else previous.fugitive_turns
    if previous is None:
        assert data["turn"] >= 1 and data["round"] >= 1
    else:
        _check_step(state, previous)
        if state.turn_number != previous.turn and state.turn_seat == FUGITIVE:
            fugitive_turns += 1
    assert steps <= MAX_STEPS
    if state.variant.mode == 1:
        turn = state.turn_number
        assert turn <= MODE1_MAX_TURNS and fugitive_turns <= 81, f"Mode I game too long: turn {turn}"
    else:
        assert state.round_number <= MODE2_MAX_ROUNDS, f"Mode II game too long: round {state.round_number}"
    return Snapshot(
        turn=state.turn_number,
        round=state.round_number,
        turn_seat=state.turn_seat,
        status=tuple(state.status),
        bombs=state.bombs,
        boosts=state.boosts,
        pile=state.hidden_supply(),
        steps=steps,
        fugitive_turns=fugitive_turns,
    )


def play_checked(
    state: FalconiState,
    choose: Callable[[Sequence[Any]], Any],
    max_steps: int | None = None,
    rng: random.Random | None = None,
) -> tuple[FalconiState, list[str]]:
    """Play ``state`` on with ``choose(legal_actions)`` (to the end, or ``max_steps`` actions), checking every
    position. Returns the final state and the text of the actions played."""
    rng = rng or random.Random(0)
    snapshot = check_invariants(state, None, rng)
    played: list[str] = []
    while not state.is_terminal() and (max_steps is None or len(played) < max_steps):
        action = choose(state.legal_actions())
        played.append(state.action_text(action))
        state.apply(action)
        snapshot = check_invariants(state, snapshot, rng)
    return state, played


RARE_VERBS = ("catch", "bomb", "blast", "boost", "accomplice", "escape")


def eager_chooser(rng: random.Random) -> Callable[[Sequence[Any]], Any]:
    """A random player that mostly takes the rare actions (catches, bombs, boosts, escapes…) when offered and
    rarely wastes a Mode II turn on a three-point turn, so games reach the unusual rules."""

    def choose(legal: Sequence[Any]) -> Any:
        rare = [a for a in legal if a.verb in RARE_VERBS or (a.verb == "drive" and a.slot >= 0)]
        if rare and rng.random() < 0.8:
            return rng.choice(rare)
        calm = [a for a in legal if a.verb != "turn"]
        if calm and rng.random() < 0.9:
            return rng.choice(calm)
        return rng.choice(legal)

    return choose


CHOOSERS: dict[str, Callable[[random.Random], Callable[[Sequence[Any]], Any]]] = {
    "uniform": lambda rng: rng.choice,
    "eager": eager_chooser,
}


def play_random_game(
    variant: str, police: tuple[int, ...], seed: int, chooser: str = "uniform", checked: bool = True
) -> tuple[FalconiState, list[str]]:
    """A whole game of seeded random choices (``random.Random(seed)``), checked after every step if asked."""
    state = FalconiState.new_game(variant, seed, police)
    choose = CHOOSERS[chooser](random.Random(seed))
    if checked:
        return play_checked(state, choose, rng=random.Random(seed + 1))
    played = []
    while not state.is_terminal():
        action = choose(state.legal_actions())
        played.append(state.action_text(action))
        state.apply(action)
    return state, played
