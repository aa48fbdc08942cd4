"""Issue 52, rules with pictures: the rules help shows diagrams drawn with the games' own sprites from real game
states, each beside its caption in every language; F1 on a board opens the page at the step the player is at;
``python main.py screenshots`` draws the same diagrams where ``docs/rules-*.md`` show them."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest
from event_player import _choose_step, choose
from scene_driver import screenshot_dir

from game.falconi.constants import DRIVE
from game.falconi.options import FalconiOptions
from game.fredericus.options import FredericusOptions
from game.i18n import catalog
from game.services.match import Match, MatchSetup, Person, SeatPlan
from game.services.settings import LANGUAGES
from scenes.boards import board, boards
from scenes.falconi import diagrams as falconi_diagrams
from scenes.kit import diagram
from scenes.kit.chooser import GROUP
from scenes.kit.colours import PANEL
from scenes.kit.stack import Push
from scenes.pages.log_overlay import BOX, LINE, ROWS, TOP
from scenes.pages.overlays import RULES_WIDTH, RulesOverlay
from scenes.pages.rules_page import CAPTION_SIZE, PICTURE_ROOM, RulesPage
from scenes.playing.play import PlayScene
from scenes.playing.sources.local import start_match_scene

ROOT = Path(__file__).resolve().parents[1]
FIGURES = [figure for spec in boards() for figure in spec.illustrations.every_figure()]
ANNA, EASY = SeatPlan.human(0), SeatPlan.ai("easy")


def in_language(driver, language):
    context = driver.app.context
    context.change_settings(context.settings.changed(language=language))
    return context


def drawn_share(picture: pygame.Surface) -> float:
    """The share of a picture's pixels that are not the panel's plain colour behind it."""
    pixels = pygame.image.tobytes(picture, "RGB")
    plain = bytes(PANEL)
    total = len(pixels) // 3
    return sum(pixels[index:index + 3] != plain for index in range(0, len(pixels), 3)) / total


def test_each_game_has_at_least_five_diagrams():
    names = [figure.name for figure in FIGURES]
    assert len({name for name in names if name.startswith("falconi-")}) >= 5
    assert len({name for name in names if name.startswith("fredericus-")}) >= 5


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_diagram_is_drawn_in_every_language_with_its_sprites(driver, language):
    context = in_language(driver, language)
    for figure in FIGURES:
        picture = diagram.picture(context, figure, PICTURE_ROOM)
        assert picture.get_width() <= PICTURE_ROOM[0] and picture.get_height() <= PICTURE_ROOM[1], figure.name
        assert drawn_share(picture) > 0.25, f"{figure.name} is mostly blank"
        assert len(set(pygame.image.tobytes(picture, "RGB")[::7])) > 40, f"{figure.name} has no sprites in it"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_caption_is_written_and_fits_beside_its_diagram(driver, language):
    context = in_language(driver, language)
    font = context.text.font(CAPTION_SIZE)
    for figure in FIGURES:
        assert figure.caption in catalog(language), f"{figure.caption} missing in {language}"
    for spec in boards():
        for topic in spec.illustrations.figures:
            page = RulesPage(context, topic, RULES_WIDTH)
            captions = [row for row in page.rows if row.indent]
            assert captions, topic
            for row in captions:
                assert font.size(row.text)[0] <= RULES_WIDTH - row.indent, (language, topic, row.text)
            for placed in page.pictures:  # the picture stands within its rows, left of its caption
                assert placed.image.get_height() + 4 <= placed.rows * LINE
                assert placed.image.get_width() < min(row.indent for row in page.rows[placed.row:placed.row + 1])


def test_the_diagrams_stand_at_the_same_paragraph_in_every_language():
    """A figure is placed by its paragraph's number, the same in every language: so every translation has its
    headings where the English has them, and a figure follows a paragraph of text, never the last."""
    for spec in boards():
        for topic, placed in spec.illustrations.figures.items():
            shapes = {language: [paragraph.isupper() for paragraph in catalog(language)[topic].split("\n")]
                      for language in LANGUAGES}
            assert all(shape == shapes["en"] for shape in shapes.values()), topic
            for paragraph, figure in placed:
                assert paragraph < len(shapes["en"]) - 1 and not shapes["en"][paragraph], (topic, figure.name)
        for topic, sections in spec.illustrations.sections.items():
            assert all(0 <= paragraph < len(catalog("en")[topic].split("\n")) for paragraph in sections.values())


def test_a_diagram_cut_by_the_scroll_never_covers_the_hint(driver, tmp_path):
    """Scrolled so that a diagram runs past the last row, what lies below the rows is the same as on a page with
    no diagram (the controls)."""
    context = driver.app.context
    rules = RulesOverlay(context, None)
    rules.topic = rules.topics.index("rules.falconi.margherita")
    rules.first = rules.page().figure_row("falconi-catch") - ROWS + 3  # its top three rows show
    driver.app.stack.apply(Push(rules))
    driver.run(2)
    below = pygame.Rect(BOX.x, TOP + ROWS * LINE, BOX.width, BOX.bottom - TOP - ROWS * LINE)
    cut = driver.app.screen.subsurface(below).copy()
    driver.save(screenshot_dir(tmp_path), "rules_diagram_cut")
    rules.topic = rules.topics.index("rules.controls")
    driver.run(2)
    assert pygame.image.tobytes(cut, "RGB") == pygame.image.tobytes(driver.app.screen.subsurface(below), "RGB")


# --- F1 on a board ---------------------------------------------------------------------------------------------
def start(driver, setup: MatchSetup) -> PlayScene:
    driver.app.stack.apply(Push(start_match_scene(driver.app.context, Match(setup))))
    driver.run(2)
    scene = driver.top
    assert isinstance(scene, PlayScene)
    return scene


def rules_opened_with_f1(driver, topic: str) -> RulesOverlay:
    driver.key(pygame.K_F1)
    rules = driver.top
    assert isinstance(rules, RulesOverlay) and rules.topics[rules.topic] == topic
    return rules


def opens_at(rules: RulesOverlay, paragraph: int) -> bool:
    """The page shows ``paragraph`` at its top (or its heading just above it)."""
    return rules.first == rules.page().first_row(paragraph) and rules.first > 0


def falconi(variant: str) -> MatchSetup:
    return MatchSetup("falconi", (ANNA, EASY, EASY, EASY), (Person("Anna"),), seed=3,
                      options=FalconiOptions.named(variant))


def test_f1_opens_the_falconi_rules_at_placing_then_at_driving(driver):
    scene = start(driver, falconi("margherita"))
    rules = rules_opened_with_f1(driver, "rules.falconi.margherita")
    assert opens_at(rules, 11)  # "Place the tile in the empty cell in front of your car"
    driver.key(pygame.K_ESCAPE)
    choose(driver, scene, scene.match.state.legal_actions()[0], "keyboard")
    assert scene.match.state.phase == DRIVE
    assert opens_at(rules_opened_with_f1(driver, "rules.falconi.margherita"), 12)  # "Drive to the end of the road"


def test_f1_in_a_mode_ii_turn_opens_at_the_action_the_player_is_taking(driver):
    """Pizza Salami: at the prison placing is all Don Falconi can do, so F1 opens at placing; with a tile laid he
    may do more (place, draw…), and F1 opens at the list of actions; once he has picked a tile to place, at
    placing."""
    scene = start(driver, falconi("salami"))
    assert opens_at(rules_opened_with_f1(driver, "rules.falconi.salami"), 12)
    driver.key(pygame.K_ESCAPE)
    choose(driver, scene, scene.match.state.legal_actions()[0], "keyboard")
    chooser = scene.chooser
    verbs = {action.verb for action in chooser.candidates()}
    assert "place" in verbs and len(verbs) > 1
    assert opens_at(rules_opened_with_f1(driver, "rules.falconi.salami"), 10)
    driver.key(pygame.K_ESCAPE)
    place = next(action for action in chooser.candidates() if action.verb == "place")
    first_step = chooser.paths[place][0]
    _choose_step(driver, chooser, first_step, "keyboard", 0)
    assert chooser.prefix and chooser.prefix[0] in ((GROUP, "place"), first_step)
    assert opens_at(rules_opened_with_f1(driver, "rules.falconi.salami"), 12)


def test_f1_opens_the_fredericus_rules_at_the_betting(driver, tmp_path):
    setup = MatchSetup("fredericus", (ANNA, EASY), (Person("Anna"),), seed=1, options=FredericusOptions(False))
    scene = start(driver, setup)
    assert scene.match.state.phase_name == "bet"
    rules = rules_opened_with_f1(driver, "rules.fredericus")
    assert opens_at(rules, 4)  # the set-up, where the tokens are bet
    driver.save(screenshot_dir(tmp_path), "rules_f1_fredericus")


def test_the_step_a_falconi_player_is_at_names_its_paragraph():
    """The moments F1 cannot reach in a short test: answering a catch (the bomb behind him), and a Diavola
    accomplice chosen."""
    answer = falconi_diagrams.played("margherita", 565, falconi_diagrams.CHASE[:21])
    assert falconi_diagrams.section_of(answer, answer.legal_actions()) == "answer"
    diavola = falconi_diagrams.played("diavola", 1, falconi_diagrams.ACCOMPLICE)
    accomplices = [action for action in diavola.legal_actions() if action.verb == "accomplice"]
    assert falconi_diagrams.section_of(diavola, accomplices) == "accomplice"
    assert falconi_diagrams.section_of(diavola, diavola.legal_actions()) == "turn"
    sections = board("falconi").illustrations.sections
    assert sections["rules.falconi.margherita"]["answer"] == 19  # "Behind him: before a catch…"
    assert sections["rules.falconi.diavola"]["accomplice"] == 26  # "His accomplice is an escape tile…"


# --- the docs ---------------------------------------------------------------------------------------------------
def doc_images() -> set[str]:
    """Every image ``docs/rules-*.md`` shows, by its path under ``docs/``."""
    return {match for doc in ROOT.glob("docs/rules-*.md")
            for match in re.findall(r"!\[[^\]]*\]\(([^)]+\.png)\)", doc.read_text(encoding="utf-8"))}


def test_every_image_the_rules_docs_show_exists_and_is_small():
    shown = doc_images()
    assert len([name for name in shown if "falconi-" in name]) >= 5
    assert len([name for name in shown if "fredericus-" in name]) >= 5
    for name in shown:
        path = ROOT / "docs" / name
        assert path.is_file(), name
        assert path.stat().st_size < 60_000, name


@pytest.mark.slow
def test_the_screenshots_command_draws_the_docs_diagrams_the_same_each_run(tmp_path):
    from cli import main

    assert main(["screenshots", "--out", str(tmp_path / "shots"), "--only", "title"]) == 0
    assert not (tmp_path / "diagrams").exists()  # only the screens asked for
    from devtools.screenshots import save_diagrams

    first = {path.name: path.read_bytes() for path in save_diagrams(tmp_path / "first")}
    second = {path.name: path.read_bytes() for path in save_diagrams(tmp_path / "second")}
    assert first == second
    assert {f"images/rules/{name}" for name in first} >= doc_images()


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_page_opened_at_a_step_starts_at_its_paragraph_or_heading_never_mid_sentence(driver, language):
    """F1 once opened on "bâtiment, tout demi-tour le ferait).", the end of the paragraph before: the first row
    shown is now the paragraph's own first row, or its heading in capitals just above it."""
    context = driver.app.context
    context.change_settings(context.settings.changed(language=language))
    for spec in boards():
        for topic, sections in spec.illustrations.sections.items():
            page = RulesOverlay(context, None)
            page.topic = page.topics.index(topic)
            rules = page.page()
            for paragraph in set(sections.values()):
                first = rules.first_row(paragraph)
                own = rules.paragraph_rows[paragraph]
                assert first == own or (first == own - 1 and rules.rows[first].text.strip().isupper()) or (
                    first == len(rules.rows) - ROWS), (topic, paragraph, rules.rows[first].text)
