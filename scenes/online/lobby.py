"""A table's lobby: its game and options, its seats (who sits where, with a dot for each person's link), a free
seat to take, and for the host the start. The table's first update opens its game; a table already started is
watched."""

from __future__ import annotations

from functools import partial

import pygame

from game.core.errors import GameError, StateFormatError
from game.i18n import Translator
from game.online.messages import (
    Error,
    Join,
    Joined,
    JsonObject,
    Leave,
    LinkChange,
    Resume,
    Start,
    TableInfo,
    Watch,
)
from game.online.seats_kept import KeptSeat
from game.registry import game_spec
from scenes.boards import board
from scenes.context import AppContext
from scenes.kit import tooltip
from scenes.kit.colours import GOOD
from scenes.kit.stack import Pop, Replace, Transition
from scenes.kit.ui import ACCENT, LOGICAL_SIZE, NOTE_GAP, NOTE_LINE, TEXT, Menu, MenuItem
from scenes.online.play import draw_link_state_line
from scenes.online.session import Session
from scenes.online.source import game_from
from scenes.pages.menu_page import MenuScene
from scenes.pages.seats import describe_game
from scenes.playing.hud import AWAY

MENU_TOP, MENU_WIDTH, MENU_ROW = 200, 760, 50
DOT = 7


class LobbyScene(MenuScene):
    """The table of ``session`` (its summary comes from the server). ``address`` and ``port``: where others
    reach it, shown to its host."""

    title_key = "online.lobby_title"

    def __init__(self, context: AppContext, session: Session, address: str = "", port: int = 0) -> None:
        self.session, self.address, self.port = session, address, port
        self.error = ""
        self.handing_on = False
        self.offered_seat = False  # Back to your seat was offered (and focused)
        super().__init__(context)
        self.menu = Menu(self.build_items(), top=MENU_TOP, width=MENU_WIDTH, row=MENU_ROW, text=context.text,
                         sound=context.audio.play)
        self._focus_offered_seat()

    def rebuild(self) -> None:
        super().rebuild()
        self.menu.width, self.menu.row, self.menu.top = MENU_WIDTH, MENU_ROW, MENU_TOP
        self.menu.layout()
        self._focus_offered_seat()

    def _focus_offered_seat(self) -> None:
        """*Back to your seat* is what the player came back for: focused the first time it is offered."""
        keys = [item.key for item in self.menu.items]
        if "rejoin" in keys and not self.offered_seat:
            self.offered_seat = True
            self.menu.focus = keys.index("rejoin")

    @property
    def table(self) -> JsonObject | None:
        return self.session.table

    def build_items(self) -> list[MenuItem]:
        tr = self.context.tr
        table = self.table
        items: list[MenuItem] = []
        started = bool(table and table.get("started"))
        if table is not None:
            kept = self._seat_to_come_back_to() if started else None
            may_sit = self.session.seat is None and kept is None  # a player with a seat here sits in no other
            for seat, info in enumerate(self._seats()):
                items.append(self._seat_item(seat, info, started, may_sit))
            if self.session.is_host and not started:
                items.append(MenuItem(tr("online.lobby.start"), self._start, note=tr("online.lobby.start.note"),
                                      key="start", icon="play"))
            if kept is not None:
                items.append(MenuItem(tr("online.lobby.rejoin"), partial(self._rejoin, kept.token),
                                      note=tr("online.lobby.rejoin.note"), key="rejoin", icon="player"))
            if started:
                items.append(MenuItem(tr("online.lobby.watch"), self._watch, key="watch", icon="resume"))
        items.append(MenuItem(tr("online.leave"), self.back, note=self.error, key="back", icon="back"))
        return items

    def _seats(self) -> list[JsonObject]:
        seats = self.table.get("seats") if self.table is not None else []
        return [seat for seat in seats if isinstance(seat, dict)] if isinstance(seats, list) else []

    def _seat_item(self, seat: int, info: JsonObject, started: bool, may_sit: bool) -> MenuItem:
        tr = self.context.tr
        kind, name = info.get("kind"), str(info.get("name", ""))
        stand_in = str(info.get("stand_in", ""))
        game = str(self.table.get("game", "")) if self.table is not None else ""
        label = tr(board(game).seat_key(seat)) if _known(game) else str(seat + 1)
        if kind == "open" and not started:
            return MenuItem(tr("common.labelled", label=label, value=tr("online.lobby.take")),
                            partial(self._take, seat), key=f"seat{seat}", icon="player", tip="tips.seat.player")
        if kind == "open" and may_sit:  # opened by the host after the start: an AI plays it until then
            return MenuItem(tr("common.labelled", label=label, value=tr("online.lobby.take_from_ai")),
                            partial(self._take, seat), note=tr("online.lobby.take_from_ai.note"), key=f"seat{seat}",
                            icon="player", tip="tips.seat.player")
        if kind == "person" and may_sit and self._may_stand_in(info):
            return MenuItem(tr("common.labelled", label=label, value=tr("online.lobby.stand_in", name=name)),
                            partial(self._take, seat), note=tr("online.lobby.stand_in.note", name=name),
                            key=f"seat{seat}", icon="player", tip="tips.seat.player")
        if kind == "person":
            who = tr("online.lobby.you", name=name) if seat == self.session.seat else (
                tr("online.lobby.away", name=name) if info.get("away") else name)
            if stand_in:
                who = tr("online.lobby.stood_in", who=who, stand_in=stand_in)
            icon = "player"
        elif kind == "ai" or (kind == "open" and started):
            who, icon = tr("setup.ai", level=tr(f"level.{info.get('level') or 'normal'}")), "ai"
        else:
            who, icon = tr("setup.empty"), ""
        return MenuItem(tr("common.labelled", label=label, value=who), None, key=f"seat{seat}", icon=icon,
                        tip=f"tips.seat.{icon}" if icon else "")

    def _may_stand_in(self, info: JsonObject) -> bool:
        """Another player may stand in for this seat's person: the host allows it, its person is away and nobody
        plays it (the server alone knows whether the wait is over, and says so if not)."""
        table = self.table or {}
        return bool(table.get("stand_ins") and table.get("away_ai") is not None and info.get("away")
                    and not info.get("stand_in"))

    def _seat_to_come_back_to(self) -> KeptSeat | None:
        """The seat this player left at this table, still theirs (away), if the data folder kept its token."""
        kept = self.session.kept_seat()
        seats = self._seats()
        if kept is None or self.session.seat is not None or kept.seat >= len(seats):
            return None
        info = seats[kept.seat]
        return kept if info.get("kind") == "person" and info.get("away") else None

    # --- what the player does ------------------------------------------------------------------------------
    def _rejoin(self, token: str) -> None:
        self.error = ""
        self.session.send(Resume(token))

    def _take(self, seat: int) -> None:
        self.error = ""
        self.session.send(Join(self.session.table_id, seat))

    def _start(self) -> None:
        self.session.send(Start(self.session.table_id))

    def _watch(self) -> None:
        self.session.send(Watch(self.session.table_id))

    def back(self) -> Transition:
        """Leave the table: its host closes it (and its server); a player gives the seat back and returns to the
        server's tables."""
        if self.session.is_host:
            self.session.close()
        else:
            self.session.send(Leave(self.session.table_id))
            if not (self.table and self.table.get("started")):
                self.session.forget_last()  # the seat is open again: nothing to come back to
            self.session.seat = None
        return Pop()

    # --- what the server says (its messages wake the window at rest: scenes.online.network) -----------------
    def update(self, dt: float) -> Transition | None:
        messages = self.session.poll()
        try:
            game = game_from(self.context, self.session, messages)
        except (StateFormatError, GameError) as error:
            self.error = self.context.tr("online.unreadable", reason=str(error))
            self.rebuild()
            return None
        if game is not None:
            self.handing_on = True
            return Replace(game)
        if any(isinstance(message, (TableInfo, Joined, Error, LinkChange)) for message in messages):
            errors = [message for message in messages if isinstance(message, Error)]
            if errors:
                self.error = refusal_words(self.context.tr, errors[-1])
            self.rebuild()
        return None

    def leave(self) -> None:
        if self.session.is_host and not self.handing_on:
            self.session.close()

    # --- drawing --------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        text, tr = self.context.text, self.context.tr
        table = self.table
        centre = LOGICAL_SIZE[0] // 2
        if table is None:
            words = tr("online.connecting")
        else:
            described = describe_table(tr, table)
            words = tr("online.lobby.host", host=str(table.get("host", "")))
            words += f" · {described[1]}" if described is not None else ""
        tooltip.control(text.blit(surface, words, 26, TEXT, shadow=2, midtop=(centre, 140)), "subtitle")
        for info, rect in zip(self._seats(), self.menu.rects):  # the seats are the first rows
            if info.get("kind") == "person":
                colour = AWAY if info.get("away") or not info.get("connected") else GOOD
                pygame.draw.circle(surface, colour, (rect.right - 20, rect.centery), DOT)
                tip = "online.seat.away" if colour == AWAY else "online.seat.connected"
                tooltip.add(pygame.Rect(rect.right - 30, rect.centery - 10, 20, 20), tip)
        bottom = below_menu(self.menu)
        lines = []
        if self.address and self.session.is_host:
            lines.append((tr("online.lobby.reach", address=self.address, port=self.port), ACCENT))
        if table is not None and not table.get("started") and not self.session.is_host:
            lines.append((tr("online.lobby.waiting"), TEXT))
        for words, colour in lines:
            text.blit(surface, words, 24, colour, shadow=2, midtop=(centre, bottom))
            bottom += 30
        draw_link_state_line(surface, self.context, self.session, bottom)

# The server's refusals a player meets at a table, in the player's language; any other is quoted in English.
REFUSALS = {"seat_taken": "online.refused.seat_taken", "started": "online.refused.started",
            "too_many_tables": "online.refused.too_many_tables", "not_host": "online.refused.not_host"}


def refusal_words(tr: Translator, message: Error) -> str:
    """What the player reads when the table refused something."""
    key = REFUSALS.get(message.code)
    return tr(key) if key is not None else tr("online.refused", reason=message.message)


def below_menu(menu: Menu) -> int:
    """The first free row under a menu and its focused row's note."""
    return menu.rects[-1].bottom + NOTE_GAP + len(menu.note_lines(menu.focused)) * NOTE_LINE + 8


def describe_table(tr: Translator, table: JsonObject) -> tuple[str, str] | None:
    """A table summary's game and its options in words ("Fredericus", "Fredericus - Shorter game"), or ``None``
    for a game this copy of the app does not know."""
    game = str(table.get("game", ""))
    if not _known(game):
        return None
    title = tr(board(game).title_key)
    try:
        options = game_spec(game).options_type.from_json(table.get("options"))
    except GameError:
        return title, title
    return title, describe_game(tr, game, options)


def _known(game: str) -> bool:
    try:
        game_spec(game)
    except GameError:
        return False
    return True
