"""Reading action text from outside the game (``game.core.action_words``): both games read their actions through
it, so anything a client may send is an action or an ``ActionFormatError``, never another exception (a table
server catches only the game's own errors)."""

from __future__ import annotations

import random
import string
from itertools import islice
from typing import Any

import pytest
from falconi_invariants import POLICE_SETUPS, VARIANT_NAMES
from hypothesis import given
from hypothesis import strategies as st
from random_moves import random_moves

from game.core.action_words import MOST_ACTION_TEXT, action_words, small_number
from game.core.errors import ActionFormatError, GameError
from game.falconi.actions import Action as FalconiAction
from game.falconi.state import FalconiState
from game.fredericus import FredericusState
from game.fredericus.actions import Action as FredericusAction

MANY_NINES = "9" * 5_000  # longer than Python's int() reads (4,300 digits)


# --- action_words -------------------------------------------------------------------------------------------
def test_an_action_text_is_split_into_words_on_runs_of_ascii_spaces() -> None:
    assert action_words("  place  curve 4,7   r1 ") == ["place", "curve", "4,7", "r1"]
    assert action_words("draw") == ["draw"]


def test_a_text_of_the_longest_allowed_length_is_read_and_one_character_more_is_refused() -> None:
    assert action_words("x" * MOST_ACTION_TEXT) == ["x" * MOST_ACTION_TEXT]
    with pytest.raises(ActionFormatError, match="too long"):
        action_words("x" * (MOST_ACTION_TEXT + 1))


def test_an_action_of_five_thousand_digits_is_refused_as_too_long() -> None:
    with pytest.raises(ActionFormatError, match="too long"):
        action_words("bet " + MANY_NINES)


@pytest.mark.parametrize("text", ["", " ", "     "], ids=repr)
def test_an_empty_or_blank_action_is_refused(text: str) -> None:
    with pytest.raises(ActionFormatError, match="empty"):
        action_words(text)


@pytest.mark.parametrize(
    "space", ["\t", "\n", "\r", "\x0b", "\x0c", "\xa0", "\u2003", "\u3000", "\x00", "\x7f", "\u200b"], ids=repr
)
def test_an_action_with_a_tab_line_break_or_unicode_space_is_refused(space: str) -> None:
    with pytest.raises(ActionFormatError, match="cannot read"):
        action_words(f"card{space}3 4")


@pytest.mark.parametrize("text", ["bet ²", "card ¹ 2", "bet ٣", "placé", "step Ｎ", "bet ７"], ids=repr)
def test_an_action_with_a_character_beyond_ascii_is_refused(text: str) -> None:
    with pytest.raises(ActionFormatError, match="cannot read"):
        action_words(text)


@pytest.mark.parametrize("text", [None, b"bet 1", 3, ["bet", "1"], 2.5], ids=repr)
def test_an_action_that_is_not_text_is_refused(text: object) -> None:
    with pytest.raises(ActionFormatError, match="is text"):
        action_words(text)


def test_an_action_format_error_is_one_of_the_games_own_errors() -> None:
    assert issubclass(ActionFormatError, GameError)


# --- small_number -------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("word", "below", "number"),
    [("0", 8, 0), ("7", 8, 7), ("0", 1, 0), ("9", 10, 9), ("10", 11, 10), ("07", 12, 7), ("11", 12, 11),
     ("99", 100, 99), ("099", 1000, 99), ("100", 101, 100)],
)  # fmt: skip
def test_a_word_of_ascii_digits_in_range_is_read_as_its_number(word: str, below: int, number: int) -> None:
    assert small_number(word, below) == number


@pytest.mark.parametrize(
    ("word", "below"),
    [("²", 8), ("¹", 8), ("٣", 8), ("７", 8), ("1_0", 12), ("+1", 8), ("-0", 8), ("-1", 8), (" 1", 8), ("1 ", 8),
     ("", 8), ("8", 8), ("12", 12), ("00", 8), ("099", 100), ("007", 12), ("1.0", 8), ("0x1", 8), ("1e1", 12),
     ("one", 8), (MANY_NINES, 8), (MANY_NINES, 10**4_000), ("0", 0)],
    ids=lambda value: repr(value)[:20],
)  # fmt: skip
def test_a_word_that_is_not_a_plain_number_in_range_is_refused(word: str, below: int) -> None:
    with pytest.raises(ActionFormatError, match="expected"):
        small_number(word, below)


def test_a_refused_number_is_named_and_quoted_shortened() -> None:
    with pytest.raises(ActionFormatError) as refused:
        small_number(MANY_NINES, 8, "a tower number")
    message = str(refused.value)
    assert message.startswith("expected a tower number from 0 to 7, found '999") and "…" in message
    assert len(message) < 100


# --- each game's parse_action -------------------------------------------------------------------------------
@st.composite
def falconi_positions(draw: st.DrawFn) -> FalconiState:
    state = FalconiState.new_game(draw(st.sampled_from(VARIANT_NAMES)), draw(st.integers(0, 2**20)),
                                  draw(st.sampled_from(POLICE_SETUPS)))
    return played_on(state, draw(st.integers(0, 2**20)), draw(st.integers(0, 120)))


@st.composite
def fredericus_positions(draw: st.DrawFn) -> FredericusState:
    state = FredericusState.new_game(draw(st.sampled_from((2, 3, 4))), draw(st.integers(0, 2**20)), draw(st.booleans()))
    return played_on(state, draw(st.integers(0, 2**20)), draw(st.integers(0, 200)))


def played_on(state: Any, seed: int, steps: int) -> Any:
    """The position after up to ``steps`` random moves from ``state`` (fewer if the game ends)."""
    for _before, _move, after in islice(random_moves(state, seed), steps):
        state = after
    return state


POSITIONS: dict[str, st.SearchStrategy[Any]] = {"falconi": falconi_positions(), "fredericus": fredericus_positions()}
ACTION_TYPES = {"falconi": FalconiAction, "fredericus": FredericusAction}
# Characters a near miss is made of: look-alike digits and spaces, signs, separators, and what the games write.
NEAR_MISSES = st.one_of(st.sampled_from("²¹٣７_+-.,;\t\n\xa0\u2003\x00 0189rRNnfgc"), st.characters())


def read_or_refused(state: Any, game: str, text: str) -> None:
    """``text`` read as an action that reads back the same, or refused with a message: nothing else."""
    try:
        action = state.parse_action(text)
    except ActionFormatError as error:
        assert str(error).strip()
        return
    assert isinstance(action, ACTION_TYPES[game])
    assert state.parse_action(state.action_text(action)) == action


@pytest.mark.parametrize("game", POSITIONS)
@given(data=st.data())
def test_every_legal_action_reads_back_from_its_text_as_itself(game: str, data: st.DataObject) -> None:
    state = data.draw(POSITIONS[game])
    for action in state.legal_actions():
        assert state.parse_action(state.action_text(action)) == action


@pytest.mark.parametrize("game", POSITIONS)
@given(data=st.data(), text=st.one_of(st.text(), st.text(alphabet=string.printable, max_size=40)))
def test_any_text_is_read_as_an_action_or_refused_as_unreadable(game: str, data: st.DataObject, text: str) -> None:
    read_or_refused(data.draw(POSITIONS[game]), game, text)


@pytest.mark.parametrize("game", POSITIONS)
@given(data=st.data(), char=NEAR_MISSES, insert=st.booleans())
def test_a_legal_action_text_with_one_character_changed_is_read_or_refused_as_unreadable(
    game: str, data: st.DataObject, char: str, insert: bool
) -> None:
    state = data.draw(POSITIONS[game])
    legal = state.legal_actions()
    if not legal:
        return
    text = state.action_text(data.draw(st.sampled_from(legal)))
    at = data.draw(st.integers(0, len(text)))
    read_or_refused(state, game, text[:at] + char + text[at + (0 if insert else 1):])


FALCONI_UNREADABLE = [
    "place curve ²,4 r1", "place curve ٣,4 r1", "place curve 1_0,4 r1", "place curve +1,4 r1", "place curve -0,4 r1",
    "place curve 04,4 r1", "place curve 4,7 r²", "place curve 4,7 r+1", "place curve 4,7 r", "drive 4,5\tN",
    "drive 4,5\xa0N", "blast 4,5 Ｎ", "place curve 4,7 r" + MANY_NINES, "place curve " + MANY_NINES + ",4 r1",
]  # fmt: skip
FREDERICUS_UNREADABLE = [
    "bet ²", "card ¹ 2", "bet ٣", "bet 1_0", "bet +1", "bet -0", "bet 07", "raptor ²f 3", "token hand ٣",
    "hood 2 0f,", "hood 2 ,", "bet " + MANY_NINES, "card\t3 4", "card 3\n4",
]  # fmt: skip


@pytest.mark.parametrize("text", FALCONI_UNREADABLE, ids=lambda text: repr(text)[:30])
def test_a_falconi_action_with_a_superscript_digit_or_the_like_is_refused_as_unreadable(text: str) -> None:
    state = FalconiState.new_game("diavola", 5)
    before = state.to_json()
    with pytest.raises(ActionFormatError):
        state.parse_action(text)
    assert state.to_json() == before


@pytest.mark.parametrize("text", FREDERICUS_UNREADABLE, ids=lambda text: repr(text)[:30])
def test_a_fredericus_action_with_a_superscript_digit_or_the_like_is_refused_as_unreadable(text: str) -> None:
    with pytest.raises(ActionFormatError):
        FredericusState.new_game(4, 5).parse_action(text)


def test_falconi_reads_verbs_tiles_rotations_edges_and_slots_in_either_case() -> None:
    state = FalconiState.new_game("diavola", 5)
    assert state.parse_action("PLACE Curve 4,7 R1") == state.parse_action("place curve 4,7 r1")
    assert state.parse_action("Drive 4,5 n") == state.parse_action("drive 4,5 N")
    assert state.parse_action("escape n6") == state.parse_action("escape N6")
    assert state.parse_action("boost n,e,E") == state.parse_action("boost N,E,E")


def test_fredericus_reads_an_action_kind_in_either_case() -> None:
    state = FredericusState.new_game(4, 5)
    assert state.parse_action("BET 3") == state.parse_action("bet 3")
    assert state.parse_action("Token hand centre") == state.parse_action("token hand centre")


def test_a_random_games_action_texts_all_fit_well_within_the_bound() -> None:
    longest = 0
    games: tuple[Any, ...] = (FalconiState.new_game("diavola", 7), FredericusState.new_game(4, 7))
    for state in games:
        rng = random.Random(7)
        while not state.is_terminal():
            legal = state.legal_actions()
            longest = max(longest, *(len(state.action_text(action)) for action in legal))
            state.apply(rng.choice(legal))
    assert 0 < longest <= MOST_ACTION_TEXT // 3
