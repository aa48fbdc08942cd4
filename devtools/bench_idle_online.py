"""The online scenes of ``python main.py bench idle``: a lobby waiting for a second player, and a board waiting for
another person's move. A table server runs on a thread of this process, as *Host a table* runs one, on loopback;
the window connects to it as the real network's doors connect (the connection wakes the window at rest), and the
other person is a bare connection of this process that never moves while it is measured. Every thread counts in
the process's CPU: the window's, its connection's and the server's."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ONLINE_SCENES = ("online lobby", "online board")
PATIENCE = 60.0  # seconds a step over loopback may take on a busy machine
OPEN_SEATS: list[Any] = [{"kind": "open"}, {"kind": "open"}]


@contextmanager
def online_scenes(app: Any, folder: Path) -> Iterator[dict[str, Callable[[], None]]]:
    """The openers of :data:`ONLINE_SCENES`, each leaving its scene on top of the window's stack at rest, while a
    table server runs (its tables saved under ``folder``)."""
    from game.online.client import Connection
    from game.online.server import start_in_thread
    from scenes.online.network import LOOPBACK

    server = start_in_thread(LOOPBACK, 0, "", folder)
    other = Connection(LOOPBACK, server.port, "Bob")
    try:
        yield {"online lobby": lambda: _lobby(app, server.port),
               "online board": lambda: _board(app, server.port, other)}
    finally:
        other.close()
        server.stop()


def _lobby(app: Any, port: int) -> Any:
    """A table opened by the window's player, who sits at its first seat and waits for a friend to take the other."""
    from game.online.messages import Create, Join
    from scenes.kit.stack import Push
    from scenes.online.lobby import LobbyScene
    from scenes.online.network import LOOPBACK, real_network
    from scenes.online.session import Session

    session = Session(real_network().connect(LOOPBACK, port, "Ann", ""), "Ann", is_host=True)
    game, options = _two_seat_game()
    session.send(Create(game, options, OPEN_SEATS, None))
    lobby = LobbyScene(app.context, session)
    app.stack.apply(Push(lobby))
    _until(app, "the table", lambda: session.table_id)
    session.send(Join(session.table_id, 0))
    _until(app, "the seat", lambda: session.seat == 0)
    return lobby


def _two_seat_game() -> tuple[str, dict[str, Any]]:
    """The first registered game two people can play alone, with its last options (the shortest game where there
    are several)."""
    from game.core.errors import GameError
    from game.registry import game_names, game_spec

    for name in game_names():
        spec = game_spec(name)
        try:
            spec.check_seats([True] * len(OPEN_SEATS))
        except GameError:
            continue
        return name, dict(spec.playable_options()[-1].to_json())
    raise GameError("no registered game seats two people alone")


def _board(app: Any, port: int, other: Any) -> None:
    """The lobby's table with the other person at its second seat, started, played until the other's turn."""
    from game.online.messages import Join, Start, Update
    from scenes.online.source import OnlineSource
    from scenes.playing.play import PlayScene

    lobby = _lobby(app, port)
    table = lobby.session.table_id
    other.send(Join(table, 1))

    def both_seated() -> bool:  # the two connections race: a start before the other's seat would seat an AI
        summary = lobby.session.table or {}
        seats = summary.get("seats")
        second = seats[1] if isinstance(seats, list) and len(seats) > 1 else None
        return isinstance(second, dict) and second.get("name") == "Bob"

    _until(app, "the other person's seat", both_seated)
    lobby.session.send(Start(table))
    theirs: list[Any] = []
    chance = random.Random(1)

    def others_turn() -> bool:
        theirs.extend(message for message in other.poll() if isinstance(message, Update))
        scene = app.stack.top
        if not isinstance(scene, PlayScene) or not isinstance(scene.source, OnlineSource):
            return False
        mine = scene.source
        if mine.mirror.decides and not mine.sent:
            # the window's seat plays first, at random (seeded): the first legal move may keep the turn for ever,
            # as moving a card back and forth does; its moves are not watched (a busy machine plays a long turn)
            scene.timeline.skip()
            mine.choose(chance.choice(mine.mirror.legal))
        return bool(theirs and theirs[-1].legal) and not mine.mirror.decides and not scene.animating

    _until(app, "the other person's turn", others_turn)


def _until(app: Any, what: str, condition: Callable[[], Any]) -> None:
    """Frames (as fast as they come, nothing waits at rest) until ``condition`` holds: messages over loopback."""
    deadline = time.perf_counter() + PATIENCE
    while not condition():
        if time.perf_counter() > deadline:
            raise TimeoutError(f"bench idle: no {what} within {PATIENCE:g} s")
        app.frame()
        time.sleep(0.005)
