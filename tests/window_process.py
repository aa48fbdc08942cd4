"""One copy of the game in a process of its own, for the tests of two windows on one data folder
(``tests/test_save_slots.py``): ``python tests/window_process.py new|continue ACTIONS SIGNALS``.

It opens the real app (dummy video and audio, the data folder of ``FALCONI_DATA_DIR``), then either starts a
game of Pizza Funghi in which one person drives Don Falconi and the Port police car (``new``), or chooses
Continue on the title (``continue``; when another window plays that game, it plays a copy as it is offered).
It plays ``ACTIONS`` random legal actions through posted events, writes ``SIGNALS/ready-<pid>.json`` (its
slot and the actions it played), waits for ``SIGNALS/go`` and leaves the game through the pause menu, as a
player quitting would; then the app closes.
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path[:0] = [str(Path(__file__).resolve().parent.parent), str(Path(__file__).resolve().parent)]

import pygame  # noqa: E402
from event_player import choose  # noqa: E402
from scene_driver import Driver, FixedClock  # noqa: E402

from game.core.protocol import Action  # noqa: E402
from game.falconi.options import FalconiOptions  # noqa: E402
from game.services.match import Match, MatchSetup, Person, SeatPlan  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.kit.stack import Push  # noqa: E402
from scenes.pages.overlays import PauseOverlay  # noqa: E402
from scenes.pages.saved_games import HeldSlotOverlay  # noqa: E402
from scenes.playing.play import PlayScene  # noqa: E402
from scenes.playing.sources.local import start_match_scene  # noqa: E402

SETUP = MatchSetup("falconi", (SeatPlan.human(0), SeatPlan("off"), SeatPlan.human(0), SeatPlan("off")),
                   (Person("Anna"),), seed=12, options=FalconiOptions("funghi"))


def going_on(match: Match, rng: random.Random) -> Action:
    """A random legal action after which the game goes on: the test needs a game in progress to save."""
    legal = list(match.state.legal_actions())
    rng.shuffle(legal)
    for action in legal:
        after = match.state.clone()
        after.apply(action)
        if not after.is_terminal():
            return action
    raise AssertionError("every action ends this game")


def main(mode: str, actions: int, signals: Path) -> int:
    app = App(fps=0)
    app.clock = FixedClock(100)
    driver = Driver(app)
    try:
        driver.run(2)
        if mode == "new":
            app.stack.apply(Push(start_match_scene(app.context, Match(SETUP))))
        else:
            driver.click_item("continue")
            if isinstance(driver.top, HeldSlotOverlay):
                driver.click_item("copy")
        scene = driver.top
        assert isinstance(scene, PlayScene) and scene.source.slot is not None, f"no game to play: {driver.top!r}"
        rng = random.Random(f"{mode} {actions}")
        while len(scene.match.log) < actions:
            if scene.chooser is None:
                driver.run()
            else:
                choose(driver, scene, going_on(scene.source.match, rng), "keyboard")
        scene.source.slot.flush()  # its autosaves on disk: a kill from now on loses nothing saved
        ready = signals / f"ready-{os.getpid()}.json"
        ready.with_suffix(".tmp").write_text(json.dumps({"slot": scene.source.slot.name,
                                                         "actions": [entry.text for entry in scene.match.log]}))
        ready.with_suffix(".tmp").replace(ready)  # the test reads it whole or not at all
        while not (signals / "go").exists():
            time.sleep(0.02)
            driver.run()
        while scene.chooser is None:  # the last action's animation: Esc pauses once the person is asked again
            driver.run()
        driver.key(pygame.K_ESCAPE)
        assert isinstance(driver.top, PauseOverlay), f"Esc did not pause: {driver.top!r}"
        driver.click_item("quit")
        driver.click_item("yes")
    finally:
        app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], int(sys.argv[2]), Path(sys.argv[3])))
