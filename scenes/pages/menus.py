"""The title menu, the first page. The game choice it leads to lives in ``scenes/pages/game_choice.py``; each
game's options page (Falconi's pizzas, Fredericus' table) lives in its own package and is reached through its
board (``scenes.boards``); the seat set-up lives in ``scenes/pages/seats.py``."""

from __future__ import annotations

import pygame

from scenes.context import AppContext
from scenes.kit import input as inp
from scenes.kit import tooltip
from scenes.kit.results import OtherSlots, PlayCopy, QuitApp, SceneResult
from scenes.kit.stack import Push, Quit, Transition
from scenes.kit.ui import TEXT, MenuItem
from scenes.online.comeback import ComebackScene, describe_online, online_to_continue
from scenes.online.menus import OnlineMenuScene
from scenes.online.network import real_network
from scenes.pages.game_choice import GameChoiceScene
from scenes.pages.menu_page import CENTRE_X, MenuScene
from scenes.pages.overlays import ConfirmOverlay, RulesOverlay, SettingsOverlay
from scenes.pages.saved_games import SavedGamesScene, describe_slot, list_slots, play_copy, resume_slot
from scenes.pages.stats_scene import StatsScene
from scenes.pages.title_motion import TitleMotion
from scenes.pages.tutorial_menus import LearnScene


class TitleScene(MenuScene):
    title_key = "app.title"
    background = "title"

    MENU_TOP, MENU_ROW = 196, 50  # nine rows, and the focused one's note under them, above the window's foot

    def __init__(self, context: AppContext) -> None:
        self.motion = TitleMotion()  # the car on the road, the falcons over the castle
        super().__init__(context)
        self._lay_out()

    def rebuild(self) -> None:
        super().rebuild()
        self._lay_out()

    def _lay_out(self) -> None:
        self.menu.top, self.menu.row = self.MENU_TOP, self.MENU_ROW
        self.menu.layout()

    @property
    def animating(self) -> bool:
        return self.motion.moving

    def handle(self, intent: inp.Intent) -> Transition | None:
        self.motion.stir()
        return super().handle(intent)

    def update(self, dt: float) -> Transition | None:
        self.motion.update(dt)
        return None

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        super().draw_backdrop(surface)
        self.motion.draw(surface)

    def build_items(self) -> list[MenuItem]:
        tr = self.context.tr
        slots = list_slots(self.context)
        latest = slots[0] if slots else None  # what Continue resumes: the game saved last, or an online seat
        online = online_to_continue(self.context, latest.saved_at if latest is not None else None)
        if online is not None:
            note = describe_online(self.context, *online)
        else:
            note = describe_slot(self.context, latest) if latest is not None else ""
        return [
            MenuItem(tr("menu.new_game"), self._new_game, key="new", icon="play", tip="menu.new_game.tip"),
            MenuItem(tr("tutorial.menu"), self._learn, key="learn", icon="hint",
                     tip="tutorial.menu.tip"),
            MenuItem(tr("menu.online"), self._online, key="online", icon="player", tip="menu.online.tip"),
            MenuItem(tr("menu.continue"), self._continue, enabled=latest is not None or online is not None,
                     key="continue", icon="resume", note=note),
            MenuItem(tr("saves.menu"), self._saved_games, enabled=latest is not None, key="saves", icon="log",
                     tip="saves.menu.tip"),
            MenuItem(tr("menu.rules"), self._rules, key="rules", icon="rules"),
            MenuItem(tr("stats.title"), lambda: Push(StatsScene(self.context)), key="stats", icon="star",
                     tip="stats.menu.tip"),
            MenuItem(tr("menu.settings"), self._settings, key="settings", icon="settings"),
            MenuItem(tr("menu.quit"), self.back, key="quit", icon="quit"),
        ]

    def back(self) -> Transition | None:
        return Push(ConfirmOverlay(self.context, self.context.tr("confirm.quit_game"), QuitApp()))

    def resume(self, result: SceneResult | None) -> Transition | None:
        self.motion.stir()  # back from a page the player closed
        match result:
            case QuitApp():
                return Quit()
            case PlayCopy(name):  # the game Continue named is open elsewhere
                transition = play_copy(self.context, name)
                if transition is not None:
                    return transition
            case OtherSlots():
                return self._saved_games()
        return super().resume(result)

    def _new_game(self) -> Transition:
        self.context.notices.clear()
        return Push(GameChoiceScene(self.context))

    def _online(self) -> Transition:
        self.context.notices.clear()
        return Push(OnlineMenuScene(self.context))

    def _learn(self) -> Transition:
        self.context.notices.clear()
        return Push(LearnScene(self.context))

    def _continue(self) -> Transition | None:
        slots = list_slots(self.context)
        online = online_to_continue(self.context, slots[0].saved_at if slots else None)
        if online is not None:  # the last game was played at a table online: back to its seat
            self.context.notices.clear()
            return Push(ComebackScene(self.context, (self.context.network or real_network)(), *online))
        transition = resume_slot(self.context, slots[0].name) if slots else None
        if transition is None:
            self.rebuild()
        return transition

    def _saved_games(self) -> Transition:
        self.context.notices.clear()
        return Push(SavedGamesScene(self.context))

    def _rules(self) -> Transition:
        return Push(RulesOverlay(self.context, None))

    def _settings(self) -> Transition:
        return Push(SettingsOverlay(self.context))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        subtitle = self.context.text.blit(surface, self.context.tr("app.subtitle"), 28, TEXT, shadow=2,
                                          midtop=(CENTRE_X, 140))
        tooltip.control(subtitle, "subtitle")

