"""The client's picture of one table's match, built from the server's ``update`` and ``over`` messages alone.

The server plays the match; a client only ever holds what its seat may see: the set-up without its seed, the
log (keys and fields, worded in the client's own language), its seat's picture of the position (a whole state
whose secrets were dealt anew, so the window draws it with the same views as a local game) and its legal
actions when it decides. A :class:`Mirror` is a :class:`Match` to the screen (its set-up, state and log), but
nothing here plays, undoes or takes back a move: those go to the server as messages. Every message is checked
whole before anything changes, so a malformed one leaves the mirror as it was.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core.errors import GameError, StateFormatError
from game.core.protocol import Action, GameState, Seat
from game.online import wire
from game.online.messages import Json, Over, Update
from game.online.protocol import MOST_AWAY_SECONDS
from game.services.match import LogEntry, Match, MatchSetup, Played
from game.services.series import Series


@dataclass(frozen=True)
class _Update:
    """An ``update`` read and checked, not yet taken in."""

    setup: MatchSetup
    seat: Seat | None
    start: int
    entries: tuple[LogEntry, ...]
    picture: GameState[Any]
    legal: tuple[Action, ...]
    connected: tuple[bool, ...]
    away: tuple[bool, ...]
    ai_in: tuple[float | None, ...]


class Mirror(Match):
    """Table ``table`` as this client sees it, from its first ``update`` (see :meth:`from_update`)."""

    def __init__(self, table: str, setup: MatchSetup, in_series: Series | None = None) -> None:
        super().__init__(setup, in_series)
        self.table = table
        self.seat: Seat | None = None  # this client's seat; None: a spectator
        self.legal: tuple[Action, ...] = ()  # what this client's seat may play now (nothing when it does not decide)
        self.connected: tuple[bool, ...] = (False,) * len(setup.seats)  # per seat: its person's link is up
        self.away: tuple[bool, ...] = (False,) * len(setup.seats)  # per seat: its person left or dropped
        # per seat: seconds, when the update came, until an AI plays for its away person (None: none will)
        self.ai_in: tuple[float | None, ...] = (None,) * len(setup.seats)
        self.finished: Match | None = None  # the whole match from the ``over`` message's save, seed included

    @classmethod
    def from_update(cls, message: Update) -> Mirror:
        """The mirror of the table an ``update`` tells (the first one after a join, a resume or a watch)."""
        table = _table(message)
        update = _read_update(message, [])
        mirror = cls(table, update.setup)
        mirror._take(update)
        return mirror

    # --- messages -------------------------------------------------------------------------------------------
    def take_update(self, message: Update) -> Played | None:
        """Take in an ``update`` (``StateFormatError`` if it is not one for this table that follows on from what
        is here; then nothing changed). Returns the one move to animate when it brings exactly one new action;
        a whole log (a resume) or a new game (a rematch) is shown as it stands."""
        if _table(message) != self.table:
            raise StateFormatError(f"an update for table {message.table!r} reached table {self.table!r}")
        update = _read_update(message, self.log)
        before = self.state
        continuing = update.start == len(self.log) and update.setup == self.setup
        self._take(update)
        if not (continuing and len(update.entries) == 1):
            return None
        entry = update.entries[0]
        try:
            action = before.parse_action(entry.text)
        except GameError:  # the text names something this seat's picture dealt otherwise: shown, not animated
            return None
        return Played(before, action, self.state, entry)

    def take_over(self, message: Over) -> Match:
        """Take in the ``over`` message: the match's whole save, replayed here for the game-over screen and its
        replay. It must be the game this mirror showed, move for move (``StateFormatError`` otherwise)."""
        if _table(message) != self.table:
            raise StateFormatError(f"the end of table {message.table!r} reached table {self.table!r}")
        match = Match.from_json(message.save)
        if [entry.text for entry in match.log] != [entry.text for entry in self.log]:
            raise StateFormatError("the saved game is not the one that was played at this table")
        if not match.state.is_terminal():
            raise StateFormatError("the saved game is not over")
        self.finished = match
        return match

    def _take(self, update: _Update) -> None:
        self.setup = update.setup  # the same but at a rematch, or when a person took a seat the AI played
        self.log[update.start:] = update.entries
        self.state, self.seat, self.legal = update.picture, update.seat, update.legal
        self.connected, self.away, self.ai_in = update.connected, update.away, update.ai_in
        self.finished = None if update.start == 0 else self.finished

    # --- what a screen asks ---------------------------------------------------------------------------------
    @property
    def decides(self) -> bool:
        """This client's seat decides now (the server sent its legal actions)."""
        return bool(self.legal) and not self.state.is_terminal()

    # --- the server plays: nothing here does ----------------------------------------------------------------
    def play(self, action: Action) -> Played:
        raise GameError("an online table's moves are sent to its server, which plays them")

    def undo(self) -> LogEntry:
        raise GameError("an online table's moves cannot be undone")

    def can_take_back(self, person: int = 0) -> bool:
        return False

    def take_back(self, person: int = 0) -> int:
        raise GameError("an online table's moves cannot be taken back")

    def positions(self) -> tuple[list[GameState[Any]], list[Action]]:
        """Every position, from the ``over`` message's save (the seed deals them, and it comes only at the end)."""
        if self.finished is None:
            raise GameError("the positions of an online game come with its save, once it is over")
        return self.finished.positions()


def _table(message: Update | Over) -> str:
    table = message.table
    if len(table) > wire.MOST_TEXT:
        raise StateFormatError(f"a table id has at most {wire.MOST_TEXT} characters")
    return table


def _read_update(message: Update, log: list[LogEntry]) -> _Update:
    """Check an ``update`` against the log held so far: it follows on from it (``from`` at most its length),
    or starts again (``from`` 0), and its ``moment`` counts the log it leaves."""
    setup = wire.setup_from_wire(message.setup)
    seat = message.seat
    if seat is not None and not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(setup.seats)):
        raise StateFormatError(f"an update names seat {seat!r}, which this table does not have")
    start, moment = message.first, message.moment
    if not 0 <= start <= len(log):
        raise StateFormatError(f"an update starts at entry {start}, but {len(log)} are known: one was missed")
    entries = tuple(wire.entry_from_json(item) for item in message.entries)
    if moment != start + len(entries):
        raise StateFormatError(f"an update at moment {moment} sends entries {start} to {start + len(entries)}")
    picture = wire.picture_from_wire(setup.game, message.picture)
    texts = [text for text in message.legal if isinstance(text, str)]
    if len(texts) != len(message.legal):
        raise StateFormatError("the legal actions must be texts")
    try:
        legal = tuple(picture.parse_action(text) for text in texts)
    except GameError as error:
        raise StateFormatError(f"a legal action cannot be read: {error}") from None
    return _Update(setup, seat, start, entries, picture, legal,
                   _flags(message.connected, "connected", len(setup.seats)),
                   _flags(message.away, "away", len(setup.seats)), _waits(message.ai_in, len(setup.seats)))


def _flags(values: list[Json], name: str, count: int) -> tuple[bool, ...]:
    flags = tuple(flag for flag in values if isinstance(flag, bool))
    if len(values) != count or len(flags) != count:
        raise StateFormatError(f"an update's {name!r} must be a true or false per seat")
    return flags


def _waits(values: list[Json] | None, count: int) -> tuple[float | None, ...]:
    """An update's ``ai_in``: per seat, the seconds until an AI plays for its away person, or null (a server
    that does not send it: none known)."""
    if values is None:
        return (None,) * count
    waits = tuple(None if wait is None else float(wait) for wait in values
                  if wait is None or (isinstance(wait, (int, float)) and not isinstance(wait, bool)
                                      and 0 <= wait <= MOST_AWAY_SECONDS))
    if len(values) != count or len(waits) != count:
        raise StateFormatError("an update's 'ai_in' must be a number of seconds or null per seat")
    return waits
