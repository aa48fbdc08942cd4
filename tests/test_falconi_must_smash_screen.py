"""The Diavola rulings revised on 2026-11-27 on screen. F-6.5: the turn in which Don Falconi must smash a block is
told to him alone, on his seat card, in a banner as the turn begins and in the hint, never on a police screen
(his accomplice's district may be what decides it); the log tells everyone how it ended. F-6.6: the board
offers his accomplice only the slots off the prison's side."""

from __future__ import annotations

import pygame
import pytest
from event_player import choose
from scene_driver import screenshot_dir
from test_falconi_revised_rulings import mode2_turn
from test_falconi_rulings_2026_11_27 import accomplice_twins
from test_handover_privacy import ANNA, BRUNO, PEOPLE, plan_alike, watch

from devtools.layout import recording as fit
from game.falconi.constants import FUGITIVE, PORT
from game.falconi.options import FalconiOptions
from game.falconi.state import FalconiState
from game.services.match import Match, MatchSetup, SeatPlan
from scenes.kit.chooser import GROUP
from scenes.kit.stack import Push
from scenes.playing.play import PlayScene
from scenes.playing.sources.local import start_match_scene

WARNING = "falconi.info.must_smash"


def twin_matches(seats: tuple[SeatPlan, ...]) -> list[Match]:
    """The twins of :func:`accomplice_twins` (Port's last action due; Don Falconi's accomplice from the Forest,
    with a way out, or from the Port, with only a block to smash) as matches with these seats."""
    setup = MatchSetup("falconi", seats, PEOPLE, seed=4, options=FalconiOptions("diavola"))
    matches = []
    for state in accomplice_twins():
        match = Match(setup)
        match.state = state
        matches.append(match)
    return matches


@pytest.mark.slow
def test_f6_5_the_turn_to_smash_never_reaches_a_police_screen(tmp_path, monkeypatch):
    first, second = twin_matches((ANNA, SeatPlan("off"), BRUNO, SeatPlan("off")))
    opening = ["step S", "boost W"]  # Bruno ends round 1; Anna smashes the block (she must, in the second twin)
    ahead = twin_matches((ANNA, SeatPlan("off"), BRUNO, SeatPlan("off")))
    for match in ahead:
        for text in opening:
            match.play(match.state.parse_action(text))
    assert not ahead[0].state.must_smash and not ahead[1].state.is_terminal()
    plan = opening + plan_alike(ahead[0], ahead[1], turns=2, seed=3)  # the rest of her turn, then his
    seen = [watch(tmp_path, monkeypatch, match, plan, name) for match, name in ((first, "free"), (second, "bound"))]
    assert seen[0]["hand-over"] == seen[1]["hand-over"], "a hand-over screen tells whether she must smash"
    assert seen[0]["seat 2"] == seen[1]["seat 2"], "the police screen tells whether she must smash"


def bound_turn(driver) -> PlayScene:
    """One person plays Don Falconi and the Port car; his turn has just begun, bound to smash the block."""
    person = SeatPlan.human(0)
    match = twin_matches((person, SeatPlan("off"), person, SeatPlan("off")))[1]
    match.play(match.state.parse_action("step S"))
    assert isinstance(match.state, FalconiState)
    assert match.state.must_smash and match.state.current_seat == FUGITIVE
    driver.app.stack.apply(Push(start_match_scene(driver.app.context, match)))
    driver.run(2)
    scene = driver.top
    assert isinstance(scene, PlayScene)
    return scene


@pytest.mark.slow
def test_f6_5_his_card_the_banner_and_the_hint_tell_him_he_must_smash(driver, tmp_path):
    scene = bound_turn(driver)
    tr = driver.app.context.tr
    warning = tr(WARNING)
    hud = scene.view.hud(scene.match.state, scene.source.visible_seats())
    assert warning in hud.notes
    card = next(card for card in hud.cards if card.seat == FUGITIVE)
    assert card.tip.key == WARNING and any(chip.count == tr("falconi.hud.must_smash") for chip in card.chips)
    assert scene.banner == warning and scene.banner_left > 0
    with fit.recording() as drawn:
        driver.redraw()  # a window at rest draws nothing: this frame is asked for
    assert _shown(drawn).count(warning) == 2, "the banner and the panel's note are not both on screen"
    driver.save(screenshot_dir(tmp_path), "must_smash_banner")
    driver.key(pygame.K_h)
    for _ in range(200):  # the hint's search runs in the AI worker
        driver.run()
        if scene.hints.action is not None:
            break
    with fit.recording() as drawn:
        driver.redraw()  # a window at rest draws nothing: this frame is asked for
    assert scene.hints.action is not None and scene.hints.sentence() in _shown(drawn)
    assert _shown(drawn).count(warning) == 3, "the hint does not say he must smash"
    driver.save(screenshot_dir(tmp_path), "must_smash_hint")


@pytest.mark.slow
def test_f6_5_the_police_card_says_nothing_and_the_log_tells_everyone_he_is_blocked(driver):
    scene = bound_turn(driver)
    police_view = scene.view.hud(scene.match.state, frozenset({PORT}))
    tr = driver.app.context.tr
    assert tr(WARNING) not in police_view.notes
    assert all(card.tip.key != WARNING for card in police_view.cards)
    choose(driver, scene, scene.match.state.parse_action("turn W"), "keyboard")  # a whole turn, no smash
    state = scene.match.state
    assert state.outcome is not None and state.outcome.termination == "fugitive_blocked"
    blocked = tr("log.falconi.fugitive_unsmashed", who=tr("seat.falconi.0"))
    assert [tr.message(event) for event in scene.match.log[-1].events] == [blocked]


def _shown(drawn: fit.Recording) -> str:
    """Every text of the frame, its wrapped lines joined again."""
    return " ".join(text.words for sheet in drawn.sheets.values() for text in sheet.texts)


def test_f6_6_the_board_offers_the_accomplice_only_slots_off_the_south_border(driver, tmp_path):
    person = SeatPlan.human(0)
    match = Match(MatchSetup("falconi", (person, SeatPlan("off"), person, SeatPlan("off")), PEOPLE, seed=4,
                             options=FalconiOptions("diavola")))
    match.state = mode2_turn("diavola", accomplice="forest", set_aside=["escape:country", "escape:port"])
    driver.app.stack.apply(Push(start_match_scene(driver.app.context, match)))
    driver.run(2)
    scene = driver.top
    chooser = scene.chooser
    chooser.choose((GROUP, "accomplice"))
    while not any(step[0] == "slot" for step in chooser.options):  # the accomplice tile, if asked for first
        chooser.choose(chooser.options[0])
    driver.run()
    slots = {match.state.city.slots[value].name for kind, value in chooser.options if kind == "slot"}
    assert slots == {"E0", "E2", "E3", "E5", "W6", "W8"}
    driver.save(screenshot_dir(tmp_path), "accomplice_slots")
