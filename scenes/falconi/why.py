"""A chase's moment explained on the board (``game.falconi.explain``): the road a catch or an escape came by,
the roads a blocked car still had and the tiles and slots that close them, the edge a Chili Bomb closed, the
crater it made, and the counter that ended the chase. Drawn under the cars, over the tiles."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.core.explanation import Explanation
from game.falconi.city import cell_of, edge_of
from game.falconi.state import FalconiState
from game.falconi.tiles import EXITS
from scenes.falconi import draw
from scenes.falconi.lanes import route_legs
from scenes.falconi.preview import BOMB_COLOUR
from scenes.kit.colours import DANGER, GOOD

REACH = (150, 190, 235)  # where a blocked car could still drive: a calm blue, its blocks in red
# The road of each kind of moment; a blast's is red, apart from the gold of a drive on offer after it.
ROAD_COLOURS = {"catch": DANGER, "escape": GOOD, "bomb": DANGER, "blast": DANGER, "boost": DANGER}


def draw_explanations(surface: pygame.Surface, overlay: pygame.Surface, geometry: draw.Geometry,
                      state: FalconiState, explanations: Sequence[Explanation]) -> None:
    """Mark every explanation on the board: ``overlay`` (a see-through board-sized layer, cleared here) carries
    the tinted cells; roads and rubble go straight on ``surface``."""
    if not explanations:
        return
    overlay.fill((0, 0, 0, 0))
    for why in explanations:
        for place in why.reach:
            _lanes(overlay, geometry, state, place)
        for cell in why.cells:
            colour = BOMB_COLOUR if why.kind in ("blast", "boost") else DANGER
            rect = geometry.cell_rect(cell).inflate(-4, -4)
            pygame.draw.rect(overlay, (*colour, 70), rect, border_radius=6)
            pygame.draw.rect(overlay, (*colour, 255), rect, width=5, border_radius=6)
        for slot in why.slots:
            colour = GOOD if why.kind in ("escape", "boost") else DANGER
            pygame.draw.rect(overlay, (*colour, 255), geometry.slot_rect(slot).inflate(-2, -2), width=5,
                             border_radius=6)
    surface.blit(overlay, (0, 0))
    for why in explanations:
        if len(why.road) >= 2:
            draw.draw_route(surface, route_legs(geometry, state.links, list(why.road)),
                            ROAD_COLOURS.get(why.kind, draw.ROUTE))
        for place in why.edges:
            draw.draw_closed_edge(surface, geometry, place)


def _lanes(overlay: pygame.Surface, geometry: draw.Geometry, state: FalconiState, place: int) -> None:
    """The lanes of one place a blocked car could still reach: from the edge it came in by, through the tile's
    middle, to each edge its road leads to."""
    cell, entry = cell_of(place), edge_of(place)
    centre = geometry.centre(cell)
    for exit_edge in EXITS[state.board[cell]][entry]:
        points = [geometry.edge_mid(cell, entry), centre, geometry.edge_mid(cell, exit_edge)]
        pygame.draw.lines(overlay, (20, 20, 20, 230), False, points, 11)
        pygame.draw.lines(overlay, (*REACH, 255), False, points, 6)
