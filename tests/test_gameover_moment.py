"""The game-over screen shows the final board, plays the winning moment again on it (the last move of a chase,
the last capture of a hunt) with its words in a banner, and keeps the result, the menu and the log beside it."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from scene_driver import Driver, FixedClock, screenshot_dir
from test_replay import SETUPS, finished

from game.fredericus.actions import CAPTURE
from game.services.match import MatchSetup, Person, SeatPlan
from scenes.app import App
from scenes.kit.stack import Push
from scenes.pages import gameover
from scenes.pages.gameover import GameOverScene
from scenes.pages.log_overlay import LogOverlay, sentences
from scenes.playing.gameview import BOARD_AREA
from scenes.playing.sources.local import start_match_scene


@pytest.fixture
def over_screen(tmp_path, monkeypatch):
    monkeypatch.setenv("FALCONI_DATA_DIR", str(tmp_path / "data"))
    app = App(fps=0)
    app.clock = FixedClock(50)

    def open_over(game: str) -> tuple[Driver, GameOverScene]:
        match = finished(SETUPS[game])
        app.stack.apply(Push(GameOverScene(app.context, match)))
        driver = Driver(app)
        driver.run()
        return driver, driver.top

    yield open_over
    app.close()


def run_until(driver: Driver, done, frames: int = 400) -> None:
    for _ in range(frames):
        if done():
            return
        driver.run()
    raise AssertionError("never happened")


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(SETUPS))
def test_the_winning_moment_plays_again_on_the_final_board_with_its_words(over_screen, tmp_path, monkeypatch, game):
    driver, over = over_screen(game)
    assert over.moment is not None and not over.showing_moment
    final = pygame.image.tobytes(driver.app.screen, "RGB")
    _, action, after, index = over.moment
    log = over.match.log
    if game == "margherita":
        assert index == len(log) - 1 and after.to_json() == over.match.state.to_json()
    else:
        captures = [number for number, entry in enumerate(log) if entry.text.startswith("capture")]
        assert action.kind == CAPTURE and index == captures[-1]
    run_until(driver, lambda: over.timeline.busy)
    run_until(driver, lambda: not over.timeline.busy)
    assert over.showing_moment  # held a while with its banner once its animation is over
    driver.save(screenshot_dir(tmp_path), f"game_over_moment_{game}")
    assert pygame.image.tobytes(driver.app.screen, "RGB") != final
    drawn: list[str] = []
    text = driver.app.context.text
    real_blit = text.blit
    monkeypatch.setattr(text, "blit", lambda surface, words, *args, **kwargs: drawn.append(words) or real_blit(
        surface, words, *args, **kwargs))
    driver.redraw()  # the held moment, drawn again as it stands
    joined = " ".join(drawn)  # the banner's lines, each sentence wrapped at its spaces
    assert all(sentence in joined for sentence in sentences(driver.app.context.tr, log[index]))
    run_until(driver, lambda: not over.showing_moment)
    run_until(driver, lambda: over.timeline.busy, frames=round(gameover.PAUSE / 0.05) + 40)  # and again


def test_the_whole_log_opens_from_the_game_over_screen_with_l_or_a_click(over_screen):
    driver, over = over_screen("fredericus")
    driver.key(pygame.K_l)  # the first press only ends the count of the points (test_gameover_fredericus.py)
    assert driver.top is over and over.tally is not None and over.tally.done
    driver.key(pygame.K_l)
    assert isinstance(driver.top, LogOverlay) and len(driver.top.entries) == len(over.match.log)
    driver.key(pygame.K_ESCAPE)
    assert driver.top is over
    driver.click(over.log_area.center)
    assert isinstance(driver.top, LogOverlay)


def test_the_result_and_the_menu_stand_in_the_panel_beside_the_board(over_screen):
    from scenes.playing.gameview import BOARD_AREA, PANEL_AREA

    driver, over = over_screen("margherita")
    assert [item.key for item in over.menu.items] == ["rematch", "replay", "menu"]
    assert all(PANEL_AREA.contains(rect) and not rect.colliderect(BOARD_AREA) for rect in over.menu.rects)
    assert over.menu.rects[0].top > over._title_bottom() and over.log_area.top > over.menu.rects[-1].bottom


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_winning_moments_words_keep_clear_of_the_boards_panel_and_frame(tmp_path, monkeypatch, language):
    """Issue 51: the banner stood over the Falconi panel's "Pile" and "Bombs" labels (leaving "48" and "bs").
    A game played to its end goes on to its result; there, while the winning moment shows, its words stay
    inside the city's cells, clear of every text of the board's frame and panel beside it."""
    monkeypatch.setenv("FALCONI_DATA_DIR", str(tmp_path / "data"))
    app = App(fps=0)
    app.clock = FixedClock(50)
    try:
        context = app.context
        context.change_settings(context.settings.changed(language=language))
        app.stack.apply(Push(start_match_scene(context, finished(SETUPS["margherita"]))))
        driver = Driver(app)
        run_until(driver, lambda: isinstance(driver.top, GameOverScene))
        over = driver.top
        drawn: list[tuple[str, pygame.Rect]] = []
        real_blit = context.text.blit

        def blit(surface, words, *args, **kwargs):
            rect = real_blit(surface, words, *args, **kwargs)
            drawn.append((words, rect))
            return rect

        monkeypatch.setattr(context.text, "blit", blit)
        run_until(driver, lambda: over.showing_moment)
        driver.run()
        field = over.view.playfield(over.moment[2])
        banner = over.banner_area
        assert banner is not None
        outside = [(words, rect) for words, rect in drawn
                   if rect.right <= BOARD_AREA.right and not field.contains(rect)]  # the frame and the panel
        labels, pile = {words for words, _ in outside}, context.tr("falconi.board.pile", count=0).removesuffix("0")
        assert context.tr("falconi.board.bombs") in labels and any(words.startswith(pile) for words in labels)
        assert [(words, rect) for words, rect in outside if rect.colliderect(banner)] == []
        assert field.contains(banner)
        driver.save(screenshot_dir(tmp_path), f"game_over_moment_clear_{language}")
    finally:
        app.close()


def test_the_winning_moment_plays_twice_then_rests_with_its_words(over_screen):
    """The playtest saw the moment's banner come and go every few seconds for as long as the result stayed up:
    it plays twice, then its position and words stay, and nothing moves any more."""
    driver, over = over_screen("margherita")
    for _ in range(gameover.SHOWINGS):
        run_until(driver, lambda: over.timeline.busy, frames=round((gameover.PAUSE + 1) / 0.05) + 40)
        run_until(driver, lambda: not over.timeline.busy)
    run_until(driver, lambda: over.wait >= gameover.HOLD)
    for _ in range(round(3 * gameover.PAUSE / 0.05)):
        driver.run()
        assert over.showing_moment and not over.timeline.busy and over.banner_area is not None


@pytest.mark.parametrize("game", ["margherita", "fredericus"])
def test_a_person_alone_against_the_ai_reads_first_whether_they_won(over_screen, game):
    """Alone at the screen the result says "You won!" or "You lost." before who won: a newcomer read "Victory:
    Country police (normal AI)!" and did not know it meant their defeat."""
    driver, over = over_screen(game)
    outcome = over.match.state.outcome
    won = any(over.match.setup.seats[seat].kind == "person" for seat in outcome.winners)
    tr = driver.app.context.tr
    if won:
        assert over.headline() == tr("over.you_won")
    else:
        assert over.headline().startswith(tr("over.you_lost", result="").strip())
        assert tr("over.winners", names="").split("{")[0].strip(" !") in over.headline()


@pytest.mark.parametrize(("language", "verb"), [("de", "haben gewonnen"), ("it", "Hanno vinto")])
def test_several_winners_take_the_plural(over_screen, language, verb):
    """F-8.2: a blocked Don Falconi is a win for every police car still in the chase; a German newcomer read
    "Landpolizei …, Hafenpolizei …, Waldpolizei … hat gewonnen!" Two people play, so the names say who won."""
    setup = MatchSetup("falconi", (SeatPlan.human(0),) + (SeatPlan.human(1),) * 3, (Person("Anna"), Person("Ben")))
    match = next(match for seed in range(200) if len((match := finished(replace(setup, seed=seed))).state.outcome
                                                      .winners) > 1)
    driver, over = over_screen("margherita")
    driver.app.context.change_settings(driver.app.context.settings.changed(language=language))
    over = GameOverScene(driver.app.context, match)
    assert verb in over.headline() and over.headline().count("(") == len(match.state.outcome.winners)
