"""An online table's move source: the play scene fed by the server. The person here decides only for this
client's seat; a chosen action is sent and drawn when the server's update comes back, and the other seats' moves
arrive as updates, animated as a local game's. The link's state shows over the board, a dot on each seat card says
who is connected, and the game-over screen replays the match's save from the ``over`` message."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.core.errors import StateFormatError
from game.core.protocol import Action, Seat
from game.online.messages import Act, Error, Joined, LinkChange, Over, Received, Rematch, Unseated, Update
from game.online.mirror import Mirror
from scenes.context import AppContext
from scenes.kit import input as inp
from scenes.kit.results import SceneResult
from scenes.kit.stack import Push, Replace, Reset, Transition
from scenes.kit.ui import MenuItem
from scenes.online.away import AwayClock, draw_away
from scenes.online.play import OnlinePauseOverlay, draw_link_state
from scenes.online.session import Session
from scenes.pages.gameover import GameOverScene
from scenes.playing import hud
from scenes.playing.people import seat_players
from scenes.playing.play import PlayScene
from scenes.playing.sources.base import ScenePanel, Taken
from scenes.playing.sources.local import ai_or_ending, turn_status
from scenes.router import pages


def game_from(context: AppContext, session: Session, messages: list[Received]) -> PlayScene[OnlineSource] | None:
    """The game of the session's table, from the first update among ``messages`` (those after it are handed on
    to it), or ``None`` while none has come. ``StateFormatError`` if that update cannot be read."""
    for number, message in enumerate(messages):
        if isinstance(message, Update) and message.table == session.table_id:
            mirror = Mirror.from_update(message)
            session.hand_on(messages[number + 1:])
            return online_scene(context, session, mirror)
    return None


def online_scene(context: AppContext, session: Session, mirror: Mirror) -> PlayScene[OnlineSource]:
    """Table ``mirror.table`` as ``session`` sees it, from its first update."""
    return PlayScene(context, OnlineSource(context, session, mirror))


class OnlineSource(ScenePanel):
    """Table ``mirror.table`` as ``session`` sees it: its moves come from the server, this seat's go to it."""

    asks_before_losing = True

    def __init__(self, context: AppContext, session: Session, mirror: Mirror) -> None:
        self.context, self.session, self.mirror = context, session, mirror
        self.sent = False  # this seat's action is on its way: nothing to choose until the server answers
        self.handing_on = False  # the session goes on to the next page, which closes it in its turn
        self.away_clock = AwayClock()  # when an AI takes over each away seat, said over the board
        self.away_clock.told(mirror)

    @property
    def match(self) -> Mirror:
        return self.mirror

    # --- who decides and sees here -------------------------------------------------------------------------
    def person_to_play(self) -> int | None:
        """The person here, while this seat decides, no move of theirs is on its way and the link is up."""
        return 0 if self.mirror.decides and not self.sent and not self.session.link_down else None

    def accepts(self, device: str) -> bool:
        return self.person_to_play() is not None  # the keyboard, the mouse or any pad: this screen has one person

    def may_choose(self) -> bool:
        return self.person_to_play() is not None

    def visible_seats(self) -> frozenset[Seat]:
        return frozenset() if self.mirror.seat is None else frozenset({self.mirror.seat})

    def legal_now(self) -> Sequence[Action]:
        return self.mirror.legal

    def waiting(self) -> bool:
        return False  # no hand-over, and any device plays

    def synced(self) -> None:
        """Nothing to keep in step."""

    # --- the server plays ----------------------------------------------------------------------------------
    def choose(self, action: Action) -> None:
        self.session.send(Act(self.mirror.table, self.mirror.state.action_text(action), len(self.mirror.log)))
        self.sent, self.scene.message = True, ""
        self.scene.chooser = None

    def intercept(self, intent: inp.Intent) -> Taken | None:
        return None

    def handled(self) -> None:
        """Nothing to keep in step."""

    def before_frame(self, dt: float) -> Taken | None:
        self.away_clock.tick(dt)
        self.take_messages()
        return None

    def drive(self, dt: float) -> Transition | None:
        return None  # the other seats move on the server; their moves come in take_messages

    def busy(self) -> bool:
        return ai_or_ending(self.mirror)

    def next_change_in(self) -> float | None:
        """The away countdown's next second; the server's messages wake the window themselves
        (``scenes.online.network``), and are taken in at the frame they wake."""
        return self.away_clock.next_change_in(self.mirror)

    def undo(self, device: str) -> None:
        """Nothing is undone at a table: the key says so."""
        self.scene.timeline.skip()
        self.scene.message = self.context.tr("play.cannot_undo")

    def take_messages(self) -> None:
        for message in self.session.poll():
            try:
                self._take(message)
            except StateFormatError as error:
                self.scene.message = self.context.tr("online.unreadable", reason=str(error))

    def _take(self, message: Received) -> None:
        here = self.mirror.table
        match message:
            case LinkChange():  # down, nothing may be chosen; back up, the choice is offered again
                self.scene.sync()
            case Joined(table=table) if table == here:  # the seat given back after a drop: a move on its way
                # then may be lost with the link
                self.sent = False
                self.scene.sync()
            case Update(table=table) if table == here:
                moves = len(self.mirror.log)
                played = self.mirror.take_update(message)
                if len(self.mirror.log) > moves:  # not an update that only says who is connected: the move is in
                    self.sent = False
                if played is not None:
                    if self.scene.timeline.busy:
                        self.scene.timeline.skip()
                    self.scene.show_played(played)
                self.away_clock.told(self.mirror)
                self.scene.sync()
            case Over(table=table) if table == here:
                self.mirror.take_over(message)
            case Unseated(table=table, name=name) if table == here:  # its person is back: we watch
                self.scene.message = self.context.tr("online.unseated", name=name)
                self.sent = False
            case Error(message=words, answered=answered):
                self.scene.message = self.context.tr("online.refused", reason=words)
                # The move refused, or dropped unread (a flood's error names no verb): the seat chooses again. A
                # refusal of another message leaves it on its way.
                if self.sent and answered in (None, "act"):
                    self.sent = False
                    self.scene.sync()

    # --- pages and the end ------------------------------------------------------------------------------------
    def game_over(self) -> Transition | None:
        """The final position has been seen: the game-over screen, once the match's save has come. An online
        game counts in no statistics here: they are this screen's games, whose every player sat at it; a
        table's players each sit at their own."""
        if self.mirror.finished is None:
            return None
        self.handing_on = True
        return Replace(OnlineGameOverScene(self.context, self.session, self.mirror))

    def pause(self, device: str) -> Transition:
        return Push(OnlinePauseOverlay(self.context, self.mirror, device, self.session))

    def resume(self, result: SceneResult | None) -> Transition | None:
        return None  # its pages answer only what every game's do

    def leave(self) -> None:
        if not self.handing_on:
            self.session.close()

    # --- drawing --------------------------------------------------------------------------------------------
    def players(self) -> dict[Seat, hud.Player]:
        """As a local game's, with a dot on each seat a person plays: there, or away."""
        players = seat_players(self.context, self.mirror)
        for seat, player in players.items():
            if not player.ai:
                away = self.mirror.away[seat] or not self.mirror.connected[seat]
                players[seat] = hud.Player(player.name, False, player.thinking, "away" if away else "connected")
        return players

    def status_line(self) -> str:
        return turn_status(self.context, self.mirror, self.scene.view_seat_name)

    def draw_over(self, surface: pygame.Surface) -> None:
        below = draw_link_state(surface, self.context, self.session)
        draw_away(surface, self.context, self.away_clock.lines(self.context, self.mirror), below)


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
                return Replace(online_scene(self.context, self.session, self.mirror))
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
