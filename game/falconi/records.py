"""The records a Falconi position is made of, and the one module that writes each.

:class:`~game.falconi.state.FalconiState` keeps the fields flat and private (the search clones a state millions
of times, and a record object more per clone costs a tenth of its time), but every field belongs to one record
here, and only that record's writer assigns it once a state is made: its constructors
(``FalconiState.blank`` and ``FalconiState.clone``) aside. Everyone else reads. ``tests/test_falconi_records.py``
checks every write in the code against this table.
"""

from __future__ import annotations

from typing import NamedTuple


class Record(NamedTuple):
    """A group of fields that change together, and the module that changes them."""

    writer: str
    fields: tuple[str, ...]


RECORDS: dict[str, Record] = {
    # what the game is played with: fixed at set-up
    "set-up": Record("game.falconi.state", ("_variant", "_city", "_links", "_neighbours", "_table", "_rules",
                                            "_seed")),
    # the tiles on the grid, the craters, the edges Chili Bombs closed, the escape tiles on the border
    "board": Record("game.falconi.board", ("_board", "_craters", "_closed", "_escapes")),
    # the pile, the reserves, the tiles set aside, the bombs and boosts, the tile just drawn
    "supply": Record("game.falconi.supply", ("_pile", "_reserves", "_set_aside", "_bombs", "_boosts", "_drawn")),
    # the cars, whose turn and decision it is, its phase and legal actions, the counters, the outcome
    "turn": Record("game.falconi.turns", ("_cars", "_status", "_turn_seat", "_decider", "_phase", "_legal",
                                          "_drive_from", "_turn", "_round", "_outcome")),
    # Mode I: a drive before the tile (F-5.3), a catch waiting for the Chili Bomb answer (F-5.4)
    "mode I": Record("game.falconi.mode1", ("_pre_drive", "_catch_edge")),
    # Mode II's turn and Don Falconi's secrets: the accomplice, his fresh escape tile, the smash he owes
    "mode II": Record("game.falconi.mode2", ("_actions_left", "_acted", "_fresh", "_last_round", "_must_smash",
                                             "_accomplice", "_boost_steps")),
}

FIELDS: tuple[str, ...] = tuple(name for record in RECORDS.values() for name in record.fields)
