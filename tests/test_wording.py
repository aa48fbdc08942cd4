"""Words a newcomer misread (issue 38, point 8): each says what it does, in every language."""

from __future__ import annotations

import pytest

from game.i18n import Translator
from game.services.settings import LANGUAGES

# The word each language uses for the program as a whole (not the match under way), and for "new".
PROGRAM = {"en": "desktop", "it": "programma", "de": "Programm", "fr": "programme"}
NEW = {"en": "new", "it": "nuova", "de": "neue", "fr": "nouvelle"}


def test_the_italian_take_back_says_undo_not_replay():
    """"Rigioca il mio ultimo turno" read as "replay my last turn"; the item takes it back."""
    words = Translator("it")("pause.take_back")
    assert "Rigioca" not in words and words.startswith("Annulla")


def test_the_italian_refusal_of_a_take_back_speaks_of_undoing_too():
    """The message when there is nothing to take back said "da rigiocare" (to replay) as the old item did."""
    words = Translator("it")("play.cannot_take_back")
    assert "rigioc" not in words.lower() and "annullare" in words


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_title_menus_quit_question_says_the_program_ends_not_the_match(language):
    """German "Das Spiel beenden?" did not say whether the match or the program ends."""
    assert PROGRAM[language] in Translator(language)("confirm.quit_game")


@pytest.mark.parametrize("language", LANGUAGES)
def test_new_games_tip_says_it_starts_a_new_game(language):
    """*New game* showed its play icon's tip, "Go on: start or carry on" (French "Continuer : …")."""
    tr = Translator(language)
    tip = tr("menu.new_game.tip")
    assert NEW[language] in tip.lower() and tip != tr("tips.icon.play") and tip != tr("tips.icon.resume")


def test_the_title_shows_new_games_own_tip(driver):
    assert driver.top.menu.item("new").tip == "menu.new_game.tip"
