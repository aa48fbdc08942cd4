"""Keyboard, mouse and gamepad events become the same intents, tagged with their device."""

import pygame
import pytest

from scenes.kit import input as inp
from scenes.kit.input import InputMapper


def event(kind, **fields):
    return pygame.event.Event(kind, **fields)


@pytest.mark.parametrize("key, mod, kind", [
    (pygame.K_RETURN, 0, inp.CONFIRM), (pygame.K_SPACE, 0, inp.CONFIRM), (pygame.K_ESCAPE, 0, inp.BACK),
    (pygame.K_LEFT, 0, inp.LEFT), (pygame.K_TAB, 0, inp.NEXT), (pygame.K_TAB, pygame.KMOD_LSHIFT, inp.PREV),
    (pygame.K_r, 0, inp.ROTATE_CW), (pygame.K_r, pygame.KMOD_LSHIFT, inp.ROTATE_CCW),
    (pygame.K_z, pygame.KMOD_LCTRL, inp.UNDO), (pygame.K_F1, 0, inp.HELP), (pygame.K_p, 0, inp.PAUSE),
])
def test_keys(key, mod, kind):
    assert InputMapper().intents(event(pygame.KEYDOWN, key=key, mod=mod)) == [inp.Intent(kind)]


def test_unbound_keys_do_nothing():
    assert InputMapper().intents(event(pygame.KEYDOWN, key=pygame.K_q, mod=0)) == []


def test_mouse_points_clicks_and_rotates_where_it_is():
    mapper = InputMapper()
    assert mapper.intents(event(pygame.MOUSEMOTION, pos=(5, 6), rel=(0, 0), buttons=(0, 0, 0))) == [
        inp.Intent(inp.POINT, "keyboard", (5, 6))]
    assert mapper.intents(event(pygame.MOUSEBUTTONDOWN, pos=(7, 8), button=1)) == [
        inp.Intent(inp.CLICK, "keyboard", (7, 8))]
    assert mapper.intents(event(pygame.MOUSEBUTTONDOWN, pos=(7, 8), button=3))[0].kind == inp.ROTATE_CW
    assert mapper.intents(event(pygame.MOUSEWHEEL, x=0, y=1))[0].kind == inp.ROTATE_CCW


def test_each_gamepad_is_its_own_device_numbered_as_first_seen():
    mapper = InputMapper()
    a = mapper.intents(event(pygame.CONTROLLERBUTTONDOWN, instance_id=40, button=pygame.CONTROLLER_BUTTON_A))
    b = mapper.intents(event(pygame.CONTROLLERBUTTONDOWN, instance_id=12, button=pygame.CONTROLLER_BUTTON_B))
    assert a == [inp.Intent(inp.CONFIRM, "pad1")] and b == [inp.Intent(inp.BACK, "pad2")]
    assert mapper.pads == ["pad1", "pad2"]


def test_the_stick_steps_once_per_push():
    mapper = InputMapper()
    push = event(pygame.CONTROLLERAXISMOTION, instance_id=1, axis=pygame.CONTROLLER_AXIS_LEFTX, value=30000)
    assert mapper.intents(push) == [inp.Intent(inp.RIGHT, "pad1")]
    assert mapper.intents(push) == []  # still held
    mapper.intents(event(pygame.CONTROLLERAXISMOTION, instance_id=1, axis=pygame.CONTROLLER_AXIS_LEFTX, value=0))
    assert mapper.intents(push) == [inp.Intent(inp.RIGHT, "pad1")]


def test_an_unplugged_pad_is_reported_and_its_number_freed():
    mapper = InputMapper()
    mapper.intents(event(pygame.CONTROLLERBUTTONDOWN, instance_id=9, button=pygame.CONTROLLER_BUTTON_A))
    assert mapper.intents(event(pygame.CONTROLLERDEVICEREMOVED, instance_id=9)) == [
        inp.Intent(inp.PAD_REMOVED, "pad1")]
    assert mapper.pads == []
    assert mapper.intents(event(pygame.CONTROLLERDEVICEREMOVED, instance_id=9)) == []


def test_a_device_that_cannot_be_opened_is_ignored():
    assert InputMapper().intents(event(pygame.CONTROLLERDEVICEADDED, device_index=99)) == []


def test_an_unplugged_pad_stays_missing_until_a_pad_comes_back_under_its_number():
    mapper = InputMapper()
    for instance_id, button in ((9, pygame.CONTROLLER_BUTTON_A), (4, pygame.CONTROLLER_BUTTON_A)):
        mapper.intents(event(pygame.CONTROLLERBUTTONDOWN, instance_id=instance_id, button=button))
    mapper.intents(event(pygame.CONTROLLERDEVICEREMOVED, instance_id=9))
    mapper.intents(event(pygame.CONTROLLERDEVICEREMOVED, instance_id=4))
    assert mapper.unplugged == {"pad1", "pad2"}
    assert mapper.intents(event(pygame.CONTROLLERBUTTONDOWN, instance_id=30, button=pygame.CONTROLLER_BUTTON_B)) == [
        inp.Intent(inp.BACK, "pad1")]  # a pad plugged in again takes the lowest free number
    assert mapper.unplugged == {"pad2"} and mapper.pads == ["pad1"]
