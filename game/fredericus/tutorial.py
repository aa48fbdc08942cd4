"""The Fredericus tutorial. The seed was found by a small search for a game where the lessons come up by
themselves: a card moved sets up a goshawk's catch, the rival's falcon lands between two trees, and two seals
wait beside the next post."""

from __future__ import annotations

from game.core.tutorial import TutorialScript, learn, note, script, steps

RED, BLUE = 0, 1  # the seats

_F = "tutorial.fredericus."
_ANY_TOWER = tuple(f"bet {tower}" for tower in (2, 6, 0, 1, 3, 4, 5, 7))
TUTORIAL = TutorialScript(
    name="fredericus",
    game="fredericus",
    in_play=(True, True),
    seed=74,
    learner_seats=frozenset({RED}),
    steps=steps(
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
        script(BLUE, _F + "blue_turn", "raptor 1f 0", "raptor 1g 6", "card 1 0", "end", "token 1 4"),
        learn(RED, _F + "hood", "hood 0 1f"),
        learn(RED, _F + "move_raptor", "raptor 0f 7"),
        learn(RED, _F + "flip", "flip 7"),
        learn(RED, _F + "seal", "seal 0", "seal 6"),
    ),
    outro=_F + "done",
)
