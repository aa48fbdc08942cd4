"""The turn record's one writer: the cars and their status, whose turn and decision it is, its phase and legal
actions, where the drive started, the turn and round counters and the outcome; with the turn flow that both
modes share (F-4.1, F-5.5, F-6.5, F-7.1).

The rules and the loader change those fields of a :class:`~game.falconi.state.FalconiState` only through these
functions (``tests/test_falconi_records.py`` holds that)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from game.core.protocol import NO_SEAT, Outcome, Seat
from game.falconi.actions import Action
from game.falconi.constants import ACTIVE, FUGITIVE, OUT, OVER, POLICE, Phase, Status, Termination

if TYPE_CHECKING:
    from game.falconi.state import FalconiState


def seat_cars(st: FalconiState, seats: Iterable[Seat]) -> None:
    """Set-up: every seat in play is in the chase, its car in front of its building (F-4.4); round one."""
    for seat in seats:
        st._status[seat] = ACTIVE
        st._cars[seat] = st.start_place(seat)
    st._round = 1


def start_turn(st: FalconiState, seat: Seat) -> None:
    """Give ``seat`` the turn; a car with nothing to do passes it on at once (Mode II, F-6.1)."""
    st._turn += 1
    st._turn_seat = st._decider = seat
    if not st._rules.begin_turn(st):
        end_turn(st)


def end_turn(st: FalconiState) -> None:
    """Pass the turn clockwise to the next car still in the chase (F-4.1, F-7.1)."""
    status = st._status
    while True:
        # The next seat still in the chase, up to four steps on (back to this seat if none is): a loop
        # unrolled, as every turn passes here.
        seat = (st._turn_seat + 1) % 4
        if status[seat] != ACTIVE:
            seat = (seat + 1) % 4
            if status[seat] != ACTIVE:
                seat = (seat + 1) % 4
                if status[seat] != ACTIVE:
                    seat = (seat + 1) % 4
        if seat == FUGITIVE:
            st._round += 1
        st._turn += 1
        st._turn_seat = st._decider = seat
        if st._rules.begin_turn(st):
            return


def car_blocked(st: FalconiState) -> None:
    """The car whose turn it is can go nowhere: police are out, the fugitive has lost (F-5.5, F-6.5)."""
    seat = st._turn_seat
    if seat == FUGITIVE:
        police = frozenset(s for s in POLICE if st._status[s] == ACTIVE)
        finish(st, "fugitive_blocked", police, "Don Falconi is blocked: the police still in the chase win")
        return
    st._status[seat] = OUT
    if not any(st._status[s] == ACTIVE for s in POLICE):
        finish(st, "police_out", frozenset({FUGITIVE}), "every police car is out: Don Falconi wins")
    else:
        end_turn(st)


def finish(st: FalconiState, termination: Termination, winners: frozenset[Seat], reason: str) -> None:
    st._outcome = Outcome(termination, winners, reason)
    st._phase, st._decider, st._legal = OVER, NO_SEAT, ()


def decide(st: FalconiState, phase: Phase, seat: Seat, legal: tuple[Action, ...]) -> None:
    """The next decision: ``seat`` chooses among ``legal`` in ``phase``."""
    st._phase, st._decider, st._legal = phase, seat, legal


def decide_drive(st: FalconiState, phase: Phase, seat: Seat, legal: tuple[Action, ...], start: int) -> None:
    """:func:`decide` on a drive (or a blast) from ``start`` (Mode I)."""
    st._phase, st._decider, st._legal, st._drive_from = phase, seat, legal, start


def offer(st: FalconiState, legal: tuple[Action, ...]) -> None:
    """The legal actions of the pending decision, worked out anew (a loaded or determinized state)."""
    st._legal = legal


def start_drive(st: FalconiState, place: int) -> None:
    """Where the drive on offer (Mode I) or the last drive of this turn (Mode II) starts; -1: none yet."""
    st._drive_from = place


def move_car(st: FalconiState, seat: Seat, place: int) -> None:
    st._cars[seat] = place


def step_car(st: FalconiState, seat: Seat, place: int) -> None:
    """Mode II: ``seat``'s car drives one tile on to ``place``; its drive began where it stood (F-6.1)."""
    st._drive_from, st._cars[seat] = st._cars[seat], place


def knock_out(st: FalconiState, seat: Seat) -> None:
    """A police car overtaken or landed on by a Chili Boost is out (F-6.6)."""
    st._status[seat] = OUT


def restore(st: FalconiState, cars: Sequence[int], status: Sequence[Status]) -> None:
    """A loaded game's cars and their status."""
    st._cars, st._status = list(cars), list(status)


def restore_flow(st: FalconiState, turn_seat: Seat, decider: Seat, phase: Phase, drive_from: int, turn: int,
                 round_number: int, outcome: Outcome[Termination] | None) -> None:
    """A loaded game's turn: whose it is, who decides, the phase, the counters and the outcome."""
    st._turn_seat, st._decider, st._phase, st._drive_from = turn_seat, decider, phase, drive_from
    st._turn, st._round, st._outcome = turn, round_number, outcome
