"""Malformed Falconi saves are refused with a ``StateFormatError`` that says what is wrong, never a traceback;
and ``write_json_atomic`` never loses the old file nor leaves temporary files behind.

Saves are made by real games (``to_json``) and then broken one thing at a time.
"""

from __future__ import annotations

import copy
import functools
import random
from typing import Any

import pytest
from falconi_invariants import eager_chooser
from falconi_scenarios import fresh_escape

from game.core.errors import StateFormatError
from game.falconi.constants import ANSWER, DRIVE, ESCAPE_PLACE, POLICE
from game.falconi.state import FalconiState


# --- positions to break ---------------------------------------------------------------------------------------
def _play_until(variant: str, police: tuple[int, ...], wanted) -> dict[str, Any]:
    """The first position of a seeded "eager" random game for which ``wanted(state)`` holds, as JSON."""
    for seed in range(500):
        state = FalconiState.new_game(variant, seed, police)
        choose = eager_chooser(random.Random(seed))
        while True:
            if wanted(state):
                return state.to_json()
            if state.is_terminal():
                break
            state.apply(choose(state.legal_actions()))
    raise AssertionError(f"no {variant} position found")


@functools.cache
def _positions() -> dict[str, dict[str, Any]]:
    return {
        "place": FalconiState.new_game("margherita", 1, POLICE).to_json(),  # Don Falconi holds a drawn tile
        "drive": _play_until("funghi", POLICE, lambda s: s.phase == DRIVE and not s.pre_drive),
        "answer": _play_until("margherita", (2,), lambda s: s.phase == ANSWER),
        "escape": _play_until("prosciutto", POLICE, lambda s: s.phase == ESCAPE_PLACE),
        "salami": _play_until("salami", POLICE, lambda s: s.turn_number > 6 and s.phase != ESCAPE_PLACE),
        "diavola": FalconiState.new_game("diavola", 4, POLICE).to_json(),  # a secret accomplice
        "over": _play_until("prosciutto", (1, 3), lambda s: s.is_terminal()),
    }


def save(kind: str = "place") -> dict[str, Any]:
    """A fresh copy of a valid save of the given kind."""
    return copy.deepcopy(_positions()[kind])


def refused(data: Any, pattern: str) -> StateFormatError:
    with pytest.raises(StateFormatError, match=pattern) as error:
        FalconiState.from_json(data)
    return error.value


@pytest.mark.parametrize("kind", ["place", "drive", "answer", "escape", "salami", "diavola", "over"])
def test_every_position_used_here_loads_unchanged(kind: str) -> None:
    data = save(kind)
    assert FalconiState.from_json(data).to_json() == data


# --- the envelope -----------------------------------------------------------------------------------------------
def test_a_save_of_another_format_is_refused() -> None:
    data = save()
    data["format"] = "fredericus-state"
    refused(data, "not a falconi-state document .*fredericus-state")


def test_a_save_from_a_newer_version_is_refused() -> None:
    data = save()
    data["version"] = 4
    refused(data, r"newer version of the game \(format 4, this game reads up to 3\)")


def test_a_version_1_state_without_a_fresh_escape_tile_still_loads() -> None:
    data = save("salami")
    data["version"] = 1
    del data["fresh"]
    assert fresh_escape(FalconiState.from_json(data)) == -1


def test_a_version_2_state_without_must_smash_still_loads() -> None:
    data = save("diavola")
    data["version"] = 2
    del data["must_smash"]
    assert FalconiState.from_json(data).must_smash is False


@pytest.mark.parametrize("kind", ["salami", "place", "over"])
def test_f6_5_only_a_diavola_fugitive_in_his_turn_can_be_bound_to_smash(kind: str) -> None:
    data = save(kind)
    data["must_smash"] = True
    refused(data, "only Don Falconi in his own Diavola turn")


def test_f6_3_a_fresh_escape_tile_must_be_an_escape_tile_in_don_falconis_mode2_reserve() -> None:
    data = save("salami")
    data["fresh"] = "escape:port"
    refused(data, "fresh escape tile must be")


def test_f6_3_a_version_1_state_of_don_falconi_looking_at_a_drawn_escape_tile_is_refused_saying_why() -> None:
    data = save("salami")
    data["version"], data["phase"] = 1, "escape"
    data["drawn"] = data["pile"].pop()  # any tile: the phase alone is what the revised rules no longer have
    data["turn_seat"] = data["decider"] = 0
    refused(data, "revised|escape tile")


@pytest.mark.parametrize("version", [0, -1, "1", 1.0, True, None])
def test_a_save_with_an_unusable_version_is_refused(version: Any) -> None:
    data = save()
    data["version"] = version
    refused(data, "version")


@pytest.mark.parametrize("data", [None, [], 42, "falconi", [{"format": "falconi-state"}]], ids=repr)
def test_a_save_that_is_not_an_object_is_refused(data: Any) -> None:
    refused(data, "expected a falconi-state document")


# --- every top-level field --------------------------------------------------------------------------------------
# Fields that may be null are read as null when absent: drop them where they matter, and the position is
# impossible. Every other field is required by name.
NULLABLE = {
    "accomplice": ("diavola", "tiles do not add up: escape:"),
    "drawn": ("place", "tiles do not add up|placing needs a drawn road tile"),
    "drive_from": ("drive", "drive needs the place it starts from"),
    "catch_edge": ("answer", "answer needs its edge"),
    "outcome": ("over", "finished game needs the phase 'over' and an outcome"),
}
TOP_LEVEL = sorted(FalconiState.new_game("diavola", 1, POLICE).to_json())


def test_the_field_list_is_the_save_format() -> None:
    assert set(NULLABLE) <= set(TOP_LEVEL) and {"format", "version", "board", "pile", "cars"} <= set(TOP_LEVEL)
    assert all(set(save(kind)) == set(TOP_LEVEL) for kind in _positions())


# fresh: new in version 2; must_smash: new in version 3
@pytest.mark.parametrize("name", [name for name in TOP_LEVEL if name not in ("fresh", "must_smash")])
def test_a_save_missing_a_field_is_refused_naming_it(name: str) -> None:
    kind, pattern = NULLABLE.get(name, ("salami", f"'?{name}'?"))
    data = save(kind)
    assert data[name] is not None
    del data[name]
    refused(data, pattern)


WRONG_TYPES = [
    ("variant", 5), ("seed", "1"), ("seed", True), ("board", []), ("craters", "none"), ("closed", "4,4 N"),
    ("escapes", []), ("pile", {}), ("pile", 40), ("reserves", {}), ("set_aside", "x"), ("bombs", "2"),
    ("bombs", True), ("boosts", None), ("cars", {}), ("status", "active"), ("turn_seat", "0"), ("decider", None),
    ("phase", 1), ("actions_left", "3"), ("acted", None), ("pre_drive", 0), ("last_round", "no"), ("turn", 1.0),
    ("round", []), ("outcome", []), ("outcome", "caught"), ("fresh", 5),
]


@pytest.mark.parametrize(("name", "value"), WRONG_TYPES, ids=[f"{n}={v!r}" for n, v in WRONG_TYPES])
def test_a_field_of_the_wrong_type_is_refused_naming_it(name: str, value: Any) -> None:
    data = save("salami")
    data[name] = value
    refused(data, name)


BAD_VALUES = [
    ("variant", "hawaii", "unknown variant 'hawaii'"),
    ("pile", ["banana"], "unknown tile 'banana' in pile"),
    ("reserves", [[], [], []], "reserves must be four lists"),
    ("reserves", ["curve", [], [], []], "reserves must be four lists"),
    ("board", {"44": "curve r0"}, "not a cell: '44'"),
    ("board", {"4,4": "curvy r1"}, "not a tile"),
    ("board", {"4,4": "curve r7"}, "not a tile"),
    ("cars", ["4,8", "0,4 W", "4,0 N", "8,4 E"], "not a place: '4,8'"),
    ("cars", ["4,8 S", "0,4 W", "4,0 N"], "one entry per seat"),
    ("status", ["active", "active", "active", "sleeping"], "unknown car status 'sleeping'"),
    ("status", ["out", "active", "active", "active"], "Don Falconi must be in the game"),
    ("closed", ["4,4 N"], "closed edge at 4,4 N, where no tile lies"),
    ("craters", {"4,4": "curve r0"}, "no crater there"),
    ("bombs", 3, "at most 0 bombs"),
    ("accomplice", "port", "impossible accomplice 'port' in salami"),
    ("turn_seat", 7, "seat 7 cannot have the turn"),
    ("actions_left", 0, "1 to 3 actions left"),
    ("actions_left", 4, "1 to 3 actions left"),
]


@pytest.mark.parametrize(("name", "value", "pattern"), BAD_VALUES, ids=[f"{n}={v!r}" for n, v, _ in BAD_VALUES])
def test_a_field_with_an_impossible_value_is_refused(name: str, value: Any, pattern: str) -> None:
    data = save("salami")
    data[name] = value
    refused(data, pattern)


# --- positions that cannot happen -------------------------------------------------------------------------------
def _free_cell(data: dict[str, Any]) -> str:
    cars = {place.split(" ")[0] for place in data["cars"] if place}
    return next(f"{x},{y}" for y in range(9) for x in range(9) if f"{x},{y}" not in set(data["board"]) | cars)


def test_an_extra_tile_on_the_board_is_refused() -> None:
    data = save("salami")
    data["board"][_free_cell(data)] = "curve r0"
    refused(data, "tiles do not add up: curve: 21 instead of 20")


def test_a_lost_tile_is_refused() -> None:
    data = save("drive")
    lost = data["pile"].pop()
    refused(data, f"tiles do not add up: {lost}: .* instead of")


def test_a_tile_under_a_crater_counts() -> None:
    data = save("salami")
    cell, tile = next(iter(data["board"].items()))
    data["board"][cell] = "crater"
    data["craters"][cell] = "crossroads r0" if not tile.startswith("crossroads") else "curve r0"
    refused(data, "tiles do not add up")


def test_an_escape_tile_twice_is_refused() -> None:
    data = save("salami")
    data["pile"].append("escape:port")
    refused(data, "escape:port: 2 instead of 1")


@pytest.mark.parametrize("place", ["9,4 E", "4,9 S", "-1,4 W", "4,-1 N", "12,12 N"])
def test_a_car_outside_the_grid_is_refused(place: str) -> None:
    data = save("salami")
    data["cars"][2] = place
    refused(data, "outside the 9×9 grid")


@pytest.mark.parametrize("place", ["4,4 X", "4,4 north", "4,4"])
def test_a_car_with_no_entry_edge_is_refused(place: str) -> None:
    data = save("salami")
    data["cars"][0] = place
    refused(data, "not an edge|not a place")


@pytest.mark.parametrize("place", ["4,4 N", "0,0 W", "2,6 E"])
def test_f3_3_a_mode1_car_in_an_empty_cell_no_road_leads_into_is_refused(place: str) -> None:
    # A Margherita car waits at an open end: a road leads into its empty cell, or it is at its building.
    data = save("place")
    data["cars"][2] = place
    refused(data, "no road leads into")


def test_f3_3_a_mode1_car_at_the_end_of_a_road_loads() -> None:
    data = save("place")
    data["board"] = {"4,3": "straight r0"} | data["board"]
    data["pile"].remove("straight")
    data["cars"][2] = "4,4 N"
    FalconiState.from_json(data)


def test_a_game_without_police_is_refused() -> None:
    data = save("salami")
    data["status"] = ["active", "off", "off", "off"]
    data["cars"][1:] = [None, None, None]
    data["reserves"][1:] = [[], [], []]
    refused(data, "at least one police car")


def test_an_off_seat_with_a_car_is_refused() -> None:
    data = save("answer")  # only the Port car plays
    assert data["status"][1] == "off"
    data["cars"][1] = "0,4 W"
    refused(data, "seat 1 is off but has a car")


@pytest.mark.parametrize(
    ("slot", "district", "why"),
    [
        ("N4", "port", "the Port police station"),
        ("W4", "country", "the Country police station"),
        ("E4", "forest", "the Forest police station"),
        ("S4", "country", "the prison"),
        ("W1", "country", "a tunnel"),
        ("E1", "forest", "a tunnel"),
        ("S3", "country", "the prison piece, no district"),
        ("N0", "forest", "a Port slot"),
        ("W0", "port", "a Country slot"),
        ("E8", "forest", "a Country slot"),
        ("N0", "pepperoni", "no such district"),
        ("Q1", "port", "no such slot"),
    ],
)
def test_an_escape_tile_on_a_wrong_slot_is_refused(slot: str, district: str, why: str) -> None:
    data = save("salami")
    data["escapes"][slot] = district
    refused(data, rf"cannot lie on {slot}|no border slot called '{slot}'")


def test_an_escape_tile_on_a_plain_slot_of_its_district_loads() -> None:
    data = save("salami")
    item = next(item for item in data["pile"] if item.startswith("escape:"))
    data["pile"].remove(item)
    district = item.split(":")[1]
    slot = {"port": "N0", "country": "W0", "forest": "E0"}[district]
    data["escapes"][slot] = district
    assert FalconiState.from_json(data).to_json() == data


@pytest.mark.parametrize(("kind", "phase"), [("salami", "dance"), ("place", "ACTION"), ("place", "")])
def test_an_unknown_phase_is_refused(kind: str, phase: str) -> None:
    data = save(kind)
    data["phase"] = phase
    refused(data, f"unknown phase '{phase}'")


@pytest.mark.parametrize(("kind", "phase"), [("salami", "place"), ("salami", "answer"), ("place", "action")])
def test_a_phase_of_the_other_mode_is_refused(kind: str, phase: str) -> None:
    data = save(kind)
    data["phase"] = phase
    refused(data, f"phase '{phase}' does not exist in")


def test_an_unfinished_game_with_an_outcome_is_refused() -> None:
    data = save("drive")
    data["outcome"] = save("over")["outcome"]
    refused(data, "finished game needs the phase 'over' and an outcome, and only it")


def test_a_finished_game_without_an_outcome_is_refused() -> None:
    data = save("over")
    data["outcome"] = None
    refused(data, "finished game needs the phase 'over' and an outcome")


def test_the_phase_over_without_an_outcome_is_refused() -> None:
    data = save("salami")
    data["phase"] = "over"
    refused(data, "finished game needs the phase 'over'")


@pytest.mark.parametrize(
    ("outcome", "pattern"),
    [
        ({"termination": "catch", "winners": [9], "reason": "x"}, "winners must be seats in play"),
        ({"termination": "catch", "winners": ["2"], "reason": "x"}, "winners must be seats in play"),
        ({"termination": "catch", "reason": "x"}, "outcome has no field 'winners'"),
        ({"termination": 3, "winners": "same", "reason": "x"}, "'termination' must be text"),
        ({"termination": "catch", "winners": None, "reason": "x"}, "'winners' must be a list"),
        ({"termination": "catch", "winners": "same"}, "outcome has no field 'reason'"),
        ({"termination": "caught", "winners": "same", "reason": "x"}, "unknown termination 'caught'"),
    ],
)
def test_a_malformed_outcome_is_refused(outcome: dict[str, Any], pattern: str) -> None:
    data = save("over")
    data["outcome"] = dict(outcome)
    if outcome.get("winners") == "same":
        data["outcome"]["winners"] = save("over")["outcome"]["winners"]
    refused(data, pattern)


def test_an_answer_without_a_bomb_left_is_refused() -> None:
    data = save("answer")
    data["bombs"] = 0
    refused(data, "answer needs its edge and a bomb")


def test_an_escape_decision_without_the_drawn_escape_tile_is_refused() -> None:
    data = save("escape")
    data["pile"].append(data["drawn"])
    data["drawn"] = None
    refused(data, "escape tile needs the drawn escape tile")
