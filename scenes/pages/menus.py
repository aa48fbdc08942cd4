"""The menus before a game: the title and the game choice. Each game's options page (Falconi's pizzas,
Fredericus' table) lives in its own package and is reached through its board (``scenes.boards``); the seat
set-up lives in ``scenes/pages/seats.py``."""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from scenes.boards import boards
from scenes.boardspec import BoardSpec
from scenes.context import AppContext
from scenes.kit import input as inp
from scenes.kit import tooltip, ui_art
from scenes.kit.stack import Pop, Push, Quit, Scene, Transition
from scenes.kit.ui import ACCENT, DANGER, LOGICAL_SIZE, TEXT, Menu, MenuItem
from scenes.pages.stats_scene import StatsScene
from scenes.pages.title_motion import TitleMotion

CENTRE_X = LOGICAL_SIZE[0] // 2
TITLE_EMBLEM = 84  # the emblems either side of a page's title
ROW_EMBLEM = 36  # an emblem at the left end of a menu row
GAME_EMBLEM = 176  # each game's emblem beside the game choice
UNFOCUSED = (120, 120, 140)  # the tint of the game's emblem that does not have the focus


class MenuScene(Scene):
    """A titled menu page. ``Back`` leaves it, unless the subclass answers otherwise."""

    title_key = ""
    background = "menu"  # the picture behind the page (see scenes.kit.ui_art.BACKGROUNDS)
    menu_x = CENTRE_X  # the middle of the menu's items

    def __init__(self, context: AppContext) -> None:
        self.context = context
        self.menu = Menu(self.build_items(), centre_x=self.menu_x, text=context.text, sound=context.audio.play)

    def build_items(self) -> list[MenuItem]:
        raise NotImplementedError

    def rebuild(self) -> None:
        """Make the items again (the language changed, a save appeared…), keeping the focus."""
        focus = self.menu.focus
        self.menu = Menu(self.build_items(), centre_x=self.menu_x, top=self.menu.top, width=self.menu.width,
                         text=self.context.text, sound=self.context.audio.play)
        self.menu.focus = min(focus, len(self.menu.items) - 1)
        if not self.menu.focused.enabled:
            self.menu.move(1)

    def handle(self, intent: inp.Intent) -> Transition | None:
        if intent.kind == inp.BACK:
            return self.back()
        if intent.kind == inp.HELP:
            from scenes.pages.overlays import RulesOverlay

            return Push(RulesOverlay(self.context, None))
        return self.menu.handle(intent)

    def back(self) -> Transition | None:
        return Pop()

    def resume(self, result: Any) -> Transition | None:
        self.rebuild()
        return None

    def emblem(self) -> str:
        """The emblem either side of the title (see scenes.kit.ui_art.EMBLEMS), or "" for none."""
        return ""

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """What lies behind the page's title and menu: its background picture."""
        ui_art.draw_background(surface, self.background)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        text, tr = self.context.text, self.context.tr
        title = text.blit(surface, tr(self.title_key), 64, ACCENT, bold=True, shadow=3, midtop=(CENTRE_X, 70))
        if self.emblem():
            for x in (title.left - 24 - TITLE_EMBLEM // 2, title.right + 24 + TITLE_EMBLEM // 2):
                tooltip.emblem(surface, self.emblem(), TITLE_EMBLEM, center=(x, title.centery))
        self.menu.draw(surface, text)
        lines = [line for notice in self.context.notices[-3:] for line in text.wrap(notice, 1100, 24)][-5:]
        for number, line in enumerate(reversed(lines)):
            text.blit(surface, line, 24, DANGER, shadow=2, midbottom=(CENTRE_X, 690 - 26 * number))


def draw_row_emblems(surface: pygame.Surface, menu: Menu, emblems: dict[str, str]) -> None:
    """An emblem at the left end of the rows whose key ``emblems`` names: a pizza, a game."""
    for item, rect in zip(menu.items, menu.rects):
        if item.key in emblems:
            tooltip.emblem(surface, emblems[item.key], ROW_EMBLEM, focus=rect if item is menu.focused else None,
                           midleft=(rect.x + 10, rect.centery))


class TitleScene(MenuScene):
    title_key = "app.title"
    background = "title"

    def __init__(self, context: AppContext) -> None:
        self.motion = TitleMotion()  # the car on the road, the falcons over the castle
        super().__init__(context)

    @property
    def animating(self) -> bool:
        return True

    def update(self, dt: float) -> Transition | None:
        self.motion.update(dt)
        return None

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        super().draw_backdrop(surface)
        self.motion.draw(surface)

    def build_items(self) -> list[MenuItem]:
        from scenes.pages.saved_games import describe_slot, list_slots

        tr = self.context.tr
        slots = list_slots(self.context)
        latest = slots[0] if slots else None  # what Continue resumes: the game saved last
        return [
            MenuItem(tr("menu.new_game"), self._new_game, key="new", icon="play", tip="menu.new_game.tip"),
            MenuItem(tr("tutorial.menu"), self._learn, key="learn", icon="hint",
                     tip="tutorial.menu.tip"),
            MenuItem(tr("menu.continue"), self._continue, enabled=latest is not None, key="continue",
                     icon="resume", note=describe_slot(self.context, latest) if latest is not None else ""),
            MenuItem(tr("saves.menu"), self._saved_games, enabled=latest is not None, key="saves", icon="log",
                     tip="saves.menu.tip"),
            MenuItem(tr("menu.rules"), self._rules, key="rules", icon="rules"),
            MenuItem(tr("stats.title"), lambda: Push(StatsScene(self.context)), key="stats", icon="star",
                     tip="stats.menu.tip"),
            MenuItem(tr("menu.settings"), self._settings, key="settings", icon="settings"),
            MenuItem(tr("menu.quit"), self.back, key="quit", icon="quit"),
        ]

    def back(self) -> Transition | None:
        from scenes.pages.overlays import ConfirmOverlay

        return Push(ConfirmOverlay(self.context, self.context.tr("confirm.quit_game"), "quit"))

    def resume(self, result: Any) -> Transition | None:
        from scenes.pages.saved_games import play_copy

        if result == "quit":
            return Quit()
        if isinstance(result, tuple) and result[0] == "copy":  # the game Continue named is open elsewhere
            transition = play_copy(self.context, result[1])
            if transition is not None:
                return transition
        if isinstance(result, tuple) and result[0] == "list":
            return self._saved_games()
        return super().resume(result)

    def _new_game(self) -> Transition:
        self.context.notices.clear()
        return Push(GameChoiceScene(self.context))

    def _learn(self) -> Transition:
        from scenes.pages.tutorial_menus import LearnScene

        self.context.notices.clear()
        return Push(LearnScene(self.context))

    def _continue(self) -> Transition | None:
        from scenes.pages.saved_games import list_slots, resume_slot

        slots = list_slots(self.context)
        transition = resume_slot(self.context, slots[0].name) if slots else None
        if transition is None:
            self.rebuild()
        return transition

    def _saved_games(self) -> Transition:
        from scenes.pages.saved_games import SavedGamesScene

        self.context.notices.clear()
        return Push(SavedGamesScene(self.context))

    def _rules(self) -> Transition:
        from scenes.pages.overlays import RulesOverlay

        return Push(RulesOverlay(self.context, None))

    def _settings(self) -> Transition:
        from scenes.pages.overlays import SettingsOverlay

        return Push(SettingsOverlay(self.context))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        subtitle = self.context.text.blit(surface, self.context.tr("app.subtitle"), 28, TEXT, shadow=2,
                                          midtop=(CENTRE_X, 140))
        tooltip.control(subtitle, "subtitle")


def beside_menu(number: int) -> tuple[int, int]:
    """Where the ``number``-th large emblem beside a menu stands: the first left of it, the next right, the
    ones after those under them."""
    x = 180 if number % 2 == 0 else LOGICAL_SIZE[0] - 180
    return x, 300 + number // 2 * (GAME_EMBLEM + 14)


class GameChoiceScene(MenuScene):
    """The games, each with its emblem: large either side of the menu, the focused one lit. Each leads to its
    options page, as its board says."""

    title_key = "menu.choose_game"
    background = "title"

    def build_items(self) -> list[MenuItem]:
        tr = self.context.tr
        items = [MenuItem(tr(game.title_key), partial(self._choose, game), note=tr(game.note_key), key=game.name)
                 for game in boards()]
        return items + [MenuItem(tr("menu.back"), self.back, key="back", icon="back")]

    def _choose(self, game: BoardSpec) -> Transition:
        return Push(game.options_page(self.context))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        draw_row_emblems(surface, self.menu, {game.name: game.emblem for game in boards()})
        for number, game in enumerate(boards()):
            tint = None if self.menu.focused.key == game.name else UNFOCUSED
            tooltip.emblem(surface, game.emblem, GAME_EMBLEM, tint=tint, center=beside_menu(number))


def difficulty_icons(level: int) -> list[str]:
    """The five stars of a difficulty from 1 to 5: that many filled, the rest empty."""
    return ["star"] * level + ["star_empty"] * (5 - level)
