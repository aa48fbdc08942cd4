"""The tutorials of every registered game (each game's package writes its own scripts, see
:mod:`game.core.tutorial`: its first path, then its further lessons), the match each one is played in, and the
checks that replay them."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from game.core.errors import GameError
from game.core.protocol import Action, GameState
from game.core.tutorial import LEARNER, NOTE, SCRIPT, Step, TutorialScript
from game.registry import game_names, game_spec
from game.services.match import OFF, MatchSetup, SeatPlan

__all__ = ["FIRST_PATHS", "LEARNER", "MORE_LESSONS", "NOTE", "SCRIPT", "TUTORIALS", "Step", "Tutorial", "accepted",
           "problems"]


@dataclass(frozen=True)
class Tutorial(TutorialScript):
    """A tutorial script with the match set-up it is played in."""

    @property
    def setup(self) -> MatchSetup:
        seats = tuple(SeatPlan.human(0) if playing else OFF for playing in self.in_play)
        return MatchSetup(self.game, seats, seed=self.seed, options=self.options)

    @classmethod
    def of(cls, script: TutorialScript) -> Tutorial:
        return cls(**{item.name: getattr(script, item.name) for item in fields(script)})

    def start_state(self) -> GameState[Any]:
        """The position of the first step: the set-up's game with the opening played."""
        state = self.setup.new_state()
        for text in self.opening:
            state.apply(state.parse_action(text))
        return state


TUTORIALS = {script.name: Tutorial.of(script) for name in game_names() for script in game_spec(name).tutorials}
FIRST_PATHS = {name: TUTORIALS[game_spec(name).tutorials[0].name] for name in game_names() if game_spec(name).tutorials}
MORE_LESSONS = {name: tuple(TUTORIALS[script.name] for script in game_spec(name).tutorials[1:]) for name in FIRST_PATHS}


def accepted(state: GameState[Any], step: Step) -> list[Action]:
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

    def follow(state: GameState[Any], index: int) -> None:
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

    try:
        start = tutorial.start_state()
    except GameError as error:
        return [f"{tutorial.name} opening: {error}"]
    follow(start, 0)
    return found
