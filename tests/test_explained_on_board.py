"""Every moment explained on the board, and every hint with its reason (issue 52), in the real app driven by
posted events: after a catch, a Chili Bomb's blast, a blocked Don Falconi and a Fredericus capture, the board
draws the road, the crater, the block or the cards (the pixels there differ from the same board without the
explanation), for a few seconds and for good once the game is over; a hint says why in every language.
Screenshots go to ``SCREENSHOT_DIR`` (Italian and German) to be looked at."""

from __future__ import annotations

from concurrent.futures import Future
from typing import Any

import pygame
import pytest
from event_player import choose
from falconi_scenarios import build
from fredericus_builder import build_position
from scene_driver import Driver, FixedClock, screenshot_dir

from game.ai.service import Decision
from game.core.protocol import GameState
from game.falconi.constants import FUGITIVE, PORT
from game.falconi.options import FalconiOptions
from game.falconi.state import FalconiState
from game.fredericus.options import FredericusOptions
from game.services.match import Match, MatchSetup, Person, SeatPlan
from game.services.settings import LANGUAGES
from scenes.falconi.draw import Geometry
from scenes.falconi.view import FalconiView
from scenes.kit.stack import Push
from scenes.pages.gameover import GameOverScene
from scenes.playing import why
from scenes.playing.play import PlayScene
from scenes.playing.sources.local import start_match_scene

ANNA, OFF = SeatPlan.human(0), SeatPlan("off")
MODE1_PLACE: dict[str, Any] = {"phase": "place", "drawn": "straight"}


def open_match(driver: Driver, game: str, state: GameState, seats: tuple[SeatPlan, ...], options: Any,
               language: str = "en") -> PlayScene:
    """A play scene on ``state``, every person's seat played by Anna at the keyboard."""
    context = driver.app.context
    context.change_settings(context.settings.changed(language=language))
    driver.app.clock = FixedClock(16)
    match = Match(MatchSetup(game, seats, (Person("Anna"),), seed=3, options=options))
    match.state = state
    driver.app.stack.apply(Push(start_match_scene(context, match)))
    driver.run(2)
    scene = driver.top
    assert isinstance(scene, PlayScene)
    return scene


def with_and_without(driver: Driver, scene: PlayScene) -> tuple[pygame.Surface, pygame.Surface]:
    """The screen once the move's animations are over, with its explanation, then without it."""
    scene.timeline.skip()
    driver.redraw()
    shown = screen().copy()
    assert scene.why.now(len(scene.match.log)), "the move's explanation is not on the board"
    scene.why.left = 0.0
    driver.redraw()
    return shown, screen().copy()


def screen() -> pygame.Surface:
    surface = pygame.display.get_surface()
    assert surface is not None
    return surface


def changed(shown: pygame.Surface, plain: pygame.Surface, rect: pygame.Rect) -> int:
    """How many pixels of ``rect`` the explanation changed."""
    return sum(shown.get_at((x, y)) != plain.get_at((x, y))
               for x in range(rect.left, rect.right, 2) for y in range(rect.top, rect.bottom, 2))


def save(shown: pygame.Surface, tmp_path, name: str) -> None:
    pygame.image.save(shown, str(screenshot_dir(tmp_path) / f"why-{name}.png"))


def falconi(driver: Driver, state: FalconiState, language: str) -> PlayScene:
    seats = (ANNA, OFF, ANNA, OFF)
    return open_match(driver, "falconi", state, seats, FalconiOptions(state.variant.name), language)


@pytest.mark.parametrize("language", ["it", "de"])
def test_f5_4_after_a_catch_the_board_draws_the_police_cars_road(driver, tmp_path, language):
    state = build(board={"4,5": "straight r0", "4,7": "straight r0"}, cars={FUGITIVE: "4,4 S", PORT: "4,6 S"},
                  turn_seat=PORT, bombs=0, **MODE1_PLACE)
    scene = falconi(driver, state, language)
    for text in ("place straight 4,6 r0", "catch S"):
        choose(driver, scene, state.parse_action(text), "keyboard")
    assert scene.match.state.outcome.termination == "catch"
    shown, plain = with_and_without(driver, scene)
    save(shown, tmp_path, f"catch-{language}")
    road = Geometry(state.city).cell_rect(state.city.cell(4, 5))  # the tile it drove through
    assert changed(shown, plain, road) > 20


@pytest.mark.parametrize("language", ["it", "de"])
def test_f5_5_after_a_chili_bomb_the_board_draws_the_crater_and_the_road_to_it(driver, tmp_path, language):
    state = build(board={"4,7": "straight r1"}, cars={FUGITIVE: "4,8 S"}, turn_seat=FUGITIVE, **MODE1_PLACE)
    scene = falconi(driver, state, language)
    for text in ("place straight 4,8 r0", "blast 4,7 S"):
        choose(driver, scene, state.parse_action(text), "keyboard")
    shown, plain = with_and_without(driver, scene)
    save(shown, tmp_path, f"bomb-{language}")
    assert changed(shown, plain, Geometry(state.city).cell_rect(state.city.cell(4, 7))) > 20


@pytest.mark.parametrize("language", ["it", "de"])
def test_f5_5_a_blocked_fugitive_sees_the_tile_across_his_road_until_the_game_over(driver, tmp_path, language):
    state = build(board={"4,7": "straight r1"}, cars={FUGITIVE: "4,8 S"}, turn_seat=FUGITIVE, bombs=0,
                  **MODE1_PLACE)
    scene = falconi(driver, state, language)
    choose(driver, scene, state.parse_action("place straight 4,8 r0"), "keyboard")
    assert scene.match.state.outcome.termination == "fugitive_blocked"
    scene.over_wait = 1e9  # the game-over page would replay the match from its set-up, not from this position
    driver.run(int(why.SECONDS / 0.016) + 5)  # the game is over: the explanation does not time out
    assert scene.why.now(len(scene.match.log))
    shown, plain = with_and_without(driver, scene)
    save(shown, tmp_path, f"block-{language}")
    assert changed(shown, plain, Geometry(state.city).cell_rect(state.city.cell(4, 7))) > 20


@pytest.mark.parametrize("language", ["it", "de"])
def test_r4_2_after_a_capture_the_board_marks_the_sky_and_the_tree(driver, tmp_path, language):
    state = build_position(2, {7: "T", 0: "g", 1: "S", 3: "S", 4: "u", 5: "T"})
    scene = open_match(driver, "fredericus", state, (ANNA, ANNA), FredericusOptions(), language)
    choose(driver, scene, state.parse_action("capture 0g"), "keyboard")
    assert scene.why.now(len(scene.match.log))
    shown, plain = with_and_without(driver, scene)
    save(shown, tmp_path, f"capture-{language}")
    layout = scene.view.layout(scene.match.state)
    for row in (3, 5):
        assert changed(shown, plain, layout.rows[row].card_rect(len(layout.rows[row].offsets) - 1)) > 20


def test_the_game_over_page_marks_why_the_game_ended(driver, tmp_path):
    context = driver.app.context
    context.change_settings(context.settings.changed(language="de"))
    match = Match(MatchSetup("falconi", (ANNA, OFF, ANNA, OFF), (Person("Anna"),), seed=11,
                             options=FalconiOptions("margherita")))
    while not match.state.is_terminal():  # the first legal action each time: a short, fixed chase
        match.play(match.state.legal_actions()[0])
    page = GameOverScene(context, match)
    states, actions = match.positions()
    assert page.why_final == page.why_moment == FalconiView(context).explain(states[-2], actions[-1], states[-1])
    assert page.why_final, f"nothing explains the end: {match.state.outcome}"
    driver.app.stack.apply(Push(page))
    driver.run(3)
    save(screen(), tmp_path, "game-over-de")


def test_an_explanation_goes_after_a_few_seconds(driver):
    state = build(board={"4,7": "straight r1"}, cars={FUGITIVE: "4,8 S"}, turn_seat=FUGITIVE, **MODE1_PLACE)
    scene = falconi(driver, state, "en")
    for text in ("place straight 4,8 r0", "blast 4,7 S"):
        choose(driver, scene, state.parse_action(text), "keyboard")
    assert scene.why.now(len(scene.match.log))
    driver.run(int(why.SECONDS / 0.016) + 5)
    assert not scene.why.now(len(scene.match.log))


def answered(state: GameState, text: str) -> Decision:
    """The AI worker's answer ``text``, given at once (the hint's sentence is what is tested, not the search)."""
    future: Future[str | None] = Future()
    future.set_result(text)
    return Decision(1, state.current_seat, future, state.clone())


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_hint_says_why_in_every_language(driver, tmp_path, monkeypatch, language):
    state = build_position(2, {7: "S", 0: "g", 1: "S", 3: "S", 4: "u", 5: "S"}, objectives={0: "g"})
    scene = open_match(driver, "fredericus", state, (ANNA, ANNA), FredericusOptions(), language)
    monkeypatch.setattr(driver.app.context.ai, "ask", lambda asked, level, seed: answered(asked, "capture 0f"))
    driver.key(pygame.K_h)
    driver.run(2)
    reason = scene.hints.reason
    assert reason is not None and reason.key == "hints.why.fredericus.capture_pair"
    tr = driver.app.context.tr
    sentence = tr.message(reason)
    assert tr("card.griffin.the") in sentence and "{" not in sentence and "hints." not in sentence
    assert sentence in scene.hints.sentences()
    if language in ("it", "de"):
        save(screen(), tmp_path, f"hint-{language}")


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_falconi_hint_reason_reads_in_every_language(driver, language):
    from game.falconi.hint_reason import terms

    tr = driver.app.context.tr
    driver.app.context.change_settings(driver.app.context.settings.changed(language=language))
    names = set(terms(build("salami"), FUGITIVE)) | set(terms(build("margherita"), PORT)) | {"draw", "wins", "even"}
    names = names - {"chili"} | {"chili_bomb", "chili_boost"}  # the sentence names the pizza's own chili
    for side in ("fugitive", "police"):
        for name in names - {"base", "clamp"}:
            key = f"hints.why.falconi.{side}.{name}"
            if side == "fugitive" and name in ("chase", "hand", "own_room"):
                continue  # his guess has no car of his own to chase with
            assert tr(key) != key and tr(key).endswith("."), key


@pytest.mark.parametrize("language", ["it", "de"])
def test_a_falconi_hint_says_why(driver, tmp_path, monkeypatch, language):
    state = build(board={"4,5": "straight r0", "4,7": "straight r0"}, cars={FUGITIVE: "4,4 S", PORT: "4,6 S"},
                  turn_seat=PORT, bombs=0, **MODE1_PLACE)
    scene = falconi(driver, state, language)
    monkeypatch.setattr(driver.app.context.ai, "ask",
                        lambda asked, level, seed: answered(asked, "place straight 4,6 r0"))
    driver.key(pygame.K_h)
    driver.run(2)
    assert scene.hints.reason is not None and scene.hints.reason.key == "hints.why.falconi.police.wins"
    save(screen(), tmp_path, f"hint-falconi-{language}")
