"""Why the AI suggests a move, in one sentence from what its value guess weighs (:func:`heuristics.values`).

The guess adds up named terms: for Don Falconi his distance from the nearest police car, police cars out, Chili
tokens in hand, the room round his car (Mode I) or his ways on (Mode II, F-6.5), the emptying pile and an escape
in reach; each police car weighs the same terms against him, and its own room, chase and tiles in hand.
:func:`terms` lists them so that they add up to the guess (a test holds them to it). The reason of a move is
the term on which the position it leads to (a Mode I tile: with the best drive after it) stands furthest above
the positions of the seat's other moves, else the term it raises most. Only what the deciding seat may see is
read (F-9): a police car's hint never weighs his hidden reserve or accomplice, and a draw from the pile is
never played out to read what it turns up."""

from __future__ import annotations

from game.core.message import Message
from game.core.protocol import Seat
from game.falconi import heuristics as h
from game.falconi.actions import Action
from game.falconi.constants import ACTIVE, FUGITIVE
from game.falconi.state import FalconiState

EVEN = 0.004  # a gain below this is noise: the move is as good as standing still


def terms(state: FalconiState, seat: Seat) -> dict[str, float]:
    """The terms of ``values(state)[seat]``, by name; they add up to it."""
    his, stuck, gaps, in_reach = _his_terms(state)
    if seat == FUGITIVE:
        return his
    share = h.TEAM_SHARE
    dread = share * h._POLICE_DREAD * in_reach if state.variant.mode == 2 else 0.0
    result = {name: -share * value for name, value in his.items()}
    result["base"] = share * (1 - his["base"])
    result["escape"] = result.get("escape", 0.0) - dread
    status = state.status[seat]
    if status == ACTIVE and not stuck[seat]:
        reach = 12 if state.variant.mode == 2 else 8
        result["chase"] = 0.03 * (reach - min(gaps[seat], reach))
        result["hand"] = 0.01 * len(state.reserve(seat))
        result["own_room"] = 0.0 if state.variant.mode == 2 else h._ROOM_BONUS[h._room(state, state.cars[seat])] / 2
        return result
    if status != 0:
        return {name: value * 0.8 for name, value in result.items()}
    return {name: 0.0 for name in result}


def _his_terms(state: FalconiState) -> tuple[dict[str, float], list[bool], list[float], float]:
    """His terms (with ``clamp``, what keeps the guess within 0.05..0.95), the police cars with no way on, each
    car's distance from him and how near an escape he is (0..1), as :func:`heuristics.value_terms` works them
    out for the guess."""
    worked = h.value_terms(state)
    his = dict(zip(worked.names, worked.his, strict=True))
    raw = h.his_share(worked)
    his["clamp"] = min(0.95, max(0.05, raw)) - raw
    return his, worked.stuck, worked.gaps, worked.in_reach


def reason(state: FalconiState, action: Action) -> Message:
    """The sentence for the hint ``action`` (one of the legal actions of ``state``), for its deciding seat."""
    seat = state.current_seat
    side = "fugitive" if seat == FUGITIVE else "police"
    if action.verb == "draw":  # the pile's order is hidden: the draw is told by what drawing itself weighs
        return Message(f"hints.why.falconi.{side}.draw")
    seen = _as_seen(state, seat)
    after = seen.clone()
    after.apply(action)
    after = _best_follow_up(after, seat)
    if after.is_terminal():
        won = after.outcome is not None and seat in after.outcome.winners
        return Message(f"hints.why.falconi.{side}.{'wins' if won else 'even'}")
    after_terms = terms(after, seat)
    name, gain = _biggest(after_terms, _alternatives(seen, seat, action))  # what sets it above the others
    if gain < EVEN:  # no better than the others on any term: what it gains on standing still
        name, gain = _biggest(after_terms, [terms(seen, seat)])
    if name == "chili":  # Mode I keeps Chili Bombs, Diavola Chili Boosts: the sentence names the one in play
        name = "chili_bomb" if state.variant.mode == 1 else "chili_boost"
    if gain < EVEN:
        return Message("hints.why.only" if len(state.legal_actions()) == 1 else f"hints.why.falconi.{side}.even")
    return Message(f"hints.why.falconi.{side}.{name}")


def _alternatives(seen: FalconiState, seat: Seat, action: Action) -> list[dict[str, float]]:
    """The terms after each other move the seat could make now (a Mode I tile with its best drive); draws are
    left out, as their tile is hidden, and so are moves that end the game."""
    found = []
    for other in seen.legal_actions():
        if other == action or other.verb == "draw":
            continue
        after = seen.clone()
        after.apply(other)
        after = _best_follow_up(after, seat)
        if not after.is_terminal():
            found.append(terms(after, seat))
    return found


def _biggest(chosen: dict[str, float], others: list[dict[str, float]]) -> tuple[str, float]:
    """The term on which ``chosen`` stands furthest above the mean of ``others`` (none: no gain at all)."""
    if not others:
        return "even", 0.0
    gains = {name: value - sum(other.get(name, 0.0) for other in others) / len(others)
             for name, value in chosen.items() if name not in ("base", "clamp")}
    return max(gains.items(), key=lambda item: item[1])


def _as_seen(state: FalconiState, seat: Seat) -> FalconiState:
    """``state`` as ``seat`` may know it (F-9): for a police car, without his hidden reserve and accomplice."""
    if seat == FUGITIVE or not state.hides_hand(FUGITIVE):
        return state
    return h.police_view(state)


def _best_follow_up(after: FalconiState, seat: Seat) -> FalconiState:
    """A Mode I tile is judged with the drive that follows it: the position after the drive the value guess
    likes best, while the same car still decides."""
    if after.variant.mode != 1 or after.current_seat != seat or after.is_terminal():
        return after
    best, best_value = after, -1.0
    for follow in after.legal_actions():
        tried = after.clone()
        tried.apply(follow)
        value = (h.utilities if tried.is_terminal() else h.values)(tried)[seat]
        if value > best_value:
            best, best_value = tried, value
    return best
