"""Issue 51, Fredericus at a glance: a row longer than its straight run folds round a bend into free board space
instead of squeezing its cards, so that every card shows its whole sign.

Checked on the layout for every row and every length a row can have (R-3.2: at most every row card of the
game, gathered in one row), with the other rows as long as their whole folded paths, and drawn for a person to
look at: a long north row and a long diagonal one, in Italian and German.
"""

from __future__ import annotations

from dataclasses import replace as changed

import pygame
import pytest
from fredericus_builder import build_position
from scene_driver import screenshot_dir

from game.fredericus.cards import ROW_LENGTH, ROW_LETTERS, TOWERS, in_play_totals
from game.services.match import Match, MatchSetup, Person, SeatPlan
from scenes.fredericus import layout as geometry
from scenes.fredericus.rows import RowLayout, rect_at
from scenes.kit.stack import Push
from scenes.playing.gameview import BOARD_AREA
from scenes.playing.sources.local import start_match_scene

MOST = sum(in_play_totals(4))  # every row card of a four-falconer game in one row
POSTS = [0, 4, 1, 5, 2, 6, 3, 7]  # two raptors a falconer, one at each of a seat's posts


def capacity(number: int) -> int:
    """How many cards a row holds, its bends included, before it squeezes."""
    return sum(leg.places for leg in geometry.row_paths()[number])


def full_layout(number: int, length: int) -> geometry.Layout:
    """Row ``number`` ``length`` cards long, every other row as long as its whole path."""
    return geometry.Layout([length if row == number else capacity(row) for row in range(TOWERS)], POSTS, (), 4)


def strip_rect(row: RowLayout, index: int) -> pygame.Rect:
    """What a card shows of itself (its sign's room), in pixels; on a diagonal, the sign's corner square."""
    middle, (width, height) = row.strip(index)
    return rect_at(middle, (round(width), round(height))).inflate(-2, -2)  # a pixel's rounding either side


def blocked(places: geometry.Layout) -> list[pygame.Rect]:
    return (list(places.panels) + [places.tower_rect(tower) for tower in range(TOWERS)]
            + [places.post_rect(post) for post in range(TOWERS)] + [places.raptor_rect(raptor) for raptor in POSTS]
            + [places.segment_rect(segment) for segment in range(TOWERS)])


def test_the_north_row_no_longer_squeezes_where_it_did():
    """The playtest's row: a dozen cards straight up squeezed their signs half away; now they fold."""
    assert min(capacity(row) for row in range(TOWERS)) >= 2 * ROW_LENGTH[4] - 2
    for number in range(TOWERS):
        assert capacity(number) > geometry.row_paths()[number][0].places, number  # every row has a bend
        assert geometry.Layout([capacity(number)] * TOWERS, POSTS, (), 4).rows[number].squeezed == 0


@pytest.mark.parametrize("number", range(TOWERS))
def test_every_card_of_a_row_of_any_length_shows_its_sign_on_the_board_clear_of_everything(number):
    """Every length up to every card of the game: each card inside the board, off the panels, towers, posts and
    raptors (but for the first card, at its tower's foot, R-1.1, and a squeezed row's inner ones beside it) and
    off every other row; up to the row's whole path, no card lies over another's sign, and the
    destination box lies on the board, clear of every card."""
    for length in range(MOST + 1):
        places = full_layout(number, length)
        row = places.rows[number]
        others = [other.card_rect(index) for mine, other in enumerate(places.rows) if mine != number
                  for index in range(len(other.offsets))]
        mine = [row.card_rect(index) for index in range(length)]
        for index, rect in enumerate(mine):
            assert BOARD_AREA.contains(rect), (length, index, rect)
            assert index <= row.squeezed or rect.collidelist(blocked(places)) == -1, (length, index, rect)
            assert rect.collidelist(others) == -1, (length, index, rect)
        for box in (row.slot_rect(), row.badge_rect()) if length else ():  # the first place touches its tower
            assert BOARD_AREA.contains(box) and box.collidelist(blocked(places)) == -1, (length, box)
            assert box.collidelist(others) == -1 and box.collidelist(mine) == -1, (length, box)
        if length > capacity(number):
            assert row.squeezed > 0
            continue
        assert row.squeezed == 0
        for index in range(length):
            sign = strip_rect(row, index)
            assert all(not mine[later].colliderect(sign) for later in range(index + 1, length)), (length, index)
            assert row.card_at(sign.center) == index, (length, index)  # a click on the sign finds its card


@pytest.mark.parametrize("number", range(TOWERS))
def test_the_destination_box_and_the_way_on_follow_the_bend(number):
    """Beyond the end card the box lies along the end card's leg, or round the bend where that leg ends; a
    card's direction is its leg's, as the animations swing it aside from it."""
    for length in range(1, capacity(number) + 1):
        row = full_layout(number, length).rows[number]
        end = row.centre(length - 1)
        way = (row.slot_centre() - end).normalize()
        legs = row.legs
        assert way in (legs[row.on[-1]].direction, legs[min(row.on[-1] + 1, len(legs) - 1)].direction), length
        for index in range(length):
            assert row.direction_at(index) == legs[row.on[index]].direction


def long_position(row: int, length: int):
    """A four-falconer position whose row ``row`` holds ``length`` cards, creatures mostly (their signs carry
    letters), the others sharing the rest of the cards evenly."""
    totals = in_play_totals(4)
    pool = [ROW_LETTERS[code] for round in range(max(totals)) for code in range(len(totals)) if totals[code] > round]
    pool.sort(key=lambda letter: letter in "TSI")  # creatures first, one of each kind in turn
    rest = len(pool) - length
    lengths = [length if number == row else rest // 7 + (number < rest % 7) for number in range(TOWERS)]
    cards, taken = {}, 0
    for number in [row] + [number for number in range(TOWERS) if number != row]:
        cards[number] = "".join(pool[taken:taken + lengths[number]])
        taken += lengths[number]
    return build_position(4, cards)


@pytest.mark.slow
@pytest.mark.parametrize("language", ["it", "de"])
def test_screenshots_of_long_folded_rows(driver, tmp_path, language):
    """For a person to look at: a long north row and a long diagonal one folded at the board's edge."""
    context = driver.app.context
    context.change_settings(changed(context.settings, language=language))
    for row, length in ((0, capacity(0)), (1, capacity(1))):
        state = long_position(row, length)
        match = Match(MatchSetup("fredericus", (SeatPlan.human(0),) + (SeatPlan.ai("easy"),) * 3,
                                 (Person("Anna"),)))
        match.state = state
        driver.app.stack.apply(Push(start_match_scene(context, match)))
        driver.run()
        assert len(state.row(row)) == length
        places = driver.top.view.layout(state).rows[row]
        assert places.squeezed == 0
        rect = places.card_rect(length - 4)  # on the leg past the bend
        driver.move(rect.center)
        driver.run()
        driver.save(screenshot_dir(tmp_path), f"fredericus_folded_row_{row}_{language}")
