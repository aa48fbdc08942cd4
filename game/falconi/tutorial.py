"""The Pizza Margherita tutorial. The seed was found by a small search for a game where the lessons come up by
themselves: the Port police comes up behind Don Falconi with a U-turn and he answers with a Chili Bomb, then
the learner takes the police car and catches him through a second road."""

from __future__ import annotations

from game.core.tutorial import TutorialScript, learn, note, script, steps
from game.falconi.constants import FUGITIVE, PORT
from game.falconi.options import FalconiOptions
from game.falconi.tiles import CROSSROADS

_M = "tutorial.margherita."
MARGHERITA = TutorialScript(
    name="margherita",
    game="falconi",
    in_play=(True, False, True, False),
    seed=565,
    options=FalconiOptions("margherita"),
    learner_seats=frozenset({FUGITIVE, PORT}),
    steps=steps(
        note(_M + "welcome"),
        note(_M + "drawn", point=("tile", CROSSROADS)),
        learn(FUGITIVE, _M + "place", "place crossroads 4,8 r0"),
        learn(FUGITIVE, _M + "drive", "drive 4,7 S"),
        script(PORT, _M + "police_turn", "place t-junction 4,0 r1", "drive 4,1 N"),
        learn(FUGITIVE, _M + "rotate", "place t-junction 4,7 r3", "place t-junction 4,7 r1"),  # both go on north
        learn(FUGITIVE, _M + "drive_again", "drive 4,6 S"),
        script(PORT, _M + "police_again", "place t-junction 4,1 r1", "drive 4,2 N"),
        learn(FUGITIVE, _M + "your_turn", "place t-junction 4,6 r3"),
        learn(FUGITIVE, _M + "drive_on", "drive 4,5 S"),
        script(PORT, _M + "police_closer", "place t-junction 4,2 r1", "drive 4,3 N"),
        learn(FUGITIVE, _M + "straight", "place straight 4,5 r0"),
        learn(FUGITIVE, _M + "only_road", "drive 4,4 S"),
        script(PORT, _M + "police_meets", "place straight 4,3 r0", "drive 4,4 N"),
        note(_M + "lanes"),
        learn(FUGITIVE, _M + "overpass", "place overpass 4,4 r0"),
        learn(FUGITIVE, _M + "long_drive", "drive 3,1 E"),
        script(PORT, _M + "police_drives_on", "drive 5,6 W"),
        script(PORT, _M + "u_turn", "place u-turn 5,6 r1"),
        script(PORT, _M + "threat", "catch S"),
        learn(FUGITIVE, _M + "bomb", "bomb"),
        script(PORT, _M + "detour", "drive 3,2 E"),
        learn(FUGITIVE, _M + "one_bomb_left", "place t-junction 3,1 r3"),
        learn(FUGITIVE, _M + "last_drive", "drive 3,2 N"),
        note(_M + "swap"),
        learn(PORT, _M + "police_place", "place t-junction 3,2 r2", "place t-junction 3,2 r3"),  # both go on north
        learn(PORT, _M + "police_drive", "drive 3,0 S"),
        script(FUGITIVE, _M + "falconi_flees", "drive 3,0 E", "place t-junction 3,0 r0", "drive 2,0 E"),
        learn(PORT, _M + "catch", "catch E"),
        script(FUGITIVE, _M + "last_bomb", "bomb"),
        learn(PORT, _M + "catch_again", "catch S"),
    ),
    outro=_M + "done",
)
