"""The Falconi board's animations: what the play scene shows between the position before a move and after it.

A car drives its route lane by lane (through tunnels, fading out and in), a police car with its lights
flashing; a tile drops onto its cell and settles; a catch flashes and throws sparks, a Chili Bomb explodes,
a Chili Boost leaves a trail of flame, an escape ends in confetti. Each animation names the pieces of the new
position it draws itself (``car:SEAT``, ``cell:N``, ``slot:N``, ``edge:PLACE``, ``strip:N``) so the board
leaves them out until it is done, and everything is over within about 1.5 s at speed 1.

Only public things move: the tiles that slide into the strip are the ones the board shows to the seats at the
screen (face down for the police), so an animation tells nothing the board does not.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.falconi.actions import Action
from game.falconi.city import cell_of, edge_of
from game.falconi.constants import ACTIVE, ANSWER, FUGITIVE, OUT, POLICE
from game.falconi.network import BoostStep, drive_route
from game.falconi.queries import bomb_place, catch_place, step_end
from game.falconi.state import FalconiState
from game.falconi.tiles import CRATER, EMPTY
from scenes.falconi import draw, sprites
from scenes.falconi.draw import Point
from scenes.falconi.lanes import LanePath, lane_point
from scenes.kit.animation import Animation, Burst, Flash, ease_in_out, ease_out_back, ease_out_cubic, lerp
from scenes.kit.ui import TextCache

SECONDS_PER_CELL = 0.21  # a drive's pace at animation speed 1
LONGEST_DRIVE = 1.2  # seconds: a long route drives faster, so the new position is never hidden for long
LONGEST_BEFORE_EFFECT = 1.0  # the same when a catch or an escape follows the drive
SHORTEST_DRIVE = 0.35
DROP_SECONDS = 0.38
FLIP_SECONDS = 0.32
TURN_SECONDS = 0.6
VANISH = 0.2  # the last share of an escape's drive, over which Don Falconi's car fades away
SPARKS = ((255, 250, 220), (255, 214, 90), (255, 160, 60))
FIRE = ((255, 236, 150), (255, 170, 40), (230, 70, 30), (90, 84, 80))
CONFETTI = ((240, 80, 80), (250, 210, 70), (90, 200, 110), (80, 150, 240), (220, 110, 220), (250, 250, 250))


@dataclass(frozen=True)
class Stage:
    """What the animations of one move draw with: the board's geometry, words and colours, and the strip of
    the position after the move as the seats at the screen see it (``None``: face down)."""

    geometry: draw.Geometry
    text: TextCache
    colours: draw.Palette
    letters: tuple[str, ...]
    strip: tuple[int | None, ...] = ()
    new_strip: tuple[int, ...] = ()  # the strip's tiles that came in with this move


def standing(state: FalconiState, seat: int) -> int:
    """How many cars stand in front of ``seat``'s car at its place (the board draws them one behind another)."""
    order = [other for other in (*POLICE, FUGITIVE) if state.cars[other] >= 0]
    return sum(1 for other in order[:order.index(seat)] if state.cars[other] == state.cars[seat])


# --- the animations ---------------------------------------------------------------------------------------------
class Drive(Animation):
    """A car driving along a :class:`LanePath`: exhaust puffs behind it, a police car's lights flashing, with
    ``boost`` a flame out of the exhaust and a burning trail."""

    def __init__(self, stage: Stage, seat: int, path: LanePath, duration: float, sound: str,
                 boost: bool = False, vanish: bool = False) -> None:
        super().__init__(duration, hides={f"car:{seat}"}, sound=sound)
        self.stage, self.seat, self.path, self.boost, self.vanish = stage, seat, path, boost, vanish

    def place_at(self, progress: float) -> tuple[draw.Point, float, float]:
        """Point, heading and visibility of the car at ``progress`` (0–1) of the drive; with ``vanish`` (an
        escape) the car fades away at its end, gone with the accomplice."""
        eased = 0.5 * progress + 0.5 * ease_in_out(progress)
        point, heading, alpha = self.path.at(eased * self.path.total)
        if self.vanish:
            alpha *= min(1.0, (1 - progress) / VANISH)
        return point, heading, alpha

    def draw(self, surface: pygame.Surface) -> None:
        cs = self.stage.geometry.cs
        seconds = self.progress * self.duration
        for age in (0.32, 0.24, 0.16, 0.08):  # puffs left behind, oldest first
            then = seconds - age
            if then < 0:
                continue
            (x, y), heading, alpha = self.place_at(then / self.duration)
            hx, hy = sprites.unit(heading)
            frame = min(3, int(age / 0.08))
            if self.boost:
                flame = sprites.car(f"flame:{frame % 3}", cs, heading)
                self._blit(surface, flame, (x - hx * cs * 0.3, y - hy * cs * 0.3), alpha * (1 - age * 2))
            else:
                puff = sprites.car(f"puff:{frame}", cs, 0)
                self._blit(surface, puff, (x - hx * cs * 0.26 + age * 18, y - hy * cs * 0.26 - age * 24), alpha)
        point, heading, alpha = self.place_at(self.progress)
        if self.boost and alpha > 0:
            hx, hy = sprites.unit(heading)
            flame = sprites.car(f"flame:{int(seconds * 24) % 3}", cs, heading)
            self._blit(surface, flame, (point[0] - hx * cs * 0.2, point[1] - hy * cs * 0.2), alpha)
        if alpha > 0:
            draw.draw_car(surface, cs, point, heading, self.seat, self.stage.colours[self.seat],
                          self.stage.letters[self.seat], self.stage.text, frame=int(seconds * 10),
                          alpha=round(255 * alpha))

    @staticmethod
    def _blit(surface: pygame.Surface, image: pygame.Surface, centre: Point, alpha: float) -> None:
        if alpha <= 0:
            return
        if alpha < 1:
            image = image.copy()
            image.set_alpha(round(255 * alpha))
        surface.blit(image, image.get_rect(center=(round(centre[0]), round(centre[1]))))


class TurnOnSpot(Animation):
    """A Mode II three-point turn (F-6.1): the car backs a little and swings round to its new lane."""

    def __init__(self, stage: Stage, seat: int, start: draw.Point, end: draw.Point, headings: tuple[float, float],
                 sound: str) -> None:
        super().__init__(TURN_SECONDS, hides={f"car:{seat}"}, sound=sound)
        self.stage, self.seat, self.start, self.end = stage, seat, start, end
        first, last = headings
        self.first = first
        self.turn = (last - first + 180) % 360 - 180  # the short way round; a half turn goes clockwise

    def draw(self, surface: pygame.Surface) -> None:
        amount = ease_in_out(self.progress)
        heading = self.first + self.turn * amount
        hx, hy = sprites.unit(self.first)
        back = math.sin(math.pi * self.progress) * self.stage.geometry.cs * 0.14
        x = lerp(self.start[0], self.end[0], amount) - hx * back
        y = lerp(self.start[1], self.end[1], amount) - hy * back
        draw.draw_car(surface, self.stage.geometry.cs, (x, y), heading, self.seat, self.stage.colours[self.seat],
                      self.stage.letters[self.seat], self.stage.text, frame=int(self.progress * 6))


@dataclass(frozen=True)
class Rider:
    """A car standing on a square that an animation draws over: the animation draws it again on top."""

    seat: int
    point: draw.Point
    heading: float
    out: bool

    def draw(self, surface: pygame.Surface, stage: Stage) -> None:
        draw.draw_car(surface, stage.geometry.cs, self.point, self.heading, self.seat, stage.colours[self.seat],
                      stage.letters[self.seat], stage.text, self.out)


def riders(stage: Stage, state: FalconiState, cell: int) -> tuple[Rider, ...]:
    """The cars standing in ``cell`` in ``state``, where the board draws them."""
    places = {seat: state.car_at(seat) for seat in (*POLICE, FUGITIVE)}
    return tuple(Rider(seat, stage.geometry.car_point_behind(place, standing(state, seat)),
                       sprites.heading_of(place.edge), state.status[seat] == OUT)
                 for seat, place in places.items() if place is not None and place.cell == cell)


class Drop(Animation):
    """A tile (or an escape tile) falling onto its square from a little above, with its shadow, and settling;
    the cars standing there stay on top."""

    def __init__(self, stage: Stage, image: pygame.Surface, rect: pygame.Rect, piece: str,
                 cars: Sequence[Rider] = ()) -> None:
        super().__init__(DROP_SECONDS, hides={piece, *(f"car:{car.seat}" for car in cars)}, sound="tile_drop")
        self.stage, self.image, self.rect, self.cars = stage, image, rect, cars
        self._sizes: dict[int, pygame.Surface] = {}

    def draw(self, surface: pygame.Surface) -> None:
        scale = 1.25 - 0.25 * ease_out_back(min(1.0, self.progress * 1.15), 1.2)
        size = max(4, round(self.rect.width * scale))
        image = self._sizes.get(size)
        if image is None:
            image = self._sizes[size] = pygame.transform.smoothscale(self.image, (size, size))
        lift = (scale - 1) * self.rect.width * 0.5
        shadow = pygame.Rect(0, 0, size, size)
        shadow.center = (round(self.rect.centerx + lift * 0.6), round(self.rect.centery + lift))
        veil = pygame.Surface(shadow.size, pygame.SRCALPHA)
        pygame.draw.rect(veil, (0, 0, 0, round(140 * (1 - self.progress * 0.7))), veil.get_rect(), border_radius=6)
        surface.blit(veil, shadow)
        surface.blit(image, image.get_rect(center=self.rect.center))
        for car in self.cars:
            car.draw(surface, self.stage)


class Flip(Animation):
    """A tile arriving in the strip: it drops in from above and turns over."""

    def __init__(self, image: pygame.Surface, rect: pygame.Rect, piece: str, delay: float = 0.0) -> None:
        super().__init__(FLIP_SECONDS, delay, hides={piece}, sound="card_swish")
        self.image, self.rect = image, rect

    def draw(self, surface: pygame.Surface) -> None:
        amount = ease_out_cubic(self.progress)
        width = max(1, round(self.rect.width * math.sin(math.pi / 2 * amount)))
        image = pygame.transform.scale(self.image, (width, self.rect.height))
        y = self.rect.centery - (1 - amount) * self.rect.height * 0.6
        surface.blit(image, image.get_rect(center=(self.rect.centerx, round(y))))


class Smash(Animation):
    """A tile turning into a crater (F-5.5, F-6.6): the old tile until the blast at ``moment`` (0–1), then
    the crater; the cars standing there stay on top."""

    def __init__(self, stage: Stage, old: int, cell: int, duration: float, moment: float,
                 cars: Sequence[Rider] = ()) -> None:
        super().__init__(duration, hides={f"cell:{cell}", *(f"car:{car.seat}" for car in cars)})
        self.stage, self.cars, self.moment = stage, cars, moment
        self.old, self.crater = sprites.road(old, stage.geometry.cs), sprites.road(CRATER, stage.geometry.cs)
        self.rect = stage.geometry.cell_rect(cell)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.old if self.progress < self.moment else self.crater, self.rect)
        for car in self.cars:
            car.draw(surface, self.stage)


class Hold(Animation):
    """A piece kept out of the board until a blast at its end has covered its appearance (a bombed edge)."""

    def __init__(self, duration: float, pieces: Sequence[str]) -> None:
        super().__init__(duration, hides=pieces)


# --- which animations a move makes ---------------------------------------------------------------------------------
def animations(stage: Stage, before: FalconiState, action: Action, after: FalconiState) -> list[Animation]:
    """The animations of ``action`` turning ``before`` into ``after`` (see :meth:`FalconiView.animations`)."""
    verb = action.verb
    seat = before.turn_seat
    geometry = stage.geometry
    result: list[Animation] = []
    if verb == "place":
        result.append(Drop(stage, sprites.road(after.board[action.cell], geometry.cs),
                           geometry.cell_rect(action.cell), f"cell:{action.cell}", riders(stage, after, action.cell)))
    elif verb in ("escape", "accomplice") and after.escapes[action.slot] >= 0:
        slot = after.city.slots[action.slot]
        district = after.escapes[action.slot]
        image = draw.escape_image(district, (slot.side + 2) % 4, geometry.cs, 255, stage.colours,
                                  stage.letters[district + 1], stage.text)
        result.append(Drop(stage, image, geometry.slot_rect(action.slot), f"slot:{action.slot}"))
    elif verb == "drive":
        goal = -(action.slot + 1) if action.slot >= 0 else action.place
        result += _drive(stage, before, after, seat, _route_to(before, seat, goal))
    elif verb == "catch" or (verb == "pass" and before.phase == ANSWER):
        if after.outcome is not None and after.outcome.termination == "catch":
            edge = action.edge if verb == "catch" else before.catch_edge
            route = _route_to(before, seat, catch_place(before, edge))
            result += _drive(stage, before, after, seat, route + [before.cars[FUGITIVE]] if route else None)
    elif verb == "step":
        result += _drive(stage, before, after, seat, [before.cars[seat], step_end(before, action.edge)])
    elif verb == "turn":
        start = geometry.car_point_behind(before.cars[seat], standing(before, seat))
        end = geometry.car_point_behind(after.cars[seat], standing(after, seat))
        headings = (sprites.heading_of(edge_of(before.cars[seat])), sprites.heading_of(edge_of(after.cars[seat])))
        result.append(TurnOnSpot(stage, seat, start, end, headings, _engine(seat)))
    elif verb == "boost" and action.path in before.boost_routes():
        result += _boost(stage, before, after, before.boost_routes()[action.path])
    elif verb == "bomb":
        result += _bomb(stage, before)
    elif verb == "blast":
        result += _blast(stage, before, action)
    result += _strip(stage, delay=max((a.end_time for a in result), default=0.0) * 0.5)
    return result


def _engine(seat: int) -> str:
    return "engine" if seat == FUGITIVE else "siren"


def _route_to(before: FalconiState, seat: int, goal: int) -> list[int] | None:
    """A Mode I drive's places: from the car (round by where its drive starts, after a blast) to ``goal``."""
    car, start = before.cars[seat], before.drive_from
    route = drive_route(before, start, goal)
    if route is None or start == car:
        return route
    lead = drive_route(before, car, start)
    return lead[:-1] + route if lead else route


def drive_seconds(cells: float, cap: float = LONGEST_DRIVE) -> float:
    """How long a drive of ``cells`` takes at speed 1."""
    return max(SHORTEST_DRIVE, min(cap, SECONDS_PER_CELL * cells + 0.1))


def _drive(stage: Stage, before: FalconiState, after: FalconiState, seat: int, route: list[int] | None,
           boost: bool = False) -> list[Animation]:
    """The car of ``seat`` driving ``route``, and what ends it: a catch, an escape."""
    if not route:
        return []
    geometry = stage.geometry
    start = geometry.car_point_behind(before.cars[seat], standing(before, seat))
    end = None
    if route[-1] >= 0:
        end = geometry.car_point_behind(after.cars[seat], standing(after, seat)) if after.cars[seat] == route[-1] \
            else geometry.car_point(route[-1])
    path = LanePath.of_route(geometry, before.links, route, start, end)
    termination = after.outcome.termination if after.outcome is not None else ""
    ending = termination in ("catch", "escape")
    seconds = drive_seconds(path.cells, LONGEST_BEFORE_EFFECT if ending else LONGEST_DRIVE)
    result: list[Animation] = [Drive(stage, seat, path, seconds, "boost" if boost else _engine(seat), boost,
                                     vanish=termination == "escape")]
    finish = path.at(path.total)[0]
    if termination == "catch":
        result += [Flash(finish, (255, 255, 255), geometry.cs * 0.9, 0.45, seconds, filled=True, sound="catch",
                         shake=6),
                   Burst(finish, SPARKS, 26, 190, 3.0, 140, 0.5, seconds, seed=route[-1])]
    elif termination == "escape":
        result.append(Burst(finish, CONFETTI, 40, 230, 4.0, 260, 0.5, seconds, seed=7, sound="escape"))
    return result


def _boost(stage: Stage, before: FalconiState, after: FalconiState,
           steps: Sequence[BoostStep]) -> list[Animation]:
    """F-6.6: Don Falconi's boosted drive, craters where he smashed through, sparks where police cars fall."""
    geometry = stage.geometry
    route = [before.cars[FUGITIVE]] + [step.place for step in steps]
    driving = _drive(stage, before, after, FUGITIVE, route, boost=True)
    drive = driving[0]
    assert isinstance(drive, Drive)
    reach = _reach_times(drive, route)
    result: list[Animation] = []  # the craters under the car, then the car, then sparks and fire over it
    for index, step in enumerate(steps):
        cell = step.smashed
        if cell >= 0 and before.board[cell] not in (CRATER, EMPTY):
            parked = tuple(car for car in riders(stage, after, cell) if car.seat != FUGITIVE)
            result.append(Smash(stage, before.board[cell], cell, drive.duration, reach[index] / drive.duration,
                                parked))
            driving.append(Burst(geometry.cell_rect(cell).center, FIRE, 22, 170, 4.0, 60, 0.5, reach[index],
                                 seed=cell, shake=5))
    result += driving
    landed = {step.place: reach[index] for index, step in enumerate(steps)}
    for seat in POLICE:
        if before.status[seat] == ACTIVE and after.status[seat] == OUT and before.cars[seat] in landed:
            point = geometry.car_point_behind(before.cars[seat], standing(before, seat))
            result.append(Burst(point, SPARKS, 16, 150, 3.0, 100, 0.45, landed[before.cars[seat]], seed=seat))
    return result


def _reach_times(drive: Drive, route: Sequence[int]) -> list[float]:
    """When (seconds into ``drive``) the car comes into each cell after the first of ``route``."""
    times = []
    for place in route[1:]:
        target = lane_point(drive.stage.geometry, cell_of(place), edge_of(place), inward=True) if place >= 0 else None
        best, when = math.inf, drive.duration
        for step in range(41):
            point, _, _ = drive.place_at(step / 40)
            if target is not None and math.dist(point, target) < best:
                best, when = math.dist(point, target), step / 40 * drive.duration
        times.append(when)
    return times


def _bomb(stage: Stage, before: FalconiState) -> list[Animation]:
    """F-5.4: a Chili Bomb closes the road behind Don Falconi, in an explosion."""
    place = bomb_place(before)
    other = before.links[place]
    point = stage.geometry.edge_mid(cell_of(place), edge_of(place))
    pieces = [f"edge:{place}"] + ([f"edge:{other}"] if other >= 0 else [])
    return _explosion(point, stage.geometry.cs, seed=place) + [Hold(0.3, pieces)]


def _blast(stage: Stage, before: FalconiState, action: Action) -> list[Animation]:
    """F-5.5: a blocked Don Falconi blasts a block: a crater appears (or a bombed edge opens) in an explosion."""
    geometry = stage.geometry
    place = action.place
    rect = geometry.cell_rect(action.cell)
    if before.closed[place]:
        return _explosion(geometry.edge_mid(action.cell, action.edge), geometry.cs, seed=place)
    old = before.board[action.cell]
    result: list[Animation] = []
    if old not in (CRATER, EMPTY):
        result.append(Smash(stage, old, action.cell, 0.5, 0.3, riders(stage, before, action.cell)))
    return result + _explosion(rect.center, geometry.cs, seed=place)


def _explosion(point: draw.Point, cs: int, seed: int) -> list[Animation]:
    return [Flash(point, (255, 190, 80), cs * 0.8, 0.45, filled=True, sound="bomb", shake=8),
            Burst(point, FIRE, 34, 210, 4.5, 90, 0.65, seed=seed)]


def _strip(stage: Stage, delay: float) -> list[Animation]:
    """The tiles that came into the strip turn over in their places, face down where the board shows them so."""
    geometry = stage.geometry
    result: list[Animation] = []
    for order, index in enumerate(stage.new_strip):
        rect = geometry.strip_rect(index)
        image = pygame.Surface(rect.size, pygame.SRCALPHA)
        draw.draw_strip_tile(image, image.get_rect(), stage.strip[index], stage.text, stage.colours,
                             stage.letters)
        result.append(Flip(image, rect, f"strip:{index}", delay + order * 0.08))
    return result
