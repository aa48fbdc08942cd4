"""Test set-up: no screen, no sound card, and Hypothesis without deadlines (a loaded CI machine is slow); the
quick tier by default (``--all`` adds the tests marked ``slow``), spread over the machine's cores."""

import os

import pytest
from hypothesis import HealthCheck, settings

# Before anything imports pygame (neither pytest nor Hypothesis does).
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

settings.register_profile(
    "ci", deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True, print_blob=True
)
settings.load_profile("ci")


@pytest.fixture
def driver(tmp_path, monkeypatch):
    """The real app on a fresh user data folder, driven by posted events; closed afterwards."""
    monkeypatch.setenv("FALCONI_DATA_DIR", str(tmp_path / "data"))
    from scene_driver import Driver

    from scenes.app import App

    app = App()
    driver = Driver(app)
    driver.run(2)
    yield driver
    app.close()


@pytest.fixture(scope="module")
def service():
    """One AI worker process for a whole test file: starting one per test would cost more than the tests."""
    from game.ai.service import AIService

    ai = AIService()
    ai.start()
    yield ai
    ai.close()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--all", action="store_true",
                     help="run the slow tier too (whole games, storms, the soak, benches): what CI runs")


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config: pytest.Config) -> None:
    """Without ``-n``, one test process per core this process may use (xdist's own hook, which runs after this
    one, starts them), and none besides the main one on a single core. Not in those processes themselves. A
    process that runs out of tests takes some from the other (``worksteal``): the tests' lengths vary a hundredfold,
    and handing them out in fixed shares left one process idle for the last seconds."""
    if getattr(config.option, "numprocesses", "absent") is None and not hasattr(config, "workerinput"):
        cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
        config.option.numprocesses = cores if cores > 1 else 0
        if cores > 1 and getattr(config.option, "dist", "no") == "no":
            config.option.dist = "worksteal"


def _uses_the_window(module: object) -> bool:
    """Whether a test module imports pygame or anything of the window (``scenes``)."""
    for value in vars(module).values():
        name = getattr(value, "__name__", "") if isinstance(value, type(pytest)) else getattr(value, "__module__", "")
        if isinstance(name, str) and (name == "pygame" or name.split(".")[0] in ("scenes", "scene_driver")):
            return True
    return False


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark ``screen`` every test that opens the window or uses pygame, so ``-m "not screen"`` runs the
    headless core alone; leave the ``slow`` tier out unless ``--all`` or a ``-m`` expression asks for it."""
    for item in items:
        module = getattr(item, "module", None)
        if "driver" in getattr(item, "fixturenames", ()) or (module is not None and _uses_the_window(module)):
            item.add_marker(pytest.mark.screen)
    if config.getoption("--all") or config.getoption("markexpr"):
        return
    slow = [item for item in items if item.get_closest_marker("slow")]
    if slow:
        config.hook.pytest_deselected(items=slow)
        items[:] = [item for item in items if not item.get_closest_marker("slow")]
