"""Malformed Falconi saves, continued: garbage text, random damage, the shapes engine bugs could write, and
``write_json_atomic`` (the old file is never lost, no temporary file is left)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_falconi_json import TOP_LEVEL, _free_cell, refused, save

from game.core.errors import StateFormatError
from game.core.jsonio import parse_json_text, read_json_file, write_json_atomic
from game.falconi.state import FalconiState


# --- garbage text ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    ["", "   ", "{", "[1, 2", "not json", "{'format': 'falconi-state'}", '{"a": 1,}', "nan nan", b"\xff\xfe\x00",
     b"\x80abc", "[" * 100_000, '{"format": "falconi-state"' + "}" * 3],
    ids=["empty", "blank", "open brace", "open list", "words", "python dict", "trailing comma", "two values",
         "utf-16 junk", "bad utf-8", "deep nesting", "extra braces"],
)
def test_garbage_text_is_a_state_format_error(text: str | bytes) -> None:
    with pytest.raises(StateFormatError, match="not valid JSON"):
        parse_json_text(text)


@pytest.mark.parametrize("text", ["null", "[]", "42", '"falconi"', '{"format": "falconi-state", "version": 1}'])
def test_valid_json_that_is_no_save_is_a_state_format_error(text: str) -> None:
    with pytest.raises(StateFormatError):
        FalconiState.from_json(parse_json_text(text))


def test_a_save_read_back_from_text_loads() -> None:
    data = save("answer")
    assert FalconiState.from_json(parse_json_text(json.dumps(data))).to_json() == data
    assert FalconiState.from_json(parse_json_text(json.dumps(data).encode("utf-8"))).to_json() == data


def test_reading_a_missing_or_broken_file_is_a_state_format_error(tmp_path: Path) -> None:
    with pytest.raises(StateFormatError, match="cannot read"):
        read_json_file(tmp_path / "nowhere.json")
    broken = tmp_path / "broken.json"
    broken.write_bytes(b'{"format": "falconi-st')
    with pytest.raises(StateFormatError, match="not valid JSON"):
        read_json_file(broken)
    with pytest.raises(StateFormatError, match="cannot read"):
        read_json_file(tmp_path)  # a folder


# --- fuzzing: a broken save is refused, never a crash -----------------------------------------------------------
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 90) | st.sampled_from(
        ["", "x", "4,4 N", "9,9 N", "4,4", "N", "S4", "N0", "over", "place", "drive", "answer", "blast", "escape",
         "action", "curve r0", "crater", "escape:port", "straight", "active", "off", "out", "port"]
    ),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(["4,4", "N0", "x"]), inner, max_size=2),
    max_leaves=6,
)


@pytest.mark.slow
@settings(max_examples=400)
@given(
    kind=st.sampled_from(["place", "drive", "answer", "escape", "salami", "diavola", "over"]),
    edits=st.lists(st.tuples(st.sampled_from(TOP_LEVEL), st.integers(0, 200), JSON_VALUES), min_size=1, max_size=2),
)
def test_a_randomly_broken_save_is_refused_or_loads_but_never_crashes(kind: str, edits: list[Any]) -> None:
    data = save(kind)
    for name, index, value in edits:
        inner = data[name]
        if isinstance(inner, list) and inner and index % 2:
            inner[index % len(inner)] = value  # break one item inside a list (pile, reserves, cars, ...)
        elif isinstance(inner, dict) and inner and index % 2:
            inner[sorted(inner)[index % len(inner)]] = value
        else:
            data[name] = value
    try:
        state = FalconiState.from_json(data)
    except StateFormatError as error:
        assert str(error).strip()
        return
    for action in state.legal_actions():  # what loads must be playable
        state.clone().apply(action)


# --- engine bugs: impossible saves that load, or crash instead of being refused --------------------------------------
@pytest.mark.parametrize("where", ["pile", "reserves", "set_aside", "drawn"])
def test_a_list_where_a_tile_name_belongs_is_refused(where: str) -> None:
    """``_Reader.items`` tests ``name not in ITEM_BY_NAME`` on an unhashable value: TypeError, not refused."""
    data = save("place" if where != "reserves" else "salami")
    if where == "drawn":
        data["drawn"] = ["straight"]
    elif where == "reserves":
        data["reserves"][1] = [["curve"]]
    else:
        data[where][0] = {"tile": "curve"}
    refused(data, "tile")


def test_a_drive_from_an_empty_cell_is_refused() -> None:
    """Mode I, phase 'drive', drive_from on a cell without a tile: IndexError in network.explore."""
    data = save("drive")
    data["drive_from"] = _free_cell(data) + " N"
    refused(data, "drive|no tile|empty")


def test_placing_a_drawn_escape_tile_on_the_road_is_refused() -> None:
    """Mode I, phase 'place' with an escape tile as the drawn tile: IndexError in mode1.placement_options."""
    data = save("place")
    data["pile"].append(data["drawn"])
    data["drawn"] = "escape:port"
    data["set_aside"].remove("escape:port")
    refused(data, "escape|drawn|place")


def test_an_answer_without_the_drive_it_interrupts_is_refused() -> None:
    """Phase 'answer' with drive_from null loads, and then 'bomb' crashes (IndexError in network.explore)."""
    data = save("answer")
    data["drive_from"] = None
    refused(data, "drive|answer")


def test_a_place_decision_without_a_tile_to_place_is_refused() -> None:
    """Margherita, phase 'place', no drawn tile and no reserve: it loads and offers 'place overpass …' — a tile
    made from nothing (placement_options indexes the tables with kind -1)."""
    data = save("place")
    data["pile"].append(data["drawn"])
    data["drawn"] = None
    refused(data, "tile|drawn|place")


def test_placing_on_a_cell_that_holds_a_tile_is_refused() -> None:
    """Phase 'place' while Don Falconi's open end holds a tile: it loads, and placing destroys that tile."""
    data = save("place")
    data["board"]["4,8"] = data["pile"].pop() + " r0"
    refused(data, "4,8|tile|open end")


def test_a_decider_other_than_the_turn_seat_is_refused() -> None:
    """Mode I, phase 'place' of Don Falconi with decider 3: it loads, and current_seat says the Forest police
    decides Don Falconi's placement."""
    data = save("place")
    data["decider"] = 3
    refused(data, "decide|decider|turn")


def test_escape_tiles_in_play_in_a_pizza_without_them_are_refused() -> None:
    """Margherita has no escape tiles (F-5.7): one in the pile or on the border loads all the same."""
    data = save("place")
    data["set_aside"].remove("escape:port")
    data["escapes"]["N0"] = "port"
    refused(data, "escape")


def test_an_outcome_without_winners_is_refused() -> None:
    data = save("over")
    data["outcome"]["winners"] = []
    refused(data, "winner")


def test_a_mode2_car_on_an_empty_cell_away_from_its_building_is_refused() -> None:
    """F-6.1: a Mode II car drives only onto tiles; only a car still at its building stands before an empty cell."""
    data = save("salami")
    data["cars"][0] = _free_cell(data) + " N"
    refused(data, "car|cell|tile|empty")


# --- write_json_atomic ----------------------------------------------------------------------------------------
def _leftovers(folder: Path, keep: str) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name != keep)


def test_write_json_atomic_writes_a_readable_file(tmp_path: Path) -> None:
    target = tmp_path / "saves" / "game.json"  # the folder is made on the way
    data = save("answer")
    write_json_atomic(target, data)
    assert FalconiState.from_json(read_json_file(target)).to_json() == data
    write_json_atomic(target, {"second": True})
    assert read_json_file(target) == {"second": True}
    assert _leftovers(target.parent, "game.json") == []


@pytest.mark.parametrize("failing", ["replace", "fsync"])
def test_write_json_atomic_keeps_the_old_file_when_writing_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failing: str
) -> None:
    target = tmp_path / "game.json"
    write_json_atomic(target, {"old": 1})
    before = target.read_bytes()

    def broken(*args: Any, **kwargs: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, failing, broken)
    with pytest.raises(OSError, match="No space left"):
        write_json_atomic(target, save("place"))
    monkeypatch.undo()
    assert target.read_bytes() == before
    assert _leftovers(tmp_path, "game.json") == []


def test_write_json_atomic_keeps_the_old_file_when_writing_is_interrupted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "game.json"
    write_json_atomic(target, {"old": 1})
    before = target.read_bytes()
    real_fdopen = os.fdopen

    class Interrupted:
        def __init__(self, stream: Any) -> None:
            self.stream = stream

        def __enter__(self) -> Interrupted:
            return self

        def __exit__(self, *exc: Any) -> None:
            self.stream.close()

        def write(self, text: str) -> None:
            self.stream.write(text[: len(text) // 2])  # half the file, then the power goes
            raise KeyboardInterrupt

    monkeypatch.setattr(os, "fdopen", lambda *a, **k: Interrupted(real_fdopen(*a, **k)))
    with pytest.raises(KeyboardInterrupt):
        write_json_atomic(target, save("drive"))
    monkeypatch.undo()
    assert target.read_bytes() == before
    assert _leftovers(tmp_path, "game.json") == []


def test_write_json_atomic_refuses_data_that_is_not_json_and_keeps_the_old_file(tmp_path: Path) -> None:
    target = tmp_path / "game.json"
    write_json_atomic(target, {"old": 1})
    before = target.read_bytes()
    with pytest.raises(TypeError):
        write_json_atomic(target, {"tiles": {1, 2, 3}})
    with pytest.raises(ValueError):
        circular: dict[str, Any] = {}
        circular["self"] = circular
        write_json_atomic(target, circular)
    assert target.read_bytes() == before
    assert _leftovers(tmp_path, "game.json") == []
