"""Issue 40, secrets on the wire: twin tables that differ only in a secret send a seat that may not know it
byte-identical frames, from the moment the secret exists to the moment the rules show it to that seat.

- Catch Don Falconi (F-6.3, F-9): a random game is played to a moment where Don Falconi may draw, and two
  tables are made of it, one with an escape tile on top of the pile, the other with a road tile (as in
  ``test_secrecy_twins.py``). He draws; both play on with the same actions. Every frame each police client and
  a spectator receive is the same in both, while Don Falconi's client is sent his tile in one of them.
- Fredericus (R-10): tables whose other falconers' objectives and deck order differ (``fredericus_twin`` of
  ``test_ai_bots.py``) send the deciding falconer and a spectator the same frames, as long as the rules show
  that falconer nothing of the difference (its observation stays the same).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from falconi_scenarios import pile_order, rigged
from online_harness import Harness, match_of, open_table
from registry_cases import pizzas
from test_ai_bots import fredericus_positions, fredericus_twin

from game.core.protocol import GameState
from game.falconi.constants import FUGITIVE, POLICE
from game.falconi.state import FalconiState
from game.falconi.tiles import ESCAPE

SPECTATOR = 9


def table_with(state: GameState[Any], game: str, options: dict[str, Any]) -> tuple[Harness, str]:
    """A started table whose every seat is a person on a connection of its own (seat ``s`` on link ``s + 1``),
    a spectator on :data:`SPECTATOR`, and ``state`` as its game's position; the frames sent so far are
    forgotten and each client is sent the position afresh."""
    harness = Harness()
    links = [seat + 1 for seat in range(len(state.seats))]
    for link in links:
        harness.connect(link)
    table = open_table(harness, game, options, ["open"] * len(links), links)
    match_of(harness, table).state = state.clone()  # the twin in place of the dealt game: its secret is ours
    harness.connect(SPECTATOR)
    harness.frames.clear()
    for link in [*links, SPECTATOR]:
        harness.send(link, verb="watch", table=table)
    return harness, table


def play(harness: Harness, table: str, text: str) -> None:
    match = match_of(harness, table)
    link = match.state.current_seat + 1
    harness.now += 0.1
    answer = harness.send(link, verb="act", table=table, action=text, moment=len(match.log))
    assert answer and answer[0]["verb"] == "update", answer


def legal_texts(state: GameState[Any]) -> list[str]:
    return [state.action_text(action) for action in state.legal_actions()]


# --- Catch Don Falconi ---------------------------------------------------------------------------------------
def falconi_twins(variant: str, seed: int) -> tuple[FalconiState, FalconiState] | None:
    """A position where Don Falconi may draw, with an escape tile on top of the pile in the first twin and a
    road tile in the second (each at the bottom of the other's pile); ``None`` if the game gives none."""
    state = FalconiState.new_game(variant, seed, POLICE)
    rng = random.Random(seed)
    for _ in range(60):
        if state.is_terminal():
            return None
        if state.current_seat == FUGITIVE and "draw" in legal_texts(state) and rng.random() < 0.5:
            pile = pile_order(state)
            escape = next((item for item in pile if item >= ESCAPE), None)
            road = next((item for item in pile if item < ESCAPE), None)
            if escape is not None and road is not None:
                return _with_top(state, escape, road), _with_top(state, road, escape)
        state.apply(rng.choice(state.legal_actions()))
    return None


def _with_top(state: FalconiState, top: int, bottom: int) -> FalconiState:
    pile = pile_order(state)
    pile.remove(top)
    pile.remove(bottom)
    return rigged(state, pile=[bottom, *pile, top])


def _same_turn_after(one: GameState[Any], two: GameState[Any], text: str) -> bool:
    """Whether ``text`` leaves both twins in the same turn: see ``test_secrecy_twins.same_turn_after`` for the
    face-down tile whose own rules end his turn in one twin only (his hand, not the program, showing)."""
    after = [twin.clone() for twin in (one, two)]
    for twin in after:
        twin.apply(twin.parse_action(text))
    return (after[0].turn_number, after[0].current_seat) == (after[1].turn_number, after[1].current_seat)


@pytest.mark.parametrize("variant", pizzas(mode=2))
def test_f6_3_every_frame_a_police_client_receives_is_the_same_whether_he_drew_an_escape_or_a_road_tile(
        variant: str) -> None:
    compared = told = 0
    for seed in range(1, 13):
        pair = falconi_twins(variant, seed)
        if pair is None:
            continue
        (escape_table, table), (road_table, _same_id) = (table_with(twin, "falconi", {"variant": variant})
                                                         for twin in pair)
        rng, text = random.Random(seed), "draw"
        for _ in range(14):
            play(escape_table, table, text)
            play(road_table, table, text)
            for link in [seat + 1 for seat in POLICE] + [SPECTATOR]:
                assert escape_table.frames[link] == road_table.frames[link], \
                    f"{variant} seed {seed}, after {text}: client {link} can tell the twins apart"
            compared += 1
            states = [match_of(harness, table).state for harness in (escape_table, road_table)]
            if any(state.is_terminal() for state in states):
                break
            both = [choice for choice in legal_texts(states[0]) if choice in set(legal_texts(states[1]))
                    and _same_turn_after(states[0], states[1], choice)]
            if not both:
                break
            text = rng.choice(both)
        told += escape_table.frames[FUGITIVE + 1] != road_table.frames[FUGITIVE + 1]
    assert compared >= 40 and told >= 3, (compared, told)  # the twins do differ, for him


# --- Fredericus ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_r10_the_other_falconers_objectives_and_the_deck_order_never_reach_another_seat_s_client(
        players: int) -> None:
    compared = 0
    for number, position in enumerate(fredericus_positions(players)):
        twin = fredericus_twin(position, 100 * number)
        seat = position.current_seat
        watched = [seat + 1, SPECTATOR]
        (one, table), (two, _same_id) = (table_with(state, "fredericus", {"short_game": False})
                                         for state in (position, twin))
        rng = random.Random(number)
        for _ in range(30):
            states = [match_of(harness, table).state for harness in (one, two)]
            if states[0].observation(seat) != states[1].observation(seat) or states[0].is_terminal():
                break  # the rules have now shown this falconer something of the difference
            for link in watched:
                assert one.frames[link] == two.frames[link], f"{players} players, position {number}: " \
                                                             f"client {link} can tell the twins apart"
            compared += 1
            both = [text for text in legal_texts(states[0]) if text in set(legal_texts(states[1]))]
            if not both:
                break
            text = rng.choice(both)
            play(one, table, text)
            play(two, table, text)
        others = [s + 1 for s in position.seats if s != seat]
        assert any(one.frames[link] != two.frames[link] for link in others)  # the twins do differ, for them
    assert compared >= 3 * len(fredericus_positions(players)), compared
