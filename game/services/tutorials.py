"""The two interactive tutorials as scripts: a game set up on a fixed seed, and its steps in order.

A step is a card to read (``NOTE``), an action the learner is asked for (``LEARNER``: one of a few accepted
actions, the first one legal at that point being the one the arrow shows), or an action played for another
seat (``SCRIPT``). Each step names the catalog key of its lesson text (``assets/i18n/<language>/tutorial.json``).
Set-up plus actions determine a game, so a script replays the same way every time; :func:`problems` replays
every way of following it on the rules core, so a rules change that breaks a tutorial fails the tests.

The seeds were found by a small search for games where the lessons come up by themselves: in Pizza Margherita
the Port police comes up behind Don Falconi with a U-turn and he answers with a Chili Bomb, then the learner
takes the police car and catches him through a second road; in Fredericus a card moved sets up a goshawk's
catch, the rival's falcon lands between two trees, and two seals wait beside the next post.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.errors import GameError
from game.core.protocol import NO_SEAT, Action, GameState, Seat
from game.services.match import OFF, MatchSetup, SeatPlan

NOTE, LEARNER, SCRIPT = "note", "learner", "script"
FUGITIVE, PORT = 0, 2  # Falconi's seats (game.falconi.constants), named here to keep the script readable
RED, BLUE = 0, 1  # Fredericus's seats
CROSSROADS = 3  # game.falconi.tiles: the kind of the first tile Don Falconi draws on this seed


@dataclass(frozen=True)
class Step:
    """One step of a tutorial. ``point`` is a board option as the game's view names it (``("tile", 3)``,
    ``("raptor", 0)``) for a note that shows something on the board."""

    kind: str
    lesson: str
    seat: Seat = NO_SEAT
    actions: tuple[str, ...] = ()
    point: tuple[str, int] | None = None


def note(lesson: str, point: tuple[str, int] | None = None) -> Step:
    return Step(NOTE, lesson, point=point)


def learn(seat: Seat, lesson: str, *actions: str) -> Step:
    return Step(LEARNER, lesson, seat, actions)


def script(seat: Seat, lesson: str, *actions: str) -> tuple[Step, ...]:
    """Actions played for ``seat`` one after the other, all told by the same lesson text."""
    return tuple(Step(SCRIPT, lesson, seat, (action,)) for action in actions)


@dataclass(frozen=True)
class Tutorial:
    """A tutorial: its set-up (one person at every seat the learner or the script plays), the seats whose
    secrets the learner may see, its steps and the end card's text."""

    name: str
    setup: MatchSetup
    learner_seats: frozenset[Seat]
    steps: tuple[Step, ...]
    outro: str

    def step_of(self, lesson: str) -> int:
        """The index of the first step with this lesson text (a place to start from, for pictures and tests)."""
        return next(index for index, step in enumerate(self.steps) if step.lesson == lesson)


def _steps(*parts: Step | tuple[Step, ...]) -> tuple[Step, ...]:
    return tuple(step for part in parts for step in ((part,) if isinstance(part, Step) else part))


_M = "tutorial.margherita."
MARGHERITA = Tutorial(
    name="margherita",
    setup=MatchSetup("falconi", (SeatPlan.human(0), OFF, SeatPlan.human(0), OFF), seed=565, variant="margherita"),
    learner_seats=frozenset({FUGITIVE, PORT}),
    steps=_steps(
        note(_M + "welcome"),
        note(_M + "drawn", point=("tile", CROSSROADS)),
        learn(FUGITIVE, _M + "place", "place crossroads 4,8 r0"),
        learn(FUGITIVE, _M + "drive", "drive 4,7 S"),
        script(PORT, _M + "police_turn", "place t-junction 4,0 r1", "drive 4,1 N"),
        learn(FUGITIVE, _M + "rotate", "place t-junction 4,7 r3"),
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
        learn(PORT, _M + "police_place", "place t-junction 3,2 r2"),
        learn(PORT, _M + "police_drive", "drive 3,0 S"),
        script(FUGITIVE, _M + "falconi_flees", "drive 3,0 E", "place t-junction 3,0 r0", "drive 2,0 E"),
        learn(PORT, _M + "catch", "catch E"),
        script(FUGITIVE, _M + "last_bomb", "bomb"),
        learn(PORT, _M + "catch_again", "catch S"),
    ),
    outro=_M + "done",
)

_F = "tutorial.fredericus."
_ANY_TOWER = tuple(f"bet {tower}" for tower in (2, 6, 0, 1, 3, 4, 5, 7))
FREDERICUS = Tutorial(
    name="fredericus",
    setup=MatchSetup("fredericus", (SeatPlan.human(0), SeatPlan.human(0)), seed=74),
    learner_seats=frozenset({RED}),
    steps=_steps(
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

TUTORIALS = {tutorial.name: tutorial for tutorial in (MARGHERITA, FREDERICUS)}


def accepted(state: GameState, step: Step) -> list[Action]:
    """The step's actions that are legal now, in the script's order (the first is the one to show)."""
    legal = state.legal_actions()
    found: list[Action] = []
    for text in step.actions:
        try:
            action = state.parse_action(text)
        except GameError:
            continue
        if action in legal:
            found.append(action)
    return found


def problems(tutorial: Tutorial) -> list[str]:
    """What is wrong with the script, replayed on the rules core along every way the learner may follow it:
    an action step for a seat that does not decide then, a scripted action that is not legal, a learner step
    none of whose actions is legal. Empty when the tutorial can be played to its end whatever was accepted."""
    found: list[str] = []

    def follow(state: GameState, index: int) -> None:
        while index < len(tutorial.steps) and not found:
            step = tutorial.steps[index]
            if step.kind == NOTE:
                index += 1
                continue
            where = f"{tutorial.name} step {index + 1} ({step.lesson})"
            if state.is_terminal():
                found.append(f"{where}: the game is already over")
                return
            if state.current_seat != step.seat:
                found.append(f"{where}: seat {state.current_seat} decides, not seat {step.seat}")
                return
            actions = accepted(state, step)
            if not actions or (step.kind == SCRIPT and len(actions) != len(step.actions)):
                found.append(f"{where}: none of {', '.join(step.actions)} is legal")
                return
            for action in actions[1:]:
                branch = state.clone()
                branch.apply(action)
                follow(branch, index + 1)
            state.apply(actions[0])
            index += 1

    follow(tutorial.setup.new_state(), 0)
    return found
