"""The end of a game: who won and why, the scores, and what next — a rematch, the next game of a Falconi
series (the fugitive's role passes round so everyone plays him once, with a running score), a new series
once everyone has played him, or the menu."""

from __future__ import annotations

import pygame

from game.services.match import Match
from game.services.series import next_in_series, passes_fugitive_round, rematch
from scenes.boards import board
from scenes.context import AppContext
from scenes.kit import input as inp
from scenes.kit import tooltip, ui_art
from scenes.kit.stack import Push, Replace, Reset, Scene, Transition
from scenes.kit.ui import ACCENT, DIM, LOGICAL_SIZE, TEXT, Menu, MenuItem, panel

CENTRE_X = LOGICAL_SIZE[0] // 2
TEXT_WIDTH = LOGICAL_SIZE[0] - 280  # lines are wrapped as plain text: the margin leaves room for bold ones
RESULT_TOP = 160  # the first line of the result, in a box under the title
EMBLEM = 96  # the game's emblem either side of the title


class GameOverScene(Scene):
    def __init__(self, context: AppContext, match: Match) -> None:
        self.context, self.match, self.series = context, match, match.series
        self.board = board(match.setup.game)
        self.in_series = passes_fugitive_round(match.setup)
        # the next game of the series, or the first of a new one: the fugitive's seat passes on either way
        self.following = next_in_series(match.setup)
        self.menu = Menu(self._items(), top=470, text=context.text, sound=context.audio.play)
        self.music = self.board.music  # the game's loop plays on over its result

    def _items(self) -> list[MenuItem]:
        tr = self.context.tr
        rematch_item = MenuItem(tr("over.rematch"), self._rematch, key="rematch",
                                note=tr("over.rematch.note") if self.in_series else "", icon="rotate",
                                tip="tips.over.rematch")
        menu_item = MenuItem(tr("over.menu"), self._menu, key="menu", icon="home")
        replay_item = MenuItem(tr("over.replay"), self._replay, key="replay", icon="resume", tip="tips.over.replay")
        if self.in_series:
            return [self._series_item(), rematch_item, replay_item, menu_item]
        return [rematch_item, replay_item, menu_item]

    def _replay(self) -> Transition:
        from scenes.playing.replay import ReplayScene

        return Push(ReplayScene(self.context, self.match))

    def _series_item(self) -> MenuItem:
        """First, so a plain confirm goes on with the series: the next game, or a new series at its end."""
        tr = self.context.tr
        seat = self.following.spec.series_seat or 0  # a series exists only where one seat goes round
        fugitive = self._name(self.following.seats[seat].person)
        if self.series.is_complete:
            return MenuItem(tr("over.new_series"), self._new_series, key="new_series",
                            note=tr("over.new_series.note", name=fugitive), icon="play")
        return MenuItem(tr("over.next_in_series"), self._next, key="series",
                        note=tr("over.next_in_series.note", name=fugitive), icon="play")

    def _rematch(self) -> Transition:
        """The same seats and people with a new seed; as the roles repeat, it cannot be part of the series,
        so its running score starts again."""
        return self._start(Match(rematch(self.match.setup)))

    def _next(self) -> Transition:
        return self._start(Match(self.following, self.series))

    def _new_series(self) -> Transition:
        return self._start(Match(self.following))

    def _start(self, match: Match) -> Transition:
        from scenes.playing.play import start_match_scene

        return Replace(start_match_scene(self.context, match))

    def _menu(self) -> Transition:
        from scenes.pages.menus import TitleScene

        return Reset(TitleScene(self.context))

    def handle(self, intent: inp.Intent) -> Transition | None:
        """Back first moves the focus to "Main menu", and leaves only from there: a reflex press of Esc does
        not throw the result away."""
        if intent.kind == inp.BACK:
            last = len(self.menu.items) - 1
            if self.menu.focus == last:
                return self._menu()
            self.menu.focus = last
            return None
        return self.menu.handle(intent)

    def headline(self) -> str:
        tr, state = self.context.tr, self.match.state
        outcome = state.outcome
        assert outcome is not None
        names = [f"{tr(self.board.seat_key(seat))} ({self._player(seat)})" for seat in sorted(outcome.winners)]
        return tr("over.winners", names=", ".join(names)) if names else tr("over.nobody")

    def _player(self, seat: int) -> str:
        plan = self.match.setup.seats[seat]
        if plan.kind == "person":
            return self._name(plan.person)
        return self.context.tr("setup.ai", level=self.context.tr(f"level.{plan.level}"))

    def _name(self, person: int) -> str:
        return self.context.person_name(self.match.setup.people[person])

    def reason(self) -> str:
        outcome = self.match.state.outcome
        assert outcome is not None
        return self.context.tr(f"outcome.{self.match.setup.game}.{outcome.termination}")

    def series_lines(self) -> list[str]:
        """The running score during a series; at its end, who won it and the final score."""
        if not self.in_series:
            return []
        tr, series = self.context.tr, self.series
        scores = "   ".join(f"{self._name(person)}: {wins}" for person, wins in enumerate(series.wins))
        if not series.is_complete:
            return [tr("over.series", games=series.games, total=series.people, scores=scores)]
        leaders = [self._name(person) for person in series.leaders()]
        result = tr("over.series_winner", name=leaders[0]) if len(leaders) == 1 else tr(
            "over.series_tied", names=", ".join(leaders))
        return [result, tr("over.series_final", games=series.games, scores=scores)]

    def paragraphs(self) -> list[tuple[str, int, tuple[int, ...], bool, int]]:
        """What the screen says under its title, as (text, size, colour, bold, space after): who won and why,
        the scores, the series, and the seed."""
        tr, setup = self.context.tr, self.match.setup
        result: list[tuple[str, int, tuple[int, ...], bool, int]] = [
            (self.headline(), 40, TEXT, True, 7), (self.reason(), 30, TEXT, False, 17)]
        for line in self.board.result_lines(tr, setup, self.match.state):  # the scores, in a game that has them
            result.append((line, 28, TEXT, False, 4))
        for number, line in enumerate(self.series_lines()):
            announced = self.series.is_complete and number == 0
            result.append((line, 34 if announced else 28, ACCENT if announced else TEXT, announced, 4))
        result.append((tr("over.seed", seed=setup.seed), 22, DIM, False, 0))
        return result

    def draw(self, surface: pygame.Surface) -> None:
        ui_art.draw_background(surface, "menu")
        text, setup = self.context.text, self.match.setup
        title = text.blit(surface, self.context.tr("over.title"), 60, ACCENT, bold=True, shadow=3,
                          midtop=(CENTRE_X, 60))
        emblem = self.board.setup_emblem(setup.options)
        for x in (title.left - 30 - EMBLEM // 2, title.right + 30 + EMBLEM // 2):
            tooltip.emblem(surface, emblem, EMBLEM, center=(x, title.centery))
        paragraphs = self.paragraphs()
        height = sum(len(text.wrap(line, TEXT_WIDTH, size)) * (size + 8) + space
                     for line, size, _, _, space in paragraphs)
        box = pygame.Rect(0, RESULT_TOP - 16, TEXT_WIDTH + 140, height + 28)
        box.centerx = CENTRE_X
        panel(surface, box)
        y = RESULT_TOP
        for line, size, colour, bold, space in paragraphs:
            y = self._centred(surface, line, size, colour, y, bold) + space
        self.menu.draw(surface, text)

    def _centred(self, surface: pygame.Surface, line: str, size: int, colour: tuple[int, ...], y: int,
                 bold: bool = False) -> int:
        """Draw ``line`` centred from ``y`` down, wrapped so long names are never cut off; returns the y below."""
        text = self.context.text
        for part in text.wrap(line, TEXT_WIDTH, size):
            text.blit(surface, part, size, colour, bold=bold, midtop=(CENTRE_X, y))
            y += size + 8
        return y
