"""The turn logic of Fredericus (R-2.5 … R-7): which actions are legal, and what each one does.

This is the engine's hot path. The state keeps everything in small lists of ints, legal actions are taken
from tables built once in :mod:`game.fredericus.actions`, and the list for a decision is computed once and
cached until the next ``apply``. ``TurnRules`` is a mixin of :class:`~game.fredericus.state.FredericusState`
and relies on the fields that class declares.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import IntEnum
from typing import TYPE_CHECKING, Literal

from game.core.errors import IllegalActionError
from game.fredericus.actions import (
    ALL_CARD_MOVES,
    BET,
    BETS,
    CAPTURE,
    CAPTURES,
    CARD,
    CARD_MOVES,
    CENTRE,
    END,
    END_TURN,
    FLIP,
    FLIPS,
    HAND,
    HOOD,
    RAPTOR,
    RAPTOR_MOVES,
    SEAL,
    SEALS,
    STAY,
    STAY_TOKENS,
    TIDIES,
    TIDY,
    TOKEN,
    TOKEN_MOVES,
    Action,
    action_text,
)
from game.fredericus.cards import EMPTY, FREDERICUS, KINDS, SKY, TOWERS, TREE
from game.fredericus.cards import SEAL as SEAL_CARD
from game.fredericus.recent import Moves, TakeBack


class Phase(IntEnum):
    """What kind of decision is pending: a bet (R-2), a turn's actions, a seal's choice, a token's use."""

    BETTING = 0
    PLAYING = 1
    SEAL_CHOICE = 2
    TOKENS = 3
    OVER = 4


BETTING, PLAYING, SEAL_CHOICE, TOKENS, OVER = Phase
PHASES = ("bet", "play", "seal", "token", "over")  # as saves write them

# How the end of the game was triggered: the ``termination`` of its outcome.
Trigger = Literal["eighth_creature", "fredericus_drawn", "fredericus_discarded"]
EIGHTH_CREATURE: Trigger = "eighth_creature"
FREDERICUS_DRAWN: Trigger = "fredericus_drawn"
FREDERICUS_DISCARDED: Trigger = "fredericus_discarded"
TRIGGERS = (EIGHTH_CREATURE, FREDERICUS_DRAWN, FREDERICUS_DISCARDED)

CREATURES_TO_END = 8
FLIP_BONUS = 2  # extra actions a flip offers; the player may leave them unused
TIDY_LENGTH = 3


class TurnRules:
    """Legal-action generation and the effect of every action. Mixed into ``FredericusState``."""

    if not TYPE_CHECKING:  # the state's slots hold the fields below; a checker takes them as this class's own
        __slots__ = ()

    _players: int
    _short_game: bool
    _order: tuple[int, ...]
    _keeper: int
    _tokens_each: int
    _rows: list[list[int]]
    _posts: list[int]
    _hooded: int
    _tokens: list[int]
    _creatures: list[list[int]]
    _hands: list[list[int]]
    _fredericus_holder: int
    _deck: list[int]
    _discards: list[int]
    _seals_discarded: int
    _phase: Phase
    _turn: int
    _round: int
    _turns_started: int
    _actions_left: int
    _captured: int
    _flipped: bool
    _tidied: bool
    _flip_post: int
    _trigger: Trigger | None
    _recent: list[Moves]
    _legal: tuple[Action, ...] | None

    # --- the turn's actions ----------------------------------------------------------------------
    @property
    def extra_actions_left(self) -> int:
        """How many of ``actions_left`` are a flip's optional extra actions (R-6.2, revised 2026-11-24).

        A turn's own actions (R-3.1) are spent first, so the extra ones are always the last to go: after a flip
        they are the lower ``FLIP_BONUS`` of ``actions_left``. Derived, not stored, so a state and its JSON
        need nothing more than ``flipped`` (at most one flip a turn) to know it.
        """
        return min(self._actions_left, FLIP_BONUS) if self._flipped else 0

    @property
    def own_actions_left(self) -> int:
        """The turn's own actions still to spend (R-3.1: exactly 4, or 2 and 3 in the first round)."""
        return self._actions_left - self.extra_actions_left

    # --- legal actions --------------------------------------------------------------------------
    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action of the current decision (cached until the next ``apply``)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._play_actions() if self._phase == PLAYING else self._generate()
        return legal

    def _generate(self) -> tuple[Action, ...]:
        """The decisions outside the hunt itself."""
        phase = self._phase
        if phase == BETTING:
            return BETS
        if phase == TOKENS:
            return self._token_actions()
        if phase == SEAL_CHOICE:
            post = self._flip_post
            return (SEALS[(post - 1) % TOWERS], SEALS[(post + 1) % TOWERS])
        return ()

    def _play_actions(self) -> tuple[Action, ...]:
        rows = self._rows
        ends = [row[-1] if row else EMPTY for row in rows]
        seat = self._order[self._turn]
        posts = self._posts
        free = _FREE_RAPTORS[seat][self._hooded >> 2 * seat & 3]
        if self._actions_left > 0:
            if EMPTY in ends:
                out = [move for row in range(TOWERS) if ends[row] != EMPTY for move in CARD_MOVES[row]]
            else:
                out = list(ALL_CARD_MOVES)
            for raptor in free:
                out += RAPTOR_MOVES[raptor][posts[raptor]]
            if ends.count(TREE) > 1:  # hood: two trees beside a post where an opponent may be hooded
                hooded = self._hooded
                spots = 0
                for raptor in _OPPONENT_RAPTORS[self._players][seat]:
                    post = posts[raptor]
                    if ends[post - 1] == TREE and ends[(post + 1) & 7] == TREE and not hooded >> (raptor & 14) & 3:
                        spots |= 1 << post  # not if its owner already has a raptor hooded
                if spots:
                    for post in range(TOWERS):
                        if spots >> post & 1:
                            out += self._hood_actions(post, seat)
            # the own actions must all be spent: a flip's extra actions may be left unused
            may_end = not out or (self._flipped and self._actions_left <= FLIP_BONUS)
        else:
            out = []
            may_end = True
        captured = self._captured
        for raptor in free:
            if captured >> raptor & 1:
                continue
            post = posts[raptor]
            if 0 <= ends[post] < KINDS:
                left, right = ends[post - 1], ends[(post + 1) & 7]
                if raptor & 1:  # the goshawk hunts low, between a tree and the sky
                    if (left == SKY and right == TREE) or (left == TREE and right == SKY):
                        out.append(CAPTURES[raptor])
                elif left == SKY and right == SKY:  # the falcon hunts high, between two skies
                    out.append(CAPTURES[raptor])
        may_flip = not self._flipped and ends.count(SEAL_CARD) > 1
        may_tidy = self._short_game and not self._tidied
        if free and (may_flip or may_tidy):
            spots_list = [posts[raptor] for raptor in free]
            if len(spots_list) == 2 and spots_list[0] >= spots_list[1]:
                spots_list = spots_list[1:] if spots_list[0] == spots_list[1] else spots_list[::-1]
            for post in spots_list:
                if may_flip and ends[post - 1] == SEAL_CARD and ends[(post + 1) & 7] == SEAL_CARD and rows[post]:
                    out.append(FLIPS[post])  # : an empty row has no cards to flip
                if may_tidy:
                    row = rows[post]  # three trees or three sky at the end, and a start to move them to
                    if len(row) > TIDY_LENGTH and row[-1] == row[-2] == row[-3] and row[-1] in _TIDY_CARDS:
                        out.append(TIDIES[post])
        if may_end:
            out.append(END_TURN)
        return tuple(out)

    def _hood_actions(self, post: int, seat: int) -> list[Action]:
        """R-5: one action per way of choosing, for each opponent with both raptors on the post, which to hood."""
        posts = self._posts
        masks = [0]
        for opponent in range(self._players):
            falcon = 2 * opponent
            if opponent == seat or self._hooded >> falcon & 3:
                continue  # an opponent who already has a raptor hooded keeps the other
            here = [raptor for raptor in (falcon, falcon + 1) if posts[raptor] == post]
            if here:
                masks = [mask | 1 << raptor for mask in masks for raptor in here]
        return [Action(HOOD, post, mask) for mask in masks]

    def _token_actions(self) -> tuple[Action, ...]:
        """R-3.4 step 2: place each token from hand; with none in hand, keep them or move one."""
        seat = self._order[self._turn]
        mine = self._tokens[seat * self._tokens_each : (seat + 1) * self._tokens_each]
        centre_free = self._players > 2 and CENTRE not in self._tokens
        if HAND in mine:
            moves = TOKEN_MOVES[HAND]
            return moves if centre_free else moves[:TOWERS]
        out = [STAY_TOKENS]
        for source in sorted(set(mine)):
            if source < TOWERS:
                moves = TOKEN_MOVES[source]
                out += moves if centre_free else moves[: TOWERS - 1]
        return tuple(out)

    # --- applying -------------------------------------------------------------------------------
    def apply(self, action: Action) -> None:
        """Play one action; an illegal one raises ``IllegalActionError`` and changes nothing."""
        if action not in self.legal_actions():
            raise IllegalActionError(self._illegal_message(action))
        self._legal = None
        _HANDLERS[action[0]](self, action[1], action[2])

    def _illegal_message(self, action: object) -> str:
        try:
            text = repr(action_text(action))  # type: ignore[arg-type]  # any object may be tried: TypeError is caught
        except (TypeError, ValueError):
            text = repr(action)
        if self._phase == OVER:
            return f"{text} is not legal: the game is over"
        name = self.seat_name(self._order[self._turn])  # type: ignore[attr-defined]  # a mixin: the state that uses it has seat_name
        waiting = {
            BETTING: "to place a betting token on a tower",
            PLAYING: f"to hunt, with {self._actions_left} action(s) left"
            + (f" ({self.extra_actions_left} of them optional, from a flip)" if self.extra_actions_left else ""),
            SEAL_CHOICE: "to choose which of the two seals to discard",
            TOKENS: "to place or move betting tokens",
        }[self._phase]
        return f"{text} is not legal now: it is {name}'s decision {waiting}"

    def _bet(self, tower: int, _: int) -> None:
        seat = self._order[self._turn]
        self._move_token(seat, HAND, tower)
        if HAND in self._tokens[seat * self._tokens_each : (seat + 1) * self._tokens_each]:
            return
        self._turn += 1
        if self._turn == self._players:
            self._turn = 0
            self._round = 1
            self._begin_turn()

    def _move_card(self, row: int, to: int) -> None:
        rows = self._rows
        card = rows[row].pop()
        rows[to].append(card)
        self._actions_left -= 1
        self._remember(TakeBack(Action(CARD, to, row), len(rows[to]), card))

    def _move_raptor(self, raptor: int, post: int) -> None:
        self._remember(TakeBack(Action(RAPTOR, raptor, self._posts[raptor])))
        self._posts[raptor] = post
        self._actions_left -= 1

    def _remember(self, move: TakeBack) -> None:
        """A move of the falconer deciding now, for the AI not to take it back for nothing (issue 38)."""
        seat = self._order[self._turn]
        previous, current = self._recent[seat]
        self._recent[seat] = (previous, (*current, move))

    def _hood(self, _: int, mask: int) -> None:
        self._hooded |= mask
        self._actions_left -= 1

    def _capture(self, raptor: int, _: int) -> None:
        seat = raptor >> 1
        tower = self._posts[raptor]
        caught = self._creatures[seat]
        caught[self._rows[tower].pop()] += 1
        self._captured |= 1 << raptor
        if self._trigger is None and sum(caught) >= CREATURES_TO_END:
            self._trigger = EIGHTH_CREATURE  # at once, so this capture's payouts draw nothing
        tokens = self._tokens
        each = self._tokens_each
        for step in range(1, self._players):  # clockwise from the captor
            owner = (seat + step) % self._players
            for token in range(owner * each, owner * each + each):
                if tokens[token] == tower:
                    tokens[token] = HAND
                    self._draw(owner)
        if CENTRE in tokens:
            tokens[tokens.index(CENTRE)] = HAND

    def _flip(self, post: int, _: int) -> None:
        self._rows[post].reverse()
        self._flipped = True
        self._actions_left += FLIP_BONUS
        self._draw(self._order[self._turn])
        self._phase = SEAL_CHOICE
        self._flip_post = post

    def _discard_seal(self, row: int, _: int) -> None:
        self._rows[row].pop()
        self._seals_discarded += 1
        self._phase = PLAYING
        self._flip_post = -1

    def _tidy(self, row: int, _: int) -> None:
        cards = self._rows[row]
        self._rows[row] = cards[-TIDY_LENGTH:] + cards[:-TIDY_LENGTH]
        self._tidied = True

    def _end_turn(self, _: int, __: int) -> None:
        seat = self._order[self._turn]
        self._hooded &= ~(3 << 2 * seat)  # step 1
        if self._trigger is not None and self._turn == self._players - 1:
            self._finish_turn()  # the game ends now: tokens no longer matter
        else:
            self._phase = TOKENS

    def _token(self, source: int, dest: int) -> None:
        seat = self._order[self._turn]
        self._move_token(seat, source, dest)
        if source == HAND and HAND in self._tokens[seat * self._tokens_each : (seat + 1) * self._tokens_each]:
            return
        self._finish_turn()

    def _stay(self, _: int, __: int) -> None:
        self._finish_turn()

    # --- turn sequence --------------------------------------------------------------------------
    def _finish_turn(self) -> None:
        """R-3.4 step 3, then the next turn, or the end of the game once the round is complete (R-7.2)."""
        if self._order[self._turn] == self._keeper and self._trigger is None and self._deck:
            card = self._deck.pop()
            self._discards.append(card)
            if card == FREDERICUS:
                self._trigger = FREDERICUS_DISCARDED
        following = self._turn + 1
        if following == self._players:
            if self._trigger is not None:
                self._phase = OVER
                return
            following = 0
            self._round += 1
        self._turn = following
        self._begin_turn()

    def _begin_turn(self) -> None:
        """R-3.1 action count and R-3.5 centre token return."""
        self._turns_started += 1
        self._phase = PLAYING
        self._captured = 0
        self._flipped = False
        self._tidied = False
        self._actions_left = 2 + self._turn if self._round == 1 and self._turn < 2 else 4
        seat = self._order[self._turn]
        self._recent[seat] = (self._recent[seat][1], ())  # the moves of its turn before; none yet of this one
        tokens = self._tokens
        for token in range(seat * self._tokens_each, (seat + 1) * self._tokens_each):
            if tokens[token] == CENTRE:
                tokens[token] = HAND
                self._draw(seat)

    def _draw(self, seat: int) -> None:
        """Draw the top objective (R-7.2: nothing once the end is triggered; R-7.3: nothing from an empty deck)."""
        if self._trigger is None and self._deck:
            card = self._deck.pop()
            if card == FREDERICUS:
                self._fredericus_holder = seat
                self._trigger = FREDERICUS_DRAWN
            else:
                self._hands[seat][card] += 1

    def _move_token(self, seat: int, source: int, dest: int) -> None:
        tokens = self._tokens
        first = seat * self._tokens_each
        tokens[tokens.index(source, first, first + self._tokens_each)] = dest


def new_places(kind: str, length: int) -> list[int]:
    """Where each card of a row of ``length`` cards goes, by its index, when the row is flipped (R-6: end for
    end) or tidied (R-9: its last ``TIDY_LENGTH`` cards to its start); for the view, not the hot path."""
    if kind == FLIP:
        return [length - 1 - index for index in range(length)]
    kept = length - min(TIDY_LENGTH, length)
    return [index - kept if index >= kept else index + length - kept for index in range(length)]


# _FREE_RAPTORS[seat][hooded bits of the seat]: the seat's raptors that are not hooded.
_FREE_RAPTORS = tuple(
    tuple(tuple(r for r in (2 * seat, 2 * seat + 1) if not bits >> (r & 1) & 1) for bits in range(4))
    for seat in range(4)
)
# _OPPONENT_RAPTORS[players][seat]: the raptors of the other players.
_OPPONENT_RAPTORS = {n: tuple(tuple(r for r in range(2 * n) if r >> 1 != seat) for seat in range(n)) for n in (2, 3, 4)}


_TIDY_CARDS = (TREE, SKY)


_HANDLERS: dict[str, Callable[[TurnRules, int, int], None]] = {
    BET: TurnRules._bet,
    CARD: TurnRules._move_card,
    RAPTOR: TurnRules._move_raptor,
    HOOD: TurnRules._hood,
    CAPTURE: TurnRules._capture,
    FLIP: TurnRules._flip,
    SEAL: TurnRules._discard_seal,
    TIDY: TurnRules._tidy,
    END: TurnRules._end_turn,
    TOKEN: TurnRules._token,
    STAY: TurnRules._stay,
}
