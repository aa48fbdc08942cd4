"""The AI levels as players: fair, legal, interruptible and bounded.

* Fairness: a bot sees only its seat's ``SeatView``. For every level (easy, and ISMCTS with small budgets) and
  both games, twin positions that differ only in what the deciding seat cannot see — the pile or deck order,
  the Falconi fugitive's face-down Mode II reserve and Diavola accomplice, the other falconers' objectives —
  give the same decision for the same seed. The ``cheat`` yardstick, which searches the true state, does
  change its mind on some twin: the twins really differ in a way that matters.
* Legality: random self-play of every Falconi variant and Fredericus for 2, 3 and 4, with the levels on some
  seats, checks every decision.
* Bad input, cancelling, the time cap, the node cap and the tree being freed after each decision.

Search bots use tiny budgets whose iteration count, never the clock, stops them, so results are repeatable.
Speed is measured by ``python main.py bench ai``, never asserted here beyond loose behaviour checks.
"""

from __future__ import annotations

import dataclasses
import functools
import gc
import random
import threading
from collections.abc import Callable
from typing import Any, TypeVar

import pytest
from falconi_scenarios import pile_order
from registry_cases import pizzas

from game.ai.easy import EasyBot
from game.ai.ismcts import ISMCTSBot, SearchBudget, SearchCancelled, _Node
from game.ai.knowledge import knowledge_of
from game.ai.levels import HARD, NORMAL, level_makers
from game.core.bots import Bot, RandomBot
from game.core.errors import GameError
from game.core.protocol import GameState
from game.core.view import SeatView
from game.falconi.constants import FUGITIVE, POLICE
from game.falconi.state import FalconiState
from game.falconi.variants import VARIANTS
from game.fredericus.cards import OBJECTIVE_LETTERS
from game.fredericus.state import FredericusState
from game.services.match import AI_LEVELS

St = TypeVar("St", bound=GameState[Any])

SMALL = SearchBudget(iterations=30, seconds=30, rollout_depth=8)  # the iteration count always stops it first
BIGGER = SearchBudget(iterations=60, seconds=30, rollout_depth=12)
TINY_NORMAL = SearchBudget(iterations=6, seconds=5, rollout_depth=4)
TINY_HARD = SearchBudget(iterations=10, seconds=5, rollout_depth=6)
SEEDS = (0, 1, 2, 3)
MODE1 = tuple(pizzas(mode=1))
MODE2 = tuple(pizzas(mode=2))


def fair_bots() -> dict[str, Bot]:
    return {
        "easy": EasyBot(seconds=30),  # its short search stops at its iteration count, never at the clock
        "normal-small": ISMCTSBot("normal", SMALL),
        "hard-small": ISMCTSBot("hard", BIGGER),
    }


# --- positions and their twins ------------------------------------------------------------------------------
def _walk(state: St, rng: random.Random, wanted: Callable[[St], bool], skip: int, limit: int = 3000) -> St | None:
    """Play ``state`` on at random; return the first position after ``skip`` decisions where ``wanted`` holds."""
    for step in range(limit):
        if state.is_terminal():
            return None
        if step >= skip and len(state.legal_actions()) > 1 and wanted(state):
            return state
        state.apply(rng.choice(state.legal_actions()))
    return None


@functools.cache
def falconi_police_positions(variant: str) -> tuple[FalconiState, ...]:
    """Two positions at a police decision with a choice. Mode II: Don Falconi holds face-down reserve tiles,
    and in Diavola an escape tile is still unseen (in the pile or his reserve) so the accomplice can move."""
    mode2 = VARIANTS[variant].mode == 2

    def wanted(st: FalconiState) -> bool:
        if st.current_seat not in POLICE or len(set(pile_order(st))) < 2:
            return False
        if not mode2:
            return True
        hand = st.reserve(FUGITIVE)
        unseen = pile_order(st) + list(hand)
        return (len(hand) > 0 and any(item not in hand for item in pile_order(st))
                and (st.accomplice < 0 or any(item >= 6 for item in unseen)))

    found = []
    for seed in range(60):
        for skip in (6, 30):
            state = _walk(FalconiState.new_game(variant, seed, POLICE), random.Random(seed), wanted, skip)
            if state is not None:
                found.append(state)
        if len(found) >= 2:
            return tuple(found[:2])
    raise AssertionError(f"no {variant} police decision with hidden information found")


def falconi_twin(state: FalconiState, seed: int) -> FalconiState:
    """The same position for the police but for what they cannot see (F-9), built and validated through JSON:
    the pile reordered, and in Mode II the fugitive's reserve tiles swapped with other tiles of the pile and
    Diavola's accomplice swapped with another unseen escape tile."""
    rng = random.Random(seed)
    data = state.to_json()
    pile: list[str] = data["pile"]
    if state.variant.mode == 2:
        reserve: list[str] = data["reserves"][FUGITIVE]
        for index, _item in enumerate(reserve):
            others = [i for i, tile in enumerate(pile) if tile not in reserve]
            if others:
                swap = rng.choice(others)
                reserve[index], pile[swap] = pile[swap], reserve[index]
        data["reserves"][FUGITIVE] = sorted(reserve)
        if data["accomplice"] is not None:
            old = "escape:" + data["accomplice"]
            where = [("pile", i) for i, tile in enumerate(pile) if tile.startswith("escape:")]
            where += [("reserve", i) for i, tile in enumerate(data["reserves"][FUGITIVE]) if tile.startswith("escape:")]
            place, index = rng.choice(where)
            hand = pile if place == "pile" else data["reserves"][FUGITIVE]
            data["accomplice"], hand[index] = hand[index].split(":")[1], old
            data["reserves"][FUGITIVE].sort()
    original = list(pile)
    while pile == original:
        rng.shuffle(pile)
    data["pile"] = pile
    twin = FalconiState.from_json(data)
    assert pile_order(twin) != pile_order(state)
    if state.variant.mode == 2:
        assert twin.reserve(FUGITIVE) != state.reserve(FUGITIVE)
        assert twin.accomplice != state.accomplice or state.accomplice < 0
    return twin


# Late positions where searching the true deal does change a decision (see the cheat test): seed, fraction.
LATE_FREDERICUS = {2: ((1, 0.75), (3, 0.9)), 3: ((2, 0.5), (3, 0.9)), 4: ((3, 0.9), (1, 0.5))}


@functools.cache
def fredericus_positions(players: int) -> tuple[FredericusState, ...]:
    """Positions at a decision with a choice while every other falconer holds secret objectives: one early,
    two late in a random game (there the deal decides more of what a search sees)."""
    found = [_walk(FredericusState.new_game(players, 1), random.Random(1), lambda st: True, 4)]
    for seed, fraction in LATE_FREDERICUS[players]:
        length = 0
        state = FredericusState.new_game(players, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            length += 1
        found.append(_walk(FredericusState.new_game(players, seed), random.Random(seed), lambda st: True,
                           int(length * fraction)))
    assert all(state is not None and not state.is_terminal() for state in found)
    return tuple(found)  # type: ignore[arg-type]


def fredericus_twin(state: FredericusState, seed: int) -> FredericusState:
    """The same position for the deciding falconer but for what they cannot see (R-10): the other falconers'
    objectives and the deck re-dealt from the unseen cards, Fredericus moved within the deck's bottom five."""
    rng = random.Random(seed)
    data = state.to_json()
    seat = state.current_seat
    others = [s for s in state.seats if s != seat]
    unseen = [letter for s in others for letter in data["objectives"][s] if letter != "F"]
    unseen += [letter for letter in data["deck"] if letter != "F"]
    sizes = {s: len(data["objectives"][s].replace("F", "")) for s in others}
    for _ in range(100):
        rng.shuffle(unseen)
        dealt = 0
        for s in others:
            hand = sorted(unseen[dealt : dealt + sizes[s]], key=OBJECTIVE_LETTERS.index)
            data["objectives"][s] = "".join(hand) + ("F" if "F" in state.to_json()["objectives"][s] else "")
            dealt += sizes[s]
        deck = unseen[dealt:]
        if "F" in state.to_json()["deck"]:
            deck.insert(len(deck) - rng.randrange(min(5, len(deck) + 1)), "F")
        data["deck"] = "".join(deck)
        twin = FredericusState.from_json(data)
        if twin.to_json()["objectives"] != state.to_json()["objectives"]:
            return twin
    raise AssertionError(f"the other falconers' objectives cannot be dealt differently in {state!r}")


TWIN_CASES = [("falconi", variant) for variant in MODE1 + MODE2] + [("fredericus", p) for p in (2, 3, 4)]


def _cases(game: str, which: str | int) -> list[tuple[GameState, GameState]]:
    if game == "falconi":
        states = falconi_police_positions(str(which))
        return [(state, falconi_twin(state, 100 * i + k)) for i, state in enumerate(states) for k in (0, 1)]
    positions = fredericus_positions(int(which))
    return [(state, fredericus_twin(state, 100 * i + k)) for i, state in enumerate(positions) for k in (0, 1)]


@pytest.mark.parametrize("game,which", TWIN_CASES)
def test_twins_differ_only_in_what_the_deciding_seat_cannot_see(game: str, which: str | int) -> None:
    for state, twin in _cases(game, which):
        seat = state.current_seat
        assert twin.current_seat == seat and tuple(twin.legal_actions()) == tuple(state.legal_actions())
        assert twin.to_json() != state.to_json()
        assert SeatView(twin).observation() == SeatView(state).observation() == state.observation(seat)


@pytest.mark.parametrize("game,which", TWIN_CASES)
@pytest.mark.parametrize("level", ["easy", "normal-small", "hard-small"])
@pytest.mark.slow
def test_no_level_reads_hidden_information(game: str, which: str | int, level: str) -> None:
    """Changing what the seat may not see never changes its decision for a fixed seed."""
    bot = fair_bots()[level]
    for state, twin in _cases(game, which):
        before = state.to_json()
        for k in SEEDS:
            mine = bot.choose(SeatView(state), random.Random(k))
            theirs = bot.choose(SeatView(twin), random.Random(k))
            assert mine == theirs, f"{level} decided {state.action_text(mine)} but {twin.action_text(theirs)} " \
                                   f"on a twin that differs only in hidden information (seed {k}, {state!r})"
            assert mine in state.legal_actions()
        assert state.to_json() == before, "a bot changed the state it was shown"


@pytest.mark.slow
@pytest.mark.parametrize("game,cases", [("falconi", MODE2 + MODE1), ("fredericus", (2, 3, 4))])
def test_the_cheat_yardstick_does_read_hidden_information(game: str, cases: tuple) -> None:
    """The fairness test has power: a bot that searches the true state decides differently on some twin."""
    for which in cases:
        for budget in (SMALL, BIGGER):
            cheat = ISMCTSBot("cheat", budget, cheat=True)
            for state, twin in _cases(game, which):
                for k in SEEDS:
                    chosen = cheat.choose(SeatView(state), random.Random(k))
                    if chosen != cheat.choose(SeatView(twin), random.Random(k)):
                        return
    raise AssertionError("the cheating bot never changed its mind: the twins hide nothing that matters")


@pytest.mark.slow
def test_fair_search_does_vary_with_its_seed() -> None:
    """And the fair bots are not trivially constant: their decisions depend on the seed they are given."""
    for level, bot in fair_bots().items():
        decisions = set()
        for state in fredericus_positions(4) + falconi_police_positions("salami"):
            decisions |= {(repr(state), bot.choose(SeatView(state), random.Random(k))) for k in range(8)}
        positions = len({position for position, _ in decisions})
        assert len(decisions) > positions, f"{level} ignores its random generator"


# --- every level ------------------------------------------------------------------------------------------
def level_bots() -> dict[str, Bot]:
    """Every level, with tiny search budgets. Whole games of every level: ``test_conformance.py``."""
    return {
        "random": RandomBot(),
        "easy": EasyBot(),
        "normal": ISMCTSBot("normal", TINY_NORMAL),
        "hard": ISMCTSBot("hard", TINY_HARD),
    }


@pytest.mark.slow
def test_the_sitter_yardstick_never_drives_away_while_it_has_anything_else_to_do() -> None:
    """A developer-only level: Don Falconi sitting where he stands (draw, place, turn round), never offered in
    the app. Its ``hard`` search still runs; only its choice is held back from steps and boosts."""
    sitter = level_makers()["sitter"]()
    assert isinstance(sitter, ISMCTSBot) and sitter.sitter and sitter.budget == HARD and "sitter" not in AI_LEVELS
    moved = chosen = 0
    for seed in range(3):
        state = FalconiState.new_game("diavola", seed)
        rng = random.Random(seed)
        while not state.is_terminal() and chosen < 12 * (seed + 1):
            legal = state.legal_actions()
            if state.current_seat == FUGITIVE:
                action = ISMCTSBot("sitter", SMALL, sitter=True).choose(SeatView(state), rng)
                still = [a for a in legal if a.verb not in ("step", "boost")]
                assert action in (still or legal)
                moved += bool(still) and action.verb in ("step", "boost")
                chosen += 1
            else:
                action = rng.choice(legal)
            state.apply(action)
    assert chosen >= 12 and moved == 0


@pytest.mark.slow
def test_a_search_never_chooses_what_the_game_calls_pointless_while_it_has_another_choice(monkeypatch) -> None:
    """The game's knowledge may rule actions out (Falconi: a police car's three-point turn that brings it no
    nearer to him): each level's own choice, once ruled out, is never chosen again."""
    from game.ai import ismcts
    from game.falconi import heuristics

    knowledge = knowledge_of("falconi")
    assert knowledge.pointless is heuristics.pointless
    state = FalconiState.new_game("salami", 3)
    for level in ("normal", "hard"):
        monkeypatch.setattr(ismcts, "knowledge_of", lambda _name: knowledge)
        first = level_makers()[level]().choose(SeatView(state), random.Random(1))

        def is_first(_state: object, action: object, first: object = first) -> bool:
            return action == first

        ruled_out = dataclasses.replace(knowledge, pointless=is_first)
        monkeypatch.setattr(ismcts, "knowledge_of", lambda _name, ruled_out=ruled_out: ruled_out)
        assert level_makers()[level]().choose(SeatView(state), random.Random(1)) != first


def test_every_level_name_makes_a_bot() -> None:
    makers = level_makers()
    assert {"random", "easy", "normal", "hard", "cheat", "sitter"} <= set(makers)
    normal, hard, cheat = makers["normal"](), makers["hard"](), makers["cheat"]()
    assert isinstance(normal, ISMCTSBot) and isinstance(hard, ISMCTSBot) and isinstance(cheat, ISMCTSBot)
    assert normal.budget == NORMAL and hard.budget == HARD
    assert not hard.cheat and cheat.cheat
    for budget, cap in ((NORMAL, 1.0), (HARD, 3.0)):  # the caps stay inside the per-decision targets
        assert budget.seconds < cap


# --- bad input ---------------------------------------------------------------------------------------------
def finished_falconi() -> FalconiState:
    state = FalconiState.new_game("margherita", 3, POLICE)
    rng = random.Random(3)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    return state


def finished_fredericus() -> FredericusState:
    state = FredericusState.new_game(2, 3)
    rng = random.Random(3)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("finished", [finished_falconi, finished_fredericus])
def test_a_bot_is_never_given_a_finished_game(finished) -> None:
    state = finished()
    with pytest.raises(GameError, match="the game is over: there is no decision to take"):
        SeatView(state)
    for bot in list(level_bots().values()) + [ISMCTSBot("cheat", SMALL, cheat=True)]:
        with pytest.raises(GameError, match="game is over"):
            bot.choose(SeatView(state), random.Random(0))


@pytest.mark.parametrize("make", [lambda: FalconiState.new_game("salami", 2, POLICE),
                                  lambda: FredericusState.new_game(3, 2)])
def test_a_bot_is_never_given_another_seats_decision(make) -> None:
    state = make()
    deciding = state.current_seat
    other = next(seat for seat in state.seats if seat != deciding)
    with pytest.raises(GameError, match=f"it is not {state.seat_name(other)}'s decision: "
                                        f"{state.seat_name(deciding)} decides now"):
        SeatView(state, seat=other)
    assert SeatView(state, seat=deciding).seat == deciding


# --- cancel, time cap, node cap, memory -----------------------------------------------------------------------
def busy_position() -> FredericusState:
    return fredericus_positions(4)[1]


class TickingClock:
    """A clock that moves ``tick`` seconds each time it is read: time caps are tested without waiting."""

    def __init__(self, tick: float) -> None:
        self.now, self.tick = 0.0, tick

    def __call__(self) -> float:
        self.now += self.tick
        return self.now


class CountedView:
    """A seat view that counts the samples a search draws (one per iteration) and may set ``cancel`` after
    ``cancel_after`` of them, as the app's thread would."""

    def __init__(self, state: GameState, cancel: threading.Event | None = None, cancel_after: int = -1) -> None:
        self.view, self.cancel, self.cancel_after, self.samples = SeatView(state), cancel, cancel_after, 0
        self.seat, self.game_name, self.legal_actions = self.view.seat, self.view.game_name, self.view.legal_actions

    def sample(self, rng: random.Random) -> GameState:
        self.samples += 1
        if self.cancel is not None and self.samples == self.cancel_after:
            self.cancel.set()
        return self.view.sample(rng)


def test_a_search_cancelled_before_it_starts_stops_at_once() -> None:
    cancel = threading.Event()
    cancel.set()
    bot = ISMCTSBot("hard", SearchBudget(iterations=10**9, seconds=60))
    view = CountedView(busy_position())
    with pytest.raises(SearchCancelled):
        bot.choose(view, random.Random(0), cancel)  # type: ignore[arg-type]
    assert view.samples == 1  # the pointless-move probe only: no iteration ran


@pytest.mark.parametrize("state", [busy_position, lambda: falconi_police_positions("diavola")[0]])
def test_a_search_cancelled_while_it_runs_stops_at_the_next_iteration(state) -> None:
    cancel = threading.Event()
    bot = ISMCTSBot("hard", SearchBudget(iterations=10**9, seconds=60))
    view = CountedView(state(), cancel, cancel_after=51)  # the probe, then 50 iterations
    with pytest.raises(SearchCancelled):
        bot.choose(view, random.Random(0), cancel)  # type: ignore[arg-type]
    assert view.samples == 51


def test_a_search_cancelled_from_another_thread_stops() -> None:
    cancel = threading.Event()
    bot = ISMCTSBot("hard", SearchBudget(iterations=10**9, seconds=600))
    timer = threading.Timer(0.1, cancel.set)
    timer.start()
    try:
        with pytest.raises(SearchCancelled):  # without the cancel, 10**9 iterations: the suite's timeout
            bot.choose(SeatView(busy_position()), random.Random(0), cancel)
    finally:
        timer.cancel()


def test_a_cancelled_search_leaves_the_bot_usable() -> None:
    cancel = threading.Event()
    cancel.set()
    bot = ISMCTSBot("normal", SMALL)
    with pytest.raises(SearchCancelled):
        bot.choose(SeatView(busy_position()), random.Random(0), cancel)
    assert bot.choose(SeatView(busy_position()), random.Random(0)) in busy_position().legal_actions()


def test_the_time_cap_stops_a_search_with_a_huge_iteration_budget() -> None:
    clock = TickingClock(0.001)  # read once per iteration, and at the start and the end
    bot = ISMCTSBot("hard", SearchBudget(iterations=10**9, seconds=0.2), clock=clock)
    action = bot.choose(SeatView(busy_position()), random.Random(0))
    assert action in busy_position().legal_actions()
    assert bot.stats.iterations == 199 and round(bot.stats.seconds, 3) == 0.201


@pytest.mark.parametrize("max_nodes", [1, 5, 40])
def test_the_node_cap_bounds_the_tree(max_nodes: int) -> None:
    bot = ISMCTSBot("hard", SearchBudget(iterations=300, seconds=30, rollout_depth=4, max_nodes=max_nodes))
    action = bot.choose(SeatView(busy_position()), random.Random(0))
    assert action in busy_position().legal_actions()
    assert bot.stats.iterations == 300 and bot.stats.nodes <= max_nodes


def test_a_forced_decision_is_answered_without_search() -> None:
    state = FalconiState.new_game("margherita", 1, POLICE)
    assert len(state.legal_actions()) == 1
    bot = ISMCTSBot("hard", HARD)
    assert bot.choose(SeatView(state), random.Random(0)) == state.legal_actions()[0]
    assert bot.stats.iterations == 0 and bot.stats.nodes == 0


def _nodes_alive() -> int:
    return sum(1 for obj in gc.get_objects() if type(obj) is _Node)


@pytest.mark.slow
def test_the_tree_is_freed_after_each_decision() -> None:
    gc.collect()
    before = _nodes_alive()
    bot = ISMCTSBot("hard", SMALL)
    for state in (busy_position(), falconi_police_positions("salami")[0]):
        bot.choose(SeatView(state), random.Random(0))
        assert bot.stats.nodes > 1
        gc.collect()
        assert _nodes_alive() <= before, "the bot kept its search tree after deciding"
    assert not any(isinstance(value, _Node) for value in vars(bot).values())
