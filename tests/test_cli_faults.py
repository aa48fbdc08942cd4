"""Every fault of the command line ends in one line and a non-zero status, never a traceback: bad
numbers, a bad output folder, a data folder that cannot be written, no window, and Ctrl-C in every command."""

import errno
import importlib
import os
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

import pygame
import pytest

import cli

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def started(monkeypatch):
    """The window, replaced by a list of the set-ups it was asked to open."""
    calls = []
    import scenes.app

    monkeypatch.setattr(scenes.app, "run_app", lambda setup=None, max_frames=None: calls.append(setup) or 0)
    return calls


@pytest.fixture
def nothing_runs(monkeypatch):
    """Every long command, replaced by a failure: a refusal that does not come must not cost minutes."""
    import devtools.soak
    import devtools.tournament
    import game.core.simulate

    for module, name in ((game.core.simulate, "simulate"), (devtools.tournament, "run_plans"),
                         (devtools.soak, "run_soak")):
        monkeypatch.setattr(module, name, lambda *args, **kwargs: pytest.fail("the command ran"))


def run(argv: list[str]) -> int:
    """``main`` as the shell sees it: a Ctrl-C that escaped it would end the whole test session instead."""
    try:
        return cli.main(argv)
    except KeyboardInterrupt:
        pytest.fail("Ctrl-C escaped the command line")


def one_line(text: str) -> str:
    """The message of a refusal: one line beginning with the program's name, and nothing else."""
    assert text.count("\n") == 1 and text.startswith("main.py: ") and "Traceback" not in text, text
    return text


# --- numbers and names from the command line ------------------------------------------------------------------
@pytest.mark.parametrize("seconds", ["-1", "nan", "0", "inf", "-inf", "1e9", "three"])
def test_a_bench_of_no_time_or_of_endless_time_is_refused_in_a_line(seconds, monkeypatch, capsys):
    import devtools.bench_rules

    monkeypatch.setattr(devtools.bench_rules, "run_rules_bench", lambda seconds: pytest.fail("the bench ran"))
    assert cli.main(["bench", "rules", "--seconds", seconds]) == 2
    assert "--seconds" in one_line(capsys.readouterr().err)


def test_a_short_bench_still_runs(monkeypatch, capsys):
    import devtools.bench_rules

    asked = []
    monkeypatch.setattr(devtools.bench_rules, "run_rules_bench", lambda seconds: asked.append(seconds) or {"ok": 1})
    assert cli.main(["bench", "rules", "--seconds", "0.5"]) == 0 and asked == [0.5]


@pytest.mark.parametrize("argv", [
    ["play", "fredericus", "--players", "0"],
    ["play", "fredericus", "--players", "1"],
    ["play", "fredericus", "--players", "5", "--seats", "human,normal,normal,normal,normal"],
    ["simulate", "fredericus", "--players", "1"],
    ["simulate", "fredericus", "--players", "0"],
    ["tournament", "fredericus", "--players", "1"],
    ["tournament", "table", "--players", "2", "1"],
])
def test_fredericus_is_refused_to_fewer_than_two_or_more_than_four_falconers(argv, started, nothing_runs,
                                                                             capsys):
    """``--players 0`` used to open a game for two, and ``--players 1`` answered with a count of seats."""
    assert cli.main(argv) == 2
    err = one_line(capsys.readouterr().err)
    assert "Fredericus is played by 2, 3 or 4 falconers" in err and "seats" not in err and started == []


@pytest.mark.parametrize("argv", [
    ["simulate", "falconi", "--seed", "-1"],
    ["simulate", "falconi", "--seed", "1000000000000"],
    ["play", "falconi", "--seed", "x"],
    ["tournament", "falconi", "--jobs", "65"],
    ["soak", "--minutes", "nan"],
    ["bogus"],
    ["play"],
])
def test_a_command_line_that_cannot_be_run_is_refused_in_one_line(argv, started, nothing_runs, capsys):
    """argparse's own refusals too: one line naming the fault and where help is, not the whole usage."""
    assert cli.main(argv) == 2
    assert "--help" in one_line(capsys.readouterr().err) and started == []


# --- the screenshots' folder ------------------------------------------------------------------------------------
def no_screenshots(monkeypatch):
    import devtools.screenshots

    monkeypatch.setattr(devtools.screenshots, "save_screenshots", lambda folder, only: pytest.fail("the app opened"))


def test_screenshots_into_a_file_are_refused_before_the_window_opens(tmp_path, monkeypatch, capsys):
    no_screenshots(monkeypatch)
    (tmp_path / "shots").write_text("a file of the player's")
    assert cli.main(["screenshots", "--out", str(tmp_path / "shots")]) == 2
    assert "in the way" in one_line(capsys.readouterr().err)
    assert (tmp_path / "shots").read_text() == "a file of the player's"


def test_screenshots_into_a_folder_under_a_file_are_refused(tmp_path, monkeypatch, capsys):
    no_screenshots(monkeypatch)
    (tmp_path / "shots").write_text("")
    assert cli.main(["screenshots", "--out", str(tmp_path / "shots" / "today")]) == 2
    assert "cannot write there" in one_line(capsys.readouterr().err)


def test_screenshots_into_a_place_that_cannot_be_written_are_refused(tmp_path, monkeypatch, capsys):
    no_screenshots(monkeypatch)

    def refuse(*args, **kwargs):
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(tempfile, "TemporaryFile", refuse)
    assert cli.main(["screenshots", "--out", str(tmp_path / "shots")]) == 2
    assert "Read-only file system" in one_line(capsys.readouterr().err)


# --- the data folder and the window -----------------------------------------------------------------------------
@pytest.mark.slow
def test_a_folder_named_in_any_language_is_printed_in_an_ascii_terminal(tmp_path):
    """A line naming ``…/dati-è`` raised UnicodeEncodeError in an ASCII terminal (the probe met it in the line
    about a saved game set aside, which save slots made unneeded; the screenshots' list of files meets it too).
    An ASCII terminal in the C locale is not tried here: there Python reads the folder's name as bytes it cannot
    decode, which pygame cannot open to save a picture in."""
    folder = tmp_path / "dati-partita-è"
    environment = os.environ | {"FALCONI_DATA_DIR": str(tmp_path / "data"), "PYGAME_HIDE_SUPPORT_PROMPT": "1",
                                "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYTHONIOENCODING": "ascii"}
    result = subprocess.run([sys.executable, "main.py", "screenshots", "--out", str(folder), "--only", "title"],
                            cwd=ROOT, env=environment, capture_output=True, timeout=120)
    assert result.returncode == 0, result.stderr.decode(errors="replace")
    [line] = result.stdout.decode("ascii").splitlines()
    assert "dati-partita-\\" in line and line.endswith("title.png") and (folder / "title.png").exists()


def test_a_disk_that_refuses_a_write_is_told_in_a_line(monkeypatch, capsys):
    import game.core.simulate

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device", "results.json")

    monkeypatch.setattr(game.core.simulate, "simulate", full)
    assert cli.main(["simulate", "falconi", "--games", "1"]) == 1
    assert one_line(capsys.readouterr().err) == "main.py: results.json: No space left on device\n"


def test_no_window_to_open_is_told_in_a_line(monkeypatch, capsys):
    import scenes.app

    def no_screen(*args, **kwargs):
        raise pygame.error("x11 not available")

    monkeypatch.setattr(scenes.app, "App", no_screen)
    assert cli.main([]) == 1
    assert "window could not be opened: x11 not available" in one_line(capsys.readouterr().err)


# --- Ctrl-C -----------------------------------------------------------------------------------------------------
def interrupt(*args, **kwargs):
    raise KeyboardInterrupt


@pytest.mark.parametrize("argv, module, name", [
    (["simulate", "falconi", "--games", "5"], "game.core.simulate", "simulate"),
    (["tournament", "falconi", "--games", "5"], "devtools.tournament", "run_plans"),
    (["bench", "rules"], "devtools.bench_rules", "run_rules_bench"),
    (["soak", "--minutes", "1"], "devtools.soak", "run_soak"),
])
def test_ctrl_c_ends_a_command_quietly_with_status_130(argv, module, name, monkeypatch, capsys):
    monkeypatch.setattr(importlib.import_module(module), name, interrupt)
    assert run(argv) == 130
    assert capsys.readouterr().err == "main.py: stopped (Ctrl-C)\n"


def test_ctrl_c_in_the_window_saves_the_game_and_ends_quietly(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("FALCONI_DATA_DIR", str(tmp_path))
    from saved_games import load_latest

    from game.services.saves import SaveStore
    from scenes.app import App

    frame = App.frame

    def frames_then_ctrl_c(app):
        if app.frames == 3:
            raise KeyboardInterrupt
        return frame(app)

    monkeypatch.setattr(App, "frame", frames_then_ctrl_c)
    monkeypatch.setattr(App, "rest", lambda app: 0.0)  # the frames follow each other: nobody gives input here
    assert run(["play", "falconi", "--seats", "human,easy,off,off", "--seed", "3"]) == 130
    assert capsys.readouterr().err == "main.py: stopped (Ctrl-C)\n"
    assert load_latest(SaveStore(tmp_path)).setup.seed == 3


@pytest.mark.slow
def test_the_ai_worker_leaves_ctrl_c_to_the_window(service):
    """Ctrl-C reaches every process of the terminal's job: the worker must not die of it (printing its own
    traceback); the window closes it on its way out."""
    worker = service.worker_pid()
    os.kill(worker, signal.SIGINT)
    assert service.worker_pid() == worker


def test_ctrl_c_while_the_program_still_loads_stops_it_in_one_line():
    """Ctrl-C during the imports, made certain by an import hook that raises it when the command line loads."""
    probe = (
        "import runpy, sys\n"
        "class Interrupt:\n"
        "    @staticmethod\n"
        "    def find_spec(name, path=None, target=None):\n"
        "        if name == 'cli':\n"
        "            raise KeyboardInterrupt\n"
        "sys.meta_path.insert(0, Interrupt)\n"
        "runpy.run_path('main.py', run_name='__main__')\n"
    )
    result = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert (result.returncode, result.stderr) == (130, "main.py: stopped (Ctrl-C)\n")


@pytest.mark.slow
def test_ctrl_c_in_a_tournament_stops_it_and_its_workers_in_one_line():
    """The real thing: SIGINT to the whole job, as a terminal sends it, once both workers have played."""
    process = subprocess.Popen(
        [sys.executable, "main.py", "tournament", "falconi", "--bot", "easy", "--against", "easy", "--games", "100",
         "--jobs", "2"], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        first_row = process.stdout.readline()  # the Don Falconi side is done: the workers have played
        assert "as fugitive" in first_row
        os.killpg(process.pid, signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert process.returncode == 130, out
    assert err == "main.py: stopped (Ctrl-C)\n"

