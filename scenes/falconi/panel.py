"""The side panel's lines of the Falconi board view: whose turn and phase, Mode II's actions and rounds, each
car's reserve (face down for the police in Mode II: F-6.2), the pile and chili counters, the accomplice's district
(hidden likewise: F-6.6) and, at the end, the game's end in words. Wrapped to fit the panel."""

from __future__ import annotations

from game.core.message import Message
from game.falconi.city import DISTRICTS
from game.falconi.constants import ESCAPE_PLACE, FUGITIVE, OUT, PHASE_NAMES, PLACE, ROUND_LIMIT
from game.falconi.mode2 import ACTIONS_PER_TURN
from game.falconi.state import FalconiState
from game.falconi.tiles import ESCAPE
from game.i18n import Translator
from scenes.kit.ui import TextCache
from scenes.playing.gameview import PANEL_AREA

INFO_WIDTH, INFO_SIZE = PANEL_AREA.width - 40, 22  # the play scene writes the info lines at 22 px in the panel


def info_lines(tr: Translator, text: TextCache, state: FalconiState, hides: bool) -> list[str]:
    """The panel's lines, wrapped to ``INFO_WIDTH``; ``hides``: Don Falconi's secrets are left out."""
    names = [tr(f"seat.falconi.{seat}") for seat in range(4)]
    lines = []
    if state.outcome is not None:
        lines.append(ending(tr, state))
    else:
        lines.append(tr("falconi.info.turn", turn=state.turn, seat=names[state.turn_seat]))
        lines.append(tr("falconi.info.phase", seat=names[state.decider],
                        phase=tr(f"falconi.phase.{PHASE_NAMES[state.phase]}")))
        if state.variant.mode == 2:
            lines.append(" · ".join((tr("falconi.info.actions_left", count=state.actions_left,
                                        total=ACTIONS_PER_TURN),
                                     tr("falconi.info.round", round=state.round, limit=ROUND_LIMIT))))
            if state.last_round:
                lines.append(tr("falconi.info.last_round"))
        if state.drawn >= 0 and state.phase in (PLACE, ESCAPE_PLACE):  # never his: he keeps his draws (F-6.3)
            lines.append(tr("falconi.info.drawn", tile=item_name(tr, state.drawn)))
    for seat in state.seats:
        if state.status[seat] == OUT:
            lines.append(tr("falconi.info.car_out", seat=names[seat]))
        elif state.variant.reserves:
            lines.append(tr("falconi.info.reserve", seat=names[seat],
                            tiles=reserve_text(tr, state.reserves[seat], seat == FUGITIVE and hides)))
        else:
            lines.append(tr("falconi.info.car_in", seat=names[seat]))
    counters = [tr("falconi.info.pile", count=len(state.pile))]
    if state.variant.bombs:
        counters.append(tr("falconi.info.bombs", count=state.bombs))
    if state.variant.boosts:
        counters.append(tr("falconi.info.boosts", count=state.boosts))
    lines.append(" · ".join(counters))
    if state.accomplice >= 0:
        if hides:
            lines.append(tr("falconi.info.accomplice_hidden"))
        else:
            district = tr(f"falconi.district.{DISTRICTS[state.accomplice]}")
            lines.append(tr("falconi.info.accomplice", district=district))
    return [("   " if index else "") + part for line in lines  # long lines of some languages fit the panel
            for index, part in enumerate(text.wrap(line, INFO_WIDTH, INFO_SIZE))]


def reserve_text(tr: Translator, hand: list[int], hidden: bool) -> str:
    """A reserve as tile names, or only how many tiles when they lie face down (F-6.2)."""
    if not hand:
        return tr("falconi.info.none")
    if hidden:
        return tr("falconi.info.hidden_one" if len(hand) == 1 else "falconi.info.hidden", count=len(hand))
    return ", ".join(item_name(tr, item) for item in hand)


def item_name(tr: Translator, item: int) -> str:
    """A tile kind's name, or an escape tile's with its district."""
    if item >= ESCAPE:
        return tr("falconi.tile.escape", district=tr(f"falconi.district.{DISTRICTS[item - ESCAPE]}"))
    return tr(f"falconi.tile.{item}")


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
