"""Why a hunt's moment happened, as :class:`game.core.explanation.Explanation` values the board draws: which sky
and tree cards let a raptor capture (R-4.1, R-4.2), which rule ended the hunt (R-7.2) and what decided the
final score (R-8)."""

from __future__ import annotations

from game.core.explanation import Explanation
from game.core.message import Message
from game.fredericus.actions import CAPTURE, Action
from game.fredericus.cards import SKY, TOWERS
from game.fredericus.narration import colour_key
from game.fredericus.rules import CREATURES_TO_END, EIGHTH_CREATURE, FREDERICUS_DRAWN
from game.fredericus.scoring import CATEGORIES, winner
from game.fredericus.state import FredericusState


def explain(before: FredericusState, action: Action, after: FredericusState) -> tuple[Explanation, ...]:
    """The reasons to show for ``action``, played in ``before`` to give ``after``: a capture's cards, and at
    the game's end the rule that ended it and what won it. Empty for an ordinary move."""
    found: list[Explanation] = []
    if action.kind == CAPTURE:
        found.append(capture_cards(before, action.a))
    if after.is_terminal() and not before.is_terminal():
        found += [Explanation("end", note=end_rule(after)), Explanation("score", note=score_reason(after))]
    return tuple(found)


def capture_cards(before: FredericusState, raptor: int) -> Explanation:
    """R-4.1 / R-4.2: the end cards of the two rows beside the raptor's post, which allowed the capture, the
    raptor, and the end of its own row where the creature lay (``slots``: its row, whose end place it left)."""
    post = before.post_of(raptor)
    beside = ((post - 1) % TOWERS, (post + 1) % TOWERS)
    cards = tuple((row, len(before.row(row)) - 1) for row in beside)
    skies = sum(before.row(row)[-1] == SKY for row in beside)
    flight = "high" if skies == 2 else "low"  # two skies for a falcon; a sky and a tree for a goshawk
    return Explanation("capture", cards=cards, pieces=(raptor,), slots=(post,),
                       note=Message(f"why.fredericus.{flight}_flight"))


def end_rule(after: FredericusState) -> Message:
    """R-7.2: what triggered the end: a falconer's eighth creature, Fredericus drawn, or turned up by the deck
    keeper."""
    trigger = after.trigger
    if trigger == EIGHTH_CREATURE:
        who = next(seat for seat in after.seats if sum(after.creatures_of(seat)) >= CREATURES_TO_END)
    elif trigger == FREDERICUS_DRAWN:
        who = after.fredericus_holder
    else:
        who = after.deck_keeper
    return Message.of(f"why.fredericus.end.{trigger}", who=colour_key(who))


def score_reason(after: FredericusState) -> Message:
    """R-8: why the winner won: tied on points and last in turn order among the tied (R-8.3), or the category
    of R-8 in which the winner's lead over the runner-up is largest."""
    points = after.scores()
    best = winner(points, after.seats)
    who = colour_key(best)
    runner = max((seat for seat in after.seats if seat != best), key=lambda seat: points[seat])
    if points[runner] == points[best]:
        return Message.of("why.fredericus.won.tie", who=who, points=points[best])
    breakdowns = after.score_breakdowns()
    leads = [mine - theirs for mine, theirs in zip(breakdowns[best].points, breakdowns[runner].points)]
    category = CATEGORIES[leads.index(max(leads))]
    return Message.of(f"why.fredericus.won.{category}", who=who)
