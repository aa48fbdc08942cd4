"""Issue 54, installable, as a stranger installs it: the wheel built from this checkout, installed with its
dependencies into a fresh virtual environment outside the checkout, runs ``falconi-fredericus`` from another
folder (``--help``, ``--version``, a ``simulate``, ``screenshots`` headless) and reads no file of the checkout:
an audit hook in the environment (a ``.pth`` file, so every process of the command has it) records any file
opened under the checkout, imports included.

The build needs setuptools from the package index (build isolation) and the install the runtime dependencies:
the pip cache or the network, as CI has."""

from __future__ import annotations

import json
import os
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest
from fresh_env import ROOT, copy_of_checkout, elsewhere_env, new_environment, run

WATCH = '''"""Records every file a process opens under the checkout (CHECKOUT_ROOT) in CHECKOUT_READS."""
import os
import sys

_ROOT = os.environ.get("CHECKOUT_ROOT")
_LOG = os.environ.get("CHECKOUT_READS")


def _watch(event, args):
    if event == "open" and isinstance(args[0], (str, bytes)):
        path = os.path.realpath(os.fsdecode(args[0]))
        if path == _ROOT or path.startswith(_ROOT + os.sep):
            handle = os.open(_LOG, os.O_WRONLY | os.O_APPEND | os.O_CREAT)
            os.write(handle, (path + "\\n").encode())
            os.close(handle)


if _ROOT and _LOG:
    sys.addaudithook(_watch)
'''

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment with the wheel of this checkout installed (built from a copy, so the
    build leaves nothing behind in the checkout); its scripts' folder."""
    place = tmp_path_factory.mktemp("installed")
    run([sys.executable, "-m", "pip", "wheel", copy_of_checkout(place), "--no-deps", "--disable-pip-version-check",
         "-q", "-w", "wheels"], cwd=place)
    (wheel,) = (place / "wheels").glob("*.whl")
    shipped = {name for name in zipfile.ZipFile(wheel).namelist() if name.startswith("assets/")}
    data = {path.relative_to(ROOT).as_posix() for path in (ROOT / "assets").rglob("*")
            if path.is_file() and "__pycache__" not in path.parts}
    assert shipped == data  # a new kind of data file needs its pattern in [tool.setuptools.package-data]
    scripts = new_environment(place)
    run([scripts / "python", "-m", "pip", "install", "--disable-pip-version-check", "-q", wheel], cwd=place)
    site = run([scripts / "python", "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"], cwd=place)
    (Path(site.strip()) / "_checkout_watch.py").write_text(WATCH, encoding="utf-8")
    (Path(site.strip()) / "_checkout_watch.pth").write_text("import _checkout_watch\n", encoding="utf-8")
    return scripts


@pytest.fixture
def elsewhere(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """A folder far from the checkout to run in, and an environment that points nowhere into it."""
    env = elsewhere_env(tmp_path) | {"CHECKOUT_ROOT": os.path.realpath(ROOT),
                                     "CHECKOUT_READS": str(tmp_path / "reads.txt")}
    return tmp_path, env


def checkout_reads(env: dict[str, str]) -> list[str]:
    log = Path(env["CHECKOUT_READS"])
    return log.read_text(encoding="utf-8").splitlines() if log.exists() else []


def test_the_installed_command_answers_help_and_version_from_another_folder(installed, elsewhere):
    folder, env = elsewhere
    command = installed / "falconi-fredericus"
    assert "usage: falconi-fredericus" in run([command, "--help"], folder, env)
    with (ROOT / "pyproject.toml").open("rb") as stream:
        version = tomllib.load(stream)["project"]["version"]
    assert run([command, "--version"], folder, env) == f"falconi-fredericus {version}\n"
    assert checkout_reads(env) == []


def test_the_installed_code_and_data_are_the_environments_own(installed, elsewhere):
    folder, env = elsewhere
    probe = ("import assets, cli, devtools, game, scenes\nfrom game.resources import assets_folder\n"
             "print('\\n'.join([assets_folder().as_posix(), *(m.__file__ for m in (assets, cli, devtools, game, "
             "scenes))]))")
    places = run([installed / "python", "-c", probe], folder, env).splitlines()
    venv = os.path.realpath(installed.parent)
    assert len(places) == 6 and all(os.path.realpath(place).startswith(venv + os.sep) for place in places), places
    assert checkout_reads(env) == []


def test_the_installed_command_simulates_both_games(installed, elsewhere):
    """The maps (both games' boards are read from Tiled) and the catalogs (the summary's seat names)."""
    folder, env = elsewhere
    command = installed / "falconi-fredericus"
    for game in ("falconi", "fredericus"):
        summary = json.loads(run([command, "simulate", game, "--games", "2", "--seed", "1", "--json"], folder, env))
        assert summary["finished"] == 2, summary
    assert checkout_reads(env) == []


def test_the_installed_command_draws_every_screen_headless(installed, elsewhere):
    """Sprites, sounds and texts in four languages; the rules' diagrams go under --out, never into the
    environment's own folders (an installed copy has no docs/)."""
    folder, env = elsewhere
    written = run([installed / "falconi-fredericus", "screenshots", "--out", "shots"], folder, env).splitlines()
    assert "pygame-ce" not in "\n".join(written)  # the command hides pygame's banner itself
    shots = {(folder / line).resolve() for line in written}
    assert (folder / "shots" / "title.png").resolve() in shots
    assert any(path.parent == (folder / "shots" / "rules").resolve() for path in shots)
    assert all(path.is_relative_to(folder.resolve()) and path.stat().st_size > 0 for path in shots)
    assert checkout_reads(env) == []
