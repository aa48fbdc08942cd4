"""The tutorials' pages: "Learn to play" (each game's first path, and the further lessons), the list of further
lessons, the menu Back opens during a tutorial, and the card at its end that sends the learner on to a ready
game."""

from __future__ import annotations

import random

import pygame

from game.services.match import MatchSetup, people_of
from game.services.tutorials import FIRST_PATHS, MORE_LESSONS, Tutorial
from scenes.boards import board
from scenes.context import AppContext
from scenes.kit import input as inp
from scenes.kit import tooltip
from scenes.kit.results import LeaveGame, MoreLessons, PlayReadyGame, RestartTutorial, SceneResult
from scenes.kit.stack import Pop, Push, Transition
from scenes.kit.ui import MenuItem
from scenes.pages.menu_page import GAME_EMBLEM, UNFOCUSED, MenuScene, beside_menu, draw_row_emblems
from scenes.pages.overlays import CENTRE_X, TITLE_SIZE, MenuOverlay, RulesOverlay, SettingsOverlay
from scenes.router import pages

END_EMBLEM = 64  # either side of the end card's title


def lesson_item(context: AppContext, tutorial: Tutorial) -> MenuItem:
    """A lesson's row: its name and what it teaches; choosing it starts it."""
    tr = context.tr
    return MenuItem(tr(f"tutorial.item.{tutorial.name}"), lambda: Push(pages().tutorial(context, tutorial)),
                    note=tr(f"tutorial.item.{tutorial.name}.note"), key=tutorial.name)


class LearnScene(MenuScene):
    """Each game's first path, with its emblem and what it teaches, then the further lessons."""

    title_key = "tutorial.menu"
    background = "title"

    def build_items(self) -> list[MenuItem]:
        tr = self.context.tr
        items = [lesson_item(self.context, tutorial) for tutorial in FIRST_PATHS.values()]
        items.append(MenuItem(tr("tutorial.more"), lambda: Push(MoreLessonsScene(self.context)),
                              note=tr("tutorial.more.note"), key="more", icon="rules"))
        items.append(MenuItem(tr("menu.back"), self.back, key="back", icon="back"))
        return items

    def draw(self, surface: pygame.Surface) -> None:
        """As the game choice: each game's emblem large beside the menu, the focused one lit."""
        super().draw(surface)
        paths = {tutorial.name: tutorial for tutorial in FIRST_PATHS.values()}
        draw_row_emblems(surface, self.menu, {name: tutorial_emblem(tutorial) for name, tutorial in paths.items()})
        for number, (name, tutorial) in enumerate(paths.items()):
            tint = None if self.menu.focused.key == name else UNFOCUSED
            tooltip.emblem(surface, board(tutorial.setup.game).emblem, GAME_EMBLEM, tint=tint,
                           center=beside_menu(number))


class MoreLessonsScene(MenuScene):
    """The further lessons, each a short script on one rule: every game's, or one game's (from its end card)."""

    title_key = "tutorial.more.title"
    background = "title"

    def __init__(self, context: AppContext, game: str | None = None) -> None:
        self.game = game
        super().__init__(context)

    def build_items(self) -> list[MenuItem]:
        lessons = [tutorial for game, tutorials in MORE_LESSONS.items() if self.game in (None, game)
                   for tutorial in tutorials]
        items = [lesson_item(self.context, tutorial) for tutorial in lessons]
        items.append(MenuItem(self.context.tr("menu.back"), self.back, key="back", icon="back"))
        return items

    def draw(self, surface: pygame.Surface) -> None:
        """Each lesson with its game's emblem at the start of its row."""
        super().draw(surface)
        draw_row_emblems(surface, self.menu, {tutorial.name: tutorial_emblem(tutorial)
                                              for tutorials in MORE_LESSONS.values() for tutorial in tutorials})


class TutorialMenu(MenuOverlay):
    """Back during a tutorial: go on, start again, read the rules, change a setting, or leave."""

    def __init__(self, context: AppContext) -> None:
        super().__init__(context, top=240)

    @property
    def title(self) -> str:
        return self.context.tr("tutorial.pause.title")

    def build_items(self) -> list[MenuItem]:
        tr = self.context.tr
        return [
            MenuItem(tr("tutorial.pause.resume"), lambda: Pop(), key="resume", icon="play"),
            MenuItem(tr("tutorial.pause.restart"), lambda: Pop(RestartTutorial()), key="restart", icon="undo"),
            MenuItem(tr("menu.rules"), lambda: Push(RulesOverlay(self.context, None)), key="rules", icon="rules"),
            MenuItem(tr("menu.settings"), lambda: Push(SettingsOverlay(self.context)), key="settings",
                     icon="settings"),
            MenuItem(tr("tutorial.pause.leave"), lambda: Pop(LeaveGame()), note=tr("tutorial.pause.leave.note"),
                     key="leave", icon="quit"),
        ]

    def resume(self, result: SceneResult | None) -> Transition | None:
        self.refresh()  # the language may have changed in the settings
        return None


class TutorialEndOverlay(MenuOverlay):
    """Well done: what the tutorial taught, and on to a ready game (Enter: it is the first row), the further
    lessons, the same tutorial again, or the title."""

    side = 120  # the text is a few sentences: a wide box keeps it to few lines

    def __init__(self, context: AppContext, tutorial: Tutorial) -> None:
        self.tutorial = tutorial
        super().__init__(context, context.tr("tutorial.done.title"), top=420)

    def explanation(self) -> str:
        return self.context.tr(self.tutorial.outro)

    def build_items(self) -> list[MenuItem]:
        tr = self.context.tr
        return [
            MenuItem(tr("tutorial.done.real"), lambda: Pop(PlayReadyGame()), note=tr("tutorial.done.real.note"),
                     key="real", icon="play", tip="tips.tutorial.real"),
            MenuItem(tr("tutorial.done.more"), lambda: Pop(MoreLessons()), key="more", icon="rules",
                     tip="tips.tutorial.more"),
            MenuItem(tr("tutorial.done.again"), lambda: Pop(RestartTutorial()), key="again", icon="undo"),
            MenuItem(tr("tutorial.done.menu"), lambda: Pop(LeaveGame()), key="menu", icon="home"),
        ]

    def handle(self, intent: inp.Intent) -> Transition | None:
        if intent.kind in (inp.BACK, inp.PAUSE):
            return Pop(LeaveGame())  # the lesson is over: Back goes to the title
        return self.menu.handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        """The overlay with the tutorial's emblem either side of its title."""
        super().draw(surface)
        box, text = self.box(), self.context.text
        width = text.render(self.title_lines()[0], TITLE_SIZE, bold=True).get_width()
        for x in (CENTRE_X - width // 2 - 20 - END_EMBLEM // 2, CENTRE_X + width // 2 + 20 + END_EMBLEM // 2):
            tooltip.emblem(surface, tutorial_emblem(self.tutorial), END_EMBLEM,
                           center=(x, box.y + 26 + TITLE_SIZE // 2))


def tutorial_emblem(tutorial: Tutorial) -> str:
    """A tutorial's emblem: its game's set-up's (Margherita's pizza, Fredericus' own)."""
    return board(tutorial.setup.game).setup_emblem(tutorial.setup.options)


def ready_setup(tutorial: Tutorial, name: str = "") -> MatchSetup:
    """The game "Play a real game" starts at once: the tutorial's game and options (Margherita after its
    lessons), the learner, under the ``name`` set in Settings if any, in the seat the seat set-up offers first
    (Don Falconi, Red) against AI seats at the normal level, on a new seed. No set-up page stands between, so
    no preset is changed on the way."""
    spec = board(tutorial.setup.game)
    return MatchSetup(tutorial.game, spec.first_seats, people_of(name),
                      seed=random.SystemRandom().randrange(1, 1_000_000), options=tutorial.options)
