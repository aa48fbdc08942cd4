"""Where a tutorial's arrow points and what its key line says: the option that leads to the action the lesson
asks for, as the chooser offers it, and the keys of the device in use that reach it. The tutorial's move source
(``scenes/playing/sources/tutorial.py``) is one."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.core.protocol import Action
from game.services.match import Match
from game.services.tutorials import NOTE, SCRIPT, Step
from scenes.context import AppContext
from scenes.kit.chooser import GROUP, ActionChooser
from scenes.kit.chooser import Step as Option
from scenes.playing.sources.base import ScenePanel

if TYPE_CHECKING:
    pass


class Guide(ScenePanel):
    """The arrow and the key line of the step under way."""

    context: AppContext
    expected: list[Action]  # the accepted actions legal now, the one shown first
    device: str  # the kind of device last used: the lesson names its keys
    aimed: tuple[ActionChooser[Any, Any, Any], int] | None  # the chooser and depth last focused on the target

    @property
    def step(self) -> Step | None:
        raise NotImplementedError

    @property
    def match(self) -> Match:
        raise NotImplementedError

    def _aim(self) -> None:
        """Put the focus on the arrow's option once per choice, so Enter, Space and A take it: a learner who has
        not yet found R or Tab is never stuck. The chooser itself is kept, not its id: a new one may get a freed
        one's."""
        chooser, option = self.scene.chooser, self.target()
        if chooser is None or option is None or option not in chooser.options:
            return
        if self.aimed is None or self.aimed[0] is not chooser or self.aimed[1] != len(chooser.prefix):
            chooser.set_focus(option)
            self.aimed = (chooser, len(chooser.prefix))

    def _paths(self) -> list[tuple[Option[str], ...]]:
        """The steps of the accepted actions that go on from what was chosen so far, the one shown first."""
        chooser = self.scene.chooser
        if chooser is None:
            return []
        prefix = tuple(chooser.prefix)
        paths = (chooser.paths.get(action) for action in self.expected)
        return [path for path in paths if path is not None and path[:len(prefix)] == prefix]

    def _leads(self, option: Option[str]) -> bool:
        """Whether choosing ``option`` goes on towards an accepted action (directly, or behind its heading)."""
        chooser = self.scene.chooser
        assert chooser is not None
        action = chooser.action_of(option)
        if action is not None:
            return action in self.expected
        depth = len(chooser.prefix)
        return any(path[depth] == option or (path[depth][0] == GROUP and path[depth + 1:depth + 2] == (option,))
                   for path in self._paths())

    def target(self) -> Option[str] | None:
        """The option to choose next: the next step of the action shown, as the chooser offers it."""
        chooser = self.scene.chooser
        paths = self._paths()
        if chooser is None or not paths:
            return None
        path, depth = paths[0], len(chooser.prefix)
        option = path[depth]
        if option not in chooser.options and option[0] == GROUP:
            option = path[depth + 1]
        return option

    def pointer(self) -> pygame.Rect | None:
        """Where the arrow points: the option to choose, or what a note shows on the board."""
        step, chooser = self.step, self.scene.chooser
        if step is not None and step.kind == NOTE:
            return None if step.point is None else self.scene.view.option_rect(self.match.state, (), step.point)
        option = self.target()
        return None if option is None or chooser is None else chooser.rect(option)

    def how(self) -> str:
        """How to do what the lesson asks, with the keys of the device in use."""
        tr, step = self.context.tr, self.step
        if step is None:
            return ""
        if step.kind == NOTE:
            return tr(f"tutorial.how.next.{self.device}")
        if step.kind == SCRIPT:
            return tr("tutorial.how.watch")
        option, chooser = self.target(), self.scene.chooser
        if option is None or chooser is None:
            return ""
        focused = chooser.focused
        if option == focused:
            key = "choose"
        elif option[0] == "rot":
            key = "rotate"
        elif focused is not None and chooser.rect(focused) == chooser.rect(option):
            key = "cycle"
        else:
            key = "move"
        return tr(f"tutorial.how.{key}.{self.device}")

    def _others(self) -> list[pygame.Rect]:
        """Where the options other than the one to choose are: the arrow keeps off them."""
        chooser, option = self.scene.chooser, self.target()
        if chooser is None or option is None:
            return []
        return [chooser.rect(other) for other in chooser.options if other != option]
