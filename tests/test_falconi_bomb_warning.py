"""A Mode I tile that runs Don Falconi's road into a block he could bomb is neither a way on nor a dead end
(issue 38, point 7): he is blocked unless he throws a Chili Bomb at it (F-5.5). The board says so with a tag of
its own over the tile and the tooltip says so in words, in every language, where it used to say DEAD END! and
"would be blocked" while a bomb could clear the way."""

from __future__ import annotations

import pygame
import pytest
from falconi_scenarios import build

from game.ai.service import AIService
from game.falconi.constants import FUGITIVE
from game.services.saves import SaveStore
from game.services.settings import LANGUAGES, Settings
from scenes.context import AppContext
from scenes.falconi.preview import BOMB_COLOUR
from scenes.falconi.view import FalconiView
from scenes.kit.chooser import ActionChooser, Rotation
from scenes.kit.input import InputMapper
from scenes.kit.ui import DANGER
from scenes.playing.gameview import BAR_AREA

INTO_THE_BLOCK, OPEN = 1, 2  # the curve's quarter turns: south-east into the block, south-west to (3,8)


def into_a_block(bombs: int):
    """Don Falconi at the prison's open end with a curve: turned south-east it runs into the side of a straight
    at (5,8), a block inside the city (F-5.5); turned south-west it reaches the open end (3,8)."""
    return build(cars={FUGITIVE: "4,8 S"}, board={"5,8": "straight r0"}, turn_seat=FUGITIVE, phase="place",
                 drawn="curve", bombs=bombs)


@pytest.fixture(scope="module")
def context(tmp_path_factory):
    pygame.init()
    folder = tmp_path_factory.mktemp("data")
    return AppContext(Settings(), folder, SaveStore(folder), AIService(), InputMapper())


def view_in(language: str, context: AppContext) -> FalconiView:
    return FalconiView(AppContext(Settings(language=language), context.data_folder, context.saves, context.ai,
                                  context.inputs))


def rotation_step(chooser: ActionChooser, quarters: int):
    return next(step for step in chooser.options if step[1].quarters == quarters)


def tag_colours(view: FalconiView, state, chooser: ActionChooser) -> set[tuple[int, ...]]:
    """The colours drawn just above the ghost tile's cell, where a tag over it sits."""
    surface = pygame.Surface((1280, 720))
    view.draw_board(surface, state, chooser, frozenset(), [])
    cell = view._geometry(state).cell_rect(state.city.cell(4, 8))
    band = pygame.Rect(cell.x, cell.y - 16, cell.width, 14)
    return {tuple(surface.get_at((x, y))[:3]) for x in range(band.left, band.right)
            for y in range(band.top, band.bottom)}


def test_f5_5_a_tile_into_a_block_he_could_bomb_is_its_own_state_not_a_dead_end(context):
    state = into_a_block(bombs=2)
    chooser = ActionChooser(FalconiView(context), state, state.legal_actions())
    assert chooser.options == [("rot", Rotation(INTO_THE_BLOCK, needs_bomb=True)), ("rot", Rotation(OPEN))]
    assert chooser.focused == ("rot", Rotation(OPEN))  # the free way first


def test_f5_5_with_no_bomb_left_the_same_tile_is_still_a_dead_end(context):
    state = into_a_block(bombs=0)
    chooser = ActionChooser(FalconiView(context), state, state.legal_actions())
    assert rotation_step(chooser, INTO_THE_BLOCK) == ("rot", Rotation(INTO_THE_BLOCK, dead_end=True))


@pytest.mark.parametrize("language", LANGUAGES)
def test_f5_5_the_tooltip_says_a_bomb_is_needed_not_that_he_would_be_blocked(context, language):
    view = view_in(language, context)
    tr = view.context.tr
    state = into_a_block(bombs=2)
    chooser = ActionChooser(view, state, state.legal_actions())
    label = view.label(state, rotation_step(chooser, INTO_THE_BLOCK))
    assert label == tr("falconi.tip.rot_bomb") and label != tr("falconi.tip.rot_blocked")
    assert "Don Falconi" in label and "falconi." not in label
    for words in (label, tr("falconi.tag.bomb_needed")):
        assert words != tr("falconi.tag.dead_end") and context.text.font(24).size(words)[0] <= BAR_AREA.width


def test_f5_5_the_board_tags_the_tile_in_the_bombs_colour_not_the_dead_ends_red(context):
    view = FalconiView(context)
    bombing, stuck = into_a_block(bombs=2), into_a_block(bombs=0)
    colours = {}
    for name, state in (("bomb", bombing), ("dead_end", stuck)):
        chooser = ActionChooser(view, state, state.legal_actions())
        chooser.set_focus(rotation_step(chooser, INTO_THE_BLOCK))
        colours[name] = tag_colours(view, state, chooser)
    assert BOMB_COLOUR in colours["bomb"] and DANGER not in colours["bomb"]
    assert DANGER in colours["dead_end"] and BOMB_COLOUR not in colours["dead_end"]
