"""``python -m devtools.falconi.accomplice``: where the Diavola accomplice waited, and Don Falconi's wins by it
(the figures of docs/ai.md's "What decides the games")."""

from __future__ import annotations

import pytest

from devtools.falconi import accomplice
from devtools.falconi.accomplice import AccompliceWatch, accomplice_slot, on_prison_row
from game.falconi.state import FalconiState

ROW_COLUMNS = ("prison_row", "elsewhere", "unplaced")


def slot_named(state: FalconiState, name: str) -> int:
    return state.city.slot_by_name[name]


def test_only_the_w8_and_e8_slots_touch_the_prisons_row_on_our_city():
    state = FalconiState.new_game("diavola", 1)
    touching = {slot.name for index, slot in enumerate(state.city.slots) if on_prison_row(state, index)}
    assert touching == {"W8", "E8", *(f"S{i}" for i in range(9))}


@pytest.mark.parametrize(("name", "where"), [("E8", "prison_row"), ("E6", "elsewhere"), ("W0", "elsewhere")])
def test_the_watch_files_a_placed_accomplice_by_its_slot(name, where):
    state = FalconiState.new_game("diavola", 1)  # seed 1: a Country accomplice (E6, E8, W0 … are its slots)
    watch = AccompliceWatch()
    before = state.clone()
    state.apply(state.parse_action(f"accomplice {name}"))
    assert accomplice_slot(before, state) == slot_named(state, name)
    watch.see(before, None, state)
    assert watch.where == where
    assert watch.counts() == dict.fromkeys(accomplice.COLUMNS, 0)  # counted only when the game ends
    assert watch.examples() == [f"round 1: the accomplice appears on {name}"]


def test_an_action_that_places_no_accomplice_names_no_slot():
    state = FalconiState.new_game("diavola", 1)
    before = state.clone()
    state.apply(next(action for action in state.legal_actions() if action.verb != "accomplice"))
    assert accomplice_slot(before, state) is None


def test_every_game_is_counted_once_in_one_column_with_its_win(capsys):
    assert accomplice.main(["--games", "3", "--seed", "2", "--level", "random"]) == 0
    total = capsys.readouterr().out.splitlines()[-1].split()
    assert total[:3] == ["total", "3", "games"]
    counts = dict(zip(accomplice.COLUMNS, map(int, total[4:])))
    assert sum(counts[column] for column in ROW_COLUMNS) == 3
    assert all(0 <= counts[f"{column}_won"] <= counts[column] for column in ROW_COLUMNS)
