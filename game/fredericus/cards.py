"""The 118 cards of Fredericus (R-1.3), their codes, and the seeded set-up of rows and objectives (R-2).

Cards of one kind are indistinguishable, so the engine stores small integer codes: a row card is a creature
kind 0..7, ``TREE``, ``SKY`` or ``SEAL``; an objective is a creature kind 0..7 or ``FREDERICUS``. Each code
also has a one-letter form used in saves and in the position builder.
"""

from __future__ import annotations

import random

TOWERS = 8  # towers, guard posts, rows and courtyard segments are all numbered 0..7 clockwise

CREATURES = ("griffin", "unicorn", "basilisk", "chimera", "harpy", "manticore", "dragon", "phoenix")
KINDS = len(CREATURES)
TREE, SKY, SEAL = 8, 9, 10
ROW_CODES = 11
FREDERICUS = 8  # the objective code of the Fredericus card
EMPTY = -1  # the "end" of an empty row: matches no card

ROW_LETTERS = "gubchmdpTSI"  # creatures by initial, then Tree, Sky, Imperial seal
OBJECTIVE_LETTERS = "gubchmdpF"
ROW_CARD_NAMES = CREATURES + ("tree", "sky card", "imperial seal")

# how many of each row card the box holds, indexed by row code.
ROW_CARD_TOTALS = (4,) * KINDS + (24, 24, 8)
OBJECTIVES_PER_KIND = 3
FALCONER_CARDS = 4
START_PLAYER_CARDS = 1
TOTAL_CARDS = 118
assert sum(ROW_CARD_TOTALS) + OBJECTIVES_PER_KIND * KINDS + 1 + FALCONER_CARDS + START_PLAYER_CARDS == TOTAL_CARDS

# row cards left in the box, by player count and row code, and the resulting row length.
REMOVED = {
    4: (0,) * KINDS + (0, 0, 0),
    3: (1,) * KINDS + (3, 3, 2),
    2: (2,) * KINDS + (6, 6, 4),
}
ROW_LENGTH = {4: 11, 3: 9, 2: 7}
# objectives discarded face up at set-up, and how many go under the deck with Fredericus.
SETUP_DISCARDS = {4: 0, 3: 4, 2: 8}
BOTTOM_OBJECTIVES = 4


def in_play_totals(players: int) -> tuple[int, ...]:
    """How many of each row card take part in a game of ``players`` (R-2.3)."""
    return tuple(total - removed for total, removed in zip(ROW_CARD_TOTALS, REMOVED[players]))


def deal_rows(players: int, rng: random.Random) -> list[list[int]]:
    """Shuffle the row cards left after R-2.3 and deal them into the 8 rows, first card nearest the castle."""
    cards = [code for code, count in enumerate(in_play_totals(players)) for _ in range(count)]
    rng.shuffle(cards)
    length = ROW_LENGTH[players]
    return [cards[row * length : (row + 1) * length] for row in range(TOWERS)]


def deal_objectives(players: int, rng: random.Random) -> tuple[list[int], list[int], list[int]]:
    """R-2.4: one secret objective per player (in turn order), the face-up discards, and the deck.

    The deck is a list whose *last* element is the top card; Fredericus lies among its bottom five.
    """
    objectives = [kind for kind in range(KINDS) for _ in range(OBJECTIVES_PER_KIND)]
    rng.shuffle(objectives)
    dealt = objectives[:players]
    rest = objectives[players:]
    discards = rest[: SETUP_DISCARDS[players]]
    rest = rest[SETUP_DISCARDS[players] :]
    bottom = rest[:BOTTOM_OBJECTIVES] + [FREDERICUS]
    rng.shuffle(bottom)
    return dealt, discards, bottom + rest[BOTTOM_OBJECTIVES:]


def row_text(cards: list[int]) -> str:
    """A row (or any list of row codes) as letters, first card first."""
    return "".join(ROW_LETTERS[code] for code in cards)


def objective_text(codes: list[int]) -> str:
    return "".join(OBJECTIVE_LETTERS[code] for code in codes)


def counts_text(counts: list[int], letters: str = ROW_LETTERS) -> str:
    """Per-kind counts as a sorted run of letters ("ggd" = two griffins and a dragon)."""
    return "".join(letters[kind] * count for kind, count in enumerate(counts))
