"""The animation timeline the play scene runs over the board: timing, sounds, shakes, skipping, hidden pieces."""

from __future__ import annotations

import math

import pygame
import pytest

from scenes.kit.animation import (
    MAX_SHAKE_SECONDS,
    Animation,
    Burst,
    Flash,
    Path,
    Timeline,
    ease_in_out,
    ease_out_back,
    ease_out_cubic,
)


class Recorder(Animation):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.drawn: list[float] = []

    def draw(self, surface: pygame.Surface) -> None:
        self.drawn.append(self.progress)


def test_an_animation_runs_from_its_delay_to_its_end():
    animation = Animation(1.0, delay=0.5)
    assert not animation.started and animation.progress == 0
    animation.advance(0.75)
    assert animation.started and animation.progress == pytest.approx(0.25)
    animation.advance(1.0)
    assert animation.done and animation.progress == 1


@pytest.mark.parametrize("duration, delay", [(0, 0), (-1, 0), (1, -0.1)])
def test_an_animation_needs_a_positive_duration(duration, delay):
    with pytest.raises(ValueError):
        Animation(duration, delay)


def test_sounds_start_with_their_animation_even_after_a_delay():
    cues: list[str] = []
    timeline = Timeline(cues.append)
    timeline.add([Animation(0.2, sound="engine"), Animation(0.2, delay=0.3, sound="catch")])
    assert cues == ["engine"]
    timeline.update(0.25)
    assert cues == ["engine"]
    timeline.update(0.1)
    assert cues == ["engine", "catch"]
    timeline.update(1.0)
    assert cues == ["engine", "catch"] and not timeline.busy


def test_the_board_hides_a_piece_only_while_its_animation_runs():
    timeline = Timeline()
    timeline.add([Animation(0.5, hides={"car:1"}), Animation(1.0, hides={"cell:40"})])
    assert timeline.hidden == {"car:1", "cell:40"}
    timeline.update(0.6)
    assert timeline.hidden == {"cell:40"}
    timeline.update(0.5)
    assert timeline.hidden == frozenset() and not timeline.busy


def test_skipping_ends_everything_at_once():
    timeline = Timeline()
    first, second = Recorder(1.0, hides={"car:0"}, shake=6), Recorder(1.0, delay=2.0)
    timeline.add([first, second])
    timeline.skip()
    assert first.done and second.done
    assert not timeline.busy and timeline.hidden == frozenset() and timeline.shake_offset() == (0, 0)


def test_only_started_animations_are_drawn_with_their_progress():
    timeline = Timeline()
    now, later = Recorder(1.0), Recorder(1.0, delay=0.5)
    timeline.add([now, later])
    surface = pygame.Surface((10, 10))
    timeline.draw(surface)
    timeline.update(0.75)
    timeline.draw(surface)
    assert now.drawn == [0.0, 0.75] and later.drawn == [pytest.approx(0.25)]


def test_a_shake_pushes_the_board_and_dies_out():
    timeline = Timeline()
    timeline.add([Animation(1.0, shake=8)])
    offsets = []
    for _ in range(10):
        offsets.append(math.hypot(*timeline.shake_offset()))
        timeline.update(MAX_SHAKE_SECONDS / 8)
    assert max(offsets[:3]) > 4 and all(distance <= 8.5 for distance in offsets)
    assert offsets[-1] == 0 and timeline.shake_offset() == (0, 0)


def test_a_path_is_walked_at_constant_speed_with_its_heading():
    path = Path([(0, 0), (10, 0), (10, -10)])
    assert path.length == 20
    assert path.at(0.0) == ((0, 0), 0.0)
    point, heading = path.at(0.25)
    assert point == (5, 0) and heading == 0.0
    point, heading = path.at(0.75)
    assert point == (10, -5) and heading == pytest.approx(90.0)  # up the screen is counter-clockwise
    assert path.at(1.0)[0] == (10, -10)
    assert Path([(3, 4)]).at(0.5) == ((3, 4), 0.0)
    with pytest.raises(ValueError):
        Path([])


@pytest.mark.parametrize("ease", [ease_out_cubic, ease_in_out, ease_out_back])
def test_easings_start_at_zero_and_end_at_one(ease):
    assert ease(0.0) == pytest.approx(0.0) and ease(1.0) == pytest.approx(1.0)


def test_a_burst_with_the_same_seed_draws_the_same_pixels():
    pictures = []
    for _ in range(2):
        burst = Burst((50, 50), [(255, 200, 40), (240, 80, 30)], count=30, seed=7)
        burst.advance(0.3)
        surface = pygame.Surface((100, 100))
        burst.draw(surface)
        pictures.append(pygame.image.tobytes(surface, "RGB"))
    assert pictures[0] == pictures[1] and len(set(pictures[0])) > 1


def test_a_flash_fades_out():
    flash = Flash((40, 40), (255, 255, 255), radius=30, filled=True)
    brightness = []
    for amount in (0.1, 0.9):
        flash.elapsed = amount * flash.duration
        surface = pygame.Surface((80, 80))
        flash.draw(surface)
        brightness.append(sum(pygame.image.tobytes(surface, "RGB")))
    assert brightness[0] > brightness[1] > 0
