"""Sentences for the game log, said in the position before the action is played, as ``Message`` values that the
catalogs (``assets/i18n/<language>/log.json``) put into words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.message import Message
from game.fredericus.actions import (
    BET,
    CAPTURE,
    CARD,
    CENTRE,
    END,
    FLIP,
    HAND,
    HOOD,
    RAPTOR,
    RAPTOR_KINDS,
    SEAL,
    STAY,
    TIDY,
    TOKEN,
    Action,
    action_text,
)
from game.fredericus.cards import CREATURES
from game.fredericus.rules import EIGHTH_CREATURE, FREDERICUS_DRAWN
from game.i18n import FALLBACK, Translator

if TYPE_CHECKING:
    from game.fredericus.state import FredericusState


_COLOUR_KEYS = ("@colour.red", "@colour.blue", "@colour.green", "@colour.yellow")  # by seat, as COLOURS
CARD_KEYS = (*CREATURES, "tree", "sky", "seal")  # by row code: card.<name>.the and card.<name>.plural
HOOD_WORDS = 3  # one raptor per opponent at most: the catalogs have one sentence for 1, 2 and 3 raptors


def narrate(state: FredericusState, action: Action) -> Message:
    """The log entry for ``action`` by the deciding seat, e.g. ``log.fredericus.card`` (who, card, source,
    target); an action foreign to the position is given as its text form."""
    kind, a, b = action
    who = colour_key(state.current_seat)
    if kind == CARD and state._rows[a]:
        return Message.of("log.fredericus.card", who=who, card=_card(state, a, "the"), source=a, target=b)
    if kind == RAPTOR:
        return Message.of("log.fredericus.raptor", who=who, raptor=_raptor(a), source=state._posts[a], target=b)
    if kind == HOOD and 1 <= b.bit_count() <= HOOD_WORDS:
        hooded: dict[str, str] = {}
        for index, raptor in enumerate((r for r in range(8) if b >> r & 1), 1):
            hooded[f"owner{index}"], hooded[f"raptor{index}"] = colour_key(raptor >> 1), _raptor(raptor)
        return Message.of(f"log.fredericus.hood.{b.bit_count()}", who=who, post=a, **hooded)
    if kind == CAPTURE and state._rows[state._posts[a]]:
        post = state._posts[a]
        return Message.of(
            "log.fredericus.capture", who=who, raptor=_raptor(a), card=_card(state, post, "the"), tower=post
        )
    if kind == FLIP:
        return Message.of("log.fredericus.flip", who=who, row=a)
    if kind == SEAL:
        return Message.of("log.fredericus.seal", who=who, row=a)
    if kind == TIDY and state._rows[a]:
        return Message.of("log.fredericus.tidy", who=who, cards=_card(state, a, "plural"), row=a)
    if kind == END:
        unused = state.extra_actions_left if state.phase_name == "play" else 0
        if unused:  # the flip's extra actions may be left; the log says so
            return Message.of(f"log.fredericus.end_unused.{unused}", who=who)
        return Message.of("log.fredericus.end", who=who)
    if kind == BET:
        return Message.of("log.fredericus.bet", who=who, tower=a)
    if kind == TOKEN:
        if a == HAND:
            if b == CENTRE:
                return Message.of("log.fredericus.token.place_centre", who=who)
            return Message.of("log.fredericus.token.place", who=who, tower=b)
        if b == CENTRE:
            return Message.of("log.fredericus.token.move_centre", who=who, source=a)
        return Message.of("log.fredericus.token.move", who=who, source=a, tower=b)
    if kind == STAY:
        return Message.of("log.fredericus.stay", who=who)
    return Message.of("log.fredericus.other", who=who, text=action_text(action))


def aftermath(before: FredericusState, after: FredericusState, action: Action) -> list[Message]:
    """What the action brought about by itself (R-7.2): the end triggered, by an eighth creature, by a falconer
    drawing Fredericus (on a capture's returned token, a flip or a token back from the courtyard centre) or by
    the deck keeper turning it up; and the game over once the last round is complete, with its winner."""
    events: list[Message] = []
    trigger = after._trigger
    if before._trigger is None and trigger is not None:
        drawer = {EIGHTH_CREATURE: before.current_seat, FREDERICUS_DRAWN: after._fredericus_holder}
        who = drawer.get(trigger, after._keeper)  # else the deck keeper turned it up
        events.append(Message.of(f"log.fredericus.trigger.{trigger}", who=colour_key(who)))
    outcome = after.outcome
    if not before.is_terminal() and outcome is not None:
        (winner,) = outcome.winners
        events.append(Message.of("log.fredericus.over", who=colour_key(winner)))
    return events


def describe(state: FredericusState, action: Action) -> str:
    """E.g. "Red moves the griffin from row 3 to row 4": :func:`narrate` rendered from the English catalog."""
    return Translator(FALLBACK).message(narrate(state, action))


def colour_key(seat: int) -> str:
    """A falconer as the log names them: by colour ("Red"), or Nobody once the game is over."""
    return _COLOUR_KEYS[seat] if seat >= 0 else "@log.nobody"


def _raptor(raptor: int) -> str:
    return f"@raptor.{RAPTOR_KINDS[raptor & 1]}"


def _card(state: FredericusState, row: int, form: str) -> str:
    """The end card of ``row`` as a catalog key: ``the`` (with its article, as an object) or ``plural``."""
    return f"@card.{CARD_KEYS[state._rows[row][-1]]}.{form}"
