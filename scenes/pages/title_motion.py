"""What moves on the title screen: Don Falconi's car driving the road from the city up to the castle's hill,
and two falcons circling over the castle. They rest, drawn in place, ``STILL_AFTER`` seconds after the player's
last input, so a title left open costs nothing; any input sets them off again. The road's curve is defined here
once; the background's script (``tools/ui_backgrounds.py``) paints the road along it and the car and falcon
pictures this module moves."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from scenes.kit import ui_art

# The road: a quadratic curve from off the left edge, through the city's streets, up to the castle's hill.
ROAD = ((-20.0, 704.0), (820.0, 700.0), (1046.0, 540.0))
DRIVE_SECONDS = 16.0  # one drive along the road; then the car comes round again from the left
FADE = 0.06  # the share of the road over which the car fades in, and out at the hill
CAR_LIFT = 12  # the car's centre above the road's middle line
ANGLES = 48  # the car is turned to one of these many headings, each made once
STILL_AFTER = 10.0  # seconds without input after which the car and the falcons rest where they are
LONGEST_STEP = 0.1  # the most time one frame moves them: after a stall they go on, not jump


def road_point(t: float) -> tuple[float, float]:
    (x0, y0), (x1, y1), (x2, y2) = ROAD
    return ((1 - t) ** 2 * x0 + 2 * (1 - t) * t * x1 + t * t * x2,
            (1 - t) ** 2 * y0 + 2 * (1 - t) * t * y1 + t * t * y2)


def road_heading(t: float) -> float:
    """The road's direction at ``t`` in degrees, counter-clockwise from east (pygame's sense of rotation)."""
    (x0, y0), (x1, y1), (x2, y2) = ROAD
    dx = 2 * (1 - t) * (x1 - x0) + 2 * t * (x2 - x1)
    dy = 2 * (1 - t) * (y1 - y0) + 2 * t * (y2 - y1)
    return -math.degrees(math.atan2(dy, dx))


@dataclass(frozen=True)
class Falcon:
    centre: tuple[float, float]  # of the circle it glides round
    radius: tuple[float, float]  # the circle, flattened by the view from below
    span: int  # wing tip to wing tip, in pixels
    period: float  # seconds for one round
    phase: float  # where on the circle it starts, in turns


FALCONS = (Falcon((1010, 228), (62, 20), 54, 19.0, 0.0), Falcon((1046, 190), (40, 12), 26, 13.0, 0.45))


class TitleMotion:
    """The moving pieces over the title's background, driven by the frame's time."""

    def __init__(self) -> None:
        self.clock = 0.0
        self.quiet = 0.0  # seconds since the player's last input
        self._turned: dict[int, pygame.Surface] = {}

    @property
    def moving(self) -> bool:
        return self.quiet < STILL_AFTER

    def stir(self) -> None:
        """The player did something: the pieces move (again)."""
        self.quiet = 0.0

    def update(self, dt: float) -> None:
        if self.moving:
            self.clock += min(dt, LONGEST_STEP, STILL_AFTER - self.quiet)
        self.quiet += dt

    def draw(self, surface: pygame.Surface) -> None:
        for falcon in FALCONS:
            self._draw_falcon(surface, falcon)
        self._draw_car(surface)

    def _draw_car(self, surface: pygame.Surface) -> None:
        car = ui_art.sprite("title_car")
        if car is None:
            return
        t = (self.clock / DRIVE_SECONDS) % 1.0
        step = round(road_heading(t) / 360 * ANGLES) % ANGLES
        image = self._turned.get(step)
        if image is None:
            image = self._turned[step] = pygame.transform.rotate(car, step * 360 / ANGLES)
        x, y = road_point(t)
        alpha = min(1.0, t / FADE, (1 - t) / FADE)
        image.set_alpha(int(255 * max(0.0, alpha)))
        surface.blit(image, image.get_rect(center=(round(x), round(y - CAR_LIFT))))

    def _draw_falcon(self, surface: pygame.Surface, falcon: Falcon) -> None:
        bird = ui_art.scaled_sprite("title_falcon", falcon.span)
        if bird is None:
            return
        turn = 2 * math.pi * (self.clock / falcon.period + falcon.phase)
        x = falcon.centre[0] + falcon.radius[0] * math.cos(turn)
        y = falcon.centre[1] + falcon.radius[1] * math.sin(turn)
        surface.blit(bird, bird.get_rect(center=(round(x), round(y))))
