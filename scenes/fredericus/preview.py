"""What a focused option on the Fredericus board would do, drawn see-through over it: the card's new place, the
raptor's flight, the raptors to hood, the row turned end for end, the token's tower; and the options outlined.

Every arrow goes through ``fredericus_draw.arrow``, which passes under the panels.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import pygame
from pygame import Vector2

from game.fredericus.actions import CENTRE, HOOD, Action, raptor_owner, raptors_in
from game.fredericus.rules import TIDY_LENGTH
from game.fredericus.state import FredericusState
from scenes.fredericus import draw
from scenes.fredericus import layout as geometry
from scenes.fredericus.rows import RowLayout
from scenes.kit.chooser import ActionChooser
from scenes.kit.ui import ACCENT, DANGER, FOCUS

if TYPE_CHECKING:
    from scenes.fredericus.view import FredericusStep, FredericusStepKind, FredericusView


def paint_choices(view: FredericusView, surface: pygame.Surface, game: FredericusState, layout: geometry.Layout,
                  chooser: ActionChooser[FredericusState, Action, FredericusStepKind], look: draw.Look) -> None:
    """The options (outlined), the steps chosen so far and, see-through, what the focused option would do."""
    prefix = tuple(chooser.prefix)
    for option in chooser.options:
        if not view.is_button(option):
            draw.outline(surface, view.option_rect(game, prefix, option), FOCUS, 2)
    for step in prefix:  # what was chosen so far
        if not view.is_button(step):
            draw.outline(surface, view.option_rect(game, prefix, step), ACCENT, 2)
    focused = chooser.focused
    if focused is None:
        return
    layer = draw.ghost_layer()
    _preview(view, layer, game, layout, chooser, focused, look)
    layer.set_alpha(190)
    surface.blit(layer, (0, 0))
    if not view.is_button(focused):
        draw.outline(surface, view.option_rect(game, prefix, focused), ACCENT, 3)


def _preview(view: FredericusView, layer: pygame.Surface, game: FredericusState, layout: geometry.Layout,
             chooser: ActionChooser[FredericusState, Action, FredericusStepKind], focused: FredericusStep,
             look: draw.Look) -> None:
    """What the focused option would do, drawn see-through on ``layer``."""
    kind, value = focused[0], int(cast(int, focused[1]))
    ghost = (*ACCENT, 200)
    text = look.text
    depth = len(chooser.prefix)
    paths = [chooser.paths[action] for action in chooser.candidates()]
    following = [path[depth + 1] for path in paths if len(path) > depth + 1 and path[depth] == focused]
    if kind == "row":
        row = layout.rows[value]
        for _, destination in following:
            target = layout.rows[int(cast(int, destination))]
            draw.arrow(layer, ghost, row.centre(len(row.offsets) - 1), target.slot_centre(), 2, layout.panels)
            draw.outline(layer, target.slot_rect(), ghost, 2)
    elif kind == "to_row":
        source = layout.rows[int(cast(int, chooser.prefix[-1][1]))]
        target = layout.rows[value]
        code = game.row(int(cast(int, chooser.prefix[-1][1])))[-1]
        draw.paint_card(layer, text, target.slot_rect(), code, look.shorts, target.slot_centre())
        draw.arrow(layer, ghost, source.centre(len(source.offsets) - 1), target.slot_centre(), 3, layout.panels)
    elif kind in ("raptor", "post"):
        raptor = value if kind == "raptor" else int(cast(int, chooser.prefix[-1][1]))
        posts = [int(cast(int, post)) for _, post in following] if kind == "raptor" else [value]
        start = Vector2(layout.raptor_rect(raptor).center)
        for post in posts:
            draw.arrow(layer, ghost, start, layout.posts[post], 3)
            draw.paint_raptor(layer, layout.posts[post] + Vector2(0, -2), raptor, False, colours=look.colours,
                              mark=look.marks[raptor_owner(raptor)], text=text)
    elif kind in ("hood", "mask"):
        masks = hood_masks(game, value) if kind == "hood" else [value]
        post = value if kind == "hood" else int(cast(int, chooser.prefix[-1][1]))
        for raptor in sorted({raptor for mask in masks for raptor in raptors_in(mask)}):
            draw.outline(layer, layout.raptor_rect(raptor), ghost, 3)
            if len(masks) == 1:
                draw.arrow(layer, ghost, Vector2(layout.raptor_rect(raptor).center), layout.segments[post], 2)
        for side in (post - 1, post + 1):
            row = layout.rows[side % 8]
            draw.outline(layer, row.card_rect(len(row.offsets) - 1), ghost, 2)
    elif kind == "capture":
        row = layout.rows[game.post_of(value)]
        end = row.card_rect(len(row.offsets) - 1)
        draw.outline(layer, end, ghost, 4)
        draw.arrow(layer, ghost, Vector2(layout.raptor_rect(value).center), Vector2(end.center), 3)
    elif kind == "flip":
        _preview_flip(layer, layout, value, ghost)
    elif kind == "seal":
        rect = layout.rows[value].card_rect(len(game.row(value)) - 1)
        pygame.draw.line(layer, (*DANGER, 230), rect.topleft, rect.bottomright, 4)
        pygame.draw.line(layer, (*DANGER, 230), rect.topright, rect.bottomleft, 4)
    elif kind == "tidy":
        row = layout.rows[value]
        count = len(row.offsets)
        for index in range(count - TIDY_LENGTH, count):
            draw.outline(layer, row.card_rect(index), ghost, 2)
        draw.arrow(layer, ghost, row.centre(count - 2), row.centre(0), 3)
    elif kind in ("bet", "token_to"):
        goal = geometry.MIDDLE if value == CENTRE else layout.towers[value]
        if kind == "token_to" and chooser.prefix:  # from a tower; a token in hand comes from the falconer's card
            draw.arrow(layer, ghost, layout.towers[int(cast(int, chooser.prefix[-1][1]))], goal, 3)
        draw.paint_token(layer, goal, game.current_seat, look.colours, look.marks[game.current_seat], text)
    elif kind == "token":
        start = Vector2(view.option_rect(game, tuple(chooser.prefix), focused).center)
        for _, place in following:
            destination = int(cast(int, place))
            draw.arrow(layer, (*ACCENT, 110), start, geometry.MIDDLE if destination == CENTRE
                       else layout.towers[destination], 1)

def _preview_flip(layer: pygame.Surface, layout: geometry.Layout, post: int, ghost: tuple[int, ...]) -> None:
    """R-6: the two seals that allow it, and the row turned end for end (arrows both ways beside it)."""
    for side in (post - 1, post + 1):
        row = layout.rows[side % 8]
        draw.outline(layer, row.card_rect(len(row.offsets) - 1), ghost, 3)
    row = layout.rows[post]
    for side in (1, -1):  # beside the row on both sides, following its bends
        points = _beside(row, side)
        if side < 0:
            points.reverse()
        if len(points) < 2 or points[0].distance_to(points[-1]) < 4:
            continue
        for start, end in zip(points, points[1:-1]):
            draw.line(layer, ghost, start, end, 3, layout.panels)
        draw.arrow(layer, ghost, points[-2], points[-1], 3, layout.panels)


def _beside(row: RowLayout, side: int) -> list[Vector2]:
    """A line along ``row`` from its first card to its end, ``side`` of it (left or right of the way it runs),
    turning where the row bends: its corners."""
    if not row.offsets:
        return []
    lines = []
    for leg in row.legs[:row.on[-1] + 1]:
        across = Vector2(-leg.direction.y, leg.direction.x) * side * (max(leg.size) / 2 + 8)
        lines.append((leg.start + across, leg.direction))
    points = [row.centre(0) + lines[0][0] - row.legs[0].start]
    for (here, way), (there, onward) in zip(lines, lines[1:]):
        points.append(here + way * (there - here).cross(onward) / way.cross(onward))
    points.append(row.centre(len(row.offsets) - 1) + lines[-1][0] - row.legs[row.on[-1]].start)
    return points


def hood_masks(game: FredericusState, post: int) -> list[int]:
    """The legal sets of raptors to hood at ``post``, in a fixed order (the buttons' order)."""
    return sorted(action.b for action in game.legal_actions() if action.kind == HOOD and action.a == post)
