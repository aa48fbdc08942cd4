"""Build a Fredericus position from the few facts that matter, for the tests.

Only the row *ends* that matter need be written: ``rows={3: "Tg"}`` makes row 3 end with a tree and then a
griffin (its end). Every row card not named anywhere pads the rows from the castle side, sorted so that each
row's padding ends in a sky card — a quiet end that enables nothing by itself. Objectives not in a hand go
to the deck unless the deck is given; Fredericus, unless named, lies at the deck's bottom. The result is
checked like any save.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from game.core.errors import GameError
from game.fredericus.cards import (
    FREDERICUS,
    KINDS,
    OBJECTIVE_LETTERS,
    OBJECTIVES_PER_KIND,
    ROW_LETTERS,
    SEAL,
    SKY,
    TOWERS,
    in_play_totals,
)
from game.fredericus.serialization import FORMAT, VERSION
from game.fredericus.state import FredericusState


def build_position(
    players: int = 4,
    rows: Mapping[int, str] | None = None,
    *,
    start: int = 0,
    short_game: bool = False,
    raptors: Mapping[str, int] | None = None,
    hooded: Iterable[str] = (),
    tokens: Mapping[int, list[int | str]] | None = None,
    creatures: Mapping[int, str] | None = None,
    objectives: Mapping[int, str] | None = None,
    deck: str | None = None,
    discards: str | None = None,
    phase: str = "play",
    turn: int = 0,
    round_number: int | None = None,
    actions_left: int = 4,
    **progress: Any,
) -> FredericusState:
    """A position: ``turn`` is the deciding player's place in the turn order (0 = ``start``).

    ``progress`` sets any other save field (``captured``, ``flipped``, ``tidied``, ``flip_post``, ``trigger``,
    ``seals_discarded``, ``turns_started``). Raises ``StateFormatError`` if the position breaks the rules.
    """
    rows = dict(rows or {})
    creatures = {seat: "" for seat in range(players)} | dict(creatures or {})
    objectives = {seat: "" for seat in range(players)} | dict(objectives or {})
    seals_out = progress.get("seals_discarded", 0)
    spare = list(in_play_totals(players))
    spare[SEAL] -= seals_out
    for text in list(rows.values()) + list(creatures.values()):
        for letter in text:
            spare[ROW_LETTERS.index(letter)] -= 1
    if min(spare) < 0:
        raise GameError(f"the position names more cards than a {players}-player game has")
    padding = sorted((code for code, count in enumerate(spare) for _ in range(count)), key=lambda c: (c == SKY, c))
    full_rows = [""] * TOWERS
    for index, code in enumerate(padding):
        full_rows[index % TOWERS] += ROW_LETTERS[code]
    current_round = (0 if phase == "bet" else 2) if round_number is None else round_number
    order = [(start + place) % players for place in range(players)]
    posts = [0] * (2 * players)
    for place, seat in enumerate(order):
        posts[2 * seat], posts[2 * seat + 1] = place, place + TOWERS // 2
    for name, post in (raptors or {}).items():
        posts[int(name[0]) * 2 + "fg".index(name[1])] = post
    each = 2 if players == 2 else 1
    doc: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "players": players,
        "short_game": short_game,
        "start": start,
        "rows": [full_rows[row] + rows.get(row, "") for row in range(TOWERS)],
        "raptors": posts,
        "hooded": sorted(hooded),
        "tokens": [list((tokens or {}).get(seat, ["hand"] * each)) for seat in range(players)],
        "creatures": [creatures[seat] for seat in range(players)],
        "objectives": [objectives[seat] for seat in range(players)],
        "seals_discarded": seals_out,
        "phase": phase,
        "turn": turn,
        "round": current_round,
        "turns_started": 0 if phase == "bet" else (current_round - 1) * players + turn + 1,
        "actions_left": actions_left,
        "captured": [],
        "flipped": False,
        "tidied": False,
        "flip_post": None,
        "trigger": None,
    }
    doc.update(progress)
    doc["deck"], doc["discards"] = _objective_piles(objectives.values(), deck, discards)
    return FredericusState.from_json(doc)


def _objective_piles(hands: Iterable[str], deck: str | None, discards: str | None) -> tuple[str, str]:
    """Objectives left out go to the pile not given (the deck by default); Fredericus to the deck's bottom."""
    fredericus = OBJECTIVE_LETTERS[FREDERICUS]
    left = {letter: OBJECTIVES_PER_KIND for letter in OBJECTIVE_LETTERS[:KINDS]} | {fredericus: 1}
    for letter in "".join(hands) + (deck or "") + (discards or ""):
        left[letter] -= 1
    rest = "".join(letter * max(count, 0) for letter, count in left.items() if letter != fredericus)
    bottom = fredericus * max(left[fredericus], 0)
    if deck is None:
        return rest + bottom, discards or ""
    if discards is None:
        return deck + bottom, rest
    return deck + bottom, discards
