"""No single key throws anything away (issue 51): on every screen of the catalogue (``devtools/catalogue.py``), a
confirm on the focus the screen opens with (Enter, the keypad's Enter, Space, a pad's A) may open a page or ask
a question, but never discards a game in progress, replaces or deletes a saved game, starts a game over one
in progress or after one that has ended, or changes a choice the player did not touch."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame
import pytest
from play_kinds import is_replay, is_tutorial
from scene_driver import Driver

from devtools.catalogue import Screen, every_screen, midgame_screens, open_screen, played
from devtools.games import parts
from game.services.match import Match
from scenes.kit.stack import Reset
from scenes.pages.gameover import GameOverScene
from scenes.pages.menus import TitleScene
from scenes.pages.overlays import SettingsOverlay
from scenes.playing.play import PlayScene
from scenes.playing.sources.local import LocalSource

CONFIRMS: dict[str, Callable[[Driver], None]] = {
    "Enter": lambda driver: driver.key(pygame.K_RETURN),
    "keypad Enter": lambda driver: driver.key(pygame.K_KP_ENTER),
    "Space": lambda driver: driver.key(pygame.K_SPACE),
    "pad A": lambda driver: driver.pad(pygame.CONTROLLER_BUTTON_A),
}
AFTER = 4  # frames run after the press, for what it started to show itself
# The settings' rows are the player's own preferences, shown and applied at once and a press away from where
# they were; every other choice (a seat, a preset, how many falconers) is what a game will be played with.
OWN_PREFERENCES = (SettingsOverlay,)


def is_game(scene: Any) -> bool:
    """A scene that plays a match (a lesson of the tutorial is not one: it keeps no save and is played again; nor
    is the replay of a finished one)."""
    return isinstance(scene, PlayScene) and not is_tutorial(scene) and not is_replay(scene)


@dataclass
class Before:
    """What a press must leave as it was: the stack, the games in progress and the state each had, whether a
    game had ended, every saved game's bytes, and the values of the top menu's choices."""

    scenes: list[Any]
    in_progress: dict[int, tuple[PlayScene, dict[str, Any]]]
    ended: bool
    saves: dict[str, bytes]
    choices: list[tuple[str, int]] | None
    focus: str  # the key of the top menu's focused item, to name it


def saved_files(app: Any) -> dict[str, bytes]:
    folder: Path = app.context.saves.folder
    return {path.name: path.read_bytes() for path in sorted(folder.glob("*.json"))} if folder.exists() else {}


def flush(app: Any) -> None:
    """Let every save written in the background land, so the files read are what the game wrote."""
    for scene in app.stack.scenes:
        if isinstance(scene, PlayScene) and isinstance(scene.source, LocalSource) and scene.source.slot is not None:
            scene.source.slot.flush()


def choices(scene: Any) -> list[tuple[str, int]] | None:
    menu = getattr(scene, "menu", None)
    if menu is None or isinstance(scene, OWN_PREFERENCES):
        return None
    return [(item.key, item.index) for item in menu.items if item.choices]


def focused(scene: Any) -> str:
    menu = getattr(scene, "menu", None)
    return menu.focused.key if menu is not None and menu.items else "the board"


def look(app: Any) -> Before:
    flush(app)
    scenes = list(app.stack.scenes)
    games = [scene for scene in scenes if is_game(scene)]
    slots = [scene.source.slot for scene in games]
    own = {slot.path.name for slot in slots if slot is not None}  # a move played saves it anew
    return Before(
        scenes=scenes,
        in_progress={id(scene): (scene, scene.match.to_json()) for scene in games
                     if not scene.match.state.is_terminal()},
        ended=any(isinstance(scene, GameOverScene) or (is_game(scene) and scene.match.state.is_terminal())
                  for scene in scenes),
        saves={name: data for name, data in saved_files(app).items() if name not in own},
        choices=choices(app.stack.top),
        focus=focused(app.stack.top))


def harm(app: Any, before: Before) -> list[str]:
    """What the press threw away or started that it must not have, in words."""
    flush(app)
    found: list[str] = []
    now = saved_files(app)
    for name, data in before.saves.items():
        if name not in now:
            found.append(f"deleted the saved game {name}")
        elif now[name] != data:
            found.append(f"wrote over the saved game {name}")
    scenes = app.stack.scenes
    for scene, state in before.in_progress.values():
        if scene in scenes:
            continue  # the same game, the same match: it may have gone on by a move
        kept = now.get(scene.source.slot.path.name) if scene.source.slot is not None else None
        if kept is None or Match.from_json(json.loads(kept)).to_json() != state:
            found.append(f"discarded the game in progress ({type(scene).__name__})")
    started = any(is_game(scene) and scene not in before.scenes for scene in scenes)
    if started and before.ended:
        found.append("started a game after the one that ended")
    elif started and before.in_progress:
        found.append("started a game over the one in progress")
    if before.choices is not None and app.stack.top is before.scenes[-1] and choices(app.stack.top) != before.choices:
        found.append(f"changed a choice nobody touched: {before.choices} -> {choices(app.stack.top)}")
    return found


def screens(app: Any) -> list[Screen]:
    return every_screen(app.context) + midgame_screens(app.context)


def walk(driver: Driver, press: Callable[[Driver], None]) -> dict[str, list[str]]:
    """Open every screen over a fresh title menu, with a game in progress saved, and press once on its focus."""
    app, context = driver.app, driver.app.context
    showcase = next(showcase for _name, part in parts("window") if (showcase := part.showcase()) is not None)
    slot = context.saves.new_slot()  # a game in progress, to be continued: on the title, Continue resumes it
    slot.save(played(Match(showcase.solo), 6))
    slot.release()
    problems: dict[str, list[str]] = {}
    settings = context.settings
    for screen in screens(app):
        if context.settings != settings:  # Enter on the settings' first row changed the language
            context.change_settings(settings)
        app.stack.apply(Reset(TitleScene(context)))
        open_screen(app, screen)
        driver.run()
        before = look(app)
        press(driver)
        driver.run(AFTER)
        found = harm(app, before)
        if found:
            problems[f"{screen.name} (focus on {before.focus})"] = found
        app.stack.running = True  # Yes on "Quit the game?" ends the app: every game is saved first, nothing lost
    return problems


def test_a_confirm_on_every_screens_first_focus_throws_nothing_away(driver):
    """Enter on the focus each screen of the catalogue opens with: at most a page opens or a question asks."""
    problems = walk(driver, CONFIRMS["Enter"])
    assert not problems, "\n".join(f"{screen}: {'; '.join(found)}" for screen, found in problems.items())


@pytest.mark.slow
@pytest.mark.parametrize("key", ["keypad Enter", "Space", "pad A"])
def test_every_other_confirm_key_throws_nothing_away_either(driver, key):
    problems = walk(driver, CONFIRMS[key])
    assert not problems, "\n".join(f"{screen}: {'; '.join(found)}" for screen, found in problems.items())


def test_the_game_over_screen_opens_on_the_replay_and_a_rematch_takes_a_move_of_the_focus(driver):
    """Issue 51: Enter on the result started a rematch at once. Now it watches the replay; Up, then Enter,
    starts the rematch."""
    app = driver.app
    screen = next(screen for screen in screens(app) if screen.name == "game over")
    open_screen(app, screen)
    over = driver.top
    assert isinstance(over, GameOverScene) and over.menu.focused.key == "replay"
    if over.tally is not None:
        over.tally.skip()
    driver.key(pygame.K_UP)
    assert over.menu.focused.key == "rematch"
    driver.key(pygame.K_RETURN)
    assert is_game(driver.top) and driver.top.match is not over.match
