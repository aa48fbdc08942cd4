"""The Falconi board view: every legal action is a distinct path of steps the chooser can reach by clicks on the
board (a Mode I drive anywhere in its cell), a Mode I tile starts turned the way that leads somewhere and warns
when it leads nowhere, the board and the side panel draw every position of every variant in one caption size,
Don Falconi's Mode II secrets (F-6.2, F-6.6, F-9) are drawn only for the seats allowed to see them, and
screenshots are left to look at."""

import json
import math
import os
import random
import string
from pathlib import Path

import pygame
import pytest
from falconi_scenarios import build, play

from game.ai.service import AIService
from game.falconi.city import DISTRICTS, cell_of, edge_of, place_of
from game.falconi.constants import ACTION, ACTIVE, BLAST, COUNTRY, DRIVE, FOREST, FUGITIVE, POLICE, PORT
from game.falconi.network import drive_route
from game.falconi.state import FalconiState
from game.falconi.tiles import KIND_NAMES
from game.falconi.variants import VARIANTS
from game.i18n import CATALOG_FOLDER, Translator
from game.services.match import LogEntry
from game.services.saves import SaveStore
from game.services.settings import LANGUAGES, Settings
from scenes.context import AppContext
from scenes.falconi import draw, tags
from scenes.falconi.steps import drive_goal, hand_tiles
from scenes.falconi.view import FalconiView
from scenes.kit import input as inp
from scenes.kit import ui_art
from scenes.kit.chooser import ActionChooser, Rotation
from scenes.kit.input import InputMapper
from scenes.kit.ui import DANGER, TextCache
from scenes.playing import hud
from scenes.playing.gameview import BAR_AREA, BOARD_AREA, PANEL_AREA

POLICE_CHOICES = ((PORT,), (COUNTRY, FOREST), POLICE)


@pytest.fixture(scope="module")
def context(tmp_path_factory):
    pygame.init()
    folder = tmp_path_factory.mktemp("data")
    return AppContext(Settings(), folder, SaveStore(folder), AIService(), InputMapper())


@pytest.fixture(scope="module")
def view(context):
    return FalconiView(context)


def view_in(language, context, text=None):
    """A view of its own in ``language`` (with ``text``: drawing its words through that cache)."""
    return FalconiView(AppContext(Settings(language=language), context.data_folder, context.saves, context.ai,
                                  context.inputs, text=text or TextCache()))


def decisions(variant, seeds, every=1, terminal=False):
    """Random games of ``variant``: the state at every ``every``-th decision, with the last turn's log."""
    for seed in seeds:
        state = FalconiState.new_game(variant, seed, POLICE_CHOICES[seed % 3])
        rng = random.Random(seed)
        log = []
        index = 0
        while not state.is_terminal():
            if index % every == 0:
                yield state, last_turn(log)
            action = rng.choice(state.legal_actions())
            log.append(LogEntry(state.current_seat, state.turn_number, state.action_text(action), "", False))
            state.apply(action)
            index += 1
        if terminal:
            yield state, last_turn(log)


def last_turn(log):
    entries = []
    for entry in reversed(log):
        if entries and entry.seat != entries[0].seat:
            break
        entries.insert(0, entry)
    return entries


def click_through(view, state, action):
    """Play ``action`` as a person would: buttons taken, board options clicked, rotations turned with R."""
    chooser = ActionChooser(view, state, state.legal_actions())
    path = view.steps(state, action)
    while True:
        step = path[len(chooser.prefix)]
        assert step in chooser.options, (state.action_text(action), step, chooser.options)
        if view.is_button(step):
            result = chooser.choose(step)
        else:
            for _ in range(4):
                if chooser.focused == step:
                    break
                if step[0] == "rot":
                    chooser.handle(inp.Intent(inp.ROTATE_CW))
                else:
                    chooser.handle(inp.Intent(inp.POINT, pos=chooser.rect(step).center))
            assert chooser.focused == step, (state.action_text(action), step)
            result = chooser.handle(inp.Intent(inp.CLICK, pos=chooser.rect(step).center))
        if result is not None:
            return result


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_legal_action_has_its_own_path_with_hotspots_on_the_board(view, variant):
    for state, _ in decisions(variant, range(12)):
        paths = {action: view.steps(state, action) for action in state.legal_actions()}
        assert len(set(paths.values())) == len(paths)
        for action, path in paths.items():
            for other in paths.values():
                assert other == path or other[:len(path)] != path, "a path that ends inside another"
            for depth, step in enumerate(path):
                if not view.is_button(step):
                    rect = view.option_rect(state, path[:depth], step)
                    assert rect.width > 0 and rect.height > 0 and BOARD_AREA.contains(rect), (action, step)


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_chooser_reaches_every_legal_action_by_clicks_and_buttons(view, variant):
    for state, _ in decisions(variant, range(100, 106), every=3):
        for action in state.legal_actions():
            assert click_through(view, state, action) == action


@pytest.mark.parametrize("variant", ["prosciutto", "funghi", "margherita"])
def test_a_drive_route_is_shown_for_every_destination_catch_and_blast(view, variant):
    checked = 0
    for state, _ in decisions(variant, range(30)):
        if state.phase not in (DRIVE, BLAST):
            continue
        for action in state.legal_actions():
            step = view.steps(state, action)[0]
            if step[0] in ("dest", "catch", "blast"):
                assert drive_route(state, state.drive_from, drive_goal(state, step)) is not None, action
                checked += 1
    assert checked > 100


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.slow
def test_board_and_panel_draw_every_position_with_and_without_a_chooser(view, variant):
    surface = pygame.Surface((1280, 720))
    for state, last in decisions(variant, range(200, 204), every=2, terminal=True):
        seats = frozenset(state.seats)
        view.draw_board(surface, state, None, frozenset(), last)
        assert len(view.hud(state, frozenset()).cards) == len(view.hud(state, seats).cards) == len(state.seats)
        if state.is_terminal():
            continue
        chooser = ActionChooser(view, state, state.legal_actions())
        for option in list(chooser.options):  # every option focused, and every option one step on
            chooser.set_focus(option)
            view.draw_board(surface, state, chooser, seats, last)
            deeper = ActionChooser(view, state, state.legal_actions())
            if deeper.choose(option) is None:
                for _ in range(len(deeper.options)):
                    view.draw_board(surface, state, deeper, seats, last)
                    deeper.handle(inp.Intent(inp.NEXT))


def test_every_text_shown_is_translated_and_fits_in_any_language(context):
    """No raw key on screen; the action bar's labels fit the bar."""
    label_font = context.text.font(24)
    for language in LANGUAGES:
        view = view_in(language, context)
        for variant in VARIANTS:
            for state, _ in decisions(variant, range(3), every=2, terminal=True):
                shown = view.hud(state, frozenset(state.seats))
                lines = [card.name for card in shown.cards] + [chip.count for chip in shown.counters]
                lines += shown.notes
                labels = [view.label(state, step) for action in state.legal_actions()
                          for step in view.steps(state, action)]
                for text in lines + labels:
                    assert "falconi." not in text and "seat." not in text, (language, text)
                assert all(label_font.size(text)[0] <= BAR_AREA.width for text in labels), language


def test_every_button_of_the_action_bar_has_an_icon(view):
    """Every button step offered over random Mode I and Mode II games names an icon of ``ui_art.icon_names()``."""
    seen = {}
    for variant in VARIANTS:
        for state, _ in decisions(variant, range(400, 420)):
            for action in state.legal_actions():
                for step in view.steps(state, action):
                    if view.is_button(step):
                        seen[step] = view.icon(step)
    for step, icon in seen.items():
        assert icon in ui_art.icon_names(), step
    buttons = {("button", verb) for verb in ("draw", "boost", "bomb", "pass")}
    groups = {("group", kind) for kind in ("place", "drive", "turn", "escape", "accomplice")}
    assert buttons | groups <= set(seen), set(seen)
    assert not view.is_button(("cell", 0)) and view.icon(("cell", 0)) == ""


def test_the_four_catalogs_have_the_same_keys_and_placeholders():
    def fields(text):
        return {name for _, name, _, _ in string.Formatter().parse(text) if name}

    english = json.loads((CATALOG_FOLDER / "en" / "falconi.json").read_text(encoding="utf-8"))
    for language in ("it", "de", "fr"):
        other = json.loads((CATALOG_FOLDER / language / "falconi.json").read_text(encoding="utf-8"))
        assert set(other) == set(english), language
        assert all(fields(other[key]) == fields(text) for key, text in english.items()), language


def test_only_don_falconi_in_mode_ii_has_secrets(view):
    for name, variant in VARIANTS.items():
        state = FalconiState.new_game(name, 1)
        assert view.has_secrets(state, FUGITIVE) == (variant.mode == 2)
        assert not any(view.has_secrets(state, seat) for seat in POLICE)


@pytest.mark.parametrize("variant", ["salami", "diavola"])
@pytest.mark.slow
def test_the_police_see_nothing_of_don_falconis_mode_ii_reserve_or_accomplice(view, variant):
    """Two positions that differ only in what Don Falconi hides look the same to the police, pixel for pixel,
    also while a police player chooses."""
    surfaces = pygame.Surface((1280, 720)), pygame.Surface((1280, 720))
    police = frozenset(POLICE)
    compared = 0
    for state, last in decisions(variant, range(300, 306), every=3):
        twin = state.determinize(PORT, random.Random(compared))
        pictures, panels = [], []
        for position, surface in zip((state, twin), surfaces):
            chooser = None
            if position.current_seat != FUGITIVE:
                chooser = ActionChooser(view, position, position.legal_actions())
                chooser.set_focus(chooser.options[-1])
            view.draw_board(surface, position, chooser, police, last)
            panels.append(view.hud(position, police))
            assert FUGITIVE not in view.secrets_drawn
            pictures.append(pygame.image.tobytes(surface, "RGB"))
        assert panels[0] == panels[1] and pictures[0] == pictures[1]
        compared += 1
    assert compared > 20


@pytest.mark.parametrize("variant", ["salami", "diavola"])
def test_don_falconi_sees_his_own_reserve_and_it_is_recorded(view, variant):
    surface = pygame.Surface((1280, 720))
    checked = 0
    for state, last in decisions(variant, range(310, 312)):
        if state.turn_seat != FUGITIVE or state.phase != ACTION:
            continue
        checked += 1
        chooser = ActionChooser(view, state, state.legal_actions())
        view.draw_board(surface, state, chooser, frozenset({FUGITIVE}), last)
        assert (FUGITIVE in view.secrets_drawn) == bool(hand_tiles(state))
        view.hud(state, frozenset({FUGITIVE}))
        assert FUGITIVE in view.secrets_drawn
        view.draw_board(surface, state, chooser, frozenset(), last)
        view.hud(state, frozenset())
        assert view.secrets_drawn == frozenset()
    assert checked > 5


def test_mode_i_shows_no_secrets(view):
    surface = pygame.Surface((1280, 720))
    for state, last in decisions("prosciutto", range(2), every=3):
        chooser = ActionChooser(view, state, state.legal_actions())
        view.draw_board(surface, state, chooser, frozenset({0, 1, 2, 3}), last)
        view.hud(state, frozenset({0, 1, 2, 3}))
        assert view.secrets_drawn == frozenset()


def screenshot_folder(tmp_path):
    folder = Path(os.environ.get("SCREENSHOT_DIR") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def first_position(variant, wanted):
    for state, last in decisions(variant, range(300)):
        if state.turn_number > 8 and wanted(state):
            return state, last
    raise AssertionError(f"no {variant} position found")


def screenshot(view, state, last, chooser, path):
    surface = pygame.Surface((1280, 720))
    view.draw_board(surface, state, chooser, frozenset({state.turn_seat}), last)
    hud.draw_hud(surface, pygame.Rect(PANEL_AREA.x + 14, 80, PANEL_AREA.width - 28, 380),
                 view.hud(state, frozenset({state.turn_seat})), {}, view, view.context.text, 0.0)
    view.context.text.blit(surface, view.label(state, chooser.focused), 24, (250, 204, 92), topleft=(820, 480))
    pygame.image.save(surface, str(path))
    assert path.stat().st_size > 10_000


def test_screenshots_of_a_mode_i_drive_and_a_mode_ii_placement(view, tmp_path):
    folder = screenshot_folder(tmp_path)
    state, last = first_position("prosciutto", lambda s: s.phase == DRIVE and len(s.legal_actions()) >= 4)
    chooser = ActionChooser(view, state, state.legal_actions())
    chooser.set_focus(chooser.options[-1])
    screenshot(view, state, last, chooser, folder / "falconi_mode1_drive.png")

    state, last = first_position("funghi", lambda s: s.phase == 0 and len({a.tile for a in s.legal_actions()}) > 1)
    chooser = ActionChooser(view, state, state.legal_actions())
    chooser.choose(chooser.options[-1])
    screenshot(view, state, last, chooser, folder / "falconi_mode1_place.png")

    def placing(s):
        cells = {a.cell for a in s.legal_actions() if a.verb == "place"}
        return s.phase == ACTION and len(cells) > 1 and any(a.verb == "step" for a in s.legal_actions())

    state, last = first_position("diavola", placing)
    chooser = ActionChooser(view, state, state.legal_actions())
    chooser.choose(next(option for option in chooser.options if option[0] == "tile"))
    chooser.handle(inp.Intent(inp.ROTATE_CW))
    screenshot(view, state, last, chooser, folder / "falconi_mode2_place.png")

    state, last = first_position("diavola", lambda s: any(a.verb == "boost" for a in s.legal_actions()))
    chooser = ActionChooser(view, state, state.legal_actions())
    chooser.choose(("button", "boost"))
    chooser.set_focus(chooser.options[-1])
    screenshot(view, state, last, chooser, folder / "falconi_mode2_boost.png")


def car_fill_point(view, state, seat):
    """A pixel of a car's body clear of its letter and outline: ahead of the letter, on the car's axis."""
    geometry = view._geometry(state)
    x, y = geometry.car_point(state.cars[seat])
    dx, dy = draw.DIRECTIONS[edge_of(state.cars[seat])]
    return round(x - dx * 8), round(y - dy * 8)  # the heading is away from the entry edge


def station_roof_point(geometry, slot):
    """A pixel of a police station's roof away from its badge (towards the outside of the city, and aside) and
    above the caption at the bottom of the slot."""
    x, y = geometry.slot_rect(slot).center
    dx, dy = draw.DIRECTIONS[geometry.city.slots[slot].side]  # outwards
    out, aside = geometry.cs * 0.28, geometry.cs * 0.3
    return round(x + dx * out - abs(dy) * aside), round(y + dy * out - abs(dx) * aside)


@pytest.mark.slow
def test_the_colour_blind_setting_recolours_the_police_and_their_districts(tmp_path):
    """The same position in both palettes: the police cars, their districts' border, stations, tunnels and
    escape tiles take the seat colours of the setting read at draw time (the cached frame too), the grid and
    tiles stay as they were, and districts and escape tiles carry their police car's letter."""
    from scenes.falconi.colours import seat_colours

    pygame.init()
    context = AppContext(Settings(), tmp_path, SaveStore(tmp_path), AIService(), InputMapper())
    view = FalconiView(context)

    def wanted(state):  # every police car in the chase, no two cars on a place, escape tiles out
        cars = {state.cars[seat] for seat in (*POLICE, FUGITIVE) if state.cars[seat] >= 0}
        return (len(cars) == 4 and all(state.status[seat] == ACTIVE for seat in POLICE)
                and sum(district >= 0 for district in state.escapes) >= 2)

    state, _ = first_position("salami", wanted)
    frames = {}
    for colour_blind in (False, True, False):
        context.settings = context.settings.changed(colour_blind=colour_blind)
        surface = pygame.Surface((1280, 720))
        view.draw_board(surface, state, None, frozenset({state.turn_seat}), [])
        if colour_blind in frames:  # back to the first palette: the cached frame follows
            assert pygame.image.tobytes(surface, "RGB") == pygame.image.tobytes(frames[colour_blind], "RGB")
        frames[colour_blind] = surface
        pygame.image.save(surface, str(screenshot_folder(tmp_path) / f"falconi_palette_{colour_blind}.png"))
    geometry = view._geometry(state)
    for flag, frame in frames.items():
        for seat in POLICE:
            assert tuple(frame.get_at(car_fill_point(view, state, seat))[:3]) == seat_colours(flag)[seat]
        for slot, info in enumerate(state.city.slots):
            if info.role == "station":
                seat = draw.DISTRICT_SEAT[info.district]
                assert tuple(frame.get_at(station_roof_point(geometry, slot))[:3]) == seat_colours(flag)[seat]
        colours = {tuple(frame.get_at((x, y))[:3]) for x in range(BOARD_AREA.right) for y in range(BOARD_AREA.bottom)}
        for seat in POLICE:
            assert seat_colours(not flag)[seat] not in colours
    cells = [geometry.cell_rect(cell) for cell in range(state.city.cell_count)]
    changed = [(x, y) for x in range(BOARD_AREA.right) for y in range(BOARD_AREA.bottom)
               if frames[False].get_at((x, y)) != frames[True].get_at((x, y))]
    assert changed
    for point in changed:  # only the border ring, the cars on the grid and the strip's heading change
        if any(cell.collidepoint(point) for cell in cells):
            assert any(math.dist(point, geometry.car_point(state.cars[seat])) < 20 for seat in POLICE)
    # the districts and escape tiles are not told by colour alone: their police car's letter is on them
    letters = [context.tr(f"falconi.car.{seat}") for seat in range(4)]
    image = draw.escape_image(0, 2, 56, colours=view._colours(), letter=letters[1], text=context.text)
    plain = draw.escape_image(0, 2, 56, colours=view._colours())
    assert pygame.image.tobytes(image, "RGBA") != pygame.image.tobytes(plain, "RGBA")


# --- where a drive is clicked, which way a tile starts, the frame's captions, the names in the log ----------------
def drive_ends(view, state, chooser):
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


@pytest.mark.parametrize("variant", ["margherita", "funghi", "prosciutto"])
@pytest.mark.slow
def test_a_click_anywhere_in_a_drives_cell_chooses_one_of_the_drives_that_end_there(view, variant):
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


def test_clicking_the_middle_or_the_right_part_of_a_destination_cell_drives_there(view):
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


def test_a_mode_i_tile_starts_in_a_rotation_from_which_the_car_can_reach_an_open_end(view):
    state = fugitive_with_a_dead_end_east()
    chooser = ActionChooser(view, state, state.legal_actions())
    assert chooser.options == [("rot", Rotation(1, dead_end=True)), ("rot", Rotation(2))]
    assert chooser.focused == ("rot", Rotation(2))
    assert view.label(state, chooser.focused) == view.context.tr("falconi.tip.rot", degrees=180)


def test_a_police_tile_starts_in_a_rotation_that_keeps_the_car_in_the_chase(view):
    """Port police at its station with a curve: turned north-east (0°) it meets the side of a straight at (5,0)."""
    state = build(cars={PORT: "4,0 N"}, board={"5,0": "straight r0"}, turn_seat=PORT, phase="place", drawn="curve")
    chooser = ActionChooser(view, state, state.legal_actions())
    assert chooser.focused == ("rot", Rotation(3))
    chooser.cycle(1)
    assert chooser.focused == ("rot", Rotation(0, dead_end=True))
    assert view.label(state, chooser.focused) == view.context.tr("falconi.tip.rot_out")


def test_a_rotation_that_leads_nowhere_says_so_in_every_language_and_on_the_board(context):
    state = fugitive_with_a_dead_end_east()
    dead_end = ("rot", Rotation(1, dead_end=True))
    for language in LANGUAGES:
        view = view_in(language, context)
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


def test_when_every_rotation_leads_nowhere_the_tile_starts_as_before_and_warns(view):
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


def test_the_tunnel_labels_are_drawn_at_one_size_that_fits_their_slot_in_every_language(context):
    """The QA report: "verso E7" was shrunk while "verso E1" was not, so the Italian board had two sizes."""
    state = FalconiState.new_game("margherita", 0)
    tunnels = [slot for slot in state.city.slots if slot.role == "tunnel"]
    for language in LANGUAGES:
        text = RecordingText()
        view = view_in(language, context, text)
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


@pytest.mark.parametrize("variant", ["salami", "diavola"])  # Mode I lays a tile on its one square only
def test_the_ghost_on_a_focused_square_shows_a_way_the_tile_can_lie_there(view, variant):
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
