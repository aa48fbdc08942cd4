"""Property tests of the Falconi rules core with Hypothesis.

(a) arbitrary action sequences keep every invariant of ``check_invariants``, also when the game is saved and
    reloaded or cloned mid-way (a state machine); (b) actions of other positions and malformed action text
    are refused with the game's own errors and leave the state untouched; (c) ``determinize`` depends only on
    what the seat may see (F-9); (d) the same seed and the same actions replay the same game.
"""

from __future__ import annotations

import json
import random
import string
from typing import Any

import pytest
from falconi_invariants import (
    ALL_TILES,
    POLICE_SETUPS,
    VARIANT_NAMES,
    Snapshot,
    check_invariants,
    count_tiles,
    play_checked,
)
from falconi_scenarios import fresh_escape, pile_order, scribble
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from game.core.errors import ActionFormatError, IllegalActionError, StateFormatError
from game.falconi.actions import Action
from game.falconi.constants import FUGITIVE, OFF, POLICE
from game.falconi.state import FalconiState

variants = st.sampled_from(VARIANT_NAMES)
police_setups = st.sampled_from(POLICE_SETUPS)
seeds = st.integers(min_value=0, max_value=2**20)


@st.composite
def choices(draw: st.DrawFn) -> list[int]:
    """Choice indices for a whole game: a few chosen one by one (shrinkable), then many from a seeded stream,
    so that examples reach deep positions (Hypothesis' own lists stay short)."""
    head = draw(st.lists(st.integers(min_value=0, max_value=10**6), max_size=8))
    length = draw(st.integers(min_value=0, max_value=400))
    rng = random.Random(draw(st.integers(min_value=0, max_value=2**32)))
    return head + [rng.randrange(10**6) for _ in range(length)]


def advance(state: FalconiState, indices: list[int]) -> list[str]:
    """Play ``legal[i % len(legal)]`` for each index until the game ends; the texts of the actions played."""
    played = []
    for index in indices:
        if state.is_terminal():
            break
        legal = state.legal_actions()
        action = legal[index % len(legal)]
        played.append(state.action_text(action))
        state.apply(action)
    return played


def by_index(indices: list[int]):
    remaining = iter(indices)
    return lambda legal: legal[next(remaining) % len(legal)]


# --- (a) arbitrary play keeps the invariants --------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANT_NAMES)
@settings(max_examples=8)
@given(police=police_setups, seed=seeds, indices=choices())
def test_arbitrary_action_sequences_keep_every_invariant(variant: str, police, seed: int, indices: list[int]) -> None:
    state = FalconiState.new_game(variant, seed, police)
    play_checked(state, by_index(indices), max_steps=len(indices), rng=random.Random(seed))


class FalconiMachine(RuleBasedStateMachine):
    """Plays one game twice: a reference straight through, and a subject that is also saved and reloaded
    through JSON text and replaced by clones between actions. Both must stay the same game, and the subject
    keeps every invariant after every action."""

    def __init__(self) -> None:
        super().__init__()
        self.reference: FalconiState | None = None
        self.subject: FalconiState | None = None
        self.snapshot: Snapshot | None = None

    @initialize(variant=variants, police=police_setups, seed=seeds)
    def start(self, variant: str, police, seed: int) -> None:
        self.reference = FalconiState.new_game(variant, seed, police)
        self.subject = FalconiState.new_game(variant, seed, police)
        self.snapshot = check_invariants(self.subject)

    def playing(self) -> bool:
        return self.subject is not None and not self.subject.is_terminal()

    @precondition(playing)
    @rule(index=st.integers(min_value=0, max_value=10**6))
    def play(self, index: int) -> None:
        assert self.reference is not None and self.subject is not None
        legal = self.reference.legal_actions()
        action = legal[index % len(legal)]
        self.reference.apply(action)
        self.subject.apply(self.subject.parse_action(self.reference.action_text(action)))
        self.snapshot = check_invariants(self.subject, self.snapshot, random.Random(index))

    @precondition(playing)
    @rule(count=st.integers(min_value=1, max_value=40), seed=st.integers(min_value=0, max_value=2**32))
    def play_many(self, count: int, seed: int) -> None:
        rng = random.Random(seed)
        assert self.reference is not None
        for _ in range(count):
            if self.reference.is_terminal():
                return
            self.play(rng.randrange(10**6))

    @precondition(lambda self: self.subject is not None)
    @rule()
    def save_and_reload(self) -> None:
        assert self.subject is not None
        text = json.dumps(self.subject.to_json())
        self.subject = FalconiState.from_json(json.loads(text))

    @precondition(lambda self: self.subject is not None)
    @rule()
    def continue_on_a_clone(self) -> None:
        old = self.subject
        assert old is not None
        self.subject = old.clone()
        scribble(old)  # scribbling on the old copy must not reach the clone

    @invariant()
    def subject_and_reference_are_the_same_game(self) -> None:
        if self.subject is None or self.reference is None:
            return
        assert self.subject.to_json() == self.reference.to_json()
        assert tuple(self.subject.legal_actions()) == tuple(self.reference.legal_actions())
        assert self.subject.current_seat == self.reference.current_seat


TestFalconiMachine = FalconiMachine.TestCase
TestFalconiMachine.settings = settings(max_examples=12, stateful_step_count=60)
TestFalconiMachine.pytestmark = [pytest.mark.slow]  # type: ignore[attr-defined]  # a class hypothesis makes


# --- (b) illegal actions and malformed text ---------------------------------------------------------------------
def _foreign_actions(seed: int) -> set[Action]:
    """Every action offered somewhere in two other random games (Mode I and Mode II)."""
    pool: set[Action] = set()
    for variant in ("prosciutto", "diavola"):
        state = FalconiState.new_game(variant, seed, POLICE)
        rng = random.Random(seed)
        while not state.is_terminal() and len(pool) < 3000:
            pool.update(state.legal_actions())
            state.apply(rng.choice(state.legal_actions()))
    return pool


FOREIGN = _foreign_actions(99)


@settings(max_examples=20)
@given(variant=variants, police=police_setups, seed=seeds, indices=choices(), pick=st.randoms(use_true_random=False))
def test_actions_of_other_positions_are_refused_and_change_nothing(variant, police, seed, indices, pick) -> None:
    state = FalconiState.new_game(variant, seed, police)
    advance(state, indices)
    before = state.to_json()
    legal = set(state.legal_actions())
    illegal = sorted(FOREIGN - legal)
    assert illegal
    for action in pick.sample(illegal, 25) + [Action("fly"), Action("draw", tile=3)]:  # type: ignore[arg-type]  # no such verb
        with pytest.raises(IllegalActionError) as error:
            state.apply(action)
        assert str(error.value).strip()
        assert state.to_json() == before
        assert set(state.legal_actions()) == legal


@pytest.mark.parametrize("thing", ["draw", None, 42, ("draw",), ["draw"], {"verb": "draw"}], ids=repr)
def test_things_that_are_not_actions_are_illegal(thing) -> None:
    state = FalconiState.new_game("salami", 1, POLICE)
    before = state.to_json()
    with pytest.raises(IllegalActionError):
        state.apply(thing)
    assert state.to_json() == before


def test_a_finished_game_refuses_every_action() -> None:
    state = FalconiState.new_game("margherita", 2, (2,))
    advance(state, list(range(1000)))
    assert state.is_terminal()
    before = state.to_json()
    for action in sorted(FOREIGN)[:50]:
        with pytest.raises(IllegalActionError, match="over"):
            state.apply(action)
    assert state.to_json() == before


MALFORMED = [
    "", "   ", "fly", "draw now", "bomb 1", "place", "place curve", "place curve 4,5", "place curve 4,5 r4",
    "place rhombus 4,5 r0", "place curve 9,0 r0", "place curve 4,-1 r0", "place curve 4;5 r0", "place curve x,y r0",
    "drive", "drive 4,5", "drive 4,5 X", "drive 4,5 NE", "drive Q3", "drive N9", "drive 4,5 N extra", "catch",
    "catch Z", "catch N E", "blast 4,5", "escape", "escape N", "escape 4,5", "step", "step 5", "turn west",
    "boost", "boost N,E,S,W,N", "boost N,,E", "boost ,", "accomplice", "accomplice Z1", "keep it",
]


@pytest.mark.parametrize("text", MALFORMED, ids=repr)
def test_malformed_action_text_is_an_action_format_error(text: str) -> None:
    state = FalconiState.new_game("diavola", 5, POLICE)
    before = state.to_json()
    with pytest.raises(ActionFormatError):
        state.parse_action(text)
    assert state.to_json() == before


@pytest.mark.slow
@settings(max_examples=300)
@given(text=st.text(alphabet=string.printable + "äé→", max_size=30))
def test_any_text_either_reads_as_an_action_that_round_trips_or_is_refused_clearly(text: str) -> None:
    state = FalconiState.new_game("prosciutto", 5, POLICE)
    try:
        action = state.parse_action(text)
    except ActionFormatError as error:
        assert str(error).strip()
        return
    assert state.parse_action(state.action_text(action)) == action


@settings(max_examples=200)
@given(
    verb=st.sampled_from(["place", "drive", "catch", "blast", "escape", "step", "turn", "boost", "accomplice"]),
    words=st.lists(st.sampled_from(["curve", "4,5", "9,9", "r1", "r7", "N", "Q", "W6", "S4", "N,E", "N,E,E,E", ""]),
                   max_size=4),
)
def test_near_miss_action_text_reads_or_raises_action_format_error(verb: str, words: list[str]) -> None:
    state = FalconiState.new_game("salami", 5, POLICE)
    text = " ".join([verb, *words])
    try:
        action = state.parse_action(text)
    except ActionFormatError:
        return
    assert action.verb == verb and state.parse_action(state.action_text(action)) == action


# --- (c) determinize depends only on what the seat sees ---------------------------------------------------------
def _redeal_hidden(state: FalconiState, seat: int, rng: random.Random) -> FalconiState | None:
    """A state differing from ``state`` only in what ``seat`` cannot see: the pile's order; for the police in
    Mode II also which tiles are in the fugitive's face-down reserve, whether he just drew an escape tile and
    (Diavola) the district of his accomplice — swapped consistently with the pile. Built through JSON, so it
    is validated like a save; ``None`` if the re-deal happens to make an impossible position."""
    data = state.to_json()
    hides = seat != FUGITIVE and state.variant.mode == 2
    pool = list(data["pile"])
    if hides:
        pool += data["reserves"][FUGITIVE]
        data["fresh"] = None
    if seat != FUGITIVE and data["accomplice"] is not None:
        pool.append("escape:" + data["accomplice"])
    rng.shuffle(pool)

    def take_escape() -> str:
        index = next(i for i, item in enumerate(pool) if item.startswith("escape"))
        return pool.pop(index)

    if seat != FUGITIVE and data["accomplice"] is not None:
        data["accomplice"] = take_escape().split(":")[1]
    if hides:
        count = len(data["reserves"][FUGITIVE])
        data["reserves"][FUGITIVE], pool = sorted(pool[:count]), pool[count:]
    data["pile"] = pool
    try:
        return FalconiState.from_json(data)
    except StateFormatError as error:
        if "no legal action" in str(error):
            return None
        raise


@settings(max_examples=80, suppress_health_check=[HealthCheck.filter_too_much])
@given(
    variant=variants, police=police_setups, seed=seeds, indices=choices(), k=st.integers(0, 2**32),
    swap_seed=st.integers(0, 2**32), fugitive=st.booleans(),
)
def test_determinize_depends_only_on_what_the_seat_sees(variant, police, seed, indices, k, swap_seed, fugitive):
    state = FalconiState.new_game(variant, seed, police)
    for index in indices:  # play on, but stop before the game ends: a finished game hides nothing
        after = state.clone()
        after.apply(after.legal_actions()[index % len(after.legal_actions())])
        if after.is_terminal():
            break
        state = after
    seat = FUGITIVE if fugitive else random.Random(k).choice([s for s in POLICE if state.status[s] != OFF])
    twin = _redeal_hidden(state, seat, random.Random(swap_seed))
    assume(twin is not None)
    redealt = pile_order(twin) != pile_order(state) or hands(twin) != hands(state)
    hidden = twin.to_json() != state.to_json() and redealt
    event(f"{state.variant.name}, {'fugitive' if fugitive else 'police'}, re-dealt: {hidden}")
    assert count_tiles(twin.to_json()) == ALL_TILES
    assert twin.observation(seat) == state.observation(seat), "the re-deal changed what the seat sees"
    one = state.determinize(seat, random.Random(k))
    two = twin.determinize(seat, random.Random(k))
    assert one.to_json() == two.to_json()
    assert tuple(one.legal_actions()) == tuple(two.legal_actions())
    assert one.observation(seat) == state.observation(seat)


def hands(state: FalconiState) -> list[tuple[int, ...]]:
    """Every seat's reserve."""
    return [state.reserve(seat) for seat in range(4)]


def _fresh_escape_positions(count: int) -> list[FalconiState]:
    """Mode II positions where Don Falconi has just drawn an escape tile, which he may still place free of
    charge (F-6.3)."""
    found = []
    for seed in range(200):
        for variant in ("salami", "diavola"):
            state = FalconiState.new_game(variant, seed, POLICE)
            rng = random.Random(seed)
            while not state.is_terminal():
                if fresh_escape(state) >= 0:
                    found.append(state.clone())
                    break
                state.apply(rng.choice(state.legal_actions()))
            if len(found) == count:
                return found
    raise AssertionError("no position with a fresh escape tile drawn by Don Falconi")


def test_f6_3_determinize_ignores_whether_don_falconi_just_drew_an_escape_tile() -> None:
    for state in _fresh_escape_positions(3):
        for police in (seat for seat in POLICE if state.status[seat] != OFF):
            view = state.observation(police)
            assert view["fresh"] is None and view["reserves"][FUGITIVE] == len(state.reserve(FUGITIVE))
            for k in range(5):
                twin = _redeal_hidden(state, police, random.Random(k))
                assert twin is not None and twin.observation(police) == state.observation(police)
                one, two = state.determinize(police, random.Random(k)), twin.determinize(police, random.Random(k))
                assert one.to_json() == two.to_json() and fresh_escape(one) == -1
                assert tuple(one.legal_actions()) == tuple(two.legal_actions())


def test_determinize_deals_the_hidden_reserve_anew_for_the_police() -> None:
    """Not just independent: for the police it really re-deals (else the test above proves nothing)."""
    state = FalconiState.new_game("diavola", 7, POLICE)
    dealt = [state.determinize(POLICE[0], random.Random(k)) for k in range(20)]
    assert len({d.reserve(FUGITIVE) for d in dealt}) > 1
    assert len({d.accomplice for d in dealt}) > 1
    assert all(d.reserve(seat) == state.reserve(seat) for d in dealt for seat in POLICE)
    assert all(d.board == state.board and d.cars == state.cars for d in dealt)
    mine = [state.determinize(FUGITIVE, random.Random(k)) for k in range(5)]
    assert all(hands(d) == hands(state) and d.accomplice == state.accomplice for d in mine)


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_no_observation_reveals_the_seed_that_shuffled_the_pile(variant: str) -> None:
    """F-9: the pile's order is hidden from everyone, and from the police the fugitive's Mode II reserve and
    the Diavola accomplice. ``observation`` copies ``seed`` from the save, and ``new_game(variant, seed)``
    deals the same pile again: whoever sees the seed sees everything hidden."""
    state = FalconiState.new_game(variant, 12345, POLICE)
    for seat in state.seats:
        view: dict[str, Any] = dict(state.observation(seat))  # as any reader would see it
        if "seed" in view:
            rebuilt = FalconiState.new_game(variant, view["seed"], POLICE)
            leaked = pile_order(rebuilt) == pile_order(state) and hands(rebuilt) == hands(state)
            assert not leaked, f"observation({seat}) shows the seed {view['seed']}, which re-deals the hidden pile"
        assert 12345 not in view.values()


# --- (d) same seed, same actions: the same game -----------------------------------------------------------------
@settings(max_examples=25)
@given(variant=variants, police=police_setups, seed=seeds, indices=choices())
def test_same_seed_and_same_actions_replay_the_same_game(variant, police, seed, indices) -> None:
    game = FalconiState.new_game(variant, seed, police)
    positions = [game.to_json()]
    played = []
    for index in indices:
        if game.is_terminal():
            break
        action = game.legal_actions()[index % len(game.legal_actions())]
        played.append(game.action_text(action))
        game.apply(action)
        positions.append(game.to_json())
    recorded = json.loads(json.dumps(played))  # as a saved game record would keep it
    replay = FalconiState.new_game(variant, seed, police)
    assert replay.to_json() == positions[0]
    for step, text in enumerate(recorded, start=1):
        replay.apply(replay.parse_action(text))
        assert replay.to_json() == positions[step], f"step {step} ({text}) leads elsewhere"
    assert tuple(replay.legal_actions()) == tuple(game.legal_actions())
    assert replay.outcome == game.outcome
