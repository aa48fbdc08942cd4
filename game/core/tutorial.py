"""A tutorial as a script: a game set up on a fixed seed, and its steps in order. Each game's package writes
its own (``game/<game>/tutorial.py``) and registers it with the game (:mod:`game.registry`).

A step is a card to read (``NOTE``), an action the learner is asked for (``LEARNER``: one of a few accepted
actions, the first one legal at that point being the one the arrow shows), or an action played for another
seat (``SCRIPT``). Each step names the catalog key of its lesson text (``assets/i18n/<language>/tutorial.json``);
a learner step also has a line saying what it wants, shown when the learner chooses something else (its key is
the lesson's with ``.wanted`` added). Steps that follow one another with the same text make one screen, and
the screens are what the lesson box numbers. Each game registers its first path first (a few short screens a
newcomer finishes in five minutes), then its further lessons, each a short script of its own.
Set-up plus actions determine a game, so a script replays the same way every time;
``game.services.tutorials.problems`` replays every way of following it on the rules core, so a rules change
that breaks a tutorial fails the tests.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.options import DEFAULTS, GameOptions
from game.core.protocol import NO_SEAT, Seat

NOTE, LEARNER, SCRIPT = "note", "learner", "script"


@dataclass(frozen=True)
class Step:
    """One step of a tutorial. ``point`` is a board option as the game's view names it (``("tile", 3)``,
    ``("raptor", 0)``) for a note that shows something on the board."""

    kind: str
    lesson: str
    seat: Seat = NO_SEAT
    actions: tuple[str, ...] = ()
    point: tuple[str, int] | None = None
    want: str = ""  # the key of the line saying what this step wants, where its screen asks for several things

    @property
    def wanted(self) -> str:
        """The catalog key of the line that says what a learner step asks for, in words that need no arrow: the
        lesson's with ``.wanted`` added, unless the step names its own (a screen that asks for two actions)."""
        return self.want or self.lesson + ".wanted"


def note(lesson: str, point: tuple[str, int] | None = None) -> Step:
    return Step(NOTE, lesson, point=point)


def learn(seat: Seat, lesson: str, *actions: str, want: str = "") -> Step:
    return Step(LEARNER, lesson, seat, actions, want=want)


def script(seat: Seat, lesson: str, *actions: str) -> tuple[Step, ...]:
    """Actions played for ``seat`` one after the other, all told by the same lesson text."""
    return tuple(Step(SCRIPT, lesson, seat, (action,)) for action in actions)


def steps(*parts: Step | tuple[Step, ...]) -> tuple[Step, ...]:
    return tuple(step for part in parts for step in ((part,) if isinstance(part, Step) else part))


def main_line(done: tuple[Step, ...]) -> tuple[str, ...]:
    """The actions of ``done`` when the learner takes the first one each step offers: the opening of a lesson cut
    from a longer script at the point where ``done`` ends."""
    return tuple(step.actions[0] for step in done if step.kind != NOTE)


@dataclass(frozen=True)
class TutorialScript:
    """A tutorial: its game, the seats in play (one person plays every one of them: the learner or the
    script), the seed and options of its game, the seats whose secrets the learner may see, its steps and the
    end card's text. A lesson cut from the middle of a game starts after its ``opening``, the actions played
    before its first step."""

    name: str
    game: str
    in_play: tuple[bool, ...]
    seed: int
    learner_seats: frozenset[Seat]
    steps: tuple[Step, ...]
    outro: str
    options: GameOptions = DEFAULTS  # its game's options record
    opening: tuple[str, ...] = ()

    @property
    def screen_count(self) -> int:
        """How many screens the learner sees: a run of steps told by one lesson text is one screen."""
        return self.screen_number(len(self.steps) - 1)

    def screen_number(self, index: int) -> int:
        """The number (from 1) of the screen that shows step ``index``."""
        return sum(1 for at in range(index + 1) if at == 0 or self.steps[at].lesson != self.steps[at - 1].lesson)

    def step_of(self, lesson: str) -> int:
        """The index of the first step with this lesson text (a place to start from, for pictures and tests)."""
        return next(index for index, step in enumerate(self.steps) if step.lesson == lesson)
