"""The Mode II lesson: what Pizza Salami and Diavola add, in one short Diavola game against the Port police.

A seed search found the deal (seed 245): Don Falconi's two reserve tiles lead east from the prison, his first
draw is the Forest escape tile, whose slot S6 lies two cells east of it, and his second draw is a T-junction that
joins the two. In three turns the learner places, draws, drives one tile, places the escape tile and flees
through S6 with a Chili Boost; the police's turns between are scripted and stay far to the north. The search
tried, on Salami and Diavola deals, every first turn "place, place, draw" on either side of the prison and
every police turn after it; it is not kept, since the deal is all the lesson needs.

The escape tile is placed after the drive, for an action, rather than free as the turn's first action: with six
actions on offer then, its button stands boxed in by others and the arrow could only point at it across one.
"""

from __future__ import annotations

from game.core.tutorial import TutorialScript, learn, note, script, steps
from game.falconi.constants import FUGITIVE, PORT
from game.falconi.options import FalconiOptions

_L = "tutorial.mode2."

MODE2 = TutorialScript(
    name="falconi_mode2",
    game="falconi",
    in_play=(True, False, True, False),
    seed=245,
    options=FalconiOptions("diavola"),
    learner_seats=frozenset({FUGITIVE}),
    steps=steps(
        note(_L + "welcome"),
        learn(FUGITIVE, _L + "place", "place curve 4,8 r1", want=_L + "place.front"),
        learn(FUGITIVE, _L + "place", "place straight 5,8 r1", want=_L + "place.east"),
        learn(FUGITIVE, _L + "draw", "draw"),
        script(PORT, _L + "police", "place straight 4,0 r0", "place crossroads 4,1 r0", "step S"),
        learn(FUGITIVE, _L + "turn", "step E", want=_L + "turn.drive"),
        learn(FUGITIVE, _L + "turn", "escape S6", want=_L + "turn.escape"),
        learn(FUGITIVE, _L + "turn", "draw", want=_L + "turn.draw"),
        script(PORT, _L + "police_again", "draw", "place t-junction 4,2 r1", "step S"),
        # Both turns of the T-junction with a road from the car and one on to the south lead to the escape.
        learn(FUGITIVE, _L + "boost", "place t-junction 6,8 r0", "place t-junction 6,8 r1", want=_L + "boost.place"),
        learn(FUGITIVE, _L + "boost", "boost E,S", want=_L + "boost.wanted"),
    ),
    outro=_L + "done",
)
