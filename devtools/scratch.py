"""A tool that opens the window does it headless and on a throw-away user data folder: the player's settings,
saved games and statistics are never touched (the screenshots, the frame bench, the soak, the layout check)."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def headless_scratch() -> Iterator[None]:
    """The dummy video and audio drivers (unless others were asked for) and a fresh data folder, given back as
    it was on the way out."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory() as folder:
        previous = os.environ.get("FALCONI_DATA_DIR")
        os.environ["FALCONI_DATA_DIR"] = folder
        try:
            yield
        finally:
            if previous is None:
                os.environ.pop("FALCONI_DATA_DIR", None)
            else:
                os.environ["FALCONI_DATA_DIR"] = previous
