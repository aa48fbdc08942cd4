"""Issue 50 on screen: the host lets people stand in and opens an AI's seat from the pause menu; a guest stands in
for an away player from the table's lobby and is told when that player is back; the server's tables come a page
at a time; an address told to wait after wrong passwords reads how long. Driven through real pygame events
against the stand-in server of ``online_table``; screenshots go to ``SCREENSHOT_DIR``."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pygame
import pytest
from online_table import PORT, TABLE, FakeNetwork, Found, Table, TableDouble, TableSeat, bobs_table
from scene_driver import Driver, screenshot_dir
from test_online_menus import driver, host_seats_page, join_page, online_menu, wait_for
from test_online_play import sit_down

from game.falconi.options import FalconiOptions
from game.fredericus.options import FredericusOptions
from game.services.match import Match, MatchSetup, Person, SeatPlan
from scenes.kit import tooltip
from scenes.kit.ui import LOGICAL_SIZE, NOTE_GAP, NOTE_LINE
from scenes.online.join import TABLES_SHOWN, JoinScene, TablesScene
from scenes.online.lobby import LobbyScene
from scenes.online.play import OnlinePauseOverlay, link_words
from scenes.online.seats_overlay import OpenSeatsOverlay

__all__ = ["driver"]  # a fixture of these tests


def test_the_host_lets_people_stand_in_and_the_table_is_told(driver) -> None:
    network = FakeNetwork()
    seats = host_seats_page(driver, network)
    assert seats.menu.item("stand_ins").value == "No"
    driver.click_item("stand_ins")
    assert seats.menu.item("stand_ins").value == "Yes"
    driver.click_item("start")
    create = next(message for message in network.links[0].sent if message["verb"] == "create")
    assert create["stand_ins"] is True and create["away_ai"] == 30


def started_table_with_an_away_player() -> Table:
    """Bob's Fredericus, started: Ann is away and the host lets people stand in; the third seat the host opened."""
    options = FredericusOptions(True)
    plans = (SeatPlan.human(0), SeatPlan.human(1), SeatPlan.ai("hard"))
    return Table("fredericus", options, [
        TableSeat("person", "Bob", connected=True), TableSeat("person", "Ann", away=True),
        TableSeat("open", level="hard", connected=True)], "Bob", away_ai=30, stand_ins=True,
        match=Match(MatchSetup("fredericus", plans, (Person("Bob"), Person("Ann")), 5, options)))


def lobby_of(driver: Driver, table: Table) -> tuple[LobbyScene, TableDouble]:
    network = FakeNetwork(found=[Found("Bob's table", "192.168.1.20", PORT)], table=table)
    online_menu(driver, network)
    driver.click_item("join")
    join = driver.top
    wait_for(driver, lambda: join.searching is None, "the search")
    driver.click_item("found0")
    tables = driver.top
    assert isinstance(tables, TablesScene)
    wait_for(driver, lambda: any(item.key == "table0" for item in tables.menu.items), "the tables")
    driver.click_item("table0")
    lobby = driver.top
    assert isinstance(lobby, LobbyScene)
    return lobby, network.links[0]


def lobby_with_a_seat_to_take(driver: Driver) -> tuple[LobbyScene, TableDouble, dict[str | None, str]]:
    """The lobby of a started table where Ann is away and the host opened seat 2 to players; its seats' labels."""
    table = started_table_with_an_away_player()
    table.seats[2] = TableSeat("open", level="hard", connected=True)
    lobby, link = lobby_of(driver, table)
    return lobby, link, {item.key: item.label for item in lobby.menu.items}


def test_a_guest_stands_in_for_an_away_player_or_takes_a_seat_the_host_opened_from_the_lobby(driver, tmp_path) -> None:
    lobby, link, labels = lobby_with_a_seat_to_take(driver)
    assert labels["seat1"].endswith("Stand in for Ann") and labels["seat2"].endswith("Take this seat from the AI")
    assert labels["seat0"].endswith("Bob")
    driver.save(screenshot_dir(tmp_path), "online-lobby-stand-in")
    driver.click_item("seat1")
    driver.run(2)
    assert link.sent[-1] == {"verb": "join", "table": TABLE, "seat": 1}
    assert lobby.error == "That seat cannot be taken now: somebody plays it, or it waits for its player"


def test_a_seat_with_a_stand_in_says_who_plays_it(driver) -> None:
    table = started_table_with_an_away_player()
    table.seats[1] = TableSeat("person", "Ann", away=True, connected=True, stand_in="Eve")
    lobby, _link = lobby_of(driver, table)
    assert lobby.menu.item("seat1").label.endswith("Ann (away), Eve stands in")
    assert lobby.menu.item("seat1").action is None


def test_the_host_opens_an_ai_s_seat_to_a_player_from_the_pause_menu(driver, tmp_path) -> None:
    scene, double = sit_down(driver, "falconi", FalconiOptions("margherita"), ["open", "ai", "ai", "ai"])
    scene.source.session.table = double.table.summary() if double.table else None
    driver.key(pygame.K_ESCAPE)
    pause = driver.top
    assert isinstance(pause, OnlinePauseOverlay)
    assert pause.title == "Menu: the game goes on"  # not "Paused": the table plays on
    driver.click_item("seats")
    seats = driver.top
    assert isinstance(seats, OpenSeatsOverlay)
    assert [item.key for item in seats.menu.items] == ["open1", "open2", "open3", "back"]
    driver.save(screenshot_dir(tmp_path), "online-open-seats")
    driver.click_item("open2")
    assert double.sent[-1] == {"verb": "open_seat", "table": TABLE, "seat": 2}
    assert driver.top is seats and not seats.menu.item("open2").enabled  # it says the seat is open now
    assert seats.menu.item("open2").label == "Port police: opened to a player"
    assert seats.menu.focused.key == "open3"
    driver.click_item("back")
    after: object = driver.top
    assert after is pause


def test_a_guest_has_no_seats_to_open_and_a_spectator_no_hint_and_no_seat_to_leave(driver) -> None:
    scene, _double = sit_down(driver, "falconi", FalconiOptions("margherita"), ["open", "ai", "ai", "ai"])
    scene.source.session.is_host = False
    driver.key(pygame.K_ESCAPE)
    assert "seats" not in [item.key for item in driver.top.menu.items]
    assert driver.top.menu.item("quit").note.startswith("Your seat stays yours")
    driver.key(pygame.K_ESCAPE)
    scene.source.mirror.seat = None
    driver.key(pygame.K_ESCAPE)
    pause = driver.top
    assert not pause.menu.item("hint").enabled
    assert pause.menu.item("quit").note == "You only watch this table: leaving changes nothing for the players"


def test_a_stand_in_whose_player_is_back_is_told_and_watches(driver) -> None:
    scene, double = sit_down(driver, "fredericus", FredericusOptions(True), ["open", "ai"])
    double.inbox.append({"verb": "unseated", "table": TABLE, "seat": 0, "name": "Ann"})
    double.seat = None
    assert double.table is not None and double.table.match is not None
    double._send_update(0)
    driver.run(2)
    assert scene.message == "Ann is back and plays their seat again: you are watching"
    assert scene.source.mirror.seat is None and scene.source.person_to_play() is None


@dataclass
class ManyTables(TableDouble):
    """A server of ``count`` tables, listed a page at a time as the real one does."""

    count: int = 10

    def _tables(self, message: dict) -> None:
        assert self.table is not None
        page, per_page = message.get("page", 0), message.get("per_page", 20)
        summaries = [{**self.table.summary(), "id": f"t{n}"} for n in range(self.count)]
        self._out({"verb": "tables", "tables": summaries[page * per_page:(page + 1) * per_page], "page": page,
                   "pages": -(-self.count // per_page), "total": self.count})


def test_the_server_s_tables_come_a_page_at_a_time(driver, tmp_path) -> None:
    """Issue 50: the table list pages; the tables page shows as many as fit and turns the pages."""
    network = FakeNetwork(found=[Found("Castle", "10.0.0.7", PORT)])
    network.connect = lambda address, port, name, password: ManyTables(  # type: ignore[method-assign]
        address, port, name, password, table=bobs_table())
    join_page(driver, network)
    driver.click_item("found0")
    tables = driver.top
    assert isinstance(tables, TablesScene)
    wait_for(driver, lambda: any(item.key == "page" for item in tables.menu.items), "the pages")
    keys = [item.key for item in tables.menu.items]
    assert keys == [f"table{n}" for n in range(TABLES_SHOWN)] + ["page", "refresh", "back"]
    assert tables.menu.focused.key == "table0"  # the tables came: the first has the focus
    assert tables.menu.item("page").value == "1 of 3"
    driver.save(screenshot_dir(tmp_path), "online-tables-pages")
    driver.click_item("page")
    wait_for(driver, lambda: tables.session.page == 1, "the second page")
    assert tables.session.link.sent[-1] == {"verb": "tables", "page": 1, "per_page": TABLES_SHOWN}  # type: ignore[attr-defined]
    assert tables.menu.item("page").value == "2 of 3"


@dataclass
class Wary(TableDouble):
    """A server that has seen too many wrong passwords from this address."""

    def __post_init__(self) -> None:
        self.inbox.append({"verb": "link", "state": "open", "reason": ""})
        self._out({"verb": "error", "code": "too_many_guesses", "message": "wait", "answered": "hello", "wait": 40})
        self.inbox.append({"verb": "link", "state": "closed", "reason": "wait"})


def test_an_address_told_to_wait_after_wrong_passwords_reads_how_long_on_the_join_page(driver) -> None:
    network = FakeNetwork(found=[Found("Bob's table", "192.168.1.20", PORT)])
    network.connect = lambda address, port, name, password: Wary(  # type: ignore[method-assign]
        address, port, name, password)
    join = join_page(driver, network)
    driver.click_item("found0")
    driver.run(2)
    assert driver.top is join and isinstance(join, JoinScene) and join.menu.focused.key == "password"
    assert join.menu.focused.note == "Too many wrong passwords from this computer: wait 40 s, then Enter"
    driver.key(pygame.K_UP)
    driver.key(pygame.K_DOWN)  # the keyboard's focus on the password row shows its tip
    driver.run(60)
    shown = tooltip.tips().shown
    assert shown is not None and shown.words.startswith("The password the host chose")
    last = join.menu.rects[-1]  # the note's lines, under the last row
    lines = len(join.menu.note_lines(join.menu.focused))
    note = pygame.Rect(0, last.bottom + NOTE_GAP, LOGICAL_SIZE[0], NOTE_LINE * lines)
    assert not shown.rect.colliderect(note)  # the newcomer's test: it hid the line that says how long to wait


def test_a_player_who_takes_a_seat_the_ai_played_is_named_on_the_host_s_board(driver) -> None:
    """The newcomer's test (issue 50): the host's board kept calling an opened seat's new player "AI normal"."""
    scene, double = sit_down(driver, "fredericus", FredericusOptions(True), ["open", "ai"])
    assert double.table is not None and double.table.match is not None
    match = double.table.match
    assert scene.source.players()[1].ai
    people = (*match.setup.people, Person("Eve"))
    match.setup = replace(match.setup, seats=(match.setup.seats[0], SeatPlan.human(len(people) - 1)), people=people)
    double._send_update(len(match.log))
    driver.run(2)
    player = scene.source.players()[1]
    assert (player.name, player.ai, player.thinking) == ("Eve", False, False)


def test_a_table_its_host_closed_says_so_and_never_reconnecting(driver) -> None:
    scene, double = sit_down(driver, "fredericus", FredericusOptions(True), ["open", "ai"])
    double.inbox += [{"verb": "closed", "table": TABLE},
                     {"verb": "link", "state": "closed", "reason": "the host closed the table"}]
    driver.run(2)
    assert scene.source.session.link_down
    session = scene.source.session
    assert link_words(driver.app.context, session) == "The host closed the table: the game is over for everyone"


@pytest.mark.parametrize(("third", "note"), [
    (TableSeat("open", level="hard", connected=True), "Started: a seat is open to a player"),
    (TableSeat("ai", level="hard"), "Started: you may stand in for an away player"),
], ids=["opened", "stand-in"])
def test_the_tables_page_says_a_started_table_has_a_seat_to_take_or_to_stand_in_for(driver, third: TableSeat,
                                                                                   note: str) -> None:
    """The newcomer's test (issue 50): every started table read "Started: you may watch"."""
    table = started_table_with_an_away_player()
    table.seats[2] = third
    network = FakeNetwork(found=[Found("Bob's table", "192.168.1.20", PORT)], table=table)
    join_page(driver, network)
    driver.click_item("found0")
    tables = driver.top
    assert isinstance(tables, TablesScene)
    wait_for(driver, lambda: any(item.key == "table0" for item in tables.menu.items), "the tables")
    assert tables.menu.item("table0").note == f"Fredericus - Shorter game. {note}"


def test_the_lobby_s_seats_read_as_french_writes_a_colon(driver) -> None:
    """A French newcomer read "Don Falconi: Prendre cette place": French puts a space before a colon, and no
    capital after it."""
    context = driver.app.context
    context.change_settings(context.settings.changed(language="fr"))
    _, _, labels = lobby_with_a_seat_to_take(driver)
    assert labels["seat1"].endswith(" : remplacer Ann") and labels["seat2"].endswith(" : prendre cette place à l'IA")
    assert labels["seat0"].endswith(" : Bob")
