"""Every online page fits in every language (as ``test_text_fit.py`` checks the catalogue's screens): the Play
online menu, hosting, joining, a server's tables, the lobby, the game with its link down, its pause and its end.
They are built on the stand-in network, which the catalogue (a program, not a test) cannot use."""

from __future__ import annotations

import pytest
from online_table import TABLE, FakeNetwork, Found, Table, TableDouble, TableSeat, asked, bobs_table
from scene_driver import FixedClock

from devtools.catalogue import Screen
from devtools.layout.walk import walk
from game.falconi.options import FalconiOptions
from game.fredericus.options import FredericusOptions
from game.i18n import PSEUDO
from game.online.seats_kept import KeptSeat, keep_seat
from game.services.match import SeatPlan
from game.services.settings import LANGUAGES
from scenes.context import AppContext
from scenes.kit.results import PasswordRefused
from scenes.online.host import HostGameScene, HostSeatsScene
from scenes.online.join import MOST_FOUND, PASSWORD_LENGTH, TABLES_SHOWN, JoinScene, TablesScene
from scenes.online.lobby import LobbyScene
from scenes.online.menus import OnlineMenuScene
from scenes.online.play import OnlinePauseOverlay
from scenes.online.seats_overlay import OpenSeatsOverlay
from scenes.online.session import Session
from scenes.online.source import OnlineGameOverScene, game_from


def joined(seats: list[str], seat: int = 0) -> Session:
    """A session seated at a started table of the stand-in server (AI seats play up to this seat's turn)."""
    double = TableDouble("10.0.0.7", 47470, "Annunziata")
    session = Session(double, "Annunziata", is_host=True)
    session.send(asked({"verb": "create", "game": "fredericus", "options": FredericusOptions(True).to_json(),
                  "away_ai": 30, "seats": [{"kind": kind, "level": "hard"} for kind in seats]}))
    session.send(asked({"verb": "join", "table": TABLE, "seat": seat}))
    return session


def online_screens(context: AppContext) -> list[Screen]:
    found = [Found("Bartolomeo's table", "192.168.100.200", 47470), Found("Castle", "10.0.0.7", 47470)]

    def network() -> FakeNetwork:
        return FakeNetwork(found=found, table=bobs_table())

    def join(refused: bool) -> list:
        """The page at its tallest (as many servers as it lists), the longest password typed, or its refusal."""
        many = [Found(f"Bartolomeo's table {number}", "192.168.100.200", 47470) for number in range(MOST_FOUND)]
        scene = JoinScene(context, FakeNetwork(found=many).doors())
        scene.found, scene.searching = list(many), None  # as if found already: the search's thread answers too late
        scene.password = "W" * PASSWORD_LENGTH
        scene.resume(PasswordRefused() if refused else None)
        return [scene]

    def tables() -> list:
        session = Session(network().connect("10.0.0.7", 47470, "Ann", ""), "Ann")
        return [TablesScene(context, session, "10.0.0.7:47470")]

    def lobby(host: bool) -> list:
        if host:
            session = joined(["open", "ai", "open", "ai"])
            return [LobbyScene(context, session, "192.168.100.200", 47470)]
        session = Session(network().connect("10.0.0.7", 47470, "Ann", ""), "Ann")
        session.send(asked({"verb": "tables"}))
        session.poll()
        session.table = session.tables[0]
        return [LobbyScene(context, session)]

    def lobby_to_come_back_to() -> list:
        """A guest's lobby of a started table where the seat it left is still its own, away."""
        table = Table("fredericus", FredericusOptions(True), [
            TableSeat("person", "Bartolomeo", connected=True), TableSeat("person", "Annunziata", away=True),
            TableSeat("ai", level="hard")], "Bartolomeo")
        where = "192.168.100.200:47470"
        keep_seat(context.data_folder, KeptSeat(where, TABLE, 1, "token"))
        session = Session(network().connect("192.168.100.200", 47470, "Annunziata", ""), "Annunziata", where=where,
                          seats_folder=context.data_folder)
        session.table = {**table.summary(), "started": True}
        scene = LobbyScene(context, session)
        assert scene.menu.focused.key == "rejoin"
        return [scene]

    def lobby_to_stand_in() -> list:
        """A started table whose host lets people stand in: an away falconer's seat, and one the host opened."""
        table = Table("fredericus", FredericusOptions(True), [
            TableSeat("person", "Bartolomeo", connected=True), TableSeat("person", "Annunziata", away=True),
            TableSeat("open", level="hard", connected=True), TableSeat("person", "Cesare", stand_in="Domenico",
                                                                          connected=True, away=True)],
            "Bartolomeo", away_ai=30, stand_ins=True)
        session = Session(network().connect("10.0.0.7", 47470, "Eve", ""), "Eve")
        session.table = {**table.summary(), "started": True}
        return [LobbyScene(context, session)]

    def many_pages() -> list:
        """The tables page at its tallest: a whole page of tables of the longest names, and the page row."""
        scene = tables()[0]
        scene.session.poll()
        scene.asked = True  # as if this page had come: the double would answer with its one table
        summary = {**Table("falconi", FalconiOptions("diavola"), [TableSeat("open")] * 4, "W" * 24).summary()}
        scene.session.tables = [{**summary, "id": f"t{n}"} for n in range(TABLES_SHOWN)]
        scene.session.pages, scene.session.page = 12, 11
        scene.rebuild()
        return [scene]

    def game(link_down: bool = False, paused: bool = False, over: bool = False, seats: bool = False) -> list:
        session = joined(["open", "ai", "ai", "ai"])
        session.send(asked({"verb": "start", "table": TABLE}))
        scene = game_from(context, session, session.poll())
        assert scene is not None
        if link_down:
            session.link.drop()  # type: ignore[attr-defined]
            scene.source.take_messages()
        if paused:
            session.is_host = True
            pause = OnlinePauseOverlay(context, scene.source.mirror, "keyboard", session)
            return [scene, pause] + ([OpenSeatsOverlay(context, session, "falconi")] if seats else [])
        if over:
            double = session.link
            match = double.table.match  # type: ignore[attr-defined]
            while not match.state.is_terminal():
                match.play(match.state.legal_actions()[0])
            double._send_update(0)  # type: ignore[attr-defined]
            scene.source.take_messages()
            return [OnlineGameOverScene(context, session, scene.source.mirror)]
        return [scene]

    return [
        Screen("online menu", lambda: [OnlineMenuScene(context, network().doors())]),
        Screen("host a table", lambda: [HostGameScene(context, network().doors())]),
        Screen("host seats", lambda: [HostSeatsScene(context, "fredericus", FredericusOptions(True),
                                                     [SeatPlan.human(0), *[SeatPlan.ai("normal")] * 3],
                                                     network().doors())]),
        Screen("join a table", lambda: [JoinScene(context, network().doors())]),
        Screen("join a table, a password typed", lambda: join(refused=False)),
        Screen("join a table, the password refused", lambda: join(refused=True)),
        Screen("tables", tables),
        Screen("lobby of the host", lambda: lobby(True)),
        Screen("lobby of a guest", lambda: lobby(False)),
        Screen("lobby, back to your seat", lobby_to_come_back_to),
        Screen("online game, link down", lambda: game(link_down=True), is_board=True),
        Screen("online pause", lambda: game(paused=True)),
        Screen("online pause, the seats to open", lambda: game(paused=True, seats=True)),
        Screen("lobby, a seat to stand in for", lobby_to_stand_in),
        Screen("tables, many pages", many_pages),
        Screen("online game over", lambda: game(over=True)),
    ]


@pytest.mark.slow
@pytest.mark.parametrize("language", [*LANGUAGES, PSEUDO])
def test_every_online_page_fits_in(language, driver) -> None:
    driver.app.clock = FixedClock(16)
    context = driver.app.context
    context.change_settings(context.settings.changed(language=language))
    problems = [f"{language} {name}: {problem}" for name, found in walk(driver.app, online_screens(context)).items()
                for problem in found]
    assert problems == [], "\n".join(problems)
