"""The scene stack: scenes return transitions (push, pop, replace, reset, quit) and the stack carries them out.

Only the top scene gets input and updates. Drawing starts at the highest opaque scene, so an overlay (pause,
help, hand-over…) is drawn over the scene below it.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from scenes.kit import tooltip
from scenes.kit.allocator import give_back_free_heap
from scenes.kit.input import Intent
from scenes.kit.results import SceneResult


@dataclass(frozen=True)
class Push:
    scene: Scene


@dataclass(frozen=True)
class Pop:
    result: SceneResult | None = None  # handed to the scene below in ``resume``


@dataclass(frozen=True)
class Replace:
    scene: Scene


@dataclass(frozen=True)
class Reset:
    """Empty the stack and start again from ``scene`` (back to the title menu)."""

    scene: Scene


@dataclass(frozen=True)
class Quit:
    pass


Transition = Push | Pop | Replace | Reset | Quit


class Scene:
    """A screen or an overlay. Subclasses draw and answer intents; they change scenes by returning a
    transition from :meth:`handle`, :meth:`update` or :meth:`resume`."""

    opaque = True  # False: the scene below is drawn first (an overlay)
    music: str | None = None  # the loop to play while this scene is the highest with one (a game's board's music)
    holds_board = False  # True: big pictures go with it, and the heap's free pages go back once it has left

    @property
    def animating(self) -> bool:
        """Whether the scene changes by itself (an animation, a countdown, an AI to move): the window then runs
        at the full frame rate even when no input comes."""
        return False

    def next_change_in(self) -> float | None:
        """Seconds from its last update until the scene changes by itself (a banner running out, a moment to
        play), 0 while it moves or has something new to show, ``None`` while only input can change it. The app
        sleeps until then or the next event, and redraws nothing in between (``scenes.app``). Asked often, even
        between updates: keep it cheap."""
        return 0.0 if self.animating else None

    @property
    def typing(self) -> bool:
        """Whether a text field has the focus: the app then has typed characters come as text, not as the
        intents of their keys."""
        return False

    def handle(self, intent: Intent) -> Transition | None:
        return None

    def update(self, dt: float) -> Transition | None:
        return None

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def resume(self, result: SceneResult | None) -> Transition | None:
        """The scene above was popped with ``result`` (a scene ignores the results it does not expect)."""
        return None

    def leave(self) -> None:
        """The scene is removed from the stack for good: stop what it started."""


class SceneStack:
    def __init__(self, root: Scene) -> None:
        self.scenes: list[Scene] = [root]
        self.running = True
        self.changes = 0  # transitions carried out: the app redraws after each
        self._board_left = False  # a scene that holds a board left during the transition being carried out

    @property
    def top(self) -> Scene:
        return self.scenes[-1]

    def handle(self, intent: Intent) -> None:
        self.apply(self.top.handle(intent))

    def update(self, dt: float) -> None:
        self.apply(self.top.update(dt))

    @property
    def music(self) -> str | None:
        """The loop the highest scene with an opinion asks for; ``None`` (silence) when none does."""
        return next((scene.music for scene in reversed(self.scenes) if scene.music is not None), None)

    def draw(self, surface: pygame.Surface) -> None:
        first = max(index for index, scene in enumerate(self.scenes) if scene.opaque or index == 0)
        for scene in self.scenes[first:]:
            tooltip.clear()  # a scene drawn over others covers their icons: only the top scene's tips answer
            scene.draw(surface)

    def apply(self, transition: Transition | None) -> None:
        """Carry out a transition, and any transition the resumed scene answers with."""
        self._board_left = False
        if transition is not None:
            self.changes += 1
        try:
            self._apply(transition)
        finally:
            if self._board_left:
                give_back_free_heap()  # the scene is gone by now: its pictures are freed

    def _remove_top(self) -> None:
        scene = self.scenes.pop()
        scene.leave()
        self._board_left = self._board_left or scene.holds_board

    def _apply(self, transition: Transition | None) -> None:
        while transition is not None:
            if isinstance(transition, Quit):
                self.running = False
                return
            if isinstance(transition, Push):
                self.scenes.append(transition.scene)
                return
            if isinstance(transition, Replace):
                self._remove_top()
                self.scenes.append(transition.scene)
                return
            if isinstance(transition, Reset):
                while self.scenes:
                    self._remove_top()
                self.scenes.append(transition.scene)
                return
            if len(self.scenes) == 1:  # popping the root: there is nothing to go back to
                self.running = False
                return
            self._remove_top()
            transition = self.top.resume(transition.result)

    def close(self) -> None:
        while self.scenes:
            self.scenes.pop().leave()
