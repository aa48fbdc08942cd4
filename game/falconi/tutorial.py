"""The Pizza Margherita lessons. The seed was found by a small search for a game where the lessons come up by
themselves: the Port police comes up behind Don Falconi with a U-turn and he answers with a Chili Bomb, then
the learner takes the police car and catches him through a second road.

The first path plays that whole game in ten short screens; the further lessons are today's longer script cut in
four, each starting where the one before it ends (its opening is the main line up to there)."""

from __future__ import annotations

from game.core.tutorial import LEARNER, Step, TutorialScript, learn, main_line, note, script, steps
from game.falconi.constants import FUGITIVE, PORT
from game.falconi.options import FalconiOptions
from game.falconi.tiles import CROSSROADS

_M = "tutorial.margherita."
_SEATS = (True, False, True, False)
_OPTIONS = FalconiOptions("margherita")
_SEED = 565
_TURNS = steps(
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
)
_LANES = steps(
    script(PORT, _M + "police_meets", "place straight 4,3 r0", "drive 4,4 N"),
    note(_M + "lanes"),
    learn(FUGITIVE, _M + "overpass", "place overpass 4,4 r0"),
    learn(FUGITIVE, _M + "long_drive", "drive 3,1 E"),
    script(PORT, _M + "police_drives_on", "drive 5,6 W"),
)
_BOMB = steps(
    script(PORT, _M + "u_turn", "place u-turn 5,6 r1"),
    script(PORT, _M + "threat", "catch S"),
    learn(FUGITIVE, _M + "bomb", "bomb"),
    script(PORT, _M + "detour", "drive 3,2 E"),
    learn(FUGITIVE, _M + "one_bomb_left", "place t-junction 3,1 r3"),
    learn(FUGITIVE, _M + "last_drive", "drive 3,2 N"),
)
_POLICE = steps(
    note(_M + "swap"),
    learn(PORT, _M + "police_place", "place t-junction 3,2 r2", "place t-junction 3,2 r3"),  # both go on north
    learn(PORT, _M + "police_drive", "drive 3,0 S"),
    script(FUGITIVE, _M + "falconi_flees", "drive 3,0 E", "place t-junction 3,0 r0", "drive 2,0 E"),
    learn(PORT, _M + "catch", "catch E"),
    script(FUGITIVE, _M + "last_bomb", "bomb"),
    learn(PORT, _M + "catch_again", "catch S"),
)


def _first(lesson: str, *told: str) -> tuple[Step, ...]:
    """The steps of today's script told by the texts ``told``, in order, now told by one screen's text ``lesson``
    of the first path; each learner step keeps its own line of what it wants (a screen that asks for a tile and
    a drive says which one it is waiting for)."""
    keys = {_M + key for key in told}
    return tuple(Step(step.kind, _P + lesson, step.seat, step.actions, step.point,
                      step.wanted if step.kind == LEARNER else "")
                 for step in _TURNS + _LANES + _BOMB + _POLICE if step.lesson in keys)


_P = "tutorial.path.falconi."
MARGHERITA = TutorialScript(
    name="margherita",
    game="falconi",
    in_play=_SEATS,
    seed=_SEED,
    options=_OPTIONS,
    learner_seats=frozenset({FUGITIVE, PORT}),
    steps=steps(
        note(_P + "welcome"),
        _first("turn", "place", "drive"),
        _first("rotate", "police_turn", "rotate", "drive_again"),
        _first("north", "police_again", "your_turn", "drive_on", "police_closer", "straight", "only_road"),
        _first("lanes", "police_meets", "lanes"),
        _first("overpass", "overpass", "long_drive"),
        _first("bomb", "police_drives_on", "u_turn", "threat", "bomb"),
        _first("escape", "detour", "one_bomb_left", "last_drive"),
        _first("police", "police_place", "police_drive"),
        _first("catch", "falconi_flees", "catch", "last_bomb", "catch_again"),
    ),
    outro=_P + "done",
)


def _more(name: str, done: tuple[Step, ...], part: tuple[Step, ...], outro: str = "tutorial.more.done") -> \
        TutorialScript:
    """A further lesson: ``part`` of today's long script, from the position ``done`` leads to."""
    return TutorialScript(name=name, game="falconi", in_play=_SEATS, seed=_SEED, options=_OPTIONS,
                          learner_seats=frozenset({FUGITIVE, PORT}), steps=part, outro=outro,
                          opening=main_line(done))


MORE = (
    _more("margherita_turns", (), _TURNS),
    _more("margherita_lanes", _TURNS, _LANES),
    _more("margherita_bomb", _TURNS + _LANES, _BOMB),
    _more("margherita_police", _TURNS + _LANES + _BOMB, _POLICE, outro=_M + "done"),
)
