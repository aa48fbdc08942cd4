"""The overlays' layout and reading: every question fits its box in every language, and the rules help
scrolls and shows where it is as the game log does."""

import pygame
import pytest
from scene_driver import screenshot_dir

from game.i18n import catalog
from game.registry import variant_cases
from game.services.match import Match, MatchSetup, Person, SeatPlan
from game.services.settings import LANGUAGES
from scenes.kit.results import LeaveGame
from scenes.kit.stack import Push
from scenes.kit.ui import ACCENT, DIM, LOGICAL_SIZE, PANEL_EDGE
from scenes.pages.log_overlay import BOX, LINE, ROWS, TOP
from scenes.pages.overlays import MARGIN, TITLE_LINE, TITLE_SIZE, ConfirmOverlay, PauseOverlay, RulesOverlay
from scenes.pages.seats import describe_game
from scenes.playing.play import PlayScene
from scenes.playing.sources.local import start_match_scene

QUESTIONS = sorted(key for key in catalog("en") if key.startswith("confirm."))
TRACK_X = BOX.right - 23  # the middle of the scroll bar


def longest_game(tr):
    """The longest name of a game with its options that a question may hold."""
    return max((describe_game(tr, case.game, case.options) for case in variant_cases()), key=len)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_line_of_every_confirm_question_fits_inside_its_box(driver, language):
    context = driver.app.context
    context.change_settings(context.settings.changed(language=language))
    font = context.text.font(TITLE_SIZE, bold=True)
    for key in QUESTIONS:
        overlay = ConfirmOverlay(context, context.tr(key, game=longest_game(context.tr), turn=100), LeaveGame())
        box, lines = overlay.box(), overlay.title_lines()
        assert all(font.size(line)[0] <= box.width - 2 * MARGIN for line in lines), (key, lines)
        assert pygame.Rect((0, 0), LOGICAL_SIZE).contains(box), key
        title_bottom = box.y + 24 + (len(lines) - 1) * TITLE_LINE + font.get_height()
        assert title_bottom < overlay.menu.rects[0].top, key


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "de"])
def test_the_leave_question_wraps_inside_its_box_over_the_pause_menu(driver, tmp_path, language):
    """The question a tester saw overflow, opened in a game as a player opens it (look at the screenshot)."""
    context = driver.app.context
    context.change_settings(context.settings.changed(language=language))
    setup = MatchSetup("falconi", (SeatPlan.human(0), SeatPlan.ai("easy"), SeatPlan.ai("easy"),
                                   SeatPlan.ai("easy")), (Person("Anna"),), seed=3)
    driver.app.stack.apply(Push(start_match_scene(context, Match(setup))))
    driver.run()
    assert isinstance(driver.top, PlayScene)
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, PauseOverlay)
    driver.save(screenshot_dir(tmp_path), f"overlay_pause_{language}")
    driver.click_item("quit")
    question = driver.top
    assert isinstance(question, ConfirmOverlay) and len(question.title_lines()) > 1
    driver.save(screenshot_dir(tmp_path), f"overlay_leave_question_{language}")
    box, screen = question.box(), driver.app.screen
    title_rows = range(box.y + 24, box.y + 24 + TITLE_LINE * len(question.title_lines()))
    drawn = [x for y in title_rows for x in range(LOGICAL_SIZE[0]) if screen.get_at((x, y))[:3] == ACCENT]
    assert drawn and box.left + MARGIN // 2 <= min(drawn) and max(drawn) <= box.right - MARGIN // 2


def thumb_rows(screen):
    """The rows of the scroll bar drawn in the thumb's colour."""
    return [y for y in range(TOP, TOP + ROWS * LINE) if screen.get_at((TRACK_X, y))[:3] == DIM]


def test_page_down_home_and_end_scroll_the_rules_help_as_they_scroll_the_log(driver, tmp_path):
    driver.keys(pygame.K_F1, pygame.K_LEFT, pygame.K_LEFT)  # back past the controls to Fredericus' rules
    rules = driver.top
    assert isinstance(rules, RulesOverlay) and rules.line_count() > 2 * ROWS
    driver.key(pygame.K_PAGEDOWN)
    assert rules.first == ROWS - 1
    driver.key(pygame.K_PAGEUP)
    assert rules.first == 0
    driver.key(pygame.K_END)
    assert rules.first == rules.line_count() - ROWS
    driver.key(pygame.K_DOWN)
    assert rules.first == rules.line_count() - ROWS  # the end stays the end
    driver.key(pygame.K_HOME)
    driver.wheel(-1)
    assert rules.first == 3
    driver.key(pygame.K_RIGHT)  # the next topic starts at its top
    assert rules.topic == len(rules.topics) - 1 and rules.first == 0


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_rules_help_has_a_scroll_bar_whose_thumb_follows_the_text(driver, tmp_path, language):
    context = driver.app.context
    context.change_settings(context.settings.changed(language=language))
    driver.key(pygame.K_F1)
    screen = driver.app.screen
    at_top = thumb_rows(screen)
    assert at_top and at_top[0] < TOP + 4
    driver.save(screenshot_dir(tmp_path), f"overlay_rules_top_{language}")
    driver.key(pygame.K_END)
    at_end = thumb_rows(screen)
    assert at_end and at_end[-1] > TOP + ROWS * LINE - 4
    assert screen.get_at((TRACK_X, TOP + 2))[:3] == PANEL_EDGE  # the track shows above the thumb
    driver.save(screenshot_dir(tmp_path), f"overlay_rules_end_{language}")


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_rules_page_is_drawn_to_its_last_sentence(driver, language):
    """Issue 52: the wrapper cut every text at 4,000 characters, so the French pages stopped in the middle of a
    rule. Opened with F1 and walked topic by topic with the arrows, scrolled to the end, each page's last lines
    end with its text's last sentence."""
    context = driver.app.context
    context.change_settings(context.settings.changed(language=language))
    driver.key(pygame.K_F1)
    rules = driver.top
    assert isinstance(rules, RulesOverlay)
    for _ in rules.topics:
        topic = rules.topics[rules.topic]
        if topic != "rules.controls":
            driver.key(pygame.K_END)
            shown = " ".join(rules.lines()[rules.first:])
            last = " ".join(context.tr(topic).split())[-60:]
            assert " ".join(shown.split()).endswith(last), f"{language} {topic} ends: {shown[-80:]!r}"
        driver.key(pygame.K_RIGHT)
