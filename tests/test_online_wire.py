"""What crosses the wire about a game reads back as it was written, and a seat's picture shows what that seat
sees (its observation) with nothing else true about the secrets, not even the seed."""

from __future__ import annotations

import json

import online_table
import pytest

from game.core.errors import StateFormatError
from game.core.message import Message
from game.core.protocol import NO_SEAT
from game.falconi.options import FalconiOptions
from game.falconi.variants import VariantName
from game.online import wire
from game.services.match import Match


def played(game: str, seed: int, steps: int, variant: VariantName | None = None) -> Match:
    return online_table.played(game, seed, steps, FalconiOptions(variant) if variant else None)


def test_a_setup_on_the_wire_keeps_everything_but_its_seed() -> None:
    setup = played("falconi", 5, 0, "salami").setup
    data = json.loads(json.dumps(wire.public_setup(setup)))
    back = wire.setup_from_wire(data)
    assert back.seed == wire.HIDDEN_SEED != setup.seed
    assert back.seats == setup.seats and back.options == setup.options and back.people == setup.people


def test_a_setup_carrying_a_seed_is_refused() -> None:
    data = played("falconi", 5, 0).setup.to_json()
    with pytest.raises(StateFormatError, match="seed"):
        wire.setup_from_wire(data)


def test_log_entries_read_back_as_written() -> None:
    match = played("fredericus", 3, 40)
    for entry in match.log:
        assert wire.entry_from_json(json.loads(json.dumps(wire.entry_json(entry)))) == entry


@pytest.mark.parametrize("bad", [
    None, [], {"key": "a"}, {"key": "a", "fields": [["n"]]}, {"key": "a", "fields": [["n", True]]},
    {"key": "a", "fields": [["n", 1.5]]}, {"key": "a" * 401, "fields": []},
    {"key": "a", "fields": [["n", 1]] * 17},
])
def test_a_malformed_message_is_refused(bad: object) -> None:
    with pytest.raises(StateFormatError):
        wire.message_from_json(bad)


def test_a_message_reads_back_with_its_fields_in_order() -> None:
    message = Message.of("log.falconi.draw", who="@seat.falconi.0", count=3)
    assert wire.message_from_json(wire.message_json(message)) == message


@pytest.mark.parametrize("game, variant", [("falconi", "salami"), ("falconi", "diavola"), ("fredericus", None)])
def test_each_seat_s_picture_shows_its_observation_and_hides_the_seed(game: str, variant: VariantName | None) -> None:
    for seed in range(1, 4):
        match = played(game, seed, 25 * seed, variant)
        state = match.state
        for seat in (*state.seats, NO_SEAT):
            data = json.loads(json.dumps(wire.seat_picture(state, seat, "table-1", len(match.log))))
            picture = wire.picture_from_wire(game, data)
            if seat != NO_SEAT:
                assert picture.observation(seat) == state.observation(seat)
            assert data.get("seed", wire.HIDDEN_SEED) == wire.HIDDEN_SEED  # Fredericus keeps none
