"""The scene stack: transitions, what gets input, and overlays drawn over the scene below."""

import pygame

from scenes.kit.input import Intent
from scenes.kit.results import DeleteSlot, LeaveGame
from scenes.kit.stack import Pop, Push, Quit, Replace, Reset, Scene, SceneStack


class Probe(Scene):
    def __init__(self, name, log, answer=None, opaque=True):
        self.name, self.log, self.answer, self.opaque = name, log, answer, opaque
        self.resumed = []

    def handle(self, intent):
        self.log.append((self.name, intent.kind))
        return self.answer

    def draw(self, surface):
        self.log.append((self.name, "draw"))

    def resume(self, result):
        self.resumed.append(result)

    def leave(self):
        self.log.append((self.name, "leave"))


def test_only_the_top_scene_gets_input():
    log = []
    stack = SceneStack(Probe("root", log))
    stack.apply(Push(Probe("top", log)))
    stack.handle(Intent("confirm"))
    assert log == [("top", "confirm")]


def test_pop_hands_its_result_to_the_scene_below():
    log = []
    root = Probe("root", log)
    stack = SceneStack(root)
    stack.apply(Push(Probe("dialog", log, answer=Pop(DeleteSlot("a")))))
    stack.handle(Intent("confirm"))
    assert stack.top is root and root.resumed == [DeleteSlot("a")]
    assert ("dialog", "leave") in log


def test_replace_and_reset_leave_the_scenes_they_remove():
    log = []
    stack = SceneStack(Probe("a", log))
    stack.apply(Push(Probe("b", log)))
    stack.apply(Replace(Probe("c", log)))
    assert [s.name for s in stack.scenes] == ["a", "c"] and ("b", "leave") in log
    stack.apply(Reset(Probe("d", log)))
    assert [s.name for s in stack.scenes] == ["d"] and ("a", "leave") in log and ("c", "leave") in log


def test_quit_and_popping_the_root_stop_the_stack():
    stack = SceneStack(Probe("root", [], answer=Quit()))
    stack.handle(Intent("back"))
    assert not stack.running
    stack = SceneStack(Probe("root", []))
    stack.apply(Pop())
    assert not stack.running


def test_an_overlay_is_drawn_over_the_scene_below_but_an_opaque_scene_hides_it():
    log = []
    stack = SceneStack(Probe("board", log))
    stack.apply(Push(Probe("pause", log, opaque=False)))
    surface = pygame.Surface((10, 10))
    stack.draw(surface)
    assert log == [("board", "draw"), ("pause", "draw")]
    log.clear()
    stack.apply(Push(Probe("handover", log)))
    stack.draw(surface)
    assert log == [("handover", "draw")]


class Chaining(Probe):
    """A scene that answers the result handed up to it with a transition of its own."""

    def __init__(self, name, log, on_resume):
        super().__init__(name, log)
        self.on_resume = on_resume

    def resume(self, result):
        self.resumed.append(result)
        return self.on_resume


def test_a_resumed_scene_may_answer_with_a_transition_of_its_own():
    """A confirm dialog pops with its answer and the menu below answers by popping itself: both go in one step."""
    log = []
    root = Probe("root", log)
    stack = SceneStack(root)
    menu = Chaining("menu", log, on_resume=Pop(LeaveGame()))
    stack.apply(Push(menu))
    stack.apply(Push(Probe("confirm", log, answer=Pop(DeleteSlot("a")))))
    stack.handle(Intent("confirm"))
    assert stack.top is root and menu.resumed == [DeleteSlot("a")] and root.resumed == [LeaveGame()]
    assert ("confirm", "leave") in log and ("menu", "leave") in log


def test_update_transitions_are_carried_out_like_input_ones():
    class Timer(Probe):
        def update(self, dt):
            return Replace(Probe("next", self.log)) if dt > 1 else None

    log = []
    stack = SceneStack(Timer("timer", log))
    stack.update(0.5)
    assert stack.top.name == "timer"
    stack.update(2.0)
    assert stack.top.name == "next" and ("timer", "leave") in log


def test_close_leaves_every_scene_top_first():
    log = []
    stack = SceneStack(Probe("root", log))
    stack.apply(Push(Probe("board", log)))
    stack.apply(Push(Probe("pause", log, opaque=False)))
    stack.close()
    assert log == [("pause", "leave"), ("board", "leave"), ("root", "leave")] and not stack.scenes
