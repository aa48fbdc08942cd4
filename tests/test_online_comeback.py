"""Issue 52, back in one click, tested for real on this machine's loopback: ``main.py host`` in a process of its own
(or a table server on a thread), headless clients (``game.online.client.Connection``) and the app itself on the
dummy video driver, driven by posted events. *Continue* on the title menu takes a player whose window closed
mid-game back into their seat; with the host gone it says so and offers the rest; an away seat shows the others
a countdown to the AI, gone once its person is back; the tables page focuses the first table."""

from __future__ import annotations

import json
import signal
import socket
import time
from collections.abc import Iterator
from functools import partial
from pathlib import Path

import pygame
import pytest
from online_host import Host
from online_table import played
from play_kinds import is_online
from scene_driver import screenshot_dir
from test_online_e2e import LOOPBACK, Headless, Window
from test_online_link_e2e import wait_for

from game.online.client import Connection
from game.online.last_seat import LAST_FILE, LastSeat, note_last_seat
from game.online.seats_kept import SEATS_FILE, KeptSeat, keep_seat
from game.online.server import start_in_thread
from scenes.online.comeback import ComebackScene
from scenes.online.join import JoinScene, TablesScene
from scenes.pages.menus import TitleScene
from scenes.pages.saved_games import SavedGamesScene

PATIENCE = 120.0  # a bound for a loaded two-core machine, not a wait: every wait below polls
SHORT = {"short_game": True}


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("FALCONI_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


@pytest.fixture
def host(tmp_path: Path) -> Iterator[Host]:
    """``main.py host`` on loopback; ended (killed if need be) after the test."""
    started = Host(tmp_path / "tables")
    try:
        yield started
    finally:
        if started.process.poll() is None:
            started.end(signal.SIGKILL)
        started.process.communicate()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[int]:
    running = start_in_thread(LOOPBACK, 0, "", tmp_path / "tables")
    yield running.port
    running.stop()


def play_a_little(window: Window, bob: Headless, moves: int = 2) -> None:
    deadline = time.monotonic() + PATIENCE
    while len(window.chose) < moves or len(bob.chose) < moves:
        assert time.monotonic() < deadline, "the game did not go on"
        bob.pump()
        bob.play()
        window.frame()
        window.play()


def bobs_table(window: Window, bob: Headless, port: int, away_ai: int | None) -> str:
    """Bob's Fredericus table of two, the window in seat 0 and Bob in seat 1, started."""
    bob.send(verb="create", game="fredericus", options=SHORT, seats=[{"kind": "open"}] * 2, away_ai=away_ai)
    table = window.wait("the table", lambda: next(iter(bob.summaries), None), [bob])
    bob.send(verb="join", table=table, seat=1)
    window.sit_down(port, table, 0, [bob])
    bob.send(verb="start", table=table)
    window.wait("the game on screen", lambda: window.scene, [bob])
    return table


@pytest.mark.slow
def test_continue_after_the_window_closed_mid_game_takes_the_seat_back(host: Host, data: Path,
                                                                       tmp_path: Path) -> None:
    """The window closes in the middle of an online game; opened again, *Continue* names that table and, in one
    click, reconnects with the seat's token to the board, in the same seat, the game where it is now."""
    shots = screenshot_dir(tmp_path)
    bob = Headless.connect(host.port, "Bob", seed=2)
    window = Window(seed=7)
    try:
        table = bobs_table(window, bob, host.port, away_ai=60)
        play_a_little(window, bob)
        window.close()  # the window closed (its seat stays the player's, away)
        wait_for("the seat away", lambda: bob.update is not None and bob.update["away"][0], [bob])
        assert bob.update is not None and 0 < bob.update["ai_in"][0] <= 60
        assert json.loads((data / LAST_FILE).read_text())["table"] == table

        window = Window(seed=8)  # the app opened again
        title = window.driver.top
        assert isinstance(title, TitleScene)
        item = title.menu.item("continue")
        assert item.enabled and item.note == f"Online: Fredericus at {LOOPBACK}:{host.port}"
        window.driver.move(title.menu.rects[title.menu.items.index(item)].center)
        window.driver.save(shots, "title-continue-online-en")
        context = window.app.context
        for language in ("it", "de"):
            context.change_settings(context.settings.changed(language=language))
            window.driver.top.rebuild()
            window.driver.run()
            window.driver.save(shots, f"title-continue-online-{language}")
        context.change_settings(context.settings.changed(language="en"))
        window.driver.click_item("continue")
        # the comeback page, or already the board it opens when the host answered within that frame
        assert isinstance(window.driver.top, ComebackScene) or is_online(window.driver.top)
        game = window.wait("the board", lambda: is_online(window.driver.top) and window.driver.top,
                           [bob])
        window.wait("the seat back for Bob", lambda: bob.update is not None and not bob.update["away"][0], [bob])
        assert game.source.mirror.seat == 0 and game.source.mirror.table == table
        window.wait("the whole game so far", lambda: len(game.source.mirror.log) == len(bob.entries), [bob])
        window.driver.run(3)
        window.driver.save(shots, "continue-online-board")
        play_a_little(window, bob, 3)  # and it plays on
        assert not bob.errors and not window.errors
    finally:
        bob.link.close()
        window.close()


def test_continue_with_the_host_gone_says_so_and_offers_the_saved_seats_and_games(data: Path,
                                                                                  tmp_path: Path) -> None:
    """The last game was a seat at a host that no longer answers (nothing listens on its port): *Continue* says
    so in plain words and offers trying again, the other seat kept, the local saved games and *Join a table*;
    no button is left greyed out."""
    with socket.create_server((LOOPBACK, 0)) as closed:
        port = closed.getsockname()[1]  # free again once closed: the connection is refused
    window = Window(seed=7)
    try:
        context = window.app.context
        slot = context.saves.new_slot()  # a local game, saved before the online one was played
        slot.save(played("fredericus", 1, 3))
        slot.release()
        keep_seat(data, KeptSeat("192.0.2.9:47470", "t4", 1, "older token"))
        keep_seat(data, KeptSeat(f"{LOOPBACK}:{port}", "t1", 0, "token"))
        note_last_seat(data, LastSeat(f"{LOOPBACK}:{port}", "t1", 0, "falconi", time.time() + 5))
        shots = screenshot_dir(tmp_path)
        for language in ("en", "de", "it"):
            context.change_settings(context.settings.changed(language=language))
            window.driver.top.rebuild()
            window.driver.click_item("continue")
            comeback = window.driver.top
            assert isinstance(comeback, ComebackScene)
            window.wait("the failure", partial(getattr, comeback, "failure"), [])
            keys = [item.key for item in comeback.menu.items]
            assert keys == ["again", "other0", "saves", "join", "back"]
            assert all(item.enabled for item in comeback.menu.items) and comeback.menu.focused.key == "again"
            if language == "en":
                assert comeback.failure == (f"The host at {LOOPBACK}:{port} does not answer: its game may be closed,"
                                            " or the computer switched off.")
            window.driver.run(2)
            window.driver.save(shots, f"continue-host-gone-{language}")
            window.driver.key(pygame.K_ESCAPE)
        context.change_settings(context.settings.changed(language="en"))
        window.driver.click_item("continue")
        comeback = window.driver.top
        window.wait("the failure", lambda: comeback.failure, [])
        window.driver.click_item("saves")
        assert isinstance(window.driver.top, SavedGamesScene)
        window.driver.key(pygame.K_ESCAPE)
        window.driver.click_item("join")
        assert isinstance(window.driver.top, JoinScene)
        assert json.loads((data / SEATS_FILE).read_text())["seats"][-1]["token"] == "token"  # kept for later
    finally:
        window.close()


def test_an_away_seat_shows_the_others_a_countdown_to_the_ai_gone_once_its_person_is_back(
        server: int, data: Path, tmp_path: Path) -> None:
    """Bob's connection drops: the window, the other player, reads over the board how long until the AI plays for
    him, counting down; Bob comes back with his token and the line goes."""
    shots = screenshot_dir(tmp_path)
    bob = Headless.connect(server, "Bob", seed=2)
    window = Window(seed=7)
    try:
        bobs_table(window, bob, server, away_ai=60)
        play_a_little(window, bob, 1)
        scene = window.scene
        assert scene is not None and not scene.source.away_clock.lines(window.app.context, scene.source.mirror)
        token = bob.tokens[-1]
        bob.link.close()
        context = window.app.context
        lines = window.wait("the countdown", lambda: scene.source.away_clock.lines(context, scene.source.mirror), [])
        assert lines[0] in (f"Bob is away — the AI plays for them in {left}" for left in ("1:00", "0:59"))
        window.driver.run(20)  # two seconds on the window's clock
        later = scene.source.away_clock.lines(context, scene.source.mirror)[0]
        assert later.startswith("Bob is away — the AI plays for them in 0:5") and later < lines[0]
        window.driver.save(shots, "online-away-countdown-en")
        for language in ("de", "it"):
            context.change_settings(context.settings.changed(language=language))
            window.driver.run(2)
            window.driver.save(shots, f"online-away-countdown-{language}")
        context.change_settings(context.settings.changed(language="en"))
        bob = Headless(Connection(LOOPBACK, server, "Bob"), bob.rng)
        bob.send(verb="resume", token=token)
        source = scene.source
        window.wait("the countdown gone", lambda: not source.away_clock.lines(context, source.mirror), [bob])
        assert not scene.source.mirror.away[1]
        window.driver.run(2)
        window.driver.save(shots, "online-away-back")
        assert not window.errors
    finally:
        bob.link.close()
        window.close()


def test_the_tables_page_focuses_the_first_table_when_the_tables_come(server: int, data: Path) -> None:
    bob = Headless.connect(server, "Bob", seed=2)
    window = Window(seed=7)
    try:
        bob.send(verb="create", game="fredericus", options=SHORT, seats=[{"kind": "open"}] * 2, away_ai=None)
        window.wait("the table", lambda: bob.summaries, [bob])
        driver = window.driver
        driver.click_item("online")
        driver.click_item("join")
        join = driver.top
        assert isinstance(join, JoinScene)
        driver.move(join.menu.rects[[item.key for item in join.menu.items].index("address")].center)
        driver.post(pygame.TEXTINPUT, text=f"{LOOPBACK}:{server}")
        driver.key(pygame.K_RETURN)
        tables = driver.top
        assert isinstance(tables, TablesScene)
        window.wait("the tables", lambda: "table0" in [item.key for item in tables.menu.items], [bob])
        assert tables.menu.focused.key == "table0"
        driver.key(pygame.K_RETURN)  # Enter opens it
        assert type(driver.top).__name__ == "LobbyScene"
    finally:
        bob.link.close()
        window.close()
