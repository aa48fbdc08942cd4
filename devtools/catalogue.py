"""Every scene and overlay of the window, ready to open over the title menu: what the frame bench times and
the screenshot tool draws (``python main.py bench frames``, ``python main.py screenshots``)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.services.match import Match, MatchSetup, Person, SeatPlan
from scenes.context import AppContext

VARIANTS = ("margherita", "funghi", "prosciutto", "salami", "diavola")


@dataclass(frozen=True)
class Screen:
    """One screen: ``make`` builds the scenes to push over the title menu, bottom first. A board screen has AI
    seats that go on playing; ``until`` names the scene that must come on top before it is measured or drawn
    (a finished game shows its final position first)."""

    name: str
    make: Callable[[], list[Any]]
    is_board: bool = False
    until: str | None = None


def every_screen(context: AppContext) -> list[Screen]:
    """The menus, the overlays, and the boards of all five pizzas and of Fredericus with 2 and 4 falconers,
    where AI seats play (the busiest the boards get: moves, animations and thinking all at once)."""
    from scenes.pages.menus import FredericusOptionsScene, GameChoiceScene, VariantScene
    from scenes.pages.overlays import ConfirmOverlay, PauseOverlay, RulesOverlay, SettingsOverlay
    from scenes.pages.seats import SeatSetupScene
    from scenes.pages.stats_scene import StatsScene, sample_stats
    from scenes.pages.whatchanges import WhatChangesCard
    from scenes.playing.play import start_match_scene

    people = (Person("Anna"), Person("Bruno", "pad1"))
    off, normal, hard = SeatPlan("off"), SeatPlan.ai("normal"), SeatPlan.ai("hard")
    solo = MatchSetup("falconi", (SeatPlan.human(0), normal, normal, normal), people[:1], seed=3, variant="salami")
    two = MatchSetup("falconi", (SeatPlan.human(0), off, SeatPlan.human(1), off), people, seed=3, variant="diavola")
    pad_first = MatchSetup("falconi", (SeatPlan.human(1), off, SeatPlan.human(0), off), people, seed=3)

    def board(setup: MatchSetup) -> Callable[[], list[Any]]:
        return lambda: [start_match_scene(context, Match(setup))]

    def paused() -> list[Any]:
        play = start_match_scene(context, Match(solo))
        return [play, PauseOverlay(context, play.match)]

    def statistics() -> list[Any]:
        context.stats = sample_stats()  # the catalogue runs on a throw-away data folder: nobody's record
        return [StatsScene(context)]

    screens = [
        Screen("title", lambda: []),
        Screen("game choice", lambda: [GameChoiceScene(context)]),
        Screen("variant select", lambda: [VariantScene(context)]),
        Screen("new pizza card", lambda: [VariantScene(context), WhatChangesCard(
            context, "diavola", lambda: SeatSetupScene(context, "falconi", variant="diavola"))]),
        Screen("fredericus options", lambda: [FredericusOptionsScene(context)]),
        Screen("seat set-up", lambda: [SeatSetupScene(context, "falconi", variant="diavola")]),
        Screen("settings", lambda: [SettingsOverlay(context)]),
        Screen("rules help", lambda: [RulesOverlay(context, None)]),
        Screen("statistics", statistics),
        Screen("confirm quit", lambda: [ConfirmOverlay(context, context.tr("confirm.quit_game"), "quit")]),
        Screen("pause", paused),
        Screen("hand-over", board(two)),
        Screen("pad prompt", board(pad_first)),
        Screen("game over", lambda: [start_match_scene(context, finished(Match(solo)))], until="GameOverScene"),
    ]
    screens += tutorial_screens(context)
    screens += [Screen(f"falconi/{variant}", board(MatchSetup("falconi", (hard, normal, normal, normal), seed=3,
                                                                variant=variant)), is_board=True)
                for variant in VARIANTS]
    screens += [Screen(f"fredericus/{players}p", board(MatchSetup("fredericus", (hard,) * players, seed=3)),
                       is_board=True)
                for players in (2, 4)]
    return screens


def animated_boards() -> list[tuple[str, MatchSetup]]:
    """Set-ups whose animations the frame bench replays: every pizza and Fredericus with 2 and 4 falconers,
    every seat one person's (so moves follow each other with no AI thinking and no hand-over)."""
    person = SeatPlan.human(0)
    boards = [(f"falconi/{variant}", MatchSetup("falconi", (person,) * 4, seed=3, variant=variant))
              for variant in VARIANTS]
    boards += [(f"fredericus/{players}p", MatchSetup("fredericus", (person,) * players, seed=3))
               for players in (2, 4)]
    return boards


def midgame_screens(context: AppContext, actions: int = 24) -> list[Screen]:
    """Boards some way into a game, a person to play and AI seats waiting: what a player sees most of the time."""
    from scenes.playing.play import start_match_scene

    person, normal = SeatPlan.human(0), SeatPlan.ai("normal")

    def board(setup: MatchSetup) -> Callable[[], list[Any]]:
        return lambda: [start_match_scene(context, played(Match(setup), actions))]

    screens = [Screen(f"midgame falconi/{variant}",
                      board(MatchSetup("falconi", (person, normal, normal, normal), seed=5, variant=variant)))
               for variant in VARIANTS]
    screens += [Screen(f"midgame fredericus/{players}p",
                       board(MatchSetup("fredericus", (person,) + (normal,) * (players - 1), seed=5)))
                for players in (2, 3, 4)]
    return screens


def open_screen(app: Any, screen: Screen, seconds: float = 10.0) -> None:
    """Push the screen's scenes over the title menu and run frames until its ``until`` scene is on top."""
    from scenes.kit.stack import Push

    for scene in screen.make():
        app.stack.apply(Push(scene))
    deadline = time.perf_counter() + seconds
    while screen.until and type(app.stack.top).__name__ != screen.until and time.perf_counter() < deadline:
        app.frame()


def finished(match: Match) -> Match:
    """``match`` played to its end at random, so that its board moves on to the game-over screen."""
    rng = random.Random(1)
    while not match.state.is_terminal():
        match.play(rng.choice(match.state.legal_actions()))
    return match


def played(match: Match, actions: int) -> Match:
    """``match`` after up to ``actions`` random actions, stopping early on seat 0's turn once past half of them
    (so a person is to play), and never at the end."""
    rng = random.Random(2)
    for number in range(actions):
        state = match.state
        if number >= actions // 2 and state.current_seat == 0:
            break
        legal = state.legal_actions()
        for action in rng.sample(legal, len(legal)):
            trial = state.clone()
            trial.apply(action)
            if not trial.is_terminal():
                match.play(action)
                break
        else:
            break
    return match


def tutorial_screens(context: AppContext) -> list[Screen]:
    """The tutorials' screens: the choice page, a lesson of each tutorial with its pointer, the tutorial's menu
    and the end card."""
    from game.services.tutorials import TUTORIALS, Tutorial
    from scenes.pages.tutorial_menus import LearnScene, TutorialEndOverlay, TutorialMenu
    from scenes.playing.tutorial import TutorialScene

    margherita, fredericus = TUTORIALS["margherita"], TUTORIALS["fredericus"]

    def lesson(tutorial: Tutorial, key: str) -> TutorialScene:
        return TutorialScene(context, tutorial, tutorial.step_of(key))

    return [
        Screen("learn to play", lambda: [LearnScene(context)]),
        Screen("tutorial/margherita", lambda: [lesson(margherita, "tutorial.margherita.bomb")]),
        Screen("tutorial/fredericus", lambda: [lesson(fredericus, "tutorial.fredericus.hood")]),
        Screen("tutorial menu", lambda: [lesson(fredericus, "tutorial.fredericus.capture"), TutorialMenu(context)]),
        Screen("tutorial end", lambda: [TutorialScene(context, margherita, len(margherita.steps)),
                                        TutorialEndOverlay(context, margherita)]),
    ]
