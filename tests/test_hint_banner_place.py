"""Issue 52's playtest: the hint banner over a Falconi board ran past the window's left edge (its words were
wrapped for the whole board area, wider than the grid it stands in), and a Fredericus bet hint named one tower
in its banner while the action bar named another (the bar's focus stayed on the first tower on offer)."""

from __future__ import annotations

import random

import pygame
import pytest
from scene_driver import Driver, FixedClock, screenshot_dir
from test_hint_ghost import answer_hints_with

from game.falconi.options import FalconiOptions
from game.fredericus.actions import BET
from game.i18n import PSEUDO
from game.services.match import Match, MatchSetup, Person, SeatPlan
from scenes.app import App
from scenes.kit.stack import Push
from scenes.kit.ui import TextCache
from scenes.playing import clear_spot
from scenes.playing.gameview import BOARD_AREA, PANEL_AREA
from scenes.playing.hints import Hints
from scenes.playing.sources.local import start_match_scene

EASY, ANNA = SeatPlan.ai("easy"), SeatPlan.human(0)
MARGHERITA = MatchSetup("falconi", (ANNA, EASY, EASY, EASY), (Person("Anna"),), seed=7,
                        options=FalconiOptions("margherita"))
DIAVOLA = MatchSetup("falconi", (ANNA, EASY, EASY, EASY), (Person("Anna"),), seed=4, options=FalconiOptions("diavola"))
FREDERICUS = MatchSetup("fredericus", (ANNA, EASY), (Person("Anna"),), seed=4)  # Anna bets first


def open_game(tmp_path, monkeypatch, setup: MatchSetup, language: str, plies: int = 0) -> Driver:
    """The app on ``setup``'s game, ``plies`` random moves in (stopping at Anna's turn): a later board is
    emptier round the edges, where a wide banner found room the first turns never leave it."""
    monkeypatch.setenv("FALCONI_DATA_DIR", str(tmp_path / "data"))
    match, rng = Match(setup), random.Random(1)
    while len(match.log) < plies or match.state.current_seat != 0:
        match.play(rng.choice(match.state.legal_actions()))
    app = App(fps=0)
    app.context.change_settings(app.context.settings.changed(language=language))
    app.clock = FixedClock(100)
    driver = Driver(app)
    app.stack.apply(Push(start_match_scene(app.context, match)))
    driver.run(2)
    return driver


def banners(monkeypatch) -> list[pygame.Rect]:
    """The hint banner's box each frame draws it in."""
    drawn: list[pygame.Rect] = []
    real = Hints._banner

    def recording(self, surface, texts, avoid):
        drawn.append(real(self, surface, texts, avoid))
        return drawn[-1]

    monkeypatch.setattr(Hints, "_banner", recording)
    return drawn


def bar_words(driver: Driver, monkeypatch) -> list[str]:
    """The words drawn in the side panel (the action bar, its prompt line) from now on, frame after frame."""
    text, words = driver.app.context.text, []
    real = text.blit

    def recording(surface, line, *args, **anchor):
        rect = real(surface, line, *args, **anchor)
        if PANEL_AREA.colliderect(rect):
            words.append(line)
        return rect

    monkeypatch.setattr(text, "blit", recording)
    return words


@pytest.mark.parametrize("language", ["fr", "de", PSEUDO])
@pytest.mark.parametrize(("setup", "plies"), [(MARGHERITA, 0), (MARGHERITA, 60), (DIAVOLA, 0), (FREDERICUS, 0)],
                         ids=["margherita", "margherita_later", "diavola", "fredericus"])
def test_the_hint_banner_stays_inside_the_playfield_with_a_margin(tmp_path, monkeypatch, language, setup, plies):
    """Hints of several moves, each asked with H: the banner's box lies inside the board's playfield (the
    Falconi grid, inside its border) with a margin, however long its words; it wraps to more lines instead."""
    driver = open_game(tmp_path, monkeypatch, setup, language, plies)
    try:
        scene = driver.top
        state = scene.match.state
        field = scene.view.playfield(state).inflate(-2 * clear_spot.MARGIN, -2 * clear_spot.MARGIN)
        drawn = banners(monkeypatch)
        for number, action in enumerate(list(scene.chooser.paths)[:: max(1, len(scene.chooser.paths) // 5)]):
            scene.hints.cancel()
            answer_hints_with(driver, monkeypatch, action)
            drawn.clear()
            driver.key(pygame.K_h)
            driver.run(2)
            assert scene.hints.action == action and drawn
            assert all(field.contains(box) and BOARD_AREA.contains(box) for box in drawn), (action, drawn[-1])
            if number == 0:
                driver.save(screenshot_dir(tmp_path), f"hint_banner_{setup.game}_{plies}_{language}")
    finally:
        driver.app.close()


def test_a_bet_hint_and_the_action_bar_name_the_same_tower(tmp_path, monkeypatch):
    """The banner names the hinted tower (the game's log sentence); the focus moves to that tower once the hint
    comes, so the action bar under the board names the same one, never the first tower on offer."""
    driver = open_game(tmp_path, monkeypatch, FREDERICUS, "fr")
    try:
        scene = driver.top
        chooser = scene.chooser
        bets = [action for action in chooser.paths if action.kind == BET]
        assert len(bets) > 1 and chooser.focused == chooser.paths[bets[0]][-1]
        for bet in bets[1:]:
            scene.hints.cancel()
            answer_hints_with(driver, monkeypatch, bet)
            words = bar_words(driver, monkeypatch)
            driver.key(pygame.K_h)
            driver.run(2)
            tower = dict(scene.match.state.narrate(bet).fields)["tower"]  # what the banner says
            assert tower == bet.a and chooser.focused == chooser.paths[bet][-1]
            reason = scene.hints.reason  # the reason names no tower but the hinted one (or none)
            assert reason is not None and dict(reason.fields).get("tower", tower) == tower
            tr = scene.context.tr
            assert tr("fredericus.step.bet", tower=tower) in words, (bet, words)
            assert tr("fredericus.step.bet", tower=bets[0].a) not in words, (bet, words)
        assert scene.match.log == []  # shown, never played
        driver.save(screenshot_dir(tmp_path), "hint_bet_focus_fr")
    finally:
        driver.app.close()


def test_r2_5_each_opening_bet_of_two_tokens_says_which_of_the_two_it_is(tmp_path, monkeypatch):
    """With two falconers each bets two tokens (R-2.5); the board's status says "1 of 2", then "2 of 2", as the
    Italian playtest asked, in the words of the game's own log ("scommette")."""
    monkeypatch.setenv("FALCONI_DATA_DIR", str(tmp_path / "data"))
    text = TextCache()
    words: list[str] = []
    real = text.blit

    def recording(surface, line, *args, **anchor):
        words.append(line)
        return real(surface, line, *args, **anchor)

    monkeypatch.setattr(text, "blit", recording)
    match = Match(FREDERICUS)
    app = App(fps=0)
    try:
        app.context.change_settings(app.context.settings.changed(language="it"))
        monkeypatch.setattr(app.context, "text", text)
        app.clock = FixedClock(100)
        driver = Driver(app)
        app.stack.apply(Push(start_match_scene(app.context, match)))
        driver.run(2)
        assert "Rosso scommette un gettone su un torrione (1 di 2)" in " ".join(words), words  # wrapped in two lines
        driver.key(pygame.K_RETURN)  # the focused tower
        for _frame in range(400):
            if match.log and match.state.current_seat == 0:
                break
            driver.run(1)
        assert match.state.phase_name == "bet" and match.log[0].seat == 0
        words.clear()
        driver.run(30)  # the token's flight to its tower, then the board drawn again
        assert "Rosso scommette un gettone su un torrione (2 di 2)" in " ".join(words), words
        driver.save(screenshot_dir(tmp_path), "second_bet_it")
    finally:
        app.close()


@pytest.mark.parametrize("plies", [4, 9])
def test_a_click_on_a_hints_later_ring_takes_its_steps_up_to_there(tmp_path, monkeypatch, plies):
    """The Italian playtest clicked the box the hint's second ring marks, before the card of its first: a click
    on a later ring takes the hint's steps up to it, so the move the rings number is made as they show it.
    (Catch Don Falconi needs none of this: a tile's cells are on offer before the tile is taken.)"""
    driver = open_game(tmp_path, monkeypatch, FREDERICUS, "it", plies)
    try:
        scene = driver.top
        chooser, view = scene.chooser, scene.view
        state = scene.match.state

        def later(action) -> int | None:  # the index of the last board step after the first, if any
            path = chooser.paths[action]
            board = [index for index, step in enumerate(path) if index > 0 and step[0] != "group"
                     and not view.is_button(step) and view.option_rect(state, path[:index], step).width]
            return board[-1] if board else None

        action = next(action for action in chooser.paths if later(action) is not None
                      and chooser.option_at(view.option_rect(state, chooser.paths[action][:later(action)],
                                                             chooser.paths[action][later(action)]).center) is None)
        path, last = chooser.paths[action], later(action)
        target = view.option_rect(state, path[:last], path[last]).center
        driver.click(target)  # no hint: a click there is nothing on offer yet
        assert scene.chooser.prefix == [] or tuple(scene.chooser.prefix) != path[:last + 1]
        while scene.chooser.back():
            pass
        answer_hints_with(driver, monkeypatch, action)
        driver.key(pygame.K_h)
        driver.run(2)
        assert scene.hints.action == action
        played = len(scene.match.log)
        driver.click(target)
        driver.run(2)
        driver.save(screenshot_dir(tmp_path), f"hint_later_ring_{plies}")
        if last == len(path) - 1:  # the ring of the move's last step: the move is made
            assert len(scene.match.log) == played + 1 and scene.match.log[-1].text == state.action_text(action)
        else:  # a step on the way: the steps up to it are taken, the rest still to choose
            assert tuple(scene.chooser.prefix) == path[:last + 1] and len(scene.match.log) == played
    finally:
        driver.app.close()


def test_after_a_hints_first_step_the_focus_is_on_its_next_step(tmp_path, monkeypatch):
    """The playtest took the hinted card, and the bar offered the first row's end, not the hinted one: Enter
    would have left the hint. After a step of the hint, the focus is on the hint's next step."""
    driver = open_game(tmp_path, monkeypatch, FREDERICUS, "it", 4)
    try:
        scene = driver.top
        chooser = scene.chooser
        moves = [action for action, path in chooser.paths.items() if len(path) == 2 and path[0][0] == "row"]
        action = next(move for move in moves if chooser.paths[move][1] != chooser.paths[moves[0]][1]
                      and chooser.paths[move][0] == chooser.paths[moves[0]][0])  # not the first end on offer
        path = chooser.paths[action]
        answer_hints_with(driver, monkeypatch, action)
        driver.key(pygame.K_h)
        driver.run(2)
        driver.click(scene.view.option_rect(scene.match.state, (), path[0]).center)  # the hint's first ring
        driver.run(2)
        assert tuple(scene.chooser.prefix) == path[:1] and scene.hints.action == action
        assert scene.chooser.focused == path[1]
        played, hinted = len(scene.match.log), scene.match.state.action_text(action)
        driver.key(pygame.K_RETURN)  # Enter makes the hinted move
        driver.run(2)
        assert len(scene.match.log) == played + 1 and scene.match.log[-1].text == hinted
    finally:
        driver.app.close()
