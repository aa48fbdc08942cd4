"""Hand-over privacy checked on the rendered frames (F-9, R-10): two twin games that differ only in one
person's secrets (Don Falconi's face-down reserve tile and Diavola accomplice; a falconer's objectives) must
give the very same pixels wherever that person's secrets may not be seen — while the hand-over screen is up,
and through the other person's turn — and different pixels once the owner has confirmed, which shows the
comparison can see a secret at all."""

from __future__ import annotations

import random

import pygame
from event_player import choose
from scene_driver import Driver, screenshot_dir

from game.falconi.state import FalconiState
from game.fredericus.cards import KINDS
from game.match import Match, MatchSetup, Person, SeatPlan
from scenes.app import App
from scenes.overlays import HandOverOverlay
from scenes.play import PlayScene, start_match_scene
from scenes.stack import Push

ANNA, BRUNO = SeatPlan.human(0), SeatPlan.human(1)
PEOPLE = (Person("Anna"), Person("Bruno"))


def open_twin(tmp_path, monkeypatch, match: Match, name: str) -> Driver:
    monkeypatch.setenv("FALCONI_DATA_DIR", str(tmp_path / name))
    app = App(fps=0)
    app.stack.apply(Push(start_match_scene(app.context, match)))
    driver = Driver(app)
    driver.run()
    return driver


def frame(driver: Driver) -> bytes:
    driver.run()
    return pygame.image.tobytes(driver.app.screen, "RGB")


def diavola_twins() -> tuple[Match, Match]:
    """Anna is Don Falconi, Bruno the Port police. The twins differ in Anna's second reserve tile and her
    accomplice's district: the tiles traded for them come from deep in the pile, so nobody draws them here."""
    setup = MatchSetup("falconi", (ANNA, SeatPlan("off"), BRUNO, SeatPlan("off")), PEOPLE, seed=4, variant="diavola")
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


def common_action(first: Match, second: Match, rng: random.Random):
    """A random action legal in both twins with the same text, so that their public games stay alike."""
    texts = {second.state.action_text(action) for action in second.state.legal_actions()}
    shared = [action for action in first.state.legal_actions() if first.state.action_text(action) in texts]
    action = rng.choice(shared)
    return action, second.state.parse_action(first.state.action_text(action))


def confirm_hand_over(twins: list[Driver]) -> None:
    for driver in twins:
        assert isinstance(driver.top, HandOverOverlay)
        driver.key(pygame.K_RETURN)
        assert isinstance(driver.top, PlayScene)


def play_turn_alike(twins: list[Driver], seat: int, rng: random.Random) -> None:
    """Play the same actions for ``seat`` in both twins until its turn is over, through keyboard events."""
    scenes = [driver.top for driver in twins]
    while scenes[0].match.state.current_seat == seat and not scenes[0].match.state.is_terminal():
        actions = common_action(scenes[0].match, scenes[1].match, rng)
        for driver, scene, action in zip(twins, scenes, actions):
            choose(driver, scene, action, "keyboard")


def test_don_falconis_secrets_never_reach_the_screen_of_the_police_f9(tmp_path, monkeypatch):
    first, second = diavola_twins()
    twins = [open_twin(tmp_path, monkeypatch, match, name) for match, name in ((first, "a"), (second, "b"))]
    try:
        assert all(isinstance(driver.top, HandOverOverlay) for driver in twins)
        assert frame(twins[0]) == frame(twins[1]), "the hand-over screen shows something of Anna's secrets"
        confirm_hand_over(twins)
        assert frame(twins[0]) != frame(twins[1]), "Anna's own secrets should be on her screen now"
        twins[1].save(screenshot_dir(tmp_path), "privacy_falconi_owner")
        rng = random.Random(5)
        play_turn_alike(twins, 0, rng)
        scenes = [driver.top for driver in twins]
        assert scenes[0].match.state.current_seat == 2
        assert scenes[0].match.state.observation(2) == scenes[1].match.state.observation(2)
        if isinstance(twins[0].top, HandOverOverlay):
            assert frame(twins[0]) == frame(twins[1])
            confirm_hand_over(twins)
        for _ in range(3):  # Bruno's turn, frame after frame
            assert frame(twins[0]) == frame(twins[1]), "Anna's secrets stayed on screen in Bruno's turn"
        twins[0].save(screenshot_dir(tmp_path), "privacy_falconi_police")
        play_turn_alike(twins, 2, rng)
        assert isinstance(twins[0].top, HandOverOverlay), "Anna's secrets must wait behind a hand-over again"
        assert frame(twins[0]) == frame(twins[1])
    finally:
        for driver in twins:
            driver.app.close()


def fredericus_twins() -> tuple[Match, Match]:
    """Two falconers; the twins differ in one of the first falconer's objectives (traded with the deck)."""
    setup = MatchSetup("fredericus", (ANNA, BRUNO), PEOPLE, seed=6)
    first, second = Match(setup), Match(setup)
    state = second.state
    owner = state.current_seat
    held = next(kind for kind in range(KINDS) if state.hands[owner][kind])
    deck_at = next(i for i, kind in enumerate(state.deck) if kind != held and kind < KINDS)
    other = state.deck[deck_at]
    rebuilt = state.clone()
    rebuilt.hands[owner][held] -= 1
    rebuilt.hands[owner][other] += 1
    rebuilt.deck[deck_at] = held
    second.state = type(state).from_json(rebuilt.to_json())  # validated like a save
    assert second.state.observation(1 - owner) == first.state.observation(1 - owner)
    assert second.state.observation(owner) != first.state.observation(owner)
    return first, second


def test_a_falconers_objectives_never_reach_the_other_falconers_screen_r10(tmp_path, monkeypatch):
    first, second = fredericus_twins()
    owner = first.state.current_seat
    twins = [open_twin(tmp_path, monkeypatch, match, name) for match, name in ((first, "a"), (second, "b"))]
    try:
        assert frame(twins[0]) == frame(twins[1]), "the hand-over screen shows something of the objectives"
        confirm_hand_over(twins)
        assert frame(twins[0]) != frame(twins[1]), "the owner's objectives should be on the owner's screen now"
        rng = random.Random(2)
        play_turn_alike(twins, owner, rng)
        assert frame(twins[0]) == frame(twins[1]), "the objectives stayed on screen after the turn"
        confirm_hand_over(twins)  # the other falconer's own secrets are hers to see
        for _ in range(3):
            assert frame(twins[0]) == frame(twins[1]), "the first falconer's objectives show in the other's turn"
        twins[0].save(screenshot_dir(tmp_path), "privacy_fredericus_other")
    finally:
        for driver in twins:
            driver.app.close()


def test_the_twins_differ_only_in_what_the_police_may_not_see():
    """The twin game of the Falconi test is a fair twin: every public part of the save is the same."""
    first, second = diavola_twins()
    one, two = first.state.to_json(), second.state.to_json()
    hidden = {"reserves", "pile", "accomplice"}
    assert {key: value for key, value in one.items() if key not in hidden} == {
        key: value for key, value in two.items() if key not in hidden}
    assert one["reserves"][1:] == two["reserves"][1:] and len(one["pile"]) == len(two["pile"])
