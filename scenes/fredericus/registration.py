"""Fredericus as the window's registry of boards (:mod:`scenes.boards`) knows it. The board and the menus are
imported only when first asked for."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.message import Message
from game.i18n import Translator
from game.services.match import MatchSetup, SeatPlan
from game.services.tally import Tally
from scenes.boardspec import BoardSpec
from scenes.fredericus.colours import COLOUR_BLIND_COLOURS, COLOURS
from scenes.fredericus.diagrams import ILLUSTRATIONS
from scenes.kit.score_table import ScoreRow, ScoreTable

if TYPE_CHECKING:
    from game.fredericus.actions import Action
    from game.fredericus.options import FredericusOptions
    from game.fredericus.state import FredericusState
    from scenes.context import AppContext
    from scenes.fredericus.view import FredericusStepKind
    from scenes.kit.stack import Scene
    from scenes.playing.gameview import GameView

NAME = "fredericus"
FIRST_SEATS = (SeatPlan.human(0), SeatPlan.ai("normal"))  # the table options page chooses how many
# The icons of its actions and its seats (drawn by tools/ui_glyphs.py), and its sound cues.
ICONS = ("move_card", "move_raptor", "capture", "hood", "flip_row", "seal", "tidy", "bet", "end_turn", "pass")
SOUNDS = ("card_swish", "wings", "raptor_cry", "capture")


def make_view(context: AppContext) -> GameView[FredericusState, Action, FredericusStepKind]:
    from scenes.fredericus.view import FredericusView

    return FredericusView(context)


def options_page(context: AppContext) -> Scene:
    """How many falconers, and the shorter game."""
    from scenes.fredericus.menus import FredericusOptionsScene

    return FredericusOptionsScene(context, FREDERICUS_BOARD)


def describe(tr: Translator, options: FredericusOptions) -> str:
    """"Fredericus", or "Fredericus - Shorter game"."""
    return tr("game.fredericus") + (f" - {tr('setup.short_game')}" if options.short_game else "")


def record_name(tr: Translator, variant: str) -> str:
    """The statistics' "2p" or "4p-short": the falconers, and the shorter game."""
    players = int(variant[0])
    return tr("stats.falconers_short" if variant.endswith("-short") else "stats.falconers", count=players)


def result_table(tr: Translator, setup: MatchSetup, state: FredericusState) -> ScoreTable:
    """Every falconer's points by the categories of R-8 (creatures, objectives, pairs, Fredericus), a column
    each in turn order."""
    from game.fredericus.scoring import CATEGORIES, places

    breakdowns = state.score_breakdowns()
    seats = tuple(state.seats)
    ranking = places(state.scores(), seats)
    pairs = tuple(Message.of("tips.fredericus.pairs", count=breakdowns[seat].pairs) for seat in seats)
    rows = tuple(ScoreRow(tr(f"fredericus.score.{category}"), tuple(breakdowns[seat].points[index] for seat in seats),
                          pairs if category == "pairs" else ())
                 for index, category in enumerate(CATEGORIES))
    return ScoreTable(seats, tuple(tr(f"fredericus.colour.{seat}") for seat in seats), rows,
                      tr("fredericus.score.total"), tr("over.place"),
                      tuple(tr(f"over.place.{ranking[seat]}") for seat in seats))


def result_lines(tr: Translator, _setup: MatchSetup, state: FredericusState) -> list[str]:
    """Under the points, where the most points are tied, why the winner won (R-8.3), so the ranking surprises
    nobody."""
    from game.fredericus.scoring import winner

    points = state.scores()
    best = winner(points, state.seats)
    if sum(points[seat] == points[best] for seat in state.seats) < 2:
        return []
    return [tr("fredericus.over.tie", points=points[best], winner=tr(f"fredericus.colour.{best}"))]


FREDERICUS_BOARD: BoardSpec[FredericusState, Action, FredericusOptions] = BoardSpec(
    name=NAME,
    title_key="game.fredericus",
    note_key="game.fredericus.note",
    emblem="fredericus",
    emblems=("fredericus",),
    music="fredericus",
    colours=COLOURS,
    colour_blind_colours=COLOUR_BLIND_COLOURS,
    make_view=make_view,
    options_page=options_page,
    first_seats=FIRST_SEATS,
    seat_icons=("move_raptor",) * len(COLOURS),  # a falconer's bird
    describe=describe,
    setup_emblem=lambda _options: "fredericus",
    rules_topics=lambda _options: [("rules.fredericus", "fredericus")],
    record_name=record_name,
    result_table=result_table,
    result_lines=result_lines,
    sample_records=(("2p", "falconer", "normal", Tally(7, 3, 2, 2, 38)),
                    ("4p-short", "falconer", "hard", Tally(2, 0, 0, 0, 17))),
    illustrations=ILLUSTRATIONS,
    icons=ICONS,
    sounds=SOUNDS,
)
