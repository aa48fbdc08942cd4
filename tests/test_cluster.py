"""Games on a Ray cluster (``--cluster``, devtools/cluster.py): the same seeds give the same games as on the
local pool, recorded the same way; a worker killed mid-row loses no recorded game; an address nobody answers
at, or Ray missing, is told in a line; and every Ray process ``--cluster local`` started ends with the command.

Only the timings of a game differ from one runner to another: its thinking ``seconds`` per seat and its
``game_seconds``. Everything else of a record is compared."""

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

import cli
from devtools.falconi.matches import falconi_sides_match
from devtools.runners import jobs_name

ROOT = Path(__file__).resolve().parent.parent
TIMINGS = ("seconds", "game_seconds")  # the only fields of a record that differ from one runner to another
ROW = ["tournament", "falconi", "--bot", "greedy", "--against", "random", "--police", "1", "--side", "fugitive",
       "--games", "4", "--seed", "7"]
READS_PROC = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads the processes from /proc")


def records(folder: Path) -> dict[int, dict]:
    """The games recorded in ``folder``'s one record file, by game, timings left out; each game once only."""
    (path,) = folder.glob("*.jsonl")
    entries = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    games = [entry["game"] for entry in entries]
    assert len(games) == len(set(games)), f"a game recorded twice: {games}"
    return {entry["game"]: {key: value for key, value in entry["result"].items() if key not in TIMINGS}
            for entry in entries}


def in_own_process(*args: str) -> subprocess.CompletedProcess[str]:
    """``python main.py`` with ``args`` in an interpreter of its own: a Ray started in the test's own process
    leaves objects (its processes' handles, its sockets) that a later test's garbage collection trips on."""
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=300, env=os.environ | {"PYGAME_HIDE_SUPPORT_PROMPT": "1"})


def one_line(text: str) -> str:
    assert text.count("\n") == 1 and text.startswith("main.py: ") and "Traceback" not in text, text
    return text


def ray_processes(ancestor: int) -> set[int]:
    """Ray's own processes (its GCS server, raylets, workers and agents) that ``ancestor`` started, alive
    (0: every one): those of another test's Ray, running beside this one, are not counted."""
    parents: dict[int, int] = {}
    names: dict[int, str] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with _gone_is_empty():
            name, rest = stat.read_text().split("(", 1)[1].rsplit(")", 1)
            state, parent = rest.split()[:2]
            if state != "Z":  # a zombie has ended: only its parent's wait is missing
                parents[int(stat.parent.name)], names[int(stat.parent.name)] = int(parent), name
    found, frontier = set(), {ancestor}
    while frontier:
        frontier = {pid for pid, parent in parents.items() if parent in frontier}
        found |= frontier
    return {pid for pid in found if names[pid] in ("gcs_server", "raylet") or names[pid].startswith("ray::")}


class _gone_is_empty:
    """A process that ended while it was being read is skipped."""

    def __enter__(self):
        return self

    def __exit__(self, kind, error, trace):
        return kind is not None and issubclass(kind, OSError)


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Backwards:
    """A runner (devtools.runners.Runner) that hands the results back last game first, as a cluster may."""

    name = "backwards"

    def unordered(self, function, items):
        for item in reversed(items):
            yield function(item)


def test_the_records_do_not_care_which_runner_played_nor_in_what_order(tmp_path):
    row = ("margherita", "greedy", "random", ["fugitive"], 4, 7)
    here = falconi_sides_match(*row, 1, police=1, record=tmp_path / "here")
    backwards = falconi_sides_match(*row, Backwards(), police=1, record=tmp_path / "backwards")
    assert records(tmp_path / "backwards") == records(tmp_path / "here")
    assert backwards[0]["record"] == here[0]["record"] and jobs_name(Backwards()) == "backwards"


def test_without_ray_the_cluster_is_refused_in_a_line(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "ray", None)  # ``import ray`` fails as it does where Ray is not installed
    assert cli.main([*ROW, "--cluster", "local"]) == 2
    assert 'pip install ".[cluster]"' in one_line(capsys.readouterr().err)


@pytest.mark.slow
@pytest.mark.parametrize("address", ["127.0.0.1:{port}", "ray://127.0.0.1:{port}", "nowhere"])
def test_an_address_nobody_answers_at_is_exit_2_naming_it_quickly(address, capsys):
    pytest.importorskip("ray")
    address = address.format(port=closed_port())
    started = time.monotonic()
    assert cli.main([*ROW, "--cluster", address]) == 2
    assert time.monotonic() - started < 5
    assert f"--cluster {address}:" in one_line(capsys.readouterr().err)


@pytest.mark.slow
@READS_PROC
def test_a_local_ray_plays_the_pools_games_and_leaves_no_process(tmp_path):
    pytest.importorskip("ray")
    pool = in_own_process(*ROW, "--jobs", "2", "--record", str(tmp_path / "pool"))
    command = [sys.executable, "main.py", *ROW, "--jobs", "2", "--cluster", "local", "--record", str(tmp_path / "ray")]
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    seen: set[int] = set()
    while process.poll() is None:  # Ray's processes, as the command starts them
        seen |= ray_processes(process.pid)
        time.sleep(0.05)
    out, err = process.communicate()
    ray = subprocess.CompletedProcess(command, process.returncode, out, err)
    assert pool.returncode == 0 and ray.returncode == 0, pool.stderr + ray.stderr
    assert sorted(records(tmp_path / "pool")) == [0, 1, 2, 3]
    assert records(tmp_path / "ray") == records(tmp_path / "pool")
    assert seen and not {pid for pid in seen if Path(f"/proc/{pid}").exists()}  # ray.shutdown took them all
    pool_line, ray_line = (re.sub(r"[\d.]+ ms/decision", "", run.stdout.strip()) for run in (pool, ray))
    assert ray_line == pool_line  # the row's line, but for its timing


@pytest.mark.slow
def test_a_simulation_on_a_local_ray_sums_up_the_same():
    pytest.importorskip("ray")
    command = ["simulate", "fredericus", "--games", "6", "--seed", "3", "--json"]
    here, there = in_own_process(*command), in_own_process(*command, "--cluster", "local")
    assert here.returncode == 0 and there.returncode == 0, here.stderr + there.stderr
    assert json.loads(there.stdout) == json.loads(here.stdout)


# A row on a local Ray whose worker playing game 1 is killed outright the first time it plays it, run in an
# interpreter of its own (see in_own_process). Arguments: the marker file, the record folder.
DIES_ONCE = """import contextlib
import functools
import os
import sys
from pathlib import Path

from devtools.cluster import attached
from devtools.falconi.matches import falconi_sides_match


def dies_once(marker, play, numbered):
    if numbered[0] == 1:
        with contextlib.suppress(FileExistsError):  # the marker already made: this is the game played again
            descriptor = os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
            os.write(descriptor, str(os.getpid()).encode())
            os.close(descriptor)
            os._exit(1)
    return play(numbered)


marker, record = Path(sys.argv[1]), Path(sys.argv[2])
with attached("local", 2) as runner:
    plays = runner.unordered
    runner.unordered = lambda function, items: plays(functools.partial(dies_once, marker, function), items)
    falconi_sides_match("margherita", "greedy", "random", ["fugitive"], 4, 7, runner, police=1, record=record)
"""


@pytest.mark.slow
def test_a_worker_killed_mid_row_loses_no_game_and_its_game_is_played_again(tmp_path):
    pytest.importorskip("ray")
    marker, script = tmp_path / "killed", tmp_path / "dies_once.py"
    script.write_text(DIES_ONCE, encoding="utf-8")
    falconi_sides_match("margherita", "greedy", "random", ["fugitive"], 4, 7, 2, police=1, record=tmp_path / "pool")
    run = subprocess.run([sys.executable, str(script), str(marker), str(tmp_path / "ray")], cwd=ROOT, timeout=300,
                         capture_output=True, text=True, env=os.environ | {"PYTHONPATH": str(ROOT)})
    assert run.returncode == 0, run.stderr
    killed = int(marker.read_text())
    with pytest.raises(ProcessLookupError):
        os.kill(killed, 0)  # the worker really died
    assert records(tmp_path / "ray") == records(tmp_path / "pool")


@pytest.mark.slow
@READS_PROC
@pytest.mark.parametrize(("stop", "status", "said"), [
    (lambda pid: os.killpg(pid, signal.SIGINT), 130, "stopped (Ctrl-C)"),  # Ctrl-C reaches the terminal's job
    (lambda pid: os.kill(pid, signal.SIGTERM), 128 + signal.SIGTERM, "stopped (SIGTERM)"),  # `kill`: the command
])
def test_a_stop_ends_every_ray_process_the_command_started(stop, status, said, tmp_path):
    pytest.importorskip("ray")
    record = tmp_path / "games"
    command = [sys.executable, "main.py", "tournament", "falconi", "--bot", "easy", "--against", "random",
               "--games", "200", "--jobs", "1", "--cluster", "local", "--record", str(record)]
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               start_new_session=True)  # its own group, as a terminal's job has
    deadline = time.monotonic() + 60
    while not any(path.read_text() for path in record.glob("*.jsonl")):  # mid-row: a game is in
        assert process.poll() is None and time.monotonic() < deadline, process.communicate()
        time.sleep(0.2)
    started = ray_processes(process.pid)
    assert started
    stop(process.pid)
    _out, err = process.communicate(timeout=30)
    assert process.returncode == status, err
    assert err.strip().splitlines()[-1] == f"main.py: {said}", err
    time.sleep(1)  # a raylet told to stop may take a moment to be reaped
    assert not ray_processes(0) & started  # nor left orphans behind, taken in by init
    assert len(records(record)) < 200


@pytest.mark.slow
@READS_PROC
def test_a_command_killed_with_sigkill_leaves_no_ray_process_behind(tmp_path):
    """Ray's agents outlive a SIGKILL of the command that started them (Ray 2.60.0); devtools/ray_reaper.py,
    started beside a local Ray, ends them."""
    pytest.importorskip("ray")
    record = tmp_path / "games"
    command = [sys.executable, "main.py", "tournament", "falconi", "--bot", "easy", "--against", "random",
               "--games", "200", "--jobs", "1", "--cluster", "local", "--record", str(record)]
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while not any(path.read_text() for path in record.glob("*.jsonl")):  # mid-row: a game is in
        assert process.poll() is None and time.monotonic() < deadline
        time.sleep(0.2)
    started = ray_processes(process.pid)
    assert {name for name in map(_name, started) if name.startswith("ray::")} - {"ray::IDLE"}, started  # agents
    process.kill()
    assert process.wait(timeout=10) == -signal.SIGKILL
    deadline = time.monotonic() + 15
    while ray_processes(0) & started and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not ray_processes(0) & started


def _name(pid: int) -> str:
    with _gone_is_empty():
        return Path(f"/proc/{pid}/comm").read_text().strip()
    return ""


def test_the_projection_schedules_each_game_on_the_first_core_free():
    from devtools.bench_cluster import makespan

    assert makespan([3, 1, 1, 1], 2) == 3  # the long game on one core, the short ones after each other
    assert makespan([1, 1, 1, 3], 2) == 4  # the long game handed out last ends last
    assert makespan([2] * 200, 64) == 8  # four rounds
    assert makespan([2] * 10, 64) == 2  # cores beyond the games wait


@pytest.mark.slow
def test_bench_cluster_times_a_row_four_ways_and_projects_it():
    pytest.importorskip("ray")
    run = in_own_process("bench", "cluster", "--games", "3", "--json", "--row",
                         "falconi --variant margherita --bot random --against random --side fugitive")
    assert run.returncode == 0, run.stderr
    figures = json.loads(run.stdout)
    assert [(row["runner"], row["workers"]) for row in figures["runs"]] == [
        ("processes", 1), ("processes", 2), ("ray local", 1), ("ray local", 2)]
    assert all(row["games_per_minute"] > 0 for row in figures["runs"]) and figures["same_games"]
    seconds = figures["projection"]["seconds"]
    assert list(seconds) == ["1 core", "2 cores", "16 cores", "64 cores"]
    assert seconds["1 core"] >= seconds["2 cores"] >= seconds["16 cores"] >= seconds["64 cores"] > 0
    assert figures["records"] and all(row["16 cores"] >= row["64 cores"] for row in figures["records"])
