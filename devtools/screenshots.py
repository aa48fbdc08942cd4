"""``python main.py screenshots``: every scene drawn at the logical resolution into PNG files, headless, to look
at after a change and to show in the README (``docs/screenshots/``)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from devtools.scratch import headless_scratch

if TYPE_CHECKING:
    from devtools.catalogue import Screen

FRAMES = 3  # frames run before a screen is saved: its first frame may still be settling


def file_name(screen_name: str) -> str:
    """``"midgame falconi/diavola"`` → ``"midgame-falconi-diavola.png"``."""
    return re.sub(r"[^a-z0-9]+", "-", screen_name.lower()).strip("-") + ".png"


def save_screenshots(folder: Path, names: list[str] | None = None) -> list[Path]:
    """Draw every screen (or those named) into ``folder``; returns the files written. Runs on the dummy video
    driver with a throw-away user data folder, so the player's settings and saved game are never touched."""
    folder.mkdir(parents=True, exist_ok=True)
    with headless_scratch():
        return _save_all(folder, names)


def _save_all(folder: Path, names: list[str] | None) -> list[Path]:
    from devtools.catalogue import every_screen, midgame_screens
    from scenes.app import App

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
            for language in screen.languages or (None,):
                written.append(_save_one(app, folder, screen, language))
    finally:
        app.close()
    return written


def _save_one(app: Any, folder: Path, screen: Screen, language: str | None) -> Path:
    """Draw ``screen`` (in ``language``, then back to the app's) into its file; ``<name>-<language>.png`` when
    the language is named."""
    import pygame

    from devtools.catalogue import open_screen
    from scenes.kit.stack import Reset

    context = app.context
    settings = context.settings
    if language is not None:
        context.change_settings(settings.changed(language=language))
    try:
        open_screen(app, screen)
        for _ in range(FRAMES):
            app.frame()
        path = folder / file_name(screen.name if language is None else f"{screen.name} {language}")
        pygame.image.save(app.screen, str(path))
    finally:
        if language is not None:
            context.change_settings(settings)
        title: Any = type(app.stack.scenes[0])  # back to the scene at the bottom: the title menu
        app.stack.apply(Reset(title(context)))
    return path
