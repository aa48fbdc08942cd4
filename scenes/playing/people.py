"""Who plays which seat, as the log, the replay and the game over say it: where two or more people share a game,
each seat a person plays is named with its role and the person ("Port police (Anna)"); alone, the roles say
who is who; and who plays each seat, for the HUD's cards."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scenes.boards import board
from scenes.playing import hud

if TYPE_CHECKING:
    from game.core.protocol import Seat
    from game.services.match import MatchSetup
    from scenes.context import AppContext
    from scenes.playing.sources.base import MatchView


def named_seats(context: AppContext, setup: MatchSetup) -> dict[str, str]:
    """The catalog key of each seat a person plays, with that person's name; empty for a game of one person."""
    persons = [(seat, plan.person) for seat, plan in enumerate(setup.seats) if plan.kind == "person"]
    if len({person for _, person in persons}) < 2:
        return {}
    spec = board(setup.game)
    return {spec.seat_key(seat): context.person_name(setup.people[person]) for seat, person in persons}


def seat_players(context: AppContext, match: MatchView) -> dict[Seat, hud.Player]:
    """Who plays each seat, for the HUD's cards: a person's name, or the AI's level, thinking on its turn."""
    state, setup = match.state, match.setup
    players = {}
    for seat in state.seats:
        plan = setup.seats[seat]
        if plan.kind == "person":
            players[seat] = hud.Player(context.person_name(setup.people[plan.person]), False)
        elif plan.kind == "ai":
            thinking = not state.is_terminal() and state.current_seat == seat
            players[seat] = hud.Player(context.tr(f"level.{plan.level}"), True, thinking)
    return players
