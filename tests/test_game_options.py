"""Each game's options record: the defaults of a set-up that names none, the JSON its saves have always held,
and a clear refusal of a value its type cannot hold."""

import pytest
from conformance import option_sets
from takeaway_game import TAKEAWAY

from game.core.errors import GameError, StateFormatError
from game.falconi.options import FalconiOptions
from game.fredericus.options import FredericusOptions
from game.registry import game_names, game_spec
from game.services.match import MatchSetup, SeatPlan

SPECS = [*map(game_spec, game_names()), TAKEAWAY]


def test_a_set_up_that_names_no_options_plays_its_games_defaults():
    falconi = MatchSetup("falconi", (SeatPlan.human(0),) + (SeatPlan.ai("easy"),) * 3)
    fredericus = MatchSetup("fredericus", (SeatPlan.human(0), SeatPlan.ai("easy")))
    assert falconi.options == FalconiOptions("margherita") and fredericus.options == FredericusOptions(False)


def test_the_options_write_the_keys_and_values_saves_have_always_held():
    assert FalconiOptions("funghi").to_json() == {"variant": "funghi"}
    assert FredericusOptions(True).to_json() == {"short_game": True}


@pytest.mark.parametrize("spec", SPECS, ids=lambda spec: spec.name)
def test_every_record_of_a_games_options_comes_back_equal_from_its_json(spec):
    for options in option_sets(spec):
        assert spec.options_type.from_json(options.to_json()) == options


def test_a_pizza_is_read_in_any_case_and_kept_in_its_own_spelling():
    salami = FalconiOptions("salami")
    assert FalconiOptions.named(" Salami ") == FalconiOptions.from_json({"variant": "SALAMI"}) == salami


def test_a_pizza_that_is_none_of_the_five_is_refused_naming_them():
    with pytest.raises(GameError, match="unknown variant 'hawaii'; choose one of margherita, funghi"):
        FalconiOptions("hawaii")


@pytest.mark.parametrize(("read", "data", "message"), [
    (FalconiOptions.from_json, {}, "the match set-up has no field 'variant'"),
    (FalconiOptions.from_json, {"variant": 3}, "field 'variant' must be"),
    (FredericusOptions.from_json, {"short_game": 1}, "field 'short_game' must be"),
])
def test_options_of_the_wrong_type_in_a_save_are_refused_with_a_clear_message(read, data, message):
    with pytest.raises(StateFormatError, match=message):
        read(data)
