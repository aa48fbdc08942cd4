"""The seats a player holds at other computers' tables, kept in the data folder with their tokens
(:mod:`game.online.seats_kept`): the newest per table, a bounded number, and a damaged file kept aside."""

from __future__ import annotations

import json
import tempfile
from dataclasses import asdict
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.online.seats_kept import MOST_KEPT, SEATS_FILE, KeptSeat, forget_seat, keep_seat, kept_seat

ANN = KeptSeat("192.168.1.20:47470", "t1", 0, "secret-1")


def test_a_kept_seat_is_found_by_its_server_and_table_and_a_new_token_replaces_the_old(tmp_path: Path) -> None:
    keep_seat(tmp_path, ANN)
    keep_seat(tmp_path, KeptSeat("192.168.1.20:47470", "t2", 1, "secret-2"))
    keep_seat(tmp_path, KeptSeat("192.168.1.20:47470", "t1", 0, "secret-3"))
    assert kept_seat(tmp_path, ANN.server, "t1") == KeptSeat(ANN.server, "t1", 0, "secret-3")
    assert kept_seat(tmp_path, "castle.local:47470", "t1") is None
    assert [entry["table"] for entry in json.loads((tmp_path / SEATS_FILE).read_text())["seats"]] == ["t2", "t1"]
    forget_seat(tmp_path, ANN.server, "t1")
    assert kept_seat(tmp_path, ANN.server, "t1") is None and kept_seat(tmp_path, ANN.server, "t2") is not None


def test_only_the_newest_seats_are_kept(tmp_path: Path) -> None:
    for number in range(MOST_KEPT + 3):
        keep_seat(tmp_path, KeptSeat(ANN.server, f"t{number}", 0, f"token {number}"))
    assert kept_seat(tmp_path, ANN.server, "t2") is None
    assert kept_seat(tmp_path, ANN.server, "t3") is not None
    assert len(json.loads((tmp_path / SEATS_FILE).read_text())["seats"]) == MOST_KEPT


@pytest.mark.parametrize("text", ["{", "[]", '{"seats": 3}', "\x00\x01"])
def test_a_file_that_cannot_be_read_is_kept_aside_never_written_over(tmp_path: Path, text: str) -> None:
    (tmp_path / SEATS_FILE).write_text(text)
    assert kept_seat(tmp_path, ANN.server, ANN.table) is None
    aside = [path for path in tmp_path.iterdir() if path.name != SEATS_FILE]
    assert [path.read_text() for path in aside] == [text]
    keep_seat(tmp_path, ANN)
    assert kept_seat(tmp_path, ANN.server, ANN.table) == ANN


@settings(max_examples=60, deadline=None)
@given(entries=st.lists(st.dictionaries(st.sampled_from(["server", "table", "seat", "token"]),
                                        st.one_of(st.none(), st.booleans(), st.integers(-2, 3), st.text(max_size=3),
                                                  st.text(min_size=201, max_size=202))), max_size=5))
def test_entries_that_cannot_be_used_are_left_out_and_the_others_read(entries: list[dict[str, object]]) -> None:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        (folder / SEATS_FILE).write_text(json.dumps({"seats": [*entries, asdict(ANN)]}))
        assert kept_seat(folder, ANN.server, ANN.table) == ANN
    for entry in entries:
        kept = KeptSeat.from_json(entry)
        assert kept is None or (kept.seat >= 0 and kept.token and len(kept.server) <= 200)
