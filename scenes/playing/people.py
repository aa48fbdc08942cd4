"""Who plays which seat, as the log, the replay and the game over say it: where two or more people share a game,
each seat a person plays is named with its role and the person ("Port police (Anna)"); alone, the roles say
who is who."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scenes.boards import board

if TYPE_CHECKING:
    from game.services.match import MatchSetup
    from scenes.context import AppContext


def named_seats(context: AppContext, setup: MatchSetup) -> dict[str, str]:
    """The catalog key of each seat a person plays, with that person's name; empty for a game of one person."""
    persons = [(seat, plan.person) for seat, plan in enumerate(setup.seats) if plan.kind == "person"]
    if len({person for _, person in persons}) < 2:
        return {}
    spec = board(setup.game)
    return {spec.seat_key(seat): context.person_name(setup.people[person]) for seat, person in persons}
