"""Sentences for the game log, and the reason an action is refused — words a player can read."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.falconi.actions import Action, action_text, cell_text, place_text
from game.falconi.city import DISTRICTS
from game.falconi.constants import FUGITIVE, OVER, PHASE_NAMES, SEAT_NAMES
from game.falconi.tiles import ESCAPE, KIND_NAMES

if TYPE_CHECKING:
    from game.falconi.state import FalconiState

_EDGE_WORDS = ("north", "east", "south", "west")


def describe(st: FalconiState, action: Action) -> str:
    """Describe ``action`` as played by the deciding seat in ``st`` (before it is applied)."""
    who = SEAT_NAMES[st.decider] if st.decider >= 0 else "Nobody"
    city = st.city
    verb = action.verb
    if verb == "place":
        return f"{who} places a {KIND_NAMES[action.tile]} at ({cell_text(city, action.cell)})"
    if verb == "drive":
        if action.slot >= 0:
            return f"{who} drives out through {city.slots[action.slot].name} to the accomplice and escapes"
        return f"{who} drives to ({cell_text(city, action.cell)}), coming in from the {_EDGE_WORDS[action.edge]}"
    if verb == "catch":
        where = cell_text(city, st.cars[FUGITIVE] >> 2)
        return f"{who} drives to ({where}) and catches Don Falconi from behind"
    if verb == "bomb":
        return "Don Falconi throws a Chili Bomb and destroys the road behind him"
    if verb == "pass":
        return f"{who} gives up" if st.catch_edge < 0 else "Don Falconi does not answer the catch"
    if verb == "blast":
        return f"{who} bombs the block at ({place_text(city, action.cell * 4 + action.edge)})"
    if verb == "escape":
        slot = city.slots[action.slot]
        return f"{who} puts an escape tile of the {slot.district} district on {slot.name}"
    if verb == "accomplice":
        slot = city.slots[action.slot]
        return f"Don Falconi's secret accomplice appears on {slot.name} ({slot.district})"
    if verb == "keep":
        return "Don Falconi keeps the tile he drew"
    if verb == "draw":
        return f"{who} draws a tile"
    if verb == "step":
        return f"{who} drives one tile to the {_EDGE_WORDS[action.edge]}"
    if verb == "turn":
        return f"{who} makes a three-point turn"
    if verb == "boost":
        route = ", ".join(_EDGE_WORDS[edge] for edge in action.path)
        return f"Don Falconi fires a Chili Boost: {route}"
    return action_text(city, action)


def why_illegal(st: FalconiState, action: object) -> str:
    """The message of an ``IllegalActionError``: what was tried and what the player may do instead."""
    if st.phase == OVER:
        return "the game is over: no more actions"
    try:
        tried = action_text(st.city, action)  # type: ignore[arg-type]
    except Exception:
        tried = repr(action)
    choices = ", ".join(action_text(st.city, a) for a in st.legal[:8])
    more = f" and {len(st.legal) - 8} more" if len(st.legal) > 8 else ""
    return (
        f"{tried!r} is not legal now: {SEAT_NAMES[st.decider]} must choose a "
        f"{PHASE_NAMES[st.phase]} action ({choices}{more})"
    )


def item_name(item: int) -> str:
    """A tile or escape tile as a player calls it."""
    if item >= ESCAPE:
        return f"escape tile ({DISTRICTS[item - ESCAPE]})"
    return KIND_NAMES[item]



