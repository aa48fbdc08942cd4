"""``FredericusState``: a whole game of Fredericus for 2–4 falconers, speaking the shared ``GameState`` protocol.

Seats are the falconers' places around the table, numbered clockwise and named by colour (seat 0 is Red).
The start player is drawn from the seed (or chosen by the host); the turn order runs clockwise from them, so
``seats`` is ``(start, start + 1, …)`` modulo the player count. The game lives in the private fields listed on
the class — small lists of ints that the rules (``rules``, ``serialization``) mutate in place and the core's own
modules read directly, as the search's hot path asks; everything else reads the named queries at the end of the
class, which hand out copies, never the lists themselves.
"""

from __future__ import annotations

import random
from collections.abc import Collection
from typing import Any

from game.core.draws import shuffle
from game.core.errors import GameError
from game.core.message import Message
from game.core.protocol import NO_SEAT, GameState, Outcome, Seat
from game.fredericus import actions, defeat, narration, scoring, serialization
from game.fredericus.actions import HAND, Action
from game.fredericus.cards import (
    BOTTOM_OBJECTIVES,
    FREDERICUS,
    KINDS,
    TOWERS,
    deal_objectives,
    deal_rows,
)
from game.fredericus.recent import NO_MOVES, takes_back
from game.fredericus.rules import (
    BETTING,
    EIGHTH_CREATURE,
    FREDERICUS_DISCARDED,
    FREDERICUS_DRAWN,
    OVER,
    PHASES,
    Trigger,
    TurnRules,
)
from game.fredericus.seating import players_problem

COLOURS = ("Red", "Blue", "Green", "Yellow")  # the four falconer cards, by seat
BOTTOM = BOTTOM_OBJECTIVES + 1  # Fredericus was shuffled among the deck's bottom five cards

_ENDINGS = {
    EIGHTH_CREATURE: "a falconer caught an eighth creature",
    FREDERICUS_DRAWN: "Fredericus was drawn",
    FREDERICUS_DISCARDED: "the deck keeper turned up Fredericus",
}


class FredericusState(TurnRules, GameState[Action]):
    """A Fredericus position. Build one with :meth:`new_game`, :meth:`from_json` or the position builder.

    Private fields (codes in :mod:`~game.fredericus.cards`, raptors and token places in
    :mod:`~game.fredericus.actions`): ``_rows[r]`` the cards of row r, first card first; ``_posts[raptor]`` each
    raptor's guard post (a hooded raptor sits in that post's courtyard segment); ``_hooded`` a bit per raptor;
    ``_tokens`` the place of each betting token, ``_tokens_each`` per seat in seat order; ``_creatures[seat]``
    and ``_hands[seat]`` counts per creature kind of captures and objectives; ``_fredericus_holder`` the seat
    that drew Fredericus or ``NO_SEAT``; ``_deck`` the objective deck, top card last; ``_discards`` the face-up
    objectives; ``_phase``/``_turn``/``_round`` the decision pending and whose it is (``_turn`` is a place in
    ``_order``); ``_actions_left``, ``_captured`` (a bit per raptor), ``_flipped``, ``_tidied`` the current turn
    (after a flip the last ``FLIP_BONUS`` of ``_actions_left`` are optional: ``extra_actions_left``, R-6.2);
    ``_trigger`` how the end was triggered, or ``None``; ``_recent[seat]`` the card and raptor moves of the
    seat's last turn and of the turn it plays now (:mod:`~game.fredericus.recent`), which the AI does not take
    back for nothing.
    """

    game_name = "fredericus"

    __slots__ = (
        "_players", "_short_game", "_start", "_order", "_keeper", "_tokens_each",
        "_rows", "_posts", "_hooded", "_tokens", "_creatures", "_hands", "_fredericus_holder", "_deck", "_discards",
        "_seals_discarded", "_phase", "_turn", "_round", "_turns_started", "_actions_left", "_captured", "_flipped",
        "_tidied", "_flip_post", "_trigger", "_recent", "_legal", "_outcome",
    )  # fmt: skip
    _start: int  # the start player's seat (the rest are declared with the turn rules)
    _outcome: Outcome[Trigger] | None

    # --- construction ---------------------------------------------------------------------------
    @classmethod
    def new_game(
        cls, players: int, seed: int, short_game: bool = False, start_seat: int | None = None
    ) -> FredericusState:
        """R-2: a game about to start with the betting decisions, all randomness drawn from ``seed``."""
        if problem := players_problem(players):
            raise GameError(problem)
        rng = random.Random(seed)
        drawn_start = rng.randrange(players)  # drawn even when the host chooses, so the deal stays the same
        start = drawn_start if start_seat is None else start_seat
        if start not in range(players):
            raise GameError(f"there is no seat {start} among {players} players")
        state = cls._blank(players, short_game, start)
        state._rows = deal_rows(players, rng)
        dealt, state._discards, state._deck = deal_objectives(players, rng)
        state._hands = [[0] * KINDS for _ in range(players)]
        state._posts = [0] * (2 * players)
        for place, seat in enumerate(state._order):
            state._hands[seat][dealt[place]] += 1
            state._posts[2 * seat] = place  # falcon on post k, goshawk on the opposite post k+4
            state._posts[2 * seat + 1] = place + TOWERS // 2
        state._tokens = [HAND] * (players * state._tokens_each)
        state._creatures = [[0] * KINDS for _ in range(players)]
        return state

    @classmethod
    def _blank(cls, players: int, short_game: bool, start: int) -> FredericusState:
        """A state with the set-up facts fixed and the game at its betting start; callers fill in the cards."""
        state = cls.__new__(cls)
        state._players = players
        state._short_game = short_game
        state._start = start
        state._order = tuple((start + place) % players for place in range(players))
        state._keeper = state._order[-1]  # the player to the start player's right
        state._tokens_each = 2 if players == 2 else 1
        state._hooded = 0
        state._fredericus_holder = NO_SEAT
        state._seals_discarded = 0
        state._phase = BETTING
        state._turn = 0
        state._round = 0
        state._turns_started = 0
        state._actions_left = 0
        state._captured = 0
        state._flipped = False
        state._tidied = False
        state._flip_post = -1
        state._trigger = None
        state._recent = [NO_MOVES] * players
        state._legal = None
        state._outcome = None
        return state

    def clone(self) -> FredericusState:
        other = FredericusState.__new__(FredericusState)
        other._players = self._players
        other._short_game = self._short_game
        other._start = self._start
        other._order = self._order
        other._keeper = self._keeper
        other._tokens_each = self._tokens_each
        other._rows = [row[:] for row in self._rows]
        other._posts = self._posts[:]
        other._hooded = self._hooded
        other._tokens = self._tokens[:]
        other._creatures = [counts[:] for counts in self._creatures]
        other._hands = [counts[:] for counts in self._hands]
        other._fredericus_holder = self._fredericus_holder
        other._deck = self._deck[:]
        other._discards = self._discards[:]
        other._seals_discarded = self._seals_discarded
        other._phase = self._phase
        other._turn = self._turn
        other._round = self._round
        other._turns_started = self._turns_started
        other._actions_left = self._actions_left
        other._captured = self._captured
        other._flipped = self._flipped
        other._tidied = self._tidied
        other._flip_post = self._flip_post
        other._trigger = self._trigger
        other._recent = self._recent[:]  # tuples: safe to share
        other._legal = self._legal  # an immutable tuple: safe to share
        other._outcome = self._outcome
        return other

    def _key(self) -> tuple[Any, ...]:
        return (
            self._players, self._short_game, self._start, tuple(map(tuple, self._rows)), tuple(self._posts),
            self._hooded, tuple(self._tokens), tuple(map(tuple, self._creatures)), tuple(map(tuple, self._hands)),
            self._fredericus_holder, tuple(self._deck), tuple(self._discards), self._seals_discarded, self._phase,
            self._turn, self._round, self._turns_started, self._actions_left, self._captured, self._flipped,
            self._tidied, self._flip_post, self._trigger, tuple(self._recent),
        )  # fmt: skip

    def __eq__(self, other: object) -> bool:
        return isinstance(other, FredericusState) and self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        phase, turn = PHASES[self._phase], self._turns_started
        return f"<FredericusState {self._players}p {phase} round {self._round} turn {turn}>"

    # --- the protocol ---------------------------------------------------------------------------
    @property
    def current_seat(self) -> Seat:
        return NO_SEAT if self._phase == OVER else self._order[self._turn]

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self._order

    def seat_name(self, seat: Seat) -> str:
        return f"{COLOURS[seat]} falconer"

    def side_of(self, seat: Seat) -> str:
        return "falconer"

    def seat_count(self) -> int:
        return self._players

    @property
    def turn_number(self) -> int:
        return self._turns_started

    @property
    def round_number(self) -> int:
        return max(1, self._round)  # round 0: before the first (Fredericus' bets)

    @property
    def phase_name(self) -> str:
        """``bet``, ``play``, ``seal``, ``token`` or ``over``: what kind of decision is pending."""
        return PHASES[self._phase]

    def scores(self) -> list[int]:
        """R-8 points per seat, as they stand now."""
        return [
            scoring.score(self._creatures[seat], self._hands[seat], self._fredericus_holder == seat)
            for seat in range(self._players)
        ]

    def score_breakdowns(self) -> list[scoring.Breakdown]:
        """R-8 points per seat by category (creatures, objectives, pairs, Fredericus), as they stand now."""
        return [
            scoring.breakdown(self._creatures[seat], self._hands[seat], self._fredericus_holder == seat)
            for seat in range(self._players)
        ]

    def is_terminal(self) -> bool:
        return self._phase == OVER

    @property
    def outcome(self) -> Outcome[Trigger] | None:
        if self._phase != OVER:
            return None
        if self._outcome is None:
            assert self._trigger is not None
            points = self.scores()
            best = scoring.winner(points, self._order)
            tied = [self.seat_name(seat) for seat in self._order if points[seat] == points[best] and seat != best]
            reason = f"{self.seat_name(best)} wins with {points[best]} points after {_ENDINGS[self._trigger]}"
            if tied:
                reason += f" (tied with {', '.join(tied)}, who played earlier in the turn order)"
            self._outcome = Outcome(self._trigger, frozenset((best,)), reason)
        return self._outcome

    def action_text(self, action: Action) -> str:
        return actions.action_text(action)

    def parse_action(self, text: str) -> Action:
        return actions.parse_action(text)

    def hidden_supply(self) -> int:
        """Tiles or objective cards still face down in the draw pile."""
        return len(self._deck)

    def narrate(self, action: Action) -> Message:
        return narration.narrate(self, action)

    def aftermath(self, before: GameState[Action], action: Action) -> list[Message]:
        assert isinstance(before, FredericusState)
        return narration.aftermath(before, self, action)

    def self_defeat(self, action: Action, allies: frozenset[Seat] = frozenset()) -> Message | None:
        return defeat.self_defeat(self, action, allies)

    def describe(self, action: Action) -> str:
        return narration.describe(self, action)

    def to_json(self) -> dict[str, Any]:
        return serialization.state_to_json(self)

    @classmethod
    def from_json(cls, data: Any) -> FredericusState:
        return serialization.state_from_json(cls, data)

    # --- hidden information (R-10) --------------------------------------------------------------
    def _sees_objectives(self, viewer: Seat, seat: Seat) -> bool:
        """R-7.1: objectives are secret to their owner until the final scoring."""
        return viewer == seat or self._phase == OVER

    def observation(self, seat: Seat) -> serialization.FredericusObservation:
        """What ``seat`` may know (R-10); any other number (e.g. ``NO_SEAT``) is a spectator who sees no hand."""
        return serialization.observation(self, seat)

    def determinize(self, seat: Seat, rng: random.Random) -> FredericusState:
        """Re-deal the objectives ``seat`` cannot see: the other hands and the deck (Fredericus stays public).

        The unseen creature objectives are exchangeable, so a uniform re-deal is the true posterior; Fredericus,
        if still in the deck, goes anywhere among its bottom five (or fewer, once fewer remain) as in R-2.4.
        """
        other = self.clone()
        hidden = [s for s in range(self._players) if not self._sees_objectives(seat, s)]
        pool: list[int] = [kind for s in hidden for kind in range(KINDS) for _ in range(self._hands[s][kind])]
        pool += [card for card in self._deck if card != FREDERICUS]
        pool.sort()
        shuffle(pool, rng)
        dealt = 0
        for s in hidden:
            hand = [0] * KINDS
            for kind in pool[dealt : dealt + sum(self._hands[s])]:
                hand[kind] += 1
            dealt += sum(self._hands[s])
            other._hands[s] = hand
        other._deck = pool[dealt:]
        if FREDERICUS in self._deck:
            other._deck.insert(rng.randrange(min(BOTTOM, len(other._deck) + 1)), FREDERICUS)
        return other

    # --- the table, read-only: what views, tools and tests ask (the rules read the fields) -----------------
    @property
    def players(self) -> int:
        return self._players

    @property
    def short_game(self) -> bool:
        """R-9: the shorter game, in which a falconer may tidy a row once a turn."""
        return self._short_game

    @property
    def start_seat(self) -> Seat:
        return self._start

    @property
    def deck_keeper(self) -> Seat:
        """R-2.4: the falconer who turns up an objective at the end of each of their turns."""
        return self._keeper

    @property
    def actions_left(self) -> int:
        """The actions the deciding falconer has left this turn, a flip's optional ones included (R-6.2)."""
        return self._actions_left

    @property
    def trigger(self) -> Trigger | None:
        """How the end of the game was triggered (R-7.2), or ``None`` while it is not."""
        return self._trigger

    @property
    def fredericus_holder(self) -> Seat:
        """The seat that drew Fredericus, or ``NO_SEAT``."""
        return self._fredericus_holder

    @property
    def seals_discarded(self) -> int:
        return self._seals_discarded

    def rows(self) -> tuple[tuple[int, ...], ...]:
        """Every row's cards (codes of :mod:`~game.fredericus.cards`), first card (by the castle) to end."""
        return tuple(map(tuple, self._rows))

    def row(self, number: int) -> tuple[int, ...]:
        """One row's cards, first to end; an empty row (R-1.2) has none."""
        return tuple(self._rows[number])

    def raptors(self) -> range:
        """Every raptor at the table (see :mod:`~game.fredericus.actions` for their numbers)."""
        return range(2 * self._players)

    def post_of(self, raptor: int) -> int:
        """The guard post a raptor stands on (a hooded one sits in that post's courtyard segment)."""
        return self._posts[raptor]

    def raptor_posts(self) -> tuple[int, ...]:
        """Each raptor's guard post, by raptor number."""
        return tuple(self._posts)

    def is_hooded(self, raptor: int) -> bool:
        """R-5: hooded, it waits in the courtyard until its owner's turn ends."""
        return bool(self._hooded >> raptor & 1)

    def hooded_raptors(self) -> frozenset[int]:
        return frozenset(raptor for raptor in range(2 * self._players) if self._hooded >> raptor & 1)

    def tokens_of(self, seat: Seat) -> list[int]:
        """Where a seat's betting tokens are: a tower 0..7, ``CENTRE`` or ``HAND`` (see ``actions``)."""
        return self._tokens[seat * self._tokens_each : (seat + 1) * self._tokens_each]

    def betting_tokens(self) -> tuple[tuple[Seat, int], ...]:
        """Every betting token's owner and place, in a fixed order (a token's index names it while it moves)."""
        each = self._tokens_each
        return tuple((token // each, place) for token, place in enumerate(self._tokens))

    def creatures_of(self, seat: Seat) -> tuple[int, ...]:
        """The creatures a falconer has caught, a count per kind."""
        return tuple(self._creatures[seat])

    def objectives_seen_by(self, viewers: Collection[Seat], seat: Seat) -> tuple[int, ...] | None:
        """A falconer's creature objectives, a count per kind, as a screen shows them to the seats ``viewers``
        sitting at it; ``None`` while they are secret to every one of them (R-7.1: each falconer sees its own,
        and the final scoring shows them all). The only way to a hand from outside the core."""
        if self._phase == OVER or seat in viewers:
            return tuple(self._hands[seat])
        return None

    def objective_count(self, seat: Seat) -> int:
        """How many creature objectives a falconer holds: public, unlike which."""
        return sum(self._hands[seat])

    def public_points(self, seat: Seat) -> int:
        """R-8.1 as everybody can count it: creatures, objectives in hand and Fredericus, without the secret pairs."""
        fredericus = scoring.FREDERICUS_POINTS if self._fredericus_holder == seat else 0
        return sum(self._creatures[seat]) + sum(self._hands[seat]) + fredericus

    def fredericus_in_deck(self) -> bool:
        """Fredericus still lies in the objective deck (where in it is secret)."""
        return FREDERICUS in self._deck

    def discarded_objectives(self) -> tuple[int, ...]:
        """The face-up objectives the deck keeper turned up, oldest first."""
        return tuple(self._discards)

    def is_take_back(self, action: Action) -> bool:
        """Whether ``action`` puts back a card or raptor the deciding falconer moved this turn or its last."""
        return takes_back(self._recent[self.current_seat], self._rows, action)

