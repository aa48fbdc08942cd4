"""The menus before a game: title, game choice, variant select (Falconi) or table options (Fredericus).
Seat set-up lives in ``scenes/seats.py``."""

from __future__ import annotations

from typing import Any

import pygame

from game.falconi.variants import VARIANTS
from game.saves import SaveError
from scenes import input as inp
from scenes.context import AppContext
from scenes.stack import Pop, Push, Quit, Scene, Transition
from scenes.ui import ACCENT, BACKGROUND, DANGER, DIM, LOGICAL_SIZE, TEXT, Menu, MenuItem


def report_unreadable_save(context: AppContext, error: SaveError) -> None:
    """Tell the player, on the next menu, that the save could not be resumed, where it was kept and why."""
    context.notices.append(context.tr("notice.save_unreadable", file=error.kept.name))
    context.notices.append(error.reason)


class MenuScene(Scene):
    """A titled menu page. ``Back`` leaves it, unless the subclass answers otherwise."""

    title_key = ""

    def __init__(self, context: AppContext) -> None:
        self.context = context
        self.menu = Menu(self.build_items(), text=context.text)

    def build_items(self) -> list[MenuItem]:
        raise NotImplementedError

    def rebuild(self) -> None:
        """Make the items again (the language changed, a save appeared…), keeping the focus."""
        focus = self.menu.focus
        self.menu = Menu(self.build_items(), top=self.menu.top, width=self.menu.width, text=self.context.text)
        self.menu.focus = min(focus, len(self.menu.items) - 1)
        if not self.menu.focused.enabled:
            self.menu.move(1)

    def handle(self, intent: inp.Intent) -> Transition | None:
        if intent.kind == inp.BACK:
            return self.back()
        if intent.kind == inp.HELP:
            from scenes.overlays import RulesOverlay

            return Push(RulesOverlay(self.context, None))
        return self.menu.handle(intent)

    def back(self) -> Transition | None:
        return Pop()

    def resume(self, result: Any) -> Transition | None:
        self.rebuild()
        return None

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(BACKGROUND)
        text, tr = self.context.text, self.context.tr
        pygame.draw.rect(surface, (200, 40, 40), (0, 0, LOGICAL_SIZE[0], 8))
        pygame.draw.rect(surface, (40, 150, 70), (0, LOGICAL_SIZE[1] - 8, LOGICAL_SIZE[0], 8))
        text.blit(surface, tr(self.title_key), 64, ACCENT, bold=True, midtop=(LOGICAL_SIZE[0] // 2, 70))
        self.menu.draw(surface, text)
        lines = [line for notice in self.context.notices[-3:] for line in text.wrap(notice, 1100, 24)][-5:]
        for number, line in enumerate(reversed(lines)):
            text.blit(surface, line, 24, DANGER, midbottom=(LOGICAL_SIZE[0] // 2, 690 - 26 * number))


class TitleScene(MenuScene):
    title_key = "app.title"

    def build_items(self) -> list[MenuItem]:
        tr = self.context.tr
        return [
            MenuItem(tr("menu.new_game"), self._new_game, key="new"),
            MenuItem(tr("menu.continue"), self._continue, enabled=self.context.saves.has_save(), key="continue"),
            MenuItem(tr("menu.rules"), self._rules, key="rules"),
            MenuItem(tr("menu.settings"), self._settings, key="settings"),
            MenuItem(tr("menu.quit"), self.back, key="quit"),
        ]

    def back(self) -> Transition | None:
        from scenes.overlays import ConfirmOverlay

        return Push(ConfirmOverlay(self.context, self.context.tr("confirm.quit_game"), "quit"))

    def resume(self, result: Any) -> Transition | None:
        if result == "quit":
            return Quit()
        return super().resume(result)

    def _new_game(self) -> Transition:
        self.context.notices.clear()
        return Push(GameChoiceScene(self.context))

    def _continue(self) -> Transition | None:
        from scenes.play import start_match_scene

        self.context.notices.clear()
        try:
            match = self.context.saves.load()
        except SaveError as error:
            report_unreadable_save(self.context, error)
            self.rebuild()
            return None
        return Push(start_match_scene(self.context, match))

    def _rules(self) -> Transition:
        from scenes.overlays import RulesOverlay

        return Push(RulesOverlay(self.context, None))

    def _settings(self) -> Transition:
        from scenes.overlays import SettingsOverlay

        return Push(SettingsOverlay(self.context))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.context.text.blit(surface, self.context.tr("app.subtitle"), 28, DIM, midtop=(LOGICAL_SIZE[0] // 2, 140))


class GameChoiceScene(MenuScene):
    title_key = "menu.choose_game"

    def build_items(self) -> list[MenuItem]:
        tr = self.context.tr
        return [
            MenuItem(tr("game.falconi"), lambda: Push(VariantScene(self.context)), note=tr("game.falconi.note"),
                     key="falconi"),
            MenuItem(tr("game.fredericus"), lambda: Push(FredericusOptionsScene(self.context)),
                     note=tr("game.fredericus.note"), key="fredericus"),
            MenuItem(tr("menu.back"), self.back, key="back"),
        ]


def difficulty_marker(level: int) -> str:
    return "*" * level + "." * (5 - level)


class VariantScene(MenuScene):
    """The five pizzas, each with a one-line description and a difficulty marker (1 to 5)."""

    title_key = "menu.choose_variant"

    def build_items(self) -> list[MenuItem]:
        tr = self.context.tr
        items = [
            MenuItem(f"{tr('variant.' + name)}   {difficulty_marker(variant.difficulty)}",
                     lambda name=name: self._choose(name), note=tr(f"variant.{name}.summary"), key=name)
            for name, variant in VARIANTS.items()
        ]
        items.append(MenuItem(tr("menu.back"), self.back, key="back"))
        return items

    def _choose(self, variant: str) -> Transition:
        from scenes.seats import SeatSetupScene

        return Push(SeatSetupScene(self.context, "falconi", variant=variant))


class FredericusOptionsScene(MenuScene):
    """How many falconers, and whether to play the shorter game (R-9)."""

    title_key = "game.fredericus"

    def __init__(self, context: AppContext) -> None:
        self.players = 2
        self.short_game = False
        super().__init__(context)

    def build_items(self) -> list[MenuItem]:
        tr = self.context.tr
        return [
            MenuItem(tr("setup.players"), choices=["2", "3", "4"], index=self.players - 2,
                     on_change=self._set_players, key="players"),
            MenuItem(tr("setup.short_game"), choices=[tr("common.no"), tr("common.yes")], index=int(self.short_game),
                     on_change=self._set_short, note=tr("setup.short_game.note"), key="short"),
            MenuItem(tr("menu.next"), self._next, key="next"),
            MenuItem(tr("menu.back"), self.back, key="back"),
        ]

    def _set_players(self, index: int) -> None:
        self.players = index + 2

    def _set_short(self, index: int) -> None:
        self.short_game = bool(index)

    def _next(self) -> Transition:
        from scenes.seats import SeatSetupScene

        return Push(SeatSetupScene(self.context, "fredericus", players=self.players, short_game=self.short_game))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.context.text.blit(surface, self.context.tr("game.fredericus.note"), 26, TEXT,
                               midtop=(LOGICAL_SIZE[0] // 2, 150))
