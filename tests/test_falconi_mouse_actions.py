"""Mode II with the mouse alone: the action bar names every kind of action legal now while the board's targets
stay clickable (F-6.1, F-6.6), a tile only pointed at lays no ghost a click would miss, a tile waiting on its
cell asks for the second click, and a tile with one way to lie says so."""

import os
import random
from pathlib import Path

import pygame
import pytest
from falconi_scenarios import build

from game.ai.service import AIService
from game.falconi.constants import ACTION, FUGITIVE, PORT
from game.falconi.options import FalconiOptions
from game.falconi.state import FalconiState
from game.services.match import Match, MatchSetup, Person, SeatPlan
from game.services.saves import SaveStore
from game.services.settings import LANGUAGES, Settings
from scenes.context import AppContext
from scenes.falconi.view import FalconiView
from scenes.kit import input as inp
from scenes.kit.chooser import GROUP, ActionChooser
from scenes.kit.input import InputMapper
from scenes.kit.ui import TextCache
from scenes.playing.gameview import BAR_AREA, PANEL_AREA
from scenes.playing.play import PlayScene, _Layout
from scenes.playing.sources.local import LocalSource

KINDS = {"draw": ("button", "draw"), "boost": ("button", "boost"), "place": (GROUP, "place"),
         "step": (GROUP, "drive"), "turn": (GROUP, "turn"), "escape": (GROUP, "escape"),
         "accomplice": (GROUP, "accomplice")}


@pytest.fixture(scope="module")
def context(tmp_path_factory):
    pygame.init()
    folder = tmp_path_factory.mktemp("data")
    return AppContext(Settings(), folder, SaveStore(folder), AIService(), InputMapper())


def view_in(language, context):
    return FalconiView(AppContext(Settings(language=language), context.data_folder, context.saves, context.ai,
                                  context.inputs, text=TextCache()))


def action_phases(variant="diavola", seeds=range(6)):
    """The Mode II action phases of random games."""
    for seed in seeds:
        state = FalconiState.new_game(variant, seed, (PORT,) if seed % 2 else (1, 2, 3))
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.phase == ACTION:
                yield state.clone()
            state.apply(rng.choice(state.legal_actions()))


def richest_turn_start():
    """A Diavola turn start of Don Falconi with the most kinds of action legal."""
    starts = [s for s in action_phases(seeds=range(10)) if s.turn_seat == FUGITIVE and s.actions_left == 3]
    return max(starts, key=lambda s: len({a.verb for a in s.legal_actions()}))


def test_the_bar_offers_one_button_per_kind_of_mode_ii_action_legal_now(context):
    view = FalconiView(context)
    for state in action_phases():
        chooser = ActionChooser(_Layout(view), state, state.legal_actions())
        buttons = {option for option in chooser.options if view.is_button(option)}
        assert buttons == {KINDS[action.verb] for action in state.legal_actions()}, state.to_json()


def test_every_board_target_of_a_mode_ii_turn_stays_one_click_away(context):
    """A drive, a three-point turn or a tile in the strip is taken without its kind's button first."""
    view = FalconiView(context)
    checked = 0
    for state in action_phases(seeds=range(3)):
        for action in state.legal_actions():
            path = view.steps(state, action)
            if path[0][0] != GROUP:
                continue
            chooser = ActionChooser(view, state, state.legal_actions())
            assert path[1] in chooser.options
            result = chooser.choose(path[1])
            assert result == action or list(chooser.prefix[:2]) == list(path[:2])
            if result is None:  # back from a tile clicked at once returns to the turn's start, not to its kind
                chooser.back()
                assert chooser.prefix == [] and not chooser.chosen
            checked += 1
    assert checked > 50


def test_every_action_button_says_what_it_does_and_fits_in_every_language(context):
    layout = _Layout(FalconiView(context))
    state = richest_turn_start()
    for language in LANGUAGES:
        view = view_in(language, context)
        for step in KINDS.values():
            label = view.label(state, step)
            rect = layout.option_rect(state, (), step)
            assert "falconi." not in label and view.context.text.font(22).size(label)[0] < rect.width - 8, label
    assert view_in("en", context).label(state, KINDS["step"]) == "Drive one tile"
    rects = [layout.option_rect(state, (), step) for step in KINDS.values()]
    assert all(PANEL_AREA.contains(rect) and rect.bottom <= BAR_AREA.bottom for rect in rects)
    assert len({rect.topleft for rect in rects}) == len(rects)


def test_a_tile_only_pointed_at_in_the_strip_lays_no_ghost_on_the_board(context):
    """After the accomplice the straight's only cell is in front of the prison: no preview there before the
    tile is chosen, since a click there would choose nothing; once chosen, its preview is a click target."""
    view = FalconiView(context)
    state = FalconiState.new_game("diavola", 1, (PORT,))
    state.apply(next(a for a in state.legal_actions() if a.verb == "accomplice"))
    chooser = ActionChooser(view, state, state.legal_actions())
    tile = next(option for option in chooser.options if option[0] == "tile")
    cells = {a.cell for a in state.legal_actions() if a.verb == "place" and a.tile == tile[1]}
    assert len(cells) == 1
    cell = view._geometry(state).cell_rect(cells.pop())
    pictures = []
    for focus in (("button", "draw") if ("button", "draw") in chooser.options else (GROUP, "place"), tile):
        chooser.set_focus(focus)
        surface = pygame.Surface((1280, 720))
        view.draw_board(surface, state, chooser, frozenset({FUGITIVE}), [])
        pictures.append(surface.subsurface(cell).copy())
    assert pygame.image.tobytes(pictures[0], "RGB") == pygame.image.tobytes(pictures[1], "RGB")
    chooser.choose(tile)
    assert chooser.options and chooser.options[0][0] == "rot"
    assert chooser.handle(inp.Intent(inp.CLICK, pos=cell.center)) in state.legal_actions()


def test_a_mode_ii_tile_waiting_on_its_cell_asks_for_a_second_click_in_every_language(context):
    state = build("diavola", cars={FUGITIVE: "4,8 S"}, board={"4,8": "straight r0"}, turn_seat=FUGITIVE, police=(PORT,),
                  phase="action", actions_left=3, reserves=[["t-junction", "curve"], [], ["straight"], []])
    cells = {a.cell for a in state.legal_actions() if a.verb == "place"}
    assert len(cells) > 1
    for language in LANGUAGES:
        view = view_in(language, context)
        chooser = ActionChooser(view, state, state.legal_actions())
        chooser.choose(("tile", 2))
        cell = sorted(cells)[0]
        assert chooser.handle(inp.Intent(inp.CLICK, pos=view.option_rect(state, (), ("cell", cell)).center)) is None
        assert chooser.focused[0] == "rot"
        assert view.label(state, chooser.focused) == view.context.tr("falconi.tip.rot_again")
    assert view_in("en", context).context.tr("falconi.tip.rot_again").startswith("Click again to place it")


def test_a_tile_with_one_way_to_lie_says_so_instead_of_turning_silently(context):
    """Mode I overpass: its turns give the same roads, so they count once (one legal placement)."""
    state = build(turn_seat=FUGITIVE, phase="place", drawn="overpass")
    view = FalconiView(context)
    chooser = ActionChooser(view, state, state.legal_actions())
    assert len(chooser.options) == 1 and chooser.focused[0] == "rot"
    chooser.handle(inp.Intent(inp.ROTATE_CW))
    label = view.label(state, chooser.focused)
    assert label == view.context.tr("falconi.tip.rot_only", degrees=0) and "only one way" in label
    for language in LANGUAGES:
        text = view_in(language, context).label(state, chooser.focused)
        assert "falconi." not in text and text != view_in(language, context).context.tr("falconi.tip.rot", degrees=0)


def test_screenshot_of_a_mode_ii_turn_start_with_its_action_bar(context, tmp_path):
    pygame.display.set_mode((1280, 720))
    seats = (SeatPlan.human(0),) * 4
    match = Match(MatchSetup("falconi", seats, (Person("Anna"),), seed=4, options=FalconiOptions("diavola")))
    match.state = richest_turn_start()
    scene = PlayScene(context, LocalSource(context, match))
    surface = pygame.Surface((1280, 720))
    scene.draw(surface)
    folder = Path(os.environ.get("SCREENSHOT_DIR") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(folder / "mode2_turn_start.png"))
    buttons = [option for option in scene.chooser.options if scene.view.is_button(option)]
    assert len(buttons) >= 3
    scene.chooser.choose((GROUP, "drive") if (GROUP, "drive") in buttons else buttons[0])
    scene.draw(surface)
    pygame.image.save(surface, str(folder / "mode2_after_a_button.png"))
