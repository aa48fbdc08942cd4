"""An online table's game on this screen: the local play scene, fed by the server. The person here decides only
for this client's seat; a chosen action is sent and drawn when the server's update comes back, and the other
seats' moves arrive as updates, animated as a local game's. The link's state shows over the board, a dot on each
seat card says who is connected, and the game-over screen replays the match's save from the ``over`` message."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.core.errors import StateFormatError
from game.core.protocol import Action, Seat
from game.online.messages import Act, Error, Joined, LinkChange, Over, Received, Rematch, Unseated, Update
from game.online.mirror import Mirror
from scenes.context import AppContext
from scenes.kit.results import LeaveGame
from scenes.kit.stack import Push, Replace, Reset, Transition
from scenes.kit.ui import DANGER, MenuItem, panel
from scenes.online.away import AwayClock, draw_away
from scenes.online.seats_overlay import OpenSeatsOverlay
from scenes.online.session import Session
from scenes.pages.gameover import GameOverScene
from scenes.pages.overlays import ConfirmOverlay, PauseOverlay
from scenes.playing import hud
from scenes.playing.gameview import BOARD_AREA
from scenes.playing.play import PlayScene, make_view
from scenes.router import pages

LINK_SIZE = 24  # the words of the link's state over the board


def game_from(context: AppContext, session: Session, messages: list[Received]) -> OnlineScene | None:
    """The game of the session's table, from the first update among ``messages`` (those after it are handed on
    to it), or ``None`` while none has come. ``StateFormatError`` if that update cannot be read."""
    for number, message in enumerate(messages):
        if isinstance(message, Update) and message.table == session.table_id:
            mirror = Mirror.from_update(message)
            session.hand_on(messages[number + 1:])
            return OnlineScene(context, session, mirror)
    return None


class OnlineScene(PlayScene):
    """Table ``mirror.table`` as ``session`` sees it, from its first update."""

    runs_ai_seats = False

    def __init__(self, context: AppContext, session: Session, mirror: Mirror) -> None:
        self.session, self.mirror = session, mirror
        self.sent = False  # this seat's action is on its way: nothing to choose until the server answers
        self.handing_on = False  # the session goes on to the next page, which closes it in its turn
        self.away_clock = AwayClock()  # when an AI takes over each away seat, said over the board
        self.away_clock.told(mirror)
        super().__init__(context, mirror, make_view(context, mirror.setup.game))

    # --- who decides and sees here -------------------------------------------------------------------------
    def _people_count(self) -> int:
        return 1  # one person at this screen, whatever the table holds

    def person_to_play(self) -> int | None:
        """The person here, while this seat decides, no move of theirs is on its way and the link is up."""
        return 0 if self.mirror.decides and not self.sent and not self.session.link_down else None

    def visible_seats(self) -> frozenset[Seat]:
        return frozenset() if self.mirror.seat is None else frozenset({self.mirror.seat})

    def legal_now(self) -> Sequence[Action]:
        return self.mirror.legal

    def _missing_pad(self) -> str | None:
        return None  # the keyboard, the mouse or any pad: this screen has one person

    # --- the server plays ----------------------------------------------------------------------------------
    def choose(self, action: Action) -> None:
        self.session.send(Act(self.mirror.table, self.mirror.state.action_text(action), len(self.mirror.log)))
        self.sent, self.message = True, ""
        self.chooser = None

    def update(self, dt: float) -> Transition | None:
        self.away_clock.tick(dt)
        self.take_messages()
        return super().update(dt)

    def drive_seats(self, dt: float) -> Transition | None:
        return None  # the other seats move on the server; their moves come in take_messages

    def take_messages(self) -> None:
        for message in self.session.poll():
            try:
                self._take(message)
            except StateFormatError as error:
                self.message = self.context.tr("online.unreadable", reason=str(error))

    def _take(self, message: Received) -> None:
        here = self.mirror.table
        match message:
            case LinkChange():  # down, nothing may be chosen; back up, the choice is offered again
                self._sync()
            case Joined(table=table) if table == here:  # the seat given back after a drop: a move on its way
                # then may be lost with the link
                self.sent = False
                self._sync()
            case Update(table=table) if table == here:
                moves = len(self.mirror.log)
                played = self.mirror.take_update(message)
                if len(self.mirror.log) > moves:  # not an update that only says who is connected: the move is in
                    self.sent = False
                if played is not None:
                    if self.timeline.busy:
                        self.timeline.skip()
                    self.show_played(played)
                self.away_clock.told(self.mirror)
                self._sync()
            case Over(table=table) if table == here:
                self.mirror.take_over(message)
            case Unseated(table=table, name=name) if table == here:  # its person is back: we watch
                self.message = self.context.tr("online.unseated", name=name)
                self.sent = False
            case Error(message=words, answered=answered):
                self.message = self.context.tr("online.refused", reason=words)
                # The move refused, or dropped unread (a flood's error names no verb): the seat chooses again. A
                # refusal of another message leaves it on its way.
                if self.sent and answered in (None, "act"):
                    self.sent = False
                    self._sync()

    def game_over(self) -> Transition | None:
        """The final position has been seen: the game-over screen, once the match's save has come."""
        if self.mirror.finished is None:
            return None
        self.handing_on = True
        return Replace(OnlineGameOverScene(self.context, self.session, self.mirror))

    def _pause(self, device: str) -> Transition:
        return Push(OnlinePauseOverlay(self.context, self.mirror, device, self.session))

    def _count_result(self) -> None:
        """An online game counts in no statistics here: they are this screen's games, whose every player sat at
        it; a table's players each sit at their own."""

    def leave(self) -> None:
        super().leave()
        if not self.handing_on:
            self.session.close()

    # --- drawing --------------------------------------------------------------------------------------------
    def players(self) -> dict[Seat, hud.Player]:
        """As a local game's, with a dot on each seat a person plays: there, or away."""
        players = super().players()
        for seat, player in players.items():
            if not player.ai:
                away = self.mirror.away[seat] or not self.mirror.connected[seat]
                players[seat] = hud.Player(player.name, False, player.thinking, "away" if away else "connected")
        return players

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        below = draw_link_state(surface, self.context, self.session)
        draw_away(surface, self.context, self.away_clock.lines(self.context, self.mirror), below)


def link_words(context: AppContext, session: Session) -> str:
    """What the player reads while the link is down: it is coming back, or it is closed and why."""
    tr = context.tr
    if session.table_closed:
        return tr("online.table_closed")
    if session.state == "reconnecting":
        return tr("online.reconnecting")
    return tr("online.closed", reason=session.reason or tr("online.closed.unknown"))


def draw_link_state_line(surface: pygame.Surface, context: AppContext, session: Session, top: int) -> None:
    """On a menu page, while the link is down, a line from ``top`` says so."""
    if session.link_down:
        context.text.blit(surface, link_words(context, session), 24, DANGER, shadow=2,
                          midtop=(surface.get_width() // 2, top))


def draw_link_state(surface: pygame.Surface, context: AppContext, session: Session) -> int:
    """While the link is down, a line across the top of the board says so. Where the next box over the board
    may start."""
    top = BOARD_AREA.y + 16
    if not session.link_down:
        return top
    text = context.text
    words = link_words(context, session)
    lines = text.wrap(words, BOARD_AREA.width - 120, LINK_SIZE, True, most=2)
    box = pygame.Rect(0, 0, BOARD_AREA.width - 80, 20 + (LINK_SIZE + 6) * len(lines))
    box.midtop = (BOARD_AREA.centerx, top)
    panel(surface, box)
    for number, line in enumerate(lines):
        text.blit(surface, line, LINK_SIZE, DANGER, bold=True,
                  midtop=(box.centerx, box.y + 10 + (LINK_SIZE + 6) * number))
    return box.bottom + 8


class OnlinePauseOverlay(PauseOverlay):
    """The pause menu of an online game: nothing is saved here and nothing taken back; leaving says what
    becomes of the seat (or, for the host, of the whole table). The host may open an AI's seat to a player."""

    def __init__(self, context: AppContext, mirror: Mirror, device: str, session: Session) -> None:
        self.session, self.mirror = session, mirror
        self.host = session.is_host
        super().__init__(context, mirror, device)

    def build_items(self) -> list[MenuItem]:
        tr = self.context.tr
        items = [item for item in super().build_items() if item.key not in ("take_back", "quit")]
        if self.host:
            items.append(MenuItem(tr("online.seats_title"), self._seats, note=tr("online.seats.note"), key="seats",
                                  icon="player", tip="tips.seat.player"))
        watching = self.mirror.seat is None
        for item in items:
            if item.key == "hint" and watching:  # a spectator has no move to be hinted
                item.enabled = False
        note = tr("online.leave.host_note" if self.host else "online.leave.watch_note" if watching
                  else "online.leave.note")
        return items + [MenuItem(tr("online.leave"), self._quit, note=note, key="quit", icon="quit")]

    def _seats(self) -> Transition:
        return Push(OpenSeatsOverlay(self.context, self.session, self.match.setup.game))

    def _quit(self) -> Transition:
        return Push(ConfirmOverlay(self.context, self.context.tr("online.leave.confirm"), LeaveGame()))


class OnlineGameOverScene(GameOverScene):
    """The end of an online game, from the match's save: the result, the replay, and a rematch the table's host
    asks for (everyone at the table goes on to it); no series, which are the games of one screen."""

    def __init__(self, context: AppContext, session: Session, mirror: Mirror) -> None:
        self.session, self.mirror = session, mirror
        self.handing_on = False
        self.asked = False  # the host asked for a rematch
        assert mirror.finished is not None
        super().__init__(context, mirror.finished)

    def _items(self) -> list[MenuItem]:
        tr = self.context.tr
        host = self.session.is_host
        return [
            MenuItem(tr("over.rematch"), self._ask_rematch, key="rematch", enabled=host,
                     note="" if host else tr("online.rematch.host"), icon="rotate", tip="tips.over.rematch"),
            MenuItem(tr("over.replay"), self._replay, key="replay", icon="resume", tip="tips.over.replay"),
            MenuItem(tr("online.leave"), self._menu, key="menu", icon="home"),
        ]

    def _ask_rematch(self) -> None:
        """Asked of the server, which starts it for the whole table: its first update opens the game."""
        self.session.send(Rematch(self.mirror.table))
        self.asked = True
        return None

    def update(self, dt: float) -> Transition | None:
        messages = self.session.poll()
        for number, message in enumerate(messages):  # a rematch begins with an update of its whole (empty) log
            if isinstance(message, Update) and message.table == self.mirror.table and message.first == 0:
                try:
                    self.mirror.take_update(message)
                except StateFormatError:
                    continue
                self.handing_on = True
                self.session.hand_on(messages[number + 1:])
                return Replace(OnlineScene(self.context, self.session, self.mirror))
        return super().update(dt)

    def _menu(self) -> Transition:
        return Reset(pages().title(self.context))

    def series_lines(self) -> list[str]:
        return []

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        draw_link_state(surface, self.context, self.session)

    def leave(self) -> None:
        if not self.handing_on:
            self.session.close()
