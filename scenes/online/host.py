"""*Host a table*: the game and its options as for a new game (the same pages), then its seats (each open to a
player who joins, an AI or nobody) and how long an away player's seat waits before an AI plays it. Opening the
table starts a table server in this process, advertised on the local network, and joins it as its host."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.core.options import GameOptions
from game.online.messages import Create, Json
from game.services.match import AI_LEVELS, OFF, SeatPlan
from scenes.boards import board
from scenes.boardspec import BoardSpec
from scenes.context import AppContext
from scenes.kit.results import SceneResult
from scenes.kit.stack import Push, Scene, Transition
from scenes.kit.ui import MenuItem
from scenes.online.lobby import LobbyScene
from scenes.online.network import LOOPBACK, Network, lan_address, player_name
from scenes.online.session import Session
from scenes.pages.game_choice import GameChoiceScene
from scenes.pages.seats import SeatSetupScene

OPEN = SeatPlan.human(0)  # a seat left for a player who joins (who that is, the table learns as they sit)
AWAY_WAITS: tuple[int | None, ...] = (None, 30, 60, 120, 300)  # seconds before an AI plays an away seat
TABLES_FOLDER = "tables"  # under the data folder: the hosted tables' saves, to resume after a crash


def seat_page(context: AppContext, game: str, options: GameOptions | None,
              seats: Sequence[SeatPlan] | None) -> Scene:
    """The page after a game's options page: the seats of a table to host while one is being chosen, else the
    local seat set-up."""
    page = context.seat_page or SeatSetupScene
    return page(context, game, options, seats)


class HostGameScene(GameChoiceScene):
    """The games, as the new-game choice shows them; the choice leads to the game's own options page, and from
    it to the table's seats."""

    title_key = "online.host"

    def __init__(self, context: AppContext, network: Network) -> None:
        self.network = network
        super().__init__(context)

    def _choose(self, game: BoardSpec[Any, Any, Any]) -> Transition:
        network = self.network

        def host_seats(context: AppContext, name: str, options: GameOptions | None,
                       seats: Sequence[SeatPlan] | None) -> Scene:
            return HostSeatsScene(context, name, options, seats, network)

        self.context.seat_page = host_seats
        return Push(game.options_page(self.context))

    def resume(self, result: SceneResult | None) -> Transition | None:
        self.context.seat_page = None  # back from the options: a new game's seats are the local ones again
        return super().resume(result)

    def leave(self) -> None:
        self.context.seat_page = None


class HostSeatsScene(SeatSetupScene):
    """The seats of the table to open: each open to a player, an AI of a level, or (where the game allows)
    nobody; and the wait before an AI plays an away player's turns."""

    title_key = "online.host_seats"

    def __init__(self, context: AppContext, game: str, options: GameOptions | None,
                 seats: Sequence[SeatPlan] | None, network: Network) -> None:
        self.network = network
        self.away_wait = 1  # index into AWAY_WAITS: 30 seconds, so a lost player's turn does not hold up the table
        self.stand_ins = False  # may a person take an away player's seat after the wait? Not unless the host says
        first = [OPEN if plan.kind == "person" else plan for plan in (seats or board(game).first_seats)]
        super().__init__(context, game, options, first)

    def build_items(self) -> list[MenuItem]:
        tr = self.context.tr
        items: list[MenuItem] = [self.seat_item(seat) for seat in range(len(self.plans))]
        items.append(MenuItem(tr("online.away_ai"), choices=[self._wait_name(wait) for wait in AWAY_WAITS],
                              index=self.away_wait, on_change=self._set_wait, note=tr("online.away_ai.note"),
                              key="away_ai", icon="ai", tip="tips.seat.ai"))
        items.append(MenuItem(tr("online.stand_ins"), choices=[tr("common.no"), tr("common.yes")],
                              index=int(self.stand_ins), on_change=self._set_stand_ins,
                              note=tr("online.stand_ins.note"), key="stand_ins", icon="player", tip="tips.seat.player"))
        items.append(MenuItem(tr("online.open_table"), self._start, note=self.error, key="start", icon="play"))
        items.append(MenuItem(tr("menu.back"), self.back, key="back", icon="back"))
        return items

    def offered(self, seat: int) -> list[SeatPlan]:
        return [OPEN, *(SeatPlan.ai(level) for level in AI_LEVELS)] + ([OFF] if self.board.may_be_off(seat) else [])

    def _plan_name(self, plan: SeatPlan) -> str:
        return self.context.tr("online.seat.open") if plan.kind == "person" else super()._plan_name(plan)

    def _wait_name(self, wait: int | None) -> str:
        tr = self.context.tr
        return tr("online.away_ai.never") if wait is None else tr("online.away_ai.after", seconds=wait)

    def _set_wait(self, index: int) -> None:
        self.away_wait = index

    def _set_stand_ins(self, index: int) -> None:
        self.stand_ins = bool(index)

    def _begin(self) -> Transition | None:
        """Start the server (on the usual port, or any free one when another program holds it) and open the
        table on it as its host."""
        folder = self.context.data_folder / TABLES_FOLDER
        name = player_name(self.context.settings.player_name)
        try:
            try:
                hosted = self.network.host(self.network.default_port, "", folder, name)
            except OSError:
                hosted = self.network.host(0, "", folder, name)
        except OSError as error:
            self.error = self.context.tr("online.host_failed", reason=error.strerror or str(error))
            self.rebuild()
            return None
        session = Session(self.network.connect(LOOPBACK, hosted.port, name, ""), name, hosted=hosted, is_host=True)
        session.send(Create(self.game, {**self.options.to_json()}, [_seat_json(plan) for plan in self.plans],
                            AWAY_WAITS[self.away_wait], self.stand_ins))
        self.context.seat_page = None
        return Push(LobbyScene(self.context, session, lan_address(), hosted.port))


def _seat_json(plan: SeatPlan) -> Json:
    if plan.kind == "person":
        return {"kind": "open"}
    if plan.kind == "ai":
        return {"kind": "ai", "level": plan.level}
    return {"kind": "off"}
