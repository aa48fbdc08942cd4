"""The online seat this player sat in last, kept in the data folder so that *Continue* on the title menu can take
them back to it after the app was closed: the table's server and id, the seat, the game, and when it was last
sat in (seconds since the epoch), to weigh against the newest local save.

One file, ``online-last.json``, written whole (to a temporary file, then moved into place). The token that gives
the seat back is kept with the other seats' (:mod:`game.online.seats_kept`): this file names the seat, never
opens it. A file that cannot be read is as good as none (*Continue* then resumes the newest local save) and is
written over at the next seat.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from pathlib import Path

from game.core.errors import StateFormatError
from game.core.jsonio import read_json_file, write_json_atomic
from game.online.seats_kept import MOST_TEXT

LAST_FILE = "online-last.json"


@dataclass(frozen=True)
class LastSeat:
    server: str  # "address:port", as the player reached it
    table: str
    seat: int
    game: str  # the table's game ("" where the client did not know it yet)
    at: float  # when the player last sat in it

    @classmethod
    def from_json(cls, data: object) -> LastSeat | None:
        """The seat the file names, or ``None`` for one that cannot be used."""
        if not isinstance(data, dict):
            return None
        server, table, game, seat, at = (data.get(key) for key in ("server", "table", "game", "seat", "at"))
        if not all(isinstance(text, str) and 0 < len(text) <= MOST_TEXT for text in (server, table)):
            return None
        if not isinstance(game, str) or len(game) > MOST_TEXT:
            return None
        if not isinstance(seat, int) or isinstance(seat, bool) or seat < 0:
            return None
        if not isinstance(at, (int, float)) or isinstance(at, bool) or not math.isfinite(at):
            return None
        return cls(str(server), str(table), seat, game, float(at))


def last_seat(folder: Path) -> LastSeat | None:
    """The online seat sat in last, if one is named and can be read."""
    path = folder / LAST_FILE
    if not path.exists():
        return None
    try:
        return LastSeat.from_json(read_json_file(path))
    except StateFormatError:
        return None


def note_last_seat(folder: Path, seat: LastSeat) -> None:
    """``seat`` is the one sat in last; ``OSError`` if the file cannot be written."""
    write_json_atomic(folder / LAST_FILE, asdict(seat))


def forget_last_seat(folder: Path, server: str, table: str) -> None:
    """The seat at ``table`` of ``server`` is no more to come back to (its game is over, its token was refused):
    *Continue* resumes the newest local save again. ``OSError`` if the file cannot be removed."""
    last = last_seat(folder)
    if last is not None and (last.server, last.table) == (server, table):
        (folder / LAST_FILE).unlink(missing_ok=True)
