"""What the focused option on the Falconi board would do, drawn over it: see-through pieces it would lay (a tile,
an escape tile, a boost's craters), a Mode I tile's reach (or DEAD END!, or a block to bomb), the route a drive
would take, the car after a three-point turn, the police cars a boost knocks out (F-6.6); and while Don Falconi
answers a catch, the police car's way to him (F-5.4). The hotspots and steps are the view's
(:mod:`scenes.falconi.view`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.core.protocol import Seat
from game.falconi.actions import Action as FalconiAction
from game.falconi.city import DISTRICTS, OPPOSITE, edge_of
from game.falconi.constants import ACTIVE, FUGITIVE, POLICE
from game.falconi.network import drive_route
from game.falconi.queries import Way, catch_place, laying, step_end, turn_place
from game.falconi.state import FalconiState
from game.falconi.tiles import CRATER, ESCAPE, tile_code
from scenes.falconi import draw, sprites, tags
from scenes.falconi.lanes import route_legs
from scenes.falconi.steps import drive_goal
from scenes.kit.chooser import first_rotation, quarters
from scenes.kit.ui import DANGER, GOOD
from scenes.playing.gameview import BOARD_AREA

if TYPE_CHECKING:
    from scenes.falconi.steps import FalconiChooser
    from scenes.falconi.view import FalconiView

DRIVE_ENDS = ("dest", "catch", "blast")  # the steps that end a Mode I drive at a place (or, for a dest, a slot)


GHOST_ALPHA = 150  # the tile being placed: clearly there (and framed), the car under it showing through
BADGE_SIZE = 15  # the turn of the tile being placed, written in its cell's corner
BOMB_COLOUR = (232, 132, 36)  # a block Don Falconi could bomb: a warning, not the red of a dead end or a catch


def draw_ghosts(view: FalconiView, surface: pygame.Surface, state: FalconiState, geometry: draw.Geometry,
                chooser: FalconiChooser, visible: frozenset[Seat]) -> set[Seat]:
    """See-through pieces the focused option would lay: a tile, an escape tile, a boost's crater.
    Returns the seats whose secrets they show."""
    if chooser.focused is None:
        return set()
    kind, value = chooser.focused[0], chooser.focused[1]
    secret = state.hides_hand(state.turn_seat)
    if secret and state.turn_seat not in visible:
        return set()
    if kind in ("cell", "rot", "tile"):
        _ghost_tile(view, surface, state, geometry, chooser)
    elif kind == "slot":
        slot = state.city.slots[value]
        district = DISTRICTS.index(slot.district or "")
        image = draw.escape_image(district, OPPOSITE[slot.side], geometry.cs, 170, view._colours(),
                                  view._letters()[district + 1], view.context.text)
        surface.blit(image, geometry.slot_rect(value))
    elif kind == "boost" and value in state.boost_routes():
        for step in state.boost_routes()[value]:
            if step.smashed >= 0:
                surface.blit(draw.tile_image(CRATER, geometry.cs, 170), geometry.cell_rect(step.smashed))
    return {state.turn_seat} if secret and kind in ("cell", "rot", "tile", "slot") else set()


def placing(view: FalconiView, state: FalconiState, chooser: FalconiChooser) -> tuple[int, int, int] | None:
    """The road tile being placed, its cell and rotation as the focus stands (at the cell step: the rotation last
    chosen; a Mode I tile on its only cell at once, in the rotation the chooser will start on), or ``None``."""
    if chooser.focused is None:
        return None
    tile = dict(chooser.prefix).get("tile")  # a tile only pointed at has no ghost: a click there would miss
    if not isinstance(tile, int) or tile >= ESCAPE:
        return None
    candidates: list[Any] = list(chooser.candidates())
    places = [a for a in candidates if a.verb == "place" and a.tile == tile]
    kind, value = chooser.focused
    cells = {action.cell for action in places}
    if kind == "cell":  # the way it would be laid there: the last rotation used, or the next legal one
        rotations = [view.steps(state, action)[-1][1] for action in places if action.cell == value]
        if not rotations:
            return None
        return tile, value, quarters(rotations[first_rotation(rotations, chooser.turn)])
    if kind == "rot":
        return tile, dict(chooser.prefix)["cell"], quarters(value)
    if len(cells) == 1:
        rotations = [view.steps(state, action)[-1][1] for action in places]
        return tile, cells.pop(), quarters(rotations[first_rotation(rotations, chooser.turn)])
    return None


def _ghost_tile(view: FalconiView, surface: pygame.Surface, state: FalconiState, geometry: draw.Geometry,
                chooser: FalconiChooser) -> None:
    """The tile being placed on the focused cell at the focused rotation, drawn over the cars and framed, so
    that where it goes and how it turns cannot be missed; in Mode I with where the car could then drive."""
    where = placing(view, state, chooser)
    if where is None:
        return
    tile, cell, rotation = where
    rect = geometry.cell_rect(cell)
    surface.blit(draw.tile_image(tile_code(tile, rotation), geometry.cs, GHOST_ALPHA), rect)
    pygame.draw.rect(surface, draw.ROUTE, rect.inflate(2, 2), width=3, border_radius=5)
    _turn_badge(view, surface, rect, rotation)
    action = FalconiAction("place", tile, cell, rotation)
    if state.variant.mode == 1:
        _reach_preview(view, surface, state, action, rect)
    elif action in state.legal_actions():  # Mode II: whether the car keeps a way on (F-6.5)
        way = view.way_after(state, action)
        if way != Way.OPEN:
            tags.tag(surface, view.context.text, view.context.tr(
                "falconi.tag.dead_end" if way == Way.CLOSED else "falconi.tag.boost_needed"), rect,
                DANGER if way == Way.CLOSED else BOMB_COLOUR)


def _turn_badge(view: FalconiView, surface: pygame.Surface, rect: pygame.Rect, rotation: int) -> None:
    """How far the tile being placed is turned, in the corner of its cell: the degrees a hint speaks of."""
    words = view.context.text.render(f"{90 * rotation}°", BADGE_SIZE, (255, 255, 255), bold=True)
    box = words.get_rect(topleft=(rect.x + 3, rect.y + 3)).inflate(8, 2)
    box.topleft = (rect.x + 3, rect.y + 3)
    pygame.draw.rect(surface, (20, 20, 24), box, border_radius=4)
    pygame.draw.rect(surface, draw.ROUTE, box, width=1, border_radius=4)
    surface.blit(words, words.get_rect(center=box.center))


def _reach_preview(view: FalconiView, surface: pygame.Surface, state: FalconiState, action: FalconiAction,
                   rect: pygame.Rect) -> None:
    """Dots on every open end the car could drive to after placing the tile this way (F-5.1 c) and on every block
    Don Falconi could bomb (F-5.5), with a tag over the tile (``rect``): DEAD END! when it leads nowhere, or the
    bomb's own when his roads run only into blocks, so that he is blocked unless he bombs one."""
    laid = laying(state, action)
    if laid.leads_nowhere:
        tags.tag(surface, view.context.text, view.context.tr("falconi.tag.dead_end"), rect, DANGER)
    after = laid.after
    if after is None:
        return
    if laid.needs_bomb:
        tags.tag(surface, view.context.text, view.context.tr("falconi.tag.bomb_needed"), rect, BOMB_COLOUR)
    for option in after.legal_actions():
        if option.verb == "pass":  # giving up: a button, not a place on the board
            continue
        step = view.steps(after, option)[0]
        centre = view._mark(after, (), step).center
        plain = GOOD if isinstance(step[1], tuple) else draw.ROUTE  # out to an escape, or to an open end
        colour = {"catch": DANGER, "blast": BOMB_COLOUR}.get(step[0], plain)
        pygame.draw.circle(surface, colour, centre, 7)
        pygame.draw.circle(surface, (20, 20, 20), centre, 7, 2)


def draw_preview(view: FalconiView, surface: pygame.Surface, ghosts: pygame.Surface, state: FalconiState,
                 geometry: draw.Geometry, chooser: FalconiChooser) -> None:
    """What the focused move would do: the route a drive would take, the car after a three-point turn (drawn
    through ``ghosts``, a board-sized layer), the boost's route and the police cars it would knock out (F-6.6)."""
    if chooser.focused is None:
        return
    kind, value = chooser.focused[0], chooser.focused[1]
    car = state.cars[state.turn_seat]
    if kind in DRIVE_ENDS:
        route = drive_route(state, state.drive_from, drive_goal(state, chooser.focused))
        if route and kind == "catch":
            route.append(state.cars[FUGITIVE])
        if route:
            draw.draw_route(surface, route_legs(geometry, state.links, route))
    elif kind == "step":
        draw.draw_route(surface, route_legs(geometry, state.links, [car, step_end(state, value)]))
    elif kind == "turn":
        ghosts.fill((0, 0, 0, 0))
        place = turn_place(state, value)
        draw.draw_car(ghosts, geometry.cs, geometry.car_point(place), sprites.heading_of(edge_of(place)),
                      state.turn_seat, view._colours()[state.turn_seat],
                      view.context.tr(f"falconi.car.{state.turn_seat}"), view.context.text)
        ghosts.set_alpha(150)
        surface.blit(ghosts, BOARD_AREA.topleft, area=BOARD_AREA)
    elif kind == "boost" and value in state.boost_routes():
        steps = state.boost_routes()[value]
        draw.draw_route(surface, route_legs(geometry, state.links, [car] + [step.place for step in steps]), DANGER)
        landed = {step.place for step in steps}
        for seat in POLICE:
            if state.status[seat] == ACTIVE and state.cars[seat] in landed:
                tags.tag(surface, view.context.text, view.context.tr("falconi.tag.out"),
                         geometry.place_rect(state.cars[seat]), DANGER)


def draw_threat(view: FalconiView, surface: pygame.Surface, state: FalconiState, geometry: draw.Geometry,
                bombing: bool) -> None:
    """While Don Falconi answers a catch (F-5.4): the police car's way to him, and where a Chili Bomb
    would close the road (``bombing``: when that answer is focused)."""
    place = catch_place(state, state.catch_edge)
    route = drive_route(state, state.drive_from, place)
    if route:
        draw.draw_route(surface, route_legs(geometry, state.links, route + [state.cars[FUGITIVE]]), DANGER)
    if bombing:
        draw.draw_closed_edge(surface, geometry, place)
    tags.tag(surface, view.context.text, view.context.tr("falconi.tag.catch"),
             geometry.place_rect(state.cars[FUGITIVE]), DANGER)
