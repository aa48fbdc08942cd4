"""*Join a table*: the table servers found on the local network (looked for on a thread, so the page never
waits), or an address typed in, and the password if the host set one; then the server's tables, each leading
to its lobby."""

from __future__ import annotations

import re
import threading
from collections.abc import Sequence
from functools import partial

import pygame

from game.online.messages import Error, JsonObject, ListTables, TableList, summary_seats
from scenes.context import AppContext
from scenes.kit import input as inp
from scenes.kit.results import GuessesRefused, PasswordRefused, SceneResult
from scenes.kit.stack import Pop, Push, Transition
from scenes.kit.text_field import edited
from scenes.kit.ui import DIM, LOGICAL_SIZE, TEXT, Menu, MenuItem
from scenes.kit.wake import wake
from scenes.online.lobby import LobbyScene, below_menu, describe_table
from scenes.online.network import Found, Network, own_first, player_name
from scenes.online.play import draw_link_state_line
from scenes.online.session import Session
from scenes.pages.menu_page import MenuScene

MENU_WIDTH = 760  # the join and tables pages' rows: an address typed, a table and its host's name
SEARCH_SECONDS = 2.0  # how long the network is listened to for tables
MOST_FOUND = 4  # the rows the found servers may take: with the page's other five, the last note still fits
ADDRESS_LENGTH = 64
PASSWORD_LENGTH = 32  # as many dots as fit on the row
HIDDEN = "\u2022"  # the dot the password row shows for each character typed: the characters are never drawn
TEXT_ROWS = ("address", "password")  # the rows typed into
TABLES_SHOWN = 4  # tables a page shows: with the page row, Look again and Back, the note under them still fits
RELIST_SECONDS = 1.0  # a page out of date is asked for again at most this often: the server counts frames
_NAME = re.compile(r"[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?")  # a host name or an IPv4 address
_IPV6 = re.compile(r"[0-9A-Fa-f:.]+")
TYPABLE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.-:[]")


def parse_address(typed: str, default_port: int) -> tuple[str, int] | None:
    """``host``, ``host:port``, ``[v6]`` or ``[v6]:port`` as an address and a port (``None``: not an address)."""
    typed = typed.strip()
    host, port = typed, str(default_port)
    if typed.startswith("["):
        close = typed.find("]")
        if close < 0 or not _IPV6.fullmatch(typed[1:close]):
            return None
        host, rest = typed[1:close], typed[close + 1:]
        if rest:
            if not rest.startswith(":"):
                return None
            port = rest[1:]
    else:
        if typed.count(":") == 1:
            host, port = typed.split(":")
        if not _NAME.fullmatch(host):
            return None
    if not (port.isascii() and port.isdigit() and 1 <= int(port) <= 65535):
        return None
    return host, int(port)


class JoinScene(MenuScene):
    title_key = "online.join_title"

    def __init__(self, context: AppContext, network: Network) -> None:
        self.network = network
        self.found: list[Found] = []
        self.searching: list[Sequence[Found]] | None = None  # the search's answer, filled by its thread
        self.typed = ""
        self.error = ""
        self.password = ""
        self.refusal = ""  # why the last server tried did not take the password, said on the password row
        self.tried: tuple[str, int] | None = None  # the server connected to last
        self.asking: tuple[str, int] | None = None  # the server that refused the password: Enter on it tries again
        super().__init__(context)
        self.menu = Menu(self.build_items(), top=180, width=MENU_WIDTH, row=50, text=context.text,
                         sound=context.audio.play)
        self.search()

    def rebuild(self) -> None:
        super().rebuild()
        self.menu.width, self.menu.row, self.menu.top = MENU_WIDTH, 50, 180
        self.menu.layout()

    def build_items(self) -> list[MenuItem]:
        tr = self.context.tr
        items = [MenuItem(tr("online.server", name=found.name), partial(self._connect, found.address, found.port),
                          note=tr("online.server.note", address=found.address, port=found.port),
                          key=f"found{number}", icon="play")
                 for number, found in enumerate(self.found[:MOST_FOUND])]
        searching = self.searching is not None
        items.append(MenuItem(tr("online.searching") if searching else tr("online.search_again"), self.search,
                              enabled=not searching, key="search", icon="rotate",
                              note="" if searching or self.found else tr("online.none_found")))
        items.append(MenuItem(tr("online.address"), choices=[self.typed or tr("online.address.empty")],
                              key="address", icon="settings", tip="online.address.tip",
                              note=self.error or tr("online.address.note", port=self.network.default_port)))
        hidden = HIDDEN * len(self.password) or tr("online.password.empty")
        items.append(MenuItem(tr("online.password"), choices=[hidden], key="password", icon="settings",
                              tip="online.password.tip", note=self.refusal or tr("online.password.note")))
        items.append(MenuItem(tr("online.connect"), self._connect_typed, enabled=bool(self.typed), key="connect",
                              icon="play", note=self.error))
        items.append(MenuItem(tr("menu.back"), self.back, key="back", icon="back"))
        return items

    # --- looking for tables --------------------------------------------------------------------------------
    def search(self) -> None:
        """Listen for tables on a thread of its own: it ends by itself after ``SEARCH_SECONDS``. The tables of
        this computer come first: a player who hosts with ``main.py host`` finds their own host at the top."""
        answer: list[Sequence[Found]] = []
        self.searching = answer
        browse, here = self.network.browse, self.network.here

        def look() -> None:
            answer.append(own_first(browse(SEARCH_SECONDS), here()))
            wake()  # the page rests while it looks: the tables found show at the next frame

        threading.Thread(target=look, name="look for tables", daemon=True).start()
        self.rebuild()

    @property
    def typing(self) -> bool:
        return self.menu.focused.key in TEXT_ROWS or super().typing

    def update(self, dt: float) -> Transition | None:
        if self.searching:
            self.found = list(self.searching[0])
            self.searching = None
            self.rebuild()
            if self.found and self.menu.focused.key == "search":  # the tables found come first
                self.menu.focus = 0
        return None

    # --- typing an address and a password ------------------------------------------------------------------
    def handle(self, intent: inp.Intent) -> Transition | None:
        row = self.menu.focused.key
        if row in TEXT_ROWS:
            if intent.kind == inp.TEXT:
                self._type(row, intent.text)
                return None
            if intent.kind == inp.BACK and intent.text == inp.ERASE:
                self._type(row, "")
                return None
            if intent.kind == inp.CONFIRM:
                return self._connect_typed() if row == "address" else self._connect_with_password()
            if intent.kind in (inp.LEFT, inp.RIGHT):
                return None  # a one-value row: nothing to cycle
        return super().handle(intent)

    def _type(self, row: str, typed: str) -> None:
        """Add what was typed to ``row`` (only what it may hold), or erase a character when nothing was."""
        if row == "address":
            self.typed = edited(self.typed, typed, TYPABLE.__contains__, ADDRESS_LENGTH)
            self.error, self.asking = "", None  # Enter on the password now goes to this address
        else:
            self.password = edited(self.password, typed, str.isprintable, PASSWORD_LENGTH)
            self.refusal = ""
        self.rebuild()

    def _connect_with_password(self) -> Transition | None:
        """Enter on the password row: to the server that asked for it, else to the address typed (the address
        row first, when there is none)."""
        if self.asking is not None:
            return self._connect(*self.asking)
        if not self.typed:
            self.menu.focus = self._row("address")
            return None
        return self._connect_typed()

    def _row(self, key: str) -> int:
        return [item.key for item in self.menu.items].index(key)

    def _connect_typed(self) -> Transition | None:
        address = parse_address(self.typed, self.network.default_port)
        if address is None:
            self.error = self.context.tr("online.bad_address")
            self.rebuild()
            return None
        return self._connect(*address)

    def _connect(self, address: str, port: int) -> Transition | None:
        name = player_name(self.context.settings.player_name)
        self.tried = address, port
        try:
            link = self.network.connect(address, port, name, self.password)
        except OSError as error:
            self.error = self.context.tr("online.connect_failed", reason=error.strerror or str(error))
            self.rebuild()
            return None
        session = Session(link, name, where=f"{address}:{port}", seats_folder=self.context.data_folder)
        return Push(TablesScene(self.context, session, f"{address}:{port}"))

    def resume(self, result: SceneResult | None) -> Transition | None:
        tr = self.context.tr
        match result:
            case GuessesRefused(seconds):
                self.refusal = tr("online.password.wait", seconds=seconds)
            case PasswordRefused():
                self.refusal = tr("online.password.wrong") if self.password else tr("online.password.wanted")
            case _:
                return super().resume(result)
        self.password, self.asking = "", self.tried  # typed again from the first character, for that server
        super().resume(result)
        self.menu.focus = self._row("password")
        return None


class TablesScene(MenuScene):
    """The tables of one server, a page of them at a time, each leading to its lobby; the page owns the
    connection until it is left."""

    title_key = "online.tables_title"

    def __init__(self, context: AppContext, session: Session, where: str) -> None:
        self.session, self.where = session, where
        self.asked = False  # the list of tables was asked for, once welcomed
        self.page = 0  # the page asked for
        self.since_asked = 0.0  # seconds since the page was last asked for
        super().__init__(context)
        self.menu.width = MENU_WIDTH  # a row names the game and its host: the longest name fits
        self.menu.layout()

    def build_items(self) -> list[MenuItem]:
        tr = self.context.tr
        items = []
        for number, table in enumerate(self.session.tables[:TABLES_SHOWN]):
            described = describe_table(tr, table)
            if described is None:
                continue
            title, options = described
            items.append(MenuItem(tr("online.table_row", game=title, host=str(table.get("host", ""))),
                                  partial(self._open, table), note=self._row_note(table, options),
                                  key=f"table{number}", icon="play"))
        pages = self.session.pages
        if pages > 1:
            items.append(MenuItem(tr("online.tables.page"), key="page", icon="log",
                                  choices=[tr("online.tables.page_of", page=n + 1, pages=pages) for n in range(pages)],
                                  index=min(self.session.page, pages - 1), on_change=self._turn_to,
                                  note=tr("online.tables.page.note")))
        items.append(MenuItem(tr("online.search_again"), self._ask, key="refresh", icon="rotate",
                              enabled=self.session.welcomed,
                              note="" if items or not self.asked else tr("online.no_tables")))
        items.append(MenuItem(tr("menu.back"), self.back, key="back", icon="back"))
        return items

    def _row_note(self, table: JsonObject, options: str) -> str:
        """What a table offers: its open seats, or once started a seat to take, to stand in, or the game to watch."""
        tr = self.context.tr
        seats = summary_seats(table)
        free = sum(seat.get("kind") == "open" for seat in seats)
        if not table.get("started"):
            return tr("online.table_row.note", options=options, free=free)
        if free and not table.get("over"):
            return tr("online.table_row.open_seat", options=options)
        if table.get("stand_ins") and table.get("away_ai") is not None and not table.get("over") and any(
                seat.get("away") and not seat.get("stand_in") for seat in seats):
            return tr("online.table_row.stand_in", options=options)
        return tr("online.table_row.started", options=options)

    def _turn_to(self, page: int) -> None:
        self.page = page
        self._ask()

    def rebuild(self) -> None:
        """The rows again, the focus kept on the same row; on the first table when the first tables come."""
        key = self.menu.focused.key
        first_tables = not any(item.key.startswith("table") for item in self.menu.items)
        super().rebuild()
        self.menu.width = MENU_WIDTH
        self.menu.layout()
        keys = [item.key for item in self.menu.items]
        wanted = "table0" if first_tables and key in ("refresh", "back") and "table0" in keys else key
        if wanted in keys and self.menu.items[keys.index(wanted)].enabled:
            self.menu.focus = keys.index(wanted)

    def _ask(self) -> None:
        self.asked, self.since_asked = True, 0.0
        self.session.send(ListTables(self.page, TABLES_SHOWN))

    def _open(self, table: JsonObject) -> Transition:
        self.session.table = table
        return Push(LobbyScene(self.context, self.session))

    def next_change_in(self) -> float | None:
        """A page out of date is asked for again once its wait is over; the server's messages wake the window
        themselves (``scenes.online.network``)."""
        if self.session.tables_changed and self.asked:
            return max(0.0, RELIST_SECONDS - self.since_asked)
        return None

    def update(self, dt: float) -> Transition | None:
        messages = self.session.poll()
        errors = [message for message in messages if isinstance(message, Error)]
        if any(message.code == "password" for message in errors):
            return Pop(PasswordRefused())  # the link has closed for good: the join page asks for the password
        for message in errors:
            if message.code == "too_many_guesses":
                return Pop(GuessesRefused(message.wait or 0))
        self.since_asked += dt
        if self.session.welcomed and not self.asked:
            self._ask()
        elif self.session.tables_changed and self.since_asked >= RELIST_SECONDS:
            self._ask()  # a table was opened or went: the page again, as it stands now
        if any(isinstance(message, TableList) for message in messages) and self.session.page != self.page:
            self.page = self.session.page
        if messages:
            self.rebuild()
        return None

    def resume(self, result: SceneResult | None) -> Transition | None:
        self.session.table = None
        self._ask()
        return super().resume(result)

    def leave(self) -> None:
        self.session.close()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        text, tr = self.context.text, self.context.tr
        centre = LOGICAL_SIZE[0] // 2
        welcomed = self.session.welcomed
        words = tr("online.tables_at", server=self.session.server or self.where) if welcomed else tr(
            "online.connecting")
        text.blit(surface, words, 26, TEXT if self.session.welcomed else DIM, shadow=2, midtop=(centre, 140))
        draw_link_state_line(surface, self.context, self.session, below_menu(self.menu))
