"""Saves made before the Falconi rulings were revised on 2026-11-24 (match save format 1) and on 2026-11-27
(format 2), and before the Fredericus ruling R-6.3 of 2026-11-27 (format 3): each either loads and plays on
under the new rules or is kept aside with a message saying why; never a crash, never lost."""

from __future__ import annotations

import json
import random

import pytest
from falconi_scenarios import fresh_escape, pile_order
from saved_games import load_latest, write_slot

from game.core.errors import StateFormatError
from game.falconi.actions import action_table
from game.falconi.constants import FUGITIVE, PLACE
from game.falconi.options import FalconiOptions
from game.falconi.state import FalconiState
from game.falconi.tiles import PILE_TEMPLATE, U_TURN
from game.fredericus.actions import raptors_of
from game.fredericus.cards import SEAL
from game.fredericus.state import FredericusState
from game.i18n import Translator
from game.services.match import OFF, Match, MatchSetup, SeatPlan
from game.services.saves import SaveError, SaveStore

EASY = SeatPlan.ai("easy")


def old_save(match_json: dict, actions: list[str] | None = None, version: int = 1) -> dict:
    """A match's save as the game wrote it before a revision (format 1 before 2026-11-24, format 2 before
    2026-11-27), with these actions."""
    data = json.loads(json.dumps(match_json))
    data["version"] = version
    if actions is not None:
        data["actions"] = actions
    return data


def salami_with_a_fresh_escape_tile() -> Match:
    """A Salami match in which Don Falconi drew an escape tile with an action to spare after it."""
    for seed in range(1, 300):
        match = Match(MatchSetup("falconi", (SeatPlan.human(0), EASY, EASY, EASY), seed=seed,
                                 options=FalconiOptions("salami")))
        rng = random.Random(seed)
        for _ in range(200):
            state = match.state
            assert isinstance(state, FalconiState)
            if state.is_terminal():
                break
            if fresh_escape(state) >= 0 and state.current_seat == 0 and match.log[-1].text == "draw":
                return match
            match.play(rng.choice(state.legal_actions()))
    raise AssertionError("no seed drew Don Falconi an escape tile")


def test_f6_3_an_old_save_with_a_kept_escape_tile_plays_on_under_the_new_rules() -> None:
    match = salami_with_a_fresh_escape_tile()
    texts = [entry.text for entry in match.log]
    old = old_save(match.to_json(), texts + ["keep"])  # the old rules asked him to keep it: one action more
    loaded = Match.from_json(old)
    assert loaded.state.to_json() == match.state.to_json()
    loaded.play(loaded.state.legal_actions()[0])  # and it plays on


def test_f4_2_an_old_save_with_a_lone_country_car_is_kept_aside_saying_why(tmp_path) -> None:
    setup = MatchSetup("falconi", (SeatPlan.human(0), OFF, EASY, OFF), seed=3).to_json()
    setup["seats"] = [{"kind": "person", "person": 0}, {"kind": "ai", "level": "easy"}, {"kind": "off"},
                      {"kind": "off"}]
    old = {"format": "falconi-fredericus-match", "version": 1, "setup": setup, "actions": []}
    with pytest.raises(StateFormatError, match="before their revision of 2026-11-27.*Port car"):
        Match.from_json(old)
    store = SaveStore(tmp_path)
    write_slot(store, json.dumps(old))
    with pytest.raises(SaveError, match="revision of 2026-11-27") as error:
        load_latest(store)
    assert error.value.kept is not None and error.value.kept.exists()
    assert json.loads(error.value.kept.read_text()) == old


def test_f5_8_an_old_save_that_placed_a_u_turn_at_the_prison_is_kept_aside_saying_why(tmp_path) -> None:
    seed = next(seed for seed in range(1, 500) if _first_draw(seed) == U_TURN)
    setup = MatchSetup("falconi", (SeatPlan.human(0), OFF, EASY, OFF), seed=seed).to_json()
    old = {"format": "falconi-fredericus-match", "version": 1, "setup": setup, "actions": ["place u-turn 4,8 r0"]}
    store = SaveStore(tmp_path)
    write_slot(store, json.dumps(old))
    with pytest.raises(SaveError, match="cannot go on under the new ones") as error:
        load_latest(store)
    assert error.value.kept is not None
    assert json.loads(error.value.kept.read_text()) == old


def _first_draw(seed: int) -> int:
    """The top of a Margherita pile as the game shuffles it (F-4.3), before F-5.8 could put it back."""
    pile = list(PILE_TEMPLATE)
    random.Random(seed).shuffle(pile)
    return pile[-1]


def test_an_old_save_of_a_game_the_revision_left_alone_loads_as_it_was() -> None:
    match = Match(MatchSetup("fredericus", (SeatPlan.human(0), EASY), seed=5))
    rng = random.Random(5)
    for _ in range(30):
        match.play(rng.choice(match.state.legal_actions()))
    loaded = Match.from_json(old_save(match.to_json()))
    assert loaded.state.to_json() == match.state.to_json()


# --- the revision of 2026-11-27 (match save format 2) ----------------------------------------------------------
def kept_aside(tmp_path, old: dict) -> SaveError:
    store = SaveStore(tmp_path)
    write_slot(store, json.dumps(old))
    revised = "before their revision of 2026-11-27.*cannot go on under the new ones"
    with pytest.raises(SaveError, match=revised) as error:
        load_latest(store)
    assert error.value.kept is not None
    assert json.loads(error.value.kept.read_text()) == old
    return error.value


def test_f5_8_a_format_2_save_that_placed_a_u_turn_home_mid_game_is_kept_aside_saying_why(tmp_path) -> None:
    """A Margherita game in which the rules now put back a U-turn that the old ones made him place on his road,
    sending him back into the prison: the save's next action cannot be replayed."""
    for seed in range(1, 200):
        match = Match(MatchSetup("falconi", (SeatPlan.human(0), EASY, EASY, EASY), seed=seed))
        rng = random.Random(seed)
        while not match.state.is_terminal():
            before = match.state.clone()
            match.play(rng.choice(before.legal_actions()))
            after = match.state
            assert isinstance(before, FalconiState) and isinstance(after, FalconiState)
            put_back = (after.phase == PLACE and after.turn_seat == FUGITIVE and after.turn_number != before.turn_number
                        and pile_order(before)[-1] == U_TURN and after.tile_just_drawn() != U_TURN
                        and after.cars[FUGITIVE] != after.start_place(FUGITIVE))
            if put_back:
                u_turn = action_table(after.city).place_facing[after.cars[FUGITIVE]][U_TURN][0]
                actions = [entry.text for entry in match.log] + [after.action_text(u_turn)]
                kept_aside(tmp_path, old_save(match.to_json(), actions, version=2))
                return
    raise AssertionError("no seed put a U-turn back later in the game")


def test_f6_6_a_format_2_save_with_the_accomplice_on_the_south_border_is_kept_aside_saying_why(tmp_path) -> None:
    seed = next(seed for seed in range(1, 100) if FalconiState.new_game("diavola", seed).accomplice == 0)
    match = Match(MatchSetup("falconi", (SeatPlan.human(0), EASY, EASY, EASY), seed=seed,
                             options=FalconiOptions("diavola")))
    kept_aside(tmp_path, old_save(match.to_json(), ["accomplice S2"], version=2))  # a Country slot of the south


def test_a_format_2_save_the_revision_leaves_alone_loads_and_plays_on() -> None:
    match = salami_with_a_fresh_escape_tile()
    loaded = Match.from_json(old_save(match.to_json(), version=2))
    assert loaded.state.to_json() == match.state.to_json()
    loaded.play(loaded.state.legal_actions()[0])


# --- the Fredericus ruling of 2026-11-27 (match save format 3) -------------------------------------------
def fredericus_match_ready_to_flip_an_empty_row() -> Match:
    """A two-falconer match (both seats played from here) in which row 0 is empty, rows 7 and 1 end in a seal
    and the first falconer, whose falcon stands on post 0, is hunting: the old rules offered ``flip 0`` here.
    Row 0's cards go onto row 1, then a seal is dug out of rows 2 and 6 and laid on rows 1 and 7."""
    for seed in range(1, 100):
        match = Match(MatchSetup("fredericus", (SeatPlan.human(0), EASY), seed=seed))
        first = match.state.seats[0]
        for _ in range(200):
            state = match.state
            assert isinstance(state, FredericusState)
            rows = state.rows()
            ready = not rows[0] and rows[7][-1:] == rows[1][-1:] == (SEAL,)
            falcon = raptors_of(first)[0]
            if state.phase_name == "play" and ready and state.current_seat == first and state.post_of(falcon) == 0:
                return match
            move = _next_step(state.phase_name, rows, state.actions_left)
            if move is None:
                break
            match.play(state.parse_action(move))
    raise AssertionError("no seed let row 0 be emptied between two seals")


def _next_step(phase: str, rows: tuple[tuple[int, ...], ...], actions_left: int) -> str | None:
    """The next action of :func:`fredericus_match_ready_to_flip_an_empty_row` (``None``: this deal will not do)."""
    if phase == "bet":
        return "bet 3"
    if phase == "token":
        return "stay"
    if not actions_left:
        return "end"
    if rows[0]:
        return "card 0 1"
    for target, source, away in ((1, 2, 3), (7, 6, 5)):
        if rows[target][-1] != SEAL:
            if not rows[source]:
                return None
            return f"card {source} {target}" if rows[source][-1] == SEAL else f"card {source} {away}"
    return "card 3 4"  # all set, on the other falconer's turn: a card far from the rows that matter


def test_r_6_3_an_old_save_that_flipped_an_empty_row_is_kept_aside_saying_why(tmp_path) -> None:
    match = fredericus_match_ready_to_flip_an_empty_row()
    actions = [entry.text for entry in match.log] + ["flip 0", "seal 1"]
    error = kept_aside(tmp_path, old_save(match.to_json(), actions, version=3))
    assert error.kind == "revised_rules" and "Fredericus" in error.reason and "flip 0" in error.reason


def test_r_6_3_an_old_fredericus_save_that_flipped_no_empty_row_loads_and_plays_on() -> None:
    match = fredericus_match_ready_to_flip_an_empty_row()
    loaded = Match.from_json(old_save(match.to_json(), version=3))
    assert loaded.state.to_json() == match.state.to_json()
    assert "flip 0" not in {loaded.state.action_text(action) for action in loaded.state.legal_actions()}
    loaded.play(loaded.state.legal_actions()[0])


def test_the_notice_of_a_save_kept_aside_for_revised_rules_names_no_one_game() -> None:
    """Both games have revised their rules: the player's notice must not say "Falconi" for a Fredericus save."""
    for language in ("en", "it", "de", "fr"):
        notice = Translator(language)("notice.save_reason.revised_rules")
        assert "Falconi" not in notice and "2026" not in notice
