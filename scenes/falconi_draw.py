"""Drawing the Falconi city: where cells, border slots, places and the tile strip sit in ``BOARD_AREA``, and
placeholder pictures of tiles, escape tiles, cars, routes and option highlights.

Everything here is stateless apart from image caches; :mod:`scenes.falconi_view` decides what to draw.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from itertools import pairwise

import pygame

from game.falconi.city import DISTRICTS, EDGE_NAMES, OPPOSITE, CityLayout
from game.falconi.tiles import CRATER, CROSSROADS, CURVE, EMPTY, ESCAPE, EXITS, OVERPASS, STRAIGHT, T_JUNCTION, U_TURN
from scenes.gameview import BOARD_AREA
from scenes.ui import ACCENT, BACKGROUND, TEXT, TextCache, seat_colour

Point = tuple[float, float]
Colour = tuple[int, int, int]

CAPTION_SIZES = (16, 14, 12)  # the sizes of the frame's captions, largest first (see _caption_size)
STRIP_WIDTH = 84  # the column at the right of the board with the tiles in hand
DIRECTIONS = ((0, -1), (1, 0), (0, 1), (-1, 0))  # N, E, S, W as screen vectors

GROUND = (44, 56, 48)
GRID_LINE = (58, 72, 62)
TILE_BG = (208, 198, 172)
TILE_EDGE = (140, 130, 108)
ROAD = (72, 72, 80)
BRIDGE = (124, 124, 138)
RAIL = (245, 245, 245)
SHADOW = (36, 36, 40)
CRATER_BG = (168, 118, 80)
CRATER_HOLE = (66, 42, 28)
CLOSED = (230, 48, 40)
PRISON = (78, 78, 90)
NO_DISTRICT = (92, 92, 100)
OUT_GREY = (168, 168, 174)
Palette = Sequence[Colour]  # a colour per seat; a district has its police car's colour (see scenes.ui.seat_colour)
SEAT_COLOURS: Palette = tuple(seat_colour("falconi", seat) for seat in range(4))
DISTRICT_SEAT = {district: number + 1 for number, district in enumerate(DISTRICTS)}
LAST_MOVE = (120, 230, 255)
ROUTE = ACCENT


def _owner(quarter: int, edges: Collection[int]) -> int:
    """Which of ``edges`` owns a quarter of a cell (quarters numbered like the edges that own them first, see
    :meth:`Geometry.place_area`): its own edge, else the edge before it clockwise, else the one after, else the
    only edge there is."""
    return next((edge for edge in (quarter, (quarter - 1) % 4, (quarter + 1) % 4) if edge in edges),
                next(iter(edges)))


def muted(colour: Colour, amount: float = 0.45) -> Colour:
    """``colour`` mixed into the background: the border pieces, so tiles and cars stand out."""
    red, green, blue = (int(c * amount + b * (1 - amount)) for c, b in zip(colour, BACKGROUND))
    return red, green, blue


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

    def centre(self, cell: int) -> Point:
        return self.cell_rect(cell).center

    def edge_mid(self, cell: int, edge: int) -> Point:
        x, y = self.centre(cell)
        dx, dy = DIRECTIONS[edge]
        return x + dx * self.cs / 2, y + dy * self.cs / 2

    def place_rect(self, place: int) -> pygame.Rect:
        """A place's spot in its cell, by its entry edge, where an option at that place is marked (the four places
        of a cell overlap little); Mode I drives may be clicked anywhere in :meth:`place_area`."""
        rect = self.cell_rect(place >> 2)
        along, depth, inset = self.cs // 2, self.cs * 3 // 8, 3
        edge = place & 3
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
        rect = self.cell_rect(place >> 2)
        x, y, mid_x, mid_y, right, bottom = rect.x, rect.y, rect.centerx, rect.centery, rect.right, rect.bottom
        quarters = (pygame.Rect(x, y, mid_x - x, mid_y - y), pygame.Rect(mid_x, y, right - mid_x, mid_y - y),
                    pygame.Rect(mid_x, mid_y, right - mid_x, bottom - mid_y),
                    pygame.Rect(x, mid_y, mid_x - x, bottom - mid_y))
        owned = [quarters[edge] for edge in range(4) if _owner(edge, edges) == place & 3]
        return owned[0].unionall(owned[1:])

    def car_point(self, place: int) -> Point:
        """Where a car at ``place`` stands: by its entry edge, in the right-hand lane of its heading."""
        x, y = self.centre(place >> 2)
        dx, dy = DIRECTIONS[place & 3]
        hx, hy = -dx, -dy  # heading: away from the entry edge
        rx, ry = -hy, hx  # the right-hand side of the heading
        return x + dx * self.cs * 0.22 + rx * self.cs * 0.15, y + dy * self.cs * 0.22 + ry * self.cs * 0.15

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

    def route_lines(self, links: Sequence[int], route: Sequence[int]) -> list[list[Point]]:
        """Screen lines of a route of places (the last may be ``-(slot + 1)``): centre to edge to centre,
        broken where a tunnel carries the car across the city (F-1.4)."""
        lines: list[list[Point]] = [[self.car_point(route[0])]]
        for here, there in pairwise(route):
            cell = here >> 2
            exit_edge = next(e for e in range(4) if links[cell * 4 + e] == there)
            lines[-1] += [self.centre(cell), self.edge_mid(cell, exit_edge)]
            if there < 0:
                lines[-1].append(self.slot_rect(-there - 1).center)
                break
            if self.neighbour(cell, exit_edge) != there >> 2:  # through a tunnel
                lines[-1].append(self.slot_rect(self.border_slot(cell, exit_edge)).center)
                lines.append([self.slot_rect(self.border_slot(there >> 2, there & 3)).center])
            lines[-1].append(self.edge_mid(there >> 2, there & 3))
        if route[-1] >= 0:
            lines[-1].append(self.car_point(route[-1]))
        return lines


# --- tiles ------------------------------------------------------------------------------------------------
_IMAGES: dict[tuple[object, ...], pygame.Surface] = {}


def tile_image(code: int, size: int, alpha: int = 255) -> pygame.Surface:
    """A placed tile (code ``kind * 4 + rotation``, or the crater), drawn once per size and transparency."""
    key = ("tile", code, size, alpha)
    image = _IMAGES.get(key)
    if image is None:
        image = _render_tile(code, size)
        if alpha < 255:
            image.set_alpha(alpha)
        _IMAGES[key] = image
    return image


def escape_image(district: int, facing: int, size: int, alpha: int = 255, colours: Palette = SEAT_COLOURS,
                 letter: str = "", text: TextCache | None = None) -> pygame.Surface:
    """An escape tile of ``district`` with its road towards edge ``facing`` and the accomplice's star; with
    ``text``, the star carries the district's police ``letter``, so that the district is not told by colour
    alone."""
    colour = colours[district + 1]
    letter = letter if text is not None else ""
    key = ("escape", district, facing, size, alpha, colour, letter)
    image = _IMAGES.get(key)
    if image is None:
        image = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.rect(image, colour, image.get_rect().inflate(-2, -2),
                         border_radius=6)
        pygame.draw.rect(image, RAIL, image.get_rect().inflate(-2, -2), width=2, border_radius=6)
        centre = (size / 2, size / 2)
        _segment(image, ROAD, centre, _mid(size, facing), size * 0.3)
        star(image, RAIL, centre, size * 0.26)
        if text is not None and letter:
            text.blit(image, letter, max(12, round(size * 0.26)), (20, 20, 20), bold=True,
                      center=(round(size / 2), round(size / 2) + 1))
        if alpha < 255:
            image.set_alpha(alpha)
        _IMAGES[key] = image
    return image


def _mid(size: int, edge: int) -> Point:
    dx, dy = DIRECTIONS[edge]
    return size / 2 + dx * size / 2, size / 2 + dy * size / 2


def _band(surface: pygame.Surface, colour: Colour, start: Point, end: Point, width: float) -> None:
    """A thick straight line as an exact polygon (pygame's wide lines are off by a pixel or two)."""
    length = math.hypot(end[0] - start[0], end[1] - start[1]) or 1
    nx, ny = -(end[1] - start[1]) / length * width / 2, (end[0] - start[0]) / length * width / 2
    pygame.draw.polygon(surface, colour, [(start[0] + nx, start[1] + ny), (end[0] + nx, end[1] + ny),
                                          (end[0] - nx, end[1] - ny), (start[0] - nx, start[1] - ny)])


def _segment(surface: pygame.Surface, colour: Colour, start: Point, end: Point, width: float) -> None:
    """A road from ``start`` (a tile's centre) to ``end``, reaching half a road width past the centre so
    that the roads of a junction meet squarely."""
    length = math.hypot(end[0] - start[0], end[1] - start[1]) or 1
    back = (start[0] - (end[0] - start[0]) / length * width / 2, start[1] - (end[1] - start[1]) / length * width / 2)
    _band(surface, colour, back, end, width)


def _arc_band(surface: pygame.Surface, colour: Colour, centre: Point, radius: float, width: float,
              start: float, end: float) -> None:
    steps = 12
    angles = [start + (end - start) * i / steps for i in range(steps + 1)]
    outer = [(centre[0] + (radius + width / 2) * math.cos(a), centre[1] + (radius + width / 2) * math.sin(a))
             for a in angles]
    inner = [(centre[0] + (radius - width / 2) * math.cos(a), centre[1] + (radius - width / 2) * math.sin(a))
             for a in reversed(angles)]
    pygame.draw.polygon(surface, colour, outer + inner)


def _render_tile(code: int, size: int) -> pygame.Surface:
    image = pygame.Surface((size, size), pygame.SRCALPHA)
    body = image.get_rect().inflate(-2, -2)
    pygame.draw.rect(image, CRATER_BG if code == CRATER else TILE_BG, body, border_radius=5)
    pygame.draw.rect(image, TILE_EDGE, body, width=1, border_radius=5)
    width = size * 0.32
    centre = (size / 2, size / 2)
    if code == CRATER:
        for edge in range(4):
            _segment(image, ROAD, centre, _mid(size, edge), width)
        star(image, CRATER_HOLE, centre, size * 0.3, points=7)
        pygame.draw.circle(image, (40, 26, 18), centre, size * 0.12)
        return image
    kind, rotation = code >> 2, code & 3
    if kind == CURVE:
        a, b = rotation % 4, (rotation + 1) % 4  # N–E turned: the corner between the two road ends
        ax, ay = DIRECTIONS[a]
        bx, by = DIRECTIONS[b]
        corner = (size / 2 + (ax + bx) * size / 2, size / 2 + (ay + by) * size / 2)
        start = math.atan2(centre[1] - corner[1], centre[0] - corner[0])
        _arc_band(image, ROAD, corner, size / 2, width, start - math.pi / 4, start + math.pi / 4)
    elif kind == U_TURN:
        _segment(image, ROAD, centre, _mid(size, (2 + rotation) % 4), width)
        pygame.draw.circle(image, ROAD, centre, width * 0.95)
        pygame.draw.circle(image, TILE_BG, centre, width * 0.3)
    elif kind == OVERPASS:
        under, over = (rotation % 4, (rotation + 2) % 4), ((rotation + 1) % 4, (rotation + 3) % 4)
        _band(image, ROAD, _mid(size, under[0]), _mid(size, under[1]), width)
        dx, dy = DIRECTIONS[over[0]]
        span = size * 0.3
        near = (size / 2 + dx * span, size / 2 + dy * span)
        far = (size / 2 - dx * span, size / 2 - dy * span)
        _band(image, SHADOW, near, far, width + 10)
        _band(image, BRIDGE, _mid(size, over[0]), _mid(size, over[1]), width)
        rx, ry = -dy * width / 2, dx * width / 2
        for side in (1, -1):
            pygame.draw.line(image, RAIL, (near[0] + side * rx, near[1] + side * ry),
                             (far[0] + side * rx, far[1] + side * ry), 2)
    elif kind in (STRAIGHT, T_JUNCTION, CROSSROADS):
        ends = [edge for edge in range(4) if EXITS[code][edge]]
        for edge in ends:
            _segment(image, ROAD, centre, _mid(size, edge), width)
    return image


def star(surface: pygame.Surface, colour: Colour, centre: Point, radius: float, points: int = 5) -> None:
    """The accomplice's star on an escape tile; with more points, a crater's jagged rim."""
    corners = []
    for i in range(points * 2):
        r = radius if i % 2 == 0 else radius * 0.45
        angle = -math.pi / 2 + i * math.pi / points
        corners.append((centre[0] + r * math.cos(angle), centre[1] + r * math.sin(angle)))
    pygame.draw.polygon(surface, colour, corners)


def tile_back(surface: pygame.Surface, rect: pygame.Rect, text: TextCache) -> None:
    """A face-down tile: what the others see of Don Falconi's Mode II reserve."""
    pygame.draw.rect(surface, (52, 46, 86), rect.inflate(-2, -2), border_radius=6)
    pygame.draw.rect(surface, (150, 140, 200), rect.inflate(-2, -2), width=2, border_radius=6)
    text.blit(surface, "?", 40, (200, 194, 240), bold=True, center=rect.center)


# --- the city's frame --------------------------------------------------------------------------------------
def draw_frame(surface: pygame.Surface, geometry: Geometry, text: TextCache, labels: dict[str, str],
               colours: Palette = SEAT_COLOURS, letters: Sequence[str] = ()) -> None:
    """The empty grid and the border ring: districts, prison, stations, tunnels (``labels`` holds the
    translated words ``prison``, ``police`` and ``tunnel`` with a ``{slot}`` field). The slots of a district
    have its police seat's colour and, given ``letters`` (a letter per seat), its police car's letter."""
    surface.fill(BACKGROUND, BOARD_AREA)
    city, cs = geometry.city, geometry.cs
    tunnels = {slot.name: labels["tunnel"].format(slot=slot.partner) for slot in city.slots if slot.role == "tunnel"}
    size = _caption_size(text, [labels["prison"], labels["police"], *tunnels.values()], cs - 8)
    for cell in range(city.cell_count):
        rect = geometry.cell_rect(cell)
        pygame.draw.rect(surface, GROUND, rect)
        pygame.draw.rect(surface, GRID_LINE, rect, width=1)
    for index, slot in enumerate(city.slots):
        rect = geometry.slot_rect(index).inflate(-2, -2)
        colour = colours[DISTRICT_SEAT[slot.district]] if slot.district else NO_DISTRICT
        inward = OPPOSITE[slot.side]
        inner = (rect.centerx + DIRECTIONS[inward][0] * cs / 2, rect.centery + DIRECTIONS[inward][1] * cs / 2)
        if slot.role == "prison":
            pygame.draw.rect(surface, PRISON, rect, border_radius=4)
            _segment(surface, ROAD, rect.center, inner, cs * 0.3)
            for bar in range(5):
                x = rect.x + 8 + bar * (rect.width - 16) / 4
                pygame.draw.line(surface, (20, 20, 24), (x, rect.y + 4), (x, rect.bottom - 4), 3)
            _caption(surface, text, labels["prison"], rect, size)
        elif slot.role == "station":
            pygame.draw.rect(surface, colour, rect, border_radius=4)
            _segment(surface, ROAD, rect.center, inner, cs * 0.3)
            pygame.draw.rect(surface, RAIL, rect, width=3, border_radius=4)
            _caption(surface, text, labels["police"], rect, size)
        elif slot.role == "tunnel":
            pygame.draw.rect(surface, muted(colour, 0.7), rect, border_radius=4)
            _segment(surface, ROAD, rect.center, inner, cs * 0.3)
            pygame.draw.circle(surface, (12, 12, 16), rect.center, cs * 0.2)
            _caption(surface, text, tunnels[slot.name], rect, size)
        else:
            pygame.draw.rect(surface, muted(colour), rect, border_radius=4)
        text.blit(surface, slot.name, 15, (230, 230, 236), topleft=(rect.x + 3, rect.y + 2))
        if slot.district and letters:
            text.blit(surface, letters[DISTRICT_SEAT[slot.district]], 15, (230, 230, 236), bold=True,
                      topright=(rect.right - 3, rect.y + 2))


def _caption_size(text: TextCache, captions: Sequence[str], width: int) -> int:
    """The one size of the frame's captions: the largest at which every caption fits ``width``, so a language
    whose words are long shrinks them all alike rather than leaving labels of two sizes side by side."""
    return next((size for size in CAPTION_SIZES
                 if all(text.font(size, True).size(caption)[0] <= width for caption in captions)), CAPTION_SIZES[-1])


def _caption(surface: pygame.Surface, text: TextCache, words: str, rect: pygame.Rect, size: int) -> None:
    """A building's or tunnel's name on a black band at the bottom of its slot."""
    image = text.render(words, size, (255, 255, 255), bold=True)
    box = image.get_rect(midbottom=(rect.centerx, rect.bottom - 2)).inflate(4, 0)
    pygame.draw.rect(surface, (0, 0, 0), box, border_radius=3)
    surface.blit(image, image.get_rect(center=box.center))


def draw_position(surface: pygame.Surface, geometry: Geometry, board: Sequence[int], closed: Sequence[int],
                  escapes: Sequence[int], colours: Palette = SEAT_COLOURS, letters: Sequence[str] = (),
                  text: TextCache | None = None) -> None:
    """The tiles on the grid, the Chili Bombs' closed edges and the escape tiles on the border (with
    ``text``, each with its district's police car letter from ``letters``)."""
    for cell, code in enumerate(board):
        if code != EMPTY:
            surface.blit(tile_image(code, geometry.cs), geometry.cell_rect(cell))
    for place, flag in enumerate(closed):
        if flag:
            draw_closed_edge(surface, geometry, place)
    for slot, district in enumerate(escapes):
        if district >= 0:
            facing = OPPOSITE[geometry.city.slots[slot].side]
            image = escape_image(district, facing, geometry.cs - 8, 255, colours,
                                 letters[district + 1] if letters else "", text)
            surface.blit(image, geometry.slot_rect(slot).inflate(-8, -8))


@dataclass(frozen=True)
class StripTile:
    item: int | None  # a tile kind or ESCAPE + district; None for a face-down tile
    caption: str


@dataclass(frozen=True)
class Counter:
    words: str
    total: int
    left: int
    colour: Colour


def draw_strip(surface: pygame.Surface, geometry: Geometry, text: TextCache, heading: str, colour: Colour,
               tiles: Sequence[StripTile], counters: Sequence[Counter], pile: str,
               colours: Palette = SEAT_COLOURS, letters: Sequence[str] = ()) -> None:
    """The strip beside the board: whose tiles these are, the tiles in hand, and counters at the bottom."""
    strip = geometry.strip
    bar = pygame.Rect(strip.x, strip.y, strip.width, 8)
    pygame.draw.rect(surface, colour, bar, border_radius=3)
    pygame.draw.rect(surface, RAIL, bar, width=1, border_radius=3)
    for row, line in enumerate(text.wrap(heading, strip.width, 20)[:2]):
        text.blit(surface, line, 20, TEXT, midtop=(strip.centerx, strip.y + 10 + row * 18))
    for index, tile in enumerate(tiles):
        rect = geometry.strip_rect(index)
        if tile.item is None:
            tile_back(surface, rect, text)
        elif tile.item < ESCAPE:
            surface.blit(tile_image(tile.item * 4, geometry.cs), rect)
        else:
            district = tile.item - ESCAPE
            surface.blit(escape_image(district, 2, geometry.cs, 255, colours,
                                      letters[district + 1] if letters else "", text), rect)
        text.blit(surface, tile.caption, 17, TEXT, midtop=(rect.centerx, rect.bottom + 2))
    bottom = strip.bottom - 8
    for counter in counters:
        pips(surface, (strip.centerx, bottom - 8), counter.total, counter.left, counter.colour)
        text.blit(surface, counter.words, 17, TEXT, midbottom=(strip.centerx, bottom - 16))
        bottom -= 44
    text.blit(surface, pile, 18, TEXT, midbottom=(strip.centerx, bottom))


# --- cars, routes, highlights ------------------------------------------------------------------------------
def draw_cars(surface: pygame.Surface, geometry: Geometry, text: TextCache,
              cars: Sequence[tuple[int, int, str, bool, bool]], colours: Palette = SEAT_COLOURS) -> None:
    """Cars given as (seat, place, letter, out, ringed), later ones on top; cars sharing a place stand one
    behind the other, and a ring marks the cars that moved last."""
    crowd: dict[int, int] = {}
    for seat, place, letter, out, ringed in cars:
        x, y = geometry.car_point(place)
        dx, dy = DIRECTIONS[place & 3]
        behind = crowd.get(place, 0)
        crowd[place] = behind + 1
        point = (x + dx * behind * 10, y + dy * behind * 10)
        if ringed:
            pygame.draw.circle(surface, LAST_MOVE, point, 20, 2)
        draw_car(surface, point, place & 3, colours[seat], letter, text, out)


def draw_car(surface: pygame.Surface, point: Point, entry: int, colour: Colour, letter: str, text: TextCache,
             out: bool = False) -> None:
    """A car pointing away from its entry edge, with its seat's letter; a car out of the chase is grey."""
    dx, dy = DIRECTIONS[entry]
    hx, hy = -dx, -dy
    rx, ry = -hy, hx
    length, width = 28, 18
    x, y = point

    def at(along: float, across: float) -> Point:
        return x + hx * along + rx * across, y + hy * along + ry * across

    body = [at(-length / 2, -width / 2), at(-length / 2, width / 2), at(length / 2 - 7, width / 2),
            at(length / 2, 0), at(length / 2 - 7, -width / 2)]
    fill = OUT_GREY if out else colour
    pygame.draw.polygon(surface, fill, body)
    pygame.draw.polygon(surface, (250, 250, 250), body, 2)
    bright = sum(fill) > 420
    text.blit(surface, letter, 18, (20, 20, 20) if bright else (255, 255, 255), bold=True, center=at(-2, 0))
    if out:
        pygame.draw.line(surface, CLOSED, at(-length / 2, -width / 2), at(length / 2, width / 2), 2)
        pygame.draw.line(surface, CLOSED, at(-length / 2, width / 2), at(length / 2, -width / 2), 2)


def draw_closed_edge(surface: pygame.Surface, geometry: Geometry, place: int) -> None:
    """A Chili Bomb's mark across a closed edge (F-5.4): the road there is destroyed."""
    cell, edge = place >> 2, place & 3
    mx, my = geometry.edge_mid(cell, edge)
    dx, dy = DIRECTIONS[edge]
    half = geometry.cs * 0.28
    inset = geometry.cs * 0.08
    cx, cy = mx - dx * inset, my - dy * inset
    pygame.draw.line(surface, CLOSED, (cx - dy * half, cy - dx * half), (cx + dy * half, cy + dx * half), 7)
    for sign in (1, -1):
        pygame.draw.line(surface, (60, 10, 8), (cx - 6, cy - 6 * sign), (cx + 6, cy + 6 * sign), 3)


def draw_route(surface: pygame.Surface, polylines: Sequence[Sequence[Point]], colour: Colour = ROUTE) -> None:
    """A route as thick lines shifted into the right-hand lane, with an arrowhead at its end."""
    for line in polylines:
        shifted = _lane(line, 5)
        for width, paint in ((11, (20, 20, 20)), (6, colour)):
            for a, b in pairwise(shifted):
                pygame.draw.line(surface, paint, a, b, width)
            for point in shifted[1:-1]:
                pygame.draw.circle(surface, paint, point, width / 2)
    if polylines and len(polylines[-1]) >= 2:
        shifted = _lane(polylines[-1], 5)
        (ax, ay), (bx, by) = shifted[-2], shifted[-1]
        length = math.hypot(bx - ax, by - ay) or 1
        ux, uy = (bx - ax) / length, (by - ay) / length
        head = [(bx + ux * 6, by + uy * 6), (bx - ux * 10 - uy * 8, by - uy * 10 + ux * 8),
                (bx - ux * 10 + uy * 8, by - uy * 10 - ux * 8)]
        pygame.draw.polygon(surface, colour, head)
        pygame.draw.polygon(surface, (20, 20, 20), head, 2)


def _lane(line: Sequence[Point], offset: float) -> list[Point]:
    """Each point moved to the right of the direction of travel (the segment's, or the mean at a joint)."""
    result = []
    for index, point in enumerate(line):
        pairs = []
        if index > 0:
            pairs.append((line[index - 1], point))
        if index + 1 < len(line):
            pairs.append((point, line[index + 1]))
        normals = [_normal(a, b) for a, b in pairs if a != b]
        nx = sum(n[0] for n in normals) / len(normals) if normals else 0.0
        ny = sum(n[1] for n in normals) / len(normals) if normals else 0.0
        result.append((point[0] + nx * offset, point[1] + ny * offset))
    return result


def _normal(a: Point, b: Point) -> Point:
    """The unit vector to the right of travel from ``a`` to ``b`` on screen (y grows downwards)."""
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    return -(b[1] - a[1]) / length, (b[0] - a[0]) / length


def highlight(overlay: pygame.Surface, rect: pygame.Rect, focused: bool, colour: Colour = ACCENT,
              fill: bool = True) -> None:
    """An option on the (see-through) overlay: tinted and outlined, the focused one strongly."""
    if fill:
        pygame.draw.rect(overlay, (*colour, 120 if focused else 55), rect, border_radius=4)
    pygame.draw.rect(overlay, (255, 255, 255, 255) if focused else (*colour, 230), rect,
                     width=4 if focused else 3, border_radius=4)


def tag(surface: pygame.Surface, text: TextCache, words: str, rect: pygame.Rect, colour: Colour) -> None:
    """A short shout over an option ("CATCH!", "ESCAPE!"), kept inside the board area."""
    image = text.render(words, 18, (255, 255, 255), bold=True)
    box = image.get_rect(midbottom=(rect.centerx, rect.top - 1)).inflate(8, 4)
    box.clamp_ip(BOARD_AREA)
    pygame.draw.rect(surface, colour, box, border_radius=4)
    pygame.draw.rect(surface, (255, 255, 255), box, width=1, border_radius=4)
    surface.blit(image, image.get_rect(center=box.center))


def pips(surface: pygame.Surface, centre: Point, total: int, filled: int, colour: Colour) -> None:
    """``filled`` of ``total`` dots: actions left, bombs, boosts."""
    gap = 16
    x0 = centre[0] - (total - 1) * gap / 2
    for i in range(total):
        point = (x0 + i * gap, centre[1])
        if i < filled:
            pygame.draw.circle(surface, colour, point, 6)
        pygame.draw.circle(surface, (230, 230, 236), point, 6, 1)
