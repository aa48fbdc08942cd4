"""The Fredericus board's geometry: rows of any length the rules allow stay on the board, clear of the panels
and evenly spaced; the arrows of card moves pass under the panels; chip counts never cover the next chip."""

from __future__ import annotations

import itertools
import random

import pygame
import pytest
from pygame import Vector2

from game.ai.service import AIService
from game.fredericus import FredericusState
from game.fredericus.cards import KINDS, ROW_LENGTH
from game.i18n import Translator
from game.services.saves import SaveStore
from game.services.settings import LANGUAGES, Settings
from scenes.context import AppContext
from scenes.fredericus import draw
from scenes.fredericus import layout as geometry
from scenes.fredericus.view import FredericusView
from scenes.kit.chooser import ActionChooser
from scenes.kit.input import InputMapper
from scenes.kit.ui import TextCache
from scenes.playing.gameview import BOARD_AREA

PLAYERS = (2, 3, 4)
LONGEST_ROW = 8 * max(ROW_LENGTH.values())  # every row card of a 4-player game gathered in one row
EDGE = 6  # the least room between the screen's edge and anything of a row


@pytest.fixture(autouse=True)
def fonts():
    pygame.init()
    yield
    pygame.quit()


def layout(lengths: list[int], players: int) -> geometry.Layout:
    posts = [post for seat in range(players) for post in (seat, seat + 4)]
    return geometry.Layout(lengths, posts, frozenset(), players)


def gaps(row: geometry.RowLayout) -> list[float]:
    """From card to card along the row's first leg, the one that squeezes (issue 51: past it a row folds)."""
    first = [offset for offset, leg in zip(row.offsets, row.on) if leg == 0]
    return [round(after - before, 6) for before, after in zip(first, first[1:])]


FOLDED = max(sum(leg.places for leg in legs) for legs in geometry.row_paths())  # the longest row that folds whole


def row_rects(row: geometry.RowLayout) -> list[pygame.Rect]:
    return [row.card_rect(index) for index in range(len(row.offsets))] + [row.slot_rect(), row.badge_rect()]


def diagonal(row: geometry.RowLayout) -> bool:
    return bool(row.direction.x and row.direction.y)


def test_every_row_keeps_one_card_spacing_from_a_four_player_deal_to_a_card_more():
    """R-2.3: eleven cards a row with four players; every row stays evenly spaced with a card moved onto it,
    and a diagonal step goes as far across and down as a straight one goes along."""
    steps = set()
    for length in range(2, ROW_LENGTH[4] + 2):
        for row in layout([length] * 8, 4).rows:
            assert len(set(gaps(row))) == 1, (length, gaps(row))
            steps.add(round(gaps(row)[0] / (2**0.5 if diagonal(row) else 1), 3))
    assert len(steps) == 1


@pytest.mark.parametrize("players", PLAYERS)
def test_rows_of_any_length_the_rules_allow_stay_on_the_board_and_off_the_panels(players):
    board = BOARD_AREA.inflate(-2 * EDGE, -2 * EDGE)
    for length in range(LONGEST_ROW + 1):
        places = layout([length] * 8, players)
        for number, row in enumerate(places.rows):
            for rect in row_rects(row):
                assert board.contains(rect), (number, length, rect)
                assert rect.collidelist(places.panels) == -1, (number, length, rect)


def test_a_row_too_long_for_its_folded_path_squeezes_only_its_inner_cards_evenly():
    for length in range(FOLDED + 1, LONGEST_ROW + 1):
        for short, row in zip(layout([2] * 8, 4).rows, layout([length] * 8, 4).rows):
            step = gaps(short)[0]
            spaces = gaps(row)
            assert spaces[-geometry.OUTER_STEPS:] == [step] * geometry.OUTER_STEPS, length  # the end cards, as ever
            inner = spaces[: -geometry.OUTER_STEPS]
            assert max(inner) - min(inner) < 1e-6 and 0 < min(inner) <= step, (length, inner)


def inner_corner(row: geometry.RowLayout, index: int) -> tuple[int, int]:
    """The pixel of a card nearest the castle."""
    rect, direction = row.card_rect(index), row.direction_at(index)  # a folded row's leg runs its own way
    x = rect.left if direction.x > 0.1 else rect.right - 1 if direction.x < -0.1 else rect.centerx
    y = rect.top if direction.y > 0.1 else rect.bottom - 1 if direction.y < -0.1 else rect.centery
    return x, y


@pytest.mark.parametrize("length", [ROW_LENGTH[4] + 1, 20, 30, 50, LONGEST_ROW])
def test_every_card_of_a_row_of_any_length_keeps_a_pixel_to_be_pointed_at(length):
    """Issue 38, point 7: however squeezed, each card can be pointed at, at its edge nearest the castle."""
    for number, row in enumerate(layout([length] * 8, 4).rows):
        assert [row.card_at(inner_corner(row, index)) for index in range(length)] == list(range(length)), number


@pytest.mark.parametrize("length", [FOLDED + 1, 30, LONGEST_ROW])
def test_a_card_lifted_from_a_squeezed_row_spreads_its_neighbours_and_moves_no_hotspot(length):
    """The lifted card, the first card (flipped, R-6.1) and the outer cards (moved, captured, tidied) stay
    put; the neighbours move a whole step apart where there is room, and every card still shows a sliver."""
    for number, row in enumerate(layout([length] * 8, 4).rows):
        assert row.squeezed > 0
        for lifted in range(length):
            drawn = row.spread(lifted)
            assert drawn.offsets[0] == 0 and drawn.offsets[lifted] == row.offsets[lifted], (number, lifted)
            assert drawn.offsets[row.squeezed:] == row.offsets[row.squeezed:], (number, lifted)
            spaces = gaps(drawn)
            assert min(spaces) >= geometry.THINNEST - 1e-6, (number, lifted)
            if lifted < row.squeezed:  # in the squeezed part: the whole row still fits where it did
                assert sum(spaces) == pytest.approx(sum(gaps(row)))
    middle = layout([30] * 8, 4).rows[1].spread(12)
    assert gaps(middle)[9:12] == [round(middle.step, 6)] * 3  # three cards inward show their whole strips


def positions(players: int) -> list[list[int]]:
    """Row lengths to draw arrows in: the deal, long and short rows side by side, and a random game's."""
    deal = ROW_LENGTH[players]
    lengths = [[deal] * 8, [1, 20] * 4, [20, 1] * 4, [30] * 8, [deal + 4] * 8]
    state = FredericusState.new_game(players, players)
    rng = random.Random(players)
    for number in range(600):
        if state.is_terminal():
            break
        if number % 40 == 0:
            lengths.append([len(row) for row in state.rows()])
        state.apply(rng.choice(state.legal_actions()))
    return lengths


def crosses(start: Vector2, end: Vector2, panels: list[pygame.Rect]) -> bool:
    return any(panel.clipline(start, end) for panel in panels)


@pytest.mark.parametrize("players", PLAYERS)
def test_no_arrow_of_a_card_move_is_drawn_across_a_panel(players):
    for lengths in positions(players):
        places = layout(lengths, players)
        for source, row in enumerate(places.rows):
            if not row.offsets:
                continue
            for target in (source - 1) % 8, (source + 1) % 8:
                start, end = row.centre(len(row.offsets) - 1), places.rows[target].slot_centre()
                pieces = geometry.arrow_pieces(start, end, places.panels)
                assert not any(crosses(begin, finish, places.panels) for begin, finish in pieces), (lengths, source)
                assert not any(panel.collidepoint(point) for panel in places.panels
                               for point in geometry.arrow_head(start, end)), (lengths, source, target)


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.slow
def test_the_card_move_previews_draw_no_arrow_pixel_in_a_panel(tmp_path, monkeypatch, players):
    """The drawn pixels, not only the geometry: each row's and each destination's preview looks the same in
    the panels with its arrows as without them."""
    view = FredericusView(AppContext(Settings(), tmp_path, SaveStore(tmp_path), AIService(), InputMapper()))
    state = FredericusState.new_game(players, 7)
    rng = random.Random(7)
    while state.phase_name != "play" or state.actions_left < 4:
        state.apply(rng.choice(state.legal_actions()))
    panels = view.layout(state).panels
    rows = [option for option in ActionChooser(view, state, state.legal_actions()).options if option[0] == "row"]
    assert rows
    arrow = draw.arrow
    for option in rows:
        for focus in [option, *[("to_row", (option[1] + side) % 8) for side in (-1, 1)]]:
            frames = []
            for drawn in (arrow, lambda *args, **kwargs: None):
                monkeypatch.setattr(draw, "arrow", drawn)
                chooser = ActionChooser(view, state, state.legal_actions())
                if focus[0] == "to_row":
                    chooser.choose(option)
                chooser.set_focus(focus)
                frames.append(pygame.Surface((1280, 720)))
                view.draw_board(frames[-1], state, chooser, frozenset(), [])
            for panel in panels:
                with_arrows, without = (pygame.image.tobytes(frame.subsurface(panel), "RGB") for frame in frames)
                assert with_arrows == without, (focus, panel)


def label_width(text: TextCache, key: str, language: str) -> int:
    return text.render(Translator(language)(key), 16).get_width()


def flag_runs(cards: int) -> list[tuple[bool, ...]]:
    """Every way ``cards`` cards or fewer can lie as chips: each kind held once (no count) or more (a count)."""
    runs = []
    for kinds in range(1, cards + 1):
        runs += [flags for flags in itertools.product((False, True), repeat=kinds) if kinds + sum(flags) <= cards]
    return runs


def assert_counts_clear(places: list[tuple[pygame.Rect, pygame.Rect | None]], panel: pygame.Rect) -> None:
    for index, (chip, badge) in enumerate(places):
        assert panel.contains(chip)
        if badge is None:
            continue
        assert panel.contains(badge)
        others = [other for number, (other, _) in enumerate(places) if number != index]
        assert badge.collidelist(others) == -1, (index, places)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.slow
def test_discard_counts_never_cover_the_next_chip(language):
    """Up to every objective kind and Fredericus face up, each kind perhaps many times (R-7.1)."""
    text = TextCache()
    lines = geometry.deck_chip_lines(label_width(text, "fredericus.board.discarded", language))
    for flags in flag_runs(2 * (KINDS + 1)):
        if len(flags) <= KINDS + 1:
            chips = [(kind, 2 if counted else 1) for kind, counted in enumerate(flags)]
            assert_counts_clear(geometry.chip_places(lines, chips), geometry.DECK_RECT)
