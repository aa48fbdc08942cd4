"""Choosing an action step by step, the same way for both games and every device.

A board adapter splits each legal action into steps — ``("tile", 3)``, ``("cell", 40)``, ``("rot", 1)`` — and
says where each step's option sits on screen. The chooser offers the distinct next steps of the actions
that match what was chosen so far: arrows move the focus to the nearest option in that direction, rotate
cycles, the pointer focuses what it is over, and confirm or click takes the option. When one action is left
whose steps are all chosen, it is the player's action. A ``(GROUP, kind)`` step heads one kind of action:
the step behind it is offered alongside it, so the player may pick the kind first (a button) or go straight to
a target on the board.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Generic, Protocol, TypeVar

import pygame

from game.core.protocol import GameState, Seat
from scenes.kit import input as inp

K = TypeVar("K", bound=str)  # a game's kinds of step: a Literal of their names
# One choice on the way to an action: a kind ("cell", "rot", "dest", "boost"…) and its value, whose type the kind
# decides (a cell number, a place, a boost's path…): each board reads the values of its own kinds. A board names
# its kinds, ``Step[FalconiStepKind]``; the kit, which serves every board, takes ``Step`` of any kind.
Step = tuple[K, Any]
# a heading step: taking it narrows the options to one kind of action, or the step behind it is taken at once
GROUP: Final = "group"
ROTATION: Final = "rot"  # a step whose value is a Rotation or a number of quarter turns

S = TypeVar("S", bound=GameState[Any])  # the game's state
A = TypeVar("A", bound=Hashable)  # the game's action
S_in = TypeVar("S_in", bound=GameState[Any], contravariant=True)
A_in = TypeVar("A_in", bound=Hashable, contravariant=True)


@dataclass(frozen=True)
class Rotation:
    """A ``("rot", …)`` step's value when the board knows where the turn leads: ``dead_end`` marks a rotation
    that is legal but leads nowhere (a Falconi car would be blocked, F-5.5), ``needs_bomb`` one that leads on
    only through a block Don Falconi must bomb (F-5.5), so the chooser starts on a free way when it can and the
    board can warn about the others. A plain ``int`` of quarter turns is a rotation too."""

    quarters: int
    dead_end: bool = False
    needs_bomb: bool = False
    # What the hint says about it, not which rotation it is (so they are left out of comparisons):
    only_way: bool = field(default=False, compare=False)  # one legal way to lay the tile here: turning does nothing
    click_again: bool = field(default=False, compare=False)  # the player clicked to get here; a click on it places it


def quarters(value: Hashable) -> int:
    """The quarter turns of a rotation step's value (a :class:`Rotation` or an ``int``)."""
    return value.quarters if isinstance(value, Rotation) else int(value)  # type: ignore[call-overload]


def first_rotation(values: Sequence[Hashable], turn: int) -> int:
    """Which of the legal rotations ``values`` to show first: the one last used (``turn``) or the next one
    clockwise, skipping the ones that lead nowhere while another does not, and then the ones that lead on only
    through a bomb."""
    order = {quarters(value) % 4: index for index, value in enumerate(values)}
    wanted = [order[r % 4] for r in range(turn, turn + 4) if r % 4 in order]
    dead = {index for index, value in enumerate(values) if isinstance(value, Rotation) and value.dead_end}
    bombing = {index for index, value in enumerate(values) if isinstance(value, Rotation) and value.needs_bomb}
    free = [index for index in wanted if index not in dead | bombing]
    leading = [index for index in wanted if index not in dead]
    return (free or leading or wanted)[0]


class BoardAdapter(Protocol[S_in, A_in, K]):
    """What a game's board scene tells the chooser and the play scene, for its game's states and actions."""

    def steps(self, state: S_in, action: A_in) -> tuple[Step[K], ...]:
        """The action as a sequence of choices, first to last."""

    def option_rect(self, state: S_in, prefix: tuple[Step[K], ...], step: Step[K]) -> pygame.Rect:
        """Where the option ``step`` sits on screen (logical coordinates) after ``prefix`` was chosen."""

    def has_secrets(self, state: S_in, seat: Seat) -> bool:
        """Whether ``seat`` holds something the other people at the screen must not see."""


class ActionChooser(Generic[S, A, K]):
    def __init__(self, adapter: BoardAdapter[S, A, K], state: S, actions: Sequence[A],
                 previewed: frozenset[str] = frozenset()) -> None:
        self.adapter, self.state = adapter, state
        # kinds of step whose next steps show while one has the focus (the cells a tile in hand may go to), and
        # which a click on one of those takes together with it
        self.previewed = previewed
        self.paths = {action: adapter.steps(state, action) for action in actions}
        self.prefix: list[Step[K]] = []
        self.focus = 0
        self.turn = 0  # the rotation the player last chose: the ghost tile shows it before a cell is chosen
        self.forced: set[int] = set()  # depths of the prefix taken automatically (the only option there)
        self.skipped: set[int] = set()  # depths of group headings taken by choosing a step behind them
        self._options: list[Step[K]] = []
        self._via: dict[Step[K], Step[K]] = {}  # options offered behind a group heading, each with its heading
        self._refresh()
        self._take_forced()

    # --- what is on offer --------------------------------------------------------------------------------
    @property
    def options(self) -> list[Step[K]]:
        return self._options

    @property
    def focused(self) -> Step[K] | None:
        return self._options[self.focus] if self._options else None

    def candidates(self) -> list[A]:
        """The actions still possible after the steps chosen so far."""
        depth = len(self.prefix)
        prefix = tuple(self.prefix)
        return [action for action, path in self.paths.items() if path[:depth] == prefix]

    def action_of(self, step: Step[K]) -> A | None:
        """The action completed by choosing ``step`` now, if it completes one."""
        path = tuple(self.prefix) + ((self._via[step],) if step in self._via else ()) + (step,)
        return next((action for action, steps in self.paths.items() if steps == path), None)

    def rect(self, step: Step[K]) -> pygame.Rect:
        return self.adapter.option_rect(self.state, tuple(self.prefix), step)

    def behind(self) -> list[tuple[Step[K], pygame.Rect]]:
        """The steps the focused option leads to, with where each sits, when its kind is previewed: a tile in
        hand shows where it may go before it is taken."""
        focused = self.focused
        if focused is None or focused[0] not in self.previewed or self.action_of(focused) is not None:
            return []
        path = tuple(self.prefix) + ((self._via[focused],) if focused in self._via else ()) + (focused,)
        depth = len(path)
        steps = dict.fromkeys(steps[depth] for steps in self.paths.values()
                              if steps[:depth] == path and len(steps) > depth)
        return [(step, self.adapter.option_rect(self.state, path, step)) for step in steps]

    def _behind_at(self, pos: tuple[int, int]) -> Step[K] | None:
        return next((step for step, rect in self.behind() if rect.collidepoint(pos)), None)

    def _refresh(self) -> None:
        depth = len(self.prefix)
        seen: dict[Step[K], None] = {}
        candidates = self.candidates()
        for action in candidates:
            path = self.paths[action]
            if len(path) > depth:
                seen.setdefault(path[depth], None)
        self._via = {}
        for action in candidates:  # the steps behind a group heading stay on offer: a click there needs no heading
            path = self.paths[action]
            if len(path) > depth + 1 and path[depth][0] == GROUP and path[depth + 1] not in seen:
                seen[path[depth + 1]] = None
                self._via[path[depth + 1]] = path[depth]
        previous = self.focused if self._options else None
        self._options = list(seen)
        self.focus = self._options.index(previous) if previous in seen else 0
        if self._rotating():
            self.focus = first_rotation([value for _, value in self._options], self.turn)

    # --- choosing ---------------------------------------------------------------------------------------------
    def choose(self, step: Step[K]) -> A | None:
        """Take ``step``; the action it completes, if any. Single remaining options that do not complete an
        action are taken at once (the only cell a Mode I tile can go to, say)."""
        action = self.action_of(step)
        if action is not None:
            return action
        if step in self._via:
            self.skipped.add(len(self.prefix))
            self.prefix.append(self._via[step])
        self.prefix.append(step)
        self.focus = 0
        self._refresh()
        self._take_forced()
        return None

    def take(self, path: tuple[Step[K], ...]) -> A | None:
        """Choose the steps of ``path`` (an action's, from its first) not chosen yet, as far as they are on
        offer: a click on a hint's later ring takes the hint's steps up to it. The action, if they complete one."""
        for depth in range(len(self.prefix), len(path)):
            if len(self.prefix) > depth or path[depth][0] == GROUP:
                continue  # taken for the player already, or a heading whose step is on offer behind it
            if path[depth] not in self._options:
                return None
            action = self.choose(path[depth])
            if action is not None:
                return action
        return None

    def _take_forced(self) -> None:
        while len(self._options) == 1 and self.action_of(self._options[0]) is None:
            self.forced.add(len(self.prefix))
            self.prefix.append(self._options[0])
            self._refresh()

    def back(self) -> bool:
        """Undo the last step the player chose, with the steps taken for them after it; ``False`` when the
        player has chosen nothing yet."""
        chosen = [depth for depth in range(len(self.prefix)) if depth not in self.forced | self.skipped]
        if not chosen:
            return False
        cut = chosen[-1]
        while cut - 1 in self.skipped:
            cut -= 1
        del self.prefix[cut:]
        self.forced = {depth for depth in self.forced if depth < cut}
        self.skipped = {depth for depth in self.skipped if depth < cut}
        self._refresh()
        return True

    @property
    def chosen(self) -> bool:
        """Whether the player has chosen a step (so Back goes back a step rather than to the pause menu)."""
        return any(depth not in self.forced for depth in range(len(self.prefix)))

    def set_focus(self, step: Step[K]) -> None:
        if step in self._options:
            self.focus = self._options.index(step)

    def cycle(self, amount: int) -> None:
        if self._options:
            self.focus = (self.focus + amount) % len(self._options)
            if self._rotating():
                self.turn = quarters(self._options[self.focus][1])

    def move(self, direction: tuple[int, int]) -> None:
        """Focus the nearest option in ``direction`` from the focused one (angle weighs more than distance)."""
        if not self._options:
            return
        origin = pygame.Vector2(self.rect(self._options[self.focus]).center)
        heading = pygame.Vector2(direction)
        best, best_score = None, float("inf")
        for index, option in enumerate(self._options):
            offset = pygame.Vector2(self.rect(option).center) - origin
            along = offset.dot(heading)
            if index == self.focus or along <= 0:
                continue
            across = abs(offset.cross(heading))
            score = along + 2 * across
            if score < best_score:
                best, best_score = index, score
        if best is not None:
            self.focus = best

    def options_at(self, pos: tuple[int, int]) -> list[Step[K]]:
        return [option for option in self._options if self.rect(option).collidepoint(pos)]

    def option_at(self, pos: tuple[int, int]) -> Step[K] | None:
        """The option under the pointer; the focused one first when options overlap."""
        under = self.options_at(pos)
        if self.focused in under:
            return self.focused
        return under[0] if under else None

    # --- intents ------------------------------------------------------------------------------------------
    def handle(self, intent: inp.Intent) -> A | None:
        """Answer a board intent; the action chosen, if one was completed."""
        kind = intent.kind
        if kind in inp.DIRECTIONS:
            self.move(inp.DIRECTIONS[kind])
        elif kind in (inp.ROTATE_CW, inp.ROTATE_CCW):
            amount = 1 if kind == inp.ROTATE_CW else -1
            under = self.options_at(intent.pos) if intent.pos is not None else []
            if self._rotating():
                self.cycle(amount)
            elif len(under) > 1:  # the wheel picks among options that share a place (a card to move or take)
                self.set_focus(under[(under.index(self.focused) + amount) % len(under)] if self.focused in under
                               else under[0])
            else:
                self.turn = (self.turn + amount) % 4
        elif kind in (inp.NEXT, inp.PREV):
            self.cycle(1 if kind == inp.NEXT else -1)
        elif kind == inp.CONFIRM and self.focused is not None:
            return self.choose(self.focused)
        elif kind in (inp.POINT, inp.CLICK) and intent.pos is not None:
            option = self.option_at(intent.pos)
            if option is not None:
                self.set_focus(option)
                if kind == inp.CLICK:
                    return self.choose(option)
            elif kind == inp.CLICK and self.focused is not None and (step := self._behind_at(intent.pos)) is not None:
                self.choose(self.focused)  # the tile in hand, then where it goes (unless that was the only place)
                return self.choose(step) if step in self._options else None
        return None

    def _rotating(self) -> bool:
        return bool(self._options) and self._options[0][0] == ROTATION
