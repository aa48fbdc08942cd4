"""Build small Falconi positions from JSON-like descriptions, for tests named after the rulings.

A scenario starts from a real new game's JSON, replaces what the test cares about, puts every tile the
scenario does not use back into the pile (``pile_top`` on top, drawn first) and loads it through
``FalconiState.from_json``, so every scenario is also validated like a save.

The state's fields are private to the rules core. This module is the one place outside :mod:`game.falconi` that
touches them (``tests/test_falconi_privacy.py`` holds every other module to the queries): :func:`rigged` and
:func:`scribble` for a position no rule or save reaches, :func:`pile_order` and :func:`fresh_escape` for what no
seat may see.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from game.falconi import board, supply
from game.falconi.state import FalconiState
from game.falconi.tiles import ITEM_NAMES, KIND_NAMES, TILE_MIX

ALL_ITEMS = Counter({KIND_NAMES[kind]: count for kind, count in TILE_MIX.items()}) + Counter(ITEM_NAMES[6:])


def build(
    variant: str = "margherita",
    police: tuple[int, ...] = (2,),
    board: dict[str, str] | None = None,
    cars: dict[int, str] | None = None,
    pile_top: tuple[str, ...] = (),
    pile_size: int | None = None,
    **fields: Any,
) -> FalconiState:
    """A validated position. ``board`` maps ``"x,y"`` to ``"curve r1"``; ``cars`` maps seat to ``"x,y E"``.

    ``pile_size`` keeps only that many tiles in the pile (the top ones) and sets the rest aside.
    """
    data = FalconiState.new_game(variant, 1, police).to_json()
    data["board"] = dict(board or {})
    for seat, place in (cars or {}).items():
        data["cars"][seat] = place
    data.setdefault("decider", None)
    data.update(fields)
    if "turn_seat" in fields and "decider" not in fields:
        data["decider"] = fields["turn_seat"]
    used = Counter(tile.split(" ")[0] for tile in data["board"].values() if tile != "crater")
    used += Counter(tile.split(" ")[0] for tile in data["craters"].values())
    used += Counter(item for hand in data["reserves"] for item in hand)
    used += Counter(data["set_aside"]) + Counter(f"escape:{d}" for d in data["escapes"].values())
    if data.get("drawn"):
        used[data["drawn"]] += 1
    if data.get("accomplice"):
        used[f"escape:{data['accomplice']}"] += 1
    rest = ALL_ITEMS - used - Counter(pile_top)
    data["pile"] = sorted(rest.elements()) + list(reversed(pile_top))
    if pile_size is not None:
        cut = len(data["pile"]) - pile_size
        data["set_aside"] = data["set_aside"] + data["pile"][:cut]
        data["pile"] = data["pile"][cut:]
    return FalconiState.from_json(data)


def texts(state: FalconiState) -> list[str]:
    """The legal actions in their text form."""
    return [state.action_text(action) for action in state.legal_actions()]


def play(state: FalconiState, *actions: str) -> FalconiState:
    """Apply actions given in text form."""
    for text in actions:
        state.apply(state.parse_action(text))
    return state


def rigged(state: FalconiState, **fields: Any) -> FalconiState:
    """A copy of ``state`` with private fields set by hand and unchecked (``round=40``, ``decider=-1``): for a
    position no rule or save reaches, or one broken on purpose for the invariant checks to catch."""
    copy = state.clone()
    for name, value in fields.items():
        setattr(copy, f"_{name}", value)
    return copy


def pile_order(state: FalconiState) -> list[int]:
    """The pile's items, top last: hidden from every seat (F-4.3), so no query hands out their order."""
    return list(state._pile)


def fresh_escape(state: FalconiState) -> int:
    """The escape tile Don Falconi just drew, or -1: his secret (F-6.3), so no query hands it out."""
    return state._fresh


def scribble(state: FalconiState) -> None:
    """Change ``state``'s board and pile in place, as no rule would: a clone made before must not see it."""
    board.lay(state, 0, 0)
    if state.hidden_supply():
        supply.put_back(state, 0, supply.draw(state))
