"""Test set-up: no screen, no sound card, and Hypothesis without deadlines (a loaded CI machine is slow)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True, print_blob=True
)
settings.load_profile("ci")


import pytest


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
