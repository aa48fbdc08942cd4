"""Quiet at rest online (issue 54): a lobby waiting for players, a board waiting for another person's move and the
join page looking for tables draw nothing while they wait; a message from a real server (over loopback, on a
server thread of this process) wakes the resting window within a frame, and that frame draws it."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from online_table import FakeNetwork, Found
from scene_driver import FixedClock
from test_online_e2e import LOOPBACK, PATIENCE, Headless, Window, window  # noqa: F401 — fixtures

from game.online.client import Connection
from game.online.messages import ListTables, summary_seats
from game.online.server import start_in_thread
from scenes.app import App
from scenes.kit.stack import Push
from scenes.online.join import JoinScene
from scenes.online.lobby import LobbyScene
from scenes.online.source import OnlineSource
from scenes.playing.play import PlayScene

QUIET_FRAMES = 100  # frames that must draw nothing at rest (ten seconds of scene time at FixedClock(100))
WOKEN_WITHIN = 0.1  # seconds from the server's message to the end of the rest: a frame is 17 ms; CI is busy


@pytest.fixture
def server(tmp_path: Path) -> Iterator[int]:
    """A table server on a thread of this process, as *Host a table* starts one: its port."""
    running = start_in_thread(LOOPBACK, 0, "", tmp_path / "tables")
    yield running.port
    running.stop()


def searches_ended() -> None:
    """The join page's searches of the network (the window's way to a typed address starts one) wake the window
    as they end, whether it is still on that page or not: they end first."""
    for search in threading.enumerate():
        if search.name == "look for tables":
            search.join(PATIENCE)


def settle(app: App, others: list[Headless]) -> None:
    """Frames until the window has drawn nothing for a tenth of a second: whatever was on its way has come."""
    deadline, quiet_since, drawn = time.monotonic() + 20, time.monotonic(), app.drawn
    while time.monotonic() - quiet_since < 0.1:
        assert time.monotonic() < deadline, "the window never came to rest"
        for other in others:
            other.pump()
        app.frame()
        if app.drawn != drawn:
            quiet_since, drawn = time.monotonic(), app.drawn
        time.sleep(0.005)


def draws_nothing_at_rest(app: App) -> None:
    drawn = app.drawn
    for _ in range(QUIET_FRAMES):
        app.frame()
    assert app.drawn == drawn


def woken_by(app: App, send: Callable[[], None]) -> tuple[float, float]:
    """Rest as the window's loop does while ``send`` runs on another thread a moment later: the seconds rested,
    and from the sending to the end of the rest."""
    app.fps = 60  # the window's rate (tests otherwise run frames as fast as they can, never resting)
    giving_up = time.perf_counter() + 10
    app.stopping = lambda: time.perf_counter() > giving_up
    sent: list[float] = []

    def later() -> None:
        time.sleep(0.3)
        sent.append(time.perf_counter())
        send()

    threading.Thread(target=later, daemon=True).start()
    rested = app.rest()
    woke = time.perf_counter()
    assert sent, "the rest ended before the message was sent"
    return rested, woke - sent[0]


def at_bobs_table(ann: Window, port: int, away_ai: float | None = None) -> tuple[LobbyScene, Headless, str]:
    """Bob opens a table of two seats and takes the second; the window sits at the first, from its lobby."""
    bob = Headless.connect(port, "Bob", seed=2)
    bob.send(verb="create", game="fredericus", options={"short_game": True}, seats=[{"kind": "open"}] * 2,
             away_ai=away_ai)
    table: str = ann.wait("the table", lambda: next(iter(bob.summaries), None), [bob])
    bob.send(verb="join", table=table, seat=1)
    ann.wait("Bob seated", lambda: bob.seats, [bob])
    return ann.sit_down(port, table, 0, [bob]), bob, table


def waiting_for_bob(ann: Window, port: int, away_ai: float | None = None) -> tuple[PlayScene[OnlineSource],
                                                                                     Headless]:
    """The window's board at rest, Bob to move (the window's seat plays first where it must)."""
    _, bob, table = at_bobs_table(ann, port, away_ai)
    bob.send(verb="start", table=table)
    scene: PlayScene[OnlineSource] = ann.wait("the game on screen", lambda: ann.scene, [bob])

    def bob_decides() -> bool:
        ann.play()
        return bob.deciding and not scene.animating

    ann.wait("Bob's turn", bob_decides, [bob])
    searches_ended()
    settle(ann.app, [bob])
    ann.wait("the board still", lambda: (scene.next_change_in() or 0) <= 1, [bob])  # a banner gone
    return scene, bob


def test_a_lobby_waiting_for_players_rests_and_a_player_sitting_down_wakes_it(window: Window,  # noqa: F811
                                                                            server: int) -> None:
    lobby, bob, table = at_bobs_table(window, server)
    try:
        bob.send(verb="leave", table=table)  # the seat free again: the window waits for somebody to take it
        window.wait("Bob gone", lambda: summary_seats(lobby.session.table or {})[1].get("kind") == "open",
                    [bob])
        searches_ended()
        settle(window.app, [bob])
        assert lobby.next_change_in() is None
        draws_nothing_at_rest(window.app)
        rested, late = woken_by(window.app, lambda: bob.send(verb="join", table=table, seat=1))
        assert rested > 0.25 and late < WOKEN_WITHIN
        drawn = window.app.drawn
        window.app.frame()
        assert window.app.drawn == drawn + 1 and "Bob" in lobby.menu.item("seat1").label
    finally:
        bob.link.close()


def test_a_board_waiting_for_another_person_s_move_rests_and_the_move_wakes_it(window: Window,  # noqa: F811
                                                                             server: int) -> None:
    scene, bob = waiting_for_bob(window, server)
    try:
        assert scene.next_change_in() is None and scene.source.mirror.seat == 0
        draws_nothing_at_rest(window.app)
        moves = len(scene.source.mirror.log)
        rested, late = woken_by(window.app, bob.play)
        assert rested > 0.25 and late < WOKEN_WITHIN
        drawn = window.app.drawn
        window.app.frame()
        assert window.app.drawn == drawn + 1 and len(scene.source.mirror.log) > moves
    finally:
        bob.link.close()


def test_a_board_counting_down_an_away_person_s_wait_draws_once_a_second(window: Window,  # noqa: F811
                                                                       server: int) -> None:
    scene, bob = waiting_for_bob(window, server, away_ai=60)
    bob.link.close()  # Bob is away: an AI plays for him in a minute, which the board counts down
    window.wait("Bob away", lambda: scene.source.mirror.away[1], [])  # its frame drew it (a frame: 0.1 s)
    due = scene.next_change_in()
    assert due is not None and 0 < due <= 1
    shown = scene.source.away_clock.lines(window.app.context, scene.source.mirror)
    drawn = window.app.drawn
    for _ in range(30):  # three seconds of scene time
        window.app.frame()
    assert 2 <= window.app.drawn - drawn <= 4  # a new number each second, and nothing between
    assert scene.source.away_clock.lines(window.app.context, scene.source.mirror) != shown


def test_the_join_page_rests_while_it_looks_for_tables_and_shows_them_as_the_search_ends(tmp_path,
                                                                                        monkeypatch) -> None:
    monkeypatch.setenv("FALCONI_DATA_DIR", str(tmp_path / "data"))
    answered = threading.Event()
    network = FakeNetwork(found=[Found("Bob's table", "192.168.1.20", 47470)])

    def browse(seconds: float) -> list[Found]:
        answered.wait(PATIENCE)
        return list(network.found)

    network.browse = browse  # type: ignore[method-assign]
    searches_ended()
    app = App()
    try:
        app.clock = FixedClock(100)
        join = JoinScene(app.context, network.doors())
        app.stack.apply(Push(join))
        settle(app, [])
        assert join.searching is not None and join.next_change_in() is None
        draws_nothing_at_rest(app)
        rested, late = woken_by(app, answered.set)
        assert rested > 0.25 and late < WOKEN_WITHIN
        drawn = app.drawn
        app.frame()
        assert app.drawn == drawn + 1 and "Bob's table" in join.menu.item("found0").label
    finally:
        answered.set()
        app.close()


def test_a_connection_tells_of_what_arrived_once_until_it_is_polled(server: int) -> None:
    told = threading.Semaphore(0)
    calls: list[str] = []

    def tell() -> None:
        calls.append(threading.current_thread().name)
        told.release()

    link = Connection(LOOPBACK, server, "Ann", on_message=tell)
    try:
        assert told.acquire(timeout=PATIENCE)  # "connecting", at once
        deadline = time.monotonic() + PATIENCE
        while link._received.qsize() < 3:  # the link open, and the server's welcome: nothing more told
            assert time.monotonic() < deadline
            time.sleep(0.01)
        assert len(calls) == 1 and calls[0].startswith("connection to")
        assert len(link.poll()) == 3
        link.send(ListTables(0, 4))
        assert told.acquire(timeout=PATIENCE) and len(calls) == 2  # the answer, told again after the poll
    finally:
        link.close()
