"""The Falconi animations: cars drive in their right-hand lane (F-3.6) round curves and U-turn loops and through
tunnels (F-1.4), tiles drop, bombs and catches shake the board with their sound, everything is over within
about 1.5 s, and no animation shows the police what Don Falconi hides (F-9)."""

from __future__ import annotations

import math
import random
import re

import pygame
import pytest
from board_frames import frames
from falconi_scenarios import build, play
from random_moves import random_moves
from registry_cases import pizzas

from game.ai.service import AIService
from game.falconi.constants import FUGITIVE, POLICE, PORT
from game.falconi.state import FalconiState
from game.services.saves import SaveStore
from game.services.settings import Settings
from scenes.context import AppContext
from scenes.falconi import anim, sprites
from scenes.falconi.lanes import LanePath, tile_lane
from scenes.falconi.view import FalconiView
from scenes.kit.animation import Animation, Timeline
from scenes.kit.input import InputMapper

LONGEST = 1.5  # seconds at speed 1: the new position is never hidden for longer
PIECE = re.compile(r"(car|cell|slot|edge|strip):\d+")


@pytest.fixture(scope="module")
def view(tmp_path_factory):
    pygame.init()
    folder = tmp_path_factory.mktemp("data")
    return FalconiView(AppContext(Settings(), folder, SaveStore(folder), AIService(), InputMapper()))


def animate(view, state, text, visible=frozenset(range(4))):
    """Play ``text`` on ``state``: the animations, the position after, and the position before."""
    before, action = state.clone(), state.parse_action(text)
    after = state.clone()
    after.apply(action)
    return view.animations(before, action, after, frozenset(visible)), after, before


def only(animations, kind):
    found = [a for a in animations if isinstance(a, kind)]
    assert len(found) == 1, animations
    return found[0]


def moves(variants, seeds):
    """Every move of random games: (position before, the move, position after)."""
    for variant in variants:
        for seed in seeds:
            yield from random_moves(FalconiState.new_game(variant, seed), seed)


def first_move(variant, wanted):
    return next(move for move in moves((variant,), range(80)) if wanted(*move))


def curve_drive():
    """Don Falconi before the prison lays a curve S–W and drives round it to (3,8) (F-5.1)."""
    state = play(build(cars={FUGITIVE: "4,8 S"}, turn_seat=FUGITIVE, phase="place", drawn="curve"),
                 "place curve 4,8 r2")
    return state


def test_a_drive_starts_and_ends_where_the_board_shows_the_car(view):
    animations, after, before = animate(view, curve_drive(), "drive 3,8 E")
    drive = only(animations, anim.Drive)
    geometry = view._geometry(after)
    assert math.dist(drive.place_at(0)[0], geometry.car_point(before.cars[FUGITIVE])) < 0.01
    assert math.dist(drive.place_at(1)[0], geometry.car_point(after.cars[FUGITIVE])) < 0.01
    assert drive.hides == {"car:0"} and drive.sound == "engine"


def turn_difference(a, b):
    return (b - a + 180) % 360 - 180


def test_a_car_turning_left_keeps_to_its_lane_on_an_arc_and_turns_its_heading_smoothly_f3_6(view):
    """Through a straight, then round a curve S–W laid before: the curve's lane is a quarter circle."""
    state = play(build(cars={FUGITIVE: "4,8 S"}, board={"4,7": "curve r2"}, turn_seat=FUGITIVE, phase="place",
                       drawn="straight"), "place straight 4,8 r0")
    animations, after, _ = animate(view, state, "drive 3,7 E")
    drive = only(animations, anim.Drive)
    geometry = view._geometry(after)
    cell = geometry.cell_rect(after.city.cell(4, 7))
    corner = cell.bottomleft  # the curve joins S and W: it turns about the south-west corner
    outer = geometry.cs / 2 + geometry.cs * sprites.LANE  # a left turn keeps to the outer lane
    samples = [drive.place_at(step / 400) for step in range(401)]
    on_arc = [(point, heading) for point, heading, _ in samples if cell.collidepoint(point)]
    assert len(on_arc) > 20 and all(abs(math.dist(point, corner) - outer) < 0.5 for point, _ in on_arc)
    middle = (corner[0] + outer * math.cos(-math.pi / 4), corner[1] + outer * math.sin(-math.pi / 4))
    point, heading = min(on_arc, key=lambda sample: math.dist(sample[0], middle))
    assert 125 < heading < 145  # between north (90) and west (180)
    headings = [heading for _, heading, _ in samples]
    assert all(abs(turn_difference(a, b)) < 5 for a, b in zip(headings, headings[1:]))  # it turns, never snaps


def test_a_car_resting_before_a_curve_drives_off_without_a_jump(view):
    animations, _, _ = animate(view, curve_drive(), "drive 3,8 E")
    drive = only(animations, anim.Drive)
    samples = [drive.place_at(step / 400) for step in range(401)]
    assert samples[0][1] == pytest.approx(90, abs=8)  # still facing north as it sets off
    assert all(abs(turn_difference(a[1], b[1])) < 5 for a, b in zip(samples, samples[1:]))
    assert all(math.dist(a[0], b[0]) < 2 for a, b in zip(samples, samples[1:]))


def test_a_straight_drive_stays_in_the_right_hand_lane(view):
    state = play(build(cars={FUGITIVE: "4,8 S"}, turn_seat=FUGITIVE, phase="place", drawn="straight"),
                 "place straight 4,8 r0")
    animations, after, _ = animate(view, state, "drive 4,7 S")
    drive = only(animations, anim.Drive)
    centre_line = view._geometry(after).cell_rect(after.city.cell(4, 8)).centerx
    for step in range(21):
        (x, _), heading, _ = drive.place_at(step / 20)
        assert x == pytest.approx(centre_line + view._geometry(after).cs * sprites.LANE, abs=0.01)  # heading north
        assert heading == pytest.approx(90, abs=0.5)


def test_a_u_turn_goes_anticlockwise_round_its_island_and_comes_back_in_the_other_lane(view):
    state = FalconiState.new_game("margherita", 0)
    geometry = view._geometry(state)
    cell = state.city.cell(4, 4)
    lane = tile_lane(geometry, cell, 2, 2)  # a U-turn open to the south, entered from there
    rect, offset = geometry.cell_rect(cell), geometry.cs * sprites.LANE
    assert lane[0] == pytest.approx((rect.centerx + offset, rect.bottom))
    assert lane[-1] == pytest.approx((rect.centerx - offset, rect.bottom))
    path = LanePath([lane], geometry.cs)
    samples = [path.at(path.total * step / 200) for step in range(201)]
    top_point, top_heading, _ = min(samples, key=lambda sample: sample[0][1])
    assert abs(abs(top_heading) - 180) < 12  # across the top going west: the island on its left
    assert samples[0][1] == pytest.approx(90, abs=1) and samples[-1][1] == pytest.approx(-90, abs=1)
    centre = (rect.centerx, rect.bottom - geometry.cs * sprites.U_LOOP_CENTRE)
    assert math.dist(top_point, centre) == pytest.approx(geometry.cs * sprites.U_LOOP_RADIUS, abs=0.5)


def test_a_car_fades_into_a_tunnel_and_out_of_its_partner_f1_4(view):
    state = play(build(board={"1,1": "straight r1"}, cars={FUGITIVE: "0,1 E"}, turn_seat=FUGITIVE, phase="place",
                       drawn="straight"), "place straight 0,1 r1")
    animations, after, _ = animate(view, state, "drive 8,7 E")
    drive = only(animations, anim.Drive)
    geometry = view._geometry(after)
    assert len(drive.path.legs) == 2
    samples = [drive.place_at(step / 200) for step in range(201)]
    alphas = [alpha for _, _, alpha in samples]
    assert alphas[0] == 1 and alphas[-1] == 1 and min(alphas) == 0
    gone = next(index for index, alpha in enumerate(alphas) if alpha == 0)
    back = next(index for index in range(gone, len(alphas)) if alphas[index] > 0)
    slots = after.city.slot_by_name
    assert geometry.slot_rect(slots["W1"]).collidepoint(samples[gone][0])
    assert geometry.slot_rect(slots["E7"]).collidepoint(samples[back][0])


def test_a_drive_hides_its_car_from_the_board_until_it_is_done(view):
    animations, _, _ = animate(view, curve_drive(), "drive 3,8 E")
    timeline = Timeline()
    timeline.add(animations)
    assert "car:0" in timeline.hidden
    timeline.update(only(animations, anim.Drive).duration + 0.01)
    assert "car:0" not in timeline.hidden


def test_longer_drives_take_longer_up_to_a_cap():
    times = [anim.drive_seconds(cells) for cells in (1, 2, 4, 8, 30)]
    assert times == sorted(times) and times[0] < times[2] and times[-1] == anim.LONGEST_DRIVE < LONGEST
    assert 0.18 <= anim.drive_seconds(5) / 5 <= 0.25


def test_a_laid_tile_drops_from_above_and_keeps_the_car_on_it_on_top(view):
    state = build(cars={FUGITIVE: "4,8 S"}, turn_seat=FUGITIVE, phase="place", drawn="curve")
    animations, after, _ = animate(view, state, "place curve 4,8 r2")
    drop = only(animations, anim.Drop)
    cell = after.city.cell(4, 8)
    assert drop.hides == {f"cell:{cell}", "car:0"} and drop.sound == "tile_drop"
    canvas = pygame.Surface((1280, 720), pygame.SRCALPHA)
    drop.draw(canvas)
    tile = canvas.get_bounding_rect(min_alpha=250)
    assert tile.width == pytest.approx(1.25 * view._geometry(after).cs, abs=1)


def test_a_three_point_turn_turns_the_car_on_the_spot(view):
    before, action, after = first_move("salami", lambda b, a, s: a.verb == "turn")
    animations = view.animations(before, action, after, frozenset(range(4)))
    turn = only(animations, anim.TurnOnSpot)
    geometry = view._geometry(after)
    seat = before.turn_seat
    assert turn.hides == {f"car:{seat}"} and turn.end == pytest.approx(geometry.car_point(after.cars[seat]))
    assert abs(turn.turn) in (90, 180)


def test_a_chili_bomb_explodes_with_a_shake_and_keeps_the_rubble_until_then_f5_4(view):
    before, action, after = first_move("margherita", lambda b, a, s: a.verb == "bomb")
    animations = view.animations(before, action, after, frozenset(range(4)))
    assert any(a.sound == "bomb" and a.shake > 0 for a in animations)
    closed = {f"edge:{place}" for place, flag in enumerate(after.closed) if flag and not before.closed[place]}
    assert closed and closed <= frozenset().union(*(a.hides for a in animations))


def test_a_catch_flashes_with_sparks_and_a_shake_after_the_drive(view):
    before, action, after = first_move("margherita", lambda b, a, s: s.outcome is not None
                                       and s.outcome.termination == "catch")
    animations = view.animations(before, action, after, frozenset(range(4)))
    drive = only(animations, anim.Drive)
    catch = next(a for a in animations if a.sound == "catch")
    assert catch.shake > 0 and catch.delay == pytest.approx(drive.duration) and drive.sound == "siren"


def test_an_escape_ends_in_confetti(view):
    before = build("prosciutto", board={"0,2": "straight r0"}, cars={FUGITIVE: "0,3 N"}, escapes={"W3": "country"},
                   turn_seat=FUGITIVE, phase="place", drawn="curve", reserves=[[], [], [], []])
    play(before, "place curve 0,3 r3")
    animations, after, _ = animate(view, before, "drive W3", frozenset(range(4)))
    assert after.outcome.termination == "escape"
    assert any(a.sound == "escape" and a.delay > 0 for a in animations)


def test_a_chili_boost_burns_a_trail_and_smashes_its_crater_under_the_car_f6_6(view):
    before, action, after = first_move("diavola", lambda b, a, s: a.verb == "boost" and any(
        step.smashed >= 0 for step in b.boost_routes()[a.path]))
    animations = view.animations(before, action, after, frozenset(range(4)))
    drive = only(animations, anim.Drive)
    smash = next(a for a in animations if isinstance(a, anim.Smash))
    assert drive.boost and drive.sound == "boost"
    assert animations.index(smash) < animations.index(drive)  # drawn first: the car drives over it
    assert any(a.shake > 0 for a in animations)


def test_every_move_animates_within_a_second_and_a_half_and_names_what_it_hides(view):
    counted = 0
    for before, action, after in moves(("margherita", "prosciutto", "salami", "diavola"), range(3)):
        animations: list[Animation] = view.animations(before, action, after, frozenset(range(4)))
        assert max((a.end_time for a in animations), default=0) <= LONGEST, before.action_text(action)
        assert all(PIECE.fullmatch(piece) for a in animations for piece in a.hides)
        counted += bool(animations)
    assert counted > 100


@pytest.mark.parametrize("variant", pizzas(mode=2))
@pytest.mark.slow
def test_animations_show_the_police_nothing_of_don_falconis_secrets_f9(view, variant):
    """Twin games that differ only in what Don Falconi hides look the same to the police mid-animation."""
    police = frozenset(POLICE)
    compared = 0
    for seed in range(40):
        if compared > 60:
            break
        state = FalconiState.new_game(variant, 40 + seed)
        rng = random.Random(seed)
        while not state.is_terminal() and compared < 30 * (seed + 1):
            twin = state.determinize(PORT, random.Random(compared))
            text = state.action_text(rng.choice(state.legal_actions()))
            if text in {twin.action_text(action) for action in twin.legal_actions()}:
                pictures = []
                for position in (state, twin):
                    animations, after, _ = animate(view, position, text, police)
                    pictures.append((after.observation(PORT), frames(view, after, animations, police)))
                if pictures[0][0] == pictures[1][0]:
                    assert pictures[0][1] == pictures[1][1], text
                    compared += 1
            state.apply(state.parse_action(text))
    assert compared > 60


def test_a_tile_drawn_by_don_falconi_turns_over_face_up_only_for_him(view):
    before, action, after = first_move("salami", lambda b, a, s: a.verb == "draw" and b.turn_seat == FUGITIVE
                                       and s.turn_seat == FUGITIVE)
    shown = {}
    for visible in (frozenset({FUGITIVE}), frozenset(POLICE)):
        flip = only(view.animations(before, action, after, visible), anim.Flip)
        shown[FUGITIVE in visible] = pygame.image.tobytes(flip.image, "RGBA")
        assert flip.sound == "card_swish"
    back = pygame.Surface((64, 64), pygame.SRCALPHA)
    from scenes.falconi import draw

    draw.tile_back(back, back.get_rect(), view.context.text)
    assert shown[False] == pygame.image.tobytes(back, "RGBA") != shown[True]
