"""The log says what happened (issue 38, point 4): a catch Don Falconi may still answer with a Chili Bomb is not
told as done, and a step out to the accomplice is an escape, not a drive to the south; in all four languages."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

import pytest

from game.falconi.actions import Action
from game.falconi.city import same_cell
from game.falconi.constants import FUGITIVE
from game.falconi.options import FalconiOptions
from game.falconi.state import FalconiState
from game.i18n import Translator
from game.services.match import MatchSetup, SeatPlan
from game.services.settings import LANGUAGES

SEATS = (SeatPlan.human(0), SeatPlan.ai("easy"), SeatPlan.ai("easy"), SeatPlan.ai("easy"))


def first_position(variant: str, wanted: Callable[[FalconiState, Action], bool]) -> tuple[FalconiState, Action]:
    """The first position of random play (seeds from 1) with a legal action ``wanted`` picks."""
    for seed in range(1, 400):
        state = MatchSetup("falconi", SEATS, seed=seed, options=FalconiOptions.named(variant)).new_state()
        assert isinstance(state, FalconiState)
        rng = random.Random(seed)
        while not state.is_terminal():
            found = next((action for action in state.legal_actions() if wanted(state, action)), None)
            if found is not None:
                return state, found
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError(f"no such position in {variant}")


def catch_he_may_answer(state: FalconiState, action: Action) -> bool:
    return action.verb == "catch" and state.bombs > 0


def step_out(state: FalconiState, action: Action) -> bool:
    if state.current_seat != FUGITIVE or action.verb != "step":
        return False
    return state.links[same_cell(state.cars[FUGITIVE], action.edge)] < 0


@pytest.mark.parametrize("language", LANGUAGES)
def test_f5_4_a_catch_he_may_still_bomb_is_told_as_closing_in_not_as_caught(language):
    state, catch = first_position("margherita", catch_he_may_answer)
    tr = Translator(language)
    told = state.narrate(catch)
    fields = dict(told.fields)
    assert told.key == "log.falconi.catch_attempt" and fields["fugitive"] == "@seat.falconi.0"
    assert tr.message(told) != tr.message(replace(told, key="log.falconi.catch"))
    assert tr(f"seat.falconi.{state.current_seat}") in tr.message(told)  # the police car that drove up
    state.apply(catch)
    assert state.legal_actions()[0].verb == "bomb"  # he is asked now: it was not a catch yet
    done = state.clone()
    done.apply(state.legal_actions()[1])  # no answer: now he is caught, and the outcome says so
    assert done.outcome is not None and done.outcome.termination == "catch"


@pytest.mark.parametrize("language", LANGUAGES)
def test_f3_5_a_step_out_to_the_accomplice_is_told_as_an_escape(language):
    state, step = first_position("diavola", step_out)
    tr = Translator(language)
    sentence = tr.message(state.narrate(step))
    slot = state.city.slots[-state.links[same_cell(state.cars[FUGITIVE], step.edge)] - 1].name
    assert slot in sentence and sentence == tr("log.falconi.drive_out", who=tr("seat.falconi.0"), slot=slot)
    state.apply(step)
    assert state.outcome is not None and state.outcome.termination == "escape"
