"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley & Whitehouse 2012).

Each iteration deals a fresh sample of what the searching seat cannot see (``SeatView.sample``), walks the one
shared tree choosing among the actions legal in that sample (UCB with availability counts), adds one node,
plays on at random for a few actions and scores the result: the game's utilities if it ended, its value
guess if not. Every action of a multi-action turn is a decision of its own. The tree lives only for one
decision, is capped in size, and the search stops at its iteration budget, its time cap or a cancel request.
"""

from __future__ import annotations

import math
import random
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from game.ai.knowledge import GameKnowledge, knowledge_of
from game.core.draws import chooser
from game.core.protocol import A, Action, GameState
from game.core.view import SeatView


class SearchCancelled(Exception):
    """Raised by a search whose cancel event was set: its result is not wanted any more."""


@dataclass(frozen=True)
class SearchBudget:
    iterations: int  # the level's strength: the search normally stops here
    seconds: float  # the hard cap on thinking time, never passed by more than one iteration
    rollout_depth: int | None = None  # random actions after the tree before the value guess; None: the game's
    exploration: float = 0.7  # UCB constant, for utilities between 0 and 1
    max_nodes: int = 60_000  # keeps a tree well under 50 MB
    # A new node starts with the value guess of its position, worth this many visits: without it, a first
    # step of a multi-action plan looks worse than ending the turn, as its random follow-ups spoil it.
    prior_visits: int = 0


class _Node:
    __slots__ = ("action", "seat", "parent", "children", "visits", "avail", "total")

    def __init__(self, action: Any, seat: int, parent: _Node | None) -> None:
        self.action = action
        self.seat = seat  # who chose ``action``; its utility is what this node collects
        self.parent = parent
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0


@dataclass
class SearchStats:
    """What the last decision cost, for benchmarks and the app's pacing."""

    iterations: int = 0
    seconds: float = 0.0
    nodes: int = 0


class ISMCTSBot:
    """A searching bot. ``cheat=True`` searches the true state instead of samples: a developer-only upper
    bound on what fair search could reach, never offered to players. ``sitter=True`` plays only actions the
    game's knowledge says keep its piece where it stands, while it has one: a developer-only yardstick for a
    player who never moves away (in Falconi, Don Falconi sitting at the prison)."""

    def __init__(self, name: str, budget: SearchBudget, cheat: bool = False, sitter: bool = False,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self.name = name
        self.budget = budget
        self.cheat = cheat
        self.sitter = sitter
        self.clock = clock  # seconds; tests hand in a clock of their own
        self.stats = SearchStats()

    def choose(self, view: SeatView[A], rng: random.Random, cancel: threading.Event | None = None) -> A:
        started = self.clock()
        legal: Sequence[A] = view.legal_actions
        knowledge = knowledge_of(view.game_name)
        if self.sitter:
            legal = [action for action in legal if knowledge.stays_put(action)] or legal
        if len(legal) > 1:
            public = view.sample(random.Random(0))  # its own generator: the search's draws stay as they were
            legal = [action for action in legal if not knowledge.pointless(public, action)] or legal
        if len(legal) == 1:
            self.stats = SearchStats(0, self.clock() - started, 0)
            return legal[0]
        sample: Callable[[random.Random], GameState[Any]]
        if self.cheat:
            truth = view._state  # the cheating yardstick sees everything on purpose
            sample = lambda _rng: truth.clone()  # noqa: E731
        else:
            sample = view.sample
        root = _Node(None, -1, None)
        iterations, nodes = self._search(root, sample, knowledge, rng, started, cancel)
        best = max(legal, key=lambda action: _visits(root, action))
        self.stats = SearchStats(iterations, self.clock() - started, nodes)
        return best

    def _search(
        self,
        root: _Node,
        sample: Callable[[random.Random], GameState[Any]],
        knowledge: GameKnowledge,
        rng: random.Random,
        started: float,
        cancel: threading.Event | None,
    ) -> tuple[int, int]:
        budget = self.budget
        deadline = started + budget.seconds
        exploration = budget.exploration
        prior = budget.prior_visits
        max_nodes = budget.max_nodes
        utilities, values = knowledge.utilities, knowledge.values_for_one_search()
        choice, log, sqrt, clock = chooser(rng), math.log, math.sqrt, self.clock
        # log(avail) by count, each worked out once: the very floats of math.log; avail counts iterations at most
        logs = [0.0]
        nodes = 1
        iterations = 0
        while iterations < budget.iterations:
            if cancel is not None and cancel.is_set():
                raise SearchCancelled()
            if clock() >= deadline:
                break
            if len(logs) <= iterations + 1:
                logs.extend(log(count) for count in range(len(logs), len(logs) + 1024))
            state = sample(rng)
            apply = state.apply_legal  # every action below is one of the legal actions of the state it is played in
            node = root
            guess = None  # the value guess of the node expanded this iteration, if any
            while not state.is_terminal():  # selection, then one expansion
                legal = state.legal_actions()
                children = node.children
                untried: Sequence[Action]
                if children:
                    known = [children.get(action) for action in legal]  # one hash an action: they cost
                    untried = [action for action, child in zip(legal, known) if child is None]
                else:  # a node met for the first time: every action untried, in the same order
                    known, untried = [], legal
                if untried and nodes < max_nodes:
                    action = choice(untried)
                    child = _Node(action, state.current_seat, node)
                    children[action] = child
                    nodes += 1
                    apply(action)
                    if prior:
                        guess = utilities(state) if state.is_terminal() else values(state)
                        child.visits, child.total = prior, prior * guess[child.seat]
                    node = child
                    break
                best: _Node | None = None
                best_score = -1.0
                for tried in known:
                    if tried is None:
                        continue
                    avail = tried.avail = tried.avail + 1
                    visits = tried.visits
                    score = tried.total / visits + exploration * sqrt(logs[avail] / visits)
                    if score > best_score:
                        best, best_score = tried, score
                if best is None:
                    break
                apply(best.action)
                node = best
            depth = budget.rollout_depth if budget.rollout_depth is not None else knowledge.rollout_depth(state)
            if depth == 0 and guess is not None:
                rewards = guess  # no rollout: the new node's own guess is the result, already worked out
            else:
                if depth:
                    state.play_out(depth, choice)
                rewards = utilities(state) if state.is_terminal() else values(state)
            walker: _Node | None = node
            while walker is not None:
                walker.visits += 1
                if walker.seat >= 0:
                    walker.total += rewards[walker.seat]
                walker = walker.parent
            iterations += 1
        return iterations, nodes


def _visits(root: _Node, action: Action) -> int:
    child = root.children.get(action)
    return child.visits if child is not None else -1
