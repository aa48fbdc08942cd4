"""The choices a player makes on the Falconi board: each legal action split into steps, and what each step
does in words (its tooltip) and as an icon of the action bar.

Steps: ``("tile", v)`` a tile from the strip (a tile kind, an escape item ``ESCAPE + district`` or
``"accomplice"``), ``("cell", c)``, ``("rot", Rotation(r, dead_end, needs_bomb))`` (a Mode I tile turned so that
its car can reach no open end, nor a catch, is a dead end; one that leaves Don Falconi only blocks to bomb needs a
bomb: F-5.5); ``("dest", place)`` or ``("dest", ("slot", s))`` for a
Mode I drive; ``("catch", edge)``; ``("blast", place)``; ``("slot", s)`` for an escape tile or the accomplice;
``("step", edge)`` and ``("turn", edge)`` in Mode II; ``("button", "boost")`` then ``("boost", path)``; and
``("button", verb)`` for draw, bomb, pass and keep. In a Mode II action phase every other action starts with
``(GROUP, kind)``: a button per kind of action in the bar, while the step behind it stays clickable on the board
(see :mod:`scenes.kit.chooser`). A place is a cell and the edge its car came in by (:class:`game.falconi.city.Place`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Literal

from game.falconi.actions import Action as FalconiAction
from game.falconi.actions import cell_text
from game.falconi.city import DISTRICTS, cell_of, edge_of
from game.falconi.constants import ACTION, BLAST, ESCAPE_PLACE, FUGITIVE
from game.falconi.queries import Way, catch_place, places_free, step_catches, step_end, way_after
from game.falconi.state import FalconiState
from game.falconi.tiles import ESCAPE
from scenes.kit.chooser import GROUP, ActionChooser, Rotation, Step, quarters

Translate = Callable[..., str]

ACCOMPLICE = "accomplice"
FalconiStepKind = Literal["tile", "cell", "rot", "dest", "catch", "blast", "slot", "step", "turn", "button", "boost",
                          "group"]  # the steps of the module's docstring
FalconiStep = Step[FalconiStepKind]
FalconiChooser = ActionChooser[FalconiState, FalconiAction, FalconiStepKind]
BUTTONS = ("draw", "boost", "bomb", "pass")
GROUPS = {"place": "place", "step": "drive", "turn": "turn", "escape": "escape", "accomplice": "accomplice"}
# The icon (a name of ``scenes.kit.ui_art.ICONS``) before each button of the action bar: by verb, and by kind of
# Mode II action (the values of ``GROUPS``).
BUTTON_ICONS = {"draw": "draw_tile", "boost": "chili_boost", "bomb": "chili_bomb", "pass": "pass"}
GROUP_ICONS = {"place": "place_tile", "drive": "drive", "turn": "three_point_turn", "escape": "escape_tile",
               "accomplice": "accomplice"}


@dataclass(frozen=True)
class HandTile:
    """A tile shown in the strip: what choosing it means (``value`` of its tile step) and what it is."""

    value: Hashable  # a tile kind, an escape item, or ACCOMPLICE
    item: int  # a tile kind, or ESCAPE + district
    caption: str  # translation key
    secret: bool  # hidden from everyone but Don Falconi (F-6.2, F-6.6)


def hand_tiles(state: FalconiState) -> list[HandTile]:
    """The tiles the car whose turn it is can play from: the one drawn, the reserve, Diavola's accomplice."""
    seat = state.turn_seat
    secret = state.hides_hand(seat)
    tiles = []
    drawn = state.tile_just_drawn()
    if drawn is not None:  # first: a new turn's animation turns it over (FalconiView._stage)
        tiles.append(HandTile(drawn, drawn, "falconi.board.drawn", secret))
    tiles += [HandTile(item, item, "falconi.board.reserve", secret) for item in state.reserve(seat)]
    if seat == FUGITIVE and state.accomplice >= 0:
        tiles.append(HandTile(ACCOMPLICE, ESCAPE + state.accomplice, "falconi.board.accomplice", True))
    return tiles


class StepMaker:
    """Splits the legal actions into steps, remembering what every placement asks of the rules core (its way on,
    how many rotations share its tile and cell) for the legal actions last asked about."""

    def __init__(self) -> None:
        self._ways: tuple[object, Counter[tuple[int, int]]] = ((), Counter())
        self._way_of: tuple[object, dict[FalconiAction, Way]] = ((), {})

    def steps(self, state: FalconiState, action: FalconiAction) -> tuple[FalconiStep, ...]:
        steps = self._steps(state, action)
        if state.variant.mode == 2 and state.phase == ACTION and action.verb in GROUPS:
            return ((GROUP, GROUPS[action.verb]),) + steps
        return steps

    def _steps(self, state: FalconiState, action: FalconiAction) -> tuple[FalconiStep, ...]:
        verb = action.verb
        if verb == "place":
            way = self.way_after(state, action)
            rotation = Rotation(action.edge, dead_end=way == Way.CLOSED, needs_bomb=way == Way.THROUGH_BLOCK,
                                only_way=self.ways_to_lay(state)[action.tile, action.cell] == 1,
                                click_again=state.variant.mode == 2)
            return ("tile", action.tile), ("cell", action.cell), ("rot", rotation)
        if verb == "drive":
            return (("dest", ("slot", action.slot) if action.slot >= 0 else action.place),)
        if verb in ("catch", "step", "turn"):
            return ((verb, action.edge),)
        if verb == "blast":
            return (("blast", action.place),)
        if verb == "escape":
            if state.phase == ESCAPE_PLACE:  # the tile just drawn: only where it goes is open
                return (("slot", action.slot),)
            district = DISTRICTS.index(state.city.slots[action.slot].district or "")
            return ("tile", ESCAPE + district), ("slot", action.slot)
        if verb == "accomplice":
            return ("tile", ACCOMPLICE), ("slot", action.slot)
        if verb == "boost":  # a button first: the boost's many routes would crowd out the plain drives
            return ("button", "boost"), ("boost", action.path)
        return (("button", verb),)

    def way_after(self, state: FalconiState, placement: FalconiAction) -> Way:
        """What laying ``placement`` leaves of its car's way on (the rules core's answer), kept for the legal
        actions last asked about: the chooser and the ghost tile ask of every rotation."""
        legal = state.legal_actions()
        if self._way_of[0] is not legal:
            self._way_of = (legal, {})
        ways = self._way_of[1]
        if placement not in ways:
            ways[placement] = way_after(state, placement)
        return ways[placement]

    def ways_to_lay(self, state: FalconiState) -> Counter[tuple[int, int]]:
        """How many rotations of each (tile, cell) placement are legal (rotations giving the same roads count
        once in the rules core); kept for the legal actions last asked about, as every placement asks."""
        legal = state.legal_actions()
        if self._ways[0] is not legal:
            ways = Counter((a.tile, a.cell) for a in legal if a.verb == "place")
            self._ways = (legal, ways)
        return self._ways[1]


def is_button(step: FalconiStep) -> bool:
    return step[0] in ("button", GROUP)


def icon(step: FalconiStep) -> str:
    kind, value = step[0], step[1]
    if kind == "button":
        return BUTTON_ICONS.get(str(value), "")
    if kind == GROUP:
        return GROUP_ICONS.get(str(value), "")
    return ""


def label(tr: Translate, device: str, state: FalconiState, step: FalconiStep) -> str:
    """What the option ``step`` does, for its tooltip; ``device`` (mouse, keyboard or pad) names the keys of a
    prompt."""
    city = state.city
    kind, value = step[0], step[1]
    if kind == GROUP:
        return tr(f"falconi.group.{value}")
    if kind == "button":
        give_up = value == "pass" and state.phase == BLAST
        return tr("falconi.button.give_up" if give_up else f"falconi.button.{value}")
    if kind == "tile":
        if value == ACCOMPLICE:
            return tr("falconi.tip.accomplice_tile")
        if value >= ESCAPE:
            return tr("falconi.tip.escape_tile", district=tr(f"falconi.district.{DISTRICTS[value - ESCAPE]}"))
        return tr("falconi.tip.tile", tile=tr(f"falconi.tile.{value}"))
    if kind == "cell":
        return tr("falconi.tip.cell", cell=cell_text(city, value))
    if kind == "rot":
        if isinstance(value, Rotation) and value.dead_end:
            return tr("falconi.tip.rot_blocked" if state.turn_seat == FUGITIVE else "falconi.tip.rot_out")
        if isinstance(value, Rotation) and value.needs_bomb:  # a Chili Bomb (Mode I) or Boost (Diavola)
            return tr("falconi.tip.rot_bomb" if state.variant.mode == 1 else "falconi.tip.rot_smash")
        degrees = 90 * quarters(value)
        device = "" if device == "mouse" else f".{device}"  # the prompt names its keys
        if isinstance(value, Rotation) and value.only_way:
            key = f"falconi.tip.rot_only_again{device}" if value.click_again else "falconi.tip.rot_only"
            return tr(key, degrees=degrees)
        return tr(f"falconi.tip.rot_again{device}" if isinstance(value, Rotation) and value.click_again
                  else "falconi.tip.rot", degrees=degrees)
    if kind == "dest":
        if isinstance(value, tuple):
            return tr("falconi.tip.drive_out", slot=city.slots[value[1]].name)
        return tr("falconi.tip.drive", cell=cell_text(city, cell_of(value)),
                  side=tr(f"falconi.edge.{edge_of(value)}"))
    if kind == "catch":
        return tr("falconi.tip.catch")
    if kind == "blast":
        return tr("falconi.tip.blast", cell=cell_text(city, cell_of(value)))
    if kind == "slot":
        if state.places_accomplice(value):
            return tr("falconi.tip.accomplice_slot", slot=city.slots[value].name)
        key = "falconi.tip.escape_slot_free" if places_free(state, value) else "falconi.tip.escape_slot"
        return tr(key, slot=city.slots[value].name)
    if kind == "step":
        nxt = step_end(state, value)
        if nxt < 0:
            return tr("falconi.tip.step_out", slot=city.slots[-nxt - 1].name)
        key = "falconi.tip.step_catch" if shout(state, step) == "catch" else "falconi.tip.step"
        return tr(key, cell=cell_text(city, cell_of(nxt)))
    if kind == "turn":
        return tr("falconi.tip.turn", side=tr(f"falconi.edge.{value}"))
    route = ", ".join(tr(f"falconi.edge_short.{edge}") for edge in value)
    steps = state.boost_routes().get(value, ())
    end = steps[-1].place if steps else -1
    if end < 0:
        return tr("falconi.tip.boost_out", route=route)
    if steps[0].smashed >= 0:  # F-6.6 (b): through the block ahead, into the crater and on
        return tr("falconi.tip.boost_smash", smashed=cell_text(city, steps[0].smashed),
                  cell=cell_text(city, cell_of(end)), route=route)
    return tr("falconi.tip.boost", cell=cell_text(city, cell_of(end)), route=route)


def shout(state: FalconiState, step: FalconiStep) -> str | None:
    """``"catch"`` or ``"escape"`` when the option ends the game so: the tag shown over it."""
    kind, value = step[0], step[1]
    if kind == "catch":
        return "catch"
    if kind == "dest" and isinstance(value, tuple):
        return "escape"
    if kind == "step":
        if step_end(state, value) < 0:
            return "escape"
        return "catch" if step_catches(state, value) else None
    routes = state.boost_routes()
    if kind == "boost" and value in routes:
        return "escape" if routes[value][-1].place < 0 else None
    return None


def drive_goal(state: FalconiState, step: FalconiStep) -> int:
    """Where a Mode I drive, catch or blast option ends, as :func:`game.falconi.network.drive_route` wants
    it."""
    kind, value = step[0], step[1]
    if kind == "catch":
        return catch_place(state, value)
    return -int(value[1]) - 1 if isinstance(value, tuple) else int(value)
