"""*Continue* to an online seat: the title menu's way back to the table the player sat at last, after the app
was closed. It connects to that table's server under the player's name and takes the seat back with the token
kept for it (:mod:`game.online.seats_kept`); the table's first update opens the game in that seat.

Where that cannot be done (the host does not answer, the seat is gone, the host wants its password), the page
says so in plain words and offers what is left: trying again, the other seats kept, the local saved games, and
*Join a table*."""

from __future__ import annotations

from functools import partial

import pygame

from game.core.errors import GameError, StateFormatError
from game.online.last_seat import last_seat
from game.online.messages import Error, Received, Resume
from game.online.seats_kept import KeptSeat, kept_seat, kept_seats
from game.registry import game_names
from scenes.boards import board
from scenes.context import AppContext
from scenes.kit.stack import Push, Replace, Transition
from scenes.kit.ui import LOGICAL_SIZE, TEXT, MenuItem
from scenes.online.join import MENU_WIDTH, JoinScene, parse_address
from scenes.online.network import Network, player_name
from scenes.online.session import Session
from scenes.online.source import game_from
from scenes.pages.menu_page import MenuScene
from scenes.pages.saved_games import SavedGamesScene, list_slots

MOST_OTHER_SEATS = 3  # the other seats offered when the last one cannot be reached: with the rest, the note fits
WORDS_TOP = 150  # the line that says what is happening, under the title


def online_to_continue(context: AppContext, local_saved_at: float | None) -> tuple[KeptSeat, str] | None:
    """The online seat *Continue* takes the player back to, and its game ("" unknown): the one sat in last, if
    no local game was saved since (``local_saved_at``: when the newest was) and its token is kept."""
    folder = context.data_folder
    last = last_seat(folder)
    if last is None or (local_saved_at is not None and local_saved_at > last.at):
        return None
    try:
        kept = kept_seat(folder, last.server, last.table)
    except OSError:
        return None
    return (kept, last.game) if kept is not None and kept.seat == last.seat else None


def describe_online(context: AppContext, seat: KeptSeat, game: str) -> str:
    """*Continue*'s note for an online seat: its game, where it is played."""
    tr = context.tr
    if game in game_names():
        return tr("online.back.summary", game=tr(board(game).title_key), server=seat.server)
    return tr("online.back.summary_any", server=seat.server)


class ComebackScene(MenuScene):
    """Back to ``seat`` (its token kept), reached through ``network``; ``game``: its game, when known."""

    title_key = "online.back.title"

    def __init__(self, context: AppContext, network: Network, seat: KeptSeat, game: str = "") -> None:
        self.network, self.seat, self.game = network, seat, game
        self.session: Session | None = None
        self.failure = ""  # why the seat could not be taken back, in the player's words ("": still trying)
        super().__init__(context)
        self._lay_out()
        self._connect()

    def _lay_out(self) -> None:
        self.menu.top, self.menu.width = 240, MENU_WIDTH
        self.menu.layout()

    def rebuild(self) -> None:
        super().rebuild()
        self._lay_out()

    def build_items(self) -> list[MenuItem]:
        tr = self.context.tr
        if not self.failure:
            return [MenuItem(tr("menu.back"), self.back, key="back", icon="back")]
        items = [MenuItem(tr("online.back.again"), self._try_again, key="again", icon="rotate",
                          note=tr("online.back.again.note", server=self.seat.server))]
        for number, other in enumerate(self._other_seats()):
            items.append(MenuItem(tr("online.back.other", server=other.server), partial(self._go_to, other),
                                  note=tr("online.back.other.note"), key=f"other{number}", icon="player"))
        if list_slots(self.context):
            items.append(MenuItem(tr("saves.menu"), self._saved_games, key="saves", icon="log",
                                  tip="saves.menu.tip"))
        items.append(MenuItem(tr("online.join"), self._join, note=tr("online.join.note"), key="join",
                              icon="player"))
        items.append(MenuItem(tr("menu.back"), self.back, key="back", icon="back"))
        return items

    def _other_seats(self) -> list[KeptSeat]:
        """The other seats kept, newest first (their hosts may still answer)."""
        try:
            kept = kept_seats(self.context.data_folder)
        except OSError:
            return []
        return [other for other in reversed(kept) if other != self.seat][:MOST_OTHER_SEATS]

    # --- connecting ------------------------------------------------------------------------------------------
    def _connect(self) -> None:
        """Connect and ask for the seat at once: the link sends it once the server has said welcome."""
        address = parse_address(self.seat.server, self.network.default_port)
        if address is None:
            self._fail(self.context.tr("online.back.gone", server=self.seat.server))
            return
        name = player_name(self.context.settings.player_name)
        try:
            link = self.network.connect(address[0], address[1], name, "")
        except OSError:
            self._fail(self.context.tr("online.back.gone", server=self.seat.server))
            return
        self.session = Session(link, name, where=self.seat.server, seats_folder=self.context.data_folder,
                               game=self.game)
        self.session.table = {"id": self.seat.table}
        self.session.send(Resume(self.seat.token))

    def _fail(self, words: str) -> None:
        """The seat cannot be taken back: say why, stop trying, and offer the rest (the first of it focused)."""
        if self.session is not None:
            self.session.close()
            self.session = None
        self.failure = words
        self.rebuild()
        self.menu.focus = 0

    def _try_again(self) -> None:
        self.failure = ""
        self.rebuild()
        self._connect()

    def _go_to(self, other: KeptSeat) -> Transition:
        return Replace(ComebackScene(self.context, self.network, other))

    def _saved_games(self) -> Transition:
        return Push(SavedGamesScene(self.context))

    def _join(self) -> Transition:
        return Push(JoinScene(self.context, self.network))

    def update(self, dt: float) -> Transition | None:
        """The server's answers, taken in at the frame they wake the window (``scenes.online.network``)."""
        session = self.session
        if session is None:
            return None
        messages = session.poll()
        try:
            game = game_from(self.context, session, messages)
        except (StateFormatError, GameError) as error:
            self._fail(self.context.tr("online.unreadable", reason=str(error)))
            return None
        if game is not None:
            self.session = None  # the game's from now on
            return Replace(game)
        self._read_failures(session, messages)
        return None

    def _read_failures(self, session: Session, messages: list[Received]) -> None:
        tr, server = self.context.tr, self.seat.server
        for message in messages:
            code = message.code if isinstance(message, Error) else None
            if code == "bad_token":
                self._fail(tr("online.back.seat_gone", server=server))
                return
            if code in ("password", "too_many_guesses"):
                self._fail(tr("online.back.password", server=server))
                return
        if session.table_closed:
            self._fail(tr("online.table_closed"))
        elif session.state in ("reconnecting", "closed") and not session.welcomed:
            self._fail(tr("online.back.gone", server=server))
        elif session.state == "closed":
            self._fail(tr("online.closed", reason=session.reason or tr("online.closed.unknown")))

    def leave(self) -> None:
        if self.session is not None:
            self.session.close()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        text, tr = self.context.text, self.context.tr
        centre = LOGICAL_SIZE[0] // 2
        words = self.failure or tr("online.back.connecting", server=self.seat.server)
        y = WORDS_TOP
        for line in text.wrap(words, MENU_WIDTH + 200, 26, most=2):
            text.blit(surface, line, 26, TEXT, shadow=2, midtop=(centre, y))
            y += 32
