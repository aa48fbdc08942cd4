"""The seats this player holds at tables on other computers, each with the token that gives it back, kept in the
data folder: a player who leaves a started table, or closes the app, finds *Back to your seat* in its lobby.

One file, ``online-seats.json``: ``{"seats": [{"server", "table", "seat", "token"}, ...]}``, newest last, at most
:data:`MOST_KEPT`. An entry that cannot be used is left out; a file that cannot be read is moved aside, never
written over. Two windows on one data folder each rewrite the whole file from what they read just before.
"""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass
from pathlib import Path

from game.core.errors import StateFormatError
from game.core.jsonio import aside_name, read_json_file, write_json_atomic

SEATS_FILE = "online-seats.json"
MOST_KEPT = 20  # tables a player could still come back to; older ones are long over
MOST_TEXT = 200  # a server's address, a table's id or a token longer than this is damage


@dataclass(frozen=True)
class KeptSeat:
    server: str  # "address:port", as the player reached it
    table: str
    seat: int
    token: str

    @classmethod
    def from_json(cls, data: object) -> KeptSeat | None:
        """The seat an entry of the file keeps, or ``None`` for an entry that cannot be used."""
        if not isinstance(data, dict):
            return None
        texts = [data.get(key) for key in ("server", "table", "token")]
        seat = data.get("seat")
        if not all(isinstance(text, str) and 0 < len(text) <= MOST_TEXT for text in texts):
            return None
        if not isinstance(seat, int) or isinstance(seat, bool) or seat < 0:
            return None
        server, table, token = (str(text) for text in texts)
        return cls(server, table, seat, token)


def kept_seats(folder: Path) -> list[KeptSeat]:
    """Every seat kept, oldest first (a file that cannot be read is moved aside: none)."""
    return _read(folder)


def kept_seat(folder: Path, server: str, table: str) -> KeptSeat | None:
    """The seat kept at ``table`` of ``server``, if any."""
    return next((kept for kept in _read(folder) if (kept.server, kept.table) == (server, table)), None)


def keep_seat(folder: Path, seat: KeptSeat) -> None:
    """Keep ``seat`` (in place of any seat kept at its table); ``OSError`` if the file cannot be written."""
    seats = [kept for kept in _read(folder) if (kept.server, kept.table) != (seat.server, seat.table)]
    _write(folder, (seats + [seat])[-MOST_KEPT:])


def forget_seat(folder: Path, server: str, table: str) -> None:
    """Forget the seat kept at ``table`` of ``server`` (its token was refused); ``OSError`` as :func:`keep_seat`."""
    seats = _read(folder)
    left = [kept for kept in seats if (kept.server, kept.table) != (server, table)]
    if left != seats:
        _write(folder, left)


def _read(folder: Path) -> list[KeptSeat]:
    path = folder / SEATS_FILE
    if not path.exists():
        return []
    try:
        data = read_json_file(path)
        if not isinstance(data, dict) or not isinstance(data.get("seats"), list):
            raise StateFormatError("not a list of seats")
    except StateFormatError as error:
        os.replace(path, aside_name(path, error.kind))
        return []
    found = [KeptSeat.from_json(entry) for entry in data["seats"]]
    return [kept for kept in found if kept is not None]


def _write(folder: Path, seats: list[KeptSeat]) -> None:
    write_json_atomic(folder / SEATS_FILE, {"seats": [asdict(kept) for kept in seats]})
