"""Seats, car statuses and decision phases of Catch Don Falconi, shared by the state and both modes."""

from enum import IntEnum
from typing import Literal, get_args

FUGITIVE, COUNTRY, PORT, FOREST = 0, 1, 2, 3
POLICE = (COUNTRY, PORT, FOREST)  # clockwise turn order after the fugitive (F-4.1)
SEAT_DISTRICT = {COUNTRY: "country", PORT: "port", FOREST: "forest"}
SEAT_NAMES = ("Don Falconi", "Country police", "Port police", "Forest police")
# How a game ends (F-8): the ``termination`` of its outcome.
Termination = Literal["catch", "fugitive_blocked", "escape", "police_out", "tiles_out", "round_limit"]
TERMINATIONS: tuple[Termination, ...] = get_args(Termination)


class Status(IntEnum):
    """A car's status: no such seat, in the chase, out of the game."""

    OFF = 0
    ACTIVE = 1
    OUT = 2


OFF, ACTIVE, OUT = Status
STATUS_NAMES = ("off", "active", "out")  # as saves write them


class Phase(IntEnum):
    """What kind of decision is pending: Mode I places, drives, answers a catch, blasts (F-5.5) or places a
    drawn escape tile; Mode II takes one of three actions or places a police escape draw (F-6.3)."""

    PLACE = 0
    DRIVE = 1
    ANSWER = 2
    BLAST = 3
    ESCAPE_PLACE = 4
    ACTION = 5
    OVER = 6


PLACE, DRIVE, ANSWER, BLAST, ESCAPE_PLACE, ACTION, OVER = Phase
PHASE_NAMES = ("place", "drive", "answer", "blast", "escape", "action", "over")  # as saves write them

# Mode II has no end of its own when nobody draws; after this many rounds Don Falconi has evaded long
# enough and wins, as when the tiles run out (a program ruling, see docs/rules-falconi.md).
ROUND_LIMIT = 50
