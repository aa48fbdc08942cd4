"""Each language reads as if written in it: no word said twice in a row ("la carte carte ciel"), as written in a
catalog or as the board composes it from several catalog texts; nothing left in English but names and the words
the language shares with English; keys named as that language's keyboards print them."""

from __future__ import annotations

import random
import re
import string

import pygame
import pytest

from game.ai.service import AIService
from game.falconi.state import FalconiState
from game.fredericus import FredericusState
from game.i18n import Translator, catalog
from game.services.saves import SaveStore
from game.services.settings import LANGUAGES, Settings
from scenes.context import AppContext
from scenes.falconi.view import FalconiView
from scenes.fredericus.view import FredericusView
from scenes.kit.input import InputMapper
from scenes.pages.overlays import RulesOverlay

_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")
# Words a language repeats on purpose: French reflexives ("nous nous retrouvons").
_REPEATED_ON_PURPOSE = {"fr": {"nous", "vous"}}
# Per language, the words it writes as English does: names, words the two languages share, and keys as its
# keyboards print them.
_SAME_AS_ENGLISH = {
    "it": {"catch", "don", "falconi", "fredericus", "pizza", "margherita", "diavola", "chimera", "gamepad",
           "english", "italiano", "deutsch", "français", "replay", "password", "tutorial", "tutor", "esc", "ctrl"},
    "de": {"catch", "don", "falconi", "fredericus", "pizza", "margherita", "funghi", "prosciutto", "salami",
           "diavola", "reserve", "boosts", "basilisk", "start", "gamepad", "normal", "english", "italiano",
           "deutsch", "français", "pause", "tutorial", "tutor", "esc", "enter"},
    "fr": {"catch", "don", "falconi", "fredericus", "pizza", "margherita", "funghi", "prosciutto", "salami",
           "diavola", "port", "prison", "police", "actions", "boosts", "manticore", "manticores", "dragon",
           "dragons", "harpies", "total", "point", "points", "english", "italiano", "deutsch", "français",
           "pause", "tables", "page", "ctrl"},
}


def words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def doubled(text: str, language: str) -> list[str]:
    """Each pair of neighbouring words where the second repeats the first, whole ("carte carte") or as the end of
    a compound ("Karte Himmelskarte")."""
    found = []
    text = re.sub(r"\{[^{}]*\}", " | ", text).lower()  # a placeholder parts the words on either side
    spans = list(_WORD.finditer(text))
    neighbours = [(one.group(), two.group()) for one, two in zip(spans, spans[1:])
                  if not text[one.end():two.start()].strip()]  # only a space between: "you, you" is no pair
    for first, second in neighbours:
        if first in _REPEATED_ON_PURPOSE.get(language, set()):
            continue
        if first == second or (len(first) >= 4 and len(second) >= len(first) + 4 and second.endswith(first)):
            found.append(f"{first} {second}")
    return found


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_catalog_text_says_a_word_twice(language):
    found = {key: doubled(text, language) for key, text in catalog(language).items()}
    assert {key: pairs for key, pairs in found.items() if pairs} == {}


def test_the_check_finds_a_doubled_word_and_a_doubled_compound():
    assert doubled("Le faucon capture la carte carte ciel", "fr") == ["carte carte"]
    assert doubled("Karte Himmelskarte verschieben", "de") == ["karte himmelskarte"]
    assert doubled("Nous nous retrouvons", "fr") == []
    assert doubled("la carte {card}", "fr") == []


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != "en"])
def test_only_names_and_shared_words_are_left_in_english(language):
    english, other = catalog("en"), catalog(language)
    left = {key: sorted({word for word in words(re.sub(r"\{[^{}]*\}", " ", text)) if len(word) > 2}
                        - _SAME_AS_ENGLISH[language])
            for key, text in other.items() if text == english[key]}
    assert {key: rest for key, rest in left.items() if rest} == {}


@pytest.fixture(scope="module")
def context(tmp_path_factory):
    pygame.init()
    folder = tmp_path_factory.mktemp("data")
    yield AppContext(Settings(), folder, SaveStore(folder), AIService(), InputMapper())
    pygame.quit()


def _games(new_game, seeds):
    for seed in seeds:
        state = new_game(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            yield state
            action = rng.choice(state.legal_actions())
            yield state.narrate(action)
            state.apply(action)


_RAW_KEY = re.compile(r"\b[a-z_]+\.[a-z_]+(\.[a-z_0-9]+)*\b")


@pytest.mark.slow
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", ["falconi", "fredericus"])
def test_what_the_board_and_the_log_compose_says_no_word_twice(context, language, game):
    """Every step's words on the board and every log line of random games, in each language: the texts are
    composed from several catalog texts, which is where "la carte {card}" met "carte ciel"."""
    tr = Translator(language)
    context.tr = tr
    if game == "falconi":
        view = FalconiView(context)
        variants = ("margherita", "prosciutto", "diavola")
        states = _games(lambda seed: FalconiState.new_game(variants[seed % 3], seed), range(3))
    else:
        view = FredericusView(context)
        states = _games(lambda seed: FredericusState.new_game(2 + seed % 3, seed, short_game=seed % 2 == 0),
                        range(3))
    said: set[str] = set()
    for state in states:
        if not hasattr(state, "legal_actions"):
            said.add(tr.message(state))
            continue
        for action in state.legal_actions():
            said.update(view.label(state, step) for step in view.steps(state, action))
    assert len(said) > 200  # the walk reached many texts
    problems = {text: doubled(text, language) for text in said}
    assert {text: pairs for text, pairs in problems.items() if pairs} == {}
    assert sorted(text for text in said if _RAW_KEY.search(text)) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_controls_name_the_keys_as_the_language_prints_them(context, language):
    context.tr = Translator(language)
    overlay = RulesOverlay(context, None)
    overlay.topic = overlay.topics.index("rules.controls")
    lines = overlay.lines()
    enter = {"en": "Enter", "it": "Invio", "de": "Enter", "fr": "Entrée"}[language]
    confirm = next(line for line in lines if line.startswith(context.tr("help.keys.confirm")))
    assert enter in confirm
    if language == "fr":  # French sets a space before a colon
        assert all(" : " in line for line in lines) and not any(re.search(r"\w: ", line) for line in lines)
    if language == "de":
        assert any("Strg+Z" in line for line in lines)
    assert all(char in string.printable or char.isalpha() or char in "·…«»’ " for line in lines for char in line)


def test_french_elides_an_article_that_meets_a_vowel_from_a_field():
    tr = Translator("fr")
    assert tr("fredericus.step.capture", raptor="autour", card="le phénix", tower=4).startswith("L'autour capture")
    assert tr("fredericus.step.capture", raptor="faucon", card="le phénix", tower=4).startswith("Le faucon capture")
    assert "pose-le au bout" in tr("tutorial.fredericus.move_card")  # a pronoun after its verb stays whole


def test_italian_elides_an_article_that_meets_a_vowel_from_a_field():
    """A newcomer read "Sposta il astore Rosso": the row's card comes with its article, the raptor's name does
    not, and a template's "il" meets it."""
    from game.i18n import _ELISIONS, _elided

    said = _ELISIONS["it"].sub(_elided, "Sposta il astore. Il astore. la arpia. Il falco. la casa")
    assert said == "Sposta l'astore. L'astore. l'arpia. Il falco. la casa"
