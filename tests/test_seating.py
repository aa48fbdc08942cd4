"""Each game's seat rules live in one place (``game/<game>/seating.py``) that the game's spec, its core, its save
reader, the command line's tools and the seat screen all ask: every way in refuses the same seats with the same
sentence."""

from __future__ import annotations

import itertools

import pytest

from devtools.falconi.setup import bots_from_spec as falconi_bots
from devtools.fredericus.setup import bots_from_spec as fredericus_bots
from game.core.errors import GameError, SeatSpecError, StateFormatError
from game.falconi import seating as falconi_seating
from game.falconi.constants import FUGITIVE, POLICE
from game.falconi.state import FalconiState
from game.fredericus import seating as fredericus_seating
from game.fredericus.state import FredericusState
from game.registry import game_spec
from scenes.boards import board


def _refusal(make) -> str | None:
    try:
        make()
    except (GameError, SeatSpecError, StateFormatError) as error:
        return str(error)
    return None


@pytest.mark.parametrize("in_play", list(itertools.product((True, False), repeat=4)))
def test_falconi_seats_are_refused_alike_by_the_spec_the_core_and_the_command_line(in_play):
    problem = falconi_seating.seats_problem(in_play)
    said = None if problem is None else problem.value
    police = [seat for seat in POLICE if in_play[seat]]
    assert _refusal(lambda: game_spec("falconi").check_seats(in_play)) == said
    if in_play[FUGITIVE]:
        assert _refusal(lambda: FalconiState.new_game("margherita", 1, police)) == said
    spec = ",".join("random" if playing else "off" for playing in in_play)
    arranged, _moved = falconi_seating.lone_police_at_port(in_play, lambda playing: not playing, False)
    moved_problem = falconi_seating.seats_problem(arranged)
    assert _refusal(lambda: falconi_bots(spec)) == (None if moved_problem is None else moved_problem.value)


def test_a_falconi_save_with_a_lone_police_car_away_from_the_port_is_refused_with_the_rules_sentence():
    data = FalconiState.new_game("margherita", 3, (POLICE[0], POLICE[2])).to_json()
    data["status"][POLICE[2]] = "off"
    data["cars"][POLICE[2]] = None
    data["reserves"][POLICE[2]] = []
    with pytest.raises(StateFormatError) as refused:
        FalconiState.from_json(data)
    assert str(refused.value) == falconi_seating.SeatsProblem.LONE_POLICE_AWAY_FROM_PORT.value


def test_the_falconi_seat_screen_lets_only_police_seats_be_empty_and_names_the_missing_police():
    falconi = board("falconi")
    assert [falconi.may_be_off(seat) for seat in range(4)] == [falconi_seating.may_be_off(seat) for seat in range(4)]
    assert falconi.seats_problem([True, False, False, False]) == "setup.error.no_police"
    assert falconi.seats_problem([True, False, True, False]) == ""


TABLES = [(True,), (True, True), (True, False), (True,) * 4, (True,) * 5, (True, True, False)]


@pytest.mark.parametrize("in_play", TABLES)
def test_fredericus_seats_are_refused_alike_by_the_spec_the_core_the_save_reader_and_the_command_line(in_play):
    said = fredericus_seating.seats_problem(in_play)
    assert _refusal(lambda: game_spec("fredericus").check_seats(in_play)) == said
    spec = ",".join("random" if playing else "off" for playing in in_play)
    assert _refusal(lambda: fredericus_bots(spec, len(in_play))) == said
    if all(in_play):
        assert _refusal(lambda: FredericusState.new_game(len(in_play), 1)) == said
        data = FredericusState.new_game(2, 1).to_json()
        data["players"] = len(in_play)
        if said is not None:
            assert _refusal(lambda: FredericusState.from_json(data)) == said
