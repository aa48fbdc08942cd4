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
from registry_cases import pizzas

from game.ai.service import AIService
from game.falconi.city import edge_of
from game.falconi.constants import ACTION, ACTIVE, BLAST, COUNTRY, DRIVE, FOREST, FUGITIVE, POLICE, PORT
from game.falconi.network import drive_route
from game.falconi.state import FalconiState
from game.falconi.variants import VARIANTS
from game.i18n import CATALOG_FOLDER
from game.services.match import LogEntry
from game.services.saves import SaveStore
from game.services.settings import LANGUAGES, Settings
from scenes.context import AppContext
from scenes.falconi import draw
from scenes.falconi.steps import drive_goal, hand_tiles
from scenes.falconi.view import FalconiView
from scenes.kit import input as inp
from scenes.kit import ui_art
from scenes.kit.chooser import ActionChooser
from scenes.kit.input import InputMapper
from scenes.kit.ui import TextCache
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


@pytest.mark.parametrize("variant", pizzas())
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


@pytest.mark.parametrize("variant", pizzas())
def test_the_chooser_reaches_every_legal_action_by_clicks_and_buttons(view, variant):
    for state, _ in decisions(variant, range(100, 106), every=3):
        for action in state.legal_actions():
            assert click_through(view, state, action) == action


@pytest.mark.parametrize("variant", pizzas(mode=1)[::-1])
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


@pytest.mark.parametrize("variant", pizzas())
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
        for variant in pizzas():
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
    for variant in pizzas():
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
    for name in pizzas():
        state = FalconiState.new_game(name, 1)
        assert view.has_secrets(state, FUGITIVE) == (VARIANTS[name].mode == 2)
        assert not any(view.has_secrets(state, seat) for seat in POLICE)


@pytest.mark.parametrize("variant", pizzas(mode=2))
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


@pytest.mark.parametrize("variant", pizzas(mode=2))
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
