"""The side panel's HUD: a card per seat with its pieces, its name, who plays it (a person, or an AI level with
dots that move while it thinks), its tiles or objectives as pictures, face down where they are secret (F-6.2,
F-6.6, R-10), and a row of counters."""

from __future__ import annotations

import random
import time

import pygame
import pytest
from registry_cases import pizzas
from scene_driver import screenshot_dir
from test_falconi_view import context, decisions, view  # noqa: F401 — fixtures
from test_hints import DIAVOLA, FREDERICUS, game, wait_for_chooser  # noqa: F401 — a fixture

from game.core.message import Message
from game.falconi.constants import FUGITIVE, OUT, POLICE
from game.fredericus import FredericusState
from game.i18n import Translator
from game.services.settings import LANGUAGES
from scenes.fredericus.view import FredericusView
from scenes.kit import tooltip
from scenes.playing import hud
from scenes.playing.gameview import PANEL_AREA

CARD = pygame.Rect(0, 0, PANEL_AREA.width - 28, hud.CARD_HEIGHT)


class Painter:
    def picture(self, name: str, size: int) -> pygame.Surface:
        return pygame.Surface((size, size))

    def seat_colour(self, seat: int) -> tuple[int, int, int]:
        return (200, 60, 60)


def drawn(card: hud.SeatCard, player: hud.Player, clock: float, text) -> bytes:
    surface = pygame.Surface(CARD.size)
    hud.draw_hud(surface, CARD, hud.Hud((card,)), {card.seat: player}, Painter(), text, clock)
    return pygame.image.tobytes(surface, "RGB")


def test_the_dots_after_an_ai_level_move_while_it_thinks_and_stand_still_otherwise(view):  # noqa: F811
    card = hud.SeatCard(1, "Country police", Message("tips.falconi.car.1"))
    thinking, waiting, text = hud.Player("hard", True, True), hud.Player("hard", True), view.context.text
    later = hud.THINKING_PERIOD / 2
    assert drawn(card, thinking, 0.0, text) != drawn(card, thinking, later, text)
    assert drawn(card, waiting, 0.0, text) == drawn(card, waiting, later, text)
    assert drawn(card, waiting, 0.0, text) != drawn(card, hud.Player("Anna", False), 0.0, text)


@pytest.mark.parametrize("variant", pizzas(mode=2))
def test_f6_2_and_f6_6_the_police_see_don_falconis_tiles_and_accomplice_face_down_on_his_card(view, variant):  # noqa: F811
    seen = 0
    for state, _ in decisions(variant, range(500, 503), every=4):
        fugitive = next(card for card in view.hud(state, frozenset(POLICE)).cards if card.seat == FUGITIVE)
        own = next(card for card in view.hud(state, frozenset({FUGITIVE})).cards if card.seat == FUGITIVE)
        tiles = [chip for chip in fugitive.chips if chip.picture.startswith("tile:")]
        hidden = len(state.reserve(FUGITIVE)) + (state.accomplice >= 0)
        assert tiles == [hud.Chip("tile:back", Message("tips.falconi.hidden_tile"))] * len(tiles)
        assert len(tiles) >= hidden
        shown = [chip.picture for chip in own.chips if chip.picture.startswith("tile:")]
        assert "tile:back" not in shown and len(shown) == len(tiles)
        seen += hidden > 0
    assert seen > 5


def test_the_police_cars_tiles_and_don_falconis_tokens_are_pictures_everyone_sees(view):  # noqa: F811
    for state, _ in decisions("diavola", range(510, 512), every=5):
        cards = {card.seat: card for card in view.hud(state, frozenset()).cards}
        for seat in POLICE:
            if seat in cards:
                assert [chip.picture for chip in cards[seat].chips] == [f"tile:{item}" for item in state.reserve(seat)]
        tokens = [chip for chip in cards[FUGITIVE].chips if chip.picture.startswith("token:")]
        assert [chip.count for chip in tokens] == [f"×{state.boosts}"]
        assert tokens[0].picture == ("token:boost" if state.boosts else "token:boost_spent")


def test_a_car_out_of_the_chase_has_a_dimmed_card_and_whose_turn_it_is_is_outlined(view):  # noqa: F811
    outs = 0
    for state, _ in decisions("margherita", range(520, 530), every=3):
        cards = view.hud(state, frozenset()).cards
        assert [card.out for card in cards] == [state.status[seat] == OUT for seat in state.seats]
        assert [card.active for card in cards] == [seat == state.turn_seat for seat in state.seats]
        outs += any(card.out for card in cards)
    assert outs > 3


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_seats_name_and_points_fit_its_card_in_every_language(view, language):  # noqa: F811
    tr, text = Translator(language), view.context.text
    names = [tr(f"seat.falconi.{seat}") for seat in range(4)] + [tr(f"fredericus.colour.{seat}") for seat in range(4)]
    points = text.font(20, bold=True).size(tr("fredericus.board.points.other", count=88))[0]
    room = CARD.width - 20 - hud.PORTRAIT - 10 - points - 8
    for name in names:
        assert text.font(hud.NAME_SIZES[-1], bold=True).size(name)[0] <= room, name


def test_fredericus_cards_show_each_falconers_points_and_only_their_own_objectives(view):  # noqa: F811
    fredericus = FredericusView(view.context)
    state = FredericusState.new_game(4, 9)
    seat = state.current_seat
    cards = {card.seat: card for card in fredericus.hud(state, frozenset({seat})).cards}
    assert set(cards) == set(state.seats) and cards[seat].active
    assert all(card.points == view.context.tr.plural("fredericus.board.points", 1) for card in cards.values())
    tags = {"start", "keeper"}  # the start player's star and the deck keeper's deck
    assert [chip.picture for chip in cards[seat].chips if chip.picture not in tags] == [f"token:{seat}"] + [
        f"objective:{kind}" for kind, count in enumerate(state.objectives_seen_by({seat}, seat)) if count]
    assert all([chip.picture for chip in cards[other].chips if chip.picture not in tags]
               == [f"token:{other}", "objective:back"] for other in cards if other != seat)


def hover_tip(driver, wanted) -> str:
    """Rest the mouse on the first tip of the side panel ``wanted`` accepts; the words the tooltip then shows."""
    driver.run()
    area = next(tip.area for tip in tooltip.tips().tips if wanted(tip.message) and PANEL_AREA.contains(tip.area))
    driver.move(area.center)
    for _ in range(60):
        driver.run()
        shown = tooltip.tips().shown
        if shown is not None:
            return shown.words
    raise AssertionError("no tooltip")


def test_the_cards_say_who_plays_each_seat_and_their_pictures_explain_themselves(game, tmp_path):  # noqa: F811
    driver, scene, _asked = game(DIAVOLA)
    wait_for_chooser(driver, scene)
    players = scene.source.players()
    assert players[FUGITIVE] == hud.Player("Anna", False)
    assert all(players[seat] == hud.Player("easy", True) for seat in POLICE)  # Anna's turn: no AI thinks
    tr = driver.app.context.tr
    words = hover_tip(driver, lambda message: message.key == "tips.falconi.boosts")
    assert words == tr.message(Message.of("tips.falconi.boosts", left=2, total=2))
    driver.save(screenshot_dir(tmp_path), "hud_diavola_tip")
    words = hover_tip(driver, lambda message: message.key == "tips.falconi.car.2")
    assert words == tr("tips.falconi.car.2")


def test_an_ai_seat_thinks_on_its_card_while_it_chooses(game, tmp_path):  # noqa: F811
    driver, scene, _asked = game(FREDERICUS, ai_pause=0.5)
    rng = random.Random(3)
    for _ in range(400):
        state = scene.match.state
        if state.current_seat == 1:
            break
        if scene.chooser is not None:
            action = rng.choice(state.legal_actions())
            scene.source.play_action(action)
        driver.run()
        time.sleep(0.002)
    assert scene.match.state.current_seat == 1
    assert scene.source.players()[1] == hud.Player("easy", True, True) and not scene.source.players()[0].thinking
    driver.save(screenshot_dir(tmp_path), "hud_fredericus_thinking")
