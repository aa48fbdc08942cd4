"""The Fredericus game over adds up (issue 38, point 3): the result shows each falconer's points by the
categories of R-8, counted up row by row, the same totals while the winning moment plays again, and nothing left from
the last turn on the board."""

from __future__ import annotations

import random

import pygame
import pytest
from scene_driver import Driver, FixedClock, screenshot_dir

from devtools import catalogue
from devtools.fredericus import window as fredericus_window
from game.fredericus.scoring import CATEGORIES
from game.services.match import Match, MatchSetup, Person, SeatPlan
from scenes.app import App
from scenes.kit import score_table, tooltip
from scenes.kit.stack import Push
from scenes.pages import gameover
from scenes.pages.gameover import GameOverScene
from scenes.pages.log_overlay import sentences
from scenes.playing.play import PlayScene
from scenes.playing.sources.replay import ReplaySource

# Random games of Anna against two easy falconers. In the first, the last capture (the winning moment) leaves
# its falconer three actions in the last round; in the second, it comes before objectives that make pairs.
LAST_ROUND_SEED, PAIRS_SEED = 33, 14
TIED_SEED = 12  # every falconer ends on 2 points
FRAME = 0.05  # seconds: the fixed clock's frame


def finished(seed: int) -> Match:
    setup = MatchSetup("fredericus", (SeatPlan.human(0),) + (SeatPlan.ai("easy"),) * 2, (Person("Anna"),), seed=seed)
    match, rng = Match(setup), random.Random(seed)
    while not match.state.is_terminal():
        match.play(rng.choice(match.state.legal_actions()))
    return match


@pytest.fixture
def open_over(tmp_path, monkeypatch):
    """The game-over screen of a finished game, driven by posted events at a fixed 50 ms a frame."""
    monkeypatch.setenv("FALCONI_DATA_DIR", str(tmp_path / "data"))
    app = App(fps=0)
    app.clock = FixedClock(round(FRAME * 1000))

    def open_it(seed: int) -> tuple[Driver, GameOverScene]:
        app.stack.apply(Push(GameOverScene(app.context, finished(seed))))
        driver = Driver(app)
        driver.run()
        return driver, driver.top

    yield open_it
    app.close()


def drawn_words(monkeypatch, driver: Driver) -> list[str]:
    """Every text drawn from now on."""
    text, words = driver.app.context.text, []
    real_blit = text.blit

    def blit(surface, line, *args, **kwargs):
        words.append(line)
        return real_blit(surface, line, *args, **kwargs)

    monkeypatch.setattr(text, "blit", blit)
    return words


def play_the_moment(driver: Driver, over: GameOverScene) -> None:
    """Frames until the winning moment has played again on the board and the final board is back."""
    for _ in range(400):
        driver.run()
        if over.showing_moment:
            break
    for _ in range(400):
        driver.run()
        if not over.showing_moment:
            return
    raise AssertionError("the winning moment never played")


@pytest.mark.slow
@pytest.mark.parametrize("seed", [PAIRS_SEED, LAST_ROUND_SEED])
def test_the_result_totals_hold_even_while_the_winning_moment_plays_again(open_over, seed):
    """The falconers' points are on the result alone (their cards are in the play scene's side panel): the
    board playing the winning moment again changes none of them."""
    driver, over = open_over(seed)
    state = over.match.state
    driver.key(pygame.K_SPACE)  # the tally shows its totals at once
    play_the_moment(driver, over)
    table = over.tally.table
    totals = dict(zip(table.seats, table.totals()))
    assert totals == dict(enumerate(state.scores())) == dict(zip(table.seats, over.tally.totals()))


@pytest.mark.slow
def test_nothing_of_the_last_turn_stays_on_the_board_after_the_end(open_over, monkeypatch):
    driver, over = open_over(LAST_ROUND_SEED)
    moment = over.moment[2]
    assert moment.trigger is not None and moment.own_actions_left == 3  # what the moment's own board would say
    words = drawn_words(monkeypatch, driver)
    play_the_moment(driver, over)
    tr = driver.app.context.tr
    stale = {tr("fredericus.board.actions"), tr("fredericus.info.last_round"),
             tr("fredericus.prompt.play", name=tr(f"fredericus.colour.{moment.current_seat}"))}
    assert stale.isdisjoint(words)
    winner = next(iter(over.match.state.outcome.winners))
    assert tr("fredericus.prompt.over", name=tr(f"fredericus.colour.{winner}")) in words


@pytest.mark.slow
def test_the_breakdown_rows_count_up_one_after_another_and_sum_to_the_totals(open_over, monkeypatch, tmp_path):
    driver, over = open_over(PAIRS_SEED)
    tally, state = over.tally, over.match.state
    table = tally.table
    tr = driver.app.context.tr
    assert [row.label for row in table.rows] == [tr(f"fredericus.score.{name}") for name in CATEGORIES]
    breakdowns = state.score_breakdowns()
    assert [row.points for row in table.rows] == [
        tuple(breakdowns[seat].points[index] for seat in table.seats) for index in range(len(CATEGORIES))]
    assert any(row.points != (0,) * len(table.seats) for row in table.rows[2:3]), "a game with a pair bonus"
    started, frames = [], 0
    while not tally.done:
        assert frames < tally.duration / FRAME + 5, "the tally never ends"
        shown = [tally.shown(row) for row in range(len(table.rows))]
        begun = [points for points in shown if points is not None]
        assert shown[len(begun):] == [None] * (len(shown) - len(begun))  # rows start in order
        assert all(points == row.points for points, row in zip(begun[:-1], table.rows))  # the earlier ones whole
        assert tally.totals() == tuple(sum(points[column] for points in begun) for column in range(len(table.seats)))
        started.append(len(begun))
        driver.run()
        frames += 1
    assert started[0] <= 1 and started == sorted(started) and set(range(1, len(table.rows) + 1)) <= set(started)
    assert tally.totals() == table.totals() == tuple(state.scores()[seat] for seat in table.seats)
    words = drawn_words(monkeypatch, driver)
    driver.redraw()  # the counted table, drawn again as it stands
    assert {row.label for row in table.rows} | {table.total} <= set(words)
    assert {str(points) for points in table.totals()} <= set(words)
    pair_tips = [tip for tip in tooltip.tips().tips if tip.message.key == "tips.fredericus.pairs"]
    assert [dict(tip.message.fields)["count"] for tip in pair_tips] == [breakdowns[seat].pairs for seat in table.seats]
    driver.save(screenshot_dir(tmp_path), "game_over_fredericus_tally")


@pytest.mark.parametrize("press", ["key", "click", "pad"])
def test_a_press_during_the_tally_shows_every_row_and_does_nothing_else(open_over, press):
    driver, over = open_over(PAIRS_SEED)
    assert not over.tally.done and over.tally.shown(len(over.tally.table.rows) - 1) is None
    if press == "key":
        driver.key(pygame.K_RETURN)  # a reflex Enter only shows the points, even where it would watch the replay
    elif press == "click":
        driver.click((over.menu.rects[0].centerx, over.menu.rects[0].top - 4))  # beside the buttons
    else:
        driver.pad(pygame.CONTROLLER_BUTTON_A)
    assert driver.top is over and over.tally.done
    assert over.tally.totals() == over.tally.table.totals()
    driver.key(pygame.K_ESCAPE)  # once it is counted, a press acts: Back first moves to "Main menu"
    assert driver.top is over and over.menu.focused.key == "menu"


def test_a_click_on_a_button_during_the_tally_does_what_it_says(open_over):
    driver, over = open_over(PAIRS_SEED)
    assert not over.tally.done
    driver.click_item("replay")
    assert isinstance(driver.top, PlayScene) and isinstance(driver.top.source, ReplaySource)


def test_the_tally_runs_in_the_scene_at_the_animation_speed_while_the_result_is_already_decided(open_over):
    driver, over = open_over(PAIRS_SEED)
    assert over.match.state.outcome is not None  # the rules decided before the first row counted
    settings = driver.app.context.settings
    driver.app.context.settings = settings.changed(animation_speed=4.0)
    frames = 0
    while not over.tally.done:
        driver.run()
        frames += 1
    assert frames <= over.tally.duration / (4 * FRAME) + 2
    assert over.tally.duration == len(CATEGORIES) * (score_table.ROW_SECONDS + score_table.ROW_GAP)


def test_the_log_under_the_result_starts_with_a_whole_sentence(tmp_path, monkeypatch):
    """The table leaves the log less room; what fits of it still begins at the start of a sentence (German:
    the catalogue's game over, whose latest sentences once began with a wrapped sentence's last word)."""
    monkeypatch.setenv("FALCONI_DATA_DIR", str(tmp_path / "data"))
    app = App(fps=0)
    try:
        context = app.context
        context.change_settings(context.settings.changed(language="de"))
        app.stack.apply(Push(GameOverScene(context, catalogue.finished(Match(fredericus_window.GAME_OVER)))))
        driver = Driver(app)
        words = drawn_words(monkeypatch, driver)
        driver.run()
        log = words[words.index(context.tr("play.log.open")) + 1:]
        assert log, "no log drawn"
        firsts = {context.text.wrap(sentence, gameover.TEXT_WIDTH, gameover.LOG_SIZE)[0]
                  for entry in driver.top.match.log for sentence in sentences(context.tr, entry)}
        assert log[0] in firsts
    finally:
        app.close()


def test_r8_3_tied_falconers_are_ranked_and_the_tie_is_explained(open_over, monkeypatch, tmp_path):
    """Issue 51: the result did not rank tied falconers. Seed 12 ends with all three on 2 points: Red (seat 0)
    played last in the turn order, so R-8.3 gives it the win; the other two share 2nd place."""
    driver, over = open_over(TIED_SEED)
    table, state = over.tally.table, over.match.state
    assert set(state.scores()) == {2} and state.outcome.winners == {0}
    words = drawn_words(monkeypatch, driver)
    driver.run()
    assert "Place" in words and "1st" not in words  # the ranking waits for the count: it would give the end away
    words.clear()
    driver.key(pygame.K_RETURN)  # shows every point
    assert table.places == tuple("1st" if seat == 0 else "2nd" for seat in table.seats)
    ranking = words[words.index("Place") + 1:words.index("Place") + 1 + len(table.seats)]
    assert ranking == list(table.places)
    assert "Tied on 2 points: Red played last of the tied falconers, and so wins." in " ".join(words)
    driver.save(screenshot_dir(tmp_path), "game_over_fredericus_tied")
