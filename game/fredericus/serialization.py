"""Saving and loading a Fredericus state as versioned JSON, validated so an impossible position never loads.

Cards are written as letters (see :mod:`game.fredericus.cards`): a row is read from its first card (by the
castle) to its end, the objective deck from the top down, the discards oldest first. Raptors are named like
"1g" (seat 1's goshawk), token places are a tower number, "centre" or "hand".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NotRequired, TypedDict

from game.core.errors import StateFormatError
from game.core.jsonio import envelope, field, int_list, open_envelope
from game.core.protocol import NO_SEAT
from game.fredericus.actions import CENTRE, HAND, place_text, raptor_text
from game.fredericus.cards import (
    FREDERICUS,
    KINDS,
    OBJECTIVE_LETTERS,
    OBJECTIVES_PER_KIND,
    REMOVED,
    ROW_CARD_NAMES,
    ROW_CARD_TOTALS,
    ROW_CODES,
    ROW_LETTERS,
    SEAL,
    TOTAL_CARDS,
    TOWERS,
    counts_text,
    objective_text,
    row_text,
)
from game.fredericus.recent import moves_from_json, moves_json
from game.fredericus.rules import (
    BETTING,
    CREATURES_TO_END,
    EIGHTH_CREATURE,
    FLIP_BONUS,
    FREDERICUS_DISCARDED,
    FREDERICUS_DRAWN,
    OVER,
    PHASES,
    SEAL_CHOICE,
    TRIGGERS,
    Phase,
    Trigger,
)
from game.fredericus.seating import players_problem

if TYPE_CHECKING:
    from game.fredericus.state import FredericusState

FORMAT = "fredericus"
VERSION = 1
OWN_ACTIONS = 4
MAX_ACTIONS = OWN_ACTIONS + FLIP_BONUS  # plus one flip's extra actions


class FredericusObservation(TypedDict):
    """What one seat may know of a Fredericus game (R-10), in the letters and names a save uses: another seat's
    objectives are ``None`` until the final scoring (R-7.1); ``scores`` come once the game is over."""

    game: str
    seat: int
    players: int
    short_game: bool
    turn_order: list[int]
    deck_keeper: int
    phase: str
    current_seat: int
    round: int
    turn_number: int
    actions_left: int
    extra_actions_left: int  # optional: the turn may end with them unused
    captured_this_turn: list[str]
    flipped_this_turn: bool
    tidied_this_turn: bool
    flip_post: int | None
    rows: list[str]
    raptors: list[int]
    hooded: list[str]
    tokens: list[list[int | str]]
    creatures: list[str]
    objective_counts: list[int]
    objectives: list[str | None]
    fredericus: str | int  # "deck", "discarded" or the seat holding him
    objective_discards: str
    deck_count: int
    seals_discarded: int
    ending: Trigger | None
    scores: NotRequired[list[int]]


def observation(state: FredericusState, seat: int) -> FredericusObservation:
    """What ``seat`` may know (R-10); any other number (e.g. ``NO_SEAT``) is a spectator who sees no hand."""
    holder = state._fredericus_holder
    players = state._players
    view: FredericusObservation = {
        "game": state.game_name,
        "seat": seat,
        "players": players,
        "short_game": state._short_game,
        "turn_order": list(state._order),
        "deck_keeper": state._keeper,
        "phase": state.phase_name,
        "current_seat": state.current_seat,
        "round": state._round,
        "turn_number": state._turns_started,
        "actions_left": state._actions_left,
        "extra_actions_left": state.extra_actions_left,
        "captured_this_turn": [raptor_text(r) for r in range(2 * players) if state._captured >> r & 1],
        "flipped_this_turn": state._flipped,
        "tidied_this_turn": state._tidied,
        "flip_post": None if state._flip_post < 0 else state._flip_post,
        "rows": [row_text(row) for row in state._rows],
        "raptors": list(state._posts),
        "hooded": [raptor_text(r) for r in range(2 * players) if state._hooded >> r & 1],
        "tokens": [[place_json(p) for p in state.tokens_of(s)] for s in range(players)],
        "creatures": [counts_text(counts) for counts in state._creatures],
        "objective_counts": [sum(counts) for counts in state._hands],
        "objectives": [
            counts_text(state._hands[s], OBJECTIVE_LETTERS) if state._sees_objectives(seat, s) else None
            for s in range(players)
        ],
        "fredericus": "deck" if FREDERICUS in state._deck else ("discarded" if holder == NO_SEAT else holder),
        "objective_discards": objective_text(state._discards),
        "deck_count": len(state._deck),
        "seals_discarded": state._seals_discarded,
        "ending": state._trigger,
    }
    if state._phase == OVER:
        view["scores"] = state.scores()
    return view


def state_to_json(state: FredericusState) -> dict[str, Any]:
    """The whole state; :func:`state_from_json` restores it exactly."""
    players = range(state._players)
    return envelope(
        FORMAT,
        VERSION,
        {
            "players": state._players,
            "short_game": state._short_game,
            "start": state._start,
            "rows": [row_text(row) for row in state._rows],
            "raptors": list(state._posts),
            "hooded": [raptor_text(r) for r in range(2 * state._players) if state._hooded >> r & 1],
            "tokens": [[place_json(place) for place in state.tokens_of(seat)] for seat in players],
            "creatures": [counts_text(state._creatures[seat]) for seat in players],
            "objectives": [
                counts_text(state._hands[seat], OBJECTIVE_LETTERS) + ("F" if state._fredericus_holder == seat else "")
                for seat in players
            ],
            "deck": objective_text(state._deck[::-1]),
            "discards": objective_text(state._discards),
            "seals_discarded": state._seals_discarded,
            "phase": PHASES[state._phase],
            "turn": state._turn,
            "round": state._round,
            "turns_started": state._turns_started,
            "actions_left": state._actions_left,
            "captured": [raptor_text(r) for r in range(2 * state._players) if state._captured >> r & 1],
            "flipped": state._flipped,
            "tidied": state._tidied,
            "flip_post": None if state._flip_post < 0 else state._flip_post,
            "trigger": state._trigger,
            "recent_moves": [moves_json(state._recent[seat]) for seat in players],
        },
    )


def state_from_json(cls: type[FredericusState], data: Any) -> FredericusState:
    """Rebuild a state, raising ``StateFormatError`` for a foreign, malformed or impossible document."""
    doc = open_envelope(data, FORMAT, VERSION)
    players = field(doc, "players", int)
    if problem := players_problem(players):
        raise StateFormatError(problem)
    start = _in_range(field(doc, "start", int), players, "start")
    state = cls._blank(players, field(doc, "short_game", bool), start)
    state._rows = [_letters(text, ROW_LETTERS, f"row {row}") for row, text in enumerate(_strings(doc, "rows", TOWERS))]
    state._posts = int_list(doc, "raptors")
    if len(state._posts) != 2 * players or not all(0 <= post < TOWERS for post in state._posts):
        raise StateFormatError(f"'raptors' must give a guard post 0..7 for each of the {2 * players} raptors")
    state._hooded = _raptor_mask(doc, "hooded", players)
    for seat in range(players):
        if state._hooded >> 2 * seat & 3 == 3:
            raise StateFormatError(f"seat {seat} has both raptors hooded, which R-5.2 forbids")
    state._tokens = _tokens(doc, players, state._tokens_each)
    state._creatures = [_counts(text, ROW_LETTERS[:KINDS], "creatures") for text in _strings(doc, "creatures", players)]
    hands = _strings(doc, "objectives", players)
    state._hands = [_counts(text.replace("F", ""), OBJECTIVE_LETTERS[:KINDS], "objectives") for text in hands]
    holders = [seat for seat, text in enumerate(hands) if "F" in text]
    if len(holders) > 1 or any(text.count("F") > 1 for text in hands):
        raise StateFormatError("more than one Fredericus card in the players' hands")
    state._fredericus_holder = holders[0] if holders else NO_SEAT
    state._deck = _letters(field(doc, "deck", str), OBJECTIVE_LETTERS, "deck")[::-1]
    state._discards = _letters(field(doc, "discards", str), OBJECTIVE_LETTERS, "discards")
    state._seals_discarded = field(doc, "seals_discarded", int)
    _check_cards(state)
    _read_progress(state, doc)
    _check_consistency(state)
    return state


def _read_progress(state: FredericusState, doc: dict[str, Any]) -> None:
    phase = field(doc, "phase", str)
    if phase not in PHASES:
        raise StateFormatError(f"unknown phase {phase!r} (expected one of {', '.join(PHASES)})")
    state._phase = Phase(PHASES.index(phase))
    state._turn = _in_range(field(doc, "turn", int), state._players, "turn")
    state._round = field(doc, "round", int)
    state._turns_started = field(doc, "turns_started", int)
    state._actions_left = field(doc, "actions_left", int)
    if not 0 <= state._actions_left <= MAX_ACTIONS:
        raise StateFormatError(f"'actions_left' must be 0..{MAX_ACTIONS}, not {state._actions_left}")
    state._captured = _raptor_mask(doc, "captured", state._players)
    state._flipped = field(doc, "flipped", bool)
    if state._actions_left > OWN_ACTIONS and not state._flipped:
        raise StateFormatError(f"'actions_left' is {state._actions_left}, more than {OWN_ACTIONS}, though no row was "
                               "flipped this turn (only a flip gives extra actions, R-6.2)")
    state._tidied = field(doc, "tidied", bool)
    flip_post = field(doc, "flip_post", (int, type(None)))
    state._flip_post = -1 if flip_post is None else _in_range(flip_post, TOWERS, "flip_post")
    state._trigger = field(doc, "trigger", (str, type(None)))
    recent = doc.get("recent_moves", [[[], []]] * state._players)  # a position written by hand may leave it out
    if not isinstance(recent, list) or len(recent) != state._players:
        raise StateFormatError(f"'recent_moves' must give the last moves of each of the {state._players} seats")
    state._recent = [moves_from_json(moves, seat) for seat, moves in enumerate(recent)]
    if state._trigger is not None and state._trigger not in TRIGGERS:
        raise StateFormatError(f"unknown end trigger {state._trigger!r} (expected one of {', '.join(TRIGGERS)})")


def _check_cards(state: FredericusState) -> None:
    """All 118 cards accounted for (R-1.3, R-2.3): rows, captures, seals out, objectives, Fredericus."""
    found = [0] * ROW_CODES
    for row in state._rows:
        for code in row:
            found[code] += 1
    for counts in state._creatures:
        for kind, count in enumerate(counts):
            found[kind] += count
    found[SEAL] += state._seals_discarded
    for code, total in enumerate(ROW_CARD_TOTALS):
        expected = total - REMOVED[state._players][code]
        if found[code] != expected:
            raise StateFormatError(
                f"the cards do not add up to {TOTAL_CARDS}: {found[code]} {ROW_CARD_NAMES[code]} card(s) in play, "
                f"but a {state._players}-player game has {expected}"
            )
    objectives = [0] * (KINDS + 1)
    for code in state._deck + state._discards:
        objectives[code] += 1
    for counts in state._hands:
        for kind, count in enumerate(counts):
            objectives[kind] += count
    objectives[FREDERICUS] += state._fredericus_holder != NO_SEAT
    for code, count in enumerate(objectives):
        expected = 1 if code == FREDERICUS else OBJECTIVES_PER_KIND
        if count != expected:
            name = "Fredericus" if code == FREDERICUS else f"{ROW_CARD_NAMES[code]} objective"
            raise StateFormatError(
                f"the cards do not add up to {TOTAL_CARDS}: {count} {name} card(s), expected {expected}"
            )


def _check_consistency(state: FredericusState) -> None:
    """Facts that follow from the rules: a position that breaks them could not have been reached."""
    trigger = state._trigger
    if (state._fredericus_holder != NO_SEAT) != (trigger == FREDERICUS_DRAWN):
        raise StateFormatError("a player holds Fredericus exactly when the end was triggered by drawing it (R-7.2)")
    if (FREDERICUS in state._discards) != (trigger == FREDERICUS_DISCARDED):
        raise StateFormatError("Fredericus is discarded exactly when the deck keeper's draw triggered the end (R-7.2)")
    most = max(sum(counts) for counts in state._creatures)
    if (trigger is None and most >= CREATURES_TO_END) or (trigger == EIGHTH_CREATURE and most < CREATURES_TO_END):
        raise StateFormatError("an eighth creature triggers the end, and only an eighth creature does (R-7.2)")
    if state._phase == OVER and trigger is None:
        raise StateFormatError("a finished game needs an end trigger")
    if (state._phase == BETTING) != (state._round == 0) or state._round < 0 or state._turns_started < 0:
        raise StateFormatError("the betting phase is exactly round 0, and rounds and turns count up from there")
    if (state._phase == SEAL_CHOICE) != (state._flip_post >= 0):
        raise StateFormatError("'flip_post' is given exactly while the seal to discard is being chosen")
    if state._phase == SEAL_CHOICE:
        for row in ((state._flip_post - 1) % TOWERS, (state._flip_post + 1) % TOWERS):
            if not state._rows[row] or state._rows[row][-1] != SEAL:
                raise StateFormatError(f"row {row} must end in an imperial seal while one is being discarded")
    if state._tidied and not state._short_game:
        raise StateFormatError("a row can only be tidied in the shorter game (R-9)")
    if state._phase != OVER and state._captured & ~(3 << 2 * state._order[state._turn]):
        raise StateFormatError("only the player whose turn it is can have captured this turn")
    if state._phase == BETTING and HAND not in state.tokens_of(state._order[state._turn]):
        raise StateFormatError("the player placing a betting token must have one in hand")


def _strings(doc: dict[str, Any], name: str, count: int) -> list[str]:
    value: list[str] = field(doc, name, list)
    if len(value) != count or not all(isinstance(item, str) for item in value):
        raise StateFormatError(f"the state field {name!r} must be a list of {count} texts")
    return value


def _letters(text: str, alphabet: str, where: str) -> list[int]:
    bad = sorted(set(text) - set(alphabet))
    if bad:
        raise StateFormatError(f"{where} holds unknown card letter(s) {''.join(bad)!r} (expected {alphabet})")
    return [alphabet.index(letter) for letter in text]


def _counts(text: str, alphabet: str, where: str) -> list[int]:
    counts = [0] * KINDS
    for code in _letters(text, alphabet, where):
        counts[code] += 1
    return counts


def _in_range(value: int, limit: int, name: str) -> int:
    if not 0 <= value < limit:
        raise StateFormatError(f"the state field {name!r} must be 0..{limit - 1}, not {value}")
    return value


def _raptor_mask(doc: dict[str, Any], name: str, players: int) -> int:
    names = {raptor_text(r): r for r in range(2 * players)}
    mask = 0
    for item in field(doc, name, list):
        if not isinstance(item, str) or item not in names:  # a list or an object is no raptor either
            raise StateFormatError(f"{name!r} names an unknown raptor {item!r} (expected e.g. '0f' or '1g')")
        mask |= 1 << names[item]
    return mask


def place_json(place: int) -> int | str:
    """A token place as saved and observed: a tower number, "centre" or "hand"."""
    return place if place < TOWERS else place_text(place)


def _tokens(doc: dict[str, Any], players: int, each: int) -> list[int]:
    value = field(doc, "tokens", list)
    if len(value) != players or not all(isinstance(item, list) and len(item) == each for item in value):
        raise StateFormatError(f"'tokens' must list {each} betting token place(s) for each of the {players} players")
    places = {place_text(HAND): HAND, **({place_text(CENTRE): CENTRE} if players > 2 else {})}
    tokens = []
    for item in (place for seat_places in value for place in seat_places):
        if isinstance(item, int) and not isinstance(item, bool) and 0 <= item < TOWERS:
            tokens.append(item)
        elif isinstance(item, str) and item in places:
            tokens.append(places[item])
        else:
            raise StateFormatError(f"{item!r} is not a betting token place (a tower 0..7, {' or '.join(places)})")
    if tokens.count(CENTRE) > 1:
        raise StateFormatError("only one token may wait on the courtyard centre (R-3.4)")
    return tokens
