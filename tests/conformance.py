"""What every registered game's state must honour, checked from the outside on any position: the protocol of
``game.core.protocol`` as OpenSpiel's ``games_sim_test`` checks its games. ``tests/test_conformance.py`` runs
these checks over every game, every set-up its spec allows, random games and every AI level."""

from __future__ import annotations

import itertools
import json
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from game.ai.ismcts import ISMCTSBot
from game.ai.levels import level_makers
from game.core.bots import Bot
from game.core.errors import GameError, IllegalActionError
from game.core.gamespec import GameSpec
from game.core.options import GameOptions
from game.core.protocol import NO_SEAT, GameState
from game.core.view import SeatView

MAX_SEATS = 6  # the set-ups tried: every pattern of seats in play up to this many seats
MAX_DECISIONS = 5_000  # far above any game's length: a game that goes on longer never ends


@dataclass(frozen=True)
class SetUp:
    """One set-up a game's spec allows: its options and which of its seats are in play."""

    game: str
    options: GameOptions
    in_play: tuple[bool, ...]

    def __str__(self) -> str:
        seats = "".join("x" if seat else "-" for seat in self.in_play)
        return "-".join([self.game, *(f"{key}={value}" for key, value in self.options.to_json().items()), seats])


def option_sets(spec: GameSpec[Any]) -> list[GameOptions]:
    """Every options record the spec lets a player choose (:meth:`GameSpec.playable_options`, as the registry's
    :func:`game.registry.variant_cases` lists them), its defaults first."""
    return list(spec.playable_options())


def seat_patterns(spec: GameSpec) -> list[tuple[bool, ...]]:
    """Every pattern of seats in play, up to ``MAX_SEATS`` seats, that the spec's ``check_seats`` accepts."""
    patterns = []
    for count in range(1, MAX_SEATS + 1):
        for in_play in itertools.product((True, False), repeat=count):
            try:
                spec.check_seats(in_play)
            except GameError:
                continue
            patterns.append(in_play)
    return patterns


def set_ups(spec: GameSpec) -> list[SetUp]:
    """Every set-up of a game, its defaults and its first seat pattern first."""
    return [SetUp(spec.name, options, in_play) for options in option_sets(spec) for in_play in seat_patterns(spec)]


# --- the checks of one position ---------------------------------------------------------------------------
def check_clone(state: GameState[Any]) -> None:
    """A clone equals its original, and playing on either leaves the other as it was."""
    copy = state.clone()
    assert copy is not state and type(copy) is type(state)
    assert copy == state and copy.to_json() == state.to_json()
    if state.is_terminal():
        return
    before = state.to_json()
    action = state.legal_actions()[0]
    copy.apply(action)
    assert state.to_json() == before, "playing on a clone changed its original"
    original = state.clone()
    untouched = original.clone()
    original.apply(action)
    assert untouched.to_json() == before, "playing on the original changed its clone"
    assert original == copy


def check_json(state: GameState[Any], spec: GameSpec) -> None:
    """State to JSON text and back through the registry gives an equal state, whose JSON is the same again."""
    data = state.to_json()
    text = json.dumps(data, sort_keys=True)
    again = spec.state_from_json(json.loads(text))
    assert type(again) is type(state) and again == state
    assert json.dumps(again.to_json(), sort_keys=True) == text
    assert state.to_json() == data, "to_json changed the state"


def check_action_texts(state: GameState[Any]) -> None:
    """Every legal action reads back from its text as itself."""
    for action in state.legal_actions():
        text = state.action_text(action)
        assert isinstance(text, str) and text == text.strip() and "\n" not in text, repr(text)
        assert state.parse_action(text) == action, f"{text!r} reads back as another action"


def check_determinize(state: GameState[Any], rng: random.Random) -> None:
    """A determinized state shows each seat what the true one shows it, and gives the deciding seat the same
    choices; determinizing leaves the true state alone."""
    if state.is_terminal():
        return
    before = state.to_json()
    for seat in state.seats:
        sample = state.determinize(seat, rng)
        assert type(sample) is type(state) and sample is not state
        assert sample.observation(seat) == state.observation(seat), f"a sample shows seat {seat} something else"
        if seat == state.current_seat:
            assert sample.current_seat == seat and list(sample.legal_actions()) == list(state.legal_actions())
    assert state.to_json() == before, "determinize changed the true state"


def check_terminal(state: GameState[Any]) -> None:
    """The game is over exactly when it has an outcome, which leaves no decision and no legal action; its
    returns give +1 to each winner and -1 to each other seat in play, 0 to seats out of play and to everyone
    while it goes on."""
    outcome = state.outcome
    legal = state.legal_actions()
    returns = state.returns()
    assert state.is_terminal() == (outcome is not None)
    assert len(returns) == state.seat_count() and set(state.seats) <= set(range(state.seat_count()))
    if outcome is None:
        assert legal, "an unfinished game has no legal action"
        assert state.current_seat in state.seats
        assert returns == [0.0] * state.seat_count()
        return
    assert len(legal) == 0 and state.current_seat == NO_SEAT
    assert isinstance(outcome.termination, str) and outcome.termination
    assert isinstance(outcome.reason, str) and outcome.winners <= set(state.seats)
    json.dumps(outcome.to_json())
    assert returns == [(1.0 if seat in outcome.winners else -1.0) if seat in state.seats else 0.0
                       for seat in range(state.seat_count())]


def check_refuses_after_the_end(state: GameState[Any], last: Any) -> None:
    """A finished game refuses the action that would have been legal before, and stays as it was."""
    before = state.to_json()
    try:
        state.apply(last)
    except IllegalActionError:
        pass
    else:
        raise AssertionError(f"a finished game accepted {last!r}")
    assert state.to_json() == before


def check_position(state: GameState[Any], spec: GameSpec, rng: random.Random) -> None:
    """Every check of one position."""
    check_terminal(state)
    check_clone(state)
    check_json(state, spec)
    check_action_texts(state)
    check_determinize(state, rng)


# --- games to check them on ----------------------------------------------------------------------------------
def new_state(set_up: SetUp, spec: GameSpec, seed: int) -> GameState[Any]:
    return spec.new_state(set_up.options, set_up.in_play, seed)


def random_positions(state: GameState[Any], seed: int) -> Iterator[GameState[Any]]:
    """Every position of a random game from ``state``, played on in place, the finished one last."""
    rng = random.Random(seed)
    for _ in range(MAX_DECISIONS):
        yield state
        if state.is_terminal():
            return
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError(f"a random game did not end within {MAX_DECISIONS} decisions")


TINY_ITERATIONS = 4  # the searching levels' budget here: enough to exercise the search, quick over whole games
TINY_ROLLOUT = 2


def level_bots(spec: GameSpec) -> dict[str, Callable[[], Bot]]:
    """Every level ``game.ai.levels`` offers (the game's greedy baseline included), the searches cut to a tiny
    iteration budget and timed by the CPU clock, so that a game depends on its seed alone."""
    def tiny(make: Callable[[], Bot]) -> Callable[[], Bot]:
        def made() -> Bot:
            bot = make()
            if isinstance(bot, ISMCTSBot):
                bot.budget = replace(bot.budget, iterations=TINY_ITERATIONS, rollout_depth=TINY_ROLLOUT)
            return bot
        return made

    makers = level_makers(spec.knowledge().evaluate, clock=time.process_time)
    return {level: tiny(make) for level, make in makers.items()}


def play_checked(state: GameState[Any], spec: GameSpec, make: Callable[[], Bot], seed: int,
                 check: Callable[[GameState[Any], GameSpec, random.Random], None] = check_position) -> int:
    """Play to the end with a bot of one level on every seat, each choice one of the legal actions, and
    ``check`` every position; returns the number of decisions."""
    rng = random.Random(seed)
    bots = {seat: make() for seat in state.seats}
    last: Any = None
    for decisions in range(MAX_DECISIONS):
        check(state, spec, rng)
        if state.is_terminal():
            if last is not None:
                check_refuses_after_the_end(state, last)
            return decisions
        legal: Sequence[Any] = tuple(state.legal_actions())
        last = bots[state.current_seat].choose(SeatView(state), rng)
        assert last in legal, f"the bot chose an illegal action {last!r} in {state!r}"
        state.apply(last)
    raise AssertionError(f"no end within {MAX_DECISIONS} decisions")
