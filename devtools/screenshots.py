"""``python main.py screenshots``: every scene drawn at the logical resolution into PNG files, headless, to look
at after a change and to show in the README (``docs/screenshots/``); and the rules' diagrams with their English
captions, where ``docs/rules-*.md`` show them (``docs/images/rules/``)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any

from devtools.scratch import headless_scratch

if TYPE_CHECKING:
    from devtools.catalogue import Screen

FRAMES = 3  # frames run before a screen is saved: its first frame may still be settling
DIAGRAMS = Path(__file__).resolve().parents[1] / "docs" / "images" / "rules"  # where the rules docs look


def diagrams_folder(out: Path) -> Path:
    """Where the rules' diagrams go when not told: beside the rules docs of a checkout, which show them, or
    into ``out/rules`` for an installed copy, which has no docs (and must not write into its own install)."""
    return DIAGRAMS if any(DIAGRAMS.parents[1].glob("rules-*.md")) else out / "rules"


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


def save_diagrams(folder: Path = DIAGRAMS) -> list[Path]:
    """Every game's rules diagrams, captioned in English, into ``folder`` as ``<figure>.png``; returns the files
    written. Made from seeded games with the default settings, they come out the same, byte for byte, each run."""
    folder.mkdir(parents=True, exist_ok=True)
    with headless_scratch():
        import pygame

        from scenes.app import App
        from scenes.boards import boards
        from scenes.kit.diagram import doc_picture

        app = App(fps=0)
        written: list[Path] = []
        try:
            context = app.context
            context.change_settings(context.settings.changed(language="en"))
            for spec in boards():
                for figure in spec.illustrations.every_figure():
                    path = folder / f"{figure.name}.png"
                    pygame.image.save(indexed(doc_picture(context, figure)), str(path))
                    written.append(path)
        finally:
            app.close()
    return written


def indexed(picture: Any) -> Any:
    """``picture`` in its 256 most common colours, every other pixel in the nearest of them: a diagram of the
    meadow's grass saved so weighs a fifth of its full colours, and looks the same at a glance."""
    import pygame

    pixels = pygame.image.tobytes(picture, "RGB")
    colours = [pixels[index:index + 3] for index in range(0, len(pixels), 3)]
    palette = [colour for colour, _count in Counter(colours).most_common(256)]
    index_of = {colour: number for number, colour in enumerate(palette)}
    rgb = [tuple(colour) for colour in palette]

    def nearest(colour: bytes) -> int:
        return min(range(len(rgb)), key=lambda number: sum((a - b) ** 2 for a, b in zip(colour, rgb[number])))

    indices = bytes(index_of[colour] if colour in index_of else index_of.setdefault(colour, nearest(colour))
                    for colour in colours)
    result = pygame.image.frombytes(indices, picture.get_size(), "P")
    result.set_palette(rgb + [(0, 0, 0)] * (256 - len(rgb)))
    return result
