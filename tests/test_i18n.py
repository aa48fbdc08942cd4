"""The four catalogs (English, Italian, German, French) offer the same keys with the same placeholders, and
every key the scenes ask for exists."""

import re
import string
from pathlib import Path

import pytest

from game.i18n import CATALOG_FOLDER, Translator, catalog
from game.services.settings import LANGUAGES

ROOT = Path(__file__).resolve().parent.parent


def placeholders(text):
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != "en"])
def test_every_catalog_has_the_english_keys_and_placeholders(language):
    english, other = catalog("en"), catalog(language)
    assert sorted(set(english) - set(other)) == [], "keys missing"
    assert sorted(set(other) - set(english)) == [], "keys only in this language"
    for key, text in english.items():
        assert placeholders(other[key]) == placeholders(text), key


@pytest.mark.parametrize("language", LANGUAGES)
def test_catalogs_are_split_by_area_with_the_same_files(language):
    assert sorted(p.name for p in (CATALOG_FOLDER / language).glob("*.json")) == sorted(
        p.name for p in (CATALOG_FOLDER / "en").glob("*.json"))


def test_every_literal_key_the_scenes_use_exists():
    english = catalog("en")
    used = set()
    for path in (ROOT / "scenes").rglob("*.py"):
        used |= set(re.findall(r'tr\("([a-z_.0-9]+)"', path.read_text(encoding="utf-8")))
    assert sorted(key for key in used if key not in english) == []


def test_a_missing_key_shows_itself_and_fields_are_filled():
    tr = Translator("de")
    assert tr("no.such.key") == "no.such.key"
    assert "Anna" in tr("handover.title", name="Anna")
