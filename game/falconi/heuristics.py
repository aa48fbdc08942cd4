"""A cheap position score for the ``greedy`` bot: the fugitive wants distance and police out of the chase,
each police car wants to be near him. It reads only public information (F-9)."""

from __future__ import annotations

from game.core.protocol import GameState, Seat
from game.falconi.constants import ACTIVE, FUGITIVE, OUT, POLICE


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
