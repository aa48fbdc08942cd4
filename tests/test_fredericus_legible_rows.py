"""Issue 38, point 7: a long Fredericus row can be read card by card, and raptors sharing a post stand apart.

Driven through the real app with posted events: the mouse pointer over any card of the longest row the rules
allow, or the keyboard's and a pad's focus stepped along a row, shows that card whole on screen (its pixels
are the card's own picture); raptors on one post are drawn clear of each other and each is clicked on its own.
"""

from __future__ import annotations

import random

import pygame
import pytest
from fredericus_builder import build_position
from scene_driver import screenshot_dir

from game.fredericus.actions import raptor_kind, raptor_owner
from game.fredericus.cards import ROW_LETTERS, TOWERS, in_play_totals
from game.fredericus.state import FredericusState
from game.services.match import Match, MatchSetup, SeatPlan
from scenes.fredericus import draw
from scenes.fredericus import sprites as sp
from scenes.fredericus.layout import RowLayout
from scenes.fredericus.sprites import SPRITES
from scenes.fredericus.view import FredericusView
from scenes.kit.stack import Push
from scenes.playing.play import PlayScene
from scenes.playing.sources.local import start_match_scene

PLAYERS = 4  # the most row cards (R-2.3: 88), so the longest row the rules allow


def row_cards(seed: int, leave_out: str = "") -> str:
    """Every row card of a four-player game but those of ``leave_out``, shuffled."""
    letters = [ROW_LETTERS[code] for code, count in enumerate(in_play_totals(PLAYERS)) for _ in range(count)]
    for letter in leave_out:
        letters.remove(letter)
    random.Random(seed).shuffle(letters)
    return "".join(letters)


def play_scene(driver, state: FredericusState) -> PlayScene:
    """The play scene of a four-falconer game at ``state``, one person playing every seat."""
    match = Match(MatchSetup("fredericus", (SeatPlan.human(0),) * PLAYERS))
    match.state = state
    driver.app.stack.apply(Push(start_match_scene(driver.app.context, match)))
    driver.run(2)
    scene = driver.top
    assert isinstance(scene, PlayScene)
    return scene


def inner_corner(row: RowLayout, index: int) -> tuple[int, int]:
    """The pixel of a card nearest the castle: no later card of its row lies over it."""
    rect, direction = row.card_rect(index), row.direction_at(index)  # a folded row's leg runs its own way
    x = rect.left if direction.x > 0.1 else rect.right - 1 if direction.x < -0.1 else rect.centerx
    y = rect.top if direction.y > 0.1 else rect.bottom - 1 if direction.y < -0.1 else rect.centery
    return x, y


def shown_whole(scene: PlayScene, screen: pygame.Surface, row: int, index: int) -> bool:
    """Whether every opaque pixel of the card's own picture is on screen where the card lies."""
    view, state = scene.view, scene.match.state
    assert isinstance(view, FredericusView) and isinstance(state, FredericusState)
    rect = view.layout(state).rows[row].card_rect(index)
    look = view.look()
    code = state.row(row)[index]
    image = draw.card_image(look.text, code, rect.size, look.shorts)
    return all(screen.get_at((rect.x + x, rect.y + y)) == image.get_at((x, y))
               for x in range(rect.width) for y in range(rect.height) if image.get_at((x, y)).a == 255)


@pytest.mark.slow
@pytest.mark.parametrize("row", [0, 1])  # straight up and a diagonal (every direction: the layout's tests)
def test_pointing_at_any_card_of_the_longest_row_shows_that_card_whole(driver, tmp_path, row):
    """R-2.3 and R-3.2: all 88 row cards of a four-player game can gather in one row."""
    scene = play_scene(driver, build_position(PLAYERS, {row: row_cards(row)}))
    cards = len(scene.match.state.row(row))
    assert cards == 88
    places = scene.view.layout(scene.match.state).rows[row]
    for index in range(cards):
        driver.move(inner_corner(places, index))
        assert shown_whole(scene, driver.app.screen, row, index), index
        if index == cards // 2:
            driver.save(screenshot_dir(tmp_path), f"fredericus_longest_row_{row}_pointed")
    assert not scene.match.log  # looking plays nothing


def test_pointing_along_a_long_row_spreads_the_neighbours_of_the_card_pointed_at(driver, tmp_path):
    """Thirty cards and more in a row: around the card pointed at, the cards either side show their signs again."""
    scene = play_scene(driver, build_position(PLAYERS, {1: row_cards(1)[:30]}))
    places = scene.view.layout(scene.match.state).rows[1]
    assert len(places.offsets) >= 30
    driver.move((640, 700))  # the meadow, off every card
    before = pygame.image.tobytes(driver.app.screen, "RGB")
    driver.move(inner_corner(places, 12))
    assert shown_whole(scene, driver.app.screen, 1, 12)
    drawn = places.spread(12)
    assert drawn.offsets[11] - drawn.offsets[10] == pytest.approx(places.step)  # card 10 shows its sign
    assert drawn.offsets[14] - drawn.offsets[13] == pytest.approx(places.step)
    driver.save(screenshot_dir(tmp_path), "fredericus_long_row_spread")
    driver.move((640, 700))  # off the row again: it lies as before
    assert pygame.image.tobytes(driver.app.screen, "RGB") == before


def flip_ready(row: int) -> FredericusState:
    """The longest row that can be flipped (R-6.1: both adjacent rows end in a seal), Red's falcon on its post."""
    rows = {(row - 1) % TOWERS: "I", (row + 1) % TOWERS: "I", row: row_cards(row, leave_out="II")}
    return build_position(PLAYERS, rows, raptors={"0f": row})


@pytest.mark.slow
@pytest.mark.parametrize("device", ["keyboard", "pad"])
def test_the_focus_steps_along_a_long_row_and_each_card_shows_whole(driver, tmp_path, device):
    """The focus goes to the first card (to flip it, R-6.1) with Tab or X; rotate (R and E, the shoulder
    buttons) then steps along the row to its end and back, every card shown whole on the way."""
    scene = play_scene(driver, flip_ready(3))
    cards = len(scene.match.state.row(3))
    assert cards == 86
    chooser = scene.chooser
    assert chooser is not None and ("flip", 3) in chooser.options
    forward, backward, next_option = (
        (lambda: driver.key(pygame.K_r), lambda: driver.key(pygame.K_e), lambda: driver.key(pygame.K_TAB))
        if device == "keyboard" else
        (lambda: driver.pad(pygame.CONTROLLER_BUTTON_RIGHTSHOULDER),
         lambda: driver.pad(pygame.CONTROLLER_BUTTON_LEFTSHOULDER), lambda: driver.pad(pygame.CONTROLLER_BUTTON_X)))
    for _ in chooser.options:
        if chooser.focused == ("flip", 3):
            break
        next_option()
    assert chooser.focused == ("flip", 3)
    assert shown_whole(scene, driver.app.screen, 3, 0)
    steps = cards if device == "keyboard" else 12  # every card once; the pad's buttons do the same
    for index in range(1, steps):
        forward()
        assert shown_whole(scene, driver.app.screen, 3, index), index
        if index == 40:
            driver.save(screenshot_dir(tmp_path), f"fredericus_long_row_stepped_{device}")
    if device == "keyboard":
        forward()  # the end card stays, the last of the row
        assert shown_whole(scene, driver.app.screen, 3, cards - 1)
    for index in range(steps - 2, steps - 6, -1):
        backward()
        assert shown_whole(scene, driver.app.screen, 3, index), index
    assert chooser.focused == ("flip", 3) and not scene.match.log


# --- raptors sharing a post -----------------------------------------------------------------------------------
RAPTOR_NAMES = [f"{seat}{kind}" for seat in range(PLAYERS) for kind in "fg"]


def drawn_rect(scene: PlayScene, raptor: int) -> pygame.Rect:
    """Where the raptor's picture covers the board (its see-through margin left out)."""
    view, state = scene.view, scene.match.state
    assert isinstance(view, FredericusView) and isinstance(state, FredericusState)
    centre, small = view.layout(state).raptors[raptor]
    hooded = state.is_hooded(raptor)
    image = SPRITES.tinted(raptor_kind(raptor), sp.HOODED if hooded else sp.PERCHED,
                           draw.SEAT_COLOURS[raptor_owner(raptor)], sp.SMALL if small else 1.0)
    where = image.get_rect(center=(round(centre.x), round(centre.y)))
    return image.get_bounding_rect().move(where.topleft)


@pytest.mark.parametrize("sharing", [2, 3, 5, 8])  # 8: every raptor of four falconers (R-3.2: any number)
def test_raptors_on_one_post_are_drawn_apart_and_each_is_clicked_on_its_own(driver, tmp_path, sharing):
    """Red's falcon and goshawk share post 5 with up to six more raptors: no two pictures overlap by more than
    a twentieth, and a click on each of Red's birds chooses that bird."""
    names = RAPTOR_NAMES[:sharing]
    scene = play_scene(driver, build_position(PLAYERS, raptors={name: 5 for name in names}))
    rects = [drawn_rect(scene, raptor) for raptor in range(sharing)]
    for first in range(sharing):
        for second in range(first + 1, sharing):
            overlap = rects[first].clip(rects[second])
            assert overlap.width * overlap.height <= rects[first].width * rects[first].height / 20, (first, second)
    layout = scene.view.layout(scene.match.state)
    for raptor, rect in enumerate(rects):  # the hotspot under the middle of each picture is its own
        assert [other for other in range(sharing) if layout.raptor_rect(other).collidepoint(rect.center)] == [raptor]
    driver.save(screenshot_dir(tmp_path), f"fredericus_{sharing}_raptors_on_one_post")
    for raptor in (0, 1):  # Red decides: Red's two birds may move
        driver.click(rects[raptor].center)
        assert scene.chooser is not None and scene.chooser.prefix == [("raptor", raptor)], raptor
        driver.key(pygame.K_ESCAPE)
        assert scene.chooser.prefix == []
