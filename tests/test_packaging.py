"""Issue 54, installable: what an installed copy needs is declared in ``pyproject.toml`` (every runtime
dependency, pinned as ``requirements.txt`` pins it; the version in one place), and the game's data is found
through ``importlib.resources`` wherever it lies. The wheel itself is installed and run in
``test_installed_wheel.py``."""

from __future__ import annotations

import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path
from typing import Any

from devtools.screenshots import DIAGRAMS, diagrams_folder
from game.i18n import CATALOG_FOLDER
from game.resources import asset_path, assets_folder, real_folder
from game.version import game_version

ROOT = Path(__file__).resolve().parent.parent


def project() -> dict[str, Any]:
    with (ROOT / "pyproject.toml").open("rb") as stream:
        return dict(tomllib.load(stream)["project"])


def requirements() -> dict[str, list[str]]:
    """requirements.txt's pins by its ``# Heading`` comments: ``{"Runtime": [...], "Tests": [...], ...}``."""
    sections: dict[str, list[str]] = {}
    heading = ""
    for line in (ROOT / "requirements.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            heading = line.lstrip("# ").split(" ")[0]
        elif line.strip():
            sections.setdefault(heading, []).append(line.strip())
    return sections


def test_every_runtime_dependency_is_declared_with_the_pin_of_requirements_txt():
    """An installed copy hosts and joins tables too: websockets and zeroconf are among them."""
    pins = requirements()
    assert sorted(project()["dependencies"]) == sorted(pins["Runtime"])
    assert {"websockets", "zeroconf"} <= {pin.split("==")[0] for pin in pins["Runtime"]}
    extras = project()["optional-dependencies"]
    assert sorted(extras["test"] + extras["check"] + extras["bench"]) == sorted(
        pins["Tests"] + pins["Checks"] + pins["Yardstick"])
    assert extras["cluster"] == pins["Developer"]  # CI installs Ray from requirements.txt, a user from the extra


def test_the_version_is_pyprojects_and_the_command_line_prints_it():
    assert game_version() == project()["version"]
    result = subprocess.run([sys.executable, "main.py", "--version"], cwd=ROOT, capture_output=True, text=True,
                            check=True)
    assert result.stdout == f"falconi-fredericus {project()['version']}\n"


def test_a_checkout_reads_its_own_assets_folder():
    assert assets_folder() == ROOT / "assets"
    assert CATALOG_FOLDER == asset_path("i18n") == ROOT / "assets" / "i18n"


def test_data_imported_from_a_zip_is_copied_out_to_a_real_folder_for_the_loaders(tmp_path):
    """pytmx and pygame's loaders need files, and a map names its tilesets relative to itself: a package read
    from a zip is handed out as one real folder with the same tree."""
    archive = tmp_path / "data.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        zipped.writestr("assets/__init__.py", "")
        zipped.writestr("assets/maps/city.tmx", "<map/>")
        zipped.writestr("assets/i18n/en/menus.json", "{}")
    folder = real_folder(zipfile.Path(archive, "assets/"))
    assert sorted(path.relative_to(folder).as_posix() for path in folder.rglob("*") if path.is_file()) == [
        "i18n/en/menus.json", "maps/city.tmx"]
    assert (folder / "maps" / "city.tmx").read_text() == "<map/>"


def test_the_rules_diagrams_go_beside_the_rules_docs_in_a_checkout(tmp_path):
    """An installed copy has no docs/ and writes them under --out instead (see test_installed_wheel.py)."""
    assert diagrams_folder(tmp_path) == DIAGRAMS
