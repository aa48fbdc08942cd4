"""Every hunt's moment explained on the board (issue 52): a capture names the sky and tree cards that allowed it
and its raptor; the game's end names the rule that ended it and what won it. Positions from
``build_position``: ``rows={3: "Tg"}`` makes row 3 end with a tree and then a griffin."""

from __future__ import annotations

from fredericus_builder import build_position as build

from game.fredericus.actions import END_TURN
from game.fredericus.explain import explain
from game.fredericus.state import FredericusState


def played(state: FredericusState, text: str) -> tuple:
    before = state.clone()
    action = state.parse_action(text)
    state.apply(action)
    return explain(before, action, state)


def finish(state: FredericusState) -> tuple:
    """Play the first legal action (ending turns) until the game is over: the last action's explanations."""
    while True:
        action = END_TURN if END_TURN in state.legal_actions() else state.legal_actions()[0]
        before = state.clone()
        state.apply(action)
        if state.is_terminal():
            return explain(before, action, state)


def test_r4_1_a_falcons_capture_names_the_two_skies_beside_its_post():
    state = build(4, {7: "S", 0: "g", 1: "S", 3: "S", 4: "u", 5: "S"})
    rows = state.rows()
    (why,) = played(state, "capture 0f")
    assert why.kind == "capture" and why.pieces == (0,) and why.slots == (0,)
    assert why.cards == ((7, len(rows[7]) - 1), (1, len(rows[1]) - 1))
    assert why.note is not None and why.note.key == "why.fredericus.high_flight"


def test_r4_2_a_goshawks_capture_names_the_sky_and_the_tree():
    state = build(4, {7: "T", 0: "g", 1: "S", 3: "S", 4: "u", 5: "T"})
    rows = state.rows()
    (why,) = played(state, "capture 0g")
    assert why.cards == ((3, len(rows[3]) - 1), (5, len(rows[5]) - 1)) and why.pieces == (1,)
    assert [state.row(row)[index] for row, index in why.cards] == [9, 8]  # the sky, then the tree
    assert why.note is not None and why.note.key == "why.fredericus.low_flight"


def test_r7_2_the_end_after_an_eighth_creature_names_that_rule_and_its_falconer():
    state = build(4, {7: "S", 0: "g", 1: "S"}, creatures={1: "uuubbbc"}, raptors={"1f": 0}, turn=1)
    played(state, "capture 1f")
    end, score = finish(state)
    assert end.note is not None and end.note.key == "why.fredericus.end.eighth_creature"
    assert dict(end.note.fields)["who"] == "@colour.blue"
    assert score.note is not None and score.note.key == "why.fredericus.won.creatures"
    assert dict(score.note.fields) == {"who": "@colour.blue"}


def test_r7_2_the_keeper_turning_up_fredericus_names_that_rule():
    state = build(4, turn=3, deck="F", actions_left=0)
    played(state, "end")
    end, score = played(state, "token hand 0")
    assert end.note is not None and end.note.key == "why.fredericus.end.fredericus_discarded"
    assert dict(end.note.fields)["who"] == "@colour.yellow"


def test_r8_3_a_tie_names_the_tie_rule():
    state = build(4, turn=3, deck="F", actions_left=0)
    played(state, "end")
    _, score = played(state, "token hand 0")
    assert score.note is not None and score.note.key == "why.fredericus.won.tie"
    assert dict(score.note.fields) == {"who": "@colour.yellow", "points": 0}


def test_r8_2_pairs_that_decide_the_score_are_named():
    state = build(4, {7: "S", 0: "g", 1: "S"}, creatures={0: "uub", 1: "cccc"}, objectives={0: "uub"},
                  turn=3, deck="F", actions_left=0)
    played(state, "end")
    _, score = played(state, "token hand 0")
    assert state.scores()[0] > state.scores()[1]
    assert score.note is not None and score.note.key == "why.fredericus.won.pairs"


def test_an_ordinary_move_has_nothing_to_explain():
    state = build(4, {7: "S", 0: "g", 1: "S"})
    assert played(state, "card 0 1") == ()
