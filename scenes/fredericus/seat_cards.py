"""The Fredericus side panel: a card per falconer with its points, tokens, objectives and creatures caught.
Drawn by the play scene's HUD (``scenes/playing/hud.py``) from the :class:`Hud` the view hands it."""

from __future__ import annotations

from collections.abc import Callable

from game.core.message import Message
from game.core.protocol import Seat
from game.fredericus.actions import HAND
from game.fredericus.cards import FREDERICUS
from game.fredericus.state import FredericusState
from game.i18n import Translator
from scenes.fredericus import panels
from scenes.playing.hud import Chip, Hud, SeatCard


def seat_cards(game: FredericusState, visible: frozenset[Seat], tr: Translator,
               colour: Callable[[Seat], str]) -> tuple[Hud, frozenset[Seat]]:
    """The panel, and the seats whose objectives it shows while still secret (see ``FredericusView.hud``);
    ``colour`` names a seat's colour in the player's language."""
    over = game.is_terminal()
    notes = []
    if over:
        scores = game.scores()
        winner = next(iter(game.outcome.winners)) if game.outcome else game.seats[0]
        notes.append(tr.plural("fredericus.info.winner", scores[winner], name=colour(winner)))
        notes.append(tr(f"fredericus.info.ending.{game.trigger}"))
    elif game.trigger is not None:
        notes.append(tr("fredericus.info.last_round"))
    shown = set()
    cards = []
    for seat in game.seats:
        objectives = game.objectives_seen_by(visible, seat)
        if objectives is not None and not over:
            shown.add(seat)
        chips = [Chip(tag, Message(f"tips.fredericus.{tag}"))
                 for tag, holds in (("start", seat == game.start_seat), ("keeper", seat == game.deck_keeper))
                 if holds]
        in_hand = game.tokens_of(seat).count(HAND)  # betting tokens not yet on a tower
        if in_hand:
            chips.append(Chip(f"token:{seat}", Message.of("tips.fredericus.token", name=f"@seat.fredericus.{seat}"),
                              _times(in_hand)))
        if game.fredericus_holder == seat:
            chips.append(Chip(f"objective:{FREDERICUS}", Message("fredericus.info.holds_fredericus")))
        if objectives is not None:
            chips += [Chip(f"objective:{kind}", Message.of("tips.fredericus.objective",
                                                           name=f"@fredericus.card.{kind}"), _times(count))
                      for kind, count in enumerate(objectives) if count]
        elif game.objective_count(seat):
            chips.append(Chip("objective:back", Message("tips.fredericus.objectives_hidden"),
                              _times(game.objective_count(seat))))
        points = game.scores()[seat] if over else game.public_points(seat)
        tip = Message.of("tips.fredericus.seat_final" if over else "tips.fredericus.seat",
                         name=f"@fredericus.colour.{seat}", points=points, creatures=sum(game.creatures_of(seat)),
                         objectives=game.objective_count(seat))
        caught = tuple(Chip(f"creature:{kind}", Message.of("tips.fredericus.caught",
                                                           name=f"@fredericus.card.{kind}"),
                            _times(count))
                       for kind, count in panels.creature_counts(game.creatures_of(seat)))
        cards.append(SeatCard(seat, colour(seat), tip, tuple(chips),
                              tr.plural("fredericus.board.points", points),
                              active=not over and seat == game.current_seat, more=caught))
    return Hud(tuple(cards), notes=tuple(notes), columns=2), frozenset(shown)


def _times(count: int) -> str:
    """A chip's count: none for a single one, the picture says it."""
    return f"×{count}" if count > 1 else ""
