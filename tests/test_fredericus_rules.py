"""One test per Fredericus ruling with a checkable consequence (R-1 … R-7, R-9), on small hand-made positions.

Positions come from ``build_position``: ``rows={3: "Tg"}`` makes row 3 end with a tree and then a griffin;
all other rows end in a sky card. With 4 players and start 0, seat k's falcon is on post k, its goshawk on
post k+4 (R-2.2).
"""

from __future__ import annotations

import pytest
from fredericus_builder import build_position as build

from game.core.errors import IllegalActionError
from game.fredericus import FredericusState
from game.fredericus.actions import CAPTURE, HOOD, RAPTOR
from game.fredericus.cards import KINDS, REMOVED, ROW_CARD_TOTALS, SEAL, SKY, TREE

G, U, B = 0, 1, 2  # griffin, unicorn, basilisk


def act(state: FredericusState, *texts: str) -> FredericusState:
    for text in texts:
        state.apply(state.parse_action(text))
    return state


def texts(state: FredericusState) -> set[str]:
    return {state.action_text(action) for action in state.legal_actions()}


def kinds(state: FredericusState) -> set[str]:
    return {action.kind for action in state.legal_actions()}


def own_hand(state: FredericusState, seat: int) -> tuple[int, ...]:
    """A falconer's objectives as it sees them itself."""
    hand = state.objectives_seen_by({seat}, seat)
    assert hand is not None
    return hand


def token_places(state: FredericusState) -> list[int]:
    return [place for _, place in state.betting_tokens()]


def finish_betting(state: FredericusState, tower: int = 0) -> FredericusState:
    while state.phase_name == "bet":
        act(state, f"bet {tower}")
    return state


def spend_actions(state: FredericusState) -> FredericusState:
    """Use the remaining paid actions moving row 0's end card back and forth (rows 0 and 1 stay as they were)."""
    back = False
    while state.actions_left:
        act(state, "card 1 0" if back else "card 0 1")
        back = not back
    return state


# --- R-1 the castle and the cards --------------------------------------------------------------
def test_r1_2_post_rows_wrap_around_the_octagon():
    state = build(4, {7: "S", 0: "g", 1: "S"})
    assert "capture 0f" in texts(state)  # post 0's adjacent rows are 7 and 1


def test_r1_2_empty_row_has_no_end():
    data = build(4, {0: "g"}).to_json()
    data["rows"][1] = data["rows"][7] + data["rows"][1]
    data["rows"][7] = ""  # an empty row: no card to move, and no sky beside post 0
    state = FredericusState.from_json(data)
    assert not {"card 7 6", "card 7 0", "capture 0f"} & texts(state)
    assert {"card 0 7", "card 6 7"} <= texts(state)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_r1_3_deck_has_118_cards_of_the_listed_kinds(players):
    data = FredericusState.new_game(players, 5).to_json()
    row_cards = "".join(data["rows"])
    objectives = "".join(data["objectives"]) + data["deck"] + data["discards"]
    falconers, start_card = 4, 1
    assert len(row_cards) + sum(REMOVED[players]) + len(objectives) + falconers + start_card == 118
    assert sorted(objectives) == sorted("gubchmdp" * 3 + "F")
    assert ROW_CARD_TOTALS == (4,) * KINDS + (24, 24, 8)


@pytest.mark.parametrize(("players", "tokens"), [(2, 2), (3, 1), (4, 1)])
def test_r1_4_each_player_has_two_raptors_and_one_token_or_two_with_two_players(players, tokens):
    state = FredericusState.new_game(players, 2)
    assert len(state.raptors()) == 2 * players
    assert all(len(state.tokens_of(seat)) == tokens for seat in state.seats)
    assert [state.seat_name(seat) for seat in range(players)] == [
        f"{colour} falconer" for colour in ("Red", "Blue", "Green", "Yellow")[:players]
    ]
    assert {state.side_of(seat) for seat in state.seats} == {"falconer"}


# --- R-2 set-up -----------------------------------------------------------------------------------
def test_r2_1_turn_order_runs_clockwise_from_a_seeded_start_player():
    starts = set()
    for seed in range(30):
        state = FredericusState.new_game(4, seed)
        start = state.seats[0]
        starts.add(start)
        assert state.seats == tuple((start + k) % 4 for k in range(4))
        assert state.current_seat == start
        assert FredericusState.new_game(4, seed).to_json() == state.to_json()  # same seed, same game
    assert starts == {0, 1, 2, 3}


def test_r2_1_host_may_choose_the_start_player():
    state = FredericusState.new_game(3, 9, start_seat=2)
    assert state.seats == (2, 0, 1)
    assert state.rows() == FredericusState.new_game(3, 9, start_seat=0).rows()  # the deal does not change


@pytest.mark.parametrize("players", [2, 3, 4])
def test_r2_2_raptors_stand_on_opposite_posts(players):
    state = FredericusState.new_game(players, 11)
    for place, seat in enumerate(state.seats):
        assert state.post_of(2 * seat) == place
        assert state.post_of(2 * seat + 1) == place + 4


@pytest.mark.parametrize(
    ("players", "length", "removed"),
    [(4, 11, (0, 0, 0, 0)), (3, 9, (1, 3, 3, 2)), (2, 7, (2, 6, 6, 4))],
)
def test_r2_3_row_cards_removed_by_player_count(players, length, removed):
    state = FredericusState.new_game(players, 3)
    assert [len(row) for row in state.rows()] == [length] * 8
    cards = [code for row in state.rows() for code in row]
    per_creature, trees, skies, seals = removed
    assert all(cards.count(kind) == 4 - per_creature for kind in range(KINDS))
    assert (cards.count(TREE), cards.count(SKY), cards.count(SEAL)) == (24 - trees, 24 - skies, 8 - seals)


@pytest.mark.parametrize(("players", "discarded", "deck"), [(4, 0, 21), (3, 4, 18), (2, 8, 15)])
def test_r2_4_objective_deck_with_fredericus_among_the_bottom_five(players, discarded, deck):
    positions = set()
    for seed in range(40):
        state = FredericusState.new_game(players, seed)
        assert [state.objective_count(seat) for seat in state.seats] == [1] * players
        assert len(state.discarded_objectives()) == discarded and state.hidden_supply() == deck
        positions.add(state.to_json()["deck"][::-1].index("F"))  # the save lists the deck top down
        assert state.deck_keeper == state.seats[-1]  # the player to the start player's right
    assert positions == {0, 1, 2, 3, 4}


def test_r2_5_betting_in_turn_order_two_tokens_each_with_two_players():
    state = FredericusState.new_game(2, 4)
    first, second = state.seats
    deciders = []
    for tower in (1, 2, 3, 4):
        assert texts(state) == {f"bet {t}" for t in range(8)}
        deciders.append(state.current_seat)
        act(state, f"bet {tower}")
    assert deciders == [first, first, second, second]
    assert state.phase_name == "play" and state.current_seat == first
    assert state.tokens_of(first) == [1, 2] and state.tokens_of(second) == [3, 4]


def test_r2_5_several_tokens_may_share_a_tower():
    state = finish_betting(FredericusState.new_game(3, 4), tower=5)
    assert token_places(state) == [5, 5, 5]


# --- R-3 a turn -----------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 4])
def test_r3_1_first_round_gives_the_first_two_players_two_and_three_actions(players):
    state = finish_betting(FredericusState.new_game(players, 8))
    counts = []
    for _ in range(players + 1):
        counts.append(state.actions_left)
        spend_actions(state)
        act(state, "end")
        while state.phase_name == "token":
            act(state, "stay" if "stay" in texts(state) else "token hand 0")
    assert counts == [2, 3] + [4] * (players - 1)


def test_r3_1_ending_the_turn_is_legal_only_when_no_paid_action_remains():
    state = build(4)
    assert "end" not in texts(state)
    act(state, "card 0 1", "card 1 0", "card 0 1")
    assert "end" not in texts(state)
    act(state, "card 1 0")
    assert texts(state) == {"end"}
    with pytest.raises(IllegalActionError):
        act(state, "card 0 1")  # exactly four actions


def test_r3_2_move_card_takes_a_row_end_to_an_adjacent_row_end():
    state = build(4, {2: "g"})
    assert {"card 2 1", "card 2 3"} <= texts(state) and "card 2 4" not in texts(state)
    act(state, "card 2 3")
    assert state.row(3)[-1] == G and state.actions_left == 3


def test_r3_2_move_raptor_to_an_adjacent_post_and_raptors_may_share_it():
    state = build(4)
    moves = {a for a in texts(state) if a.startswith("raptor")}
    assert moves == {"raptor 0f 7", "raptor 0f 1", "raptor 0g 3", "raptor 0g 5"}
    act(state, "raptor 0f 1")
    assert state.post_of(0) == state.post_of(2) == 1  # Blue's falcon is there too


def test_r3_2_only_own_unhooded_raptors_move():
    state = build(4, hooded=["0g"])
    assert {a for a in texts(state) if a.startswith("raptor")} == {"raptor 0f 7", "raptor 0f 1"}


def test_r3_3_free_moves_remain_after_the_last_action():
    state = build(4, {7: "S", 0: "g", 1: "S"}, actions_left=0)
    assert texts(state) == {"capture 0f", "end"}
    act(state, "capture 0f")
    assert texts(state) == {"end"}


def test_r3_3_each_raptor_captures_at_most_once_per_turn():
    state = build(4, {7: "S", 0: "gu", 1: "S"})
    act(state, "capture 0f")
    assert state.row(0)[-1] == G
    assert "capture 0f" not in texts(state)  # the griffin now at the end stays for another turn


def test_r3_4_end_of_turn_unhoods_own_raptor_then_places_the_token():
    state = build(3, hooded=["0g"], actions_left=0)
    act(state, "end")
    assert not state.hooded_raptors() and state.post_of(1) == 4  # back on its guard post
    assert state.phase_name == "token" and state.current_seat == 0
    assert texts(state) == {f"token hand {t}" for t in range(8)} | {"token hand centre"}


def test_r3_4_courtyard_centre_only_with_three_or_four_players_and_only_when_free():
    two = build(2, actions_left=0)
    act(two, "end")
    assert texts(two) == {f"token hand {t}" for t in range(8)}
    act(two, "token hand 3")
    assert two.current_seat == 0 and texts(two) == {f"token hand {t}" for t in range(8)}  # the second token
    taken = build(4, tokens={2: ["centre"]}, actions_left=0)
    act(taken, "end")
    assert "token hand centre" not in texts(taken)


def test_r3_4_a_token_already_out_may_stay_or_move_to_another_tower():
    state = build(4, tokens={0: [5], 1: [2], 2: [2], 3: [2]}, actions_left=0)
    act(state, "end")
    assert texts(state) == {"stay"} | {f"token 5 {t}" for t in range(8) if t != 5} | {"token 5 centre"}
    act(state, "token 5 centre")
    assert token_places(state)[0] == 8 and state.current_seat == 1


def test_r3_4_two_players_place_each_token_in_hand_but_move_at_most_one():
    state = build(2, tokens={0: [3, "hand"]}, actions_left=0)
    act(state, "end", "token hand 6")
    assert state.current_seat == 1 and state.tokens_of(0) == [3, 6]
    state = build(2, tokens={0: [3, 3]}, actions_left=0)
    act(state, "end")
    assert texts(state) == {"stay"} | {f"token 3 {t}" for t in range(8) if t != 3}


def test_r3_4_deck_keeper_discards_the_top_objective_at_the_end_of_each_turn():
    state = build(3, turn=2, deck="hub", actions_left=0)  # seat 2 is last in turn order: the keeper
    act(state, "end", "token hand 0")
    assert state.discarded_objectives()[-1] == 4 and state.hidden_supply() == 3  # the harpy; u, b and Fredericus remain
    assert state.current_seat == 0


def test_r3_4_players_other_than_the_keeper_discard_nothing():
    state = build(3, turn=1, deck="hub", actions_left=0)
    act(state, "end", "token hand 0")
    assert state.hidden_supply() == 4


def test_r3_5_a_token_on_the_centre_returns_at_the_start_of_the_turn_with_a_draw():
    state = build(3, turn=2, tokens={0: ["centre"]}, deck="hub", actions_left=0)
    act(state, "end", "token hand 1")  # the keeper discards the harpy, then Red's turn starts
    assert state.current_seat == 0 and token_places(state)[0] == 9  # back in hand
    assert own_hand(state, 0)[U] == 1


# --- R-4 capturing creatures ----------------------------------------------------------------------
def test_r4_1_falcon_hunts_high_between_two_skies():
    state = build(4, {7: "S", 0: "g", 1: "S", 3: "S", 4: "u", 5: "S"})
    assert "capture 0f" in texts(state) and "capture 0g" not in texts(state)
    act(state, "capture 0f")
    assert state.creatures_of(0)[G] == 1 and state.actions_left == 4  # free


def test_r4_2_goshawk_hunts_low_between_a_sky_and_a_tree():
    state = build(4, {7: "T", 0: "g", 1: "S", 3: "S", 4: "u", 5: "T"})
    assert "capture 0g" in texts(state) and "capture 0f" not in texts(state)
    act(state, "capture 0g")
    assert state.creatures_of(0)[U] == 1


def test_r4_1_no_capture_of_a_non_creature():
    state = build(4, {7: "S", 0: "T", 1: "S"})
    assert CAPTURE not in kinds(state)


def test_r4_3_a_hooded_raptor_cannot_capture():
    state = build(4, {7: "S", 0: "g", 1: "S"}, hooded=["0f"])
    assert "capture 0f" not in texts(state)


def test_r4_4_opponent_tokens_return_and_draw_clockwise_from_the_captor():
    tokens = {0: [4], 1: [4], 2: [1], 3: [4]}
    state = build(4, {3: "S", 4: "g", 5: "S"}, raptors={"2f": 4}, tokens=tokens, turn=2, deck="ubh")
    act(state, "capture 2f")
    assert token_places(state) == [9, 9, 1, 9]
    yellow, red, blue = own_hand(state, 3), own_hand(state, 0), own_hand(state, 1)
    assert yellow[U] == 1 and red[B] == 1 and blue[4] == 1


def test_r4_4_captors_own_token_stays_and_two_tokens_draw_twice():
    state = build(2, {3: "S", 4: "g", 5: "S"}, raptors={"0f": 4}, tokens={0: [4, 4], 1: [4, 4]}, deck="ub")
    act(state, "capture 0f")
    assert state.tokens_of(0) == [4, 4] and state.tokens_of(1) == [9, 9]
    assert own_hand(state, 1)[U] == own_hand(state, 1)[B] == 1


def test_r4_5_any_capture_returns_the_centre_token_without_a_draw():
    state = build(4, {7: "S", 0: "g", 1: "S"}, tokens={2: ["centre"]})
    act(state, "capture 0f")
    assert token_places(state)[2] == 9 and state.objective_count(2) == 0


# --- R-5 hooding ----------------------------------------------------------------------------------
def test_r3_2_hooding_needs_two_trees_and_an_opponent_raptor():
    state = build(4, {0: "T", 2: "T"})  # post 1: Blue's falcon
    assert {a for a in texts(state) if a.startswith("hood")} == {"hood 1 1f"}
    state = build(4, {0: "T", 2: "S"})
    assert HOOD not in kinds(state)
    state = build(4, {3: "T", 5: "T"})  # post 4: only Red's own goshawk
    assert HOOD not in kinds(state)


def test_r5_1_hooded_raptors_leave_the_post_until_their_owners_end_of_turn():
    state = build(4, {0: "T", 2: "T"}, raptors={"2g": 1})
    act(state, "hood 1 1f,2g")
    assert state.hooded_raptors() == {2, 5} and state.actions_left == 3
    spend_actions(state)
    act(state, "end", "token hand 0")
    assert state.current_seat == 1
    assert not any(a.kind in (RAPTOR, CAPTURE) and a.a == 2 for a in state.legal_actions())
    spend_actions(state)
    act(state, "end")
    assert state.hooded_raptors() == {5}  # Blue's falcon is back; Green's goshawk waits for Green's turn


def test_r5_2_player_never_has_both_raptors_hooded():
    state = build(4, {0: "T", 2: "T"}, raptors={"1g": 1}, hooded=["1f"])
    assert HOOD not in kinds(state)  # Blue already has a raptor hooded: the goshawk stays


def test_r5_2_hooder_chooses_which_of_two_raptors_to_hood():
    state = build(4, {0: "T", 2: "T"}, raptors={"1g": 1, "3f": 1})
    hoods = {a for a in texts(state) if a.startswith("hood")}
    assert hoods == {"hood 1 1f,3f", "hood 1 1g,3f"}
    act(state, "hood 1 1g,3f")
    assert state.hooded_raptors() == {3, 6}
