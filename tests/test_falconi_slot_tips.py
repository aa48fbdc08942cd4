"""The border's tips say only what the pizza has (issue 38, point 7): Margherita and Funghi have no escape
tiles, so a district's edge is not "where its escape tile is laid" there."""

from __future__ import annotations

import pytest
from registry_cases import pizzas

from game.falconi.citymap import default_city
from game.falconi.variants import VARIANTS
from game.i18n import Translator
from game.services.settings import LANGUAGES
from scenes.falconi.draw import slot_tip


@pytest.mark.parametrize("variant", pizzas())
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_districts_edge_tells_of_escape_tiles_only_in_a_pizza_that_has_them(variant, language):
    tr = Translator(language)
    [slot] = [slot for slot in default_city().slots if slot.district and slot.role not in ("station", "prison")][:1]
    told = tr.message(slot_tip(slot, VARIANTS[variant].escapes))
    escape_words = tr("falconi.tile.escape", district="").split("(")[0].strip()
    assert (escape_words.lower() in told.lower()) == VARIANTS[variant].escapes, told
