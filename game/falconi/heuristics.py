"""A cheap position score for the ``greedy`` bot: the fugitive wants distance and police out of the chase,
each police car wants to be near him. It reads only public information (F-9)."""

from __future__ import annotations

from typing import Any

from game.core.protocol import GameState, Seat
from game.falconi.constants import ACTIVE, FUGITIVE, OUT, POLICE
from game.falconi.tiles import EMPTY


def evaluate(state: GameState, seat: Seat) -> float:
    from game.falconi.state import FalconiState

    assert isinstance(state, FalconiState)
    width = state.city.width
    fx, fy = _xy(state.cars[FUGITIVE], width)
    distances = []
    for police in POLICE:
        if state.status[police] == ACTIVE:
            px, py = _xy(state.cars[police], width)
            distances.append(abs(px - fx) + abs(py - fy))
    out = sum(1 for police in POLICE if state.status[police] == OUT)
    if seat == FUGITIVE:
        return 2.0 * min(distances, default=20) + 10.0 * out + state.bombs + state.boosts
    if state.status[seat] != ACTIVE:
        return -100.0
    px, py = _xy(state.cars[seat], width)
    mine = abs(px - fx) + abs(py - fy)
    return -2.0 * mine - 0.5 * sum(distances) - 5.0 * out


def _xy(place: int, width: int) -> tuple[int, int]:
    cell = place >> 2
    return cell % width, cell // width


# --- search utilities (issue #4) -----------------------------------------------------------------------
# Police cars play as a team: a blocked fugitive makes every car still in the chase win (F-8.2), so a car values
# the police side's win, plus a share for making the catch itself (each catch belongs to one car).
TEAM_SHARE = 0.75


def utilities(state: GameState) -> list[float]:
    """What a finished game is worth to each seat index, between 0 and 1."""
    from game.falconi.state import FalconiState

    assert isinstance(state, FalconiState) and state.outcome_ is not None
    winners = state.outcome_.winners
    police_won = FUGITIVE not in winners
    result = [0.0] * 4
    result[FUGITIVE] = 0.0 if police_won else 1.0
    for police in POLICE:
        if state.status[police] != 0:
            result[police] = (TEAM_SHARE if police_won else 0.0) + (1 - TEAM_SHARE) * (police in winners)
    return result


def values(state: GameState) -> list[float]:
    """A quick guess of :func:`utilities` for an unfinished game, from the chase as it stands: distance,
    police out, bombs and boosts, and how boxed in each car is (a car with no empty cell around it is
    close to blocked)."""
    from game.falconi.state import FalconiState

    assert isinstance(state, FalconiState)
    width = state.city.width
    fx, fy = _xy(state.cars[FUGITIVE], width)
    nearest = 20
    gaps = [20, 20, 20, 20]
    for police in POLICE:
        if state.status[police] == ACTIVE:
            px, py = _xy(state.cars[police], width)
            gaps[police] = abs(px - fx) + abs(py - fy)
            nearest = min(nearest, gaps[police])
    out = sum(1 for police in POLICE if state.status[police] == OUT)
    escape = 0.35 + 0.04 * min(nearest, 8) + 0.12 * out + 0.04 * (state.bombs + state.boosts)
    escape += _ROOM_BONUS[_room(state, state.cars[FUGITIVE])]
    if state.variant.mode == 2:
        # The empty pile ends Mode II in his favour (F-7.2): every tile drawn brings that closer.
        escape += 0.6 * (1 - len(state.pile) / _MODE2_PILE) - 0.25
    escape = min(0.95, max(0.05, escape))
    result = [0.0] * 4
    result[FUGITIVE] = escape
    for police in POLICE:
        if state.status[police] == ACTIVE:
            own_chase = 0.02 * (8 - min(gaps[police], 8))  # each car also wants to be the one close to him
            result[police] = TEAM_SHARE * (1 - escape) + _ROOM_BONUS[_room(state, state.cars[police])] / 2 + own_chase
        elif state.status[police] == OUT:
            result[police] = TEAM_SHARE * (1 - escape) * 0.8
    return result


_ROOM_BONUS = (-0.3, -0.1, 0.0, 0.05, 0.08)
_MODE2_PILE = 75  # tiles in the pile after four reserves are dealt, escape tiles included


def _room(state: Any, place: int) -> int:
    """Empty cells next to a car's cell: the ways a new tile could lead on (0 means nearly blocked)."""
    board = state.board
    return sum(1 for cell in state.neighbours[place >> 2] if board[cell] == EMPTY)

