"""The hint key: what the Normal AI would play for the person deciding now, shown on the board, never played.

A hint is asked of the AI worker like an AI seat's move, at the ``normal`` level and with the seed that seat
would get, so the same position always gets the same hint. Its bot sees only the deciding seat's observation,
and the play scene asks only for the person who may decide now (after their hand-over), so a hint tells that
person nothing their own screen does not already show.

A hint belongs to one chooser, that is to one position: any change of the state (a move, an undo, a take-back,
a hand-over) makes a new chooser, and the hint goes, its search cancelled. While it is shown its steps pulse
where they are (on the board, or a button in the action bar) and a banner over the board says it in words;
once the player chooses a step off its path it goes too.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.ai.knowledge import knowledge_of
from game.ai.service import Decision
from game.core.message import Message
from game.core.protocol import Action, GameState
from scenes.context import AppContext
from scenes.kit import tooltip
from scenes.kit.chooser import GROUP, ActionChooser, Step, quarters
from scenes.kit.ui import PANEL, SHADOW, TEXT, TextCache
from scenes.playing import clear_spot
from scenes.playing.gameview import BOARD_AREA, GameView
from scenes.playing.sources.base import MatchView

HINT_LEVEL = "normal"
PULSE = 1.2  # seconds of one pulse of the rings round a hint's steps
PULSE_FRAME = 1 / 15  # its rings grow and shrink a step this often: a board at rest wakes no more than that
TEXT_SIZE, LINE = 24, 24
ICON = 28
PAD = 12  # inside the banner
ROOM = 30  # the banner keeps this far from a ring, or moves to the board's other edge
NARROW = 300  # the banner's words wrap this narrow where the board has no room for it in fewer lines
INSIDE = 2 * clear_spot.MARGIN + 3 * PAD + ICON  # the field's width the banner's words do not get
# Not the gold of the options on offer nor the white of the focused one: a hint stands apart from both.
HINT_COLOUR = (120, 230, 150)


class Hints:
    """The play scene's hint: asked, then shown for the chooser it was asked for."""

    def __init__(self, context: AppContext, view: GameView[Any, Any, Any]) -> None:
        self.context, self.view = context, view
        self.chooser: ActionChooser[Any, Any, Any] | None = None  # the chooser (the position) the hint is for
        self.decision: Decision | None = None  # the search, while it runs
        self.action: Action | None = None  # the suggestion, once it came
        self.message: Message | None = None  # the game's sentence for it
        self.reason: Message | None = None  # why the AI suggests it, from what its value guess weighs
        self.prefix: tuple[Step[str], ...] = ()  # the steps chosen when last looked at
        self.clock = 0.0

    @property
    def path(self) -> tuple[Step[str], ...]:
        """The suggestion's steps, as the chooser splits it (empty before it came)."""
        if self.chooser is None or self.action is None:
            return ()
        return self.chooser.paths[self.action]

    def ask(self, chooser: ActionChooser[Any, Any, Any], seed: int) -> None:
        """Ask the AI for the position of ``chooser``; a hint asked or shown for it already is kept as it is."""
        if chooser is self.chooser:
            return
        self.cancel()
        self.chooser, self.prefix, self.clock = chooser, tuple(chooser.prefix), 0.0
        self.decision = self.context.ai.ask(chooser.state, HINT_LEVEL, seed)

    def cancel(self) -> None:
        """Forget the hint, and stop its search if it still runs."""
        if self.decision is not None:
            self.context.ai.cancel(self.decision)
        self.chooser, self.decision, self.action, self.message, self.reason = None, None, None, None, None

    def next_change_in(self) -> float | None:
        """While a hint is searched for or shown, a frame of its pulse away; else never."""
        return None if self.chooser is None else PULSE_FRAME

    def update(self, dt: float, chooser: ActionChooser[Any, Any, Any] | None) -> None:
        """Take the answer when it comes; drop the hint once the position changed or the player left its path."""
        if self.chooser is None:
            return
        if chooser is not self.chooser:
            self.cancel()
            return
        self.clock += dt
        prefix = tuple(chooser.prefix)
        if self.action is not None and prefix != self.prefix:
            if not self.follows(prefix):
                self.cancel()
                return
            self._focus_as_told(chooser)  # a step of the hint taken: the focus on its next, not the first on offer
        self.prefix = prefix
        decision = self.decision
        if decision is not None and decision.done():
            action = decision.result()
            self.decision = None
            if action is None or action not in chooser.paths:  # cancelled meanwhile, or not on offer here
                self.cancel()
                return
            self.action, self.message = action, chooser.state.narrate(action)
            self.reason = suggestion_reason(chooser.state, action)
            if self.follows(prefix):
                self._focus_as_told(chooser)

    def _focus_as_told(self, chooser: ActionChooser[Any, Any, Any]) -> None:
        """Focus the suggestion's next step, so the action bar names the move the banner names (a bet on the
        same tower, not the first one on offer), and turn the ghost tile the way the banner says ("turned
        180°"): the suggestion's rotation becomes the one the chooser shows at a cell. Nothing is chosen."""
        rotation = next((step for step in self.path if step[0] == "rot"), None)
        if rotation is not None:
            chooser.turn = quarters(rotation[1])
        ahead = [step for step in self.path[len(chooser.prefix):] if step[0] != GROUP]
        if ahead:
            chooser.set_focus(ahead[0])  # only if it is on offer now (behind a heading, it is)

    def follows(self, prefix: tuple[Step[str], ...]) -> bool:
        """Whether the steps chosen so far are the first steps of the suggestion."""
        return self.path[:len(prefix)] == prefix

    def sentence(self) -> str:
        """The suggestion in words: the game's own log sentence, and how to turn a tile where there is one."""
        tr = self.context.tr
        assert self.message is not None
        action = tr.message(self.message)
        turns = [quarters(value) for kind, value in self.path if kind == "rot"]
        if turns:
            return tr("hints.suggestion_turned", action=action, degrees=90 * turns[0])
        return tr("hints.suggestion", action=action)

    def sentences(self) -> list[str]:
        """The suggestion in words, then why the AI suggests it (where the game tells)."""
        return [self.sentence()] + ([] if self.reason is None else [self.context.tr.message(self.reason)])

    def steps_to(self, chooser: ActionChooser[Any, Any, Any], pos: tuple[int, int]) -> tuple[Step[str], ...]:
        """The suggestion's steps up to the later ring at ``pos`` (a box the card goes to, before the card is
        chosen), for the chooser to take: a click there does what the rings say. Empty where no later ring is."""
        if self.action is None or self.chooser is not chooser or not self.follows(tuple(chooser.prefix)):
            return ()
        path, state = self.path, chooser.state
        for index in range(len(chooser.prefix) + 1, len(path)):
            step = path[index]
            if step[0] == GROUP or self.view.is_button(step):
                continue
            if self.view.option_rect(state, path[:index], step).collidepoint(pos):
                return path[:index + 1]
        return ()

    # --- drawing --------------------------------------------------------------------------------------------
    def marks(self, chooser: ActionChooser[Any, Any, Any]) -> list[pygame.Rect]:
        """Where the suggestion's steps still to choose are, in order: board steps where the view puts them,
        the next step if it is a button in the bar. Group headings are left out (the step behind one is on offer
        at once), and so are steps sharing the place of the one before (a tile's rotation, in its cell)."""
        path, depth, state = self.path, len(chooser.prefix), chooser.state
        rects: list[pygame.Rect] = []
        for index in range(depth, len(path)):
            step = path[index]
            if step[0] == GROUP:
                continue
            if self.view.is_button(step):
                if index != depth or step not in chooser.options:
                    continue  # a later button has no place in the bar yet: the sentence says it
                rect = chooser.rect(step)
            else:
                rect = self.view.option_rect(state, path[:index], step)
            if rect.width and rect.height and rect not in rects:
                rects.append(rect)
        return rects

    def draw(self, surface: pygame.Surface, chooser: ActionChooser[Any, Any, Any] | None) -> pygame.Rect | None:
        """The rings and the banner, over the board and the action bar (drawn last); returns the banner's box
        (``None``: no hint to show), which covers nothing the player must still see."""
        if self.chooser is None or chooser is not self.chooser:
            return None
        tr = self.context.tr
        # A hint is asked only by the person deciding, after their hand-over: their own warning may be told.
        warning = self.view.turn_warning(chooser.state, frozenset({chooser.state.current_seat}))
        told = [] if warning is None else [tr.message(warning)]
        if self.action is None:
            return self._banner(surface, [tr("hints.thinking"), *told], [])
        if not self.follows(tuple(chooser.prefix)):
            return self._banner(surface, [*self.sentences(), tr("hints.step_back"), *told], [])
        marks = self.marks(chooser)
        grow = 3 + 4 * (0.5 + 0.5 * math.sin(2 * math.pi * self.clock / PULSE))
        for number, rect in enumerate(marks, 1):
            _ring(surface, self.context.text, rect, int(grow), number if len(marks) > 1 else 0)
        return self._banner(surface, [*self.sentences(), *told], marks)

    def _banner(self, surface: pygame.Surface, texts: list[str], avoid: list[pygame.Rect]) -> pygame.Rect:
        """A box over the board's bottom edge, or elsewhere in the playfield (its top edge, a corner, in fewer
        words a line) where it covers no mark of the hint (nor comes within ``ROOM`` of one above or below), no
        seat card, piece or option (see ``scenes.playing.clear_spot``)."""
        field = self.view.playfield(self.chooser.state) if self.chooser is not None else BOARD_AREA
        wide = field.width - INSIDE  # its words wrap within the field: the box never grows past its edges
        shapes = [self._banner_lines(texts, room) for room in (wide, min(wide, NARROW))]
        rings = [mark.inflate(0, 2 * ROOM) for mark in avoid]
        shape, box = clear_spot.place([size for _, size in shapes], field, rings)
        lines = shapes[shape][0]
        text = self.context.text
        pygame.draw.rect(surface, PANEL, box, border_radius=10)
        pygame.draw.rect(surface, HINT_COLOUR, box, width=2, border_radius=10)
        tooltip.icon(surface, "hint", ICON, HINT_COLOUR, topleft=(box.x + PAD, box.y + PAD - 4))
        for row, line in enumerate(lines):
            text.blit(surface, line, TEXT_SIZE, TEXT, topleft=(box.x + 2 * PAD + ICON, box.y + PAD + row * LINE))
        return box

    def _banner_lines(self, texts: list[str], room: int) -> tuple[list[str], tuple[int, int]]:
        """The banner's lines wrapped to ``room`` pixels, and the size of the box holding them."""
        text = self.context.text
        lines = [line for words in texts for line in text.wrap(words, room, TEXT_SIZE)]
        width = max(text.font(TEXT_SIZE).size(line)[0] for line in lines) + 3 * PAD + ICON
        return lines, (width, len(lines) * LINE + 2 * PAD - 4)


def _ring(surface: pygame.Surface, text: TextCache, rect: pygame.Rect, grow: int, number: int) -> None:
    """A pulsing ring round one step, numbered when the suggestion has several."""
    ring = rect.inflate(2 * grow, 2 * grow)
    pygame.draw.rect(surface, SHADOW, ring.inflate(4, 4), width=2, border_radius=8)
    pygame.draw.rect(surface, HINT_COLOUR, ring, width=4, border_radius=8)
    if number:
        centre = (max(ring.left, 12), max(ring.top, 12))
        pygame.draw.circle(surface, HINT_COLOUR, centre, 11)
        pygame.draw.circle(surface, SHADOW, centre, 11, 2)
        text.blit(surface, str(number), 20, SHADOW, bold=True, center=centre)


def suggestion_reason(state: GameState[Any], action: Action) -> Message | None:
    """Why the AI suggests ``action`` in ``state``, as its game's knowledge tells it (``None``: it does not)."""
    reason = knowledge_of(state.game_name).hint_reason
    return None if reason is None else reason(state, action)


def why_no_hint(context: AppContext, match: MatchView) -> str:
    """What the player reads when the hint key cannot ask now: the game is over, or it is somebody else's
    turn (an AI seat's, or another person's, whose hand-over may still be due)."""
    tr, state = context.tr, match.state
    if state.is_terminal():
        return tr("hints.refused.over")
    plan = match.setup.seats[state.current_seat]
    if plan.kind != "person":
        return tr("hints.refused.ai")
    return tr("hints.refused.person", name=context.person_name(match.setup.people[plan.person]))

