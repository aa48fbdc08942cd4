"""``tournament queue`` (devtools/tournament_queue.py): the rows of a queue file played in order, each resumed
where its record stops; a queue killed mid-row (SIGKILL) and resumed records the games an uninterrupted run
records; a malformed queue file is told in a line before any game; the progress (devtools/progress.py) is a
bar on a terminal and a plain line where none is. Rows are tiny: cheap levels, a few games each."""

import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import cli
from cli.parsers import build_parser
from devtools.falconi.matches import falconi_sides_match
from devtools.progress import Progress, RowCount, bar_text, duration_text, progress_text
from devtools.tournament_queue import QUEUE_FILE, RECORD_FOLDER, load_queue, play_queue

ROOT = Path(__file__).resolve().parent.parent
TIMINGS = ("seconds", "game_seconds")  # the only fields of a record that differ from one run to another
TINY = ["falconi --bot easy --against random --side fugitive --police 1 --games 6",
        "falconi-h2h --a random --b greedy --games 4 --seed 3",
        "fredericus --players 2 --bot random --against random --games 3"]
SLOW_ROW = "falconi --bot easy --against easy --side fugitive --games 16"  # about 0.1 s a game


def queue_file(folder: Path, rows: list[str]) -> Path:
    path = folder / "queue.toml"
    path.write_text("".join(f'[[row]]\ntournament = "{row}"\n\n' for row in rows), encoding="utf-8")
    return path


def records(folder: Path) -> dict[str, dict[int, dict]]:
    """Every record file of ``folder``: its games by number, timings left out; each game once only, and
    every line whole."""
    found = {}
    for path in sorted(folder.glob("*.jsonl")):
        entries = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
        games = [entry["game"] for entry in entries]
        assert len(games) == len(set(games)), f"a game recorded twice in {path.name}: {games}"
        found[path.name] = {entry["game"]: {key: value for key, value in entry["result"].items()
                                            if key not in TIMINGS} for entry in entries}
    return found


def run_queue(path: Path, record: Path, *more: str) -> int:
    return cli.main(["tournament", "queue", "--file", str(path), "--record", str(record), "--jobs", "1", *more])


def test_the_repositorys_queue_reads_and_each_row_counts_its_games():
    rows = load_queue(ROOT / QUEUE_FILE, build_parser().parse_args, ROOT / RECORD_FOLDER)
    assert all(row.games == 200 and 0 <= row.recorded <= 200 for row in rows)  # none, once all are played
    assert all(plan.name.startswith(("falconi-", "fredericus-")) for row in rows for plan in row.plans)


def test_a_queue_plays_its_rows_in_order_each_resumed_where_its_record_stops(tmp_path, capsys):
    path = queue_file(tmp_path, TINY)
    assert cli.main(["tournament", *TINY[0].replace("--games 6", "--games 2").split(), "--jobs", "1",
                     "--record", str(tmp_path / "resumed")]) == 0  # the first row started elsewhere
    capsys.readouterr()
    assert run_queue(path, tmp_path / "resumed") == 0
    out = capsys.readouterr().out.splitlines()
    assert out[:3] == [f"row 1 of 3: tournament {TINY[0]}  (2 of 6 recorded)",
                       f"row 2 of 3: tournament {TINY[1]}  (0 of 4 recorded)",
                       f"row 3 of 3: tournament {TINY[2]}  (0 of 3 recorded)"]
    assert [line[:len("row 1 of 3: ")] for line in out[3:]] == ["row 1 of 3: ", "row 2 of 3: ", "row 3 of 3: "]
    assert "falconi margherita" in out[3] and "fredericus 2p" in out[5]  # each row's line as it is done
    assert run_queue(path, tmp_path / "whole") == 0
    assert records(tmp_path / "resumed") == records(tmp_path / "whole")
    assert run_queue(path, tmp_path / "whole", "--list") == 0
    assert capsys.readouterr().out.splitlines()[-3:] == [f"tournament {TINY[0]}  (6 of 6 recorded)",
                                                         f"tournament {TINY[1]}  (4 of 4 recorded)",
                                                         f"tournament {TINY[2]}  (3 of 3 recorded)"]


class Handing:
    """A runner (devtools.runners.Runner) that plays each game in this process, noting how many it is handed
    at once."""

    name = "handing"

    def __init__(self):
        self.handed = []

    def unordered(self, function, items):
        self.handed.append(len(items))
        for item in items:
            yield function(item)


def test_the_queue_hands_out_every_rows_games_in_one_stream_so_no_worker_waits_for_a_rows_tail(tmp_path):
    path = queue_file(tmp_path, TINY)
    rows = load_queue(path, build_parser().parse_args, tmp_path / "record")
    runner, said = Handing(), []
    progress = Progress([(row.games, row.recorded) for row in rows], io.StringIO(), tty=False)
    results = play_queue(rows, runner, tmp_path / "record", progress, said.append)
    assert runner.handed == [6 + 4 + 3]  # one stream: the next row's games follow the last row's at once
    assert progress.done == progress.total == 13 and len(results) == 3
    assert [line.split(":")[0] for line in said] == [f"row {n} of 3" for n in (1, 2, 3, 1, 2, 3)]


def test_a_queue_killed_mid_row_resumes_losing_no_recorded_game(tmp_path, capsys):
    path = queue_file(tmp_path, [SLOW_ROW, TINY[1]])
    killed = tmp_path / "killed"
    process = subprocess.Popen([sys.executable, "main.py", "tournament", "queue", "--file", str(path), "--record",
                                str(killed), "--jobs", "1"], cwd=ROOT, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    row = killed / "falconi-margherita-3cars-easy-vs-easy-as-fugitive-seed1.jsonl"
    deadline = time.monotonic() + 30
    while not (row.exists() and row.read_bytes().count(b"\n") >= 3) and time.monotonic() < deadline:
        time.sleep(0.002)
    process.send_signal(signal.SIGKILL)
    assert process.wait() == -signal.SIGKILL
    before = row.read_bytes().count(b"\n")
    assert 3 <= before < 16, "the queue was to be killed mid-row"
    assert run_queue(path, killed) == 0
    out = capsys.readouterr().out
    assert f"({before} of 16 recorded)" in out and "(0 of 4 recorded)" in out  # every whole line kept
    assert run_queue(path, tmp_path / "whole") == 0
    assert records(killed) == records(tmp_path / "whole")


def test_a_line_torn_by_a_kill_is_cut_and_the_next_game_is_not_lost(tmp_path):
    row = ("margherita", "greedy", "random", ["fugitive"], 4, 7)
    falconi_sides_match(*row[:4], 3, row[5], 1, police=1, record=tmp_path / "torn")
    (path,) = (tmp_path / "torn").glob("*.jsonl")
    with open(path, "a", encoding="utf-8") as file:
        file.write('{"game": 3, "result": {"seed": 1')  # the write a kill cut short
    falconi_sides_match(*row, 1, police=1, record=tmp_path / "torn")
    falconi_sides_match(*row, 1, police=1, record=tmp_path / "whole")
    assert records(tmp_path / "torn") == records(tmp_path / "whole")


@pytest.mark.parametrize(("text", "said"), [
    ("[[row]\n", "not a queue file"),
    ('rows = ["falconi"]\n', "[[row]] tables only"),
    ('row = "falconi"\n', "[[row]] tables only"),
    ("[[row]]\ncommand = 'falconi'\n", "row 1: give it as tournament"),
    ("[[row]]\ntournament = 3\n", "row 1: give it as tournament"),
    ("[[row]]\ntournament = 'falconi'\nnote = 'x'\n", "row 1: give it as tournament"),
    ("[[row]]\ntournament = 'falconi'\n[[row]]\ntournament = 'falconi --variant \"funghi'\n", "row 2: No closing"),
    ("[[row]]\ntournament = 'falconi --bot wizard'\n", "unknown level 'wizard'"),
    ("[[row]]\ntournament = 'falconi --speed 3'\n", "unrecognized arguments: --speed 3"),
    ("[[row]]\ntournament = ''\n", "required: kind"),
    ("[[row]]\ntournament = 'falconi --games 0'\n", "--games must be at least 1"),
    ("[[row]]\ntournament = 'falconi --record elsewhere'\n", "--record is the queue's to give"),
    ("[[row]]\ntournament = 'falconi --jobs=4'\n", "--jobs is the queue's to give"),
    ("[[row]]\ntournament = 'table'\n", "not tournament table"),
    ("[[row]]\ntournament = 'queue'\n", "not tournament queue"),
])
def test_a_malformed_queue_is_told_in_a_line_naming_the_row_and_nothing_is_played(tmp_path, capsys, text, said):
    path = tmp_path / "queue.toml"
    path.write_text(text, encoding="utf-8")
    assert run_queue(path, tmp_path / "records") == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"main.py: {path}") and said in err, err
    assert not list(tmp_path.glob("records/*.jsonl"))


def test_a_missing_queue_file_is_told_in_a_line(tmp_path, capsys):
    assert run_queue(tmp_path / "nowhere.toml", tmp_path) == 1
    assert capsys.readouterr().err == f"main.py: {tmp_path / 'nowhere.toml'}: No such file or directory\n"


def test_the_progress_says_games_done_and_the_rows_rate_and_time_left():
    assert progress_text(0, 10, None) == "0/10 games, time left unknown until a game ends"
    assert progress_text(4, 10, RowCount(1, 2, 4, 5, 0, 0.0)) == \
        "4/10 games; row 1 of 2: 4/5, time left unknown until a game ends"
    # the row had 3 games recorded before the run; 2 played in its first minute make its rate
    assert progress_text(6, 10, RowCount(2, 3, 5, 9, 2, 60.0)) == \
        "6/10 games; row 2 of 3: 5/9, 2.0 games/min, 2 min left in the row"
    assert progress_text(10, 10, RowCount(2, 2, 5, 5, 4, 60.0)) == "10/10 games, all played"
    assert bar_text(5, 20, RowCount(1, 1, 5, 20, 1, 30.0), width=8) == \
        "[##------]  25% 5/20 games; row 1 of 1: 5/20, 2.0 games/min, 7 min left in the row"
    assert [duration_text(s) for s in (45, 60 * 38, 3600 * 9 + 60 * 38, 86400 * 2 + 3600 * 3)] == \
        ["45 s", "38 min", "9 h 38 min", "2 d 3 h"]


def test_without_a_terminal_the_progress_is_a_plain_line_and_rows_are_not_torn():
    now = [0.0]
    stream, out = io.StringIO(), io.StringIO()
    with Progress([(5, 4), (5, 0)], stream, tty=False, clock=lambda: now[0]) as progress:
        now[0] = 30.0
        progress.game_done(1)  # the next row's first game ends before the row under way's last
        progress.say("a row's line", out)
        now[0] = 90.0
        progress.game_done(0)  # row 2 is under way from now: its game before does not make its rate
        now[0] = 120.0
        progress.game_done(1)
    assert stream.getvalue().splitlines() == [
        "progress: 4/10 games; row 1 of 2: 4/5, time left unknown until a game ends",
        "progress: 7/10 games; row 2 of 2: 2/5, 2.0 games/min, 1 min left in the row"]
    assert out.getvalue() == "a row's line\n"


def test_a_row_s_rate_counts_from_when_it_is_under_way():
    now = [0.0]
    progress = Progress([(200, 0), (200, 0)], io.StringIO(), tty=False, clock=lambda: now[0])
    for _ in range(200):  # an easy row: 200 games in a minute
        now[0] += 0.3
        progress.game_done(0)
    now[0] = 660.0
    progress.game_done(1)  # a hard row: one game in ten minutes
    assert progress.text() == "progress: 201/400 games; row 2 of 2: 1/200, 0.1 games/min, 1 d 9 h left in the row"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a pseudo-terminal as Linux gives it")
def test_on_a_terminal_the_queue_draws_a_bar_and_in_a_log_a_line(tmp_path):
    path = queue_file(tmp_path, TINY[1:2])
    command = [sys.executable, "main.py", "tournament", "queue", "--file", str(path), "--jobs", "1"]
    master, slave = os.openpty()
    process = subprocess.Popen([*command, "--record", str(tmp_path / "tty")], cwd=ROOT,
                               stdout=subprocess.DEVNULL, stderr=slave)
    os.close(slave)
    drawn = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:  # the terminal's last writer has gone
            break
        if not chunk:
            break
        drawn += chunk
    os.close(master)
    assert process.wait() == 0
    bar = drawn.decode()
    assert "\r\x1b[K[------------------------]   0% 0/4 games" in bar
    assert "\r\x1b[K[######------------------]  25% 1/4 games; row 1 of 1: 1/4, " in bar
    assert "\r\x1b[K[########################] 100% 4/4 games, all played" in bar and bar.endswith("\n")
    plain = subprocess.run([*command, "--record", str(tmp_path / "log")], cwd=ROOT, capture_output=True, text=True,
                           check=True)
    assert plain.stderr.splitlines() == ["progress: 0/4 games; row 1 of 1: 0/4, time left unknown until a game ends",
                                         "progress: 4/4 games, all played"]
    assert "\x1b" not in plain.stdout + plain.stderr


@pytest.mark.slow
def test_the_queue_spreads_over_a_local_ray_and_records_the_pools_games(tmp_path):
    pytest.importorskip("ray")
    path = queue_file(tmp_path, TINY[:2])
    assert run_queue(path, tmp_path / "pool") == 0
    # in an interpreter of its own: a Ray started in the test's process leaves objects a later test trips on
    ray = subprocess.run([sys.executable, "main.py", "tournament", "queue", "--file", str(path), "--record",
                          str(tmp_path / "ray"), "--jobs", "1", "--cluster", "local"], cwd=ROOT, timeout=300,
                         capture_output=True, text=True)
    assert ray.returncode == 0, ray.stderr
    assert records(tmp_path / "ray") == records(tmp_path / "pool")
