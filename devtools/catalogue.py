"""Every scene and overlay of the window, ready to open over the title menu: what the frame bench times and
the screenshot tool draws (``python main.py bench frames``, ``python main.py screenshots``)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from devtools.games import Showcase, TutorialShowcase, parts
from game.services.match import Match, MatchSetup
from game.services.saves import SlotInfo
from scenes.context import AppContext


@dataclass(frozen=True)
class Screen:
    """One screen: ``make`` builds the scenes to push over the title menu, bottom first. A board screen has AI
    seats that go on playing; ``until`` names the scene that must come on top before it is measured or drawn
    (a finished game shows its final position first)."""

    name: str
    make: Callable[[], list[Any]]
    is_board: bool = False
    until: str | None = None
    languages: tuple[str, ...] = ()  # the screenshot tool draws it once in each, the file named for each; ()
    # for once in the app's language (the other tools draw every screen in the language they are set to)


def every_screen(context: AppContext) -> list[Screen]:
    """The menus, the overlays (the game log and the saved games among them), the replay, the boards of a few
    moments of the rules (a Diavola turn in which Don Falconi must smash a block), and the boards of all five
    pizzas and of Fredericus with 2 and 4 falconers, where AI seats play (the busiest the boards get: moves,
    animations and thinking all at once).

    What differs between games comes from each game's own part (``devtools/<game>/window.py``): its option
    pages, its boards and its tutorial; the screens any game could show (the seat set-up, pause, hand-over,
    the pad prompt, game over) show the first game that offers a :class:`Showcase`."""
    from game.online.seats_kept import KeptSeat
    from scenes.kit.results import QuitApp
    from scenes.online.comeback import ComebackScene
    from scenes.online.network import offline_network
    from scenes.pages.game_choice import GameChoiceScene
    from scenes.pages.log_overlay import LogOverlay
    from scenes.pages.overlays import ConfirmOverlay, PauseOverlay, RulesOverlay, SettingsOverlay
    from scenes.pages.saved_games import PAGE, HeldSlotOverlay, SavedGamesScene, SlotOverlay
    from scenes.pages.seats import SeatSetupScene
    from scenes.pages.stats_scene import StatsScene, sample_stats
    from scenes.playing.sources.local import start_match_scene
    from scenes.playing.sources.replay import replay_scene

    showcase = _showcase()

    def board(setup: MatchSetup) -> Callable[[], list[Any]]:
        return lambda: [start_match_scene(context, Match(setup))]

    def paused() -> list[Any]:
        play = start_match_scene(context, Match(showcase.solo))
        return [play, PauseOverlay(context, play.source.match)]

    def game_log() -> list[Any]:
        play = start_match_scene(context, played(Match(showcase.solo), 24))
        return [play, LogOverlay(context, play.match.log, play.sentences, len(play.last_turn()))]

    def statistics() -> list[Any]:
        context.stats = sample_stats()  # the catalogue runs on a throw-away data folder: nobody's record
        return [StatsScene(context)]

    def saved_games() -> list[Any]:
        """Enough saved games (in the throw-away data folder) for two pages of the list."""
        while len(context.saves.slots()) <= PAGE:
            slot = context.saves.new_slot()
            slot.save(played(Match(showcase.solo), 2 + 3 * len(context.saves.slots())))
            slot.release()
        return [SavedGamesScene(context)]

    def saved_game(overlay: Callable[[SlotInfo], Any]) -> Callable[[], list[Any]]:
        def make() -> list[Any]:
            scenes = saved_games()
            return scenes + [overlay(context.saves.slots()[0])]

        return make

    screens = [Screen("title", lambda: []), Screen("game choice", lambda: [GameChoiceScene(context)])]
    for _name, part in parts("window"):
        screens += part.menu_screens(context)
    screens += [
        Screen("seat set-up", lambda: [SeatSetupScene(context, showcase.solo.game, options=showcase.seat_options)]),
        Screen("settings", lambda: [SettingsOverlay(context)]),
        Screen("rules help", lambda: [RulesOverlay(context, None)]),
        *diagram_screens(context),
        Screen("statistics", statistics),
        Screen("saved games", saved_games),
        Screen("saved game", saved_game(lambda info: SlotOverlay(context, info))),
        Screen("saved game open elsewhere", saved_game(lambda info: HeldSlotOverlay(context, info.name))),
        Screen("continue host gone", lambda: [ComebackScene(  # Continue to an online seat whose host is gone
            context, offline_network(), KeptSeat("192.168.1.20:47470", "t1", 0, "token"), showcase.solo.game)]),
        Screen("confirm quit", lambda: [ConfirmOverlay(context, context.tr("confirm.quit_game"), QuitApp())]),
        Screen("pause", paused),
        Screen("game log", game_log),
        Screen("hand-over", board(showcase.two)),
        Screen("pad prompt", board(showcase.pad_first)),
        Screen("game over", lambda: [start_match_scene(context, finished(Match(showcase.solo)))],
               until="GameOverScene"),
        Screen("replay", lambda: [replay_scene(context, finished(Match(showcase.solo)))], languages=("en", "it")),
    ]
    screens += tutorial_screens(context)
    screens += [screen for _name, part in parts("window") for screen in part.moment_screens(context)]
    screens += [Screen(name, board(setup), is_board=True)
                for _name, part in parts("window") for name, setup in part.board_screens()]
    return screens


def diagram_screens(context: AppContext) -> list[Screen]:
    """The rules help scrolled to each diagram, on the first page that shows it: its picture and caption at the
    top, and what follows."""
    from scenes.boards import boards
    from scenes.pages.overlays import RulesOverlay

    def opened_at(topic: str, name: str) -> Callable[[], list[Any]]:
        def make() -> list[Any]:
            rules = RulesOverlay(context, None)
            rules.topic = rules.topics.index(topic)
            rules.scroll(rules.page().figure_row(name) - 1)  # a line of the paragraph above stays in view
            return [rules]
        return make

    first: dict[str, Screen] = {}
    for spec in boards():
        for topic, placed in spec.illustrations.figures.items():
            for _paragraph, figure in placed:
                first.setdefault(figure.name, Screen(f"rules {figure.name}", opened_at(topic, figure.name)))
    return list(first.values())


def _showcase() -> Showcase:
    """The set-ups of the screens any game could show: the first game's that has them."""
    found = next((showcase for _name, part in parts("window") if (showcase := part.showcase()) is not None), None)
    if found is None:
        raise LookupError("no game offers the catalogue a showcase (devtools/<game>/window.py)")
    return found


def animated_boards() -> list[tuple[str, MatchSetup]]:
    """Set-ups whose animations the frame bench replays: every pizza and Fredericus with 2 and 4 falconers,
    every seat one person's (so moves follow each other with no AI thinking and no hand-over)."""
    return [board for _name, part in parts("window") for board in part.animated_boards()]


def midgame_screens(context: AppContext, actions: int = 24) -> list[Screen]:
    """Boards some way into a game, a person to play and AI seats waiting: what a player sees most of the time."""
    from scenes.playing.sources.local import start_match_scene

    def board(setup: MatchSetup) -> Callable[[], list[Any]]:
        return lambda: [start_match_scene(context, played(Match(setup), actions))]

    return [Screen(name, board(setup)) for _name, part in parts("window") for name, setup in part.midgame_boards()]


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
    """The tutorials' screens: the choice page, the further lessons, a lesson of each game's first path with its
    pointer, the tutorial's menu (over the last tutorial) and the end card (of the first)."""
    from game.services.tutorials import TUTORIALS, Tutorial
    from scenes.pages.tutorial_menus import LearnScene, MoreLessonsScene, TutorialEndOverlay, TutorialMenu
    from scenes.playing.play import PlayScene
    from scenes.playing.sources.tutorial import tutorial_scene

    shown: list[TutorialShowcase] = [showcase for _name, part in parts("window")
                                     if (showcase := part.tutorial()) is not None]

    def lesson(tutorial: Tutorial, key: str) -> PlayScene:
        return tutorial_scene(context, tutorial, tutorial.step_of(key))

    def lesson_screen(item: TutorialShowcase) -> Screen:
        return Screen(f"tutorial/{item.name}", lambda: [lesson(TUTORIALS[item.name], item.lesson)])

    screens = [Screen("learn to play", lambda: [LearnScene(context)]),
               Screen("more lessons", lambda: [MoreLessonsScene(context)])]
    screens += [lesson_screen(item) for item in shown]
    if shown:
        last, first = TUTORIALS[shown[-1].name], TUTORIALS[shown[0].name]
        screens += [
            Screen("tutorial menu", lambda: [lesson(last, shown[-1].under_menu), TutorialMenu(context)]),
            Screen("tutorial end", lambda: [tutorial_scene(context, first, len(first.steps)),
                                            TutorialEndOverlay(context, first)]),
        ]
    return screens
