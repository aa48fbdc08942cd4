"""The autosave: one match kept as versioned JSON in the user data folder, written so it is never lost.

A save that cannot be resumed (corrupted, foreign, from a newer version of the game) is moved aside, never
deleted, and the reason is given in a sentence the app can show.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

from game.core.errors import StateFormatError
from game.core.jsonio import aside_name, read_json_file, write_json_atomic
from game.services.match import Match

SAVES_FOLDER = "saves"
AUTOSAVE = "autosave.json"


class SaveError(Exception):
    """A save that could not be resumed: ``reason`` says why (in English, for whoever looks closer), ``kind``
    which kind of fault it is (see :class:`StateFormatError`, for the player's language), and ``kept`` where
    the file was moved, or ``None`` when the data folder could not be written and it was left where it is."""

    def __init__(self, reason: str, kind: str, kept: Path | None) -> None:
        where = f"It was kept as {kept.name}." if kept else "It could not be moved aside and was left as it is."
        super().__init__(f"The saved game could not be resumed: {reason}. {where}")
        self.reason, self.kind, self.kept = reason, kind, kept


class SaveStore:
    def __init__(self, data_folder: Path) -> None:
        self.folder = data_folder / SAVES_FOLDER
        self.path = self.folder / AUTOSAVE
        self._writer: ThreadPoolExecutor | None = None
        self._pending: list[Future[object]] = []

    def has_save(self) -> bool:
        self.flush()
        return self.path.is_file()

    def save(self, match: Match) -> None:
        """Write to a temporary file, then replace the old save: a crash never leaves half a file."""
        self.flush()
        write_json_atomic(self.path, match.to_json())

    def save_in_background(self, match: Match) -> None:
        """Save as :meth:`save` does, writing on a background thread: flushing a file to disk can take tens of
        milliseconds, more than a frame. The match is copied to JSON now, so later moves do not leak in."""
        self._submit(write_json_atomic, self.path, match.to_json())

    def discard_in_background(self) -> None:
        self._submit(self.path.unlink, missing_ok=True)

    def _submit(self, work: Callable[..., object], *args: object, **kwargs: object) -> None:
        if self._writer is None:
            self._writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="autosave")
        self._pending.append(self._writer.submit(work, *args, **kwargs))

    def take_error(self) -> OSError | None:
        """The first error of the background writes finished so far, if any (each is reported once)."""
        done = [future for future in self._pending if future.done()]
        self._pending = [future for future in self._pending if not future.done()]
        errors = [future.exception() for future in done if future.exception() is not None]
        return next((error for error in errors if isinstance(error, OSError)), None)

    def flush(self) -> None:
        """Wait until every background write has reached the disk (before a direct write or at exit)."""
        for future in self._pending:
            future.exception()

    def load(self) -> Match:
        """The saved match, replayed; ``SaveError`` if it cannot be, with the file moved aside."""
        self.flush()
        try:
            return Match.from_json(read_json_file(self.path))
        except StateFormatError as error:
            try:
                kept: Path | None = self._set_aside("unreadable")
            except OSError:  # a read-only or full data folder: the file stays, the player is told
                kept = None
            raise SaveError(str(error), error.kind, kept) from None

    def discard(self) -> None:
        """Forget the save (the game it holds is over)."""
        self.flush()
        self.path.unlink(missing_ok=True)

    def keep_aside(self) -> Path | None:
        """Move the save out of the way of a new game, never deleting it (``None`` when there is none)."""
        self.flush()
        return self._set_aside("kept") if self.path.is_file() else None

    def bring_back_kept(self) -> Path | None:
        """When no game is saved, put back the last one a new game set aside (:meth:`keep_aside`, as ``play``
        from the command line does), so that Continue resumes it; returns the name it was kept under, or
        ``None`` when nothing came back (a game is saved, none was kept, or the folder cannot be written)."""
        self.flush()
        if self.path.exists():
            return None
        kept = sorted(self.folder.glob(f"{self.path.stem}.kept-*{self.path.suffix}"),
                      key=lambda path: (path.stat().st_mtime, path.name))
        if not kept:
            return None
        try:
            kept[-1].replace(self.path)
        except OSError:  # a read-only folder: the file stays where it is, under its kept name
            return None
        return kept[-1]

    def _set_aside(self, why: str) -> Path:
        target = aside_name(self.path, why)
        self.path.replace(target)
        return target
