"""``python main.py screenshots``: every scene drawn at the logical resolution into PNG files, headless, to look
at after a change and to show in the README (``docs/screenshots/``)."""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path
from typing import Any

FRAMES = 3  # frames run before a screen is saved: its first frame may still be settling


def file_name(screen_name: str) -> str:
    """``"midgame falconi/diavola"`` → ``"midgame-falconi-diavola.png"``."""
    return re.sub(r"[^a-z0-9]+", "-", screen_name.lower()).strip("-") + ".png"


def save_screenshots(folder: Path, names: list[str] | None = None) -> list[Path]:
    """Draw every screen (or those named) into ``folder``; returns the files written. Runs on the dummy video
    driver with a throw-away user data folder, so the player's settings and saved game are never touched."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as data:
        previous = os.environ.get("FALCONI_DATA_DIR")
        os.environ["FALCONI_DATA_DIR"] = data
        try:
            return _save_all(folder, names)
        finally:
            if previous is None:
                os.environ.pop("FALCONI_DATA_DIR", None)
            else:
                os.environ["FALCONI_DATA_DIR"] = previous


def _save_all(folder: Path, names: list[str] | None) -> list[Path]:
    import pygame

    from devtools.catalogue import every_screen, midgame_screens, open_screen
    from scenes.app import App
    from scenes.kit.stack import Reset

    app = App(fps=0)
    written: list[Path] = []
    try:
        screens = every_screen(app.context) + midgame_screens(app.context)
        unknown = set(names or ()) - {screen.name for screen in screens}
        if unknown:
            raise ValueError(f"no such screen: {', '.join(sorted(unknown))}")
        for screen in screens:
            if names and screen.name not in names:
                continue
            open_screen(app, screen)
            for _ in range(FRAMES):
                app.frame()
            path = folder / file_name(screen.name)
            pygame.image.save(app.screen, str(path))
            written.append(path)
            title: Any = type(app.stack.scenes[0])  # back to the scene at the bottom: the title menu
            app.stack.apply(Reset(title(app.context)))
    finally:
        app.close()
    return written
