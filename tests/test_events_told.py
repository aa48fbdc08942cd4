"""Nothing changes on the board untold: what an action brings about by itself (a police car put out of the
chase, Don Falconi blocked) follows its sentence in the log, and the play scene says it in a banner with a
sound."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from registry_cases import pizzas
from scene_driver import Driver, screenshot_dir

from game.falconi.constants import ACTIVE, OUT, POLICE
from game.falconi.options import FalconiOptions
from game.falconi.state import FalconiState
from game.services.match import Match, MatchSetup, SeatPlan
from scenes.app import App
from scenes.kit.stack import Push
from scenes.playing.play import PlayScene
from scenes.playing.sources.local import start_match_scene

BLOCKED_KEYS = {"log.falconi.fugitive_blocked", "log.falconi.fugitive_unsmashed"}  # F-6.5, revised 2026-11-27
OUT_KEYS = {"log.falconi.out_blocked", "log.falconi.overtaken"}
# The endings no action's own sentence tells (F-8): the last car out, the tiles or rounds run out, a boost's escape.
ENDING_KEYS = {"police_out": "log.falconi.police_out", "tiles_out": "log.falconi.tiles_out",
               "round_limit": "log.falconi.round_limit", "escape": "log.falconi.drive_out"}
EVENT_KEYS = {*OUT_KEYS, *BLOCKED_KEYS, *ENDING_KEYS.values()}


def random_match(variant: str, seed: int, stop=None) -> Match:
    """A match of four people played at random, stopped before the first action for which ``stop`` holds."""
    match = Match(MatchSetup("falconi", (SeatPlan.human(0),) * 4, seed=seed, options=FalconiOptions.named(variant)))
    rng = random.Random(seed)
    while not match.state.is_terminal():
        action = rng.choice(match.state.legal_actions())
        if stop is not None and stop(match, action):
            break
        match.play(action)
    return match


@pytest.mark.parametrize("variant", pizzas())
def test_every_car_put_out_and_every_block_is_told_after_the_action_that_brought_it(variant):
    told = set()
    for seed in range(1, 41):
        match = Match(MatchSetup("falconi", (SeatPlan.human(0),) * 4, seed=seed, options=FalconiOptions(variant)))
        rng = random.Random(seed)
        while not match.state.is_terminal():
            before = match.state.clone()
            entry = match.play(rng.choice(match.state.legal_actions())).entry
            after = match.state
            gone = [seat for seat in POLICE if before.status[seat] == ACTIVE and after.status[seat] == OUT]
            blocked = after.outcome is not None and after.outcome.termination == "fugitive_blocked"
            keys = [event.key for event in entry.events]
            assert set(keys) <= EVENT_KEYS
            assert len([key for key in keys if key in OUT_KEYS]) == len(gone)
            assert bool(BLOCKED_KEYS & set(keys)) == blocked
            ending = after.outcome.termination if after.outcome is not None else None
            if ending == "escape" and not entry.message.key.startswith("log.falconi.boost"):
                ending = None  # a drive or a step out is told as an escape by its own sentence
            endings = [ENDING_KEYS[ending]] if ending in ENDING_KEYS else []
            assert [key for key in keys if key in ENDING_KEYS.values()] == endings
            assert ("log.falconi.fugitive_unsmashed" in keys) == (blocked and before.must_smash)
            told.update(keys)
        again = Match.replay(match.setup, [entry.text for entry in match.log])
        assert [entry.events for entry in again.log] == [entry.events for entry in match.log]
    assert "log.falconi.out_blocked" in told or "log.falconi.overtaken" in told
    if variant == "diavola":  # random play often ends a turn bound to smash without the smash
        assert "log.falconi.fugitive_unsmashed" in told


def puts_a_car_out(match: Match, action) -> bool:
    before, after = match.state, match.state.clone()
    after.apply(action)
    assert isinstance(before, FalconiState) and isinstance(after, FalconiState)
    return any(before.status[seat] == ACTIVE and after.status[seat] == OUT for seat in POLICE)


@contextmanager
def playing(match: Match, tmp_path, monkeypatch) -> Iterator[tuple[App, Driver, PlayScene]]:
    """The app with ``match`` on screen, closed afterwards."""
    monkeypatch.setenv("FALCONI_DATA_DIR", str(tmp_path / "data"))
    app = App(fps=0)
    try:
        driver = Driver(app)
        scene = start_match_scene(app.context, match)
        app.stack.apply(Push(scene))
        driver.run(2)
        yield app, driver, scene
    finally:
        app.close()


def test_the_play_scene_says_a_car_put_out_in_a_banner_with_a_sound(tmp_path, monkeypatch):
    seed = next(seed for seed in range(1, 200)
                if not (match := random_match("funghi", seed, puts_a_car_out)).state.is_terminal())
    match = random_match("funghi", seed, puts_a_car_out)
    action = next(action for action in match.state.legal_actions() if puts_a_car_out(match, action))
    with playing(match, tmp_path, monkeypatch) as (app, driver, scene):
        cues: list[str] = []
        monkeypatch.setattr(app.context.audio, "play", lambda cue, *args, **kwargs: cues.append(cue))
        scene.source.play_action(action)  # as the chooser or the AI does once an action is chosen
        event = match.log[-1].events[-1]
        words = app.context.tr.message(event)
        assert event.key == "log.falconi.out_blocked" and scene.banner == words and "siren" in cues
        assert words in scene.sentences(match.log[-1])
        driver.run(2)
        driver.save(screenshot_dir(tmp_path), "banner_car_out")
        scene.update(3.0)
        assert scene.banner_left == 0


def test_the_hunts_moments_are_announced_in_a_banner_too(tmp_path, monkeypatch):
    """A creature caught is in the log, and, as a moment of the game, across the board for a while."""
    setup = MatchSetup("fredericus", (SeatPlan.human(0),) * 2, seed=3)
    match, rng = Match(setup), random.Random(3)
    while not any(action.kind == "capture" for action in match.state.legal_actions()):
        match.play(rng.choice(match.state.legal_actions()))
    capture = next(action for action in match.state.legal_actions() if action.kind == "capture")
    with playing(match, tmp_path, monkeypatch) as (app, driver, scene):
        scene.source.play_action(capture)
        assert scene.banner == app.context.tr.message(match.log[-1].message) and scene.banner_left > 0
        driver.run(2)
        driver.save(screenshot_dir(tmp_path), "banner_capture")


def test_the_end_of_the_hunt_triggered_is_announced_with_a_raptors_cry_not_a_siren(tmp_path, monkeypatch):
    """R-7.2: the falconer who triggers the end (here by drawing Fredericus) is told in the log and the banner,
    with a sound of the hunt: the siren is the Falconi police's."""
    setup = MatchSetup("fredericus", (SeatPlan.human(0),) * 3, seed=5)
    match, rng = Match(setup), random.Random(1)
    while True:
        action = rng.choice(match.state.legal_actions())
        after = match.state.clone()
        after.apply(action)
        if after.trigger is not None:
            break
        match.play(action)
    with playing(match, tmp_path, monkeypatch) as (app, driver, scene):
        cues: list[str] = []
        monkeypatch.setattr(app.context.audio, "play", lambda cue, *args, **kwargs: cues.append(cue))
        scene.source.play_action(action)
        event = match.log[-1].events[0]
        assert event.key == f"log.fredericus.trigger.{after.trigger}"
        assert scene.banner == app.context.tr.message(match.log[-1].events[-1])
        assert "raptor_cry" in cues and "siren" not in cues
        driver.run(2)
        driver.save(screenshot_dir(tmp_path), "banner_end_triggered")
