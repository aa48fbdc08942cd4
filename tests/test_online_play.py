"""An online table plays on screen exactly like a local game (issue 40, item 2), fed by a stand-in for the
server's connection (``online_table.TableDouble``): this seat's move is sent and drawn when the server's update
comes back, the other seats' moves arrive animated, the link's state shows, each seat card has its connection
dot, a refused move can be chosen again, and the game over comes from the ``over`` message's save."""

from __future__ import annotations

import gc
import random
import time
import weakref

import pygame
import pytest
from event_player import choose
from online_table import TABLE, TableDouble, as_json, asked, update_message
from play_kinds import is_online
from scene_driver import Driver, FixedClock, screenshot_dir

from game.falconi.options import FalconiOptions
from game.fredericus.options import FredericusOptions
from game.online.messages import ClientMessage
from game.services.match import Match
from scenes.app import App
from scenes.kit.stack import Push, Reset
from scenes.online.session import Session
from scenes.online.source import OnlineGameOverScene, OnlineSource, game_from
from scenes.pages.menus import TitleScene
from scenes.playing.play import PlayScene


@pytest.fixture
def driver(tmp_path, monkeypatch):
    monkeypatch.setenv("FALCONI_DATA_DIR", str(tmp_path / "data"))
    app = App(fps=0)
    app.context.settings = app.context.settings.changed(animation_speed=4.0)
    app.clock = FixedClock(100)
    yield Driver(app)
    app.close()


def sit_down(driver: Driver, game: str, options, seats: list[str], seat: int = 0,
             double: TableDouble | None = None) -> tuple[PlayScene[OnlineSource], TableDouble]:
    """Open a table on the stand-in server, take ``seat``, start it, and show its game."""
    double = double or TableDouble("127.0.0.1", 47470, "Ann")
    session = Session(double, "Ann", is_host=True)
    session.send(asked({"verb": "create", "game": game, "options": options.to_json(), "away_ai": None,
                  "seats": [{"kind": kind, "level": "easy" if kind == "ai" else None} for kind in seats]}))
    session.send(asked({"verb": "join", "table": TABLE, "seat": seat}))
    session.send(asked({"verb": "start", "table": TABLE}))
    scene = game_from(driver.app.context, session, session.poll())
    assert scene is not None
    driver.app.stack.apply(Push(scene))
    driver.run(2)
    return scene, double


def play_to_the_end(driver: Driver, scene: PlayScene[OnlineSource], seed: int) -> OnlineGameOverScene:
    rng = random.Random(seed)
    for _ in range(20_000):
        top = driver.top
        if isinstance(top, OnlineGameOverScene):
            return top
        if top is scene and scene.chooser is not None:
            choose(driver, scene, rng.choice(list(scene.source.mirror.legal)), "keyboard")
        else:
            driver.run()
    raise AssertionError("the game did not end")


@pytest.mark.slow
@pytest.mark.parametrize("game, options, seats", [
    ("fredericus", FredericusOptions(True), ["open", "ai"]),
    ("falconi", FalconiOptions("salami"), ["open", "ai", "ai", "ai"]),
])
def test_a_whole_online_game_is_played_with_keys_to_the_game_over(driver, game, options, seats) -> None:
    scene, double = sit_down(driver, game, options, seats)
    over = play_to_the_end(driver, scene, 3)
    assert double.table is not None and double.table.match is not None
    assert over.match.log == double.table.match.log
    assert over.match.state.to_json() == double.table.match.state.to_json()
    assert over.match.setup.seed == double.table.match.setup.seed  # the save brings the seed, at the end only


def test_this_seat_s_move_is_sent_and_drawn_when_the_server_answers(driver) -> None:
    scene, double = sit_down(driver, "fredericus", FredericusOptions(True), ["open", "ai"])
    assert scene.chooser is not None
    held: list[ClientMessage] = []
    real_send = double.send

    def hold(message):  # the server's answer is late: it comes a frame after the move
        double.sent.append(as_json(message))
        held.append(message)

    double.send = hold  # type: ignore[method-assign]
    moves = len(scene.source.mirror.log)
    choose_press(driver, scene)
    assert held and as_json(held[-1])["verb"] == "act" and as_json(held[-1])["moment"] == moves
    assert len(scene.source.mirror.log) == moves and scene.chooser is None  # nothing drawn yet, nothing to choose
    double.send = real_send
    double.send(held.pop())
    driver.run()
    assert len(scene.source.mirror.log) > moves and scene.source.mirror.log[moves].seat == scene.source.mirror.seat


def hold_answers(double: TableDouble) -> list[ClientMessage]:
    """From now on the stand-in server answers nothing until the test hands it the messages held."""
    held: list[ClientMessage] = []

    def hold(message):
        double.sent.append(as_json(message))
        held.append(message)

    double.send = hold  # type: ignore[method-assign]
    return held


def test_an_update_that_only_says_who_is_connected_leaves_the_move_on_its_way(driver) -> None:
    """The real server tells every client when a seat's link drops or comes back, with an update that brings no
    move (found over loopback): the move sent meanwhile is still on its way, nothing is offered twice."""
    scene, double = sit_down(driver, "fredericus", FredericusOptions(True), ["open", "ai", "open"])
    real_send = double.send
    held = hold_answers(double)
    moves = len(scene.source.mirror.log)
    choose_press(driver, scene)
    assert scene.source.sent and as_json(held[-1])["verb"] == "act"
    assert double.table is not None and double.table.match is not None
    double.inbox.append(update_message(double.table.match, 0, len(scene.source.mirror.log), TABLE,
                                       connected=[True, True, False], away=[False, False, True]))
    driver.run()
    assert scene.source.mirror.away == (False, False, True)
    assert scene.source.sent and scene.chooser is None
    double.send = real_send  # type: ignore[method-assign]
    double.send(held.pop())
    driver.run()
    assert not scene.source.sent and scene.source.mirror.log[moves].seat == 0


def test_a_move_lost_with_the_link_is_offered_again_once_the_seat_is_back(driver) -> None:
    """A move written to a connection as it dropped never reaches the server: once the seat is given back
    (``joined``, then the game so far), the seat chooses again rather than wait for an answer that never comes."""
    scene, double = sit_down(driver, "fredericus", FredericusOptions(True), ["open", "ai"])
    real_send = double.send
    held = hold_answers(double)
    choose_press(driver, scene)
    assert scene.source.sent and held
    double.drop()
    driver.run()
    double.send = real_send  # type: ignore[method-assign]
    double.come_back()
    driver.run()
    assert not scene.source.sent and scene.chooser is not None


def test_a_refusal_of_another_message_leaves_the_move_on_its_way(driver) -> None:
    """An ``error`` names the verb it answers (``answered``): only a refused move, or a frame dropped unread
    (a flood's error names none), gives the seat its choice again."""
    scene, double = sit_down(driver, "fredericus", FredericusOptions(True), ["open", "ai"])
    hold_answers(double)
    choose_press(driver, scene)
    double.inbox.append({"verb": "error", "code": "no_table", "message": "there is no table 'x'",
                         "answered": "watch"})
    driver.run()
    assert scene.source.sent and scene.chooser is None
    double.inbox.append({"verb": "error", "code": "flood", "message": "at most 20 frames a second"})
    driver.run()
    assert not scene.source.sent and scene.chooser is not None


def choose_press(driver: Driver, scene: PlayScene[OnlineSource]) -> None:
    """Press keys until the chooser has sent an action (the first legal one)."""
    action = scene.source.mirror.legal[0]
    chooser = scene.chooser
    assert chooser is not None
    for _ in range(12):
        if scene.chooser is None:
            return
        path = chooser.paths[action]
        step = path[len(chooser.prefix)]
        for _ in range(len(chooser.options) + 1):
            if chooser.focused == step:
                break
            driver.key(pygame.K_TAB)
        driver.key(pygame.K_RETURN)


def test_the_other_seats_moves_arrive_animated(driver) -> None:
    scene, double = sit_down(driver, "falconi", FalconiOptions("margherita"), ["ai", "open", "ai", "ai"], seat=1)
    driver.app.clock = FixedClock(1)  # frames too short to end an animation
    assert scene.source.mirror.log  # Don Falconi's AI played first
    rng = random.Random(2)
    seen = False
    for _ in range(3):
        if scene.chooser is None:
            break
        moves = len(scene.source.mirror.log)
        choose(driver, scene, rng.choice(list(scene.source.mirror.legal)), "keyboard")
        others = [entry for entry in scene.source.mirror.log[moves:] if entry.seat != scene.source.mirror.seat]
        seen = seen or (bool(others) and scene.timeline.busy)
    assert seen


def test_a_dropped_link_says_reconnecting_and_the_game_goes_on_where_it_was(driver, tmp_path) -> None:
    scene, double = sit_down(driver, "fredericus", FredericusOptions(True), ["open", "ai"])
    rng = random.Random(4)
    for _ in range(3):
        choose(driver, scene, rng.choice(list(scene.source.mirror.legal)), "keyboard")
    log = list(scene.source.mirror.log)
    double.drop()
    driver.run(3)
    assert scene.source.session.state == "reconnecting" and scene.source.session.link_down
    assert scene.chooser is None  # nothing is chosen while the move could not reach the table
    driver.save(screenshot_dir(tmp_path), "online-reconnecting")
    double.come_back()
    driver.run(3)
    assert not scene.source.session.link_down
    assert scene.source.mirror.log == log and scene.chooser is not None
    choose(driver, scene, rng.choice(list(scene.source.mirror.legal)), "keyboard")
    assert scene.source.mirror.log[: len(log)] == log and len(scene.source.mirror.log) > len(log)


def test_each_person_s_seat_card_has_a_dot_for_connected_or_away(driver) -> None:
    scene, double = sit_down(driver, "fredericus", FredericusOptions(True), ["open", "ai", "open"])
    players = scene.source.players()
    assert players[0].link == "connected" and players[1].link == ""
    assert double.table is not None
    double.table.seats[0].away = True
    double.table.seats[0].connected = False
    rng = random.Random(1)
    choose(driver, scene, rng.choice(list(scene.source.mirror.legal)), "keyboard")
    assert scene.source.players()[0].link == "away"


def test_a_refused_move_says_why_and_the_seat_chooses_again(driver) -> None:
    scene, double = sit_down(driver, "fredericus", FredericusOptions(True), ["open", "ai"])
    double._act = lambda message: double._error("illegal", message)  # type: ignore[method-assign]
    moves = len(scene.source.mirror.log)
    choose_press(driver, scene)
    driver.run()
    assert len(scene.source.mirror.log) == moves
    assert scene.chooser is not None and "illegal" in scene.message


@pytest.mark.slow
def test_the_host_s_rematch_starts_a_new_game_for_the_table(driver, tmp_path) -> None:
    scene, double = sit_down(driver, "fredericus", FredericusOptions(True), ["open", "ai"])
    over = play_to_the_end(driver, scene, 5)
    driver.run(30)  # the points counted up
    driver.save(screenshot_dir(tmp_path), "online-game-over")
    first: Match | None = double.table.match if double.table else None
    driver.click_item("rematch")
    driver.run(2)
    top = driver.top
    assert is_online(top) and top is not scene
    assert double.table is not None and double.table.match is not first
    assert not top.source.mirror.state.is_terminal() and over.session is top.source.session


def test_leaving_the_game_closes_the_connection(driver, tmp_path) -> None:
    scene, double = sit_down(driver, "fredericus", FredericusOptions(True), ["open", "ai"])
    driver.key(pygame.K_ESCAPE)
    assert "take_back" not in [item.key for item in driver.top.menu.items]  # nothing is taken back online
    driver.save(screenshot_dir(tmp_path), "online-pause")
    driver.click_item("quit")
    for _ in range(5):
        if double.closed:
            break
        if hasattr(driver.top, "menu") and any(item.key == "yes" for item in driver.top.menu.items):
            driver.click_item("yes")
        driver.run()
        time.sleep(0)
    assert double.closed and not is_online(driver.top)


@pytest.mark.slow
def test_an_online_game_left_for_the_title_menu_is_freed_without_the_cycle_collector(driver) -> None:
    """As a local game (tests/test_scene_memory.py): its board pictures go at once, by reference counting."""
    scene, double = sit_down(driver, "falconi", FalconiOptions("diavola"), ["open", "ai", "ai", "ai"])
    choose(driver, scene, random.Random(1).choice(list(scene.source.mirror.legal)), "keyboard")
    driver.run(20)
    played, view, board = weakref.ref(scene), weakref.ref(scene.view), weakref.ref(scene.board_picture)
    mirror = weakref.ref(scene.source.mirror)
    del scene
    gc.collect()
    gc.disable()
    try:
        driver.app.stack.apply(Reset(TitleScene(driver.app.context)))
        driver.run(2)
        assert played() is None and view() is None and board() is None and mirror() is None
        assert double.closed
    finally:
        gc.enable()


def test_closing_the_window_stops_the_table_this_window_hosts(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("FALCONI_DATA_DIR", str(tmp_path / "data"))
    app = App(fps=0)
    try:
        stopped: list[bool] = []

        class Hosted:
            port = 47470

            def stop(self) -> None:
                stopped.append(True)

        double = TableDouble("127.0.0.1", 47470, "Ann")
        session = Session(double, "Ann", hosted=Hosted(), is_host=True)
        session.send(asked({"verb": "create", "game": "fredericus", "options": FredericusOptions(True).to_json(),
                      "away_ai": None, "seats": [{"kind": "open"}, {"kind": "ai", "level": "easy"}]}))
        session.send(asked({"verb": "join", "table": TABLE, "seat": 0}))
        session.send(asked({"verb": "start", "table": TABLE}))
        scene = game_from(app.context, session, session.poll())
        assert scene is not None
        app.stack.apply(Push(scene))
        app.frame()
    finally:
        app.close()
    assert double.closed and stopped == [True]
