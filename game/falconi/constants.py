"""Seats, car statuses and decision phases of Catch Don Falconi, shared by the state and both modes."""

from typing import Literal

FUGITIVE, COUNTRY, PORT, FOREST = 0, 1, 2, 3
POLICE = (COUNTRY, PORT, FOREST)  # clockwise turn order after the fugitive (F-4.1)
SEAT_DISTRICT = {COUNTRY: "country", PORT: "port", FOREST: "forest"}
SEAT_NAMES = ("Don Falconi", "Country police", "Port police", "Forest police")
# How a game ends (F-8): the ``termination`` of its outcome.
Termination = Literal["catch", "fugitive_blocked", "escape", "police_out", "tiles_out", "round_limit"]
OFF, ACTIVE, OUT = 0, 1, 2  # a car's status: no such seat, in the chase, out of the game
STATUS_NAMES = ("off", "active", "out")

# Phases: what kind of decision is pending.
PLACE, DRIVE, ANSWER, BLAST, ESCAPE_PLACE, ACTION, OVER = range(7)
PHASE_NAMES = ("place", "drive", "answer", "blast", "escape", "action", "over")

# Mode II has no end of its own when nobody draws; after this many rounds Don Falconi has evaded long
# enough and wins, as when the tiles run out (a program ruling, see docs/rules-falconi.md).
ROUND_LIMIT = 50
