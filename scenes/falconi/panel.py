"""The side panel's HUD of the Falconi board view (see :mod:`scenes.playing.hud`): a card per car with its
reserve, and for Don Falconi his Chili tokens and Diavola's accomplice (face down for the police in Mode II:
F-6.2, F-6.6) and, to him alone, a turn in which he must smash a block (F-6.5); the pile, the turn's actions
and the round; and at the end, the game's end in words."""

from __future__ import annotations

from game.core.message import Message
from game.falconi.city import DISTRICTS
from game.falconi.constants import FUGITIVE, OUT, PHASE_NAMES, ROUND_LIMIT
from game.falconi.mode2 import ACTIONS_PER_TURN
from game.falconi.state import FalconiState
from game.falconi.tiles import ESCAPE
from game.i18n import Translator
from scenes.playing.hud import Chip, Hud, SeatCard


def hud(tr: Translator, state: FalconiState, hides: bool) -> Hud:
    """What the panel shows; ``hides``: Don Falconi's secrets are face down."""
    cards = tuple(_card(tr, state, seat, hides and seat == FUGITIVE) for seat in state.seats)
    counters = [Chip("tile:back", Message.of("falconi.info.pile", count=state.hidden_supply()),
                     str(state.hidden_supply()))]
    notes = []
    if state.outcome is not None:
        notes.append(ending(tr, state))
    else:
        counters.append(Chip("", Message.of("falconi.info.turn", turn=state.turn_number,
                                            seat=f"@seat.falconi.{state.turn_seat}"),
                             tr("falconi.hud.turn", turn=state.turn_number)))
        if state.variant.mode == 2:
            counters.append(Chip(f"pips:{state.actions_left}:{ACTIONS_PER_TURN}",
                                 Message.of("tips.falconi.actions", left=state.actions_left, total=ACTIONS_PER_TURN)))
            counters.append(Chip("", Message.of("falconi.info.round", round=state.round_number, limit=ROUND_LIMIT),
                                 tr("falconi.hud.round", round=state.round_number, limit=ROUND_LIMIT)))
            if state.last_round:
                notes.append(tr("falconi.info.last_round"))
            if state.must_smash and not hides:  # F-6.5: only he may know (his accomplice decides it)
                notes.append(tr("falconi.info.must_smash"))
    return Hud(cards, tuple(counters), tuple(notes))


def _card(tr: Translator, state: FalconiState, seat: int, hidden: bool) -> SeatCard:
    """A car's card: its tiles in hand (the one just drawn first), and Don Falconi's tokens and accomplice."""
    out = state.status[seat] == OUT
    playing = state.outcome is None and seat == state.turn_seat
    tiles = []
    drawn = state.tile_just_drawn()
    if playing and drawn is not None:
        tiles.append(drawn)
    if state.variant.reserves:
        tiles += state.reserve(seat)
    chips = [_tile_chip(None if hidden else item, False) for item in tiles]
    if seat == FUGITIVE:
        if state.accomplice >= 0:
            chips.append(_tile_chip(None if hidden else ESCAPE + state.accomplice, True))
        for token, left, total in (("bomb", state.bombs, state.variant.bombs),
                                   ("boost", state.boosts, state.variant.boosts)):
            if total:
                chips.append(Chip(f"token:{token}" if left else f"token:{token}_spent",
                                  Message.of(f"tips.falconi.{token}s", left=left, total=total), f"×{left}"))
    must_smash = seat == FUGITIVE and state.must_smash and not hidden  # F-6.5, told to him alone
    if must_smash:
        chips.append(Chip("token:boost", Message("falconi.info.must_smash"), tr("falconi.hud.must_smash")))
    if out:
        tip = Message("tips.falconi.car.out")
    elif must_smash:
        tip = Message("falconi.info.must_smash")
    elif playing:
        tip = Message.of("falconi.info.phase", seat=f"@seat.falconi.{state.current_seat}",
                         phase=f"@falconi.phase.{PHASE_NAMES[state.phase]}")
    else:
        tip = Message(f"tips.falconi.car.{seat}")
    return SeatCard(seat, tr(f"seat.falconi.{seat}"), tip, tuple(chips), out=out, active=playing)


def _tile_chip(item: int | None, accomplice: bool) -> Chip:
    """A tile in hand as a picture: ``tile:KIND``, ``tile:ESCAPE+DISTRICT``, or ``tile:back`` face down."""
    return Chip("tile:back" if item is None else f"tile:{item}", strip_tip(item, accomplice))


def strip_tip(item: int | None, accomplice: bool) -> Message:
    """The tooltip of a tile in the strip: a road tile, an escape tile, Diavola's ``accomplice``, or (``item``
    None) a tile the others see face down, which tells nothing of it."""
    if item is None:
        return Message("tips.falconi.hidden_tile")
    if item >= ESCAPE:
        key = "tips.falconi.accomplice_tile" if accomplice else "tips.falconi.escape_tile"
        return Message.of(key, district=f"@falconi.district.{DISTRICTS[item - ESCAPE]}")
    return Message.of("tips.falconi.tile", tile=f"@falconi.tile.{item}")


def ending(tr: Translator, state: FalconiState) -> str:
    """The game's end in words; an end this view does not know keeps the rules core's sentence."""
    outcome = state.outcome
    assert outcome is not None
    key = f"falconi.end.{outcome.termination}"
    if not tr.has(key):
        return outcome.reason
    winner = min(outcome.winners) if outcome.winners else FUGITIVE
    return tr(key, seat=tr(f"seat.falconi.{winner}"), limit=ROUND_LIMIT)
