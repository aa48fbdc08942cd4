"""Random input for the soak run (``python main.py soak``): what a player can do with the keyboard, the mouse,
a gamepad and the window, as real pygame events put on the queue, so the app reads them as it reads a player's.

Only closing the window (``pygame.QUIT``) is never made. Each input draws the same numbers from the generator
whatever screen it lands on, so the sequence of inputs depends on the seed alone.
"""

from __future__ import annotations

import random
from typing import Any

import pygame

from scenes.kit.ui import LOGICAL_SIZE

# Every key the game answers, a few it ignores (a, 1), and some with Shift or Ctrl (Ctrl+Z undoes, Shift+Tab
# goes back, Shift+R turns the other way).
KEYS = (
    pygame.K_ESCAPE, pygame.K_p, pygame.K_F1, pygame.K_l, pygame.K_TAB, pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT,
    pygame.K_RIGHT, pygame.K_RETURN, pygame.K_SPACE, pygame.K_BACKSPACE, pygame.K_r, pygame.K_e, pygame.K_z,
    pygame.K_h, pygame.K_d, pygame.K_F11, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END,
    pygame.K_KP_ENTER, pygame.K_a, pygame.K_1,
)
MODIFIERS = (0, 0, 0, 0, 0, pygame.KMOD_LCTRL, pygame.KMOD_LSHIFT)
PAD_IDS = (0, 1)  # two pads, known to the app only through their events
STICK_AXES = 6
MARGIN = 20  # clicks may land a little outside the picture


class RandomInput:
    """Makes one random input at a time: a key press, a click, a drag of the mouse, the wheel, a pad button or
    stick, or a resized window."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.kinds: dict[str, int] = {}  # inputs made, by kind

    def events(self, top: Any) -> list[pygame.event.Event]:
        """The events of one input on the screen whose top scene is ``top``: half the clicks aim at one of its
        menu items, if it has a menu, so that menus are gone through and not only missed."""
        rng = self.rng
        roll = rng.random()
        where = (rng.randrange(-MARGIN, LOGICAL_SIZE[0] + MARGIN), rng.randrange(-MARGIN, LOGICAL_SIZE[1] + MARGIN))
        pick, aim = rng.randrange(1_000), rng.random() < 0.5
        if roll < 0.45:
            key, mod = rng.choice(KEYS), rng.choice(MODIFIERS)
            if key == pygame.K_z and rng.random() < 0.8:
                mod = pygame.KMOD_LCTRL  # Ctrl+Z far more often than a plain z
            return self._count("key", _key(key, mod))
        if roll < 0.65:
            button = rng.choice((1, 1, 1, 1, 3, 2))
            rects = getattr(getattr(top, "menu", None), "rects", None)
            if aim and rects:
                where = rects[pick % len(rects)].center
            return self._count("click", [_motion(where), _button(pygame.MOUSEBUTTONDOWN, where, button),
                                         _button(pygame.MOUSEBUTTONUP, where, button)])
        if roll < 0.75:
            return self._count("mouse motion", [_motion(where)])
        if roll < 0.80:
            y = rng.choice((-1, 1))
            return self._count("wheel", [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False,
                                                            precise_x=0.0, precise_y=float(y))])
        if roll < 0.93:
            pad, button = rng.choice(PAD_IDS), rng.randrange(pygame.CONTROLLER_BUTTON_MAX)
            return self._count("pad button", [
                pygame.event.Event(kind, instance_id=pad, button=button)
                for kind in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP)])
        if roll < 0.98:
            pad, axis, value = rng.choice(PAD_IDS), rng.randrange(STICK_AXES), rng.randrange(-32768, 32768)
            return self._count("pad stick", [pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=pad,
                                                                axis=axis, value=value)])
        size = (rng.randrange(200, 2000), rng.randrange(150, 1200))
        return self._count("window resize", [pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])])

    def _count(self, kind: str, events: list[pygame.event.Event]) -> list[pygame.event.Event]:
        self.kinds[kind] = self.kinds.get(kind, 0) + 1
        return events


def key_press(key: int, mod: int = 0) -> list[pygame.event.Event]:
    """A key pressed and let go."""
    return _key(key, mod)


def click(where: tuple[int, int]) -> list[pygame.event.Event]:
    """The mouse moved to ``where`` and its left button clicked there."""
    return [_motion(where), _button(pygame.MOUSEBUTTONDOWN, where, 1), _button(pygame.MOUSEBUTTONUP, where, 1)]


def _key(key: int, mod: int) -> list[pygame.event.Event]:
    return [pygame.event.Event(kind, key=key, mod=mod, unicode="", scancode=0)
            for kind in (pygame.KEYDOWN, pygame.KEYUP)]


def _motion(where: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=where, rel=(0, 0), buttons=(0, 0, 0))


def _button(kind: int, where: tuple[int, int], button: int) -> pygame.event.Event:
    return pygame.event.Event(kind, pos=where, button=button)
