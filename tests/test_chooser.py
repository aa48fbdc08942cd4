"""The step-by-step action chooser, with a toy game: every device reaches every action."""

import pygame

from scenes.kit import input as inp
from scenes.kit.chooser import GROUP, ActionChooser, Rotation

# Toy actions: (tile, cell, rotation) placements, and a button.
ACTIONS = [("place", "a", 10, 0), ("place", "a", 10, 1), ("place", "a", 11, 2), ("place", "b", 12, 0), ("end",)]
CELLS = {10: pygame.Rect(0, 0, 10, 10), 11: pygame.Rect(20, 0, 10, 10), 12: pygame.Rect(0, 20, 10, 10)}


class Toy:
    def steps(self, state, action):
        if action[0] == "end":
            return (("button", "end"),)
        return (("tile", action[1]), ("cell", action[2]), ("rot", action[3]))

    def option_rect(self, state, prefix, step):
        kind, value = step
        if kind in ("cell", "rot"):
            return CELLS[value if kind == "cell" else prefix[-1][1]]
        return pygame.Rect(100 + 20 * ["a", "b", "end"].index(value), 100, 10, 10)

    def has_secrets(self, state, seat):
        return False


def chooser():
    return ActionChooser(Toy(), None, ACTIONS)


def test_the_first_steps_are_offered_once_each():
    assert chooser().options == [("tile", "a"), ("tile", "b"), ("button", "end")]


def test_a_single_remaining_step_is_taken_at_once_but_a_final_one_waits():
    c = chooser()
    assert c.choose(("tile", "b")) is None
    assert c.prefix == [("tile", "b"), ("cell", 12)] and c.options == [("rot", 0)]
    assert c.choose(("rot", 0)) == ("place", "b", 12, 0)


def test_back_skips_the_steps_taken_automatically():
    c = chooser()
    c.choose(("tile", "b"))
    assert c.back() and c.prefix == []
    assert not c.back()


def test_keyboard_arrows_move_to_the_nearest_option_in_that_direction():
    c = chooser()
    c.choose(("tile", "a"))
    assert c.focused == ("cell", 10)
    c.handle(inp.Intent(inp.RIGHT))
    assert c.focused == ("cell", 11)
    c.handle(inp.Intent(inp.DOWN))  # nothing below 11
    assert c.focused == ("cell", 11)


def test_rotating_cycles_only_the_legal_rotations_and_is_remembered():
    c = chooser()
    c.choose(("tile", "a"))
    c.handle(inp.Intent(inp.ROTATE_CW))  # at the cell step: the ghost's rotation
    assert c.turn == 1
    c.handle(inp.Intent(inp.CONFIRM))  # cell 10: rotations 0 and 1, focus on the remembered 1
    assert c.focused == ("rot", 1)
    c.handle(inp.Intent(inp.ROTATE_CW))
    assert c.focused == ("rot", 0) and c.turn == 0
    assert c.handle(inp.Intent(inp.CONFIRM)) == ("place", "a", 10, 0)


def test_the_mouse_points_and_clicks():
    c = chooser()
    c.handle(inp.Intent(inp.POINT, pos=(125, 105)))
    assert c.focused == ("tile", "b")
    c.handle(inp.Intent(inp.CLICK, pos=(105, 105)))
    assert c.prefix == [("tile", "a")]
    c.handle(inp.Intent(inp.CLICK, pos=(25, 5)))  # cell 11 has one rotation: it waits for a confirming click
    assert c.options == [("rot", 2)]
    assert c.handle(inp.Intent(inp.CLICK, pos=(25, 5))) == ("place", "a", 11, 2)


def test_the_wheel_picks_among_options_that_share_a_place():
    class Overlap(Toy):
        def option_rect(self, state, prefix, step):
            return pygame.Rect(0, 0, 50, 50)

    c = ActionChooser(Overlap(), None, ACTIONS)
    c.handle(inp.Intent(inp.POINT, pos=(5, 5)))
    first = c.focused
    c.handle(inp.Intent(inp.ROTATE_CW, pos=(5, 5)))
    assert c.focused != first
    assert c.option_at((5, 5)) == c.focused


def test_next_cycles_every_option_so_a_pad_reaches_all():
    c = chooser()
    seen = set()
    for _ in range(3):
        seen.add(c.focused)
        c.handle(inp.Intent(inp.NEXT, "pad1"))
    assert seen == set(c.options)


def test_a_lone_first_step_is_taken_at_once_and_back_never_undoes_it():
    c = ActionChooser(Toy(), None, [("place", "a", 10, 0), ("place", "a", 11, 2)])
    assert c.prefix == [("tile", "a")] and not c.chosen
    c.choose(("cell", 10))
    assert c.chosen
    assert c.back() and c.prefix == [("tile", "a")]
    assert not c.back()


def test_a_tile_starts_on_the_rotation_last_used_or_the_next_one_that_does_not_lead_nowhere():
    class Turns(Toy):
        def steps(self, state, action):
            return (("tile", action[1]), ("cell", action[2]), ("rot", Rotation(action[3], dead_end=action[3] < 2)))

    c = ActionChooser(Turns(), None, [("place", "a", 10, r) for r in range(4)])
    assert c.focused == ("rot", Rotation(2))  # 0 and 1 lead nowhere
    c.handle(inp.Intent(inp.ROTATE_CW))
    c.handle(inp.Intent(inp.ROTATE_CW))
    assert c.focused == ("rot", Rotation(0, dead_end=True)) and c.turn == 0  # still reachable by rotating


def test_when_every_rotation_leads_nowhere_the_tile_starts_on_the_one_last_used():
    class Blocked(Toy):
        def steps(self, state, action):
            return (("tile", action[1]), ("cell", action[2]), ("rot", Rotation(action[3], dead_end=True)))

    c = ActionChooser(Blocked(), None, [("place", "a", 10, 1), ("place", "a", 10, 3)])
    assert c.focused == ("rot", Rotation(1, dead_end=True))


class Grouped(Toy):
    """The toy's placements under a ``(GROUP, "place")`` heading, as Mode II groups each kind of action."""

    def steps(self, state, action):
        path = super().steps(state, action)
        return path if action[0] == "end" else ((GROUP, "place"),) + path

    def option_rect(self, state, prefix, step):
        if step[0] == GROUP:
            return pygame.Rect(200, 100, 10, 10)
        return super().option_rect(state, tuple(s for s in prefix if s[0] != GROUP), step)


def test_a_group_heading_is_offered_with_the_steps_behind_it_and_back_skips_it():
    chooser = ActionChooser(Grouped(), None, ACTIONS)
    assert chooser.options == [(GROUP, "place"), ("button", "end"), ("tile", "a"), ("tile", "b")]
    chooser.handle(inp.Intent(inp.CLICK, pos=(105, 105)))  # tile "a" at once, without its heading
    assert chooser.prefix == [(GROUP, "place"), ("tile", "a")] and chooser.chosen
    assert chooser.back() and chooser.prefix == [] and not chooser.chosen
    chooser.choose((GROUP, "place"))
    assert chooser.options == [("tile", "a"), ("tile", "b")]
    chooser.choose(("tile", "b"))  # its only cell is taken for the player
    assert chooser.choose(("rot", 0)) == ("place", "b", 12, 0)
