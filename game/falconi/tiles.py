"""Road tiles of F-2.1 and the escape tiles of F-2.2, as small integers with precomputed road tables.

A placed tile is a *code* ``kind * 4 + rotation``; rotating by *r* turns every edge *e* into ``(e + r) % 4``
(clockwise). ``EXITS[code][entry]`` lists the edges a car that came in through ``entry`` may leave by (F-3.2).
Pile and reserve *items* are tile kinds 0..5, or ``ESCAPE + district`` for the three escape tiles.
"""

from __future__ import annotations

from game.falconi.city import DISTRICTS, E, N, S, W

STRAIGHT, CURVE, T_JUNCTION, CROSSROADS, U_TURN, OVERPASS = range(6)
KIND_NAMES = ("straight", "curve", "t-junction", "crossroads", "u-turn", "overpass")
KIND_BY_NAME = {name: kind for kind, name in enumerate(KIND_NAMES)}
ESCAPE = 6  # items ESCAPE + 0..2: the escape tile of that district (F-2.2)
ITEM_NAMES = KIND_NAMES + tuple(f"escape:{district}" for district in DISTRICTS)
ITEM_BY_NAME = {name: item for item, name in enumerate(ITEM_NAMES)}
EMPTY = 255  # a cell with no tile
CRATER = 24  # a blasted tile: a crossroads joining all four edges (F-5.5, F-6.6)



def kind_of(code: int) -> int:
    """The kind of a placed tile's code (not the crater's)."""
    return code >> 2


def rotation_of(code: int) -> int:
    """The rotation of a placed tile's code: quarter turns clockwise (not the crater's)."""
    return code & 3


def tile_code(kind: int, rotation: int) -> int:
    """The code of a tile of ``kind`` placed turned ``rotation`` quarter turns clockwise."""
    return kind << 2 | rotation % 4


# The default mix of F-2.1 (data, tunable).
TILE_MIX = {STRAIGHT: 20, CURVE: 20, T_JUNCTION: 16, CROSSROADS: 9, U_TURN: 6, OVERPASS: 10}

# Roads at rotation 0, as pairs of joined edges; a U-turn joins its one end to itself (the turning loop).
_ROADS: dict[int, tuple[tuple[int, int], ...]] = {
    STRAIGHT: ((N, S),),
    CURVE: ((N, E),),
    T_JUNCTION: ((W, E), (E, S), (S, W)),
    CROSSROADS: ((N, E), (N, S), (N, W), (E, S), (E, W), (S, W)),
    U_TURN: ((S, S),),
    OVERPASS: ((N, S), (E, W)),  # a bridge: the two roads never join
}


def _exit_table(pairs: tuple[tuple[int, int], ...], rotation: int) -> tuple[tuple[int, ...], ...]:
    exits: list[set[int]] = [set() for _ in range(4)]
    for a, b in pairs:
        a, b = (a + rotation) % 4, (b + rotation) % 4
        exits[a].add(b)
        exits[b].add(a)
    return tuple(tuple(sorted(edges)) for edges in exits)


EXITS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    [_exit_table(_ROADS[kind], rotation) for kind in range(6) for rotation in range(4)]
    + [_exit_table(_ROADS[CROSSROADS], 0)]
)

# Rotations that give different roads, smallest first: a straight has 2, a crossroads and an overpass 1
# (its bridge is drawn either way, but the roads are the same). Legal actions list only these.
DISTINCT_ROTATIONS: tuple[tuple[int, ...], ...] = tuple(
    tuple(r for r in range(4) if all(EXITS[kind * 4 + r] != EXITS[kind * 4 + q] for q in range(r)))
    for kind in range(6)
)


# ROTATIONS_WITH_ROAD[kind][edge]: the distinct rotations of ``kind`` with a road on ``edge`` (F-5.1 b).
ROTATIONS_WITH_ROAD: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(r for r in DISTINCT_ROTATIONS[kind] if EXITS[kind * 4 + r][edge]) for edge in range(4))
    for kind in range(6)
)
PILE_TEMPLATE: tuple[int, ...] = tuple(kind for kind, count in TILE_MIX.items() for _ in range(count))


def canonical_rotation(kind: int, rotation: int) -> int:
    """The smallest rotation of ``kind`` with the same roads as ``rotation`` (for a view's free rotation)."""
    code = EXITS[kind * 4 + rotation % 4]
    return next(r for r in DISTINCT_ROTATIONS[kind] if EXITS[kind * 4 + r] == code)


def has_road(code: int, edge: int) -> bool:
    """Whether a placed tile has a road end on ``edge``."""
    return bool(EXITS[code][edge])


def tile_text(code: int) -> str:
    """``curve r1`` for a placed tile, ``crater`` for a blasted one."""
    return "crater" if code == CRATER else f"{KIND_NAMES[code >> 2]} r{code & 3}"


def parse_tile_text(text: str) -> int:
    """Read :func:`tile_text` back (ValueError if it is not a tile)."""
    if text == "crater":
        return CRATER
    name, _, rotation = text.partition(" r")
    if name not in KIND_BY_NAME or rotation not in ("0", "1", "2", "3"):
        raise ValueError(f"not a tile: {text!r}")
    return KIND_BY_NAME[name] * 4 + int(rotation)
