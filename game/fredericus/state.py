"""``FredericusState``: a whole game of Fredericus for 2–4 falconers, speaking the shared ``GameState`` protocol.

Seats are the falconers' places around the table, numbered clockwise and named by colour (seat 0 is Red).
The start player is drawn from the seed (or chosen by the host); the turn order runs clockwise from them, so
``seats`` is ``(start, start + 1, …)`` modulo the player count. The game lives in the fields listed on the
class — small lists of ints that the rules mutate in place; read them, never write them.
"""

from __future__ import annotations

import random
from typing import Any

from game.core.draws import shuffle
from game.core.errors import GameError
from game.core.message import Message
from game.core.protocol import NO_SEAT, GameState, Outcome, Seat
from game.fredericus import actions, narration, scoring, serialization
from game.fredericus.actions import HAND, Action, raptor_text
from game.fredericus.cards import (
    BOTTOM_OBJECTIVES,
    FREDERICUS,
    KINDS,
    OBJECTIVE_LETTERS,
    TOWERS,
    counts_text,
    deal_objectives,
    deal_rows,
    objective_text,
    row_text,
)
from game.fredericus.recent import NO_MOVES
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

COLOURS = ("Red", "Blue", "Green", "Yellow")  # the four falconer cards, by seat
BOTTOM = BOTTOM_OBJECTIVES + 1  # Fredericus was shuffled among the deck's bottom five cards

_ENDINGS = {
    EIGHTH_CREATURE: "a falconer caught an eighth creature",
    FREDERICUS_DRAWN: "Fredericus was drawn",
    FREDERICUS_DISCARDED: "the deck keeper turned up Fredericus",
}


class FredericusState(TurnRules, GameState[Action]):
    """A Fredericus position. Build one with :meth:`new_game`, :meth:`from_json` or the position builder.

    Fields (codes in :mod:`~game.fredericus.cards`, raptors and token places in :mod:`~game.fredericus.actions`):
    ``rows[r]`` the cards of row r, first card first; ``posts[raptor]`` each raptor's guard post (a hooded
    raptor sits in that post's courtyard segment); ``hooded`` a bit per raptor; ``tokens`` the place of each
    betting token, ``tokens_each`` per seat in seat order; ``creatures[seat]`` and ``hands[seat]`` counts per
    creature kind of captures and objectives; ``fredericus_holder`` the seat that drew Fredericus or
    ``NO_SEAT``; ``deck`` the objective deck, top card last; ``discards`` the face-up objectives;
    ``phase``/``turn``/``round`` the decision pending and whose it is (``turn`` is a place in ``order``);
    ``actions_left``, ``captured`` (a bit per raptor), ``flipped``, ``tidied`` the current turn (after a flip the
    last ``FLIP_BONUS`` of ``actions_left`` are optional: ``extra_actions_left``, R-6.2);
    ``trigger`` how the end was triggered, or ``None``; ``recent[seat]`` the card and raptor moves of the seat's
    last turn and of the turn it plays now (:mod:`~game.fredericus.recent`), which the AI does not take back
    for nothing.
    """

    game_name = "fredericus"

    __slots__ = (
        "players", "short_game", "start", "order", "keeper", "tokens_each",
        "rows", "posts", "hooded", "tokens", "creatures", "hands", "fredericus_holder", "deck", "discards",
        "seals_discarded", "phase", "turn", "round", "turns_started", "actions_left", "captured", "flipped",
        "tidied", "flip_post", "trigger", "recent", "_legal", "_outcome",
    )  # fmt: skip
    start: int  # the start player's seat (the rest are declared with the turn rules)
    _outcome: Outcome[Trigger] | None

    # --- construction ---------------------------------------------------------------------------
    @classmethod
    def new_game(
        cls, players: int, seed: int, short_game: bool = False, start_seat: int | None = None
    ) -> FredericusState:
        """R-2: a game about to start with the betting decisions, all randomness drawn from ``seed``."""
        if players not in (2, 3, 4):
            raise GameError(f"Fredericus is played by 2, 3 or 4 falconers, not {players}")
        rng = random.Random(seed)
        drawn_start = rng.randrange(players)  # drawn even when the host chooses, so the deal stays the same
        start = drawn_start if start_seat is None else start_seat
        if start not in range(players):
            raise GameError(f"there is no seat {start} among {players} players")
        state = cls._blank(players, short_game, start)
        state.rows = deal_rows(players, rng)
        dealt, state.discards, state.deck = deal_objectives(players, rng)
        state.hands = [[0] * KINDS for _ in range(players)]
        state.posts = [0] * (2 * players)
        for place, seat in enumerate(state.order):
            state.hands[seat][dealt[place]] += 1
            state.posts[2 * seat] = place  # falcon on post k, goshawk on the opposite post k+4
            state.posts[2 * seat + 1] = place + TOWERS // 2
        state.tokens = [HAND] * (players * state.tokens_each)
        state.creatures = [[0] * KINDS for _ in range(players)]
        return state

    @classmethod
    def _blank(cls, players: int, short_game: bool, start: int) -> FredericusState:
        """A state with the set-up facts fixed and the game at its betting start; callers fill in the cards."""
        state = cls.__new__(cls)
        state.players = players
        state.short_game = short_game
        state.start = start
        state.order = tuple((start + place) % players for place in range(players))
        state.keeper = state.order[-1]  # the player to the start player's right
        state.tokens_each = 2 if players == 2 else 1
        state.hooded = 0
        state.fredericus_holder = NO_SEAT
        state.seals_discarded = 0
        state.phase = BETTING
        state.turn = 0
        state.round = 0
        state.turns_started = 0
        state.actions_left = 0
        state.captured = 0
        state.flipped = False
        state.tidied = False
        state.flip_post = -1
        state.trigger = None
        state.recent = [NO_MOVES] * players
        state._legal = None
        state._outcome = None
        return state

    def clone(self) -> FredericusState:
        other = FredericusState.__new__(FredericusState)
        other.players = self.players
        other.short_game = self.short_game
        other.start = self.start
        other.order = self.order
        other.keeper = self.keeper
        other.tokens_each = self.tokens_each
        other.rows = [row[:] for row in self.rows]
        other.posts = self.posts[:]
        other.hooded = self.hooded
        other.tokens = self.tokens[:]
        other.creatures = [counts[:] for counts in self.creatures]
        other.hands = [counts[:] for counts in self.hands]
        other.fredericus_holder = self.fredericus_holder
        other.deck = self.deck[:]
        other.discards = self.discards[:]
        other.seals_discarded = self.seals_discarded
        other.phase = self.phase
        other.turn = self.turn
        other.round = self.round
        other.turns_started = self.turns_started
        other.actions_left = self.actions_left
        other.captured = self.captured
        other.flipped = self.flipped
        other.tidied = self.tidied
        other.flip_post = self.flip_post
        other.trigger = self.trigger
        other.recent = self.recent[:]  # tuples: safe to share
        other._legal = self._legal  # an immutable tuple: safe to share
        other._outcome = self._outcome
        return other

    def _key(self) -> tuple[Any, ...]:
        return (
            self.players, self.short_game, self.start, tuple(map(tuple, self.rows)), tuple(self.posts),
            self.hooded, tuple(self.tokens), tuple(map(tuple, self.creatures)), tuple(map(tuple, self.hands)),
            self.fredericus_holder, tuple(self.deck), tuple(self.discards), self.seals_discarded, self.phase,
            self.turn, self.round, self.turns_started, self.actions_left, self.captured, self.flipped,
            self.tidied, self.flip_post, self.trigger, tuple(self.recent),
        )  # fmt: skip

    def __eq__(self, other: object) -> bool:
        return isinstance(other, FredericusState) and self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return f"<FredericusState {self.players}p {PHASES[self.phase]} round {self.round} turn {self.turns_started}>"

    # --- the protocol ---------------------------------------------------------------------------
    @property
    def current_seat(self) -> Seat:
        return NO_SEAT if self.phase == OVER else self.order[self.turn]

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self.order

    def seat_name(self, seat: Seat) -> str:
        return f"{COLOURS[seat]} falconer"

    def side_of(self, seat: Seat) -> str:
        return "falconer"

    def seat_count(self) -> int:
        return self.players

    @property
    def turn_number(self) -> int:
        return self.turns_started

    @property
    def round_number(self) -> int:
        return max(1, self.round)  # round 0: before the first (Fredericus' bets)

    @property
    def phase_name(self) -> str:
        """``bet``, ``play``, ``seal``, ``token`` or ``over``: what kind of decision is pending."""
        return PHASES[self.phase]

    def scores(self) -> list[int]:
        """R-8 points per seat, as they stand now."""
        return [
            scoring.score(self.creatures[seat], self.hands[seat], self.fredericus_holder == seat)
            for seat in range(self.players)
        ]

    def score_breakdowns(self) -> list[scoring.Breakdown]:
        """R-8 points per seat by category (creatures, objectives, pairs, Fredericus), as they stand now."""
        return [
            scoring.breakdown(self.creatures[seat], self.hands[seat], self.fredericus_holder == seat)
            for seat in range(self.players)
        ]

    def is_terminal(self) -> bool:
        return self.phase == OVER

    @property
    def outcome(self) -> Outcome[Trigger] | None:
        if self.phase != OVER:
            return None
        if self._outcome is None:
            assert self.trigger is not None
            points = self.scores()
            best = scoring.winner(points, self.order)
            tied = [self.seat_name(seat) for seat in self.order if points[seat] == points[best] and seat != best]
            reason = f"{self.seat_name(best)} wins with {points[best]} points after {_ENDINGS[self.trigger]}"
            if tied:
                reason += f" (tied with {', '.join(tied)}, who played earlier in the turn order)"
            self._outcome = Outcome(self.trigger, frozenset((best,)), reason)
        return self._outcome

    def action_text(self, action: Action) -> str:
        return actions.action_text(action)

    def parse_action(self, text: str) -> Action:
        return actions.parse_action(text)

    def hidden_supply(self) -> int:
        """Tiles or objective cards still face down in the draw pile."""
        return len(self.deck)

    def narrate(self, action: Action) -> Message:
        return narration.narrate(self, action)

    def aftermath(self, before: GameState[Action], action: Action) -> list[Message]:
        assert isinstance(before, FredericusState)
        return narration.aftermath(before, self, action)

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
        return viewer == seat or self.phase == OVER

    def observation(self, seat: Seat) -> dict[str, Any]:
        """What ``seat`` may know (R-10); any other number (e.g. ``NO_SEAT``) is a spectator who sees no hand."""
        holder = self.fredericus_holder
        view: dict[str, Any] = {
            "game": self.game_name,
            "seat": seat,
            "players": self.players,
            "short_game": self.short_game,
            "turn_order": list(self.order),
            "deck_keeper": self.keeper,
            "phase": self.phase_name,
            "current_seat": self.current_seat,
            "round": self.round,
            "turn_number": self.turns_started,
            "actions_left": self.actions_left,
            "extra_actions_left": self.extra_actions_left,  # optional: the turn may end with them unused
            "captured_this_turn": [raptor_text(r) for r in range(2 * self.players) if self.captured >> r & 1],
            "flipped_this_turn": self.flipped,
            "tidied_this_turn": self.tidied,
            "flip_post": None if self.flip_post < 0 else self.flip_post,
            "rows": [row_text(row) for row in self.rows],
            "raptors": list(self.posts),
            "hooded": [raptor_text(r) for r in range(2 * self.players) if self.hooded >> r & 1],
            "tokens": [[serialization.place_json(p) for p in self.tokens_of(s)] for s in range(self.players)],
            "creatures": [counts_text(counts) for counts in self.creatures],
            "objective_counts": [sum(counts) for counts in self.hands],
            "objectives": [
                counts_text(self.hands[s], OBJECTIVE_LETTERS) if self._sees_objectives(seat, s) else None
                for s in range(self.players)
            ],
            "fredericus": "deck" if FREDERICUS in self.deck else ("discarded" if holder == NO_SEAT else holder),
            "objective_discards": objective_text(self.discards),
            "deck_count": len(self.deck),
            "seals_discarded": self.seals_discarded,
            "ending": self.trigger,
        }
        if self.phase == OVER:
            view["scores"] = self.scores()
        return view

    def determinize(self, seat: Seat, rng: random.Random) -> FredericusState:
        """Re-deal the objectives ``seat`` cannot see: the other hands and the deck (Fredericus stays public).

        The unseen creature objectives are exchangeable, so a uniform re-deal is the true posterior; Fredericus,
        if still in the deck, goes anywhere among its bottom five (or fewer, once fewer remain) as in R-2.4.
        """
        other = self.clone()
        hidden = [s for s in range(self.players) if not self._sees_objectives(seat, s)]
        pool: list[int] = [kind for s in hidden for kind in range(KINDS) for _ in range(self.hands[s][kind])]
        pool += [card for card in self.deck if card != FREDERICUS]
        pool.sort()
        shuffle(pool, rng)
        dealt = 0
        for s in hidden:
            hand = [0] * KINDS
            for kind in pool[dealt : dealt + sum(self.hands[s])]:
                hand[kind] += 1
            dealt += sum(self.hands[s])
            other.hands[s] = hand
        other.deck = pool[dealt:]
        if FREDERICUS in self.deck:
            other.deck.insert(rng.randrange(min(BOTTOM, len(other.deck) + 1)), FREDERICUS)
        return other

    def tokens_of(self, seat: Seat) -> list[int]:
        """Where a seat's betting tokens are: a tower 0..7, ``CENTRE`` or ``HAND`` (see ``actions``)."""
        return self.tokens[seat * self.tokens_each : (seat + 1) * self.tokens_each]

