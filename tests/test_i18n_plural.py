"""Counted texts: each language picks the singular or the plural form for a count, and every counted key the
scenes use has both forms in every catalog."""

import re
from pathlib import Path

import pytest

from game.i18n import Translator, catalog
from game.services.settings import LANGUAGES

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("language,singular", [("en", {1}), ("it", {1}), ("de", {1}), ("fr", {0, 1})])
def test_each_language_says_its_singular_counts_with_the_one_form(language, singular):
    tr = Translator(language)
    forms = {count: tr.plural("fredericus.board.points", count) for count in range(4)}
    for count, text in forms.items():
        form = "one" if count in singular else "other"
        assert text == tr(f"fredericus.board.points.{form}", count=count)
        assert str(count) in text


def test_the_english_panel_counts_one_point_and_two_points():
    tr = Translator("en")
    assert [tr.plural("fredericus.board.points", count) for count in (0, 1, 2)] == ["0 points", "1 point", "2 points"]


def test_a_counted_text_fills_its_other_fields_too():
    assert Translator("de").plural("fredericus.info.winner", 1, name="Rot") == "Rot gewinnt mit 1 Punkt"


def test_every_counted_key_the_scenes_use_has_both_forms_in_every_catalog():
    used = set()
    for path in (ROOT / "scenes").rglob("*.py"):
        used |= set(re.findall(r'tr\.plural\("([a-z_.0-9]+)"', path.read_text(encoding="utf-8")))
    assert used
    for language in LANGUAGES:
        texts = catalog(language)
        assert sorted(f"{key}.{form}" for key in used for form in ("one", "other")
                      if f"{key}.{form}" not in texts) == [], language
