"""Why the AI suggests a move, in one sentence from what its value guess weighs (:func:`heuristics.evaluate`,
which :func:`heuristics.values` sets against the rivals'): points now, a creature in a raptor's reach (more when
it pairs with one of the falconer's objectives, R-8.2), a token on the courtyard centre, a hooded raptor, and
the same of each rival. The reason of a move is the term on which it stands furthest above the falconer's other
moves, else the term it gains most on standing still: its own, or a rival's loss.

Only what the deciding falconer may see is read (R-10): its own objectives as they were before the move (an
objective the move draws counts as one more point, never as the card it is), no rival's objectives, and no
card of the deck."""

from __future__ import annotations

from game.core.message import Message
from game.core.protocol import Seat
from game.fredericus import heuristics as h
from game.fredericus.actions import CAPTURE, CENTRE, Action
from game.fredericus.cards import CREATURES, KINDS, TOWERS
from game.fredericus.scoring import score
from game.fredericus.state import FredericusState

EVEN = 0.05  # a gain below this is noise
Terms = dict[str, tuple[float, int]]  # a term's value, and the creature kind it is about (-1: none)


def terms(state: FredericusState, seat: Seat, hand: tuple[int, ...], holder: bool) -> Terms:
    """The deciding falconer's terms of :func:`heuristics.evaluate`, its objectives and Fredericus taken as
    ``hand`` and ``holder`` (as before the move), an objective drawn since as a point (``draw``), and each rival's
    terms (``rival_``), read without their objectives: every creature in a rival's reach weighs as a plain one."""
    caught = state.creatures_of(seat)
    drawn = state.objective_count(seat) + (state.fredericus_holder == seat)  # both public: how many, not which
    found: Terms = {"capture": (float(score(caught, hand, holder)), -1), "draw": (float(drawn), -1),
                    "centre": (h.CENTRE_BET if CENTRE in state.tokens_of(seat) else 0.0, -1)}
    _raptor_terms(state, seat, hand, "", found)
    for rival in state.seats:
        if rival != seat:
            _raptor_terms(state, rival, (0,) * KINDS, "rival_", found, sign=-1.0)
    rival_points = max(state.public_points(rival) for rival in state.seats if rival != seat)
    found["rival_points"] = (-h.RIVAL_WEIGHT * rival_points, -1)
    return found


def _raptor_terms(state: FredericusState, seat: Seat, hand: tuple[int, ...], prefix: str, found: Terms,
                  sign: float = 1.0) -> None:
    """A falconer's raptors as :func:`heuristics.evaluate` weighs them: hooded, or in reach of a creature."""
    rows = state.rows()
    ends = [row[-1] if row else -1 for row in rows]
    caught = state.creatures_of(seat)
    my_turn = state.current_seat == seat
    for raptor in (2 * seat, 2 * seat + 1):
        if state.is_hooded(raptor):
            _add(found, f"{prefix}hooded", -sign * h.HOODED, -1)
            continue
        if my_turn and state._captured >> raptor & 1:
            continue
        post = state.post_of(raptor)
        kind = ends[post]
        if 0 <= kind < KINDS and h._hunts(raptor, ends[post - 1], ends[(post + 1) % TOWERS]):
            if hand[kind] > caught[kind]:
                _add(found, f"{prefix}pair_reach", sign * h.NEW_PAIR_IN_REACH, kind)
            else:
                _add(found, f"{prefix}reach", sign * h.CAPTURE_IN_REACH, kind)


def _add(found: Terms, name: str, value: float, kind: int) -> None:
    old, old_kind = found.get(name, (0.0, -1))
    found[name] = (old + value, kind if kind >= 0 else old_kind)


def reason(state: FredericusState, action: Action) -> Message:
    """The sentence for the hint ``action`` (one of the legal actions of ``state``), for the deciding falconer."""
    seat = state.current_seat
    hand, holder = tuple(state._hands[seat]), state.fredericus_holder == seat
    after = state.clone()
    after.apply(action)
    before_terms, after_terms = terms(state, seat, hand, holder), terms(after, seat, hand, holder)
    best, kind = _biggest(after_terms, before_terms, _alternatives(state, seat, hand, holder, action))
    if best == "even":  # no better than the others on any term: what it gains on standing still
        best, kind = _biggest(after_terms, before_terms, [before_terms])
    if action.kind == CAPTURE:
        kind = state.row(state.post_of(action.a))[-1]
        if best == "capture" and hand[kind] > state.creatures_of(seat)[kind]:
            best = "capture_pair"
    if best == "even" and len(state.legal_actions()) == 1:
        return Message("hints.why.only")  # nothing to weigh it against
    if kind < 0:
        return Message(f"hints.why.fredericus.{best}")
    return Message.of(f"hints.why.fredericus.{best}", creature=f"@card.{CREATURES[kind]}.the")


def _alternatives(state: FredericusState, seat: Seat, hand: tuple[int, ...], holder: bool,
                  action: Action) -> list[Terms]:
    """The terms after each other move the falconer could make now."""
    found = []
    for other in state.legal_actions():
        if other != action:
            after = state.clone()
            after.apply(other)
            found.append(terms(after, seat, hand, holder))
    return found


def _biggest(chosen: Terms, before: Terms, others: list[Terms]) -> tuple[str, int]:
    """The term on which ``chosen`` stands furthest above the mean of ``others`` ("even" if none by ``EVEN``),
    and the creature kind it is about: what a rival lost, or what the falconer gained."""
    best, gain, kind = "even", EVEN, -1
    if not others:
        return best, kind
    for name in chosen.keys() | before.keys():
        new, new_kind = chosen.get(name, (0.0, -1))
        mean = sum(other.get(name, (0.0, -1))[0] for other in others) / len(others)
        if new - mean >= gain:
            best, gain = name, new - mean
            kind = before.get(name, (0.0, -1))[1] if name.startswith("rival_") else new_kind
    return best, kind
