"""One table of the server: its seats and who sits in them, its host, and once started the authoritative
``Match``; what each of its clients is sent.

Every operation checks everything first and raises :class:`ProtocolError` before changing anything, so a
refused message leaves the table as it was. Time is handed in (``now``, in seconds), never read, and tokens
come from the caller: the table is a pure function of the messages it was given, which the fuzz relies on.
Only a token's SHA-256 is kept: a save that leaks gives nobody a seat.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from game.core.errors import GameError, StateFormatError
from game.core.jsonio import envelope, open_envelope
from game.core.jsonio import field as json_field
from game.core.options import GameOptions
from game.core.protocol import NO_SEAT
from game.core.text import unique_name
from game.online import wire
from game.online.chairs import STAND_IN_LEVEL, Chair, StandIn, chair_asked, chair_saved, token_hash
from game.online.messages import Create, Joined, Json, JsonObject, Over, ServerMessage, TableInfo, Unseated, Update
from game.online.protocol import MOST_AWAY_SECONDS, MOST_NAME, MOST_SEATS, ProtocolError
from game.registry import game_spec
from game.services.match import Match, MatchSetup, Person, SeatPlan
from game.services.series import rematch

TABLE_FORMAT = "falconi-fredericus-table"
TABLE_VERSION = 1
Outgoing = tuple[int, ServerMessage]  # a connection and the message it is sent


@dataclass
class AITurn:
    """A decision an AI must take: at ``table``, when its log is ``moment`` long."""

    table: str
    moment: int
    match: Match
    level: str
    seed: int


class Table:
    """A table from its creation by its host to the end of its last rematch."""

    def __init__(self, table_id: str, game: str, options: GameOptions, chairs: list[Chair], host_name: str,
                 host_link: int | None, away_ai: float | None, stand_ins: bool = False) -> None:
        self.id = table_id
        self.game = game
        self.options = options
        self.chairs = chairs
        self.host_name = host_name
        self.host_link = host_link  # the connection that created the table, while it lasts
        self.host_address = ""  # where the host connected from: the caps on tables count by it
        self.host_seat: int | None = None  # the seat the host sits in: whoever resumes it is the host
        self.away_ai = away_ai
        self.stand_ins = stand_ins  # may a person take an away person's seat once the wait is over?
        self.match: Match | None = None
        self.watchers: set[int] = set()
        self.sent: dict[int, int] = {}  # per client: the log entries it was sent

    # --- making one ------------------------------------------------------------------------------------------
    @classmethod
    def create(cls, table_id: str, message: Create, host_name: str, host_link: int) -> Table:
        """A table as a ``create`` message asks (already shaped by ``parse_client``)."""
        try:
            spec = game_spec(message.game)
            options = spec.options_type.from_json(message.options)
        except GameError as error:
            raise ProtocolError("malformed", f"no such game or options: {error}") from None
        chairs = [chair_asked(seat) for seat in message.seats]
        if spec.seat_count(None, len(chairs)) != len(chairs):
            raise ProtocolError("malformed", f"{spec.title} is not played with {len(chairs)} seats")
        try:
            spec.check_seats([chair.kind != "off" for chair in chairs])
        except GameError as error:
            raise ProtocolError("malformed", str(error)) from None
        return cls(table_id, spec.name, options, chairs, host_name, host_link, message.away_ai,
                   bool(message.stand_ins))

    # --- what it is ------------------------------------------------------------------------------------------
    @property
    def started(self) -> bool:
        return self.match is not None

    @property
    def over(self) -> bool:
        return self.match is not None and self.match.state.is_terminal()

    def seat_of(self, link: int) -> int | None:
        """The seat ``link`` plays (as its person or standing in), if any."""
        return next((seat for seat, chair in enumerate(self.chairs) if link in chair.links()), None)

    def clients(self) -> list[int]:
        """Everyone sent this table's updates: the people in their seats, those standing in, the spectators."""
        return sorted({link for chair in self.chairs for link in chair.links()} | self.watchers)

    def is_host(self, link: int) -> bool:
        return link == self.host_link or (self.host_seat is not None and self.chairs[self.host_seat].link == link)

    def is_empty(self) -> bool:
        """Nobody is here and nobody can come back to a game in play: the table can go."""
        if self.clients() or self.host_link is not None:
            return False
        return self.over or not any(chair.kind == "person" for chair in self.chairs)

    def summary(self) -> TableInfo:
        seats: list[Json] = [{"kind": chair.kind, "name": chair.name, "level": chair.level,
                              "stand_in": chair.stand_in.name if chair.stand_in is not None else "",
                              "connected": self._connected(chair), "away": self._away(chair)} for chair in self.chairs]
        options: JsonObject = {**self.options.to_json()}
        return TableInfo(self.id, self.game, options, self.host_name, self.started, self.over,
                         self.away_ai, self.stand_ins, seats)

    def _connected(self, chair: Chair) -> bool:
        """Somebody plays the seat: its person, a stand-in or an AI (on a seat opened after the start too)."""
        return chair.player_link is not None or chair.kind == "ai" or (chair.kind == "open" and self.started)

    @staticmethod
    def _away(chair: Chair) -> bool:
        """The seat's person has left it (someone may be standing in)."""
        return chair.kind == "person" and chair.link is None

    # --- people coming and going -----------------------------------------------------------------------------
    def join(self, link: int, seat: int, name: str, token: str, now: float) -> list[Outgoing]:
        """``link`` sits down: in an open seat (before the start, or after it where the host opened the seat to a
        person), or standing in for an away person where the host allows it and the wait is over."""
        if not 0 <= seat < len(self.chairs):
            raise ProtocolError("malformed", f"table {self.id} has seats 0 to {len(self.chairs) - 1}")
        if self.seat_of(link) is not None:
            raise ProtocolError("seat_taken", f"you already sit at table {self.id}")
        chair = self.chairs[seat]
        name = self.free_name(name)
        if chair.kind == "open":
            chair.kind, chair.name, chair.level = "person", name, ""
            self._seat(link, seat, token)
            if self.match is not None:
                self._name_in_setup(seat, name)
            return self._welcome_back(link, seat, token, now)
        if not self.started:
            raise ProtocolError("seat_taken", f"seat {seat} is not open")
        self._check_stand_in(seat, now)
        chair.stand_in = StandIn(name, token_hash(token), link)
        self.watchers.discard(link)
        return self._welcome_back(link, seat, token, now)

    def _check_stand_in(self, seat: int, now: float) -> None:
        chair = self.chairs[seat]
        if chair.kind != "person":
            raise ProtocolError("started", "the game has begun: an AI's seat is taken only once the host opens it")
        if not self.stand_ins:
            raise ProtocolError("seat_taken", f"seat {seat} is {chair.name}'s: this table keeps a seat for its person")
        if chair.link is not None or (chair.stand_in is not None and chair.stand_in.link is not None):
            raise ProtocolError("seat_taken", f"somebody plays seat {seat} now")
        if not self.stood_in(seat, now):
            raise ProtocolError("seat_taken", f"seat {seat} waits for {chair.name} until the host's wait is over")

    def free_name(self, name: str) -> str:
        """``name``, numbered if somebody at the table already goes by it."""
        return unique_name(name, [taken for chair in self.chairs for taken in chair.names()], MOST_NAME)

    def _name_in_setup(self, seat: int, name: str) -> None:
        """A person took a seat an AI played: the game's set-up names them from now on."""
        assert self.match is not None
        setup = self.match.setup
        plans = list(setup.seats)
        plans[seat] = SeatPlan.human(len(setup.people))
        self.match.setup = dataclasses.replace(setup, seats=tuple(plans), people=(*setup.people, Person(name)))

    def resume(self, link: int, seat: int, token: str, now: float) -> list[Outgoing]:
        """The person of ``seat`` is back on ``link`` (their old token already matched): a new token. Whoever
        stood in for them watches from now on, and is told."""
        chair = self.chairs[seat]
        out: list[Outgoing] = []
        if chair.stand_in is not None:
            out += self._unseat_stand_in(seat, now)
        old = chair.link
        if old is not None and old != link:
            self.sent.pop(old, None)  # a link that never noticed it dropped is sent nothing more
        self._seat(link, seat, token)
        return out + self._welcome_back(link, seat, token, now)

    def resume_stand_in(self, link: int, seat: int, token: str, now: float) -> list[Outgoing]:
        """The stand-in of ``seat`` is back on ``link`` (their old token already matched): a new token."""
        stand_in = self.chairs[seat].stand_in
        assert stand_in is not None
        if stand_in.link is not None and stand_in.link != link:
            self.sent.pop(stand_in.link, None)
        stand_in.token, stand_in.link = token_hash(token), link
        self.watchers.discard(link)
        return self._welcome_back(link, seat, token, now)

    def _unseat_stand_in(self, seat: int, now: float) -> list[Outgoing]:
        chair = self.chairs[seat]
        stand_in, chair.stand_in = chair.stand_in, None
        if stand_in is None or stand_in.link is None:
            return []
        self.watchers.add(stand_in.link)
        self.sent.pop(stand_in.link, None)
        told = Unseated(self.id, seat, chair.name)
        return [(stand_in.link, told)] + self._updates([stand_in.link], now)

    def _seat(self, link: int, seat: int, token: str) -> None:
        chair = self.chairs[seat]
        chair.token, chair.link, chair.away_since = token_hash(token), link, None
        self.watchers.discard(link)
        if link == self.host_link:
            self.host_seat = seat

    def _welcome_back(self, link: int, seat: int, token: str, now: float) -> list[Outgoing]:
        out: list[Outgoing] = [(link, Joined(self.id, seat, token))]
        return out + self.catch_up(link, now) + self.links_changed(now, but=link)

    def watch(self, link: int, now: float) -> list[Outgoing]:
        if self.seat_of(link) is None:
            self.watchers.add(link)
        return self.catch_up(link, now)

    def catch_up(self, link: int, now: float) -> list[Outgoing]:
        """The whole game so far for a client that arrives, and its save if it is over."""
        self.sent.pop(link, None)
        return self._updates([link], now)

    def leave(self, link: int, now: float) -> list[Outgoing]:
        """``link`` stands up (before the start its seat opens again; after it, the seat stays its person's,
        away) or stops watching. The host stays the host: he may be changing seats."""
        seat = self.seat_of(link)
        if seat is None and link not in self.watchers:
            raise ProtocolError("no_table", f"you are not at table {self.id}")
        if seat is not None and not self.started:
            self.chairs[seat] = Chair("open")
            if self.host_seat == seat:
                self.host_seat = None
        elif seat is not None and self.chairs[seat].link != link:  # a stand-in stands up: the seat waits again
            self.chairs[seat].stand_in = None
        return self.drop(link, now)

    def gone(self, link: int, now: float) -> list[Outgoing]:
        """``link`` closed: as :meth:`drop`, and if it created the table, only its seat makes a host now."""
        if link == self.host_link:
            self.host_link = None
        return self.drop(link, now)

    def drop(self, link: int, now: float) -> list[Outgoing]:
        """``link`` left: its seat, if any, stays its person's, away from ``now``; the others are told."""
        self.watchers.discard(link)
        self.sent.pop(link, None)
        seat = self.seat_of(link)
        if seat is not None:
            chair = self.chairs[seat]
            if chair.link == link:
                chair.link, chair.away_since = None, now
            elif chair.stand_in is not None:  # a stand-in who drops may come back with their token
                chair.stand_in.link = None
        return self.links_changed(now)

    def links_changed(self, now: float, but: int | None = None) -> list[Outgoing]:
        """An empty update to every client but ``but``, whose connected and away flags changed."""
        if not self.started:
            return []
        return self._updates([client for client in self.clients() if client != but], now)

    # --- the host's decisions --------------------------------------------------------------------------------
    def start(self, link: int, seed: int, now: float) -> list[Outgoing]:
        self._check_host(link)
        if self.started:
            raise ProtocolError("started", f"table {self.id} has already started")
        for chair in self.chairs:
            if chair.kind == "open":
                chair.kind, chair.level = "ai", STAND_IN_LEVEL
        self.match = Match(self._setup(seed))
        return self._updates(self.clients(), now)

    def open_seat(self, link: int, seat: int, now: float) -> list[Outgoing]:
        """The host opens an AI's seat to a person; after the start the AI plays it until one sits down."""
        self._check_host(link)
        if not 0 <= seat < len(self.chairs):
            raise ProtocolError("malformed", f"table {self.id} has seats 0 to {len(self.chairs) - 1}")
        chair = self.chairs[seat]
        if chair.kind != "ai":
            raise ProtocolError("seat_taken", f"seat {seat} is not an AI's")
        chair.kind = "open"
        if not self.started:
            chair.level = ""
        return self.links_changed(now)

    def set_away_ai(self, link: int, seconds: float | None, now: float) -> list[Outgoing]:
        """A new wait before an AI plays an away person's turns: every client's countdown follows it."""
        self._check_host(link)
        self.away_ai = seconds
        return self.links_changed(now)

    def rematch(self, link: int, seed: int, now: float) -> list[Outgoing]:
        self._check_host(link)
        if self.match is None or not self.over:
            raise ProtocolError("not_over", "a rematch comes once the game is over")
        self.match = Match(rematch(self.match.setup, seed))
        self.sent.clear()
        return self._updates(self.clients(), now)

    def _check_host(self, link: int) -> None:
        if not self.is_host(link):
            raise ProtocolError("not_host", f"only the host of table {self.id} may do that")

    def _setup(self, seed: int) -> MatchSetup:
        people = [Person(chair.name) for chair in self.chairs if chair.kind == "person"]
        plans, person = [], 0
        for chair in self.chairs:
            if chair.kind == "person":
                plans.append(SeatPlan.human(person))
                person += 1
            else:
                plans.append(SeatPlan.ai(chair.level) if chair.kind == "ai" else SeatPlan("off"))
        return MatchSetup(self.game, tuple(plans), tuple(people) or (Person("Player 1"),), seed, self.options)

    # --- playing ---------------------------------------------------------------------------------------------
    def act(self, link: int, text: str, moment: int, now: float) -> list[Outgoing]:
        match = self.match
        if match is None or match.state.is_terminal():
            raise ProtocolError("not_your_turn", "no game is in play at this table")
        if self.chairs[match.state.current_seat].player_link != link:
            raise ProtocolError("not_your_turn", "another seat decides now")
        return self.play(text, moment, now)

    def play(self, text: str, moment: int, now: float) -> list[Outgoing]:
        """The deciding seat's action ``text``, chosen when the log was ``moment`` long."""
        assert self.match is not None
        if moment != len(self.match.log):
            raise ProtocolError("stale", f"the game has moved on since (it is at {len(self.match.log)})")
        try:
            self.match.play(self.match.state.parse_action(text))
        except GameError as error:  # the match changes nothing when the rules refuse
            raise ProtocolError("illegal", f"that action is not legal now: {error}") from None
        return self._updates(self.clients(), now)

    def stood_in(self, seat: int, now: float) -> bool:
        """Whether an AI plays ``seat`` now: an AI seat, or a person's that has been away for the host's wait."""
        chair = self.chairs[seat]
        if chair.kind == "ai" or (chair.kind == "open" and self.started):
            return True
        return (chair.kind == "person" and chair.player_link is None and chair.away_since is not None
                and self.away_ai is not None and now - chair.away_since >= self.away_ai)

    def ai_in(self, seat: int, now: float) -> float | None:
        """Seconds until an AI takes over ``seat``'s turns, its person being away (0: it plays them already);
        ``None`` where none will: the person is here, or nobody waits for them, or somebody stands in, or the
        host lets no AI play for an away person."""
        chair = self.chairs[seat]
        if (chair.kind != "person" or chair.player_link is not None or chair.away_since is None
                or self.away_ai is None):
            return None
        return max(0.0, round(self.away_ai - (now - chair.away_since), 1))

    def ai_turn(self, now: float) -> AITurn | None:
        """The decision an AI must take now, if one must."""
        match = self.match
        if match is None or match.state.is_terminal() or not self.stood_in(match.state.current_seat, now):
            return None
        chair = self.chairs[match.state.current_seat]
        return AITurn(self.id, len(match.log), match, chair.level or STAND_IN_LEVEL,
                      match.setup.seed * 1_000_003 + len(match.log))

    # --- what a client is sent -------------------------------------------------------------------------------
    def _updates(self, links: list[int], now: float) -> list[Outgoing]:
        match = self.match
        if match is None:
            return []
        out: list[Outgoing] = []
        for link in links:
            seat = self.seat_of(link)
            first = self.sent.get(link, 0)
            out.append((link, self.update(match, seat, first, now, link)))
            if match.state.is_terminal() and (first < len(match.log) or not match.log):
                out.append((link, Over(self.id, match.to_json())))
            self.sent[link] = len(match.log)
        return out

    def update(self, match: Match, seat: int | None, first: int, now: float, link: int | None = None) -> Update:
        """What ``seat`` (``None``: a spectator) may know of the game, with the log from entry ``first`` on; its
        legal actions when it decides and ``link`` plays it."""
        state, moment = match.state, len(match.log)
        deciding = (seat is not None and not state.is_terminal() and state.current_seat == seat
                    and self.chairs[seat].player_link == link)
        return Update(
            self.id, seat, wire.public_setup(match.setup), moment, first,
            [wire.entry_json(entry) for entry in match.log[first:]],
            wire.seat_picture(state, NO_SEAT if seat is None else seat, self.id, moment),
            [state.action_text(action) for action in state.legal_actions()] if deciding else [],
            [self._connected(chair) for chair in self.chairs], [self._away(chair) for chair in self.chairs],
            [self.ai_in(seat, now) for seat in range(len(self.chairs))],
        )

    # --- its save ----------------------------------------------------------------------------------------------
    def to_json(self) -> JsonObject:
        return envelope(TABLE_FORMAT, TABLE_VERSION, {
            "id": self.id, "game": self.game, "options": self.options.to_json(), "host": self.host_name,
            "host_seat": self.host_seat, "away_ai": self.away_ai, "stand_ins": self.stand_ins,
            "seats": [chair.to_json() for chair in self.chairs],
            "match": None if self.match is None else self.match.to_json(),
        })

    @classmethod
    def from_json(cls, data: object, now: float) -> Table:
        """A table saved by :meth:`to_json`, every person away from ``now`` until they resume; a
        ``StateFormatError`` says what is wrong with the save."""
        document = open_envelope(data, TABLE_FORMAT, TABLE_VERSION)
        where = "table"
        table_id = json_field(document, "id", str, where)
        game = json_field(document, "game", str, where)
        try:
            options = game_spec(game).options_type.from_json(json_field(document, "options", dict, where))
        except StateFormatError:
            raise
        except GameError as error:
            raise StateFormatError(f"the table's game cannot be set up: {error}") from None
        seats = json_field(document, "seats", list, where)
        if not 1 <= len(seats) <= MOST_SEATS or not all(isinstance(seat, dict) for seat in seats):
            raise StateFormatError(f"a table has 1 to {MOST_SEATS} seats, each an object")
        chairs = [chair_saved(seat, now) for seat in seats]
        away_ai = document.get("away_ai")
        if away_ai is not None and (not isinstance(away_ai, (int, float)) or isinstance(away_ai, bool)
                                    or not 0 <= away_ai <= MOST_AWAY_SECONDS):
            raise StateFormatError("the table's away wait must be a number of seconds or null")
        stand_ins = document.get("stand_ins", False)
        if not isinstance(stand_ins, bool):
            raise StateFormatError("the table's stand-ins flag must be true or false")
        table = cls(table_id, game, options, chairs, json_field(document, "host", str, where), None, away_ai,
                    stand_ins)
        host_seat = document.get("host_seat")
        if host_seat is not None and not (isinstance(host_seat, int) and 0 <= host_seat < len(chairs)):
            raise StateFormatError("the table's host seat is not one of its seats")
        table.host_seat = host_seat
        if document.get("match") is not None:
            table.match = Match.from_json(document["match"])
            if len(table.match.setup.seats) != len(chairs):
                raise StateFormatError("the table's match has another number of seats")
        return table
