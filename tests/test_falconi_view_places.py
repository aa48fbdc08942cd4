"""Where a Falconi drive is clicked, which way a tile starts, the frame's captions and tags, and the names the log
gives: the board view's finer points, on the fixtures of ``test_falconi_view.py``."""

from __future__ import annotations

import random

import pygame
import pytest
from falconi_scenarios import build, play
from registry_cases import pizzas
from test_falconi_view import context, decisions, view, view_in  # noqa: F401 — fixtures

from game.falconi.city import DISTRICTS, cell_of, place_of
from game.falconi.constants import BLAST, DRIVE, FUGITIVE, PORT
from game.falconi.state import FalconiState
from game.falconi.tiles import KIND_NAMES
from game.i18n import Translator
from game.services.settings import LANGUAGES
from scenes.falconi import draw, tags
from scenes.falconi.steps import drive_goal
from scenes.falconi.view import FalconiView
from scenes.kit import input as inp
from scenes.kit.chooser import ActionChooser, Rotation
from scenes.kit.ui import DANGER, TextCache
from scenes.playing.gameview import BAR_AREA, BOARD_AREA


# --- where a drive is clicked, which way a tile starts, the frame's captions, the names in the log ----------------
def drive_ends(view, state, chooser):  # noqa: F811
    """The options that end a Mode I drive in a cell of the grid, by that cell."""
    cells = {}
    for option in chooser.options:
        if option[0] in ("dest", "catch", "blast") and not isinstance(option[1], tuple):
            cells.setdefault(cell_of(drive_goal(state, option)), []).append(option)
    return cells


def points_across(rect, count=7):
    """A grid of points spread over ``rect``, its edges included."""
    return [(rect.x + (rect.width - 1) * i // (count - 1), rect.y + (rect.height - 1) * j // (count - 1))
            for i in range(count) for j in range(count)]


@pytest.mark.parametrize("variant", pizzas(mode=1))
@pytest.mark.slow
def test_a_click_anywhere_in_a_drives_cell_chooses_one_of_the_drives_that_end_there(view, variant):  # noqa: F811
    """Every point of a destination's cell (of a catch's or a blast's too) chooses one drive ending in that cell
    and no other option; each drive is still chosen where it is drawn, by its entry edge."""
    checked = 0
    for state, _ in decisions(variant, range(20)):
        if state.phase not in (DRIVE, BLAST):
            continue
        geometry = view._geometry(state)
        for cell, ends in drive_ends(view, state, ActionChooser(view, state, state.legal_actions())).items():
            for point in points_across(geometry.cell_rect(cell)):
                chooser = ActionChooser(view, state, state.legal_actions())
                assert len(chooser.options_at(point)) == 1 and chooser.option_at(point) in ends, (point, ends)
                action = chooser.handle(inp.Intent(inp.CLICK, pos=point))
                assert view.steps(state, action)[0] in ends
                checked += 1
            for end in ends:
                chooser = ActionChooser(view, state, state.legal_actions())
                mark = view._mark(state, (), end).center
                assert chooser.handle(inp.Intent(inp.CLICK, pos=mark)) == chooser.action_of(end)
    assert checked > 1000


def test_drives_ending_in_one_cell_share_it_in_rectangles_each_by_its_own_edge():
    """Whatever entry edges the drives ending in a cell have, their shares cover the cell without overlapping,
    each touches its own edge and holds part of its place's marker (where the car would stand)."""
    geometry = draw.Geometry(FalconiState.new_game("margherita", 0).city)
    cell = geometry.cell_rect(40)
    for mask in range(1, 16):
        edges = [edge for edge in range(4) if mask >> edge & 1]
        areas = {edge: geometry.place_area(place_of(40, edge), edges) for edge in edges}
        assert sum(area.width * area.height for area in areas.values()) == cell.width * cell.height, edges
        assert cell.unionall(list(areas.values())) == cell, edges
        for edge, area in areas.items():
            assert cell.contains(area) and not any(area.colliderect(other) for e, other in areas.items() if e != edge)
            assert (area.top, area.right, area.bottom, area.left)[edge] == (cell.top, cell.right, cell.bottom,
                                                                            cell.left)[edge], (edges, edge)
            assert min(geometry.place_rect(place_of(40, edge)).clip(area).size) > 8, (edges, edge)


def test_clicking_the_middle_or_the_right_part_of_a_destination_cell_drives_there(view):  # noqa: F811
    """The QA report: a drive to (5,8) from the west took clicks only on its small marker by the west edge."""
    state = play(build(cars={FUGITIVE: "4,8 S"}, turn_seat=FUGITIVE, phase="place", drawn="curve"),
                 "place curve 4,8 r1")
    (drive,) = state.legal_actions()
    cell = view._geometry(state).cell_rect(state.city.cell(5, 8))
    for point in (cell.center, (cell.right - 6, cell.centery), (cell.right - 2, cell.bottom - 2)):
        chooser = ActionChooser(view, state, state.legal_actions())
        chooser.handle(inp.Intent(inp.POINT, pos=point))
        assert chooser.focused == view.steps(state, drive)[0]
        assert chooser.handle(inp.Intent(inp.CLICK, pos=point)) == drive


def fugitive_with_a_dead_end_east(bombs=0):
    """Don Falconi at the prison's open end with a curve: turned south-east (90°) it runs into the side of a
    straight at (5,8) and, with no Chili Bomb to clear it, he would be blocked; turned south-west (180°) it
    reaches the open end (3,8)."""
    return build(cars={FUGITIVE: "4,8 S"}, board={"5,8": "straight r0"}, turn_seat=FUGITIVE, phase="place",
                 drawn="curve", bombs=bombs)


def test_a_mode_i_tile_starts_in_a_rotation_from_which_the_car_can_reach_an_open_end(view):  # noqa: F811
    state = fugitive_with_a_dead_end_east()
    chooser = ActionChooser(view, state, state.legal_actions())
    assert chooser.options == [("rot", Rotation(1, dead_end=True)), ("rot", Rotation(2))]
    assert chooser.focused == ("rot", Rotation(2))
    assert view.label(state, chooser.focused) == view.context.tr("falconi.tip.rot", degrees=180)


def test_a_police_tile_starts_in_a_rotation_that_keeps_the_car_in_the_chase(view):  # noqa: F811
    """Port police at its station with a curve: turned north-east (0°) it meets the side of a straight at (5,0)."""
    state = build(cars={PORT: "4,0 N"}, board={"5,0": "straight r0"}, turn_seat=PORT, phase="place", drawn="curve")
    chooser = ActionChooser(view, state, state.legal_actions())
    assert chooser.focused == ("rot", Rotation(3))
    chooser.cycle(1)
    assert chooser.focused == ("rot", Rotation(0, dead_end=True))
    assert view.label(state, chooser.focused) == view.context.tr("falconi.tip.rot_out")


def test_a_rotation_that_leads_nowhere_says_so_in_every_language_and_on_the_board(context):  # noqa: F811
    state = fugitive_with_a_dead_end_east()
    dead_end = ("rot", Rotation(1, dead_end=True))
    for language in LANGUAGES:
        view = view_in(language, context)  # noqa: F811
        label = view.label(state, dead_end)
        assert label == view.context.tr("falconi.tip.rot_blocked") and "Don Falconi" in label, language
        assert label != view.label(state, ("rot", Rotation(2)))
        for warning in (label, view.context.tr("falconi.tip.rot_out"), view.context.tr("falconi.tag.dead_end")):
            assert "falconi." not in warning and context.text.font(24).size(warning)[0] <= BAR_AREA.width, language
    view = FalconiView(context)
    chooser = ActionChooser(view, state, state.legal_actions())
    pictures = []
    for rotation in (Rotation(2), Rotation(1, dead_end=True)):
        chooser.set_focus(("rot", rotation))
        surface = pygame.Surface((1280, 720))
        view.draw_board(surface, state, chooser, frozenset(), [])
        pictures.append(surface)
    above = view._geometry(state).cell_rect(state.city.cell(4, 7))  # the tag sits over the ghost tile
    colours = [{tuple(picture.get_at(point)[:3]) for point in points_across(above, 16)} for picture in pictures]
    assert DANGER in colours[1] and DANGER not in colours[0]


def test_when_every_rotation_leads_nowhere_the_tile_starts_as_before_and_warns(view):  # noqa: F811
    """A straight into the side of an east-west straight at (4,7), no Chili Bomb left: both ways block Don
    Falconi (F-5.5)."""
    state = build(cars={FUGITIVE: "4,8 S"}, board={"4,7": "straight r1"}, turn_seat=FUGITIVE, phase="place",
                  drawn="straight", bombs=0)
    chooser = ActionChooser(view, state, state.legal_actions())
    assert chooser.focused == ("rot", Rotation(0, dead_end=True))
    assert view.label(state, chooser.focused) == view.context.tr("falconi.tip.rot_blocked")


class RecordingText(TextCache):
    """Text that remembers the size each text was rendered at."""

    def __init__(self):
        super().__init__()
        self.sizes = {}

    def render(self, text, size=28, colour=(255, 255, 255), bold=False):
        self.sizes.setdefault(text, set()).add(size)
        return super().render(text, size, colour, bold)


def test_the_tunnel_labels_are_drawn_at_one_size_that_fits_their_slot_in_every_language(context):  # noqa: F811
    """The QA report: "verso E7" was shrunk while "verso E1" was not, so the Italian board had two sizes."""
    state = FalconiState.new_game("margherita", 0)
    tunnels = [slot for slot in state.city.slots if slot.role == "tunnel"]
    for language in LANGUAGES:
        text = RecordingText()
        view = view_in(language, context, text)  # noqa: F811
        view.draw_board(pygame.Surface((1280, 720)), state, None, frozenset(), [])
        width = view._geometry(state).slot_rect(0).width - 8
        labels = [view.context.tr("falconi.board.tunnel", slot=slot.partner) for slot in tunnels]
        sizes = set().union(*(text.sizes[label] for label in labels))
        assert len(sizes) == 1, (language, {label: text.sizes[label] for label in labels})
        assert all(text.font(min(sizes), True).size(label)[0] <= width for label in labels), language


def test_the_log_names_tiles_and_districts_as_the_board_does_in_every_language():
    """The QA report: the log wrote "a t-junction" and "a u-turn" where the board says T-junction and U-turn."""
    for language in LANGUAGES:
        tr = Translator(language)
        for kind, name in enumerate(KIND_NAMES):
            assert tr(f"falconi.tile.{kind}") in tr(f"tile.{name}"), (language, name)
        for district in DISTRICTS:
            assert tr(f"district.{district}") == tr(f"falconi.district.{district}"), (language, district)


def test_two_tags_on_the_same_place_stack_instead_of_overlapping():
    """Two roads that catch Don Falconi in the same square each get their CATCH! tag, both readable."""
    surface = pygame.Surface(BOARD_AREA.size)
    taken: list[pygame.Rect] = []
    square = pygame.Rect(300, 300, 64, 64)
    first = tags.tag(surface, TextCache(), "CATCH!", square, (200, 0, 0), taken)
    second = tags.tag(surface, TextCache(), "CATCH!", square, (200, 0, 0), taken)
    assert not first.colliderect(second) and BOARD_AREA.contains(second) and taken == [first, second]


@pytest.mark.parametrize("variant", pizzas(mode=2))  # Mode I lays a tile on its one square only
def test_the_ghost_on_a_focused_square_shows_a_way_the_tile_can_lie_there(view, variant):  # noqa: F811
    """Before a square is chosen, the tile shows there turned a legal way (the last one used, or the next
    legal one), never a way the rules refuse on that square."""
    from scenes.falconi import preview

    checked = 0
    for seed in range(1, 30):
        state = FalconiState.new_game(variant, seed)
        rng = random.Random(seed)
        for _ in range(60):
            if state.is_terminal():
                break
            places = [action for action in state.legal_actions() if action.verb == "place"]
            if places:
                chooser = ActionChooser(view, state, state.legal_actions())
                tile = places[0].tile
                for step in view.steps(state, places[0])[:-2]:  # the tile (and its group), not the square yet
                    chooser.choose(step)
                cells = {action.cell for action in places if action.tile == tile}
                for option in [option for option in chooser.options if option[0] == "cell"]:
                    chooser.set_focus(option)
                    chooser.turn = rng.randrange(4)
                    where = preview.placing(view, state, chooser)
                    legal = {action.edge for action in places if action.tile == tile and action.cell == option[1]}
                    assert where is not None and where[1] == option[1] in cells and where[2] in legal
                    checked += 1
            state.apply(rng.choice(state.legal_actions()))
    assert checked > 50
