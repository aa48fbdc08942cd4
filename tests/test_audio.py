"""Sound: the committed WAV files are exactly what ``tools/make_sounds.py`` makes, each is sound (no clipping, no
silence, loops that join), and ``Audio`` plays them through the mixer, or stays silent without one."""

from __future__ import annotations

import array
import importlib
import math
import shutil
import subprocess
import sys
import wave
from pathlib import Path
from types import ModuleType

import pygame
import pytest

from game.ai.service import AIService
from game.services.saves import SaveStore
from game.services.settings import Settings
from scenes.boards import boards
from scenes.context import AppContext
from scenes.kit.audio import SOUND_FOLDER, Audio, cue_names, gain, music_names
from scenes.kit.input import InputMapper

ROOT = Path(__file__).resolve().parents[1]
RATE = 22050
assert boards()  # registered: each game's cues and music are in the kit's lists
EFFECT_FILES = [f"{cue}.wav" for cue in cue_names()]
MUSIC_FILES = [f"music_{name}.wav" for name in music_names()]


@pytest.fixture(scope="module")
def generator() -> ModuleType:
    return importlib.import_module("tools.make_sounds")


def read(name: str) -> list[int]:
    with wave.open(str(SOUND_FOLDER / name)) as file:
        assert (file.getnchannels(), file.getsampwidth(), file.getframerate()) == (1, 2, RATE)
        data = array.array("h", file.readframes(file.getnframes()))
    if sys.byteorder == "big":
        data.byteswap()
    return list(data)


def rms(values: list[int]) -> float:
    return math.sqrt(sum(v * v for v in values) / len(values))


def busy_channels() -> int:
    return sum(pygame.mixer.Channel(i).get_busy() for i in range(pygame.mixer.get_num_channels()))


class Clock:
    """A clock the test moves by hand, for the anti-stacking window."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def audio(clock: Clock):
    audio = Audio(1.0, 1.0, clock=clock)
    assert audio.available, "the dummy audio driver of tests/conftest.py should open"
    yield audio
    audio.close()


# --- the files ------------------------------------------------------------------------------------------------


@pytest.mark.slow
def test_generator_reproduces_the_committed_sounds_byte_for_byte(tmp_path):
    subprocess.run([sys.executable, "-m", "tools.make_sounds", str(tmp_path)], check=True, capture_output=True,
                   cwd=ROOT)
    made = sorted(path.name for path in tmp_path.iterdir())
    assert made == sorted(EFFECT_FILES + MUSIC_FILES)
    for name in made:
        assert (tmp_path / name).read_bytes() == (SOUND_FOLDER / name).read_bytes(), name


def test_the_sound_folder_holds_a_file_for_every_cue_and_loop_and_nothing_else():
    assert sorted(path.name for path in SOUND_FOLDER.iterdir()) == sorted(EFFECT_FILES + MUSIC_FILES)


def test_the_sound_folder_stays_small():
    assert sum(path.stat().st_size for path in SOUND_FOLDER.iterdir()) < 3_000_000


@pytest.mark.parametrize("name", EFFECT_FILES)
def test_an_effect_is_short(name):
    assert 0.05 <= len(read(name)) / RATE <= 1.5


@pytest.mark.parametrize("name", MUSIC_FILES)
def test_a_music_loop_lasts_sixteen_seconds(name):
    assert len(read(name)) == 16 * RATE


@pytest.mark.parametrize("name", EFFECT_FILES + MUSIC_FILES)
def test_a_sound_neither_clips_nor_is_silent(name):
    values = read(name)
    assert max(abs(v) for v in values) < 32767
    assert rms(values) > 1000  # about -30 dBFS


@pytest.mark.parametrize("name", EFFECT_FILES)
def test_an_effect_starts_and_ends_at_zero_so_it_does_not_click(name):
    values = read(name)
    assert abs(values[0]) < 100 and abs(values[-1]) < 100


def test_effects_are_equally_loud_within_three_decibels(generator):
    levels = {name: generator.loudness([v / 32767 for v in read(name)]) for name in EFFECT_FILES}
    quietest, loudest = min(levels.values()), max(levels.values())
    assert 20 * math.log10(loudest / quietest) < 3, levels


@pytest.mark.parametrize("name", MUSIC_FILES)
def test_a_music_loop_joins_its_start_without_a_jump(name):
    values = read(name)
    steps = sorted(abs(b - a) for a, b in zip(values, values[1:]))
    assert abs(values[0] - values[-1]) <= steps[int(len(steps) * 0.99)]


@pytest.mark.parametrize("name", MUSIC_FILES)
def test_a_music_loop_does_not_fade_at_its_seam(name):
    values = read(name)
    edge = RATE // 4
    assert rms(values[-edge:]) > 0.3 * rms(values) and rms(values[:edge]) > 0.3 * rms(values)


# --- Audio ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("cue", cue_names())
def test_every_cue_plays(audio, cue):
    audio.play(cue)
    assert busy_channels() == 1


def test_an_unknown_cue_is_a_value_error_even_when_silent():
    with pytest.raises(ValueError, match="unknown sound cue 'cath'"):
        Audio.silent().play("cath")


def test_an_unknown_music_is_a_value_error(audio):
    with pytest.raises(ValueError, match="unknown music"):
        audio.play_music("opera")


def test_the_same_cue_again_within_40_ms_is_not_stacked(audio, clock):
    audio.play("siren")
    clock.now += 0.02
    audio.play("siren")
    assert busy_channels() == 1
    clock.now += 0.05
    audio.play("siren")
    assert busy_channels() == 2


def test_effects_at_volume_0_play_nothing(clock):
    audio = Audio(0.0, 1.0, clock=clock)
    try:
        audio.play("siren")
        assert busy_channels() == 0
    finally:
        audio.close()


def test_music_loops_at_the_music_volume(audio):
    audio.set_volumes(1.0, 0.5)
    audio.play_music("falconi")
    assert audio.music == "falconi"
    assert pygame.mixer.music.get_busy()
    assert pygame.mixer.music.get_volume() == pytest.approx(gain(0.5), abs=0.01)


def test_the_same_music_again_is_not_restarted(audio, monkeypatch):
    audio.play_music("fredericus")
    loads = []
    monkeypatch.setattr(pygame.mixer.music, "load", lambda *args: loads.append(args))
    audio.play_music("fredericus")
    assert loads == [] and audio.music == "fredericus"


def test_no_music_fades_the_loop_out(audio):
    audio.play_music("falconi")
    audio.play_music(None)
    assert audio.music is None


def test_music_at_volume_0_stops_and_comes_back_with_the_volume(audio):
    audio.play_music("falconi")
    audio.set_volumes(1.0, 0.0)
    assert audio.music is None
    audio.set_volumes(1.0, 0.6)
    assert audio.music == "falconi"
    assert pygame.mixer.music.get_volume() == pytest.approx(gain(0.6), abs=0.01)


def test_the_volume_is_squared_and_kept_within_0_and_1():
    assert (gain(-1), gain(0), gain(0.5), gain(1), gain(2)) == (0, 0, 0.25, 1, 1)


def test_without_a_mixer_audio_is_silent_and_never_raises(monkeypatch, capsys):
    def refuse(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", refuse)
    audio = Audio(1.0, 1.0)
    assert not audio.available
    audio.play("bomb")
    audio.play_music("falconi")
    audio.set_volumes(0.2, 0.3)
    audio.close()
    assert audio.music is None
    assert capsys.readouterr().out == ""


def test_a_missing_or_unreadable_file_silences_only_its_cue(tmp_path, clock, capsys):
    shutil.copy(SOUND_FOLDER / "siren.wav", tmp_path)
    (tmp_path / "bomb.wav").write_bytes(b"not a wave file")
    audio = Audio(1.0, 1.0, folder=tmp_path, clock=clock)
    try:
        audio.play("bomb")
        audio.play("click")
        audio.play_music("falconi")
        assert busy_channels() == 0 and audio.music is None
        audio.play("siren")
        assert busy_channels() == 1
    finally:
        audio.close()
    assert capsys.readouterr().out == ""


def test_a_closed_audio_is_silent(audio):
    audio.close()
    assert not audio.available
    audio.play("click")
    audio.play_music("falconi")
    assert audio.music is None


def test_new_settings_change_the_audio_volumes(tmp_path, audio):
    context = AppContext(Settings(), tmp_path, SaveStore(tmp_path), AIService(), InputMapper(), audio=audio)
    context.change_settings(context.settings.changed(effects_volume=0.3, music_volume=0.0))
    assert (audio.effects_volume, audio.music_volume) == (0.3, 0.0)


def test_a_context_made_without_audio_gets_a_silent_one(tmp_path):
    context = AppContext(Settings(), tmp_path, SaveStore(tmp_path), AIService(), InputMapper())
    assert not context.audio.available
