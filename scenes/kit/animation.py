"""Animations between two core states: the play scene applies a move at once, then shows it happening.

The rules core never waits for a picture. After each move the board's view returns a list of
:class:`Animation` objects built from the state before and after (``GameView.animations``); the play scene
runs them in a :class:`Timeline`, which draws them over the board of the *new* state. While an animation
runs, the board leaves out the pieces it ``hides`` (the car that is driving, the tile that is dropping), so
the piece is drawn once, by the animation. Any press skips to the end; the next AI move waits for the end.

Times here are animation time: the play scene multiplies real time by the animation-speed setting before
it reaches :meth:`Timeline.update`, so every effect keeps its proportions at every speed.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import pygame

Point = tuple[float, float]
Colour = tuple[int, int, int]

MAX_SHAKE_SECONDS = 0.35  # a shake never lasts longer, so the board is readable again at once


def lerp(start: float, end: float, amount: float) -> float:
    return start + (end - start) * amount


def lerp_point(start: Point, end: Point, amount: float) -> Point:
    return start[0] + (end[0] - start[0]) * amount, start[1] + (end[1] - start[1]) * amount


def ease_out_cubic(amount: float) -> float:
    """Fast start, soft landing: things that fall or slide into place."""
    return 1 - (1 - amount) ** 3


def ease_in_out(amount: float) -> float:
    """Gentle start and end: cars and raptors that travel."""
    return amount * amount * (3 - 2 * amount)


def ease_out_back(amount: float, overshoot: float = 1.6) -> float:
    """Overshoots a little and settles: a dropped tile or a hopping token."""
    shifted = amount - 1
    return 1 + shifted * shifted * ((overshoot + 1) * shifted + overshoot)


class Animation:
    """One effect, from its start to its end in ``duration`` seconds of animation time, after ``delay``.

    Subclasses draw the effect at :attr:`progress` in :meth:`draw`. ``hides`` names the pieces the board
    must leave out until this animation is done (the view chooses the names, e.g. ``"car:2"``); ``sound``
    is an effect cue played when it starts (``scenes.kit.audio``); ``shake`` asks for a screen shake of that
    many pixels when it starts (ignored when the player turned shaking off)."""

    def __init__(self, duration: float, delay: float = 0.0, hides: Iterable[str] = (), sound: str | None = None,
                 shake: float = 0.0) -> None:
        if duration <= 0 or delay < 0:
            raise ValueError("an animation needs a positive duration and a delay of zero or more")
        self.duration, self.delay = duration, delay
        self.hides = frozenset(hides)
        self.sound, self.shake = sound, shake
        self.elapsed = 0.0

    @property
    def started(self) -> bool:
        return self.elapsed >= self.delay

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    @property
    def progress(self) -> float:
        """0 before and at the start, 1 at the end."""
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))

    @property
    def end_time(self) -> float:
        return self.delay + self.duration

    def advance(self, dt: float) -> None:
        self.elapsed += dt

    def finish(self) -> None:
        self.elapsed = self.end_time

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the effect at :attr:`progress`; called only once it has started and while it is not done."""


class Timeline:
    """The animations running over the board: they advance together, start their sounds and shakes, and are
    dropped when done. ``play_sound`` is called with each cue as its animation starts."""

    def __init__(self, play_sound: Callable[[str], None] = lambda cue: None) -> None:
        self.play_sound = play_sound
        self.running: list[Animation] = []
        self._shake_left = 0.0
        self._shake_strength = 0.0
        self._shake_rng = random.Random(0)  # the look of a shake, not the game: a fixed seed keeps tests exact

    @property
    def busy(self) -> bool:
        return bool(self.running)

    @property
    def hidden(self) -> frozenset[str]:
        """The pieces the board leaves out now, because an animation draws them."""
        return frozenset().union(*(animation.hides for animation in self.running))

    def add(self, animations: Sequence[Animation]) -> None:
        """Start ``animations`` now; effects starting at once sound and shake at once."""
        self.running.extend(animations)
        for animation in animations:
            if animation.delay == 0:
                self._start(animation)

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds of animation time."""
        for animation in self.running:
            before = animation.elapsed
            animation.advance(dt)
            if before < animation.delay <= animation.elapsed and animation.delay > 0:
                self._start(animation)
        self.running = [animation for animation in self.running if not animation.done]
        self._shake_left = max(0.0, self._shake_left - dt)

    def skip(self) -> None:
        """Jump every animation to its end: the board shows the final position at once."""
        for animation in self.running:
            animation.finish()
        self.running.clear()
        self._shake_left = 0.0

    def draw(self, surface: pygame.Surface) -> None:
        for animation in self.running:
            if animation.started:
                animation.draw(surface)

    def shake_offset(self) -> tuple[int, int]:
        """Where the board is pushed this frame by a running shake (dying out), else (0, 0)."""
        if self._shake_left <= 0:
            return 0, 0
        strength = self._shake_strength * self._shake_left / MAX_SHAKE_SECONDS
        angle = self._shake_rng.uniform(0, math.tau)
        return round(math.cos(angle) * strength), round(math.sin(angle) * strength)

    def _start(self, animation: Animation) -> None:
        if animation.sound:
            self.play_sound(animation.sound)
        if animation.shake > 0:
            still_shaking = self._shake_strength if self._shake_left > 0 else 0.0
            self._shake_strength = max(still_shaking, animation.shake)
            self._shake_left = MAX_SHAKE_SECONDS


# --- effects both boards use ---------------------------------------------------------------------------------


@dataclass
class _Particle:
    x: float
    y: float
    vx: float
    vy: float
    size: float
    colour: Colour


class Burst(Animation):
    """Particles thrown from a point that slow, fall a little and fade: sparks of a catch, smoke of a bomb,
    feathers of a capture. ``seed`` fixes their paths, so the same move looks the same."""

    def __init__(self, centre: Point, colours: Sequence[Colour], count: int = 24, speed: float = 160.0,
                 size: float = 4.0, gravity: float = 120.0, duration: float = 0.7, delay: float = 0.0,
                 seed: int = 0, sound: str | None = None, shake: float = 0.0) -> None:
        super().__init__(duration, delay, sound=sound, shake=shake)
        rng = random.Random(seed)
        self.gravity = gravity
        self.particles = []
        for _ in range(count):
            angle, pace = rng.uniform(0, math.tau), speed * rng.uniform(0.35, 1.0)
            self.particles.append(_Particle(centre[0], centre[1], math.cos(angle) * pace, math.sin(angle) * pace,
                                            size * rng.uniform(0.6, 1.3), colours[rng.randrange(len(colours))]))

    def draw(self, surface: pygame.Surface) -> None:
        time = self.progress * self.duration
        drag = (1 - math.exp(-2.5 * time)) / 2.5  # distance travelled at unit speed with drag
        fade = 1 - self.progress
        for particle in self.particles:
            x = particle.x + particle.vx * drag
            y = particle.y + particle.vy * drag + 0.5 * self.gravity * time * time
            radius = max(1, round(particle.size * (0.4 + 0.6 * fade)))
            colour = tuple(round(c * (0.35 + 0.65 * fade)) for c in particle.colour)
            pygame.draw.circle(surface, colour, (round(x), round(y)), radius)


class Flash(Animation):
    """A ring (or a filled glow) that grows and fades where something happened: a catch, a crater."""

    def __init__(self, centre: Point, colour: Colour, radius: float, duration: float = 0.45, delay: float = 0.0,
                 filled: bool = False, sound: str | None = None, shake: float = 0.0) -> None:
        super().__init__(duration, delay, sound=sound, shake=shake)
        self.centre, self.colour, self.radius, self.filled = centre, colour, radius, filled

    def draw(self, surface: pygame.Surface) -> None:
        amount = ease_out_cubic(self.progress)
        radius = max(2, round(self.radius * (0.3 + 0.7 * amount)))
        alpha = round(220 * (1 - self.progress))
        layer = pygame.Surface((radius * 2 + 4, radius * 2 + 4), pygame.SRCALPHA)
        centre = (radius + 2, radius + 2)
        if self.filled:
            pygame.draw.circle(layer, (*self.colour, alpha // 2), centre, radius)
        pygame.draw.circle(layer, (*self.colour, alpha), centre, radius, max(2, radius // 6))
        surface.blit(layer, (round(self.centre[0]) - centre[0], round(self.centre[1]) - centre[1]))


class Path:
    """A polyline walked at constant speed: ``at(amount)`` gives the point and heading (degrees, 0 = east,
    counter-clockwise, as ``pygame.transform.rotate`` turns) at that share of its length."""

    def __init__(self, points: Sequence[Point]) -> None:
        if not points:
            raise ValueError("a path needs at least one point")
        self.points = list(points)
        self.lengths = [math.dist(a, b) for a, b in zip(self.points, self.points[1:])]
        self.length = sum(self.lengths)

    def at(self, amount: float) -> tuple[Point, float]:
        if len(self.points) == 1 or self.length == 0:
            return self.points[0], 0.0
        distance = max(0.0, min(1.0, amount)) * self.length
        for (start, end), length in zip(zip(self.points, self.points[1:]), self.lengths):
            if distance <= length and length > 0:
                return lerp_point(start, end, distance / length), _heading(start, end)
            distance -= length
        start, end = self.points[-2], self.points[-1]
        return end, _heading(start, end)


def _heading(start: Point, end: Point) -> float:
    return math.degrees(math.atan2(-(end[1] - start[1]), end[0] - start[0]))
