"""Ends the Ray processes a ``--cluster local`` command started once the command ends, even when it is killed.

Ray's own processes are meant to share their fate with the command: its raylet and GCS server do, but after a
SIGKILL of the command Ray's DashboardAgent and RuntimeEnvAgent stay behind, taken in by init, for good (seen
with Ray 2.60.0). So :func:`devtools.cluster.attached` starts this watcher beside a local Ray: while the command
lives it notes the command's descendants (Ray's processes, and nothing else runs under a ``--cluster local``
command); when the command's end closes the pipe it reads, it kills those still there. A process is known by
its id and its start time, so a process id used again by another program is left alone.

Linux only (it reads ``/proc``); elsewhere :func:`devtools.cluster.attached` does not start it.

    python -m devtools.ray_reaper PID      # stdin: a pipe the command PID holds open
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
from pathlib import Path

LOOK_SECONDS = 0.5  # how often the command's descendants are noted


def processes() -> dict[int, tuple[int, str]]:
    """Each process's parent and start time (in clock ticks since boot), by process id."""
    found: dict[int, tuple[int, str]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # it ended while being read
            continue
        if fields[0] != "Z":
            found[int(stat.parent.name)] = (int(fields[1]), fields[19])
    return found


def descendants(ancestor: int, table: dict[int, tuple[int, str]]) -> dict[int, str]:
    """The descendants of ``ancestor`` in ``table``, with their start times."""
    found: dict[int, str] = {}
    frontier = {ancestor}
    while frontier:
        frontier = {pid for pid, (parent, _start) in table.items() if parent in frontier and pid not in found}
        found |= {pid: table[pid][1] for pid in frontier}
    return found


def watch(command: int) -> None:
    ended = threading.Event()

    def wait_for_the_end() -> None:
        sys.stdin.buffer.read()  # until the command closes the pipe, or ends
        ended.set()

    threading.Thread(target=wait_for_the_end, daemon=True).start()
    seen: dict[int, str] = {}
    while not ended.wait(LOOK_SECONDS):
        seen |= descendants(command, processes())
    seen.pop(os.getpid(), None)
    alive = processes()
    for pid, start in seen.items():
        if pid in alive and alive[pid][1] == start:
            with contextlib.suppress(OSError):  # ended meanwhile
                os.kill(pid, signal.SIGKILL)


if __name__ == "__main__":
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a Ctrl-C to the terminal's job is the command's to answer
    watch(int(sys.argv[1]))
