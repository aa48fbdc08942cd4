"""Falconi actions: small hashable values with a one-line text form that round-trips.

``Action`` is a NamedTuple (compared and hashed in C: fast in the legal-action hot path). Its ``verb`` says
what it is; the other fields are used as each verb needs:

=============  =======================================  ======================
verb           meaning                                  text
=============  =======================================  ======================
place          put a tile of ``tile`` kind on ``cell``   ``place curve 4,7 r1``
               turned by ``edge`` (the rotation)
drive          Mode I: drive to the open end             ``drive 4,5 N``
               (``cell``, entry ``edge``), or out        ``drive W6``
               through escape ``slot``
catch          Mode I: drive to Don Falconi, entering    ``catch E``
               his last tile through ``edge``
bomb / pass    answer a catch with a Chili Bomb or not   ``bomb`` / ``pass``
blast          Mode I: bomb the block at (cell, edge)    ``blast 3,4 N``
escape         put an escape tile on ``slot``            ``escape N6``
draw           Mode II: draw a tile into the reserve     ``draw``
step           Mode II: drive one tile, out by ``edge``  ``step E``
turn           Mode II: three-point turn, new entry      ``turn S``
boost          Diavola: Chili Boost along ``path``       ``boost N,E,E``
               (1 to 3 tiles, or 4 through a block)
accomplice     Diavola: place the secret escape tile     ``accomplice N6``
=============  =======================================  ======================
"""

from __future__ import annotations

from typing import Literal, NamedTuple, cast

from game.core.action_words import action_words, small_number
from game.core.errors import ActionFormatError
from game.falconi.city import EDGE_NAMES, CityLayout, Place, place_of
from game.falconi.network import BOOST_TILES
from game.falconi.tiles import DISTINCT_ROTATIONS, KIND_BY_NAME, KIND_NAMES, ROTATIONS_WITH_ROAD

Verb = Literal["place", "drive", "catch", "bomb", "pass", "blast", "escape", "draw", "step", "turn", "boost",
               "accomplice"]


class Action(NamedTuple):
    verb: Verb
    tile: int = -1
    cell: int = -1
    edge: int = -1
    slot: int = -1
    path: tuple[int, ...] = ()

    @property
    def place(self) -> Place:
        """The place a drive, catch or blast names: its cell entered by its edge."""
        return place_of(self.cell, self.edge)


DRAW = Action("draw")
BOMB = Action("bomb")
PASS = Action("pass")
_BARE = {"draw": DRAW, "bomb": BOMB, "pass": PASS}


def cell_text(city: CityLayout, cell: int) -> str:
    x, y = city.xy(cell)
    return f"{x},{y}"


def place_text(city: CityLayout, place: int) -> str:
    """A car's place (cell, entry edge) as ``4,8 S``."""
    return f"{cell_text(city, place >> 2)} {EDGE_NAMES[place & 3]}"


def action_text(city: CityLayout, action: Action) -> str:
    verb = action.verb
    if verb in _BARE:
        return verb
    if verb == "place":
        return f"place {KIND_NAMES[action.tile]} {cell_text(city, action.cell)} r{action.edge}"
    if verb == "drive":
        if action.slot >= 0:
            return f"drive {city.slots[action.slot].name}"
        return f"drive {place_text(city, action.cell * 4 + action.edge)}"
    if verb in ("catch", "step", "turn"):
        return f"{verb} {EDGE_NAMES[action.edge]}"
    if verb == "blast":
        return f"blast {place_text(city, action.cell * 4 + action.edge)}"
    if verb in ("escape", "accomplice"):
        return f"{verb} {city.slots[action.slot].name}"
    if verb == "boost":
        return "boost " + ",".join(EDGE_NAMES[edge] for edge in action.path)
    raise ActionFormatError(f"unknown action verb {verb!r}")


def parse_action(city: CityLayout, text: str) -> Action:
    """Read :func:`action_text` back (verbs, tile kinds, rotations, edges and slots in either case);
    ``ActionFormatError`` says what could not be read."""
    words = action_words(text)
    verb, args = words[0].lower(), words[1:]
    if verb in _BARE and not args:
        return _BARE[verb]
    if verb == "place" and len(args) == 3:
        return Action("place", tile=_kind(args[0]), cell=_cell(city, args[1]), edge=_rotation(args[2]))
    if verb == "drive" and len(args) == 1:
        return Action("drive", slot=_slot(city, args[0]))
    if verb in ("drive", "blast") and len(args) == 2:
        return Action(cast(Verb, verb), cell=_cell(city, args[0]), edge=_edge(args[1]))
    if verb in ("catch", "step", "turn") and len(args) == 1:
        return Action(cast(Verb, verb), edge=_edge(args[0]))
    if verb in ("escape", "accomplice") and len(args) == 1:
        return Action(cast(Verb, verb), slot=_slot(city, args[0]))
    if verb == "boost" and len(args) == 1:
        path = tuple(_edge(part) for part in args[0].split(","))
        if not 1 <= len(path) <= BOOST_TILES + 1:
            raise ActionFormatError(f"a boost goes 1 to {BOOST_TILES + 1} tiles, not {len(path)}")
        return Action("boost", path=path)
    raise ActionFormatError(f"cannot read the action {text!r}")


def _kind(word: str) -> int:
    kind = KIND_BY_NAME.get(word.lower())
    if kind is None:
        raise ActionFormatError(f"expected a tile ({', '.join(KIND_NAMES)}), found {word!r}")
    return kind


def _rotation(word: str) -> int:
    if word[:1].lower() != "r":
        raise ActionFormatError(f"expected a rotation such as 'r1', found {word!r}")
    return small_number(word[1:], len(EDGE_NAMES), "a rotation")


def _cell(city: CityLayout, word: str) -> int:
    x_y = word.split(",")
    if len(x_y) != 2:
        raise ActionFormatError(f"expected a cell such as '4,7', found {word!r}")
    return city.cell(small_number(x_y[0], city.width, "a column"), small_number(x_y[1], city.height, "a row"))


def _edge(word: str) -> int:
    if len(word) != 1 or word.upper() not in EDGE_NAMES:
        raise ActionFormatError(f"expected an edge ({', '.join(EDGE_NAMES)}), found {word!r}")
    return EDGE_NAMES.index(word.upper())


def _slot(city: CityLayout, word: str) -> int:
    slot = city.slot_by_name.get(word.upper())
    if slot is None:
        raise ActionFormatError(f"expected a border slot such as 'N6', found {word!r}")
    return slot


class ActionTable:
    """Every action value a city allows, made once: the hot path looks actions up instead of building them."""

    def __init__(self, city: CityLayout) -> None:
        places = range(city.cell_count * 4)
        slots = range(len(city.slots))
        self.drive_to = tuple(Action("drive", cell=p >> 2, edge=p & 3) for p in places)
        self.drive_out = tuple(Action("drive", slot=s) for s in slots)
        self.blast = tuple(Action("blast", cell=p >> 2, edge=p & 3) for p in places)
        self.escape = tuple(Action("escape", slot=s) for s in slots)
        self.accomplice = tuple(Action("accomplice", slot=s) for s in slots)
        self.catch = tuple(Action("catch", edge=e) for e in range(4))
        self.step = tuple(Action("step", edge=e) for e in range(4))
        self.turn = tuple(Action("turn", edge=e) for e in range(4))
        # place[(kind * 4 + rotation) * cells + cell]
        self.place = tuple(
            Action("place", tile=code >> 2, cell=cell, edge=code & 3)
            for code in range(24)
            for cell in range(city.cell_count)
        )
        self.cells = city.cell_count
        # place_facing[place][kind]: Mode I placements of ``kind`` at a car's open end ``place`` (F-5.1 b)
        self.place_facing = tuple(
            tuple(
                tuple(self.place[(kind * 4 + rotation) * city.cell_count + (place >> 2)]
                      for rotation in ROTATIONS_WITH_ROAD[kind][place & 3])
                for kind in range(6)
            )
            for place in places
        )
        # place_at[cell][kind]: placing ``kind`` on ``cell`` in each of its distinct rotations (Mode II)
        self.place_at = tuple(
            tuple(
                tuple(self.place[(kind * 4 + rotation) * city.cell_count + cell]
                      for rotation in DISTINCT_ROTATIONS[kind])
                for kind in range(6)
            )
            for cell in range(city.cell_count)
        )


_TABLES: dict[int, tuple[CityLayout, ActionTable]] = {}


def action_table(city: CityLayout) -> ActionTable:
    """The action table of ``city``, made on first use (the city is kept so its id stays unique)."""
    entry = _TABLES.get(id(city))
    if entry is None or entry[0] is not city:
        entry = _TABLES[id(city)] = (city, ActionTable(city))
    return entry[1]
