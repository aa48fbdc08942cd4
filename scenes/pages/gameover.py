"""The end of a game: the final board, where the winning moment (the catch, the escape, the last capture) plays
again every few seconds with its words in a banner, under the final points and status; beside it who won and
why, the points by category counted up row by row (in a game that keeps them), the scores, what next — a
rematch, the next game of a Falconi series (the fugitive's role passes round so everyone plays him once, with
a running score), a new series once everyone has played him, the replay or the menu — and the log, whole on
L or a click."""

from __future__ import annotations

from typing import Any

import pygame

from game.core.explanation import Explanation
from game.core.protocol import Action, GameState
from game.services.match import LogEntry, Match
from game.services.series import next_in_series, plays_as_series, rematch
from scenes.boards import board
from scenes.context import AppContext
from scenes.kit import input as inp
from scenes.kit import tooltip, ui_art
from scenes.kit.animation import Timeline
from scenes.kit.score_table import Tally, paint_table
from scenes.kit.stack import Push, Replace, Reset, Scene, Transition
from scenes.kit.ui import ACCENT, DIM, TEXT, Menu, MenuItem
from scenes.pages.log_overlay import LogOverlay, last_turn, sentences
from scenes.playing import event_banner
from scenes.playing.board_picture import BoardPicture
from scenes.playing.gameview import PANEL_AREA
from scenes.playing.people import named_seats
from scenes.playing.sources.replay import replay_scene
from scenes.router import pages

CENTRE_X = PANEL_AREA.centerx
TEXT_WIDTH = PANEL_AREA.width - 40
TITLE_TOP = PANEL_AREA.y + 16
EMBLEM = 44  # the game's emblem either side of the title
MENU_ROW = 48
LOG_SIZE, LOG_LINE = 18, 19
FIRST_SHOWING = 0.6  # seconds before the winning moment plays again on the board
HOLD = 1.8  # seconds its position and banner stay once its animation ends
SHOWINGS = 2  # times the moment plays; then it rests, its words on the board
PAUSE = 2.5  # seconds of the final position between two showings
HEADING = 2  # the paragraphs above the points table: who won, and why
NOT_PRESSES = frozenset((inp.POINT, inp.PAD_ADDED, inp.PAD_REMOVED))  # intents that do not skip the tally


class GameOverScene(Scene):
    def __init__(self, context: AppContext, match: Match) -> None:
        self.context, self.match, self.series = context, match, match.series
        self.board = board(match.setup.game)
        self.in_series = plays_as_series(match.setup)
        # the next game of the series, or the first of a new one: the fugitive's seat passes on either way
        self.following = next_in_series(match.setup)
        table = self.board.result_table(context.tr, match.setup, match.state)
        self.tally = None if table is None else Tally(table, lambda: context.audio.play("click"))
        self.menu = Menu(self._items(), top=self._text_bottom() + 12, width=TEXT_WIDTH, row=MENU_ROW,
                         centre_x=CENTRE_X, note_width=TEXT_WIDTH, text=context.text, sound=context.audio.play)
        self.menu.focus = self._safe_focus()
        self.music = self.board.music  # the game's loop plays on over its result
        self.view = self.board.make_view(context)
        self.seats = frozenset(match.state.seats)  # the game is over: nothing is secret any more
        self.moment = self._moment()
        self.why_moment, self.why_final = self._explanations()
        self.timeline = Timeline(lambda cue: None)  # seen again, heard once: the moment's sounds played in the game
        self.board_picture = BoardPicture("game over")
        self.wait = FIRST_SHOWING  # until the moment plays (counting down), or while it is held (up to HOLD)
        self.showings_left = SHOWINGS
        self.holding = False
        self.log_area = pygame.Rect(0, 0, 0, 0)
        self.banner_area: pygame.Rect | None = None  # the winning moment's words, while they show

    def _moment(self) -> tuple[GameState[Any], Action, GameState[Any], int] | None:
        """The position before the winning move, the move, the position after it and its index in the log."""
        if not self.match.log:
            return None
        states, actions = self.match.positions()
        index = self.view.winning_moment(actions)
        return states[index], actions[index], states[index + 1], index

    def _explanations(self) -> tuple[tuple[Explanation, ...], tuple[Explanation, ...]]:
        """Why the winning moment happened (marked while it plays again), and why the game ended (marked on the
        final board): the same where the moment is the last move, as in every chase."""
        if self.moment is None:
            return (), ()
        before, action, after, index = self.moment
        moment = self.view.explain(before, action, after)
        if index == len(self.match.log) - 1:
            return moment, moment
        states, actions = self.match.positions()
        return moment, self.view.explain(states[-2], actions[-1], states[-1])

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

    def _safe_focus(self) -> int:
        """The item a plain confirm presses: the replay, or the menu. Never what starts a game (a rematch, the
        series' next game): a reflex Enter must not throw the result away, so starting one takes a deliberate
        move of the focus."""
        keys = [item.key for item in self.menu.items]
        return keys.index("replay") if "replay" in keys else keys.index("menu")

    def _replay(self) -> Transition:
        return Push(replay_scene(self.context, self.match))

    def _series_item(self) -> MenuItem:
        """First, where the eye starts: the next game, or a new series at its end (a move of the focus up
        from the replay, which a plain confirm presses)."""
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
        return Replace(pages().match(self.context, match))

    def _menu(self) -> Transition:
        return Reset(pages().title(self.context))

    def handle(self, intent: inp.Intent) -> Transition | None:
        """Back first moves the focus to "Main menu", and leaves only from there: a reflex press of Esc does
        not throw the result away. While the points are being counted up, a press only shows them all, so an
        impatient Enter does not start a rematch; a click on a button or on the log still does what it says."""
        if self.tally is not None and not self.tally.done and intent.kind not in NOT_PRESSES:
            self.tally.skip()
            if not self._aimed(intent):
                return None
        if intent.kind == inp.BACK:
            last = len(self.menu.items) - 1
            if self.menu.focus == last:
                return self._menu()
            self.menu.focus = last
            return None
        if intent.kind == inp.LOG or (intent.kind == inp.CLICK and intent.pos is not None
                                      and self.log_area.collidepoint(intent.pos)):
            return Push(LogOverlay(self.context, self.match.log, self._sentences,
                                   len(last_turn(self.match.log))))
        return self.menu.handle(intent)

    def _sentences(self, entry: LogEntry) -> list[str]:
        return sentences(self.context.tr, entry, named_seats(self.context, self.match.setup))

    def _aimed(self, intent: inp.Intent) -> bool:
        """Whether ``intent`` is a click on something that answers a click: a button of the menu, or the log."""
        targets = [*self.menu.rects, self.log_area]
        return intent.kind == inp.CLICK and intent.pos is not None and any(
            rect.collidepoint(intent.pos) for rect in targets)

    def update(self, dt: float) -> Transition | None:
        """The points count up; the winning moment plays, its position holds a while, the final board comes
        back; once more, and then its position and words stay."""
        dt *= self.context.settings.animation_speed
        if self.tally is not None:
            self.tally.update(dt)
        if self.moment is None:
            return None
        self.timeline.update(dt)
        if self.timeline.busy:
            return None
        if self.holding:
            self.wait += dt
            if self.wait >= HOLD and self.showings_left:
                self.holding, self.wait = False, PAUSE
            return None  # after the last showing its position and words stay: nothing flashes on and off
        self.wait -= dt
        if self.wait <= 0:
            before, action, after, _ = self.moment
            self.timeline.add(self.view.animations(before, action, after.clone(), self.seats))
            self.holding, self.wait = True, 0.0
            self.showings_left -= 1
        return None

    def next_change_in(self) -> float | None:
        """Moving while the points count up and the moment animates; between showings, when the next step of
        them is due; at rest once the moment has played its last time."""
        if (self.tally is not None and not self.tally.done) or self.timeline.busy:
            return 0.0
        if self.moment is None or (self.holding and not self.showings_left):
            return None
        left = HOLD - self.wait if self.holding else self.wait
        return max(0.0, left) / self.context.settings.animation_speed

    @property
    def showing_moment(self) -> bool:
        return self.holding or self.timeline.busy

    def headline(self) -> str:
        tr, state = self.context.tr, self.match.state
        outcome = state.outcome
        assert outcome is not None
        names = [f"{tr(self.board.seat_key(seat))} ({self._player(seat)})" for seat in sorted(outcome.winners)]
        key = "over.nobody" if not names else "over.winners" if len(names) == 1 else "over.winners.many"
        said = tr(key, names=", ".join(names))  # several winners: the police cars still in the chase (F-8.2)
        kinds = {plan.kind for plan in self.match.setup.seats}
        if len(self.match.setup.people) != 1 or not {"person", "ai"} <= kinds:
            return said  # several people, or one playing every side: the names say who won
        won = any(self.match.setup.seats[seat].kind == "person" for seat in outcome.winners)
        return tr("over.you_won") if won else tr("over.you_lost", result=said)  # alone: first whether you won

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
            (self.headline(), 28, TEXT, True, 4), (self.reason(), 21, TEXT, False, 8)]
        for line in self.board.result_lines(tr, setup, self.match.state):  # the scores, in a game that has them
            result.append((line, 21, TEXT, False, 2))
        for number, line in enumerate(self.series_lines()):
            announced = self.series.is_complete and number == 0
            result.append((line, 24 if announced else 21, ACCENT if announced else TEXT, announced, 2))
        result.append((tr("over.seed", seed=setup.seed), 17, DIM, False, 0))
        return result

    def _text_bottom(self) -> int:
        """Where the result's text ends in the panel: the menu stands below it."""
        text = self.context.text
        table = 0 if self.tally is None else self.tally.table.height()
        return self._title_bottom() + table + sum(len(text.wrap(line, TEXT_WIDTH, size, bold)) * (size + 6) + space
                                                  for line, size, _, bold, space in self.paragraphs())

    @staticmethod
    def _title_bottom() -> int:
        return TITLE_TOP + EMBLEM + 14

    def draw(self, surface: pygame.Surface) -> None:
        ui_art.draw_background(surface, "menu")  # the result is a page of the menus, round the game's board
        self._draw_board(surface)
        ui_art.draw_panel(surface, PANEL_AREA)
        text, setup = self.context.text, self.match.setup
        title = text.blit(surface, self.context.tr("over.title"), 40, ACCENT, bold=True, shadow=2,
                          midtop=(CENTRE_X, TITLE_TOP + 4))
        emblem = self.board.setup_emblem(setup.options)
        for x in (title.left - 16 - EMBLEM // 2, title.right + 16 + EMBLEM // 2):
            tooltip.emblem(surface, emblem, EMBLEM, center=(x, title.centery))
        y = self._title_bottom()
        for number, (line, size, colour, bold, space) in enumerate(self.paragraphs()):
            if number == HEADING:
                y = self._draw_table(surface, y)
            y = self._centred(surface, line, size, colour, y, bold) + space
        self.menu.draw(surface, text)
        notes = len(self.menu.note_lines(self.menu.focused))
        self._draw_log(surface, self.menu.rects[-1].bottom + 16 + notes * 28)

    def _draw_table(self, surface: pygame.Surface, top: int) -> int:
        """The points by category as far as they are counted up, under the headline; returns the y below."""
        if self.tally is None:
            return top
        table = self.tally.table
        outcome = self.match.state.outcome
        winners = sorted(outcome.winners) if outcome is not None else []
        rect = pygame.Rect(CENTRE_X - TEXT_WIDTH // 2, top, TEXT_WIDTH, table.height())
        paint_table(surface, self.context.text, self.tally, rect, [self.view.seat_colour(seat) for seat in table.seats],
                    winners[0] if len(winners) == 1 else None)
        return rect.bottom

    def _draw_board(self, surface: pygame.Surface) -> None:
        """The final position, or the winning moment's with its animation and its words in a banner."""
        state, last = self.match.state, last_turn(self.match.log)
        moment = self.moment if self.showing_moment else None
        why = self.why_final
        if moment is not None:
            state, last, why = moment[2], [self.match.log[moment[3]]], self.why_moment
        settings, hidden = self.context.settings, self.timeline.hidden
        key = (moment is not None, hidden, settings.language, settings.colour_blind)

        def paint(image: pygame.Surface) -> None:
            self.view.draw_board(image, state, None, self.seats, last, hidden, final=self.match.state, why=why)

        self.board_picture.draw(surface, key, paint, self.timeline)
        self.banner_area = None if moment is None else self._banner(
            surface, moment[2], self._sentences(self.match.log[moment[3]]))

    def _banner(self, surface: pygame.Surface, state: GameState[Any], words: list[str]) -> pygame.Rect:
        """The moment's words, a sentence a line, as the game's own banners: inside the board's playfield (never
        over its frame or the panel beside it: the pile, the bombs), at a spot that covers no piece or seat card
        if there is one. Returns its box."""
        for piece in self.view.pieces(state):
            tooltip.control(piece, "piece")
        for card in self.view.seat_cards(state):
            tooltip.control(card, "seat card")
        return event_banner.draw_event_banner(surface, self.context.text, "\n".join(words),
                                              self.view.playfield(state))

    def _draw_log(self, surface: pygame.Surface, top: int) -> None:
        """The latest entries that fit under the menu; a click on them, or L, opens the whole log."""
        text, tr = self.context.text, self.context.tr
        x, bottom = PANEL_AREA.x + 20, PANEL_AREA.bottom - 14
        text.blit(surface, tr("play.log"), 20, DIM, topleft=(x, top))
        text.blit(surface, tr("play.log.open"), 16, DIM, topright=(PANEL_AREA.right - 20, top + 3))
        self.log_area = pygame.Rect(x, top, TEXT_WIDTH, bottom - top)
        wrapped = [text.wrap(sentence, TEXT_WIDTH, LOG_SIZE) for entry in self.match.log[-12:]
                   for sentence in self._sentences(entry)]
        room = max(0, (bottom - top - 24) // LOG_LINE)
        lines: list[str] = []
        for sentence in reversed(wrapped):  # the latest sentences that fit whole: none starts mid-sentence
            if len(lines) + len(sentence) > room:
                break
            lines[:0] = sentence
        for number, line in enumerate(lines):
            text.blit(surface, line, LOG_SIZE, TEXT, topleft=(x, top + 24 + number * LOG_LINE))

    def _centred(self, surface: pygame.Surface, line: str, size: int, colour: tuple[int, ...], y: int,
                 bold: bool = False) -> int:
        """Draw ``line`` centred from ``y`` down, wrapped so long names are never cut off; returns the y below."""
        text = self.context.text
        for part in text.wrap(line, TEXT_WIDTH, size, bold):
            text.blit(surface, part, size, colour, bold=bold, midtop=(CENTRE_X, y))
            y += size + 6
        return y
