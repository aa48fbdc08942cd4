"""Sentences for the game log (as ``Message`` values the catalogs put into words), and the reason an action is
refused — words a player can read."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.message import Message
from game.falconi.actions import Action, action_text, cell_text
from game.falconi.city import DISTRICTS
from game.falconi.constants import ACTIVE, FUGITIVE, OUT, OVER, PHASE_NAMES, POLICE, ROUND_LIMIT, SEAT_NAMES
from game.falconi.tiles import ESCAPE, KIND_NAMES
from game.i18n import FALLBACK, Translator

if TYPE_CHECKING:
    from game.falconi.state import FalconiState

_EDGE_KEYS = ("@edge.north", "@edge.east", "@edge.south", "@edge.west")
_EDGE_LETTER_KEYS = ("@edge.north.short", "@edge.east.short", "@edge.south.short", "@edge.west.short")
_FUGITIVE_KEY = f"@seat.falconi.{FUGITIVE}"
BOOST_WORDS = 4  # a Chili Boost drives 1 to 4 tiles (F-6.6): the catalogs have one sentence for each length


def narrate(st: FalconiState, action: Action) -> Message:
    """The log entry for ``action`` as played by the deciding seat in ``st`` (before it is applied)."""
    who = f"@seat.falconi.{st._decider}" if st._decider >= 0 else "@log.nobody"
    city = st._city
    verb = action.verb
    if verb == "place":
        return Message.of(
            "log.falconi.place", who=who, tile=f"@tile.{KIND_NAMES[action.tile]}", cell=cell_text(city, action.cell)
        )
    if verb == "drive":
        if action.slot >= 0:
            return Message.of("log.falconi.drive_out", who=who, slot=city.slots[action.slot].name)
        return Message.of(
            "log.falconi.drive", who=who, cell=cell_text(city, action.cell), edge=_EDGE_KEYS[action.edge]
        )
    if verb == "catch":  # with a Chili Bomb in hand he may still answer it (F-5.4): the next entry tells
        where = cell_text(city, st._cars[FUGITIVE] >> 2)
        key = "log.falconi.catch_attempt" if st._bombs > 0 else "log.falconi.catch"
        return Message.of(key, who=who, cell=where, fugitive=_FUGITIVE_KEY)
    if verb == "bomb":
        return Message.of("log.falconi.bomb", who=_FUGITIVE_KEY)
    if verb == "pass":
        if st._catch_edge < 0:
            return Message.of("log.falconi.give_up", who=who)
        # F-5.4: no Chili Bomb in answer, so the catch takes effect: the sentence says so, and who caught him
        return Message.of("log.falconi.no_answer", who=_FUGITIVE_KEY, police=f"@seat.falconi.{st._turn_seat}")
    if verb == "blast":
        return Message.of(
            "log.falconi.blast", who=who, cell=cell_text(city, action.cell), side=_EDGE_LETTER_KEYS[action.edge]
        )
    if verb == "escape" and city.slots[action.slot].district:
        slot = city.slots[action.slot]
        return Message.of("log.falconi.escape", who=who, district=f"@district.{slot.district}", slot=slot.name)
    if verb == "accomplice" and city.slots[action.slot].district:
        slot = city.slots[action.slot]
        return Message.of(
            "log.falconi.accomplice", who=_FUGITIVE_KEY, slot=slot.name, district=f"@district.{slot.district}"
        )
    if verb == "draw":
        return Message.of("log.falconi.draw", who=who)
    if verb == "step":
        ahead = st._links[(st._cars[st._decider] & ~3) + action.edge]
        if ahead < 0:  # into the slot of an escape tile: he escapes (F-3.5)
            return Message.of("log.falconi.drive_out", who=who, slot=city.slots[-ahead - 1].name)
        if st._decider != FUGITIVE and ahead == st._cars[FUGITIVE]:  # into his cell, in his lane (F-6.4)
            return Message.of("log.falconi.step_catch", who=who, edge=_EDGE_KEYS[action.edge], fugitive=_FUGITIVE_KEY)
        return Message.of("log.falconi.step", who=who, edge=_EDGE_KEYS[action.edge])
    if verb == "turn":
        return Message.of("log.falconi.turn", who=who)
    if verb == "boost" and 1 <= len(action.path) <= BOOST_WORDS:
        route = {f"edge{index}": _EDGE_KEYS[edge] for index, edge in enumerate(action.path, 1)}
        steps = st._boost_steps.get(action.path, ())
        if steps and steps[0].smashed >= 0:  # F-6.6 (b): through the block ahead
            smashed = cell_text(city, steps[0].smashed)
            return Message.of(f"log.falconi.boost_smash.{len(action.path)}", who=_FUGITIVE_KEY, cell=smashed, **route)
        return Message.of(f"log.falconi.boost.{len(action.path)}", who=_FUGITIVE_KEY, **route)
    return Message.of("log.falconi.other", text=action_text(city, action))


def describe(st: FalconiState, action: Action) -> str:
    """The English log sentence for ``action``: :func:`narrate` rendered from the English catalog."""
    return Translator(FALLBACK).message(narrate(st, action))


def why_illegal(st: FalconiState, action: object) -> str:
    """The message of an ``IllegalActionError``: what was tried and what the player may do instead. The
    choices are listed only when they name nothing secret: in Mode II Don Falconi's choices would show his
    face-down reserve, and whoever reads an error may be a police player (F-6.3, F-9)."""
    if st._phase == OVER:
        return "the game is over: no more actions"
    try:
        tried = action_text(st._city, action)  # type: ignore[arg-type]  # any object may be tried (below)
    except Exception:  # noqa: BLE001 — any object may be tried: its text form may fail in any way
        tried = repr(action)
    choice = _CHOICE_WORDS[PHASE_NAMES[st._phase]]
    refusal = f"{tried!r} is not legal now: {SEAT_NAMES[st._decider]} must choose {choice}"
    if st._variant.mode == 2 and st._decider == FUGITIVE:
        return refusal
    choices = ", ".join(action_text(st._city, a) for a in st._legal[:8])
    more = f" and {len(st._legal) - 8} more" if len(st._legal) > 8 else ""
    return f"{refusal} ({choices}{more})"


_CHOICE_WORDS = {"place": "a tile to place", "drive": "where to drive", "answer": "whether to bomb",
                 "blast": "a block to blast", "escape": "a slot for the escape tile", "action": "an action"}


def item_name(item: int) -> str:
    """A tile or escape tile as a player calls it."""
    if item >= ESCAPE:
        return f"escape tile ({DISTRICTS[item - ESCAPE]})"
    return KIND_NAMES[item]


def aftermath(before: FalconiState, after: FalconiState, action: Action) -> list[Message]:
    """What the action brought about by itself: police cars put out of the chase, overtaken by Don Falconi's
    boost in their own lane (F-6.6) or left with nowhere to go when their turn came (F-5.5, F-6.5), and the end
    of the game when the action's own sentence does not tell it (F-8): Don Falconi blocked (F-6.5, or in Diavola
    at the end of a turn in which he did not smash the block he had to), out through an escape at the end of a
    boost, every police car out, the tiles run out or the round limit reached. All of it is on the board for
    everyone to see."""
    events: list[Message] = []
    for seat in POLICE:
        if before._status[seat] == ACTIVE and after._status[seat] == OUT:
            key = "log.falconi.overtaken" if action.verb == "boost" else "log.falconi.out_blocked"
            events.append(Message.of(key, who=f"@seat.falconi.{seat}"))
    ended = after.outcome
    if before.outcome is not None or ended is None:
        return events
    termination = ended.termination
    if termination == "fugitive_blocked":
        # F-6.5 (Diavola): his own turn ended without the smash he needed
        key = "log.falconi.fugitive_unsmashed" if before._must_smash else "log.falconi.fugitive_blocked"
        events.append(Message.of(key, who=_FUGITIVE_KEY))
    elif termination == "escape" and action.verb == "boost":  # F-6.6: the boost's last tile is an escape slot
        place = before._boost_steps[action.path][-1].place
        events.append(Message.of("log.falconi.drive_out", who=_FUGITIVE_KEY, slot=after._city.slots[-place - 1].name))
    elif termination == "round_limit":  # F-7.3
        events.append(Message.of("log.falconi.round_limit", who=_FUGITIVE_KEY, round=ROUND_LIMIT))
    elif termination in ("police_out", "tiles_out"):  # F-8.3, F-7.2
        events.append(Message.of(f"log.falconi.{termination}", who=_FUGITIVE_KEY))
    return events
