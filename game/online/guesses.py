"""Wrong passwords and tokens, counted per address: a few are free, then each costs a growing wait.

A password or a seat's token can be guessed only by trying it, so every refused try counts against the address it
came from, whatever connection it came on: opening forty connections buys no more tries than one. While an
address waits, the server answers its every try with ``too_many_guesses`` without looking at it, so a right
guess during the wait tells nothing. Time is handed in, never read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

FREE_GUESSES: Final = 5  # wrong tries an address may make before it must wait: a few typing slips
FIRST_WAIT: Final = 10.0  # seconds after the first wrong try past the free ones; each further one doubles it
MOST_WAIT: Final = 3600.0
FORGET_AFTER: Final = 600.0  # an address that tried nothing wrong for this long starts afresh
MOST_ADDRESSES: Final = 10_000  # addresses remembered at once: the record of a host under attack stays small


@dataclass
class _Record:
    failures: int = 0
    last: float = 0.0  # the last wrong try
    until: float = 0.0  # no try is looked at before this


@dataclass
class Guesses:
    """The wrong tries of every address that made one lately."""

    records: dict[str, _Record] = field(default_factory=dict)

    def wait(self, address: str, now: float) -> float:
        """How long ``address`` must wait before its next try is looked at (0: it may try now)."""
        record = self.records.get(address)
        if record is None:
            return 0.0
        if self._forgotten(record, now):
            del self.records[address]
            return 0.0
        return max(0.0, record.until - now)

    def failed(self, address: str, now: float) -> None:
        """``address`` tried a wrong password or token at ``now``."""
        record = self.records.get(address)
        if record is None or self._forgotten(record, now):
            record = self.records[address] = _Record()
        record.failures += 1
        record.last = now
        beyond = record.failures - FREE_GUESSES
        if beyond > 0:
            record.until = now + min(MOST_WAIT, FIRST_WAIT * 2.0 ** min(beyond - 1, 32))
        if len(self.records) > MOST_ADDRESSES:
            self._forget_some(now)

    @staticmethod
    def _forgotten(record: _Record, now: float) -> bool:
        return now - max(record.last, record.until) >= FORGET_AFTER

    def _forget_some(self, now: float) -> None:
        """Forget what may be forgotten, then, if there are still too many, the addresses quiet the longest."""
        self.records = {address: record for address, record in self.records.items()
                        if not self._forgotten(record, now)}
        if len(self.records) > MOST_ADDRESSES:
            kept = sorted(self.records.items(), key=lambda item: item[1].last)[-MOST_ADDRESSES:]
            self.records = dict(kept)
