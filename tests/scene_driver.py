"""Drive the real app through posted pygame events, headless, and save screenshots to look at."""

from __future__ import annotations

import os
from pathlib import Path

import pygame

from scenes.app import App


def screenshot_dir(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("SCREENSHOT_DIR") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


class FixedClock:
    """A stand-in for ``pygame.time.Clock`` that says every frame took ``ms`` milliseconds: animations then
    reach the same point in the same frame on every run, however busy the machine."""

    def __init__(self, ms: int = 16) -> None:
        self.ms = ms

    def tick(self, _framerate: float = 0) -> int:
        return self.ms


class Driver:
    def __init__(self, app: App) -> None:
        self.app = app

    @property
    def top(self):
        return self.app.stack.top

    def run(self, frames: int = 1) -> None:
        for _ in range(frames):
            self.app.frame()

    def redraw(self) -> None:
        """A frame drawn whatever changed: after a test changed a scene by hand, not by input (a window at rest
        draws only what input, time or a transition changed)."""
        self.app.dirty = True
        self.run()

    def post(self, kind: int, **fields) -> None:
        pygame.event.post(pygame.event.Event(kind, **fields))
        self.run()

    def key(self, key: int, mod: int = 0) -> None:
        self.post(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)

    def keys(self, *keys: int) -> None:
        for key in keys:
            self.key(key)

    def move(self, pos: tuple[int, int]) -> None:
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))

    def click(self, pos: tuple[int, int], button: int = 1) -> None:
        self.move(pos)
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=button)

    def wheel(self, y: int) -> None:
        self.post(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y))

    def pad(self, button: int, instance_id: int = 0) -> None:
        self.post(pygame.CONTROLLERBUTTONDOWN, instance_id=instance_id, button=button)
        self.post(pygame.CONTROLLERBUTTONUP, instance_id=instance_id, button=button)

    def click_item(self, key: str) -> None:
        """Click the menu item named ``key`` of the top scene's menu."""
        menu = self.top.menu
        index = next(i for i, item in enumerate(menu.items) if item.key == key)
        self.click(menu.rects[index].center)

    def save(self, folder: Path, name: str) -> Path:
        path = folder / f"{name}.png"
        pygame.image.save(self.app.screen, str(path))
        return path
