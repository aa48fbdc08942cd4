"""The Falconi rules' diagrams: moments of real games, played through the rules core from a seed, drawn by the
board's own view off screen and cropped to the few squares that tell the rule.

The chase is the one the Margherita tutorial was found for (seed 565, the Port police alone): a tile laid, a
long drive, the police coming up behind, the Chili Bomb that answers. The other moments come from short games
a seeded search found: Don Falconi driving into the border (seed 4), escaping (Prosciutto, seed 730) and
placing his accomplice (Diavola, seed 1)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.core.protocol import Seat
from game.falconi.actions import Action
from game.falconi.constants import ACTION, ANSWER, BLAST, DRIVE, ESCAPE_PLACE, FUGITIVE, PLACE, PORT
from game.falconi.network import drive_route
from game.falconi.state import FalconiState
from scenes.falconi import draw
from scenes.falconi.colours import seat_colours
from scenes.falconi.lanes import route_legs
from scenes.kit.diagram import Figure, Illustrations, Painter, crops, off_screen
from scenes.kit.ui import LOGICAL_SIZE

if TYPE_CHECKING:
    from scenes.context import AppContext

CHASE = ("place crossroads 4,8 r0", "drive 4,7 S", "place t-junction 4,0 r1", "drive 4,1 N",
         "place t-junction 4,7 r3", "drive 4,6 S", "place t-junction 4,1 r1", "drive 4,2 N",
         "place t-junction 4,6 r3", "drive 4,5 S", "place t-junction 4,2 r1", "drive 4,3 N",
         "place straight 4,5 r0", "drive 4,4 S", "place straight 4,3 r0", "drive 4,4 N", "place overpass 4,4 r0",
         "drive 3,1 E", "drive 5,6 W", "place u-turn 5,6 r1", "catch S", "bomb")
BLOCKED = ("place curve 4,8 r1", "drive 5,8 W", "place curve 4,0 r0", "drive 5,0 W", "place straight 5,8 r1",
           "drive 6,8 W", "place t-junction 5,0 r0", "drive 6,0 W", "place crossroads 6,8 r0", "drive 7,8 W",
           "place straight 6,0 r1", "drive 7,0 W", "place straight 7,8 r1", "drive 8,8 W", "place straight 7,0 r1",
           "drive 8,0 W", "place straight 8,8 r1")
ESCAPING = ("place curve 4,8 r2", "drive 3,8 E", "escape S2", "place overpass 4,0 r0", "drive 4,1 N",
            "place straight 3,8 r1", "drive 2,8 E", "place t-junction 4,1 r1", "drive 3,1 E",
            "place crossroads 2,8 r0")
ACCOMPLICE = ("place overpass 4,8 r0", "place straight 5,8 r1", "draw", "place curve 4,0 r0", "draw",
              "place straight 4,1 r1")
POLICE_SEES = frozenset({PORT})
FALCONI_SEES = frozenset({FUGITIVE})


def played(variant: str, seed: int, actions: Sequence[str]) -> FalconiState:
    """A game of Don Falconi and the Port police, ``actions`` played on from its start."""
    state = FalconiState.new_game(variant, seed, police=(PORT,))
    for text in actions:
        state.apply_legal(state.parse_action(text))
    return state


def squares(geometry: draw.Geometry, left: int, top: int, right: int, bottom: int) -> pygame.Rect:
    """The frame's squares from (left, top) to (right, bottom), both included: the grid's cell (x, y) is the
    square (x + 1, y + 1), the border ring is column or row 0 and 10."""
    return geometry.square(left, top).union(geometry.square(right, bottom))


def _board(context: AppContext, state: FalconiState, visible: frozenset[Seat], goal: int | None = None,
           laid: int | None = None) -> tuple[pygame.Surface, draw.Geometry]:
    """``state`` drawn by the board's view, off screen; ``goal``: a drive's end (a place, or ``-(slot + 1)``)
    whose route is drawn from where the car stands; ``laid``: a cell just laid, outlined as the last move."""
    from scenes.falconi.view import FalconiView  # the view imports the play scene's kit: only when drawn

    view = FalconiView(context)
    geometry = draw.Geometry(state.city)

    def paint(board: pygame.Surface) -> None:
        view.draw_board(board, state, None, visible, [])
        if laid is not None:
            pygame.draw.rect(board, draw.LAST_MOVE, geometry.cell_rect(laid).inflate(-2, -2), 3, border_radius=5)
        if goal is not None:
            route = drive_route(state, state.drive_from, goal) or []
            draw.draw_route(board, route_legs(geometry, state.links, route))
            cars = [(FUGITIVE, state.cars[FUGITIVE], context.tr("falconi.car.0"), False, False)]
            draw.draw_cars(board, geometry, context.text, cars, seat_colours(context.settings.colour_blind))

    return off_screen(paint, LOGICAL_SIZE), geometry


def _strip(geometry: draw.Geometry, tiles: int) -> pygame.Rect:
    """The strip's heading and its first ``tiles`` tiles with their captions."""
    return pygame.Rect(geometry.strip.x, geometry.strip.y, geometry.strip.width,
                       geometry.strip_rect(tiles - 1).bottom + 26 - geometry.strip.y)


def _counters(geometry: draw.Geometry, height: int) -> pygame.Rect:
    """The strip's lowest ``height`` pixels: the pile and the counters under it."""
    return pygame.Rect(geometry.strip.x, geometry.strip.bottom - height, geometry.strip.width, height)


def tile(context: AppContext) -> pygame.Surface:
    state = played("margherita", 565, CHASE[:13])  # he has laid a straight in front of his car
    board, geometry = _board(context, state, POLICE_SEES, laid=state.city.cell(4, 5))
    return crops(board, [squares(geometry, 3, 4, 6, 8)])


def drive(context: AppContext) -> pygame.Surface:
    state = played("margherita", 565, CHASE[:17])  # the overpass laid, he drives north and turns off west
    goal = state.parse_action(CHASE[17])
    board, geometry = _board(context, state, POLICE_SEES, goal=goal.place)
    return crops(board, [squares(geometry, 3, 2, 6, 6)])


def catch(context: AppContext) -> pygame.Surface:
    state = played("margherita", 565, CHASE[:21])  # the Port police comes up behind him: he may answer
    board, geometry = _board(context, state, POLICE_SEES)
    return crops(board, [squares(geometry, 3, 2, 6, 7)])


def bomb(context: AppContext) -> pygame.Surface:
    state = played("margherita", 565, CHASE)  # the road behind him is destroyed
    board, geometry = _board(context, state, POLICE_SEES)
    return crops(board, [squares(geometry, 3, 2, 6, 7)])


def blocked(context: AppContext) -> pygame.Surface:
    state = played("margherita", 4, BLOCKED)  # his road runs into the border: no open end, nothing to bomb
    board, geometry = _board(context, state, POLICE_SEES)
    return crops(board, [squares(geometry, 5, 7, 10, 10)])


def escape(context: AppContext) -> pygame.Surface:
    state = played("prosciutto", 730, ESCAPING)  # the escape tile on S2, his way to it open
    board, geometry = _board(context, state, POLICE_SEES, goal=-state.city.slot_by_name["S2"] - 1)
    return crops(board, [squares(geometry, 1, 7, 5, 10)])


def reserve(context: AppContext) -> pygame.Surface:
    state = played("funghi", 3, ())  # his first turn: the tile drawn and his 2 reserve tiles, face up
    board, geometry = _board(context, state, POLICE_SEES)
    return crops(board, [squares(geometry, 3, 8, 6, 10), _strip(geometry, 3)])


def actions(context: AppContext) -> pygame.Surface:
    state = played("salami", 1, ())  # Mode II: 3 actions; his reserve face down for the police
    board, geometry = _board(context, state, POLICE_SEES)
    return crops(board, [squares(geometry, 3, 8, 6, 10), _strip(geometry, 2), _counters(geometry, 90)])


def accomplice(context: AppContext) -> pygame.Surface:
    before = played("diavola", 1, ACCOMPLICE)  # his turn begins: the accomplice in his hand, as he sees it
    hand, geometry = _board(context, before, FALCONI_SEES)
    after = played("diavola", 1, (*ACCOMPLICE, "accomplice W3"))  # his first action: on a Country slot
    board, _ = _board(context, after, POLICE_SEES)
    strip = _strip(geometry, 3)
    board.blit(hand, strip, strip)  # his hand before, the border after
    return crops(board, [strip, squares(geometry, 0, 2, 3, 6)])


def _figure(name: str, paint: Painter) -> Figure:
    return Figure(f"falconi-{name}", f"rules.figure.falconi.{name}", paint)


TILE, DRIVE_FIGURE, CATCH, BOMB, BLOCK = (_figure("tile", tile), _figure("drive", drive), _figure("catch", catch),
                                          _figure("bomb", bomb), _figure("blocked", blocked))
ESCAPE, RESERVE, ACTIONS, ACCOMPLICE_FIGURE = (_figure("escape", escape), _figure("reserve", reserve),
                                               _figure("actions", actions), _figure("accomplice", accomplice))

# The paragraphs of each pizza's rules text (counted from 0, headings included) that a figure follows, and
# that F1 opens at for each step of a turn.
_MODE_I = {"margherita": ((11, TILE), (12, DRIVE_FIGURE), (15, CATCH), (19, BOMB), (21, BLOCK)),
           "funghi": ((10, RESERVE), (11, TILE), (12, DRIVE_FIGURE), (15, CATCH), (19, BOMB), (21, BLOCK)),
           "prosciutto": ((11, RESERVE), (12, TILE), (13, DRIVE_FIGURE), (16, CATCH), (20, BOMB), (22, BLOCK),
                          (24, ESCAPE))}
_MODE_II = {"salami": ((11, ACTIONS), (17, ESCAPE)),
            "diavola": ((11, ACTIONS), (18, ESCAPE), (26, ACCOMPLICE_FIGURE))}
_SECTIONS = {
    "margherita": {"place": 11, "drive": 12, "answer": 19, "blast": 18},
    "funghi": {"place": 10, "drive": 12, "answer": 19, "blast": 18},
    "prosciutto": {"place": 11, "drive": 13, "answer": 20, "blast": 19, "escape": 24},
    "salami": {"turn": 10, "draw": 11, "place": 12, "drive": 13, "three_point": 14, "escape": 15},
    "diavola": {"turn": 10, "draw": 11, "place": 12, "drive": 13, "three_point": 14, "escape": 15,
                "accomplice": 26, "boost": 27},
}
_PHASES = {PLACE: "place", DRIVE: "drive", ANSWER: "answer", BLAST: "blast", ESCAPE_PLACE: "escape"}
_MODE_II_VERBS = {"accomplice": "accomplice", "boost": "boost", "draw": "draw", "escape": "escape",
                  "turn": "three_point", "step": "drive", "place": "place"}


def section_of(state: FalconiState, actions: Sequence[Action]) -> str:
    """The step the player is at: Mode I's phase; in Mode II the kind of action chosen so far (by its button or
    its first step), else the turn as a whole."""
    if state.phase != ACTION:
        return _PHASES.get(state.phase, "")
    sections = {_MODE_II_VERBS[action.verb] for action in actions if action.verb in _MODE_II_VERBS}
    return sections.pop() if len(sections) == 1 else "turn"


ILLUSTRATIONS = Illustrations(
    figures={f"rules.falconi.{pizza}": placed for pizza, placed in {**_MODE_I, **_MODE_II}.items()},
    sections={f"rules.falconi.{pizza}": sections for pizza, sections in _SECTIONS.items()},
    section_of=section_of,
)
