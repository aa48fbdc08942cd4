"""Issue 52: an away seat shows every player how long until an AI plays for its person. The server sends each
update the seconds left per seat (``ai_in``); the mirror reads them, refusing nonsense; the screen counts them
down on its own clock and drops the line once the person is back."""

from __future__ import annotations

import pytest
from online_harness import Harness, open_table
from online_table import played, read_update, update_message

from game.core.errors import StateFormatError
from game.online.mirror import Mirror
from scenes.online.away import clock_time


def test_the_others_are_told_the_seconds_left_before_an_ai_plays_for_the_away_person() -> None:
    harness = Harness()
    harness.connect(1, "Ann")
    harness.connect(2, "Bob")
    table = open_table(harness, "fredericus", {"short_game": True}, ["open", "open"], [1, 2])
    harness.send(1, verb="away_ai", table=table, seconds=60)
    token = harness.last(2, "joined")["token"]
    assert harness.last(1, "update")["ai_in"] == [None, None]  # everyone here
    harness.now = 100.0
    harness.drop(2)
    assert harness.last(1, "update")["ai_in"] == [None, 60.0]
    harness.now = 115.0
    harness.send(1, verb="away_ai", table=table, seconds=30)  # the host shortens the wait: the countdown follows
    assert harness.last(1, "update")["ai_in"] == [None, 15.0]
    harness.now = 200.0
    harness.send(1, verb="watch", table=table)
    assert harness.last(1, "update")["ai_in"] == [None, 0.0]  # the AI plays for Bob now
    harness.connect(3)
    harness.send(3, verb="resume", token=token)
    assert harness.last(1, "update")["ai_in"] == [None, None] and harness.last(1, "update")["away"] == [False, False]


def test_no_countdown_where_the_host_lets_no_ai_play_for_an_away_person() -> None:
    harness = Harness()
    harness.connect(1, "Ann")
    harness.connect(2, "Bob")
    open_table(harness, "fredericus", {"short_game": True}, ["open", "open"], [1, 2])
    harness.drop(2)
    assert harness.last(1, "update")["away"] == [False, True] and harness.last(1, "update")["ai_in"] == [None, None]


@pytest.mark.parametrize("ai_in", [[None], [None, -1], [None, "soon"], [None, True], [None, 10.0 ** 9]])
def test_an_update_with_a_wait_that_is_no_number_of_seconds_per_seat_is_refused(ai_in: list[object]) -> None:
    update = update_message(played("fredericus", 1, 3), 0)
    update["ai_in"] = ai_in
    with pytest.raises(StateFormatError):
        Mirror.from_update(read_update(update))


def test_an_update_without_waits_as_an_older_server_sends_it_knows_of_none() -> None:
    update = update_message(played("fredericus", 1, 3), 0)
    assert "ai_in" not in update
    assert Mirror.from_update(read_update(update)).ai_in == (None, None)


@pytest.mark.parametrize(("seconds", "shown"), [(45.2, "0:46"), (60, "1:00"), (125, "2:05"), (0.1, "0:01"),
                                                (60.000000000001, "1:00")])  # 60 as sums of frame times leave it
def test_the_seconds_left_are_shown_as_a_clock_rounded_up(seconds: float, shown: str) -> None:
    assert clock_time(seconds) == shown
