"""Issue 53, typed seams: the online protocol's records say what the frames say, the AI worker's request crosses
to its process, and a Fredericus observation holds exactly the keys its TypedDict names."""

from __future__ import annotations

import dataclasses
import json
import pickle

import pytest
from online_table import played

from game.ai.service import DecisionRequest
from game.fredericus.serialization import FredericusObservation
from game.online.messages import CLIENT_TYPES, SERVER_TYPES, Error, LinkChange, Update, to_json, wire_fields
from game.online.protocol import CLIENT_VERBS, SERVER_VERBS, parse_server


@pytest.mark.parametrize(("types", "verbs"), [(CLIENT_TYPES, CLIENT_VERBS), (SERVER_TYPES, SERVER_VERBS)])
def test_each_verb_has_one_record_with_the_fields_the_protocol_checks(types, verbs) -> None:
    assert set(types) == set(verbs)
    for verb, kind in types.items():
        assert kind.verb == verb
        assert set(wire_fields(kind)) == set(verbs[verb]), verb
        optional = {name for name, (_kinds, required) in verbs[verb].items() if not required}
        defaulted = {wire for wire, name in wire_fields(kind).items()
                     if next(one for one in dataclasses.fields(kind) if one.name == name).default is None}
        assert defaulted == optional, verb  # left out of a frame exactly when the protocol lets it be missing


def test_an_optional_field_is_left_out_while_none_and_from_travels_as_from() -> None:
    assert to_json(Error("flood", "slow down")) == {"verb": "error", "code": "flood", "message": "slow down"}
    assert to_json(LinkChange("open")) == {"verb": "link", "state": "open", "reason": ""}
    update = Update("t1", None, {}, 0, 0, [], {}, [], [], [])
    assert to_json(update) == {"verb": "update", "table": "t1", "seat": None, "setup": {}, "moment": 0, "from": 0,
                               "entries": [], "picture": {}, "legal": [], "connected": [], "away": []}
    assert parse_server(json.dumps(to_json(update))) == update


def test_a_decision_request_crosses_to_the_worker_whole() -> None:
    state = played("fredericus", 3, 5).state
    request = DecisionRequest(state.game_name, state.to_json(), "easy", 7, 1)
    assert pickle.loads(pickle.dumps(request)) == request


@pytest.mark.parametrize("steps", [0, 10, 10_000])
def test_a_fredericus_observation_has_the_keys_its_typed_dict_names(steps: int) -> None:
    state = played("fredericus", 4, steps).state
    for seat in (*state.seats, -1):
        named = set(FredericusObservation.__annotations__)  # NotRequired is not seen at run time here
        assert set(state.observation(seat)) == (named if state.is_terminal() else named - {"scores"})
