"""Issue 54, a desktop build, as a developer makes it and a player starts it: in a fresh virtual environment
holding the checkout with its ``app`` extra (``pip install ".[app]"``, as the README says), ``python -m
tools.build_app`` builds the app. Then the checkout's copy and that environment are deleted, and the app, started
from another folder with no screen or sound, says its version, draws its title as the checkout does, opens its
window on the title (SDL's dummy driver writes each frame it shows into a file when asked to by
``SDL_VIDEO_DUMMY_SAVE_FRAMES``) and closes on SIGTERM, and plays an AI seat in its worker (the app's own program
started again), leaving no process behind.

The build runs on Linux only: the app is built for the system the test runs on, and its processes are found in
``/proc``. It needs PyInstaller and the runtime dependencies from the package index (the pip cache or the
network), as CI has."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from fresh_env import ROOT, copy_of_checkout, elsewhere_env, new_environment, run

from tools import build_app

PROC = Path("/proc")
BUILD_SECONDS = 600.0  # a bound for a loaded machine; it takes well under a minute on two cores
READY_SECONDS = 60.0  # a bound, not a wait: the waits below poll
MOVED = 0.01  # the share of the title's pixels its car and falcons may change between two pictures of it
FRAMES = "SDL_window1-*.bmp"  # the window's frames, numbered from 1 (a blank one) on

linux_only = pytest.mark.skipif(sys.platform != "linux", reason="builds the Linux app, finds its processes in /proc")


def test_without_pyinstaller_the_build_names_the_command_that_installs_it(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr("importlib.util.find_spec", lambda name: None)
    assert build_app.main(["--out", str(tmp_path / "dist")]) == 1
    assert capsys.readouterr().err == ('build_app: PyInstaller is not installed; in the checkout\'s root, run: '
                                       'pip install ".[app]"\n')
    assert not (tmp_path / "dist").exists()


def test_the_build_says_where_the_app_is_and_how_to_start_it_on_each_system():
    out = Path("dist")
    assert build_app.how_to_start(out, "linux") == (out / "falconi-fredericus",
                                                    f'"{out / "falconi-fredericus" / "falconi-fredericus"}"')
    assert build_app.how_to_start(out, "win32")[1] == f'"{out / "falconi-fredericus" / "falconi-fredericus.exe"}"'
    assert build_app.how_to_start(out, "darwin") == (out / "falconi-fredericus.app",
                                                     f'open "{out / "falconi-fredericus.app"}"')
    assert "--windowed" in build_app.pyinstaller_arguments(out, out, "darwin")
    assert "--windowed" not in build_app.pyinstaller_arguments(out, out, "linux")


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built app's program, alone: the checkout's copy it was built from and the environment that built it
    are gone."""
    place = tmp_path_factory.mktemp("desktop")
    source = copy_of_checkout(place)
    scripts = new_environment(place)
    env = elsewhere_env(place)
    run([scripts / "python", "-m", "pip", "install", "--disable-pip-version-check", "-q", ".[app]"], source, env)
    said = run([scripts / "python", "-m", "tools.build_app", "--out", place / "dist"], source, env, BUILD_SECONDS)
    program = build_app.executable(place / "dist")
    assert f"build_app: start it with: \"{program}\"" in said
    shutil.rmtree(source)
    shutil.rmtree(place / "venv")
    return program


@pytest.fixture
def elsewhere(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    return tmp_path, elsewhere_env(tmp_path)


@pytest.fixture
def start(elsewhere: tuple[Path, dict[str, str]], app: Path) -> Iterator[Callable[..., subprocess.Popen[bytes]]]:
    """Starts the app in a session of its own (so its process group is its own), from another folder; kills
    whatever of the group is left at the end."""
    folder, env = elsewhere
    started: list[subprocess.Popen[bytes]] = []

    def start(*arguments: str, frames: bool = False) -> subprocess.Popen[bytes]:
        # files, not pipes: a process that outlived the app would hold a pipe open and hang its reader
        with open(folder / "out", "wb") as out, open(folder / "err", "wb") as err:
            started.append(subprocess.Popen([app, *arguments], cwd=folder, stdout=out, stderr=err,
                                            env=env | ({"SDL_VIDEO_DUMMY_SAVE_FRAMES": "1"} if frames else {}),
                                            start_new_session=True))
        return started[-1]

    yield start
    for process in started:
        if group_alive(process.pid):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def group_alive(group: int) -> list[int]:
    """The processes of ``group`` still running (a zombie has ended, waiting to be reaped)."""
    alive = []
    for entry in PROC.iterdir():
        try:
            stat = (entry / "stat").read_text() if entry.name.isdigit() else ""
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split() if stat else []
        if fields and fields[2] == str(group) and fields[0] not in ("Z", "X"):
            alive.append(int(entry.name))
    return alive


def wait_for(ready: Callable[[], bool], process: subprocess.Popen[bytes], folder: Path, what: str) -> None:
    """Poll until ``ready``, failing if the app ends first or takes too long."""
    deadline = time.monotonic() + READY_SECONDS
    while not ready():
        assert process.poll() is None, f"the app ended before {what}:\n{(folder / 'err').read_text()}"
        assert time.monotonic() < deadline, f"no {what} within {READY_SECONDS:g} s"
        time.sleep(0.05)


def ai_has_played(saves: Path) -> bool:
    """Whether the game saved in ``saves`` (whole: a save replaces its file) has a move in it."""
    return any(json.loads(save.read_text(encoding="utf-8"))["actions"] for save in saves.glob("game-*.json"))


def checkout_title(folder: Path, env: dict[str, str]) -> Path:
    """The title as the checkout draws it."""
    run([sys.executable, ROOT / "main.py", "screenshots", "--only", "title", "--out", folder / "checkout"], ROOT,
        env)
    return folder / "checkout" / "title.png"


def differing_share(picture: Path, other: Path) -> float:
    """The share of the pixels two pictures of one size differ in (1 when their sizes differ)."""
    import pygame

    ours, theirs = pygame.image.load(picture), pygame.image.load(other)
    if ours.get_size() != theirs.get_size():
        return 1.0
    width, height = ours.get_size()
    differ = sum(ours.get_at((x, y))[:3] != theirs.get_at((x, y))[:3] for x in range(width) for y in range(height))
    return differ / (width * height)


def close(process: subprocess.Popen[bytes], folder: Path) -> None:
    """SIGTERM, as a desktop closes its programs: the app saves, closes with status 0 and says nothing amiss,
    and no process it started outlives it by more than a second or two."""
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=READY_SECONDS) == 0, (folder / "err").read_text()
    deadline = time.monotonic() + 2.0
    while group_alive(process.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert group_alive(process.pid) == []
    assert "Traceback" not in (folder / "err").read_text()


@pytest.mark.slow
@linux_only
def test_the_app_says_its_version_from_another_folder(app, elsewhere):
    folder, env = elsewhere
    with (ROOT / "pyproject.toml").open("rb") as stream:
        version = tomllib.load(stream)["project"]["version"]
    assert run([app, "--version"], folder, env) == f"falconi-fredericus {version}\n"


@pytest.mark.slow
@pytest.mark.screen
@linux_only
def test_the_app_draws_its_title_as_the_checkout_does(app, elsewhere):
    """Sprites, fonts and texts from the app's own folder: one missing and the picture is not made, or differs
    in far more than the car and the falcons (which move with the clock while the picture is made)."""
    folder, env = elsewhere
    assert run([app, "screenshots", "--only", "title", "--out", "app"], folder, env).split() == ["app/title.png"]
    assert differing_share(folder / "app" / "title.png", checkout_title(folder, env)) <= MOVED


@pytest.mark.slow
@pytest.mark.screen
@linux_only
def test_the_app_opens_its_window_on_the_title_and_closes_when_asked(start, elsewhere):
    """As a player starts it, with no arguments; closed once it has shown its second frame (the first is blank),
    as each frame is a file of a few megabytes."""
    folder, env = elsewhere
    window = start(frames=True)
    wait_for(lambda: len(list(folder.glob(FRAMES))) >= 2, window, folder, "second frame shown")
    close(window, folder)
    shown = max(folder.glob(FRAMES))  # whole, now that the app has ended
    try:
        assert differing_share(shown, checkout_title(folder, env)) <= MOVED, shown.name
    finally:
        for frame in folder.glob(FRAMES):
            frame.unlink()


@pytest.mark.slow
@pytest.mark.screen
@linux_only
def test_the_apps_ai_plays_in_its_worker_and_leaves_with_the_app(start, elsewhere):
    """The AI thinks in another process started from the app's own program (multiprocessing's spawn, which a
    frozen program must divert: ``main.py``'s ``freeze_support``); it plays the first turn, then the game is
    saved."""
    folder, _ = elsewhere
    game = start("play", "fredericus", "--players", "2", "--seats", "easy,human", "--seed", "3")
    wait_for(lambda: ai_has_played(folder / "data" / "saves"), game, folder, "turn of the AI saved")
    assert len(group_alive(game.pid)) >= 2  # the worker and multiprocessing's resource tracker beside the app
    close(game, folder)
