"""The Fredericus animations: each action kind moves its pieces from where they were to where they are now,
hides them from the board until done, fits in about a second and a half, and never shows a secret."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from random_moves import random_moves

from game.ai.service import AIService
from game.fredericus import FredericusState
from game.fredericus.actions import Action, raptor_owner
from game.services.saves import SaveStore
from game.services.settings import Settings
from scenes.context import AppContext
from scenes.fredericus import anim
from scenes.fredericus.layout import Layout
from scenes.fredericus.view import FredericusView
from scenes.kit.animation import Animation, Burst, Timeline
from scenes.kit.input import InputMapper
from scenes.playing.gameview import BOARD_AREA

KINDS = ("card", "raptor", "hood", "capture", "flip", "seal", "tidy", "bet", "token", "end")
SOUNDS = {"card_swish", "wings", "raptor_cry", "capture", "click"}
Move = tuple[FredericusState, Action, FredericusState]


@pytest.fixture(scope="module")
def view(tmp_path_factory: pytest.TempPathFactory) -> Iterator[FredericusView]:
    pygame.init()
    folder = tmp_path_factory.mktemp("fredericus_anim")
    yield FredericusView(AppContext(Settings(), folder, SaveStore(folder), AIService(), InputMapper()))
    pygame.quit()


def moves(players: int, seed: int) -> Iterator[Move]:
    """Every move of a random short game, as (before, action, after)."""
    yield from random_moves(FredericusState.new_game(players, seed, short_game=True), seed)


def first(kind: str, when: object = None) -> Move:
    """The first move of that kind in the random games of seeds 1, 2, … (that also satisfies ``when``)."""
    for seed in range(1, 60):
        for move in moves(4, seed):
            if move[1].kind == kind and (when is None or when(move)):  # type: ignore[operator]
                return move
    raise AssertionError(f"no {kind} move found")


def layouts(view: FredericusView, move: Move) -> tuple[Layout, Layout]:
    before, _, after = move
    return layout_of(before), layout_of(after)


def layout_of(game: FredericusState) -> Layout:
    return Layout([len(row) for row in game.rows()], game.raptor_posts(), game.hooded_raptors(), game.players,
                  game.seats)


def animations(view: FredericusView, move: Move, visible: frozenset[int] = frozenset()) -> list[Animation]:
    before, action, after = move
    return view.animations(before.clone(), action, after.clone(), visible)


def of_type(found: list[Animation], kind: type) -> list:
    return [animation for animation in found if isinstance(animation, kind)]


def frames(found: list[Animation]) -> list[bytes]:
    """The animations drawn alone at a few moments, from start to end."""
    pictures = []
    end = max(animation.end_time for animation in found)
    for moment in (0.0, 0.2, 0.4, 0.6, 0.8, 0.99):
        surface = pygame.Surface((800, 720), pygame.SRCALPHA)
        for animation in found:
            animation.elapsed = moment * end
            if animation.started and not animation.done:
                animation.draw(surface)
        pictures.append(pygame.image.tobytes(surface, "RGBA"))
    return pictures


def test_a_raptor_flight_starts_at_the_old_post_ends_at_the_new_one_and_hides_the_raptor(view):
    move = first("raptor")
    old, new = layouts(view, move)
    raptor = move[1].a
    flight = next(found for found in of_type(animations(view, move), anim.Flight) if found.piece.number == raptor)
    assert flight.position(0) == old.raptors[raptor][0] and flight.position(1) == new.raptors[raptor][0]
    assert flight.sound == "wings"
    timeline = Timeline()
    timeline.add([flight])
    timeline.update(flight.duration / 2)
    assert anim.raptor(raptor) in timeline.hidden
    timeline.update(flight.duration)
    assert not timeline.busy and anim.raptor(raptor) not in timeline.hidden


def test_a_capture_dives_on_the_creature_carries_it_off_towards_its_captors_card_and_flies_home(view):
    move = first("capture")
    before, action, after = move
    old, new = layouts(view, move)
    seat, post = raptor_owner(action.a), before.post_of(action.a)
    found = animations(view, move)
    capture = of_type(found, anim.Capture)[0]
    assert capture.position(0) == old.raptors[action.a][0]
    assert capture.position(capture.grab) == old.rows[post].centre(len(before.row(post)) - 1)
    assert capture.position(1) == new.hands[seat] and not BOARD_AREA.collidepoint(new.hands[seat])
    assert capture.hides == {anim.raptor(action.a), anim.caught(seat, before.row(post)[-1])}
    feathers = of_type(found, Burst)[0]
    assert feathers.sound == "capture" and capture.sound == "raptor_cry"
    home = [flight for flight in of_type(found, anim.Flight) if flight.piece.number == action.a][0]
    assert home.delay == pytest.approx(capture.end_time) and home.position(1) == new.raptors[action.a][0]


def test_a_moved_card_slides_from_row_end_to_row_end_and_the_board_leaves_it_out(view):
    move = first("card")
    before, action, after = move
    old, new = layouts(view, move)
    slide = of_type(animations(view, move), anim.CardSlide)[0]
    end = len(after.row(action.b)) - 1
    assert slide.position(0) == old.rows[action.a].centre(len(before.row(action.a)) - 1)
    assert slide.position(1) == new.rows[action.b].centre(end)
    assert slide.hides == {anim.card(action.b, end)} and slide.sound == "card_swish"
    shown, left_out = pygame.Surface((1280, 720)), pygame.Surface((1280, 720))
    view.draw_board(shown, after, None, frozenset(), [])
    view.draw_board(left_out, after, None, frozenset(), [], slide.hides)
    spot = new.rows[action.b].card_rect(end)
    assert pygame.image.tobytes(shown.subsurface(spot), "RGB") != pygame.image.tobytes(left_out.subsurface(spot), "RGB")


@pytest.mark.parametrize("kind", ["flip", "tidy"])
def test_a_flipped_or_tidied_row_sweeps_each_card_to_its_new_place(view, kind):
    move = first(kind)
    before, action, after = move
    _, new = layouts(view, move)
    sweep = of_type(animations(view, move), anim.RowSweep)[0]
    row = new.rows[action.a]
    assert sweep.hides == {anim.card(action.a, index) for index in range(len(after.row(action.a)))}
    landed = sorted((card.place, card.end) for card in sweep.moves)
    assert landed == [(index, row.centre(index)) for index in range(len(after.row(action.a)))]
    assert tuple(before.row(action.a)[index] for index in sorted(range(len(sweep.moves)),
                                                                 key=lambda index: sweep.moves[index].place)) \
        == after.row(action.a)


def test_hooding_hops_the_raptor_into_its_courtyard_segment(view):
    move = first("hood")
    _, action, _ = move
    old, new = layouts(view, move)
    hops = of_type(animations(view, move), anim.RaptorHop)
    hooded = [hop for hop in hops if hop.hood_on]
    assert {hop.piece.number for hop in hooded} == {raptor for raptor in range(8) if action.b >> raptor & 1}
    for hop in hooded:
        assert hop.position(0) == old.raptors[hop.piece.number][0]
        assert hop.position(1) == new.raptors[hop.piece.number][0] and hop.small_end


def test_a_bet_hops_a_token_from_its_falconers_card_to_its_tower(view):
    move = first("bet")
    before, action, after = move
    old, new = layouts(view, move)
    hop = of_type(animations(view, move), anim.TokenHop)[0]
    token = next(index for index, place in enumerate(after.betting_tokens()) if place != before.betting_tokens()[index])
    assert hop.hides == {anim.token(token)}
    assert hop.position(0) == old.hands[hop.seat]
    assert hop.position(1) == new.token_centres(after.betting_tokens())[token]
    assert new.tower_rect(action.a).inflate(24, 24).collidepoint(hop.position(1))


@pytest.mark.slow
def test_every_action_animates_briefly_with_known_sounds(view):
    seen: dict[str, int] = {}
    for players in (2, 3, 4):
        for move in moves(players, 5):
            found = animations(view, move)
            seen[move[1].kind] = seen.get(move[1].kind, 0) + 1
            if not found:
                continue
            assert max(animation.end_time for animation in found) <= 1.5, move[1]
            assert {animation.sound for animation in found} - {None} <= SOUNDS
            if seen[move[1].kind] <= 3:
                frames(found)  # each draws at any moment
    assert set(seen) >= set(KINDS) - {"seal"}


def test_objectives_drawn_fly_face_down_whatever_they_are_and_whoever_watches(view):
    """A flip draws an objective: the animation looks the same whichever card it is, whatever the deck's order,
    and whether or not the drawing falconer is at the screen."""
    move = first("flip", lambda m: m[2].objective_count(m[0].current_seat) > m[0].objective_count(m[0].current_seat))
    before, action, after = move
    seat = before.current_seat
    twin = after.to_json()  # another card drawn, and the deck in another order
    hand, deck = twin["objectives"][seat], twin["deck"]
    swap = next(letter for letter in deck if letter not in hand and letter != "F")
    twin["objectives"][seat] = hand.replace(hand[0], swap, 1)
    twin["deck"] = deck.replace(swap, hand[0], 1)[::-1]
    other = FredericusState.from_json(twin)
    shown = frames(animations(view, move, frozenset({seat})))
    assert shown == frames(animations(view, (before, action, other)))
    assert shown == frames(animations(view, move))
    slides = of_type(animations(view, move), anim.CardSlide)
    assert any(slide.position(1) == layouts(view, move)[1].hands[seat] for slide in slides)
