"""Catch Don Falconi as the window's registry of boards (:mod:`scenes.boards`) knows it, with what it brings to
the kit (its icons, sounds and the danger lanes' key). The board and the menus are imported only when first asked
for."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.falconi import seating
from game.falconi.constants import FUGITIVE
from game.falconi.seating import SeatsProblem
from game.falconi.variants import VARIANTS
from game.i18n import Translator
from game.services.match import OFF, SeatPlan
from game.services.tally import Tally
from scenes.boardspec import BoardSpec
from scenes.falconi.colours import COLOUR_BLIND_COLOURS, COLOURS
from scenes.falconi.danger import DANGER_BINDING
from scenes.falconi.diagrams import ILLUSTRATIONS

if TYPE_CHECKING:
    from game.falconi.actions import Action
    from game.falconi.options import FalconiOptions
    from game.falconi.state import FalconiState
    from scenes.context import AppContext
    from scenes.falconi.steps import FalconiStepKind
    from scenes.kit.stack import Scene
    from scenes.playing.gameview import GameView

NAME = "falconi"
_P = SeatPlan.human
# F-4.2: with two players the single police car starts at the Port, or one player drives all three cars.
# The icons of its actions and its seats (drawn by tools/ui_glyphs.py).
ICONS = ("draw_tile", "place_tile", "drive", "step", "three_point_turn", "escape_tile", "keep", "accomplice",
         "catch", "chili_bomb", "pass", "blast", "chili_boost")
SOUNDS = ("engine", "siren", "tile_drop", "bomb", "boost", "catch", "escape", "card_swish")
PRESETS: dict[str, tuple[SeatPlan, ...]] = {
    "alone_fugitive": (_P(0), SeatPlan.ai("normal"), SeatPlan.ai("normal"), SeatPlan.ai("normal")),
    "alone_police": (SeatPlan.ai("normal"), _P(0), _P(0), _P(0)),
    "two_port": (_P(0), OFF, _P(1), OFF),
    "two_three_cars": (_P(0), _P(1), _P(1), _P(1)),
}


def make_view(context: AppContext) -> GameView[FalconiState, Action, FalconiStepKind]:
    from scenes.falconi.view import FalconiView

    return FalconiView(context)


def options_page(context: AppContext) -> Scene:
    """The pizzas."""
    from scenes.falconi.menus import VariantScene

    return VariantScene(context, FALCONI_BOARD)


def describe(tr: Translator, options: FalconiOptions) -> str:
    """"Catch Don Falconi - Pizza Funghi"."""
    return f"{tr('game.falconi')} - {tr('variant.' + options.variant)}"


def rules_topics(options: FalconiOptions | None) -> list[tuple[str, str]]:
    """The rules of the game's pizza, or of every pizza, each with its pizza."""
    variants = list(VARIANTS) if options is None else [options.variant]
    return [(f"rules.falconi.{variant}", variant) for variant in variants]


_PROBLEMS = {SeatsProblem.NO_POLICE: "setup.error.no_police",
             SeatsProblem.LONE_POLICE_AWAY_FROM_PORT: "setup.error.lone_police"}  # F-4.2


def seats_problem(in_play: Sequence[bool]) -> str:
    """Why seats cannot be played, in the player's words: the seat set-up offers no choice that makes such
    seats (it keeps Don Falconi's seat, so no other problem can arise there)."""
    problem = seating.seats_problem(in_play)
    return _PROBLEMS.get(problem, "") if problem is not None else ""


FALCONI_BOARD: BoardSpec[FalconiState, Action, FalconiOptions] = BoardSpec(
    name=NAME,
    title_key="game.falconi",
    note_key="game.falconi.note",
    emblem="falconi",
    emblems=(*VARIANTS, "falconi"),
    music="falconi",
    colours=COLOURS,
    colour_blind_colours=COLOUR_BLIND_COLOURS,
    make_view=make_view,
    options_page=options_page,
    first_seats=PRESETS["alone_fugitive"],
    seat_icons=tuple("accomplice" if seat == FUGITIVE else "drive" for seat in range(4)),
    describe=describe,
    setup_emblem=lambda options: options.variant,
    rules_topics=rules_topics,
    record_name=lambda tr, variant: tr(f"variant.{variant}"),
    record_emblem=lambda variant: variant,  # its pizza
    presets=PRESETS,
    may_be_off=seating.may_be_off,
    progress=lambda tr, state: tr("saves.progress.turn", number=state.turn_number),  # the side panel's "Turn 5"
    seats_problem=seats_problem,
    sample_records=(("margherita", "fugitive", "easy", Tally(6, 4, 2, 3, 14)),
                    ("margherita", "police", "normal", Tally(3, 1, 0, 1, 22)),
                    ("salami", "police", "people", Tally.of_old_record(4, 2)),  # counted before streaks were kept
                    ("diavola", "fugitive", "hard", Tally(5, 1, 1, 1, 31))),
    illustrations=ILLUSTRATIONS,
    icons=ICONS,
    sounds=SOUNDS,
    bindings=(DANGER_BINDING,),
)
