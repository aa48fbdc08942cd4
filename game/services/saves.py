"""Save slots: each game in progress in a file of its own, held by the one copy of the game that plays it.

Starting a game makes a new slot, so no game ever writes over another's. A copy of the game holds a lock on
each slot it plays (an operating-system lock, which the kernel lets go when the process dies, however it
dies): a second copy that asks for a held slot is refused with :class:`SlotHeld`, and may play a copy of it
instead. Slots are removed only when their game is over or the player deletes them; nothing older is pruned
on its own.

A slot that cannot be resumed (corrupted, foreign, from a newer version of the game) is moved aside, never
deleted, and the reason is given in a sentence the app can show. The single save of earlier versions
(``autosave.json``, and the ``autosave.kept-*.json`` that new games from the command line set aside) is
brought in as slots.
"""

from __future__ import annotations

import os
import re
import secrets
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from filelock import FileLock, Timeout

from game.core.errors import StateFormatError
from game.core.jsonio import aside_name, read_json_file, write_json_atomic
from game.services.match import Match

SAVES_FOLDER = "saves"
SLOT_PREFIX = "game-"
SLOT_SUFFIX = ".json"
LOCK_SUFFIX = ".lock"
OLD_SAVE = "autosave"  # the one save of earlier versions, and the ``.kept-*`` copies beside it
# A slot's name: when it was made, and four random hex digits so that two copies starting games in the same
# second never meet. Files kept aside beside slots (``<name>.unreadable-….json``) do not match it.
SLOT_NAME = re.compile(r"game-[0-9]{8}-[0-9]{6}-[0-9a-f]{4}")


class SaveError(Exception):
    """A save that could not be resumed: ``reason`` says why (in English, for whoever looks closer), ``kind``
    which kind of fault it is (see :class:`StateFormatError`, for the player's language), and ``kept`` where
    the file was moved, or ``None`` when the data folder could not be written and it was left where it is."""

    def __init__(self, reason: str, kind: str, kept: Path | None, path: Path) -> None:
        where = f"It was kept as {kept.name}." if kept else "It could not be moved aside and was left as it is."
        super().__init__(f"The saved game could not be resumed: {reason}. {where}")
        self.reason, self.kind, self.kept, self.path = reason, kind, kept, path


class SlotHeld(Exception):
    """The slot is played by another copy of the game, which holds its lock."""

    def __init__(self, name: str) -> None:
        super().__init__(f"the saved game {name} is open in another window")
        self.name = name


@dataclass(frozen=True)
class SlotInfo:
    """A slot as listed: its name, when it was last saved (seconds since the epoch), whether another copy
    of the game holds it, and the match in it (``None`` when it cannot be resumed)."""

    name: str
    saved_at: float
    held: bool
    match: Match | None


class SaveSlot:
    """One game's file, locked by this process for as long as it plays it. Writes go to a temporary file that
    then replaces the slot, so a crash never leaves half a file."""

    def __init__(self, store: SaveStore, name: str, lock: FileLock) -> None:
        self.store, self.name, self._lock = store, name, lock
        self.path = store.folder / f"{name}{SLOT_SUFFIX}"
        self._pending: list[Future[object]] = []

    def save(self, match: Match) -> None:
        self.flush()
        write_json_atomic(self.path, match.to_json())

    def save_in_background(self, match: Match) -> None:
        """Save as :meth:`save` does, on a background thread: flushing a file to disk can take tens of
        milliseconds, more than a frame. The match is copied to JSON now, so later moves do not leak in."""
        self._submit(write_json_atomic, self.path, match.to_json())

    def discard(self) -> None:
        """Forget the game (it is over): the file goes, and the lock with it."""
        self.flush()
        self.path.unlink(missing_ok=True)
        self.release()

    def discard_in_background(self) -> None:
        self._submit(self.path.unlink, missing_ok=True)

    @property
    def writing(self) -> bool:
        """Whether background writes are under way or not yet reported by :meth:`take_error`."""
        return bool(self._pending)

    def take_error(self) -> OSError | None:
        """The first error of the background writes finished so far, if any (each is reported once)."""
        done = [future for future in self._pending if future.done()]
        self._pending = [future for future in self._pending if not future.done()]
        errors = [future.exception() for future in done]
        return next((error for error in errors if isinstance(error, OSError)), None)

    def flush(self) -> None:
        """Wait until every background write has reached the disk (before a direct write or at exit)."""
        for future in self._pending:
            future.exception()

    def release(self) -> None:
        """Let other copies of the game have the slot (the scene playing it has gone). The lock file is removed
        with the slot's file only: another copy may be waiting on it."""
        self.flush()
        if self._lock.is_locked:
            if not self.path.exists():
                self.store.lock_path(self.name).unlink(missing_ok=True)
            self._lock.release(force=True)
        self.store.forget(self)

    def _submit(self, work: Callable[..., object], *args: object, **kwargs: object) -> None:
        self._pending.append(self.store.writer().submit(work, *args, **kwargs))


class SaveStore:
    """The saves folder of one data folder: its slots, and the ones this process holds."""

    def __init__(self, data_folder: Path) -> None:
        self.folder = data_folder / SAVES_FOLDER
        self._writer: ThreadPoolExecutor | None = None
        self._held: dict[str, SaveSlot] = {}
        self._matches: dict[tuple[str, int, int], Match | None] = {}  # by name, size and time: replays cost

    # --- slots --------------------------------------------------------------------------------------------
    def new_slot(self) -> SaveSlot:
        """A new slot for a new game, held by this process (its file is written by the first save)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        while True:
            name = f"{SLOT_PREFIX}{time.strftime('%Y%m%d-%H%M%S')}-{secrets.token_hex(2)}"
            if not self.slot_path(name).exists():
                slot = self._take(name)
                if not slot.path.exists():  # nobody made it between the look and the lock
                    return slot
                slot.release()

    def open(self, name: str) -> SaveSlot:
        """Hold slot ``name`` to play it; :class:`SlotHeld` when another copy of the game plays it."""
        held = self._held.get(name)
        return held if held is not None else self._take(name)

    def load(self, slot: SaveSlot) -> Match:
        """The slot's match, replayed; ``SaveError`` if it cannot be, with the file moved aside (and the slot let
        go)."""
        slot.flush()
        try:
            return Match.from_json(read_json_file(slot.path))
        except StateFormatError as error:
            try:
                kept: Path | None = self._set_aside(slot.path, "unreadable")
            except OSError:  # a read-only or full data folder: the file stays, the player is told
                kept = None
            slot.release()
            raise SaveError(str(error), error.kind, kept, slot.path) from None

    def copy(self, name: str) -> SaveSlot:
        """A new slot holding a copy of slot ``name`` as last saved (which another copy may be playing)."""
        document = read_json_file(self.slot_path(name))
        slot = self.new_slot()
        write_json_atomic(slot.path, document)
        return slot

    def delete(self, name: str) -> None:
        """Delete a slot the player chose to delete; :class:`SlotHeld` if another copy plays it."""
        slot = self.open(name)
        slot.discard()

    def slots(self) -> list[SlotInfo]:
        """Every slot, the most recently saved first; the ones another copy plays marked ``held``."""
        self._bring_in_old_saves()
        found = []
        for path in self.folder.glob(f"{SLOT_PREFIX}*{SLOT_SUFFIX}"):
            try:
                stat = path.stat()
            except OSError:  # deleted or moved as we looked
                continue
            name = path.name[: -len(SLOT_SUFFIX)]
            if not SLOT_NAME.fullmatch(name):
                continue
            held = name not in self._held and self._is_held_elsewhere(name)
            found.append(SlotInfo(name, stat.st_mtime, held, self._match(path, stat)))
        return sorted(found, key=lambda info: (info.saved_at, info.name), reverse=True)

    def slot_path(self, name: str) -> Path:
        return self.folder / f"{name}{SLOT_SUFFIX}"

    def lock_path(self, name: str) -> Path:
        return self.folder / f"{name}{LOCK_SUFFIX}"

    def forget(self, slot: SaveSlot) -> None:
        if self._held.get(slot.name) is slot:
            del self._held[slot.name]

    def writer(self) -> ThreadPoolExecutor:
        """The one background thread the slots write on, in the order asked."""
        if self._writer is None:
            self._writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="autosave")
        return self._writer

    def close(self) -> None:
        """Finish every write and let every slot go (the app is closing)."""
        for slot in list(self._held.values()):
            slot.release()
        if self._writer is not None:
            self._writer.shutdown(wait=True)
            self._writer = None

    # --- inside -------------------------------------------------------------------------------------------
    def _take(self, name: str) -> SaveSlot:
        self.folder.mkdir(parents=True, exist_ok=True)
        lock = FileLock(self.lock_path(name), thread_local=False)
        try:
            lock.acquire(timeout=0)
        except Timeout:
            raise SlotHeld(name) from None
        slot = self._held[name] = SaveSlot(self, name, lock)
        return slot

    def _is_held_elsewhere(self, name: str) -> bool:
        lock_path = self.lock_path(name)
        if not lock_path.exists():
            return False
        probe = FileLock(lock_path, thread_local=False)
        try:
            probe.acquire(timeout=0)
        except Timeout:
            return True
        except OSError:  # a read-only folder: nobody can be writing there either
            return False
        probe.release(force=True)
        return False

    def _match(self, path: Path, stat: os.stat_result) -> Match | None:
        key = (path.name, stat.st_size, stat.st_mtime_ns)
        if key not in self._matches:
            try:
                self._matches[key] = Match.from_json(read_json_file(path))
            except (StateFormatError, OSError):
                self._matches[key] = None
        return self._matches[key]

    def _bring_in_old_saves(self) -> None:
        """Make slots of the single save of earlier versions and the games set aside beside it. Renaming is
        atomic: when two copies of the game try at once, one of them moves each file."""
        if not self.folder.is_dir():
            return
        for path in sorted(self.folder.glob(f"{OLD_SAVE}.json")) + sorted(self.folder.glob(f"{OLD_SAVE}.kept-*.json")):
            try:
                stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(path.stat().st_mtime))
                target = self.slot_path(f"{SLOT_PREFIX}{stamp}-{secrets.token_hex(2)}")
                if not target.exists():
                    path.rename(target)
            except OSError:  # taken by another copy, or a read-only folder: it stays as it is
                continue

    @staticmethod
    def _set_aside(path: Path, why: str) -> Path:
        target = aside_name(path, why)
        path.replace(target)
        return target
