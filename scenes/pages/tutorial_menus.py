"""The tutorials' pages: "Learn to play" (which tutorial), the menu Back opens during a tutorial, and the card
at its end that sends the learner on to a real game."""

from __future__ import annotations

from functools import partial

import pygame

from game.services.tutorials import TUTORIALS, Tutorial
from scenes.boards import board
from scenes.context import AppContext
from scenes.kit import input as inp
from scenes.kit import tooltip
from scenes.kit.stack import Pop, Push, Scene, Transition
from scenes.kit.ui import MenuItem
from scenes.pages.menu_page import GAME_EMBLEM, UNFOCUSED, MenuScene, beside_menu, draw_row_emblems
from scenes.pages.overlays import CENTRE_X, TITLE_SIZE, MenuOverlay, RulesOverlay, SettingsOverlay
from scenes.router import pages

END_EMBLEM = 64  # either side of the end card's title


class LearnScene(MenuScene):
    """The two tutorials, each with its emblem and what it teaches."""

    title_key = "tutorial.menu"
    background = "title"

    def build_items(self) -> list[MenuItem]:
        tr = self.context.tr
        items = [MenuItem(tr(f"tutorial.item.{name}"), partial(self._start, name),
                          note=tr(f"tutorial.item.{name}.note"), key=name) for name in TUTORIALS]
        items.append(MenuItem(tr("menu.back"), self.back, key="back", icon="back"))
        return items

    def _start(self, name: str) -> Transition:
        return Push(pages().tutorial(self.context, TUTORIALS[name]))

    def draw(self, surface: pygame.Surface) -> None:
        """As the game choice: each game's emblem large beside the menu, the focused one lit."""
        super().draw(surface)
        draw_row_emblems(surface, self.menu, {name: tutorial_emblem(tutorial) for name, tutorial in TUTORIALS.items()})
        for number, (name, tutorial) in enumerate(TUTORIALS.items()):
            tint = None if self.menu.focused.key == name else UNFOCUSED
            tooltip.emblem(surface, board(tutorial.setup.game).emblem, GAME_EMBLEM, tint=tint,
                           center=beside_menu(number))


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
            MenuItem(tr("tutorial.pause.restart"), lambda: Pop("again"), key="restart", icon="undo"),
            MenuItem(tr("menu.rules"), lambda: Push(RulesOverlay(self.context, None)), key="rules", icon="rules"),
            MenuItem(tr("menu.settings"), lambda: Push(SettingsOverlay(self.context)), key="settings",
                     icon="settings"),
            MenuItem(tr("tutorial.pause.leave"), lambda: Pop("quit"), note=tr("tutorial.pause.leave.note"),
                     key="leave", icon="quit"),
        ]

    def resume(self, result: object) -> Transition | None:
        self.refresh()  # the language may have changed in the settings
        return None


class TutorialEndOverlay(MenuOverlay):
    """Well done: what the tutorial taught, and on to a real game, the same tutorial again, or the title."""

    side = 120  # the text is a few sentences: a wide box keeps it to few lines

    def __init__(self, context: AppContext, tutorial: Tutorial) -> None:
        self.tutorial = tutorial
        super().__init__(context, context.tr("tutorial.done.title"), top=420)

    def explanation(self) -> str:
        return self.context.tr(self.tutorial.outro)

    def build_items(self) -> list[MenuItem]:
        tr = self.context.tr
        return [
            MenuItem(tr("tutorial.done.real"), lambda: Pop("real"), key="real", icon="play"),
            MenuItem(tr("tutorial.done.again"), lambda: Pop("again"), key="again", icon="undo"),
            MenuItem(tr("tutorial.done.menu"), lambda: Pop("quit"), key="menu", icon="home"),
        ]

    def handle(self, intent: inp.Intent) -> Transition | None:
        if intent.kind in (inp.BACK, inp.PAUSE):
            return Pop("quit")  # the lesson is over: Back goes to the title
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


def real_game_page(context: AppContext, tutorial: Tutorial) -> Scene:
    """Where "Play a real game" leads: the game's options page (the pizzas after Margherita's tutorial,
    Fredericus's table options after its own)."""
    return board(tutorial.setup.game).options_page(context)
