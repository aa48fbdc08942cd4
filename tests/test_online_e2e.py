"""Issue 40, point 5, tested for real on this machine's loopback: ``main.py host`` in a process of its own, two
headless clients (``game.online.client.Connection``, choosing at random among their update's legal actions) and
the app itself (the dummy video driver), which joins by a typed address and plays through its online scenes with
posted key presses. A whole Salami game and a whole Fredericus game are played to the game-over screen; a client
drops mid-game (its connection is cut by a relay, as a network would) and comes back with its token to the game
where it was; every client's final picture and log equal a local replay of the ``over`` message's save, and the
server and its AI workers end with the test."""

from __future__ import annotations

import contextlib
import os
import random
import signal
import socket
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pygame
import pytest
from online_host import Host
from online_table import as_json, asked
from play_kinds import is_online
from scene_driver import Driver, FixedClock, screenshot_dir
from test_no_orphans import PROC, Child, children_of, is_alive

from game.falconi.options import FalconiOptions
from game.fredericus.options import FredericusOptions
from game.online import wire
from game.online.client import Connection
from game.online.messages import ClientMessage, Received
from game.services.match import Match
from scenes.app import App
from scenes.kit.wake import wake
from scenes.online.join import JoinScene, TablesScene
from scenes.online.lobby import LobbyScene
from scenes.online.network import real_network
from scenes.online.source import OnlineGameOverScene, OnlineSource
from scenes.pages.overlays import ConfirmOverlay
from scenes.playing.play import PlayScene

PATIENCE = 120.0  # a bound for a loaded two-core machine, not a wait: every wait below polls
GAME_PATIENCE = 900.0  # a whole game, every move a round trip and the window's frames drawn
LOOPBACK = "127.0.0.1"

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not (PROC / "self" / "stat").exists(), reason="finds processes in /proc")]


class Relay:
    """A TCP relay on loopback in front of the server: :meth:`cut` drops every connection through it at once,
    as a lost network would (no closing handshake), while it keeps listening for the client to come back;
    while ``holding`` is set, it drops each connection as it comes (the network is still down)."""

    def __init__(self, port: int) -> None:
        self.target = port
        self.listener = socket.create_server((LOOPBACK, 0))
        self.listener.settimeout(0.1)
        self.port = int(self.listener.getsockname()[1])
        self.links: list[socket.socket] = []  # those open now, cut by cut()
        self.opened: list[socket.socket] = []  # every one, closed by close()
        self.lock = threading.Lock()
        self.stopped = threading.Event()
        self.holding = threading.Event()
        self.threads = [threading.Thread(target=self._accept, name="relay", daemon=True)]
        self.threads[0].start()

    def _accept(self) -> None:
        while not self.stopped.is_set():
            try:
                client, _ = self.listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            if self.holding.is_set():
                client.close()
                continue
            server = socket.create_connection((LOOPBACK, self.target))
            with self.lock:
                self.links += [client, server]
                self.opened += [client, server]
            for source, sink in ((client, server), (server, client)):
                pump = threading.Thread(target=self._pump, args=(source, sink), name="relay pump", daemon=True)
                self.threads.append(pump)
                pump.start()

    @staticmethod
    def _pump(source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        for end in (source, sink):
            _shut(end)

    def cut(self) -> None:
        with self.lock:
            links, self.links = self.links, []
        for end in links:
            _shut(end)

    def close(self) -> None:
        self.stopped.set()
        self.cut()
        for thread in self.threads:
            thread.join(timeout=PATIENCE)
        for end in self.opened:
            end.close()
        self.listener.close()


def _shut(end: socket.socket) -> None:
    with contextlib.suppress(OSError):
        end.shutdown(socket.SHUT_RDWR)


@dataclass
class Headless:
    """A player without a window: a real ``Connection`` whose seat plays a random legal action (from a seeded
    generator) whenever its latest update offers some."""

    link: Connection
    rng: random.Random
    summaries: dict[str, dict[str, Any]] = field(default_factory=dict)  # the latest of each table
    links: list[str] = field(default_factory=list)  # the link's states, in order
    tokens: list[str] = field(default_factory=list)
    seats: list[int] = field(default_factory=list)  # as each ``joined`` gave it
    table: str = ""
    update: dict[str, Any] | None = None
    entries: list[dict[str, Any]] = field(default_factory=list)  # the log as this client was told it
    caught_up: list[dict[str, Any]] = field(default_factory=list)  # the first update after each join or resume
    over: dict[str, Any] | None = None
    errors: list[dict[str, Any]] = field(default_factory=list)
    chose: dict[int, str] = field(default_factory=dict)  # moment -> the action this client sent at it
    waiting: int | None = None  # the moment of an action sent whose update has not come back
    playing: bool = True

    @classmethod
    def connect(cls, port: int, name: str, seed: int) -> Headless:
        return cls(Connection(LOOPBACK, port, name), random.Random(seed))

    def send(self, **message: Any) -> None:
        self.link.send(asked(message))

    def pump(self) -> None:
        for message in map(as_json, self.link.poll()):
            verb = message["verb"]
            if verb == "link":
                self.links.append(message["state"])
            elif verb == "table":
                self.summaries[message["id"]] = message
            elif verb == "tables":
                self.summaries.update((summary["id"], summary) for summary in message["tables"])
            elif verb == "joined":
                self.table, self.tokens, self.seats = message["table"], [*self.tokens, message["token"]], [
                    *self.seats, message["seat"]]
                self.update = None  # the next one brings the game so far
            elif verb == "update" and message["table"] == self.table:
                self._take(message)
            elif verb == "over" and message["table"] == self.table:
                self.over = message
            elif verb == "error":
                self.errors.append(message)
                if message.get("answered") == "act":
                    self.waiting = None

    def _take(self, update: dict[str, Any]) -> None:
        assert update["from"] <= len(self.entries), "an update skipped entries this client never had"
        self.entries[update["from"]:] = update["entries"]
        assert len(self.entries) == update["moment"]
        if self.update is None:
            self.caught_up.append(update)
        self.update = update
        if self.waiting is not None and update["moment"] > self.waiting:
            self.waiting = None

    def play(self) -> None:
        update = self.update
        if self.playing and self.waiting is None and update is not None and update["legal"]:
            action = self.rng.choice(update["legal"])
            self.send(verb="act", table=self.table, action=action, moment=update["moment"])
            self.chose[update["moment"]] = action
            self.waiting = update["moment"]

    @property
    def deciding(self) -> bool:
        return self.update is not None and bool(self.update["legal"])


class Recorded:
    """The window's real ``Connection``, keeping every message it hands the window (which it wakes, as the real
    network's connections do)."""

    def __init__(self, address: str, port: int, name: str, password: str) -> None:
        self.connection = Connection(address, port, name, password, on_message=wake)
        self.received: list[dict[str, Any]] = []  # as JSON, for the checks to look into

    def send(self, message: ClientMessage) -> None:
        self.connection.send(message)

    def poll(self) -> list[Received]:
        messages = self.connection.poll()
        self.received += map(as_json, messages)
        return messages

    def close(self) -> None:
        self.connection.close()


class Window:
    """The app on the dummy driver, driven by posted events; its seat plays a random legal action (from a
    seeded generator) through the scene's chooser whenever it offers one."""

    def __init__(self, seed: int) -> None:
        self.app = App(fps=0)
        self.links: list[Recorded] = []
        self.app.context.network = lambda: replace(real_network(), connect=self._connect)
        self.app.context.settings = self.app.context.settings.changed(animation_speed=4.0)
        self.app.clock = FixedClock(100)
        self.driver = Driver(self.app)
        self.rng = random.Random(seed)
        self.chose: dict[int, str] = {}  # moment -> the action this window's seat sent at it
        self.scene: PlayScene[OnlineSource] | None = None
        self.saw_reconnecting = False

    def _connect(self, address: str, port: int, name: str, password: str) -> Recorded:
        self.links.append(Recorded(address, port, name, password))
        return self.links[-1]

    @property
    def errors(self) -> list[dict[str, Any]]:
        return [message for link in self.links for message in link.received if message["verb"] == "error"]

    def sit_down(self, port: int, table: str, seat: int, others: list[Headless]) -> LobbyScene:
        """From the title menu to ``seat`` of ``table`` at a typed address, as a player would."""
        lobby = self.open_lobby(port, table, others)
        self.driver.click_item(f"seat{seat}")
        self.wait("the seat", lambda: lobby.session.seat == seat, others)
        return lobby

    def open_lobby(self, port: int, table: str, others: list[Headless]) -> LobbyScene:
        """From the title menu to the lobby of ``table`` at a typed address."""
        driver = self.driver
        driver.click_item("online")
        driver.click_item("join")
        join = driver.top
        assert isinstance(join, JoinScene)
        driver.move(join.menu.rects[[item.key for item in join.menu.items].index("address")].center)
        driver.post(pygame.TEXTINPUT, text=f"{LOOPBACK}:{port}")
        driver.key(pygame.K_RETURN)
        tables = driver.top
        assert isinstance(tables, TablesScene)
        row = self.wait("the table in the list", lambda: next(
            (f"table{number}" for number, summary in enumerate(tables.session.tables) if summary["id"] == table),
            None), others)
        self.wait("its row", lambda: row in [item.key for item in tables.menu.items], others)
        driver.click_item(row)
        lobby = driver.top
        assert isinstance(lobby, LobbyScene)
        return lobby

    def wait(self, what: str, condition: Callable[[], Any], others: list[Headless]) -> Any:
        """Draw frames (and let the headless clients take their messages) until ``condition`` is something."""
        deadline = time.monotonic() + PATIENCE
        while not (found := condition()):
            assert time.monotonic() < deadline, f"no {what} within {PATIENCE:g} s"
            for other in others:
                other.pump()
            self.frame()
            time.sleep(0.002)
        return found

    def frame(self) -> None:
        self.driver.run()
        top = self.driver.top
        if is_online(top):
            self.scene = top
            self.saw_reconnecting = self.saw_reconnecting or top.source.session.state == "reconnecting"

    def play(self) -> None:
        scene = self.scene
        if scene is None or scene is not self.driver.top or scene.chooser is None:
            return
        action = self.rng.choice(list(scene.source.mirror.legal))
        moment = len(scene.source.mirror.log)
        self.chose[moment] = scene.source.mirror.state.action_text(action)
        for _ in range(12):  # no action has more steps
            chooser = scene.chooser
            if chooser is None or len(scene.source.mirror.log) > moment:  # sent (and perhaps already played)
                return
            step = chooser.paths[action][len(chooser.prefix)]
            for _ in range(len(chooser.options) + 1):
                if chooser.focused == step:
                    break
                self.driver.key(pygame.K_r if step[0] == "rot" else pygame.K_TAB)
            self.driver.key(pygame.K_RETURN)
            if isinstance(self.driver.top, ConfirmOverlay):  # a move that loses for its maker asks first (issue 51)
                self.driver.click_item("yes")
        raise AssertionError(f"the window could not choose {action}")

    def close(self) -> None:
        self.app.close()


@pytest.fixture
def table_server(tmp_path: Path) -> Iterator[Host]:
    """``main.py host`` on loopback; ended (killed if need be) after the test."""
    host = Host(tmp_path / "tables")
    try:
        yield host
    finally:
        if host.process.poll() is None:
            host.end(signal.SIGKILL)
        host.process.communicate()


@pytest.fixture
def window(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Window]:
    monkeypatch.setenv("FALCONI_DATA_DIR", str(tmp_path / "data"))
    opened = Window(seed=7)
    yield opened
    opened.close()


@dataclass(frozen=True)
class Game:
    name: str
    options: dict[str, Any]
    seats: list[dict[str, str]]
    headless: tuple[int, int]  # the seats of the table's host (a headless client) and of the other one
    window: int  # the window's seat
    dropped: str  # "headless" (the second headless client) or "window"


SALAMI = Game("falconi", FalconiOptions("salami").to_json(),
              [{"kind": "open"}, {"kind": "open"}, {"kind": "open"}, {"kind": "ai", "level": "easy"}],
              headless=(0, 2), window=1, dropped="headless")  # Don Falconi and two police cars, the third the AI's
FREDERICUS = Game("fredericus", FredericusOptions().to_json(), [{"kind": "open"}] * 3,
                  headless=(0, 1), window=2, dropped="window")  # three falconers


def descendants(pid: int) -> list[Child]:
    found = []
    for child in children_of(pid):
        found += [child, *descendants(child.pid)]
    return found


@pytest.mark.parametrize("game", [SALAMI, FREDERICUS], ids=lambda game: game.name)
def test_a_whole_game_over_loopback_equals_a_local_replay_of_its_actions_through_a_drop(
        game: Game, table_server: Host, window: Window, tmp_path: Path) -> None:
    """Issue 40, point 5: two headless clients and the window play a whole game to the game-over screen; one
    client drops mid-game and resumes its seat with its token; the end equals a local replay; the host's
    rematch opens the next game on the window."""
    relay = Relay(table_server.port)
    port_of_dropped = relay.port
    host = Headless.connect(table_server.port, "Ann", seed=1)
    guest = Headless.connect(port_of_dropped if game.dropped == "headless" else table_server.port, "Bob", seed=2)
    players = [host, guest]
    processes: set[Child] = set()  # the server's descendants (its AI workers), then the server itself
    try:
        host.send(verb="create", game=game.name, options=game.options, seats=game.seats, away_ai=None)
        table = window.wait("the table", lambda: next(iter(host.summaries), None), players)
        host.send(verb="join", table=table, seat=game.headless[0])
        guest.send(verb="join", table=table, seat=game.headless[1])
        window_port = port_of_dropped if game.dropped == "window" else table_server.port
        lobby = window.sit_down(window_port, table, game.window, players)
        window.wait("everyone seated", lambda: all(
            seat["kind"] != "open" for seat in host.summaries[table]["seats"]), players)
        host.send(verb="start", table=table)
        window.wait("the game on screen", lambda: window.scene is not None and lobby is not window.driver.top,
                    players)

        dropped_at = None
        deadline = time.monotonic() + GAME_PATIENCE
        while not (isinstance(window.driver.top, OnlineGameOverScene) and all(p.over for p in players)):
            assert time.monotonic() < deadline, f"the game did not end within {GAME_PATIENCE:g} s"
            for player in players:
                player.pump()
                player.play()
            window.frame()
            window.play()
            processes.update(descendants(table_server.process.pid))
            if dropped_at is None and is_time_to_drop(game, window, guest):
                dropped_at = drop_and_come_back(game, relay, window, host, guest, tmp_path)
            time.sleep(0.002)
        assert dropped_at is not None, "the game ended before a client could drop"

        over = window.driver.top
        assert isinstance(over, OnlineGameOverScene)
        window.driver.run(30)  # the points counted up
        window.driver.save(screenshot_dir(tmp_path), f"online-e2e-{game.name}-game-over")
        check_against_a_local_replay(game, players, window, over)
        host.send(verb="rematch", table=table)  # the table's host asks; the window goes on to the new game
        rematch = window.wait("the rematch on screen", lambda: is_online(window.driver.top)
                              and window.driver.top, players)
        assert rematch.source.mirror.seat == game.window and not rematch.source.mirror.state.is_terminal()
        assert not host.errors and not guest.errors and not window.errors
    finally:
        for player in players:
            player.link.close()
        relay.close()
    assert processes or game.name != "falconi", "the AI seat played in no worker process"
    server = next(child for child in children_of(os.getpid()) if child.pid == table_server.process.pid)
    assert table_server.end(signal.SIGTERM) == 0
    processes.add(server)
    deadline = time.monotonic() + PATIENCE
    while alive := [child for child in processes if is_alive(child)]:
        assert time.monotonic() < deadline, f"left running after the game: {alive}"
        time.sleep(0.05)


def is_time_to_drop(game: Game, window: Window, guest: Headless) -> bool:
    """A few moves in, while the client to drop neither decides nor waits for its move to come back."""
    scene = window.scene
    if scene is None or len(scene.source.mirror.log) < 3 or scene.source.mirror.state.is_terminal():
        return False
    if game.dropped == "window":
        return scene.chooser is None and not scene.source.sent and not scene.source.mirror.decides
    return guest.update is not None and not guest.deciding and guest.waiting is None


def drop_and_come_back(game: Game, relay: Relay, window: Window, host: Headless, guest: Headless,
                       tmp_path: Path) -> int:
    """Cut the dropped client's connection; the others see its seat away while it is gone; it comes back by
    itself with its token, to its seat and the game where it was, and the others see it back. The moment it
    dropped at."""
    players = [host, guest]
    assert window.scene is not None
    mirror = window.scene.source.mirror
    moment = len(mirror.log)
    seat = game.window if game.dropped == "window" else game.headless[1]
    if game.dropped == "headless":
        guest.playing = False  # until it is back: nothing it sends meanwhile could arrive
        tokens = list(guest.tokens)
        relay.cut()
        window.wait("the dropped seat shown away", lambda: mirror.away[seat], players)
        window.wait("the client back", lambda: len(guest.tokens) > len(tokens) and guest.links[-1] == "open",
                    players)
        assert "reconnecting" in guest.links and guest.seats[-1] == seat and guest.tokens[-1] != tokens[-1]
        back = window.wait("the whole log again", lambda: guest.caught_up[-1] if len(guest.caught_up) > 1 else None,
                           players)
        assert back["from"] == 0 and back["moment"] >= moment and back["entries"][:moment] == [
            wire.entry_json(entry) for entry in mirror.log[:moment]]  # the game where it was
        guest.playing = True
    else:
        session = window.scene.source.session
        relay.cut()
        window.wait("the window's reconnecting line", lambda: window.saw_reconnecting, players)
        window.driver.save(screenshot_dir(tmp_path), f"online-e2e-{game.name}-reconnecting")
        window.wait("the seat away for the others", lambda: host.update is not None and host.update["away"][seat],
                    players)
        window.wait("the window back", lambda: session.state == "open" and session.seat == seat, players)
    window.wait("the seat back for the others",
                lambda: host.update is not None and not host.update["away"][seat], players)
    return moment


def check_against_a_local_replay(game: Game, players: list[Headless], window: Window,
                                 over: OnlineGameOverScene) -> None:
    """The ``over`` message's save (seed and actions) replayed here gives each client's final state: the log
    each was told, the position its seat sees, the actions each chose at the moments it chose them."""
    saves = [player.over["save"] for player in players if player.over is not None]
    assert all(save == saves[0] for save in saves)
    saved = Match.from_json(saves[0])
    replayed = Match.replay(saved.setup, [entry.text for entry in saved.log])
    assert replayed.state.is_terminal()
    assert over.match.state.to_json() == replayed.state.to_json()
    assert window.scene is not None and window.scene.source.mirror.log == replayed.log
    told = [wire.entry_json(entry) for entry in replayed.log]
    for player, seat in zip(players, game.headless, strict=True):
        assert player.update is not None and player.entries == told
        picture = wire.picture_from_wire(game.name, player.update["picture"])
        assert picture.observation(seat) == replayed.state.observation(seat)
        for moment, action in player.chose.items():
            assert (replayed.log[moment].seat, replayed.log[moment].text) == (seat, action)
    for moment, action in window.chose.items():
        assert (replayed.log[moment].seat, replayed.log[moment].text) == (game.window, action)
    assert all(player.chose for player in players) and window.chose
