"""Action text, JSON saves and their validation, and what each seat may know (R-10): observation and determinize."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest
from fredericus_builder import build_position as build

from game.core.errors import ActionFormatError, StateFormatError
from game.fredericus import FredericusState
from game.fredericus.actions import (
    BET,
    CAPTURE,
    CARD,
    CENTRE,
    END_TURN,
    FLIP,
    HAND,
    HOOD,
    RAPTOR,
    SEAL,
    STAY_TOKENS,
    TIDY,
    TOKEN,
    Action,
    action_text,
    parse_action,
)
from game.fredericus.heuristics import evaluate


def midgame(players: int = 4, seed: int = 3, steps: int = 120) -> FredericusState:
    state = FredericusState.new_game(players, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        state.apply(rng.choice(state.legal_actions()))
    assert not state.is_terminal()
    return state


# --- action text --------------------------------------------------------------------------------------
EVERY_SHAPE = [
    Action(BET, 7),
    Action(CARD, 0, 7),
    Action(RAPTOR, 5, 3),
    Action(HOOD, 2, 0b1010_0100),
    Action(CAPTURE, 7),
    Action(FLIP, 4),
    Action(SEAL, 3),
    Action(TIDY, 6),
    END_TURN,
    Action(TOKEN, HAND, CENTRE),
    Action(TOKEN, 3, 5),
    Action(TOKEN, 2, CENTRE),
    STAY_TOKENS,
]


@pytest.mark.parametrize("action", EVERY_SHAPE, ids=action_text)
def test_action_text_round_trips(action):
    text = action_text(action)
    assert parse_action(text) == action and "\n" not in text
    assert hash(action) == hash(parse_action(text))


def test_action_text_reads_like_the_game():
    assert [action_text(a) for a in EVERY_SHAPE[:4]] == ["bet 7", "card 0 7", "raptor 2g 3", "hood 2 1f,2g,3g"]
    assert action_text(Action(TOKEN, HAND, CENTRE)) == "token hand centre"


@pytest.mark.parametrize(
    "text",
    ["", "   ", "fly 3", "card 3", "card 3 8", "card a b", "raptor 4f 2", "raptor 0x 2", "hood 2 0f,0f", "bet -1",
     "token centre 3", "token 3 hand", "end now", "capture 0"],
)  # fmt: skip
def test_malformed_action_text_raises_action_format_error(text):
    with pytest.raises(ActionFormatError):
        parse_action(text)


def test_parse_action_rejects_non_text() -> None:
    with pytest.raises(ActionFormatError):
        parse_action(None)  # type: ignore[arg-type]


# --- JSON -------------------------------------------------------------------------------------------
def broken(change) -> dict:
    data = midgame().to_json()
    change(data)
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(version=2), "newer version"),
        (lambda d: d.update(version=0), "unsupported version"),
        (lambda d: d.update(format="falconi"), "not a fredericus document"),
        (lambda d: d.pop("rows"), "no field 'rows'"),
        (lambda d: d.update(players=5), "2, 3 or 4"),
        (lambda d: d.update(players=True), "boolean"),
        (lambda d: d["rows"].__setitem__(0, d["rows"][0] + "T"), "do not add up to 118"),
        (lambda d: d["rows"].__setitem__(0, d["rows"][0][:-1]), "do not add up to 118"),
        (lambda d: d.update(deck=d["deck"] + "g"), "do not add up to 118"),
        (lambda d: d.update(deck=d["deck"].replace("F", "")), "do not add up to 118"),
        (lambda d: d["rows"].__setitem__(0, "xyz"), "unknown card letter"),
        (lambda d: d.update(rows=d["rows"][:7]), "list of 8 texts"),
        (lambda d: d.update(raptors=[9] * 8), "guard post"),
        (lambda d: d.update(hooded=["1f", "1g"]), "both raptors hooded"),
        (lambda d: d.update(hooded=["7f"]), "unknown raptor"),
        (lambda d: d.update(hooded=[["1f"]]), "unknown raptor"),  # not even a text
        (lambda d: d.update(captured=[{"raptor": "0f"}]), "unknown raptor"),
        (lambda d: d.update(tokens=[["centre"], ["centre"], [1], [2]]), "only one token"),
        (lambda d: d.update(tokens=[[1], [2], [3]]), "betting token place"),
        (lambda d: d.update(phase="lunch"), "unknown phase"),
        (lambda d: d.update(actions_left=9), "actions_left"),
        (lambda d: d.update(actions_left=5, flipped=False), "no row was flipped"),  # R-6.2: only a flip adds
        (lambda d: d.update(trigger="boredom"), "unknown end trigger"),
        (lambda d: d.update(trigger="eighth_creature"), "eighth creature"),
        (lambda d: d.update(flip_post=3), "flip_post"),
        (lambda d: d.update(tidied=True), "shorter game"),
        (lambda d: d.update(turn=4), "'turn' must be 0..3"),
    ],
)
def test_malformed_or_impossible_json_raises_state_format_error(change, message):
    with pytest.raises(StateFormatError, match=message):
        FredericusState.from_json(broken(change))


def test_centre_token_is_impossible_with_two_players():
    data = midgame(2, steps=60).to_json()
    data["tokens"][0][0] = "centre"
    with pytest.raises(StateFormatError, match="betting token place"):
        FredericusState.from_json(data)


def test_non_documents_raise_state_format_error():
    for data in (None, [], "fredericus", 3):
        with pytest.raises(StateFormatError):
            FredericusState.from_json(data)


# --- clone ------------------------------------------------------------------------------------------
def test_clone_is_equal_and_independent():
    state = midgame()
    copy = state.clone()
    assert copy == state and copy is not state
    before = state.to_json()
    copy.apply(copy.legal_actions()[0])
    assert state.to_json() == before and copy != state
    rng = random.Random(3)
    while not copy.is_terminal():  # every row, raptor, token, hand and pile of the copy changes: none is shared
        copy.apply(rng.choice(copy.legal_actions()))
    assert state.to_json() == before


# --- R-10 what each seat may know ----------------------------------------------------------------------
def swap_hidden(state: FredericusState, seat: int) -> FredericusState:
    """The same position except for what ``seat`` cannot see: other hands traded with the deck, Fredericus moved."""
    data = state.to_json()
    other = next(s for s in state.seats if s != seat and data["objectives"][s])
    hand, deck = data["objectives"][other], data["deck"]
    swap = next(letter for letter in deck if letter not in hand and letter != "F")
    data["objectives"][other] = "".join(sorted(hand[1:] + swap, key="gubchmdpF".index))
    deck = deck.replace(swap, hand[0], 1)
    bottom = deck[-5:].replace("F", "") + "F"  # Fredericus now the very bottom card
    data["deck"] = deck[:-5] + bottom
    twin = FredericusState.from_json(data)
    assert twin != state
    return twin


def test_r10_observation_shows_only_what_the_seat_may_know():
    state = midgame()
    seat = state.current_seat
    view = state.observation(seat)
    assert view["objectives"][seat] is not None
    assert [s for s in state.seats if view["objectives"][s] is None] == [s for s in state.seats if s != seat]
    assert view["deck_count"] == state.hidden_supply() and "deck" not in view
    assert view == swap_hidden(state, seat).observation(seat)
    json.dumps(view)
    spectator = state.observation(-1)
    assert all(hand is None for hand in spectator["objectives"])


def test_r7_1_objectives_are_revealed_at_the_final_scoring():
    state = build(4, phase="over", turn=3, trigger="fredericus_discarded", discards="F", objectives={1: "gu"})
    assert state.observation(0)["objectives"][1] == "gu" and "scores" in state.observation(0)


def test_r10_determinize_never_depends_on_hidden_truth():
    state = midgame()
    for seat in state.seats:
        twin = swap_hidden(state, seat)
        for seed in range(5):
            assert state.determinize(seat, random.Random(seed)) == twin.determinize(seat, random.Random(seed))


def test_r10_determinize_keeps_everything_the_seat_sees():
    state = midgame()
    seat = state.current_seat
    deals = set()
    for seed in range(30):
        guess = state.determinize(seat, random.Random(seed))
        assert guess.observation(seat) == state.observation(seat)
        assert guess.objectives_seen_by({seat}, seat) == state.objectives_seen_by({seat}, seat)
        assert guess.legal_actions() == state.legal_actions()
        assert "F" in guess.to_json()["deck"][-5:]  # R-2.4: still among the bottom five (the save lists it top down)
        FredericusState.from_json(guess.to_json())  # a consistent, loadable position
        deals.add(json.dumps(guess.to_json()))
    assert len(deals) > 20  # it really re-deals


def test_r10_the_greedy_heuristic_reads_only_what_its_seat_may_know():
    state = midgame()
    for seat in state.seats:
        assert evaluate(state, seat) == evaluate(swap_hidden(state, seat), seat)


def test_game_package_never_imports_pygame():
    code = (
        "import sys, game.fredericus, game.fredericus.heuristics;"
        "assert 'pygame' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
