"""Issue 51: Fredericus at a glance. At the logical size (1280×720) no box lies over a card row and every card lies
on the board, inside the window, however long its row; each falconer's card stands in the side panel, every
picture on it inside it.

Driven through the real play scene: games of 2, 3 and 4 falconers (a person and AI seats) are played at random
towards the longest rows they can make, and each position is opened, pointed at and drawn while every row, card
and box is recorded as it is painted. Esc, as in Falconi, takes back a half-made choice, else pauses.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from dataclasses import replace as changed

import pygame
import pytest
from fredericus_builder import build_position
from scene_driver import screenshot_dir

from game.falconi.options import FalconiOptions
from game.fredericus.actions import CARD
from game.fredericus.cards import ROW_LETTERS, in_play_totals
from game.fredericus.state import FredericusState
from game.services.match import Match, MatchSetup, Person, SeatPlan
from scenes.fredericus import draw, panels
from scenes.fredericus.layout import RowLayout
from scenes.fredericus.view import FredericusView
from scenes.kit.chooser import ActionChooser
from scenes.kit.stack import Push, Replace
from scenes.playing import hud
from scenes.playing.gameview import BOARD_AREA, PANEL_AREA
from scenes.playing.play import PlayScene, make_view
from scenes.playing.sources.local import start_match_scene

WINDOW = pygame.Rect(0, 0, 1280, 720)


@dataclass
class Drawn:
    """What the board and the side panel painted since the last ``clear``."""

    cards: list[pygame.Rect] = field(default_factory=list)  # every row card, the lifted one with its frame
    slots: list[pygame.Rect] = field(default_factory=list)  # where a card moved onto each row would lie
    boxes: list[pygame.Rect] = field(default_factory=list)  # the board's boxes: deck, turn, legends
    seat_cards: list[pygame.Rect] = field(default_factory=list)  # the falconers' cards in the side panel

    def clear(self) -> None:
        for found in (self.cards, self.slots, self.boxes, self.seat_cards):
            found.clear()

    def problems(self) -> list[str]:
        found = [f"card {card} leaves the board" for card in self.cards if not BOARD_AREA.contains(card)]
        found += [f"slot {slot} leaves the board" for slot in self.slots if not BOARD_AREA.contains(slot)]
        for box in self.boxes + self.seat_cards:
            found += [f"box {box} lies over card {card}" for card in self.cards if box.colliderect(card)]
            found += [f"box {box} lies over slot {slot}" for slot in self.slots if box.colliderect(slot)]
        found += [f"seat card {card} is not in the side panel" for card in self.seat_cards
                  if not PANEL_AREA.contains(card)]
        return found


@pytest.fixture
def drawn(monkeypatch) -> Drawn:
    """Record every row, lifted card, board box and seat card as the real drawing paints it."""
    record = Drawn()
    paint_row, paint_lifted, paint_wedge, draw_block = draw.paint_row, draw.paint_lifted, panels.paint_wedge, \
        hud._draw_block

    def row(surface, text, layout: RowLayout, cards, shorts, hidden=frozenset()):
        record.cards += [layout.card_rect(index) for index in range(len(cards)) if index not in hidden]
        record.slots.append(layout.slot_rect())
        return paint_row(surface, text, layout, cards, shorts, hidden)

    def lifted(surface, text, layout: RowLayout, cards, index, shorts):
        record.cards.append(layout.card_rect(index).inflate(4, 4))  # its frame
        return paint_lifted(surface, text, layout, cards, index, shorts)

    def wedge(surface, rect, *rest):
        record.boxes.append(pygame.Rect(rect))
        return paint_wedge(surface, rect, *rest)

    def block(surface, rect, *rest):
        record.seat_cards.append(pygame.Rect(rect))
        return draw_block(surface, rect, *rest)

    monkeypatch.setattr(draw, "paint_row", row)
    monkeypatch.setattr(draw, "paint_lifted", lifted)
    monkeypatch.setattr(panels, "paint_wedge", wedge)
    monkeypatch.setattr(hud, "_draw_block", block)
    return record


def lengthening(players: int, seed: int) -> Iterator[FredericusState]:
    """The positions of a random game, seat 0's to play, whose card moves go onto the longest row they can
    four times in five: the longest rows a game makes."""
    state = FredericusState.new_game(players, seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.current_seat == 0:
            yield state.clone()
        legal = state.legal_actions()
        moves = [action for action in legal if action.kind == CARD]
        if moves and rng.random() < 0.8:
            action = max(moves, key=lambda move: (len(state.row(move.b)), rng.random()))
        else:
            action = rng.choice(legal)
        state.apply(action)


def longest_rows(players: int) -> Iterator[FredericusState]:
    """Every row card of the game in one row (R-3.2 allows it), for each of the eight rows in turn."""
    letters = "".join(letter * count for letter, count in zip(ROW_LETTERS, in_play_totals(players)))
    for row in range(8):
        yield build_position(players, {row: letters})


def setup(players: int) -> MatchSetup:
    """Anna at seat 0, AI falconers at the others."""
    return MatchSetup("fredericus", (SeatPlan.human(0),) + (SeatPlan.ai("easy"),) * (players - 1),
                      (Person("Anna"),))


def show(driver, players: int, state: FredericusState) -> PlayScene:
    """The play scene at ``state`` on top, in place of the one shown before."""
    match = Match(setup(players))
    match.state = state
    scene = start_match_scene(driver.app.context, match)
    driver.app.stack.apply(Replace(scene) if isinstance(driver.top, PlayScene) else Push(scene))
    driver.run()
    assert driver.top is scene
    return scene


def look_along_the_longest_row(driver, scene: PlayScene) -> None:
    """Point at the longest row's end card, its middle card and its first card, each lifted whole in turn."""
    view, state = scene.view, scene.match.state
    assert isinstance(view, FredericusView) and isinstance(state, FredericusState)
    number = max(range(8), key=lambda row: len(state.row(row)))
    row = view.layout(state).rows[number]
    length = len(state.row(number))
    for index in sorted({length - 1, length // 2, 0}):
        rect, way = row.card_rect(index), row.direction_at(index)  # a folded row's leg runs its own way
        driver.move((rect.x + 1 if way.x >= 0 else rect.right - 2, rect.y + 1 if way.y >= 0 else rect.bottom - 2))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_box_lies_over_a_card_and_every_card_lies_on_the_board(driver, drawn, players):
    positions = [state for seed in (1, 2) for number, state in enumerate(lengthening(players, seed))
                 if number % 3 == 0]
    positions += list(longest_rows(players))
    longest = 0
    for state in positions:
        drawn.clear()
        scene = show(driver, players, state)
        look_along_the_longest_row(driver, scene)
        assert drawn.cards and len(drawn.seat_cards) >= players, "the board or the side panel was not drawn"
        assert drawn.problems() == [], (players, [len(row) for row in state.rows()])
        longest = max(longest, *map(len, state.rows()))
    assert longest == sum(in_play_totals(players)[:11])  # the longest row the rules allow was drawn


def test_every_picture_on_a_falconers_card_stays_inside_it(driver, monkeypatch):
    """R-7.2: the eighth creature caught ends the hunt, so eight kinds at most; with five objective kinds in hand,
    two of a kind, and both tokens, a card still holds every picture and count inside itself."""
    state = build_position(2, creatures={0: "gubchmdp"}, objectives={0: "gubchhh"}, trigger="eighth_creature")
    pictures: list[pygame.Rect] = []
    draw_picture = hud.draw_picture

    def picture(surface, painter, name, size, midleft):
        pictures.append(draw_picture(surface, painter, name, size, midleft))
        return pictures[-1]

    monkeypatch.setattr(hud, "draw_picture", picture)
    blocks: list[pygame.Rect] = []
    draw_block = hud._draw_block
    monkeypatch.setattr(hud, "_draw_block", lambda surface, rect, *rest: (blocks.append(rect),
                                                                       draw_block(surface, rect, *rest)))
    show(driver, 2, state)
    driver.run()
    first = blocks[0]
    mine = [rect for rect in pictures if first.colliderect(rect) and rect.height < 30]
    assert len(mine) >= 8
    assert all(first.contains(rect) for rect in mine), (first, mine)


@pytest.mark.parametrize("language", ["it", "de"])
@pytest.mark.parametrize("players", [2, 4])
def test_screenshots_of_a_late_position_with_long_rows(driver, tmp_path, players, language):
    """For a person to look at: a late position of each size, the longest row pointed at."""
    context = driver.app.context
    context.change_settings(changed(context.settings, language=language))
    state = list(lengthening(players, 3))[-1]
    scene = show(driver, players, state)
    look_along_the_longest_row(driver, scene)
    driver.save(screenshot_dir(tmp_path), f"fredericus_glance_{players}_{language}")


SETUPS = {
    "fredericus": MatchSetup("fredericus", (SeatPlan.human(0), SeatPlan.ai("easy")), (Person("Anna"),), seed=3),
    "falconi": MatchSetup("falconi", (SeatPlan.human(0), SeatPlan("off"), SeatPlan.ai("easy"), SeatPlan("off")),
                          (Person("Anna"),), seed=3, options=FalconiOptions("salami")),  # a tile, then its cell
}


@pytest.mark.parametrize("game", ["fredericus", "falconi"])
def test_esc_cancels_a_half_made_choice_then_pauses_in_both_games(driver, game):
    """Esc is Back: with a choice half made it takes that step back, and with none it opens the pause, in
    Fredericus as in Falconi (P pauses at once in both)."""
    match = Match(SETUPS[game])
    rng = random.Random(5)
    view = make_view(driver.app.context, game)
    while True:  # the person to play, with a first step on the board that completes no action
        state = match.state
        chooser = ActionChooser(view, state, state.legal_actions())
        half = next((option for option in chooser.options
                     if not view.is_button(option) and chooser.action_of(option) is None), None)
        if state.current_seat == 0 and half is not None:
            break
        match.play(rng.choice(state.legal_actions()))
    scene = start_match_scene(driver.app.context, match)
    driver.app.stack.apply(Push(scene))
    driver.run(2)
    chooser = scene.chooser
    assert chooser is not None and not chooser.chosen
    driver.click(chooser.rect(half).center)
    assert scene.chooser is chooser and chooser.chosen and driver.top is scene
    driver.key(pygame.K_ESCAPE)
    assert not chooser.chosen and driver.top is scene  # the choice undone, the game still on screen
    driver.key(pygame.K_ESCAPE)
    assert type(driver.top).__name__ == "PauseOverlay"
    driver.key(pygame.K_ESCAPE)  # Esc leaves the pause again
    assert driver.top is scene
    driver.click(chooser.rect(half).center)
    driver.key(pygame.K_p)
    assert type(driver.top).__name__ == "PauseOverlay"
