"""Play online from the title menu (issue 40, item 2): host a table with the new-game pages' options and seats,
then its lobby; join one found on the network or at a typed address, pick a free seat, and the host's start
opens the game. The network is a stand-in (``online_table.TableDouble``, a fake server and discovery), so the
pages are tested without sockets; screenshots of each page are saved (``SCREENSHOT_DIR``)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest
from online_table import PORT, TABLE, FakeNetwork, Found, bobs_table
from play_kinds import is_online
from scene_driver import Driver, FixedClock, screenshot_dir
from zeroconf import EventLoopBlocked

from scenes.app import App
from scenes.kit.stack import Push
from scenes.online import network as network_module
from scenes.online.host import HostGameScene, HostSeatsScene
from scenes.online.join import HIDDEN, JoinScene, TablesScene, parse_address
from scenes.online.lobby import LobbyScene
from scenes.online.menus import OnlineMenuScene
from scenes.pages.seats import SeatSetupScene


@pytest.fixture
def driver(tmp_path, monkeypatch):
    monkeypatch.setenv("FALCONI_DATA_DIR", str(tmp_path / "data"))
    app = App(fps=0)
    app.clock = FixedClock(100)
    yield Driver(app)
    app.close()


def online_menu(driver: Driver, network: FakeNetwork) -> OnlineMenuScene:
    scene = OnlineMenuScene(driver.app.context, network.doors())
    driver.app.stack.apply(Push(scene))
    driver.run()
    return scene


def wait_for(driver: Driver, condition, what: str) -> None:
    deadline = time.monotonic() + 30
    while not condition():
        assert time.monotonic() < deadline, f"waited in vain for {what}"
        driver.run()
        time.sleep(0.005)


def test_a_window_that_never_plays_online_loads_no_network_library(tmp_path) -> None:
    """``websockets`` and ``zeroconf`` take about half a second to load: only a player who connects, hosts or
    looks for tables pays for them, not one who merely opens *Play online* (scenes/online/network.py)."""
    program = ("import sys\nfrom scenes.app import App\nfrom scenes.online.menus import OnlineMenuScene\n"
               "app = App(fps=0)\nOnlineMenuScene(app.context).network\napp.close()\n"
               "print(sorted({name.split('.')[0] for name in sys.modules} & {'websockets', 'zeroconf'}))")
    environment = {**os.environ, "FALCONI_DATA_DIR": str(tmp_path), "SDL_VIDEODRIVER": "dummy",
                   "SDL_AUDIODRIVER": "dummy"}
    ran = subprocess.run([sys.executable, "-c", program], cwd=Path(__file__).resolve().parent.parent,
                         env=environment, capture_output=True, text=True, timeout=120)
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.splitlines()[-1] == "[]"


def test_the_title_menu_leads_to_play_online(driver) -> None:
    driver.click_item("online")
    assert isinstance(driver.top, OnlineMenuScene)
    assert [item.key for item in driver.top.menu.items] == ["host", "join", "name", "back"]


def host_seats_page(driver: Driver, network: FakeNetwork, shots: Path | None = None) -> HostSeatsScene:
    """*Host a table* of Fredericus, on to its seats page."""
    online_menu(driver, network)
    driver.click_item("host")
    assert isinstance(driver.top, HostGameScene)
    if shots:
        driver.save(shots, "online-host-game")
    driver.click_item("fredericus")
    driver.click_item("next")
    seats = driver.top
    assert isinstance(seats, HostSeatsScene)
    return seats


def open_fredericus_table(driver: Driver, network: FakeNetwork, shots: Path | None = None) -> LobbyScene:
    seats = host_seats_page(driver, network, shots)
    assert [item.key for item in seats.menu.items] == ["seat0", "seat1", "away_ai", "stand_ins", "start", "back"]
    if shots:
        driver.save(shots, "online-host-seats")
    driver.click_item("start")
    lobby = driver.top
    assert isinstance(lobby, LobbyScene)
    driver.run(2)
    return lobby


def test_hosting_opens_a_table_with_the_seats_chosen_and_the_host_starts_it(driver, tmp_path) -> None:
    shots = screenshot_dir(tmp_path)
    network = FakeNetwork()
    lobby = open_fredericus_table(driver, network, shots)
    assert network.hosted and network.hosted[0].port == PORT
    assert network.hosted[0].folder == driver.app.context.data_folder / "tables"
    link = network.links[0]
    assert (link.address, link.port) == ("127.0.0.1", PORT)
    create = next(message for message in link.sent if message["verb"] == "create")
    assert create["game"] == "fredericus" and create["away_ai"] == 30
    assert create["seats"] == [{"kind": "open"}, {"kind": "ai", "level": "normal"}]
    assert [item.key for item in lobby.menu.items] == ["seat0", "seat1", "start", "back"]
    driver.save(shots, "online-lobby-host")
    driver.click_item("seat0")
    driver.run(2)
    assert lobby.session.seat == 0
    driver.save(shots, "online-lobby-seated")
    driver.click_item("start")
    driver.run(2)
    game = driver.top
    assert is_online(game) and game.source.mirror.seat == 0
    driver.run(3)
    driver.save(shots, "online-play")
    assert driver.app.context.seat_page is None  # a new game's seats are the local ones again


def test_no_page_says_hello_the_connection_greets_the_server_itself(driver) -> None:
    """spec40: ``Connection`` is made with the player's name and password and says ``hello`` itself (again after
    a drop); the real server refuses a second one, as found by tests/test_online_e2e.py."""
    network = FakeNetwork(table=bobs_table())
    open_fredericus_table(driver, network)
    online_menu(driver, network)
    driver.click_item("join")
    join = driver.top
    assert isinstance(join, JoinScene)
    driver.move(join.menu.rects[[item.key for item in join.menu.items].index("address")].center)
    driver.post(pygame.TEXTINPUT, text="castle.local")
    driver.key(pygame.K_RETURN)
    tables = driver.top
    wait_for(driver, lambda: any(item.key == "table0" for item in tables.menu.items), "the tables")
    driver.click_item("table0")
    driver.click_item("seat1")
    driver.run(2)
    assert len(network.links) == 2 and network.links[1].seat == 1
    for link in network.links:
        assert "hello" not in [message["verb"] for message in link.sent]
        assert not [message for message in link.inbox if message["verb"] == "error"]


def test_a_port_already_taken_hosts_on_a_free_one(driver) -> None:
    network = FakeNetwork(busy_ports={PORT})
    lobby = open_fredericus_table(driver, network)
    assert network.hosted[0].port == 50123 and lobby.port == 50123


def test_a_server_that_cannot_start_says_why_and_opens_nothing(driver) -> None:
    network = FakeNetwork(busy_ports={PORT, 0})
    online_menu(driver, network)
    driver.click_item("host")
    driver.click_item("fredericus")
    driver.click_item("next")
    driver.click_item("start")
    seats = driver.top
    assert isinstance(seats, HostSeatsScene) and "Address already in use" in seats.error
    assert not network.links


def test_leaving_the_lobby_as_host_closes_the_table_and_its_server(driver) -> None:
    network = FakeNetwork()
    open_fredericus_table(driver, network)
    driver.click_item("back")
    assert network.links[0].closed and network.hosted[0].stopped
    assert isinstance(driver.top, HostSeatsScene)


def test_back_from_the_host_s_pages_makes_a_new_game_local_again(driver) -> None:
    network = FakeNetwork()
    online_menu(driver, network)
    driver.click_item("host")
    driver.click_item("fredericus")
    driver.click_item("back")
    assert isinstance(driver.top, HostGameScene) and driver.app.context.seat_page is None
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_ESCAPE)
    driver.click_item("new")
    driver.click_item("fredericus")
    driver.click_item("next")
    seats: object = driver.top
    assert type(seats) is SeatSetupScene


def test_joining_a_found_table_takes_a_free_seat_and_the_host_s_start_opens_the_game(driver, tmp_path) -> None:
    shots = screenshot_dir(tmp_path)
    network = FakeNetwork(found=[Found("Bob's table", "192.168.1.20", PORT)], table=bobs_table())
    online_menu(driver, network)
    driver.click_item("join")
    join = driver.top
    assert isinstance(join, JoinScene)
    wait_for(driver, lambda: join.searching is None, "the search")
    driver.save(shots, "online-join")
    driver.click_item("found0")
    tables = driver.top
    assert isinstance(tables, TablesScene)
    wait_for(driver, lambda: any(item.key == "table0" for item in tables.menu.items), "the tables")
    driver.save(shots, "online-tables")
    driver.click_item("table0")
    lobby = driver.top
    assert isinstance(lobby, LobbyScene)
    assert [item.key for item in lobby.menu.items] == ["seat0", "seat1", "seat2", "back"]  # no start: not the host
    driver.click_item("seat1")
    driver.run(2)
    assert lobby.session.seat == 1
    driver.save(shots, "online-lobby-guest")
    link = network.links[0]
    assert (link.address, link.port) == ("192.168.1.20", PORT)
    link._begin(21)  # Bob starts the table
    driver.run(2)
    game = driver.top
    assert is_online(game) and game.source.mirror.seat == 1
    assert game.source.mirror.table == TABLE


def test_a_typed_address_is_edited_with_the_keys_and_connected_to(driver) -> None:
    network = FakeNetwork(table=bobs_table())
    online_menu(driver, network)
    driver.click_item("join")
    join = driver.top
    assert isinstance(join, JoinScene)
    wait_for(driver, lambda: join.searching is None, "the search")
    driver.move(join.menu.rects[[item.key for item in join.menu.items].index("address")].center)
    assert driver.app.context.inputs.typing
    for text in ("10.0.0.7:4", "x", "/"):
        driver.post(pygame.TEXTINPUT, text=text)
    driver.key(pygame.K_BACKSPACE)
    assert join.typed == "10.0.0.7:4" and isinstance(driver.top, JoinScene)  # Backspace erased, "/" was refused
    driver.post(pygame.TEXTINPUT, text="8000")
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.top, TablesScene)
    assert (network.links[0].address, network.links[0].port) == ("10.0.0.7", 48000)
    assert not driver.app.context.inputs.typing


def test_a_typed_address_that_is_none_says_so(driver, tmp_path) -> None:
    network = FakeNetwork()
    online_menu(driver, network)
    driver.click_item("join")
    join = driver.top
    driver.move(join.menu.rects[[item.key for item in join.menu.items].index("address")].center)
    driver.post(pygame.TEXTINPUT, text="no..where:99999")
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.top, JoinScene) and join.error and not network.links
    driver.save(screenshot_dir(tmp_path), "online-join-bad-address")


def texts_drawn(driver: Driver, monkeypatch) -> list[str]:
    """Every text the window draws from now on (the list grows as frames are drawn)."""
    cache = driver.app.context.text
    drawn: list[str] = []
    render = cache.render

    def recorded(text: str, *args, **kwargs) -> pygame.Surface:
        drawn.append(text)
        return render(text, *args, **kwargs)

    monkeypatch.setattr(cache, "render", recorded)
    return drawn


def join_page(driver: Driver, network: FakeNetwork) -> JoinScene:
    online_menu(driver, network)
    driver.click_item("join")
    join = driver.top
    assert isinstance(join, JoinScene)
    wait_for(driver, lambda: join.searching is None, "the search")
    return join


def type_password(driver: Driver, join: JoinScene, *texts: str) -> None:
    """Point at the password row and type ``texts`` as SDL sends them: a space comes as a key, then as text."""
    driver.move(join.menu.rects[[item.key for item in join.menu.items].index("password")].center)
    for text in texts:
        if text == " ":
            driver.key(pygame.K_SPACE)
        driver.post(pygame.TEXTINPUT, text=text)


def test_a_password_typed_on_the_join_page_reaches_the_connection_and_only_dots_are_drawn(
        driver, tmp_path, monkeypatch) -> None:
    """Issue 40: a host started with --password asks every hello for it; the Join page has a row to type it."""
    network = FakeNetwork(found=[Found("Bob's table", "192.168.1.20", PORT)], table=bobs_table(),
                          password="open sesame")
    join = join_page(driver, network)
    drawn = texts_drawn(driver, monkeypatch)
    type_password(driver, join, "open", " ", "sesamex", "\x07")
    assert driver.app.context.inputs.typing and isinstance(driver.top, JoinScene)  # Space typed, not confirmed
    driver.key(pygame.K_BACKSPACE)
    assert join.password == "open sesame"  # the bell was refused, Backspace erased the x
    assert join.menu.item("password").value == HIDDEN * len("open sesame")
    assert HIDDEN * len("open sesame") in drawn
    assert not [text for text in drawn if "ses" in text or "open s" in text]
    driver.save(screenshot_dir(tmp_path), "online-join-password")
    driver.click_item("found0")
    tables = driver.top
    assert isinstance(tables, TablesScene)
    wait_for(driver, lambda: any(item.key == "table0" for item in tables.menu.items), "the tables")
    assert network.links[0].password == "open sesame"


def test_a_refused_password_is_said_on_the_join_page_with_the_focus_on_its_row(driver, tmp_path) -> None:
    network = FakeNetwork(found=[Found("Bob's table", "192.168.1.20", PORT)], table=bobs_table(),
                          password="open sesame")
    join = join_page(driver, network)
    driver.click_item("found0")  # no password typed
    driver.run(2)
    assert driver.top is join and join.menu.focused.key == "password" and driver.app.context.inputs.typing
    assert network.links[0].closed
    assert join.menu.focused.note == "The host asks for a password: type it here, then Enter"
    type_password(driver, join, "open sesame?")
    driver.key(pygame.K_RETURN)  # Enter on the password row tries the server that asked for it again
    driver.run(2)
    assert driver.top is join and join.menu.focused.key == "password" and join.password == ""
    assert join.menu.focused.note == "The host refused that password: type it again, then Enter"
    driver.save(screenshot_dir(tmp_path), "online-join-password-refused")
    assert [(link.address, link.password) for link in network.links] == [
        ("192.168.1.20", ""), ("192.168.1.20", "open sesame?")]
    type_password(driver, join, "open sesame")
    driver.key(pygame.K_RETURN)
    tables = driver.top
    assert isinstance(tables, TablesScene)
    wait_for(driver, lambda: any(item.key == "table0" for item in tables.menu.items), "the tables")


def test_enter_on_an_empty_address_s_password_row_leads_to_the_address_row(driver) -> None:
    network = FakeNetwork()
    join = join_page(driver, network)
    type_password(driver, join, "secret")
    driver.key(pygame.K_RETURN)
    assert driver.top is join and join.menu.focused.key == "address" and not network.links


@pytest.mark.parametrize("typed, expected", [
    ("192.168.1.20", ("192.168.1.20", PORT)), ("192.168.1.20:5000", ("192.168.1.20", 5000)),
    (" castle.local ", ("castle.local", PORT)), ("[::1]", ("::1", PORT)), ("[fe80::2]:81", ("fe80::2", 81)),
    ("", None), ("a b", None), ("host:0", None), ("host:70000", None), ("host:x", None), ("[::1", None),
    ("-host", None), ("a:b:c", None), ("[::1]x", None),
])
def test_an_address_is_read_with_or_without_its_port(typed, expected) -> None:
    assert parse_address(typed, PORT) == expected


def test_a_started_table_is_watched_as_a_spectator_who_sees_no_seat_s_secrets(driver) -> None:
    table = bobs_table()
    network = FakeNetwork(table=table)
    online_menu(driver, network)
    driver.click_item("join")
    join = driver.top
    assert isinstance(join, JoinScene)
    wait_for(driver, lambda: join.searching is None, "the search")
    driver.move(join.menu.rects[[item.key for item in join.menu.items].index("address")].center)
    driver.post(pygame.TEXTINPUT, text="castle.local")
    driver.key(pygame.K_RETURN)
    tables = driver.top
    wait_for(driver, lambda: any(item.key == "table0" for item in tables.menu.items), "the tables")
    network.links[0]._begin(5)  # Bob started the table meanwhile: its summary says so
    driver.run(2)
    driver.click_item("table0")
    lobby = driver.top
    assert isinstance(lobby, LobbyScene) and "watch" in [item.key for item in lobby.menu.items]
    driver.click_item("watch")
    driver.run(2)
    game = driver.top
    assert is_online(game)
    assert game.source.mirror.seat is None and game.source.visible_seats() == frozenset() and game.chooser is None


@pytest.mark.parametrize("failure", [OSError(19, "No such device"), EventLoopBlocked()], ids=["os", "zeroconf"])
def test_a_table_hosted_where_it_cannot_be_advertised_is_served_all_the_same(failure, tmp_path, monkeypatch) -> None:
    """Multicast may not work (a container, a guest Wi-Fi) and zeroconf may time out on a busy machine: the
    table is still served at the address its lobby shows, as ``main.py host`` serves unadvertised."""
    from game.online import discovery

    def cannot_advertise(name: str, port: int) -> discovery.Advert:
        raise failure

    monkeypatch.setattr(discovery, "advertise", cannot_advertise)
    hosted = network_module.real_network().host(0, "", tmp_path / "tables", "Ann")
    try:
        with socket.create_connection(("127.0.0.1", hosted.port), timeout=30):
            pass  # it listens
    finally:
        hosted.stop()


def test_an_offline_window_opens_no_table_and_reaches_no_server_and_says_so(driver, monkeypatch) -> None:
    """The soak's doors (scenes.online.network.offline_network): random input never reaches the network."""
    monkeypatch.setattr(network_module, "real_network", lambda: FakeNetwork().doors())
    driver.app.context.network = network_module.offline_network
    driver.click_item("online")
    driver.click_item("join")
    join = driver.top
    assert isinstance(join, JoinScene)
    wait_for(driver, lambda: join.searching is None, "the search")
    assert not [item for item in join.menu.items if item.key.startswith("found")]
    driver.move(join.menu.rects[[item.key for item in join.menu.items].index("address")].center)
    driver.post(pygame.TEXTINPUT, text="10.0.0.7")
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.top, JoinScene) and "offline" in join.error
    driver.key(pygame.K_ESCAPE)
    driver.click_item("host")
    driver.click_item("fredericus")
    driver.click_item("next")
    driver.click_item("start")
    assert isinstance(driver.top, HostSeatsScene) and "offline" in driver.top.error


def test_the_name_typed_on_the_online_menu_is_kept_and_taken_to_every_table(driver, tmp_path) -> None:
    """Issue 51: a player online was known by their login name alone. The *Play online* page has a row to type
    another; it is kept in the settings, and hosting and joining use it."""
    network = FakeNetwork(found=[Found("Bob's table", "192.168.1.20", PORT)], table=bobs_table())
    menu = online_menu(driver, network)
    assert menu.menu.focused.key == "host"  # Enter still hosts: the name row waits below
    driver.move(menu.menu.rects[[item.key for item in menu.menu.items].index("name")].center)
    assert driver.app.context.inputs.typing
    driver.keys(*[pygame.K_BACKSPACE] * 3)  # the login name is shown until a name is typed: nothing to erase
    assert isinstance(driver.top, OnlineMenuScene)
    for text in ("Giu", "lia", " "):
        driver.post(pygame.TEXTINPUT, text=text)
    assert driver.app.context.settings.player_name == "Giulia"  # as a table would show it, the space aside
    assert json.loads((driver.app.context.data_folder / "settings.json").read_text())["player_name"] == "Giulia"
    driver.save(screenshot_dir(tmp_path), "online-menu-name")
    driver.click_item("join")
    join = driver.top
    assert isinstance(join, JoinScene)
    wait_for(driver, lambda: join.searching is None, "the search")
    driver.click_item("found0")
    assert network.links[-1].name == "Giulia"
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_ESCAPE)
    host_seats_page(driver, network)
    driver.click_item("start")
    assert network.hosted[0].name == "Giulia" and network.links[-1].name == "Giulia"
    assert isinstance(driver.top, LobbyScene)
