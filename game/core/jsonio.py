"""Versioned JSON documents: reading them defensively and writing them without ever losing a file."""

from __future__ import annotations

import errno
import json
import os
import stat
import tempfile
import time
from pathlib import Path
from typing import Any

from filelock import Timeout as LockTimeout

from game.core.errors import StateFormatError
from game.core.text import shorten

# Why a disk refused, as the player's language says it: catalog references (``@key``, which
# ``Translator.message`` translates) for the common causes, the operating system's own words for the rest.
_DISK_REASONS = {
    errno.ENOSPC: "@disk.full",
    errno.EDQUOT: "@disk.quota",
    errno.EACCES: "@disk.denied",
    errno.EPERM: "@disk.denied",
    errno.EROFS: "@disk.read_only",
    errno.ENOENT: "@disk.gone",
    errno.ENOTDIR: "@disk.gone",
    errno.EIO: "@disk.failing",
}


class NotAFileError(OSError):
    """Something other than a regular file (a folder, a pipe, a device, a link leading round in a loop) stands
    where the game keeps one of its files: it is refused, never opened nor replaced."""


def disk_reason(error: OSError) -> str:
    """Why ``error`` kept a file from being written or moved, for a message field."""
    if isinstance(error, NotAFileError):
        return "@disk.not_a_file"
    if isinstance(error, LockTimeout):  # another copy of the game held the file's lock too long
        return "@disk.busy"
    return _DISK_REASONS.get(error.errno or 0) or str(error.strerror or error)


def envelope(kind: str, version: int, body: dict[str, Any]) -> dict[str, Any]:
    """Wrap ``body`` with the document kind and format version, so a foreign or newer file is recognised."""
    return {"format": kind, "version": version, **body}


def open_envelope(data: Any, kind: str, version: int, oldest: int | None = None) -> dict[str, Any]:
    """Check the kind and version of a document made by :func:`envelope` and return it. Versions from
    ``oldest`` (default: only ``version``) up to ``version`` are accepted; the caller reads the older ones."""
    if not isinstance(data, dict):
        raise StateFormatError(f"expected a {kind} document (a JSON object), found {type(data).__name__}")
    found = data.get("format")
    if found != kind:
        raise StateFormatError(f"this is not a {kind} document (format is {shorten(repr(found), 60)})", "foreign")
    found_version = data.get("version")
    if not isinstance(found_version, int) or isinstance(found_version, bool):
        raise StateFormatError(f"the {kind} document has no valid version number")
    if found_version > version:
        raise StateFormatError(
            f"the {kind} document was written by a newer version of the game "
            f"(format {found_version}, this game reads up to {version})", "newer"
        )
    if found_version < (version if oldest is None else oldest):
        raise StateFormatError(f"the {kind} document has an unsupported version {found_version}")
    return data


def field(data: dict[str, Any], name: str, kind: type | tuple[type, ...], where: str = "state") -> Any:
    """Fetch a required field of a given JSON type, with a clear error naming what is wrong."""
    if name not in data:
        raise StateFormatError(f"the {where} has no field {name!r}")
    value = data[name]
    if isinstance(value, bool) and kind is not bool and not (isinstance(kind, tuple) and bool in kind):
        raise StateFormatError(f"the {where} field {name!r} must be {_kind_name(kind)}, not a boolean")
    if not isinstance(value, kind):
        raise StateFormatError(f"the {where} field {name!r} must be {_kind_name(kind)}, not {type(value).__name__}")
    return value


def int_list(data: dict[str, Any], name: str, where: str = "state") -> list[int]:
    """A required list of integers."""
    value: list[int] = field(data, name, list, where)
    if not all(isinstance(item, int) and not isinstance(item, bool) for item in value):
        raise StateFormatError(f"the {where} field {name!r} must be a list of whole numbers")
    return value


def _kind_name(kind: type | tuple[type, ...]) -> str:
    names = {int: "a whole number", str: "text", list: "a list", dict: "an object", bool: "true or false"}
    if isinstance(kind, tuple):
        return " or ".join(names.get(k, k.__name__) for k in kind)
    return names.get(kind, kind.__name__)


def parse_json_text(text: str | bytes) -> Any:
    """Parse JSON, turning every parser failure into a ``StateFormatError``."""
    try:
        return json.loads(text)
    except (ValueError, UnicodeDecodeError, RecursionError) as error:
        raise StateFormatError(f"not valid JSON: {error}") from None


MAX_DOCUMENT_BYTES = 16 * 2**20  # the game's own files are a few kilobytes: anything this big is not one


# Opening a pipe for reading waits for a writer that may never come, so a pipe put in place between the check
# and the opening must not block either; O_BINARY keeps Windows from translating line ends.
_READ_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
_NOT_A_FILE = "it is not a file (a folder, a pipe or a device)"


def read_json_file(path: str | os.PathLike[str]) -> Any:
    """Read a JSON file; an unreadable, malformed or far too large file is a ``StateFormatError``, and so is
    anything that is not a regular file (a folder, a pipe, a device), refused before it is opened: opening a
    pipe waits for a writer that never comes, and opening a device may do anything. A link is read through."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise NotAFileError(None, _NOT_A_FILE)
        with open(os.open(path, _READ_FLAGS), "rb") as stream:
            if not stat.S_ISREG(os.fstat(stream.fileno()).st_mode):  # swapped since the check above
                raise NotAFileError(None, _NOT_A_FILE)
            raw = stream.read(MAX_DOCUMENT_BYTES + 1)
    except OSError as error:
        raise StateFormatError(f"cannot read {path}: {error.strerror or error}", "unreadable") from None
    if len(raw) > MAX_DOCUMENT_BYTES:
        raise StateFormatError(f"{path} is larger than {MAX_DOCUMENT_BYTES // 2**20} MB: not a file of this game")
    return parse_json_text(raw)


def _written_file(path: Path) -> Path:
    """The file a write to ``path`` replaces: ``path`` itself, or the file a symbolic link there leads to, so
    that the player's link stays a link and the file it names gets the new content (a link leading nowhere
    yet makes that file). Anything but a regular file at the end, or a link leading round in a loop, is
    refused with ``NotAFileError``: replacing it would put a file where the player keeps something else (a
    link to ``/dev/null`` would replace the device itself)."""
    target = Path(os.path.realpath(path)) if path.is_symlink() else path
    try:
        mode = os.lstat(target).st_mode
    except FileNotFoundError:
        return target
    if not stat.S_ISREG(mode):
        raise NotAFileError(None, "something other than a file is in its place", str(path))
    return target


def write_json_atomic(path: str | os.PathLike[str], data: Any) -> None:
    """Write JSON to a temporary file beside the file ``path`` names (through a link, see :func:`_written_file`),
    then replace that file with it: a crash never leaves half a file."""
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    target = _written_file(Path(path))
    text = json.dumps(data, indent=1, sort_keys=True)
    handle, temporary = tempfile.mkstemp(prefix=target.name + ".", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


STALE_AFTER_SECONDS = 60.0  # a write takes milliseconds: an older temporary file was left by an interrupted one


def remove_stale_temporaries(folder: Path, now: float | None = None) -> list[Path]:
    """Remove the temporary files that interrupted writes (:func:`write_json_atomic`) left in ``folder`` and
    below it, and return them. A younger one may belong to another copy of the game writing right now, and
    one that cannot be removed (a read-only folder) is left."""
    now = time.time() if now is None else now
    removed = []
    for path in folder.rglob("*.json.*.tmp"):
        try:
            if path.is_file() and now - path.stat().st_mtime > STALE_AFTER_SECONDS:
                path.unlink()
                removed.append(path)
        except OSError:
            continue
    return removed


def aside_name(path: Path, why: str) -> Path:
    """A free name beside ``path`` for a file kept aside rather than lost, saying why and when:
    ``autosave.json`` → ``autosave.unreadable-20261123-141500.json`` (``-2``, ``-3``… if taken)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.{why}-{stamp}{path.suffix}")
    number = 1
    while os.path.lexists(target):  # a link leading nowhere is taken too: moving a file onto it would lose it
        number += 1
        target = path.with_name(f"{path.stem}.{why}-{stamp}-{number}{path.suffix}")
    return target
