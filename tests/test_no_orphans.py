"""Nothing the game starts outlives it, however it ends (issue 37): a game killed with SIGKILL, hung up on
(SIGHUP) or quit with SIGQUIT leaves no AI worker and no resource tracker behind, nor a killed tournament its
workers; a hang-up or SIGQUIT saves the game as closing the window does, and a tournament stopped by SIGTERM
or SIGHUP says so in one line, even when the signal reaches its whole job as a closed terminal sends it.

Real processes, found in ``/proc`` before the game is signalled and looked for again after it has gone."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import pytest

ROOT = Path(__file__).resolve().parent.parent
PROC = Path("/proc")
READY_SECONDS = 60.0  # a bound for a loaded machine, not a wait: every wait below polls
GONE_SECONDS = 2.0  # how long the game's children may outlive it

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not (PROC / "self" / "stat").exists(),
                                 reason="finds the game's processes in /proc, which only Linux has")]

T = TypeVar("T")


@dataclass(frozen=True)
class Child:
    """A process as /proc shows it; its start time tells it apart from a later process given the same id."""

    pid: int
    started: str
    command: str


def stat_fields(pid: int) -> list[str] | None:
    """The fields of ``/proc/<pid>/stat`` from the state on (the name before them may hold spaces), or
    ``None`` once the process has gone."""
    try:
        text = (PROC / str(pid) / "stat").read_text()
    except OSError:
        return None
    return text[text.rindex(")") + 2:].split()


def children_of(pid: int) -> list[Child]:
    found = []
    for entry in PROC.iterdir():
        fields = stat_fields(int(entry.name)) if entry.name.isdigit() else None
        if fields is not None and fields[1] == str(pid):
            try:
                command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            except OSError:
                continue
            found.append(Child(int(entry.name), fields[19], command))
    return found


def cpu_seconds(child: Child) -> float:
    """The processor time ``child`` has used so far (0 once it has gone)."""
    fields = stat_fields(child.pid)
    return 0.0 if fields is None else (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def is_alive(child: Child) -> bool:
    """Still running: a zombie is dead, waiting for init to reap it."""
    fields = stat_fields(child.pid)
    return fields is not None and fields[19] == child.started and fields[0] not in ("Z", "X")


def wait_for(value: Callable[[], T | None], process: subprocess.Popen[bytes], what: str) -> T:
    """Poll ``value`` until it is something, failing if the program ends first or takes too long."""
    deadline = time.monotonic() + READY_SECONDS
    while (found := value()) is None:
        assert process.poll() is None, f"the program ended (status {process.returncode}) before {what}"
        assert time.monotonic() < deadline, f"no {what} within {READY_SECONDS:g} s"
        time.sleep(0.05)
    return found


def survivors(children: list[Child]) -> list[Child]:
    """Those of ``children`` still alive ``GONE_SECONDS`` after the program ended (less, once all have gone)."""
    deadline = time.monotonic() + GONE_SECONDS
    while (alive := [child for child in children if is_alive(child)]) and time.monotonic() < deadline:
        time.sleep(0.05)
    return alive


def as_from_a_terminal() -> None:
    """The game as a terminal starts it: hang-up, quit and Ctrl-C at their default actions, whatever the test
    run inherited (``nohup`` ignores SIGHUP, a shell's background job SIGINT and SIGQUIT, and the game rightly
    leaves a signal its starter chose to ignore ignored). And no core file: SIGQUIT's default action writes one,
    and a failing test must not leave it in the checkout."""
    import resource  # Unix only, as the signals are

    for number in (signal.SIGHUP, signal.SIGQUIT, signal.SIGINT):
        signal.signal(number, signal.SIG_DFL)
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


@pytest.fixture
def start(tmp_path):
    """Starts ``main.py`` with arguments in a session of its own, on a fresh data folder, with no screen or
    sound; kills whatever of it is left at the end."""
    started: list[subprocess.Popen[bytes]] = []

    def start(*arguments: str) -> subprocess.Popen[bytes]:
        env = os.environ | {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                            "FALCONI_DATA_DIR": str(tmp_path / "data")}
        # files, not pipes: a child that outlives the program would hold a pipe open and hang its reader
        with open(tmp_path / "out", "wb") as out, open(tmp_path / "err", "wb") as err:
            process = subprocess.Popen([sys.executable, "main.py", *arguments], cwd=ROOT, env=env, stdout=out,
                                       stderr=err, start_new_session=True, preexec_fn=as_from_a_terminal)
        started.append(process)
        return process

    yield start
    for process in started:
        with contextlib.suppress(ProcessLookupError):  # the group outlives its leader while a child is left
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def send(process: subprocess.Popen[bytes], name: str, to: str) -> None:
    """Signal the program alone, or every process of its job (its process group) as a closed terminal does."""
    number = getattr(signal, name)
    if to == "job":
        os.killpg(process.pid, number)
    else:
        os.kill(process.pid, number)


def play(start: Callable[..., subprocess.Popen[bytes]], seats: str) -> subprocess.Popen[bytes]:
    return start("play", "fredericus", "--players", "2", "--seats", seats, "--seed", "3")


def worker_and_tracker(process: subprocess.Popen[bytes]) -> list[Child] | None:
    """The program's children once both the AI worker and multiprocessing's resource tracker are among them."""
    children = children_of(process.pid)
    commands = " ".join(child.command for child in children)
    return children if "spawn_main" in commands and "resource_tracker" in commands else None


def quiet(err: Path) -> bool:
    """Nothing on stderr but pygame's word on the dummy video driver: no traceback, no resource tracker."""
    text = err.read_text()
    return "Traceback" not in text and "resource_tracker" not in text


@pytest.mark.screen
@pytest.mark.parametrize("name", ["SIGKILL", "SIGHUP", "SIGQUIT"])
def test_nothing_the_game_started_outlives_it(name, start, tmp_path):
    """The AI plays the first turn, so its worker is up and has answered once the game autosaves. Killed, the
    game cannot put its worker away: the worker must see it go."""
    game = play(start, "easy,human")
    saves = tmp_path / "data" / "saves"
    children = wait_for(lambda: worker_and_tracker(game) if list(saves.glob("game-*.json")) else None, game,
                        "AI worker, resource tracker and first turn saved")
    send(game, name, "program")
    game.wait(timeout=READY_SECONDS)
    assert survivors(children) == []
    assert name == "SIGKILL" or quiet(tmp_path / "err")  # after a kill, the tracker tells what it cleaned up


@pytest.mark.screen
@pytest.mark.parametrize("name, to", [("SIGHUP", "program"), ("SIGQUIT", "program"), ("SIGHUP", "job")])
def test_a_hang_up_or_a_quit_signal_saves_the_game_as_closing_the_window_does(name, to, start, tmp_path):
    """Ctrl-C and SIGTERM already did; these two killed the game and lost the turn under way. The person plays
    first, so nothing is saved until the game leaves; the resource tracker starts with the game's scene."""
    from saved_games import load_latest

    from game.services.saves import SaveStore

    game = play(start, "human,easy")
    wait_for(lambda: [child for child in children_of(game.pid) if "resource_tracker" in child.command] or None,
             game, "game on the screen")
    send(game, name, to)
    assert game.wait(timeout=READY_SECONDS) == 0
    assert quiet(tmp_path / "err")
    match = load_latest(SaveStore(tmp_path / "data"))
    assert match is not None and match.setup.seed == 3


def recorded_games(folder: Path) -> int | None:
    """How many games the tournament has recorded so far (``None`` before its record file exists)."""
    files = list(folder.glob("*.jsonl"))
    return len(files[0].read_text().splitlines()) if files else None


@pytest.mark.parametrize("name, jobs, to", [("SIGTERM", 2, "program"), ("SIGHUP", 2, "program"),
                                           ("SIGTERM", 1, "program"), ("SIGHUP", 2, "job")])
def test_a_tournament_stopped_by_a_signal_says_so_in_one_line_and_keeps_its_record_whole(name, jobs, to, start,
                                                                                          tmp_path):
    """Its workers used to print 66 lines of BrokenPipeError. It is signalled once a game is recorded, while
    the next ones are under way; the games recorded stay whole, and the workers go with it."""
    record = tmp_path / "record"
    tournament = start("tournament", "falconi", "--bot", "easy", "--against", "easy", "--games", "40",
                       "--jobs", str(jobs), "--record", str(record))
    wait_for(lambda: recorded_games(record) or None, tournament, "game recorded")
    children = children_of(tournament.pid)
    assert len(children) == (3 if jobs == 2 else 0)  # two workers and the resource tracker
    send(tournament, name, to)
    assert tournament.wait(timeout=READY_SECONDS) == 128 + getattr(signal, name)
    assert (tmp_path / "err").read_text() == f"main.py: stopped ({name})\n"
    assert survivors(children) == []
    lines = next(record.glob("*.jsonl")).read_text().splitlines()
    games = [json.loads(line)["game"] for line in lines]
    assert len(set(games)) == len(games) >= 1


def playing_workers(process: subprocess.Popen[bytes]) -> list[Child] | None:
    """The program's children once two workers are among them, each well into a game (past its imports)."""
    children = children_of(process.pid)
    workers = [child for child in children if "spawn_main" in child.command]
    return children if len(workers) == 2 and all(cpu_seconds(worker) > 1.5 for worker in workers) else None


def test_nothing_a_killed_tournament_started_outlives_it(start):
    """Its workers played their games on to the end (minutes, at ``hard``), and only then found nobody to hand
    them to."""
    tournament = start("tournament", "falconi", "--bot", "hard", "--against", "hard", "--games", "4", "--jobs", "2")
    children = wait_for(lambda: playing_workers(tournament), tournament, "two workers playing")
    tournament.kill()
    tournament.wait(timeout=READY_SECONDS)
    assert survivors(children) == []


def test_nothing_a_killed_layout_check_started_outlives_it(start):
    """Its walks drew their screens on to the end of the language (a minute), then found nobody to tell."""
    check = start("check", "layout", "--jobs", "2")
    children = wait_for(lambda: playing_workers(check), check, "two walks under way")
    check.kill()
    check.wait(timeout=READY_SECONDS)
    assert survivors(children) == []
