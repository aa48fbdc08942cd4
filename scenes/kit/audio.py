"""The game's sound: named effects and two music loops from ``assets/sounds`` (made by ``tools/make_sounds.py``),
played through pygame's mixer at the player's volumes.

Sound is a nicety, never a reason to stop: with no audio device, or a sound file missing or unreadable, the game
carries on in silence. Only a cue that does not exist is an error, since that is a typo in the calling code."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pygame

from game.resources import asset_path
from scenes.kit.names import Names

SOUND_FOLDER = asset_path("sounds")
# The kit's own cues, in files named ``<cue>.wav``; each game adds its own when its board is registered
# (BoardSpec.sounds), and its music loop (BoardSpec.music), in ``music_<name>.wav``.
CUES = Names(("click", "deny"))
MUSIC = Names()
RESTART_GAP = 0.04  # seconds: a cue started again sooner is dropped, as stacked copies only sound louder and phasey
FADE_MS = 500
CHANNELS = 16  # the mixer's default 8 runs short when a siren, an engine and a few clicks overlap


def cue_names() -> tuple[str, ...]:
    """Every effect: the kit's own, then each registered game's."""
    return CUES.all()


def music_names() -> tuple[str, ...]:
    """The music loops: each registered game's."""
    return MUSIC.all()


def gain(volume: float) -> float:
    """The mixer's gain for a volume setting (0..1): squared, since the ear hears loudness on a roughly
    logarithmic scale and a linear slider would do all its work in its lowest notches."""
    volume = min(1.0, max(0.0, volume))
    return volume * volume


def _open_mixer() -> tuple[bool, bool]:
    """Whether the mixer is usable, and whether we opened it (so we also close it)."""
    try:
        opened = not pygame.mixer.get_init()
        if opened:
            pygame.mixer.init()
        pygame.mixer.set_num_channels(CHANNELS)
    except (pygame.error, NotImplementedError, OSError):  # no device, no driver, or a pygame without its mixer
        return False, False
    return True, opened


class Audio:
    """Plays effects and music; silent (every method a no-op) when the mixer cannot be opened."""

    def __init__(
        self,
        effects_volume: float,
        music_volume: float,
        folder: Path = SOUND_FOLDER,
        clock: Callable[[], float] = time.monotonic,
        open_mixer: bool = True,
    ) -> None:
        self._effects_volume = effects_volume
        self._music_volume = music_volume
        self._folder = folder
        self._clock = clock
        self._last_start: dict[str, float] = {}
        self._music_wanted: str | None = None
        self._music_playing: str | None = None
        self._available, self._owns_mixer = _open_mixer() if open_mixer else (False, False)
        # loaded up front, so the first play of each cue does not wait for the disk (a game registered later
        # has its cues loaded on their first play)
        self._sounds = {cue: self._load(cue) for cue in cue_names()} if self._available else {}

    @classmethod
    def silent(cls) -> Audio:
        """An Audio that never opens the mixer: for contexts made without an app, such as in tests."""
        return cls(0.0, 0.0, open_mixer=False)

    @property
    def available(self) -> bool:
        return self._available

    @property
    def effects_volume(self) -> float:
        return self._effects_volume

    @property
    def music_volume(self) -> float:
        return self._music_volume

    @property
    def music(self) -> str | None:
        """The loop playing now (``None`` when none is, also when the music volume is 0)."""
        return self._music_playing

    def _load(self, cue: str) -> pygame.mixer.Sound | None:
        try:
            sound = pygame.mixer.Sound(str(self._folder / f"{cue}.wav"))
        except (pygame.error, OSError):
            return None  # that cue stays silent; the others still play
        sound.set_volume(gain(self._effects_volume))
        return sound

    def play(self, cue: str) -> None:
        """Play the effect ``cue`` (one of ``cue_names()``) once."""
        if cue not in CUES:
            raise ValueError(f"unknown sound cue {cue!r}; the cues are: {', '.join(cue_names())}")
        if self._available and cue not in self._sounds:
            self._sounds[cue] = self._load(cue)
        sound = self._sounds.get(cue)
        if sound is None or self._effects_volume <= 0:
            return
        now = self._clock()
        last = self._last_start.get(cue)
        if last is not None and now - last < RESTART_GAP:
            return
        self._last_start[cue] = now
        sound.play()

    def play_music(self, name: str | None) -> None:
        """Loop the music ``name`` (one of ``music_names()``), fading in; the loop already playing goes on
        undisturbed; ``None`` fades the music out."""
        if name is not None and name not in music_names():
            raise ValueError(f"unknown music {name!r}; the loops are: {', '.join(music_names())}")
        self._music_wanted = name
        self._follow_music()

    def _follow_music(self) -> None:
        """Bring the mixer's music in line with the wanted loop and volume: at volume 0 it stops rather than
        playing unheard, and it starts again when the volume comes back."""
        if not self._available:
            return
        wanted = self._music_wanted if self._music_volume > 0 else None
        if wanted == self._music_playing:
            pygame.mixer.music.set_volume(gain(self._music_volume))
            return
        self._music_playing = None
        if wanted is None:
            pygame.mixer.music.fadeout(FADE_MS)
            return
        try:
            pygame.mixer.music.load(str(self._folder / f"music_{wanted}.wav"))
            pygame.mixer.music.set_volume(gain(self._music_volume))
            pygame.mixer.music.play(loops=-1, fade_ms=FADE_MS)
        except (pygame.error, OSError):
            return  # no music, the game goes on
        self._music_playing = wanted

    def set_volumes(self, effects: float, music: float) -> None:
        """Use new volumes (0..1) from now on; 0 is silence."""
        self._effects_volume = effects
        self._music_volume = music
        for sound in self._sounds.values():
            if sound is not None:
                sound.set_volume(gain(effects))
        self._follow_music()

    def close(self) -> None:
        """Stop every sound and let go of the mixer; afterwards the object is silent."""
        if not self._available:
            return
        pygame.mixer.stop()
        pygame.mixer.music.stop()
        pygame.mixer.music.unload()
        self._sounds = {}
        self._music_playing = None
        self._available = False
        if self._owns_mixer:
            pygame.mixer.quit()
