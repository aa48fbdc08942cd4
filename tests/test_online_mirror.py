"""The client's picture of a table (issue 40, item 2): built from the server's updates alone, it shows each seat
what the seat sees, follows on move by move with the move to animate, takes a resume's whole log, refuses a
message that does not follow on without changing anything, and replays the ``over`` save for the game over."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from online_table import TABLE, over_message, played, read_over, read_update, update_message

from game.core.errors import GameError, StateFormatError
from game.falconi.options import FalconiOptions
from game.online.mirror import Mirror
from game.services.match import Match, Person, SeatPlan

GAMES = [("falconi", FalconiOptions("salami")), ("fredericus", None)]


@pytest.mark.parametrize("game, options", GAMES)
def test_a_mirror_shows_each_seat_its_own_observation_and_the_whole_log(game, options) -> None:
    match = played(game, 3, 30, options)
    for seat in match.state.seats:
        mirror = Mirror.from_update(read_update(update_message(match, seat)))
        assert mirror.seat == seat and mirror.table == TABLE
        assert mirror.state.observation(seat) == match.state.observation(seat)
        assert mirror.log == match.log
        assert mirror.setup.seed != match.setup.seed  # the seed never reaches a client


@pytest.mark.parametrize("game, options", GAMES)
def test_the_deciding_seat_gets_its_legal_actions_and_the_others_none(game, options) -> None:
    match = played(game, 4, 20, options)
    deciding = match.state.current_seat
    for seat in match.state.seats:
        mirror = Mirror.from_update(read_update(update_message(match, seat)))
        expected = [match.state.action_text(a) for a in match.state.legal_actions()] if seat == deciding else []
        assert [mirror.state.action_text(a) for a in mirror.legal] == expected
        assert mirror.decides == (seat == deciding)


@pytest.mark.parametrize("game, options", GAMES)
def test_each_new_entry_follows_on_with_the_move_to_animate(game, options) -> None:
    match = played(game, 5, 0, options)
    seat = match.state.seats[0]
    mirror = Mirror.from_update(read_update(update_message(match, seat)))
    rng = random.Random(5)
    for _ in range(40):
        if match.state.is_terminal():
            break
        action = rng.choice(list(match.state.legal_actions()))
        match.play(action)
        before = mirror.state
        shown = mirror.take_update(read_update(update_message(match, seat, len(match.log) - 1)))
        assert shown is not None and shown.entry == match.log[-1] and shown.before is before
        assert before.action_text(shown.action) == match.log[-1].text
        assert mirror.log == match.log
        assert mirror.state.observation(seat) == match.state.observation(seat)


def test_a_resume_takes_the_whole_log_and_animates_nothing() -> None:
    match = played("fredericus", 6, 25)
    mirror = Mirror.from_update(read_update(update_message(played("fredericus", 6, 10), 0)))
    assert mirror.take_update(read_update(update_message(match, 0, 0))) is None
    assert mirror.log == match.log


def test_an_update_that_skips_an_entry_is_refused_and_changes_nothing() -> None:
    match = played("falconi", 7, 10)
    mirror = Mirror.from_update(read_update(update_message(match, 1)))
    state, log = mirror.state, list(mirror.log)
    for _ in range(2):
        match.play(random.Random(1).choice(list(match.state.legal_actions())))
    with pytest.raises(StateFormatError, match="missed"):
        mirror.take_update(read_update(update_message(match, 1, len(match.log))))
    assert mirror.state is state and mirror.log == log


def test_an_update_whose_moment_does_not_count_its_entries_is_refused() -> None:
    match = played("falconi", 7, 10)
    message = update_message(match, 1)
    message["moment"] += 1
    with pytest.raises(StateFormatError, match="moment"):
        Mirror.from_update(read_update(message))


def test_an_update_of_another_table_is_refused() -> None:
    match = played("falconi", 7, 10)
    mirror = Mirror.from_update(read_update(update_message(match, 1)))
    with pytest.raises(StateFormatError, match="table"):
        mirror.take_update(read_update(update_message(match, 1, table="table-2")))


def test_an_update_carrying_the_seed_is_refused() -> None:
    match = played("falconi", 7, 10)
    message = update_message(match, 1)
    message["setup"]["seed"] = match.setup.seed
    with pytest.raises(StateFormatError, match="seed"):
        Mirror.from_update(read_update(message))


def test_a_spectator_sees_no_seat_s_secrets_and_decides_nothing() -> None:
    match = played("fredericus", 8, 12)
    mirror = Mirror.from_update(read_update(update_message(match, None)))
    assert mirror.seat is None and not mirror.decides and mirror.legal == ()
    twin = played("fredericus", 8, 12)
    assert Mirror.from_update(read_update(update_message(twin, None))).state.to_json() == mirror.state.to_json()


@pytest.mark.parametrize("game, options", GAMES)
def test_the_over_save_is_replayed_into_a_real_match_for_the_game_over(game, options) -> None:
    match = played(game, 9, 5000, options)
    assert match.state.is_terminal()
    mirror = Mirror.from_update(read_update(update_message(match, 0)))
    finished = mirror.take_over(read_over(over_message(match)))
    assert isinstance(finished, Match) and finished.state.is_terminal()
    assert finished.log == match.log and finished.setup.seed == match.setup.seed
    assert len(mirror.positions()[0]) == len(match.log) + 1


def test_a_save_of_another_game_is_refused_at_the_end() -> None:
    match = played("falconi", 9, 5000)
    other = played("falconi", 10, 5000)
    mirror = Mirror.from_update(read_update(update_message(match, 0)))
    with pytest.raises(StateFormatError, match="not the one"):
        mirror.take_over(read_over(over_message(other)))
    assert mirror.finished is None


def test_a_rematch_starts_the_mirror_again() -> None:
    match = played("falconi", 9, 5000)
    mirror = Mirror.from_update(read_update(update_message(match, 0)))
    mirror.take_over(read_over(over_message(match)))
    again = played("falconi", 10, 0)
    assert mirror.take_update(read_update(update_message(again, 0, 0))) is None
    assert mirror.log == [] and mirror.finished is None and not mirror.state.is_terminal()


def test_the_mirror_plays_nothing_itself() -> None:
    mirror = Mirror.from_update(read_update(update_message(played("falconi", 2, 3), 0)))
    with pytest.raises(GameError):
        mirror.play(mirror.state.legal_actions()[0])
    with pytest.raises(GameError):
        mirror.undo()
    assert not mirror.can_undo() and not mirror.can_take_back()


def test_a_person_who_takes_a_seat_the_ai_played_is_named_on_every_screen_at_once() -> None:
    """Issue 50: the host opened an AI's seat and a person took it; the others' next update names them."""
    match = played("fredericus", 5, 12)
    mirror = Mirror.from_update(read_update(update_message(match, 0)))
    people = (*match.setup.people, Person("Eve"))
    match.setup = replace(match.setup, seats=(match.setup.seats[0], SeatPlan.human(len(people) - 1),
                                              *match.setup.seats[2:]), people=people)
    assert mirror.take_update(read_update(update_message(match, 0, start=len(match.log)))) is None
    assert mirror.setup.people[mirror.setup.seats[1].person].name == "Eve" and mirror.log == match.log
