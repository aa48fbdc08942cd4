"""The end of a game: who won and why, the scores, and what next — a rematch, the next game of a Falconi
series (the fugitive's role passes round so everyone plays him once, with a running score), or the menu."""

from __future__ import annotations

import pygame

from game.match import Match
from game.series import Series, next_in_series, rematch
from scenes import input as inp
from scenes.context import AppContext
from scenes.stack import Replace, Reset, Scene, Transition
from scenes.ui import ACCENT, BACKGROUND, DIM, LOGICAL_SIZE, TEXT, Menu, MenuItem

CENTRE_X = LOGICAL_SIZE[0] // 2


class GameOverScene(Scene):
    def __init__(self, context: AppContext, match: Match, series: Series) -> None:
        self.context, self.match, self.series = context, match, series
        tr = context.tr
        items = [MenuItem(tr("over.rematch"), self._rematch, key="rematch")]
        if match.setup.game == "falconi" and len(match.setup.people) > 1:
            items.append(MenuItem(tr("over.next_in_series"), self._next, note=tr("over.next_in_series.note"),
                                  key="series"))
        items.append(MenuItem(tr("over.menu"), self._menu, key="menu"))
        self.menu = Menu(items, top=470)

    def _rematch(self) -> Transition:
        from scenes.play import start_match_scene

        return Replace(start_match_scene(self.context, Match(rematch(self.match.setup)), self.series))

    def _next(self) -> Transition:
        from scenes.play import start_match_scene

        return Replace(start_match_scene(self.context, Match(next_in_series(self.match.setup)), self.series))

    def _menu(self) -> Transition:
        from scenes.menus import TitleScene

        return Reset(TitleScene(self.context))

    def handle(self, intent: inp.Intent) -> Transition | None:
        if intent.kind == inp.BACK:
            return self._menu()
        return self.menu.handle(intent)

    def headline(self) -> str:
        tr, setup, state = self.context.tr, self.match.setup, self.match.state
        outcome = state.outcome
        assert outcome is not None
        names = [f"{tr(f'seat.{setup.game}.{seat}')} ({self._player(seat)})" for seat in sorted(outcome.winners)]
        return tr("over.winners", names=", ".join(names)) if names else tr("over.nobody")

    def _player(self, seat: int) -> str:
        plan = self.match.setup.seats[seat]
        if plan.kind == "person":
            return self.match.setup.people[plan.person].name
        return self.context.tr("setup.ai", level=self.context.tr(f"level.{plan.level}"))

    def reason(self) -> str:
        outcome = self.match.state.outcome
        assert outcome is not None
        return self.context.tr(f"outcome.{self.match.setup.game}.{outcome.termination}")

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(BACKGROUND)
        text, tr, setup = self.context.text, self.context.tr, self.match.setup
        text.blit(surface, tr("over.title"), 60, ACCENT, bold=True, midtop=(CENTRE_X, 60))
        text.blit(surface, self.headline(), 40, TEXT, bold=True, midtop=(CENTRE_X, 150))
        text.blit(surface, self.reason(), 30, TEXT, midtop=(CENTRE_X, 205))
        y = 260
        if setup.game == "fredericus":
            points = self.match.state.scores()  # type: ignore[attr-defined]
            line = "   ".join(f"{tr(f'seat.fredericus.{seat}')}: {points[seat]}" for seat in range(len(setup.seats)))
            text.blit(surface, tr("over.scores", scores=line), 28, TEXT, midtop=(CENTRE_X, y))
            y += 40
        if len(setup.people) > 1 or self.series.games > 1:
            line = "   ".join(f"{person.name}: {wins}" for person, wins in zip(setup.people, self.series.wins))
            text.blit(surface, tr("over.series", games=self.series.games, scores=line), 28, TEXT,
                      midtop=(CENTRE_X, y))
            y += 40
        text.blit(surface, tr("over.seed", seed=setup.seed), 22, DIM, midtop=(CENTRE_X, y))
        self.menu.draw(surface, text)
