"""The Fredericus lessons. The seed was found by a small search for a game where the lessons come up by
themselves: a card moved sets up a goshawk's catch, the rival's falcon lands between two trees, and two seals
wait beside the next post.

The first path plays that game in nine short screens; the further lessons are today's longer script cut in two,
the second starting where the first ends (its opening is the main line up to there)."""

from __future__ import annotations

from game.core.tutorial import LEARNER, Step, TutorialScript, learn, main_line, note, script, steps

RED, BLUE = 0, 1  # the seats

_F = "tutorial.fredericus."
_SEED = 74
_ANY_TOWER = tuple(f"bet {tower}" for tower in (2, 6, 0, 1, 3, 4, 5, 7))
_CATCH = steps(
    note(_F + "welcome"),
    note(_F + "posts", point=("raptor", 0)),
    learn(RED, _F + "bet", *_ANY_TOWER),
    learn(RED, _F + "bet_again", *_ANY_TOWER),
    script(BLUE, _F + "blue_bets", "bet 6", "bet 1"),
    learn(RED, _F + "move_card", "card 2 3"),
    learn(RED, _F + "move_seal", "card 5 6"),
    learn(RED, _F + "capture", "capture 0g"),
    learn(RED, _F + "end_turn", "end"),
    learn(RED, _F + "tokens", "stay"),
)
_HOOD = steps(
    script(BLUE, _F + "blue_turn", "raptor 1f 0", "raptor 1g 6", "card 1 0", "end", "token 1 4"),
    learn(RED, _F + "hood", "hood 0 1f"),
    learn(RED, _F + "move_raptor", "raptor 0f 7"),
    learn(RED, _F + "flip", "flip 7"),
    learn(RED, _F + "seal", "seal 0", "seal 6"),
)


def _first(lesson: str, *told: str) -> tuple[Step, ...]:
    """The steps of today's script told by the texts ``told``, in order, now told by one screen's text ``lesson``
    of the first path; each learner step keeps its own line of what it wants."""
    keys = {_F + key for key in told}
    return tuple(Step(step.kind, _P + lesson, step.seat, step.actions, step.point,
                      step.wanted if step.kind == LEARNER else "") for step in _CATCH + _HOOD if step.lesson in keys)


_P = "tutorial.path.fredericus."
TUTORIAL = TutorialScript(
    name="fredericus",
    game="fredericus",
    in_play=(True, True),
    seed=_SEED,
    learner_seats=frozenset({RED}),
    steps=steps(
        note(_P + "welcome"),
        note(_P + "posts", point=("raptor", 0)),
        _first("bet", "bet", "bet_again"),
        _first("cards", "blue_bets", "move_card", "move_seal"),
        _first("capture", "capture"),
        _first("end", "end_turn", "tokens"),
        _first("hood", "blue_turn", "hood"),
        _first("raptor", "move_raptor"),
        _first("flip", "flip", "seal"),
    ),
    outro=_P + "done",
)


def _more(name: str, done: tuple[Step, ...], part: tuple[Step, ...], outro: str) -> TutorialScript:
    """A further lesson: ``part`` of today's long script, from the position ``done`` leads to."""
    return TutorialScript(name=name, game="fredericus", in_play=(True, True), seed=_SEED,
                          learner_seats=frozenset({RED}), steps=part, outro=outro, opening=main_line(done))


MORE = (
    _more("fredericus_catch", (), _CATCH, "tutorial.more.done"),
    _more("fredericus_hood", _CATCH, _HOOD, _F + "done"),
)
