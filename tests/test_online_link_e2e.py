"""Issue 40's loopback tests of the link itself, beside the whole games of ``test_online_e2e.py``: a move sent while
the link is down, a message sent before the connection's thread runs, a table hosted from the window and a seat
taken back from its lobby, each against a real server."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from play_kinds import is_online
from scene_driver import screenshot_dir
from test_online_e2e import LOOPBACK, PATIENCE, Headless, Relay, Window, window  # noqa: F401 — fixtures

from game.online.client import Connection
from game.online.seats_kept import SEATS_FILE
from game.online.server import start_in_thread
from scenes.online.host import HostSeatsScene
from scenes.online.lobby import LobbyScene


@pytest.fixture
def server_in_thread(tmp_path: Path) -> Iterator[int]:
    """A table server on a thread of this process (as *Host a table* starts one): its port."""
    running = start_in_thread(LOOPBACK, 0, "", tmp_path / "tables")
    yield running.port
    running.stop()


def wait_for(what: str, condition: Callable[[], Any], players: list[Headless]) -> Any:
    deadline = time.monotonic() + PATIENCE
    while not (found := condition()):
        assert time.monotonic() < deadline, f"no {what} within {PATIENCE:g} s"
        for player in players:
            player.pump()
        time.sleep(0.01)
    return found


def test_a_move_sent_while_the_link_is_down_is_played_once_the_seat_is_back(server_in_thread: int) -> None:
    """Issue 40, faults: ``Connection.send`` queues what it cannot send yet; after a drop it goes out once the
    server has given the seat back, not before (where it came from a connection that sat nowhere, and was
    refused as another seat's move)."""
    relay = Relay(server_in_thread)
    ann = Headless.connect(relay.port, "Ann", seed=1)
    bob = Headless.connect(server_in_thread, "Bob", seed=2)
    players = [ann, bob]
    try:
        ann.send(verb="create", game="fredericus", options={"short_game": True}, seats=[{"kind": "open"}] * 2,
                 away_ai=None)
        table = wait_for("the table", lambda: next(iter(ann.summaries), None), players)
        ann.send(verb="join", table=table, seat=0)
        bob.send(verb="join", table=table, seat=1)
        wait_for("both seated", lambda: ann.seats and bob.seats, players)
        ann.send(verb="start", table=table)

        def bob_plays_until_ann_decides() -> bool:
            bob.play()
            return ann.deciding and ann.update is not None

        wait_for("Ann's turn", bob_plays_until_ann_decides, players)
        assert ann.update is not None
        moment = ann.update["moment"]
        relay.holding.set()
        relay.cut()
        wait_for("the drop", lambda: "reconnecting" in ann.links, players)
        ann.play()  # queued while the link is down
        relay.holding.clear()
        wait_for("the move played or refused", lambda: ann.errors or (
            ann.update is not None and ann.update["moment"] > moment), players)
        assert not ann.errors
        assert ann.entries[moment]["text"] == ann.chose[moment]
    finally:
        for player in players:
            player.link.close()
        relay.close()


def test_a_message_sent_before_the_connection_s_thread_runs_is_not_lost(server_in_thread: int,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """``Connection`` never blocks its caller, so its thread may not have started its loop when the first
    message is sent: that message waits in the queue like any other."""
    go = threading.Event()
    run = Connection._run

    def late_run(connection: Connection) -> None:
        go.wait(PATIENCE)
        run(connection)

    monkeypatch.setattr(Connection, "_run", late_run)
    ann = Headless.connect(server_in_thread, "Ann", seed=1)
    try:
        ann.send(verb="create", game="fredericus", options={"short_game": True}, seats=[{"kind": "open"}] * 2,
                 away_ai=None)
        go.set()
        wait_for("the table", lambda: ann.summaries, [ann])
    finally:
        ann.link.close()


def test_a_table_hosted_from_the_window_is_played_at_and_stops_with_it(window: Window) -> None:  # noqa: F811
    """Issue 40, point 1: *Play online* can host from the running game. The window's own server (on a thread,
    advertised or not) takes a headless client over loopback; leaving the game stops it, and the client is told
    that the table is closed, for good."""
    driver = window.driver
    driver.click_item("online")
    driver.click_item("host")
    driver.click_item("fredericus")
    driver.click_item("next")
    seats = driver.top
    assert isinstance(seats, HostSeatsScene)
    driver.move(seats.menu.rects[[item.key for item in seats.menu.items].index("seat1")].center)
    for _ in range(len(seats.menu.items[1].choices or ())):  # seat 1 open to a player who joins
        if seats.plans[1].kind == "person":
            break
        driver.key(pygame.K_LEFT)
    assert seats.plans[1].kind == "person"
    driver.click_item("start")
    lobby = driver.top
    assert isinstance(lobby, LobbyScene)
    bob = Headless.connect(lobby.port, "Bob", seed=2)
    try:
        bob.send(verb="tables")
        table = window.wait("the table", lambda: lobby.session.table_id, [bob])
        driver.click_item("seat0")
        bob.send(verb="join", table=table, seat=1)
        window.wait("both seated", lambda: lobby.session.seat == 0 and bob.seats, [bob])
        window.wait("the start", lambda: "start" in [item.key for item in lobby.menu.items], [bob])
        driver.click_item("start")
        window.wait("the game on screen", lambda: window.scene, [bob])
        deadline = time.monotonic() + PATIENCE
        while len(window.chose) < 2 or len(bob.chose) < 2:
            assert time.monotonic() < deadline, "the game did not go on"
            bob.pump()
            bob.play()
            window.frame()
            window.play()
        threads = [thread for thread in threading.enumerate() if thread.name == "table server"]
        assert len(threads) == 1
        driver.key(pygame.K_ESCAPE)
        driver.click_item("quit")
        driver.click_item("yes")
        window.wait("the title menu", lambda: not is_online(driver.top), [bob])
        threads[0].join(PATIENCE)
        assert not threads[0].is_alive()
        window.wait("the client told", lambda: "closed" in bob.links, [bob])  # the table is over: no reconnecting
        assert not bob.errors and not window.errors
    finally:
        bob.link.close()


def test_a_player_who_leaves_a_started_table_takes_the_seat_back_from_its_lobby(window: Window, tmp_path: Path,  # noqa: F811
                                                                              server_in_thread: int) -> None:
    """Leaving a game in progress keeps the seat, away (the pause menu says so): the token that gives it back is
    kept in the data folder, and the table's lobby offers *Back to your seat*, to the game where it is now."""
    bob = Headless.connect(server_in_thread, "Bob", seed=2)
    players = [bob]
    try:
        bob.send(verb="create", game="fredericus", options={"short_game": True}, seats=[{"kind": "open"}] * 2,
                 away_ai=None)
        table = window.wait("the table", lambda: next(iter(bob.summaries), None), players)
        bob.send(verb="join", table=table, seat=1)
        window.sit_down(server_in_thread, table, 0, players)
        bob.send(verb="start", table=table)
        window.wait("the game on screen", lambda: window.scene, players)
        deadline = time.monotonic() + PATIENCE
        while len(window.chose) < 2:
            assert time.monotonic() < deadline, "the game did not go on"
            bob.pump()
            bob.play()
            window.frame()
            window.play()
        driver = window.driver
        driver.key(pygame.K_ESCAPE)
        assert "join the table again" in driver.top.menu.item("quit").note
        driver.click_item("quit")
        driver.click_item("yes")
        window.wait("the seat away", lambda: bob.update is not None and bob.update["away"][0], players)
        kept = json.loads((tmp_path / "data" / SEATS_FILE).read_text())["seats"]
        assert [(seat["server"], seat["table"], seat["seat"]) for seat in kept] == [
            (f"{LOOPBACK}:{server_in_thread}", table, 0)]

        lobby = window.open_lobby(server_in_thread, table, players)
        window.wait("Back to your seat", lambda: "rejoin" in [item.key for item in lobby.menu.items], players)
        assert lobby.menu.focused.key == "rejoin" and lobby.menu.focused.label == "Back to your seat"
        driver.save(screenshot_dir(tmp_path), "online-lobby-rejoin")
        driver.click_item("rejoin")
        game = window.wait("the game again", lambda: is_online(driver.top) and driver.top, players)
        window.wait("the seat back", lambda: bob.update is not None and not bob.update["away"][0], players)
        assert game.source.mirror.seat == 0 and len(game.source.mirror.log) == len(bob.entries)
        tokens = json.loads((tmp_path / "data" / SEATS_FILE).read_text())["seats"]
        assert len(tokens) == 1 and tokens[0]["token"] != kept[0]["token"]  # rotated, as the server does
        assert not bob.errors and not window.errors
    finally:
        bob.link.close()
