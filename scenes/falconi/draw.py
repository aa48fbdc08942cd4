"""Drawing the Falconi city: where cells, border slots, places and the tile strip sit in ``BOARD_AREA``, and the
pictures of tiles, escape tiles, cars, routes and option highlights, made from the sprite sheets of
:mod:`scenes.falconi.sprites` (the empty city and its border ring: :mod:`scenes.falconi.frame`).

Everything here is stateless apart from image caches; :mod:`scenes.falconi.view` decides what to draw.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from itertools import pairwise

import pygame

from game.core.message import Message
from game.falconi.city import DISTRICTS, EDGE_NAMES, OPPOSITE, CityLayout, Slot, cell_of, edge_of
from game.falconi.tiles import EMPTY, ESCAPE, tile_code
from scenes.falconi import sprites
from scenes.falconi.colours import COLOURS
from scenes.kit import tooltip
from scenes.kit.surface_cache import SurfaceCache
from scenes.kit.ui import ACCENT, TEXT, TextCache
from scenes.playing.gameview import BOARD_AREA

Point = tuple[float, float]
Colour = tuple[int, int, int]

HEADING_SIZES = (20, 18, 16)  # the strip's heading: the first size at which it fits in two lines
NOTE_SIZES = (17, 15, 13)  # the strip's captions and counters: the first size at which each fits its width
PILE_SIZES = (18, 15, 13)  # the same for the pile's count under them
STRIP_WIDTH = 84  # the column at the right of the board with the tiles in hand
DIRECTIONS = ((0, -1), (1, 0), (0, 1), (-1, 0))  # N, E, S, W as screen vectors
ESCAPE_STAR = (12 / 64, 14 / 64)  # where the letter goes on the escape tile of the north side (the sprite's star)
CAR_GAP = 0.22  # cars sharing a place stand this many cells one behind the other
TOKEN = 32  # the size of a Chili token in the strip

RAIL = (245, 245, 245)
CLOSED = (230, 48, 40)
OUT_GREY = (168, 168, 174)
Palette = Sequence[Colour]  # a colour per seat; a district has its police car's colour (see colours.py)
SEAT_COLOURS: Palette = COLOURS
DISTRICT_SEAT = {district: number + 1 for number, district in enumerate(DISTRICTS)}
LAST_MOVE = (120, 230, 255)
ROUTE = ACCENT


def _owner(quarter: int, edges: Collection[int]) -> int:
    """Which of ``edges`` owns a quarter of a cell (quarters numbered like the edges that own them first, see
    :meth:`Geometry.place_area`): its own edge, else the edge before it clockwise, else the one after, else the
    only edge there is."""
    return next((edge for edge in (quarter, (quarter - 1) % 4, (quarter + 1) % 4) if edge in edges),
                next(iter(edges)))


class Geometry:
    """Where a city lies in ``BOARD_AREA``: the grid framed by the ring of border slots, the strip beside it."""

    def __init__(self, city: CityLayout) -> None:
        self.city = city
        columns, rows = city.width + 2, city.height + 2
        self.cs = min((BOARD_AREA.height - 16) // rows, (BOARD_AREA.width - STRIP_WIDTH - 12) // columns)
        self.left = BOARD_AREA.x + 4
        self.top = BOARD_AREA.y + (BOARD_AREA.height - rows * self.cs) // 2
        self.frame = pygame.Rect(self.left, self.top, columns * self.cs, rows * self.cs)
        self.strip = pygame.Rect(self.frame.right + 4, self.top, BOARD_AREA.right - self.frame.right - 8,
                                 self.frame.height)

    def square(self, column: int, row: int) -> pygame.Rect:
        """A square of the frame; the grid's cells are columns and rows 1..width, 1..height."""
        return pygame.Rect(self.left + column * self.cs, self.top + row * self.cs, self.cs, self.cs)

    def cell_rect(self, cell: int) -> pygame.Rect:
        x, y = self.city.xy(cell)
        return self.square(x + 1, y + 1)

    def slot_rect(self, slot: int) -> pygame.Rect:
        info = self.city.slots[slot]
        column, row = {
            0: (info.index + 1, 0),
            1: (self.city.width + 1, info.index + 1),
            2: (info.index + 1, self.city.height + 1),
            3: (0, info.index + 1),
        }[info.side]
        return self.square(column, row)

    def car_point_behind(self, place: int, behind: int) -> Point:
        """Where the ``behind``-th of several cars at ``place`` stands: further back towards the entry edge."""
        x, y = self.car_point(place)
        dx, dy = DIRECTIONS[edge_of(place)]
        return x + dx * behind * self.cs * CAR_GAP, y + dy * behind * self.cs * CAR_GAP

    def centre(self, cell: int) -> Point:
        return self.cell_rect(cell).center

    def edge_mid(self, cell: int, edge: int) -> Point:
        x, y = self.centre(cell)
        dx, dy = DIRECTIONS[edge]
        return x + dx * self.cs / 2, y + dy * self.cs / 2

    def place_rect(self, place: int) -> pygame.Rect:
        """A place's spot in its cell, by its entry edge, where an option at that place is marked (the four places
        of a cell overlap little); Mode I drives may be clicked anywhere in :meth:`place_area`."""
        rect = self.cell_rect(cell_of(place))
        along, depth, inset = self.cs // 2, self.cs * 3 // 8, 3
        edge = edge_of(place)
        if edge in (0, 2):
            top = rect.top + inset if edge == 0 else rect.bottom - inset - depth
            return pygame.Rect(rect.centerx - along // 2, top, along, depth)
        left = rect.right - inset - depth if edge == 1 else rect.left + inset
        return pygame.Rect(left, rect.centery - along // 2, depth, along)

    def place_area(self, place: int, edges: Collection[int]) -> pygame.Rect:
        """Where a click chooses ``place`` when places of its cell entered by ``edges`` (its own among them) are
        options together: the whole cell for one, else its share. Each edge owns the cell's quarter at its
        clockwise end (N the top left, E the top right, S the bottom right, W the bottom left) and takes the
        quarter of a missing edge next to it, so the shares are rectangles that cover the cell, each touching
        its own edge."""
        rect = self.cell_rect(cell_of(place))
        x, y, mid_x, mid_y, right, bottom = rect.x, rect.y, rect.centerx, rect.centery, rect.right, rect.bottom
        quarters = (pygame.Rect(x, y, mid_x - x, mid_y - y), pygame.Rect(mid_x, y, right - mid_x, mid_y - y),
                    pygame.Rect(mid_x, mid_y, right - mid_x, bottom - mid_y),
                    pygame.Rect(x, mid_y, mid_x - x, bottom - mid_y))
        owned = [quarters[edge] for edge in range(4) if _owner(edge, edges) == edge_of(place)]
        return owned[0].unionall(owned[1:])

    def car_point(self, place: int) -> Point:
        """Where a car at ``place`` stands: by its entry edge, in the right-hand lane of its heading."""
        x, y = self.centre(cell_of(place))
        dx, dy = DIRECTIONS[edge_of(place)]
        hx, hy = -dx, -dy  # heading: away from the entry edge
        rx, ry = -hy, hx  # the right-hand side of the heading
        ahead, lane = self.cs * sprites.CAR_AHEAD, self.cs * sprites.LANE
        return x + dx * ahead + rx * lane, y + dy * ahead + ry * lane

    def neighbour(self, cell: int, edge: int) -> int:
        """The cell next to ``cell`` across ``edge`` on the grid, or -1 at the border."""
        x, y = self.city.xy(cell)
        dx, dy = DIRECTIONS[edge]
        nx, ny = x + dx, y + dy
        return self.city.cell(nx, ny) if 0 <= nx < self.city.width and 0 <= ny < self.city.height else -1

    def border_slot(self, cell: int, edge: int) -> int:
        """The border slot next to ``cell`` across ``edge`` (the cell must lie on that side of the grid)."""
        x, y = self.city.xy(cell)
        name = f"{EDGE_NAMES[edge]}{x if edge in (0, 2) else y}"
        return self.city.slot_by_name[name]

    def strip_rect(self, index: int) -> pygame.Rect:
        """The ``index``-th tile of the strip (tiles in hand), under the strip's heading."""
        size = self.cs
        return pygame.Rect(self.strip.centerx - size // 2, self.strip.y + 56 + index * (size + 36), size, size)


# --- tiles and escape tiles ----------------------------------------------------------------------------------
_IMAGES = SurfaceCache("Falconi tiles", 8)  # ghosts, escape tiles and turned rubble at each size


def _see_through(key: tuple[object, ...], image: pygame.Surface, alpha: int) -> pygame.Surface:
    """``image`` at ``alpha`` (a ghost of what an option would lay), made once per key."""
    if alpha >= 255:
        return image
    ghost = _IMAGES.get(key)
    if ghost is None:
        ghost = _IMAGES.put(key, image.copy())
        ghost.set_alpha(alpha)
    return ghost


def tile_image(code: int, size: int, alpha: int = 255) -> pygame.Surface:
    """A placed tile (the code of a kind and a rotation, or the crater) from the road sheet, once per size and
    transparency."""
    return _see_through(("tile", code, size, alpha), sprites.road(code, size), alpha)


def _turn(fraction: Point, quarters: int) -> Point:
    """A point of a square picture (as fractions of its side) after the picture turned clockwise."""
    x, y = fraction
    for _ in range(quarters % 4):
        x, y = 1 - y, x
    return x, y


def escape_image(district: int, facing: int, size: int, alpha: int = 255, colours: Palette = SEAT_COLOURS,
                 letter: str = "", text: TextCache | None = None) -> pygame.Surface:
    """An escape tile of ``district`` with its road towards edge ``facing`` and the accomplice's car waiting;
    with ``text``, its star carries the district's police ``letter``, so that the district is not told by
    colour alone."""
    colour = colours[district + 1]
    letter = letter if text is not None else ""
    key = ("escape", district, facing, size, alpha, colour, letter)
    image = _IMAGES.get(key)
    if image is None:
        side = OPPOSITE[facing]
        image = sprites.image(sprites.CITY, f"escape:{side}", size, colour).copy()
        if text is not None and letter:
            x, y = _turn(ESCAPE_STAR, side)
            text.blit(image, letter, max(12, round(size * 0.24)), (20, 20, 20), bold=True,
                      center=(round(x * size), round(y * size) + 1))
        if alpha < 255:
            image.set_alpha(alpha)
        _IMAGES.put(key, image)
    return image


def tile_back(surface: pygame.Surface, rect: pygame.Rect, text: TextCache) -> None:
    """A face-down tile: what the others see of Don Falconi's Mode II reserve."""
    surface.blit(sprites.image(sprites.ITEMS, "back", rect.width), rect)
    text.blit(surface, "?", round(rect.width * 0.62), (214, 206, 250), bold=True, center=rect.center)


def slot_tip(slot: Slot, escape_tiles: bool) -> Message:
    """What a border slot is: the prison, a police station, a tunnel (and where it leads), or a district's
    edge, where that district's escape tile may be laid in a pizza that has them (``escape_tiles``); the letter
    on it is the district's police car's."""
    if slot.role == "tunnel":
        return Message.of("tips.falconi.slot.tunnel", slot=slot.partner or "")
    if slot.role in ("prison", "station"):
        return Message.of(f"tips.falconi.slot.{slot.role}")
    if slot.district:
        key = "tips.falconi.slot.district" if escape_tiles else "tips.falconi.slot.district_edge"
        return Message.of(key, district=f"@falconi.district.{slot.district}")
    return Message.of("tips.falconi.slot.plain")


def draw_position(surface: pygame.Surface, geometry: Geometry, board: Sequence[int], closed: Sequence[int],
                  escapes: Sequence[int], colours: Palette = SEAT_COLOURS, letters: Sequence[str] = (),
                  text: TextCache | None = None, hidden: Collection[str] = (), escape_tiles: bool = True) -> None:
    """The tiles on the grid, the Chili Bombs' closed edges and the escape tiles on the border (with
    ``text``, each with its district's police car letter from ``letters``), leaving out the ``hidden``
    pieces (``cell:N``, ``edge:PLACE``, ``slot:N``) that an animation draws. ``escape_tiles``: whether the
    pizza has them, which the border's tips tell."""
    for index, border in enumerate(geometry.city.slots):  # first: what is laid on a slot later has its own tip
        tooltip.add(geometry.slot_rect(index), slot_tip(border, escape_tiles))
    for cell, code in enumerate(board):
        if code != EMPTY and f"cell:{cell}" not in hidden:
            surface.blit(tile_image(code, geometry.cs), geometry.cell_rect(cell))
    for place, flag in enumerate(closed):
        if flag and f"edge:{place}" not in hidden:
            draw_closed_edge(surface, geometry, place)
    for slot, district in enumerate(escapes):
        if district >= 0 and f"slot:{slot}" not in hidden:
            facing = OPPOSITE[geometry.city.slots[slot].side]
            image = escape_image(district, facing, geometry.cs, 255, colours,
                                 letters[district + 1] if letters else "", text)
            surface.blit(image, geometry.slot_rect(slot))
            tooltip.add(geometry.slot_rect(slot),
                        Message.of("tips.falconi.escape_slot", district=f"@falconi.district.{DISTRICTS[district]}"))


@dataclass(frozen=True)
class StripTile:
    item: int | None  # a tile kind or ESCAPE + district; None for a face-down tile
    caption: str
    rotation: int = 0  # quarter turns: the tile being placed turns here as it turns on the board


@dataclass(frozen=True)
class Counter:
    words: str
    total: int
    left: int
    colour: Colour
    token: str = ""  # an item of the items sheet ("bomb", "boost") shown instead of dots
    tip: str = ""  # the catalog key of its tooltip, told {left} and {total}


def draw_strip(surface: pygame.Surface, geometry: Geometry, text: TextCache, heading: str, colour: Colour,
               tiles: Sequence[StripTile], counters: Sequence[Counter], pile: str,
               colours: Palette = SEAT_COLOURS, letters: Sequence[str] = (), hidden: Collection[str] = ()) -> None:
    """The strip beside the board: whose tiles these are, the tiles in hand (leaving out the ``strip:N``
    in ``hidden``: an animation slides them in), and counters at the bottom."""
    strip = geometry.strip
    bar = pygame.Rect(strip.x, strip.y, strip.width, 8)
    pygame.draw.rect(surface, colour, bar, border_radius=3)
    pygame.draw.rect(surface, RAIL, bar, width=1, border_radius=3)
    size = next((size for size in HEADING_SIZES if _fits(text, heading, strip.width, size, 2)), HEADING_SIZES[-1])
    for row, line in enumerate(text.wrap(heading, strip.width, size, most=2)):
        text.blit(surface, line, size, TEXT, midtop=(strip.centerx, strip.y + 10 + row * (size - 2)))
    for index, tile in enumerate(tiles):
        rect = geometry.strip_rect(index)
        if f"strip:{index}" not in hidden:
            draw_strip_tile(surface, rect, tile.item, text, colours, letters, tile.rotation)
        size = text.fit_size(tile.caption, strip.width, NOTE_SIZES)
        text.blit(surface, tile.caption, size, TEXT, midtop=(rect.centerx, rect.bottom + 2))
    bottom = strip.bottom - 8
    for counter in counters:
        band = pygame.Rect(strip.x, bottom - (46 if counter.token else 32), strip.width, 48 if counter.token else 34)
        if counter.tip:
            tooltip.add(band, Message.of(counter.tip, left=counter.left, total=counter.total))
        if counter.token:
            tokens(surface, (strip.centerx, bottom - 14), counter.total, counter.left, counter.token)
            text.blit(surface, counter.words, text.fit_size(counter.words, strip.width, NOTE_SIZES), TEXT,
                      midbottom=(strip.centerx, bottom - 30))
            bottom -= 58
        else:
            pips(surface, (strip.centerx, bottom - 8), counter.total, counter.left, counter.colour)
            text.blit(surface, counter.words, text.fit_size(counter.words, strip.width, NOTE_SIZES), TEXT,
                      midbottom=(strip.centerx, bottom - 16))
            bottom -= 44
    text.blit(surface, pile, text.fit_size(pile, strip.width, PILE_SIZES), TEXT, midbottom=(strip.centerx, bottom))


def _fits(text: TextCache, words: str, width: int, size: int, lines: int) -> bool:
    """Whether ``words`` wrap at ``width`` into at most ``lines`` lines, none of them wider (a long word is)."""
    wrapped = text.wrap(words, width, size)
    return len(wrapped) <= lines and all(text.render(line, size).get_width() <= width for line in wrapped)


def draw_strip_tile(surface: pygame.Surface, rect: pygame.Rect, item: int | None,
                    text: TextCache, colours: Palette = SEAT_COLOURS, letters: Sequence[str] = (),
                    rotation: int = 0) -> None:
    """A tile in hand: a road tile (turned ``rotation`` quarters), an escape tile, or (``None``) a face-down
    one, at the size of ``rect``."""
    if item is None:
        tile_back(surface, rect, text)
    elif item < ESCAPE:
        surface.blit(tile_image(tile_code(item, rotation), rect.width), rect)
    else:
        district = item - ESCAPE
        surface.blit(escape_image(district, 2, rect.width, 255, colours,
                                  letters[district + 1] if letters else "", text), rect)


def tokens(surface: pygame.Surface, centre: Point, total: int, left: int, item: str) -> None:
    """``left`` of ``total`` Chili tokens, the used ones grey."""
    gap = TOKEN + 2
    x0 = centre[0] - (total - 1) * gap / 2
    for i in range(total):
        image = sprites.image(sprites.ITEMS, item if i < left else f"{item}_spent", TOKEN)
        surface.blit(image, image.get_rect(center=(round(x0 + i * gap), round(centre[1]))))


# --- cars, routes, highlights ------------------------------------------------------------------------------
def draw_cars(surface: pygame.Surface, geometry: Geometry, text: TextCache,
              cars: Sequence[tuple[int, int, str, bool, bool]], colours: Palette = SEAT_COLOURS,
              hidden: Collection[str] = ()) -> None:
    """Cars given as (seat, place, letter, out, ringed), later ones on top, leaving out the ``car:SEAT`` in
    ``hidden``; cars sharing a place stand one behind the other, and a ring marks the cars that moved last."""
    crowd: dict[int, int] = {}
    for seat, place, letter, out, ringed in cars:
        behind = crowd.get(place, 0)
        crowd[place] = behind + 1
        if f"car:{seat}" in hidden:
            continue
        point = geometry.car_point_behind(place, behind)
        spot = pygame.Rect(0, 0, geometry.cs // 2, geometry.cs // 2)
        spot.center = (round(point[0]), round(point[1]))
        tooltip.add(spot, "tips.falconi.car.out" if out else f"tips.falconi.car.{seat}")
        if ringed:
            pygame.draw.circle(surface, LAST_MOVE, point, round(geometry.cs * 0.31), 2)
        heading = sprites.heading_of(edge_of(place))
        draw_car(surface, geometry.cs, point, heading, seat, colours[seat], letter, text, out)


def draw_car(surface: pygame.Surface, cs: int, point: Point, heading: float, seat: int, colour: Colour,
             letter: str, text: TextCache, out: bool = False, frame: int = 0, alpha: int = 255) -> None:
    """A car from above at ``point``, turned to ``heading`` (degrees, 0 = east, counter-clockwise), with its
    seat's letter upright on its roof: Don Falconi's black car (seat 0), or a police car in its colour with
    its light bar at ``frame``; a car out of the chase is grey, crossed out and dark."""
    if seat == 0:
        image = sprites.car("fugitive", cs, heading)
    else:
        image = sprites.car("police:off" if out else f"police:{frame % sprites.POLICE_FRAMES}", cs, heading,
                            OUT_GREY if out else colour)
    if alpha < 255:
        image = image.copy()
        image.set_alpha(alpha)
    surface.blit(image, image.get_rect(center=(round(point[0]), round(point[1]))))
    hx, hy = sprites.unit(heading)
    back = cs * 0.05  # the roof is a little behind the car's middle
    centre = (round(point[0] - hx * back), round(point[1] - hy * back))
    size = max(12, round(cs * 0.24))
    ink = (250, 226, 140) if seat == 0 else (16, 16, 20)
    rim = (0, 0, 0) if seat == 0 else (250, 250, 250)
    for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        _letter(surface, text, letter, size, rim, (centre[0] + dx, centre[1] + dy), alpha)
    _letter(surface, text, letter, size, ink, centre, alpha)
    if out:
        half = cs * 0.2
        for sign in (1, -1):
            pygame.draw.line(surface, CLOSED, (point[0] - half, point[1] - half * sign),
                             (point[0] + half, point[1] + half * sign), 3)


def _letter(surface: pygame.Surface, text: TextCache, letter: str, size: int, colour: Colour, centre: Point,
            alpha: int) -> None:
    image = text.render(letter, size, colour, bold=True)
    if alpha < 255:
        image = image.copy()
        image.set_alpha(alpha)
    surface.blit(image, image.get_rect(center=(round(centre[0]), round(centre[1]) + 1)))


def draw_closed_edge(surface: pygame.Surface, geometry: Geometry, place: int) -> None:
    """A Chili Bomb's mark across a closed edge (F-5.4): the road there is destroyed, rubble and a barrier."""
    cell, edge = cell_of(place), edge_of(place)
    mx, my = geometry.edge_mid(cell, edge)
    dx, dy = DIRECTIONS[edge]
    inset = geometry.cs * 0.12
    image = sprites.image(sprites.ITEMS, "rubble", geometry.cs)
    if edge in (1, 3):
        image = _turned_rubble(geometry.cs)
    surface.blit(image, image.get_rect(center=(round(mx - dx * inset), round(my - dy * inset))))


def _turned_rubble(size: int) -> pygame.Surface:
    key = ("rubble", size)
    image = _IMAGES.get(key)
    if image is None:
        image = _IMAGES.put(key, pygame.transform.rotate(sprites.image(sprites.ITEMS, "rubble", size), 90))
    return image


def draw_route(surface: pygame.Surface, polylines: Sequence[Sequence[Point]], colour: Colour = ROUTE) -> None:
    """A route as thick lines along its lanes (see :func:`scenes.falconi.lanes.route_legs`), with an arrowhead
    at its end."""
    for line in polylines:
        for width, paint in ((11, (20, 20, 20)), (6, colour)):
            for a, b in pairwise(line):
                pygame.draw.line(surface, paint, a, b, width)
            for point in line[1:-1]:
                pygame.draw.circle(surface, paint, point, width / 2)
    if polylines and len(polylines[-1]) >= 2:
        (ax, ay), (bx, by) = polylines[-1][-2], polylines[-1][-1]
        length = math.hypot(bx - ax, by - ay) or 1
        ux, uy = (bx - ax) / length, (by - ay) / length
        head = [(bx + ux * 6, by + uy * 6), (bx - ux * 10 - uy * 8, by - uy * 10 + ux * 8),
                (bx - ux * 10 + uy * 8, by - uy * 10 - ux * 8)]
        pygame.draw.polygon(surface, colour, head)
        pygame.draw.polygon(surface, (20, 20, 20), head, 2)


def highlight(overlay: pygame.Surface, rect: pygame.Rect, focused: bool, colour: Colour = ACCENT,
              fill: bool = True) -> None:
    """An option on the (see-through) overlay: tinted and outlined, the focused one strongly."""
    if fill:
        pygame.draw.rect(overlay, (*colour, 120 if focused else 55), rect, border_radius=4)
    pygame.draw.rect(overlay, (255, 255, 255, 255) if focused else (*colour, 230), rect,
                     width=4 if focused else 3, border_radius=4)


def pips(surface: pygame.Surface, centre: Point, total: int, filled: int, colour: Colour) -> None:
    """``filled`` of ``total`` dots: actions left, bombs, boosts."""
    gap = 16
    x0 = centre[0] - (total - 1) * gap / 2
    for i in range(total):
        point = (x0 + i * gap, centre[1])
        if i < filled:
            pygame.draw.circle(surface, colour, point, 6)
        pygame.draw.circle(surface, (230, 230, 236), point, 6, 1)
