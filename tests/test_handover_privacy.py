"""Hand-over privacy checked on the rendered frames (F-9, R-10): two twin games that differ only in one
person's secrets (Don Falconi's face-down reserve tile and Diavola accomplice; a falconer's objectives) must
give the very same pixels wherever that person's secrets may not be seen — while the hand-over screen is up,
and through the other person's turn — and different pixels once the owner has confirmed, which shows the
comparison can see a secret at all."""

from __future__ import annotations

import random

import pygame
import pytest
from event_player import choose
from scene_driver import Driver, FixedClock, screenshot_dir

from game.falconi.options import FalconiOptions
from game.falconi.state import FalconiState
from game.fredericus.state import FredericusState
from game.services.match import Match, MatchSetup, Person, SeatPlan
from scenes.app import App
from scenes.kit.stack import Push
from scenes.pages.overlays import HandOverOverlay
from scenes.playing.play import PlayScene
from scenes.playing.sources.local import start_match_scene

ANNA, BRUNO = SeatPlan.human(0), SeatPlan.human(1)
PEOPLE = (Person("Anna"), Person("Bruno"))


def frame(driver: Driver) -> bytes:
    driver.run()
    return pygame.image.tobytes(driver.app.screen, "RGB")


def watch(tmp_path, monkeypatch, match: Match, plan: list[str], name: str) -> dict[str, list[bytes]]:
    """Open the window on ``match`` (pygame has one window, so one twin at a time), confirm each hand-over and
    play ``plan`` (action texts) through keyboard events, keeping the frames seen at each moment: behind a
    hand-over, on the screen of the seat whose turn it is (named by seat), at the end."""
    monkeypatch.setenv("FALCONI_DATA_DIR", str(tmp_path / name))
    app = App(fps=0)
    app.clock = FixedClock()  # both twins' animations at the same point in the same frame
    frames: dict[str, list[bytes]] = {}
    try:
        app.stack.apply(Push(start_match_scene(app.context, match)))
        driver = Driver(app)
        scene = None
        for text in plan + [""]:
            driver.run()  # a hand-over due after the last action goes up on the next frame
            if isinstance(driver.top, HandOverOverlay):
                frames.setdefault("hand-over", []).append(frame(driver))
                driver.key(pygame.K_RETURN)
            scene = driver.top
            assert isinstance(scene, PlayScene)
            frames.setdefault(f"seat {scene.match.state.current_seat}", []).append(frame(driver))
            if text:
                choose(driver, scene, scene.match.state.parse_action(text), "keyboard")
        driver.save(screenshot_dir(tmp_path), f"privacy_{name}")
        return frames
    finally:
        app.close()


def diavola_twins() -> tuple[Match, Match]:
    """Anna is Don Falconi, Bruno the Port police. The twins differ in Anna's second reserve tile and her
    accomplice's district: the tiles traded for them come from deep in the pile, so nobody draws them here."""
    setup = MatchSetup("falconi", (ANNA, SeatPlan("off"), BRUNO, SeatPlan("off")), PEOPLE, seed=4,
                       options=FalconiOptions("diavola"))
    first, second = Match(setup), Match(setup)
    data = second.state.to_json()
    keep, traded = data["reserves"][0]
    deep = data["pile"][:-15]  # the top of the pile (last) is drawn first
    tile_at = next(i for i, item in enumerate(deep) if item not in (keep, traded) and ":" not in item)
    data["pile"][tile_at], data["reserves"][0] = traded, sorted([keep, deep[tile_at]])
    escape_at = next(i for i, item in enumerate(deep) if item.startswith("escape:"))
    data["pile"][escape_at], data["accomplice"] = f"escape:{data['accomplice']}", deep[escape_at].split(":")[1]
    second.state = FalconiState.from_json(data)
    assert second.state.observation(2) == first.state.observation(2)  # the police see the same game
    assert second.state.observation(0) != first.state.observation(0)
    return first, second


def plan_alike(first: Match, second: Match, turns: int, seed: int) -> list[str]:
    """Action texts for ``turns`` turns that are legal in both twins at every step, chosen at random: the
    public games stay alike, so any difference on screen can only come from the secret."""
    one, two = Match(first.setup), Match(second.setup)
    one.state, two.state = first.state.clone(), second.state.clone()
    rng, plan = random.Random(seed), []
    for _ in range(turns):
        seat = one.state.current_seat
        while one.state.current_seat == seat and not one.state.is_terminal():
            texts = {two.state.action_text(action) for action in two.state.legal_actions()}
            text = rng.choice(sorted(one.state.action_text(a) for a in one.state.legal_actions()
                                     if one.state.action_text(a) in texts))
            plan.append(text)
            one.play(one.state.parse_action(text))
            two.play(two.state.parse_action(text))
    return plan


@pytest.mark.slow
def test_don_falconis_secrets_never_reach_the_screen_of_the_police_f9(tmp_path, monkeypatch):
    first, second = diavola_twins()
    plan = plan_alike(first, second, turns=2, seed=5)  # Anna's turn, then Bruno's
    seen = [watch(tmp_path, monkeypatch, match, plan, name) for match, name in ((first, "a"), (second, "b"))]
    assert seen[0]["hand-over"] == seen[1]["hand-over"], "a hand-over screen shows something of Anna's secrets"
    assert len(seen[0]["hand-over"]) == 2  # before Anna's turn and again after Bruno's
    assert seen[0]["seat 2"] == seen[1]["seat 2"], "Anna's secrets are on screen in Bruno's turn"
    assert seen[0]["seat 0"][0] != seen[1]["seat 0"][0], "Anna's own secrets should be on her screen"


def fredericus_twins() -> tuple[Match, Match]:
    """Two falconers; the twins differ in one of the first falconer's objectives (traded with the deck)."""
    setup = MatchSetup("fredericus", (ANNA, BRUNO), PEOPLE, seed=6)
    first, second = Match(setup), Match(setup)
    state = second.state
    assert isinstance(state, FredericusState)
    owner = state.current_seat
    data = state.to_json()
    hand, deck = data["objectives"][owner], data["deck"]
    other = next(letter for letter in deck if letter not in hand and letter != "F")
    data["objectives"][owner] = hand.replace(hand[0], other, 1)
    data["deck"] = deck.replace(other, hand[0], 1)
    second.state = type(state).from_json(data)  # validated like a save
    assert second.state.observation(1 - owner) == first.state.observation(1 - owner)
    assert second.state.observation(owner) != first.state.observation(owner)
    return first, second


@pytest.mark.slow
def test_a_falconers_objectives_never_reach_the_other_falconers_screen_r10(tmp_path, monkeypatch):
    first, second = fredericus_twins()
    owner, other = first.state.current_seat, 1 - first.state.current_seat
    plan = plan_alike(first, second, turns=2, seed=2)
    seen = [watch(tmp_path, monkeypatch, match, plan, name) for match, name in ((first, "a"), (second, "b"))]
    assert seen[0]["hand-over"] == seen[1]["hand-over"], "a hand-over screen shows something of the objectives"
    assert seen[0][f"seat {other}"] == seen[1][f"seat {other}"], "the objectives show in the other's turn"
    assert seen[0][f"seat {owner}"][0] != seen[1][f"seat {owner}"][0], "the owner should see the objectives"


def test_the_twins_differ_only_in_what_the_police_may_not_see():
    """The twin game of the Falconi test is a fair twin: every public part of the save is the same."""
    first, second = diavola_twins()
    one, two = first.state.to_json(), second.state.to_json()
    hidden = {"reserves", "pile", "accomplice"}
    assert {key: value for key, value in one.items() if key not in hidden} == {
        key: value for key, value in two.items() if key not in hidden}
    assert one["reserves"][1:] == two["reserves"][1:] and len(one["pile"]) == len(two["pile"])
