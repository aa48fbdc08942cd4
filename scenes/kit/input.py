"""One input layer: pygame events from keyboard, mouse and gamepads become intents (confirm, back, move,
rotate, point, click…), each tagged with the device it came from, so every scene serves all three alike.

A person plays with ``keyboard`` (the keyboard and the mouse together) or with one gamepad, ``pad1``,
``pad2``… numbered in the order the pads were first seen. Gamepads use SDL's game-controller layout, so A is
the bottom face button on every pad.

The kit's own intents are a :class:`Kind`; a game adds its own (Falconi's ``danger``) with a :class:`Binding`
when its board is registered (``BoardSpec.bindings``, :func:`register_bindings`), so the kit names no game.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import NewType

import pygame
import pygame._sdl2.controller as sdl_controller

KEYBOARD = "keyboard"


class Kind(StrEnum):
    """The kit's own intents, the same in every game."""

    CONFIRM, BACK, UP, DOWN, LEFT, RIGHT = "confirm", "back", "up", "down", "left", "right"
    NEXT, PREV, ROTATE_CW, ROTATE_CCW = "next", "prev", "rotate_cw", "rotate_ccw"
    HELP, UNDO, PAUSE, FULLSCREEN, LOG = "help", "undo", "pause", "fullscreen", "log"
    HINT = "hint"  # ask the Normal AI what it would play (scenes/playing/hints.py)
    PAGE_UP, PAGE_DOWN, HOME, END = "page_up", "page_down", "home", "end"
    POINT, CLICK = "point", "click"
    PAD_ADDED, PAD_REMOVED = "pad_added", "pad_removed"
    TEXT = "text"  # characters typed (``Intent.text``), only while a page has a text field (InputMapper.typing)


GameIntent = NewType("GameIntent", str)  # an intent a game's board registered (Binding.intent)
IntentKind = Kind | GameIntent

CONFIRM, BACK, UP, DOWN, LEFT, RIGHT = Kind.CONFIRM, Kind.BACK, Kind.UP, Kind.DOWN, Kind.LEFT, Kind.RIGHT
NEXT, PREV, ROTATE_CW, ROTATE_CCW = Kind.NEXT, Kind.PREV, Kind.ROTATE_CW, Kind.ROTATE_CCW
HELP, UNDO, PAUSE, FULLSCREEN, LOG = Kind.HELP, Kind.UNDO, Kind.PAUSE, Kind.FULLSCREEN, Kind.LOG
HINT = Kind.HINT
PAGE_UP, PAGE_DOWN, HOME, END = Kind.PAGE_UP, Kind.PAGE_DOWN, Kind.HOME, Kind.END
POINT, CLICK = Kind.POINT, Kind.CLICK
PAD_ADDED, PAD_REMOVED = Kind.PAD_ADDED, Kind.PAD_REMOVED
TEXT = Kind.TEXT
ERASE = "\b"  # the text of Backspace's BACK: a text field takes it as erasing a character, any page as Back
DIRECTIONS: dict[IntentKind, tuple[int, int]] = {UP: (0, -1), DOWN: (0, 1), LEFT: (-1, 0), RIGHT: (1, 0)}


@dataclass(frozen=True)
class Intent:
    kind: IntentKind
    device: str = KEYBOARD
    pos: tuple[int, int] | None = None  # for point and click, and for the mouse's rotate
    text: str = ""  # for TEXT, what was typed; ERASE for Backspace

    @property
    def from_mouse(self) -> bool:
        return self.pos is not None


_KEYS = {
    pygame.K_RETURN: CONFIRM, pygame.K_KP_ENTER: CONFIRM, pygame.K_SPACE: CONFIRM,
    pygame.K_ESCAPE: BACK,  # and Backspace (see _key)
    pygame.K_UP: UP, pygame.K_DOWN: DOWN, pygame.K_LEFT: LEFT, pygame.K_RIGHT: RIGHT,
    pygame.K_KP8: UP, pygame.K_KP2: DOWN, pygame.K_KP4: LEFT, pygame.K_KP6: RIGHT,
    pygame.K_TAB: NEXT, pygame.K_r: ROTATE_CW, pygame.K_e: ROTATE_CCW,
    pygame.K_F1: HELP, pygame.K_p: PAUSE, pygame.K_PAUSE: PAUSE, pygame.K_F11: FULLSCREEN, pygame.K_l: LOG,
    pygame.K_h: HINT,
    pygame.K_PAGEUP: PAGE_UP, pygame.K_PAGEDOWN: PAGE_DOWN, pygame.K_HOME: HOME, pygame.K_END: END,
}
_PAD_BUTTONS = {
    pygame.CONTROLLER_BUTTON_A: CONFIRM, pygame.CONTROLLER_BUTTON_B: BACK,
    pygame.CONTROLLER_BUTTON_X: NEXT, pygame.CONTROLLER_BUTTON_Y: UNDO,
    pygame.CONTROLLER_BUTTON_DPAD_UP: UP, pygame.CONTROLLER_BUTTON_DPAD_DOWN: DOWN,
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: LEFT, pygame.CONTROLLER_BUTTON_DPAD_RIGHT: RIGHT,
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: ROTATE_CCW, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: ROTATE_CW,
    pygame.CONTROLLER_BUTTON_START: PAUSE, pygame.CONTROLLER_BUTTON_BACK: HELP,
    pygame.CONTROLLER_BUTTON_LEFTSTICK: HINT,
}
# The left stick acts as the d-pad: a push past PRESS is one step; it must come back under RELEASE first.
_STICK_PRESS, _STICK_RELEASE = 0.6, 0.3
_STICK_AXES = {pygame.CONTROLLER_AXIS_LEFTX: (LEFT, RIGHT), pygame.CONTROLLER_AXIS_LEFTY: (UP, DOWN)}
_AXIS_SCALE = 32767

# A row of the controls help: what it does, then the keyboard and mouse and the gamepad. Words a player reads
# (the arrow keys, a click) and keys printed differently on each language's keyboard (Entrée, Strg+Z) are
# catalog keys starting "input."; other key and button names stay as they are printed on the keys.
HelpRow = tuple[str, tuple[str, ...], tuple[str, ...]]
# The kit's own rows; key_help() adds the games' before the last.
KEY_HELP: tuple[HelpRow, ...] = (
    ("help.keys.move", ("input.arrows",), ("input.dpad",)),
    ("help.keys.confirm", ("input.enter", "input.space", "input.click"), ("A",)),
    ("help.keys.back", ("input.esc",), ("B",)),
    ("help.keys.next", ("Tab",), ("X",)),
    ("help.keys.rotate", ("R", "E", "input.wheel", "input.right_click"), ("LB", "RB")),
    ("help.keys.undo", ("input.ctrl_z",), ("Y",)),
    ("help.keys.rules", ("F1",), ("Back",)),
    ("help.keys.pause", ("P",), ("Start",)),
    ("help.keys.log", ("L", "input.click_log"), ("input.pause_menu",)),
    ("hints.keys.hint", ("H",), ("input.stick_click", "input.pause_hint")),
    ("help.keys.fullscreen", ("F11",), ()),
)


@dataclass(frozen=True)
class Binding:
    """An intent of a game's own, the keys and pad buttons that send it, and its row in the controls help. The
    play scene hands it to the board (``GameView.game_intent``); a board with no use for it has the catalog's
    ``<intent>.none`` said."""

    intent: GameIntent
    keys: tuple[int, ...]
    pad_buttons: tuple[int, ...]
    help: HelpRow


_BINDINGS: dict[str, tuple[Binding, ...]] = {}  # by owner (a game's name)
_GAME_KEYS: dict[int, GameIntent] = {}
_GAME_PAD_BUTTONS: dict[int, GameIntent] = {}


def register_bindings(owner: str, bindings: Iterable[Binding]) -> None:
    """Add ``owner``'s intents (replacing any it gave before); ``ValueError`` for a key or pad button that the
    kit or another intent has."""
    wanted = {**_BINDINGS, owner: tuple(bindings)}
    _use(wanted, *_game_inputs(wanted.values()))


def unregister_bindings(owner: str) -> None:
    wanted = {name: given for name, given in _BINDINGS.items() if name != owner}
    _use(wanted, *_game_inputs(wanted.values()))


def _game_inputs(given: Iterable[tuple[Binding, ...]]) -> tuple[dict[int, GameIntent], dict[int, GameIntent]]:
    """The keys and the pad buttons of the games' intents; ``ValueError`` for one that two intents want."""
    keys: dict[int, GameIntent] = {}
    buttons: dict[int, GameIntent] = {}
    for binding in (binding for bindings in given for binding in bindings):
        for table, kit, codes in ((keys, _KEYS, binding.keys), (buttons, _PAD_BUTTONS, binding.pad_buttons)):
            for code in codes:
                if kit.get(code, table.get(code, binding.intent)) != binding.intent:
                    raise ValueError(f"the intent {binding.intent!r} asks for input {code}, which another intent has")
                table[code] = binding.intent
    return keys, buttons


def _use(bindings: dict[str, tuple[Binding, ...]], keys: dict[int, GameIntent],
         buttons: dict[int, GameIntent]) -> None:
    _BINDINGS.clear()
    _BINDINGS.update(bindings)
    _GAME_KEYS.clear()
    _GAME_KEYS.update(keys)
    _GAME_PAD_BUTTONS.clear()
    _GAME_PAD_BUTTONS.update(buttons)


def is_game_intent(kind: str) -> bool:
    """Whether ``kind`` is an intent a registered game added."""
    return any(binding.intent == kind for bindings in _BINDINGS.values() for binding in bindings)


def key_help() -> tuple[HelpRow, ...]:
    """Every row of the controls help: the kit's, with each registered game's before the last (full screen)."""
    rows = tuple(dict.fromkeys(binding.help for bindings in _BINDINGS.values() for binding in bindings))
    return KEY_HELP[:-1] + rows + KEY_HELP[-1:]


class InputMapper:
    """Turns pygame events into intents and keeps track of the gamepads."""

    def __init__(self) -> None:
        self._pad_numbers: dict[int, int] = {}  # SDL instance id -> pad number, in order first seen
        self._unplugged: set[str] = set()
        self._controllers: dict[int, sdl_controller.Controller] = {}
        self._stick_held: dict[tuple[int, int], str] = {}
        self._mouse = (0, 0)  # where the pointer was last seen: the wheel rotates what is under it
        self.typing = False  # a page's text field has the focus: typed characters come as TEXT intents

    def start(self) -> None:
        """Open the game controllers already plugged in (more arrive as events)."""
        if not sdl_controller.get_init():
            sdl_controller.init()
        for index in range(sdl_controller.get_count()):
            self._open(index)

    @property
    def pads(self) -> list[str]:
        """The devices of the gamepads plugged in, in their order: ``pad1``, ``pad2``…"""
        return [f"pad{number}" for number in sorted(self._pad_numbers.values())]

    @property
    def unplugged(self) -> frozenset[str]:
        """Pads pulled out and not plugged in again: kept until one comes back under that number, so a scene
        that was not on top when the pad went can still ask for it."""
        return frozenset(self._unplugged)

    def intents(self, event: pygame.event.Event) -> list[Intent]:
        kind = event.type
        if kind == pygame.KEYDOWN:
            return self._key(event)
        if kind == pygame.TEXTINPUT:
            return [Intent(TEXT, KEYBOARD, text=event.text)] if self.typing and event.text else []
        if kind == pygame.MOUSEMOTION:
            self._mouse = _pos(event.pos)
            return [Intent(POINT, KEYBOARD, self._mouse)]
        if kind == pygame.MOUSEBUTTONDOWN:
            self._mouse = _pos(event.pos)
            if event.button == 1:
                return [Intent(CLICK, KEYBOARD, self._mouse)]
            if event.button == 3:
                return [Intent(ROTATE_CW, KEYBOARD, self._mouse)]
            return []
        if kind == pygame.MOUSEWHEEL:
            if event.y == 0:
                return []
            return [Intent(ROTATE_CCW if event.y > 0 else ROTATE_CW, KEYBOARD, self._mouse)]
        if kind == pygame.CONTROLLERBUTTONDOWN:
            intent = _PAD_BUTTONS.get(event.button) or _GAME_PAD_BUTTONS.get(event.button)
            return [Intent(intent, self._pad(event.instance_id))] if intent else []
        if kind == pygame.CONTROLLERAXISMOTION:
            return self._stick(event)
        if kind == pygame.CONTROLLERDEVICEADDED:
            device = self._open(event.device_index)
            return [Intent(PAD_ADDED, device)] if device else []
        if kind == pygame.CONTROLLERDEVICEREMOVED:
            number = self._pad_numbers.pop(event.instance_id, None)
            controller = self._controllers.pop(event.instance_id, None)
            if controller is not None:
                controller.quit()
            if number is None:
                return []
            self._unplugged.add(f"pad{number}")
            return [Intent(PAD_REMOVED, f"pad{number}")]
        return []

    def _key(self, event: pygame.event.Event) -> list[Intent]:
        mods = getattr(event, "mod", 0)
        if event.key == pygame.K_z and mods & pygame.KMOD_CTRL:
            return [Intent(UNDO)]
        if event.key == pygame.K_TAB and mods & pygame.KMOD_SHIFT:
            return [Intent(PREV)]
        if event.key == pygame.K_r and mods & pygame.KMOD_SHIFT:
            return [Intent(ROTATE_CCW)]
        if event.key == pygame.K_BACKSPACE:
            return [Intent(BACK, text=ERASE)]
        if self.typing and (event.key == pygame.K_SPACE or _prints(event, mods)):
            return []  # a character typed into a text field (a space, a "p") comes as TEXT, not as its key's intent
        intent = _KEYS.get(event.key) or _GAME_KEYS.get(event.key)
        return [Intent(intent)] if intent else []

    def _stick(self, event: pygame.event.Event) -> list[Intent]:
        directions = _STICK_AXES.get(event.axis)
        if directions is None:
            return []
        value = event.value / _AXIS_SCALE
        key = (event.instance_id, event.axis)
        if abs(value) < _STICK_RELEASE:
            self._stick_held.pop(key, None)
            return []
        if abs(value) < _STICK_PRESS or key in self._stick_held:
            return []
        direction = directions[1] if value > 0 else directions[0]
        self._stick_held[key] = direction
        return [Intent(direction, self._pad(event.instance_id))]

    def _pad(self, instance_id: int) -> str:
        """The device name of a pad; a pad first heard of through its buttons is counted then."""
        number = self._pad_numbers.get(instance_id)
        if number is None:
            used = set(self._pad_numbers.values())
            number = next(n for n in range(1, len(used) + 2) if n not in used)
            self._pad_numbers[instance_id] = number
            self._unplugged.discard(f"pad{number}")
        return f"pad{number}"

    def _open(self, device_index: int) -> str | None:
        try:
            controller = sdl_controller.Controller(device_index)
            instance_id = controller.as_joystick().get_instance_id()
        except (pygame.error, IndexError):
            return None  # a device that is not a game controller, or gone again already
        self._controllers[instance_id] = controller
        return self._pad(instance_id)


def _prints(event: pygame.event.Event, mods: int) -> bool:
    """Whether a key press types a character (its TEXTINPUT follows), not a shortcut with Ctrl or Alt."""
    typed = getattr(event, "unicode", "")
    return bool(typed) and typed.isprintable() and not mods & (pygame.KMOD_CTRL | pygame.KMOD_ALT)


def _pos(pos: tuple[float, float]) -> tuple[int, int]:
    return int(pos[0]), int(pos[1])
