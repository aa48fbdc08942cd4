"""What one seat may know of a Falconi game (F-9), typed: the saved state's fields, less the hidden ones.

The pile's order is hidden from all (only its length is told); from the police, Mode II's face-down reserve of
Don Falconi (its size is told), whether he just drew an escape tile (F-6.3), his Diavola accomplice's district
and whether he must smash a block this turn (F-6.5)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NotRequired, TypedDict

from game.core.protocol import Seat
from game.falconi.constants import FUGITIVE
from game.falconi.serialization import to_json

if TYPE_CHECKING:
    from game.falconi.state import FalconiState

FORMAT = "falconi-observation"


class FalconiObservation(TypedDict):
    """The JSON-able observation of one seat: the fields of a saved state (``falconi-state``) but its seed, in
    the same text forms, with the seat it is for and, when that seat decides, its legal actions."""

    format: str
    version: int
    variant: str
    board: dict[str, str]  # tile text by cell text
    craters: dict[str, str]  # the tile under each crater, by cell text
    closed: list[str]  # places whose edge a Chili Bomb closed
    escapes: dict[str, str]  # district by border slot
    pile: int  # tiles left face down: their order is nobody's to see
    reserves: list[list[str] | int]  # per seat its items, or how many (Don Falconi's face-down Mode II hand)
    set_aside: list[str]
    bombs: int
    boosts: int
    accomplice: str | None  # his accomplice's district, "hidden" from the police, or None
    cars: list[str | None]  # per seat its place, or None for a seat not in play
    status: list[str]
    turn_seat: Seat
    decider: Seat
    phase: str
    actions_left: int
    acted: int
    drawn: str | None
    fresh: str | None
    drive_from: str | None
    pre_drive: bool
    catch_edge: str | None
    last_round: bool
    must_smash: NotRequired[bool]  # his secret: told to him only
    turn: int
    round: int
    outcome: dict[str, Any] | None
    seat: Seat
    legal_actions: NotRequired[list[str]]  # for the seat that decides now


def observe(st: FalconiState, seat: Seat) -> FalconiObservation:
    """``seat``'s observation of ``st`` (F-9)."""
    data = to_json(st)
    police = seat != FUGITIVE
    hides_hand = police and st.hides_hand(FUGITIVE)  # F-6.2: his reserve is face down
    reserves: list[list[str] | int] = list(data["reserves"])
    if hides_hand:
        reserves[FUGITIVE] = len(data["reserves"][FUGITIVE])
    seen = FalconiObservation(
        format=FORMAT, version=data["version"], variant=data["variant"], board=data["board"],
        craters=data["craters"], closed=data["closed"], escapes=data["escapes"], pile=st.hidden_supply(),
        reserves=reserves, set_aside=data["set_aside"], bombs=data["bombs"], boosts=data["boosts"],
        accomplice="hidden" if police and st.accomplice >= 0 else data["accomplice"], cars=data["cars"],
        status=data["status"], turn_seat=data["turn_seat"], decider=data["decider"], phase=data["phase"],
        actions_left=data["actions_left"], acted=data["acted"], drawn=data["drawn"],
        fresh=None if hides_hand else data["fresh"], drive_from=data["drive_from"], pre_drive=data["pre_drive"],
        catch_edge=data["catch_edge"], last_round=data["last_round"], must_smash=data["must_smash"],
        turn=data["turn"], round=data["round"], outcome=data["outcome"], seat=seat,
    )
    if police:
        del seen["must_smash"]  # whether he must smash may hang on his accomplice's district (F-6.5, F-9)
    if seat == st.current_seat:
        seen["legal_actions"] = [st.action_text(action) for action in st.legal_actions()]
    return seen
