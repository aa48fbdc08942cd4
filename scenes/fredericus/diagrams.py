"""The Fredericus rules' diagrams: a card moved and a capture, from a real two-player game (seed 1) drawn by the
board's own view off screen and cropped round the rows that tell the rule; and a falconer's cards at the end,
laid out with the board's card pictures and scored by the rules core's own scoring."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame
from pygame import Vector2

from game.fredericus.actions import CAPTURE, parse_action
from game.fredericus.cards import FREDERICUS, KINDS, TOWERS
from game.fredericus.scoring import breakdown
from game.fredericus.state import FredericusState
from scenes.fredericus import draw
from scenes.kit.colours import ACCENT, PANEL, TEXT
from scenes.kit.diagram import Figure, Illustrations, Painter, crops, off_screen
from scenes.kit.ui import LOGICAL_SIZE

if TYPE_CHECKING:
    from scenes.context import AppContext
    from scenes.fredericus.rows import RowLayout
    from scenes.fredericus.view import FredericusView

OPENING = ("bet 2", "bet 1", "bet 4", "bet 1")  # both falconers bet: the first turn begins
HUNT = (*OPENING, "card 7 0", "card 7 6", "end", "token 2 3")  # then the falcon at post 1 may capture
BOTH = frozenset({0, 1})
GRIFFIN, UNICORN, BASILISK, CHIMERA, HARPY, MANTICORE, DRAGON, PHOENIX = range(KINDS)
CARD = (44, 60)  # a card in the hand-made figures: the deck's card, larger
STEP = CARD[0] + 8
MARGIN = 14


def played(actions: Sequence[str]) -> FredericusState:
    """The two-player game of seed 1 with ``actions`` played."""
    state = FredericusState.new_game(2, 1)
    for text in actions:
        state.apply_legal(state.parse_action(text))
    return state


def _row_area(row: RowLayout) -> pygame.Rect:
    cards = [row.card_rect(index) for index in range(len(row.offsets))]
    return row.slot_rect().unionall(cards)


def _board(context: AppContext, state: FredericusState, rows: Sequence[int], marks: Sequence[int] = (),
           move: tuple[int, int] | None = None) -> pygame.Surface:
    """``state`` drawn by the board's view off screen, cropped round ``rows`` and the castle; ``marks``: rows
    whose end card is outlined; ``move``: a card moved from one row's end to another's, drawn as an arrow."""
    view = _rows_view(context)
    layout = view.layout(state)

    def paint(board: pygame.Surface) -> None:
        view.draw_board(board, state, None, BOTH, [])
        for number in marks:
            row = layout.rows[number]
            draw.outline(board, row.card_rect(len(row.offsets) - 1).inflate(4, 4), draw.LAST, 2)
        if move is not None:
            source = layout.rows[move[0]]
            start = Vector2(source.card_rect(len(source.offsets) - 1).center)
            draw.arrow(board, draw.TALON, start, layout.rows[move[1]].slot_centre(), 4)

    board = off_screen(paint, LOGICAL_SIZE)
    area = layout.tower_rect(rows[0]).unionall([_row_area(layout.rows[number]) for number in rows])
    return crops(board, [area.inflate(24, 24).clip(board.get_rect())])


def _rows_view(context: AppContext) -> FredericusView:
    """The board's view without its panels (deck, status, legends): a figure shows the rows it is about."""
    from scenes.fredericus.view import FredericusView  # the view imports the play scene's kit: only when drawn

    class RowsView(FredericusView):
        def _paint_wedges(self, *_args: object) -> None:
            return None

    return RowsView(context)


def turn(context: AppContext) -> pygame.Surface:
    """Move a card: the end card of row 7 goes to the end of the adjacent row 0."""
    state = played(OPENING)
    _kind, source, target = parse_action(HUNT[len(OPENING)])
    return _board(context, state, (source, target), move=(source, target))


def capture(context: AppContext) -> pygame.Surface:
    """High flight: both rows beside the falcon's post end in sky, so it may take its own row's creature."""
    state = played(HUNT)
    raptor = next(action.a for action in state.legal_actions() if action.kind == CAPTURE)
    post = state.post_of(raptor)
    left, right = (post - 1) % TOWERS, (post + 1) % TOWERS
    return _board(context, state, (left, post, right), marks=(left, right))


def _cards(context: AppContext, lines: Sequence[tuple[Sequence[int | None], bool]],
           pairs: int = 0, total: str = "") -> pygame.Surface:
    """Lines of cards drawn as the board draws them: creatures, or (``True``) objectives; the first ``pairs``
    cards of the first two lines are joined as pairs; ``total`` is written under them."""
    shorts = [context.tr(f"fredericus.short.{code}") for code in range(KINDS + 1)]
    width = 2 * MARGIN + max(len(cards) for cards, _ in lines) * STEP - 8
    height = 2 * MARGIN + len(lines) * (CARD[1] + 18) - 18 + (34 if total else 0)
    picture = pygame.Surface((width, height))
    picture.fill(PANEL)
    for number, (cards, objective) in enumerate(lines):
        for index, code in enumerate(cards):
            place = (MARGIN + index * STEP, MARGIN + number * (CARD[1] + 18))
            picture.blit(draw.card_image(context.text, code, CARD, shorts, objective), place)
    for index in range(pairs):
        x = MARGIN + index * STEP + CARD[0] // 2
        pygame.draw.line(picture, ACCENT, (x, MARGIN + CARD[1]), (x, MARGIN + CARD[1] + 18), 4)
    if total:
        context.text.blit(picture, total, 26, TEXT, bold=True, midbottom=(width // 2, height - 8))
    return crops(picture, [picture.get_rect()])


def objectives(context: AppContext) -> pygame.Surface:
    """A falconer's secret objectives, each naming a creature, and the deck they are drawn from."""
    return _cards(context, [((HARPY, UNICORN, GRIFFIN, None), True)])


def ending(context: AppContext) -> pygame.Surface:
    """The eighth creature caught ends the game; so does Fredericus drawn."""
    return _cards(context, [((GRIFFIN, GRIFFIN, UNICORN, DRAGON, HARPY, PHOENIX, BASILISK, CHIMERA), False),
                            ((FREDERICUS,), True)])


SCORED_CREATURES = (GRIFFIN, UNICORN, DRAGON, GRIFFIN)
SCORED_OBJECTIVES = (GRIFFIN, UNICORN, HARPY)


def score(context: AppContext) -> pygame.Surface:
    """Creatures over objectives: two pairs, scored by the rules core: 4 + 3 + (1 + 2) = 10."""
    counts = [[cards.count(kind) for kind in range(KINDS)] for cards in (SCORED_CREATURES, SCORED_OBJECTIVES)]
    points = breakdown(counts[0], counts[1], False)
    bonus = " + ".join(str(number) for number in range(1, points.pairs + 1))
    total = f"{points.creatures} + {points.objectives} + ({bonus}) = {points.total}"
    return _cards(context, [(SCORED_CREATURES, False), (SCORED_OBJECTIVES, True)], points.pairs, total)


def _figure(name: str, paint: Painter) -> Figure:
    return Figure(f"fredericus-{name}", f"rules.figure.fredericus.{name}", paint)


TURN, CAPTURE_FIGURE, OBJECTIVES, END, SCORE = (_figure("turn", turn), _figure("capture", capture),
                                                _figure("objectives", objectives), _figure("end", ending),
                                                _figure("score", score))
TOPIC = "rules.fredericus"
# The paragraphs of the rules text (counted from 0, headings included) that a figure follows, and that F1 opens at
# for each phase of the game.
ILLUSTRATIONS = Illustrations(
    figures={TOPIC: ((4, OBJECTIVES), (7, TURN), (12, CAPTURE_FIGURE), (18, END), (19, SCORE))},
    sections={TOPIC: {"bet": 4, "play": 6, "capture": 10, "seal": 13, "token": 15, "over": 17}},
    section_of=lambda state, actions: ("capture" if any(action.kind == CAPTURE for action in actions)
                                       else state.phase_name),
)
