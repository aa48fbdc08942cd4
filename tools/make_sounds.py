"""Synthesise the game's sound effects and two music loops into ``assets/sounds/`` as 16-bit mono WAV files.

Every sound is made from oscillators, envelopes, one-pole filters, Karplus-Strong plucked strings and seeded
noise, the generic building blocks of ``tools/sound_dsp.py``; this file holds the recipes. Nothing is recorded or
downloaded. The output is deterministic (each sound has its own seed, so running the script again gives the same
bytes) and committed, so the game never runs this script; run it again after changing a sound and commit the new
files.

Usage: ``python -m tools.make_sounds [OUTPUT_FOLDER]``
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from random import Random

from tools import CHECKOUT_ASSETS
from tools.sound_dsp import (
    RATE,
    SINE,
    TAU,
    Signal,
    add,
    adsr,
    band_limited,
    decay,
    detune,
    fade_edges,
    glide,
    highpass,
    loop_frequency,
    lowpass,
    mix,
    noise,
    normalise,
    oscillate,
    pitch,
    samples,
    saturate,
    score,
    silence,
    string,
    times,
    write_wav,
)
from tools.sound_dsp import loudness as loudness  # tests/test_audio.py measures the files with it

EFFECT_LOUDNESS = 0.2  # weighted RMS of an effect's loudest tenth of a second, the same for every effect
MUSIC_LOUDNESS = 0.09  # weighted RMS of a whole loop: below the effects, which must be heard over the music
LOOP_BARS = 8
DEFAULT_FOLDER = CHECKOUT_ASSETS / "sounds"


# --- effects --------------------------------------------------------------------------------------------------


def engine() -> Signal:
    """A car pulling away: the firing note climbs with the revs, the exhaust roar opens up, a short gear change."""
    rng = Random(101)
    n = samples(0.8)
    revs = []
    for i in range(n):
        t = i / RATE
        climb = 40 + 70 * (1 - math.exp(-t / 0.25))
        if t > 0.5:  # second gear: the revs drop, then climb again
            climb *= 0.78 + 0.22 * (1 - math.exp(-(t - 0.5) / 0.12))
        revs.append(climb)
    harmonics = [1 / k**0.7 for k in range(1, 40)]
    body = oscillate(band_limited(harmonics, 110), revs, n)
    # the exhaust: low noise pulsing with each firing
    firing = oscillate(SINE, [r * 2 for r in revs], n)
    rumble = times(lowpass(lowpass(noise(n, rng), 500), 900), [0.6 + 0.4 * f for f in firing])
    sound = add((1.0, body), (2.5, rumble))
    sound = lowpass(lowpass(sound, [r * 12 for r in revs]), 2500)
    sound = saturate(highpass(sound, 35), 1.6)
    return times(sound, adsr(n, 0.06, 0.1, 0.9, 0.22))


def siren() -> Signal:
    """A police two-tone (A4 and D5, as on European police cars), gliding briefly between the tones."""
    n = samples(1.2)
    half = samples(0.3)
    target = [440.0 if (i // half) % 2 else 587.33 for i in range(n)]
    freq = lowpass(target, 40)  # about 15 ms of glide instead of a jump
    freq = [f if i > half // 4 else 587.33 for i, f in enumerate(freq)]  # start on the high tone
    tone = oscillate((1.0, 0, 0.3, 0, 0.12, 0, 0.05), freq, n)
    tone = lowpass(tone, 2600)
    return times(tone, adsr(n, 0.03, 0.05, 1.0, 0.12))


def tile_drop() -> Signal:
    """A wooden tile landing on the board: a few quickly damped body modes, a tap, and a small rebound."""
    rng = Random(103)
    n = samples(0.3)
    modes = ((180.0, 1.0, 0.05), (395.0, 0.55, 0.035), (860.0, 0.3, 0.02), (1620.0, 0.12, 0.012))

    def knock(strength: float) -> Signal:
        hit = [0.0] * n
        for freq, amplitude, tau in modes:
            mix(hit, times(oscillate(SINE, freq, n), decay(n, tau, 0.001)), 0, amplitude)
        tap = times(lowpass(noise(samples(0.01), rng), 3000), decay(samples(0.01), 0.002, 0.0005))
        mix(hit, tap, 0, 0.6)
        return [strength * v for v in hit]

    sound = knock(1.0)
    mix(sound, knock(0.25), samples(0.055))
    return fade_edges(sound)


def bomb() -> Signal:
    """An explosion: a falling low boom under a noise blast whose brightness dies away into a rumble."""
    rng = Random(104)
    n = samples(1.4)
    boom = times(oscillate(SINE, glide(n, 85, 30), n), decay(n, 0.35, 0.004))
    blast = times(lowpass(lowpass(noise(n, rng), glide(n, 5000, 180)), glide(n, 7000, 300)), decay(n, 0.22, 0.003))
    rumble = times(lowpass(lowpass(noise(n, rng), 160), 160), decay(n, 0.5, 0.02))
    crackle = [0.0] * n
    for _ in range(14):
        at = samples(rng.random() * 0.45)
        pop = times(highpass(noise(samples(0.006), rng), 1500), decay(samples(0.006), 0.0015, 0.0003))
        mix(crackle, pop, at, 0.5 * (1 - at / n))
    sound = add((1.0, boom), (2.5, blast), (4.0, rumble), (1.0, crackle))
    return fade_edges(saturate(sound, 1.8), 0.001, 0.15)


def boost() -> Signal:
    """A speed boost: a whoosh of swept noise and a tone rising two octaves."""
    rng = Random(105)
    n = samples(0.7)
    swell = [math.sin(math.pi * (i / n) ** 0.7) ** 2 for i in range(n)]
    sweep = glide(n, 500, 5000)
    whoosh = times(highpass(lowpass(noise(n, rng), sweep), [s * 0.4 for s in sweep]), swell)
    rise = glide(n, 220, 880)
    tone = add((1.0, oscillate((1.0, 0.25, 0.12), rise, n)), (0.3, oscillate(SINE, [r * 2.005 for r in rise], n)))
    tone = times(tone, adsr(n, 0.08, 0.3, 0.7, 0.2))
    return fade_edges(add((1.4, whoosh), (0.5, tone)))


def brass(note: str, seconds: float, cents: float = 0.0, vibrato_after: float = 0.2) -> Signal:
    """A brass-like note: a sawtooth whose low-pass opens fast on the attack ("bwah") and settles."""
    n = samples(seconds)
    base = detune(pitch(note), cents)
    freq = [
        base * (1 + 0.004 * math.sin(TAU * 5.5 * i / RATE) * min(1.0, max(0.0, i / RATE - vibrato_after) * 4))
        for i in range(n)
    ]
    tone = oscillate(band_limited([1 / k for k in range(1, 30)], base), freq, n)
    opening = [
        400 + 3200 * min(1.0, i / samples(0.04)) * (0.55 + 0.45 * math.exp(-i / samples(0.15))) for i in range(n)
    ]
    return times(lowpass(lowpass(tone, opening), opening), adsr(n, 0.02, 0.1, 0.8, 0.12))


def catch() -> Signal:
    """The police catch Don Falconi: a bright brass "ta-ta-taaa" on a major chord, with a cymbal shimmer."""
    rng = Random(106)
    sound = silence(1.2)
    mix(sound, brass("G4", 0.13), 0)
    mix(sound, brass("C5", 0.13), samples(0.13))
    for note, cents, gain in (("C4", 0, 0.6), ("C5", -4, 0.8), ("E5", 3, 0.7), ("G5", -2, 0.7), ("C6", 4, 0.5)):
        mix(sound, brass(note, 0.9, cents), samples(0.27), gain)
    shimmer = times(highpass(noise(samples(0.7), rng), 5000), decay(samples(0.7), 0.2, 0.002))
    mix(sound, shimmer, samples(0.27), 0.25)
    return fade_edges(sound)


def mandolin(note: str, seconds: float, rng: Random, picks: Sequence[tuple[float, float]] = ((0.0, 1.0),)) -> Signal:
    """A mandolin course: two strings a few cents apart, which gives it its shimmer."""
    freq = pitch(note)
    one = string(freq, seconds, rng, ring=0.9, brightness=0.6, picks=picks)
    two = string(detune(freq, 5), seconds, rng, ring=0.9, brightness=0.5, picks=picks)
    return add((0.6, one), (0.45, two))


def tremolo(seconds: float, rate: float = 12.0) -> list[tuple[float, float]]:
    """Picks of a mandolin tremolo: fast alternate strokes, the up-strokes a little softer, and after the first
    lighter than a fresh pluck, since they add to a string that is still ringing."""
    return [(k / rate, 1.0 if k == 0 else 0.55 if k % 2 == 0 else 0.4) for k in range(int(seconds * rate))]


def escape() -> Signal:
    """Don Falconi gets away: a cheeky mandolin run up to a tremolo, over a strummed A minor chord."""
    rng = Random(107)
    sound = silence(1.3)
    for k, note in enumerate(("E4", "A4", "C5", "E5")):
        mix(sound, mandolin(note, 0.25, rng), samples(0.07 * k))
    start = samples(0.3)
    mix(sound, mandolin("A5", 1.0, rng, tremolo(0.55)), start, 1.0)
    for k, note in enumerate(("A2", "E3", "A3", "C4", "E4")):
        mix(sound, string(pitch(note), 1.0, rng, ring=1.2, brightness=0.4), start + samples(0.012 * k), 0.45)
    return fade_edges(sound, 0.002, 0.25)


def card_swish() -> Signal:
    """A card slid across the table: a short breath of noise whose colour falls."""
    rng = Random(108)
    n = samples(0.25)
    sweep = glide(n, 6000, 1200)
    shape = [math.sin(math.pi * (i / n) ** 0.5) ** 2 for i in range(n)]
    return fade_edges(times(highpass(lowpass(noise(n, rng), sweep), [s * 0.3 for s in sweep]), shape))


def wings() -> Signal:
    """A falcon's wing beats: three soft flaps of dark noise with a puff of air, each weaker than the last."""
    rng = Random(109)
    sound = silence(0.7)
    for k, strength in enumerate((1.0, 0.8, 0.6)):
        m = samples(0.16)
        shape = [math.sin(math.pi * (i / m) ** 0.6) ** 2 for i in range(m)]
        flap = times(lowpass(lowpass(noise(m, rng), glide(m, 1400, 500)), 1800), shape)
        puff = times(oscillate(SINE, glide(m, 140, 80), m), decay(m, 0.04, 0.01))
        mix(sound, add((2.5, flap), (0.5, puff)), samples(0.2 * k), strength)
    return fade_edges(sound)


def raptor_cry() -> Signal:
    """A falcon's "kee-kee-kee": pitched chirps that leap up and sag, made raspy by frequency modulation."""
    sound = silence(0.9)
    for k, (shift, strength) in enumerate(((1.0, 1.0), (1.03, 0.9), (0.97, 0.75))):
        m = samples(0.19)
        contour = []
        for i in range(m):
            t = i / m
            leap = 2100 + 800 * min(1.0, t / 0.2)  # up in the first fifth of the call
            contour.append(shift * (leap - 700 * max(0.0, t - 0.2) ** 1.5))
        chirp = [0.0] * m
        carrier = modulator = 0.0
        for i, f in enumerate(contour):
            index = 0.9 * math.exp(-i / samples(0.08))
            chirp[i] = math.sin(carrier + index * math.sin(modulator)) * (0.8 + 0.2 * math.sin(TAU * 47 * i / RATE))
            carrier += TAU * f / RATE
            modulator += TAU * f / RATE
        chirp = times(lowpass(chirp, 6000), adsr(m, 0.012, 0.05, 0.75, 0.06))
        mix(sound, chirp, samples(0.24 * k), strength)
    return fade_edges(sound)


def bell(freq: float, seconds: float) -> Signal:
    """A bright, glockenspiel-like note: frequency modulation at twice the pitch, its sparkle fading first."""
    n = samples(seconds)
    out = [0.0] * n
    step = TAU * freq / RATE
    for i in range(n):
        index = 1.6 * math.exp(-i / samples(0.05))
        out[i] = math.sin(step * i + index * math.sin(2 * step * i))
    return times(out, decay(n, seconds / 3.5, 0.002))


def capture() -> Signal:
    """A falcon captures its prey: two bright rising notes, a fourth apart."""
    sound = silence(0.6)
    mix(sound, bell(pitch("B5"), 0.3), 0, 0.8)
    mix(sound, bell(pitch("E6"), 0.5), samples(0.1))
    return fade_edges(sound)


def click() -> Signal:
    """A soft button click: a tiny damped knock with a tick on top."""
    rng = Random(112)
    n = samples(0.06)
    knock = add((1.0, oscillate(SINE, 1900, n)), (0.6, oscillate(SINE, 950, n)))
    tick = lowpass(noise(samples(0.003), rng), 5000)
    return fade_edges(add((1.0, times(knock, decay(n, 0.009, 0.0005))), (0.4, tick)), 0.0005, 0.005)


def deny() -> Signal:
    """A soft, low "nuh-uh" for a click that is not allowed: two short falling blips, gently rounded."""
    sound = silence(0.24)
    for k, (start, end) in enumerate(((262.0, 233.0), (220.0, 196.0))):
        m = samples(0.1)
        blip = lowpass(oscillate((1.0, 0.3, 0.15, 0.05), glide(m, start, end), m), 1400)
        mix(sound, times(blip, adsr(m, 0.008, 0.03, 0.7, 0.05)), samples(0.12 * k))
    return fade_edges(sound)


# --- music loops ----------------------------------------------------------------------------------------------


FALCONI_BEAT = 0.5  # 120 beats a minute; 8 bars of 4/4 make a 16 s loop
FALCONI_MELODY = (
    "A4/.5 C5/.5 E5/.5 A5/.5 G#5/.5 A5/.5 E5/1 "
    "F5/.5 E5/.5 D5/.5 F5/.5 A5/2 "
    "G#5/.5 F5/.5 E5/.5 D5/.5 B4/1 E5/1 "
    "C5/.5 B4/.5 A4/1 r/.5 E4/.5 A4/.5 C5/.5 "
    "A5/.5 G5/.5 F5/.5 E5/.5 C6/2 "
    "D6/.5 C6/.5 A5/.5 F5/.5 D5/1 F5/1 "
    "E5/1 A5/1 G#5/.5 B5/.5 D6/1 "
    "B5/2 G#5/.5 E5/.5 D5/.5 B4/.5"
)
FALCONI_BASS = "A2/2 E2/2 D2/2 A1/2 E2/2 B1/2 A2/2 E2/2 F2/2 C2/2 D2/2 A1/2 A2/2 E2/2 E2/1 G#2/1 B2/1 D3/1"
FALCONI_CHORDS = "Am Am Dm Dm E7 E7 Am Am F F Dm Dm Am E7 E7 E7"  # one per half bar, strummed on the off-beat
CHORDS = {
    "Am": ("A3", "C4", "E4"),
    "Dm": ("A3", "D4", "F4"),
    "E7": ("G#3", "D4", "E4"),
    "F": ("A3", "C4", "F4"),
}


def shaker(rng: Random) -> Signal:
    m = samples(0.06)
    return times(highpass(noise(m, rng), 4000), adsr(m, 0.008, 0.02, 0.3, 0.03))


def kick() -> Signal:
    m = samples(0.2)
    return times(oscillate(SINE, glide(m, 120, 48), m), decay(m, 0.07, 0.002))


def music_falconi() -> Signal:
    """An upbeat 1960s Italian caper in A minor: oom-pah bass, off-beat guitar strums, a shaker, and a mandolin
    tune with tremolo on its long notes."""
    rng = Random(201)
    beat = samples(FALCONI_BEAT)
    loop = [0.0] * (beat * 4 * LOOP_BARS)
    for start, length, note in score(FALCONI_MELODY):
        seconds = length * FALCONI_BEAT
        picks = tremolo(seconds) if length >= 2 else ((0.0, 1.0),)
        mix(loop, mandolin(note, seconds + 0.15, rng, picks), round(start * beat), 0.9, wrap=True)
    for start, length, note in score(FALCONI_BASS):
        held = min(length, 1.0) * 0.85 * FALCONI_BEAT  # the bass is damped early: that is what makes it bounce
        tone = lowpass(string(pitch(note), held, rng, ring=1.5, brightness=0.3), 900)
        mix(loop, tone, round(start * beat), 0.8, wrap=True)
    for half, name in enumerate(FALCONI_CHORDS.split()):
        at = (2 * half + 1) * beat
        for k, note in enumerate(CHORDS[name]):
            strum = string(pitch(note), 0.14, rng, ring=0.5, brightness=0.5)
            mix(loop, strum, at + samples(0.008 * k), 0.28, wrap=True)
    for eighth in range(8 * LOOP_BARS):
        mix(loop, shaker(rng), eighth * beat // 2, 0.2 if eighth % 2 else 0.12, wrap=True)
    for step in range(2 * LOOP_BARS):
        mix(loop, kick(), step * 2 * beat, 0.35, wrap=True)
    return loop


FREDERICUS_BEAT = 2 / 3  # 90 beats a minute; 8 bars of 3/4 make a 16 s loop
FREDERICUS_MELODY = (
    "D5/1 E5/1 F5/1 G5/1.5 F5/.5 E5/1 D5/1 C5/1 D5/1 A4/3 " "F5/1 G5/1 A5/1 B5/1 A5/.5 G5/.5 F5/1 E5/1 C5/1 E5/1 D5/3"
)
# the lute's three notes in each bar; B natural over G is what makes the mode Dorian
FREDERICUS_LUTE = "D3 A3 F3  C3 G3 E3  D3 A3 F3  A2 E3 C3  F3 C4 A3  G3 D4 B3  C3 G3 E3  D3 A3 D4"


def recorder(note: str, seconds: float, rng: Random) -> Signal:
    """A recorder: nearly pure, a touch of odd harmonics, breath noise, and a vibrato that comes in late."""
    n = samples(seconds)
    base = pitch(note)
    freq = [
        base * (1 + 0.004 * math.sin(TAU * 5 * i / RATE) * min(1.0, max(0.0, i / RATE - 0.3) * 3)) for i in range(n)
    ]
    tone = oscillate((1.0, 0.08, 0.16, 0.03, 0.05), freq, n)
    breath = highpass(lowpass(noise(n, rng), base * 3), base * 0.8)
    return times(add((1.0, tone), (0.12, breath)), adsr(n, 0.05, 0.1, 0.85, 0.08))


def tabor(rng: Random) -> Signal:
    """A frame drum: a low skin thump and a soft slap of the hand."""
    m = samples(0.35)
    thump = times(oscillate(SINE, glide(m, 110, 72), m), decay(m, 0.12, 0.002))
    slap = times(lowpass(noise(m, rng), 1800), decay(m, 0.02, 0.001))
    return add((1.0, thump), (0.35, slap))


def music_fredericus() -> Signal:
    """A medieval dance in D Dorian at the emperor's court: a hurdy-gurdy drone on D and A, a lute, a recorder
    tune and a frame drum."""
    rng = Random(202)
    beat = samples(FREDERICUS_BEAT)
    n = beat * 3 * LOOP_BARS
    seconds = n / RATE
    # D3 and A3 are the 2nd and 3rd harmonics of D2: one oscillator plays both, and the loop holds whole cycles
    drone_harmonics = [0.0] * 16
    for k in range(1, 9):
        drone_harmonics[2 * k - 1] += 1 / k**1.3
        if 3 * k <= 16:
            drone_harmonics[3 * k - 1] += 0.7 / k**1.3
    drone = oscillate(drone_harmonics, loop_frequency(pitch("D2"), seconds), n)
    swell = [0.8 + 0.2 * math.sin(TAU * 2 * i / n) for i in range(n)]
    loop = [0.1 * v * s for v, s in zip(drone, swell)]
    for start, length, note in score(FREDERICUS_MELODY):
        mix(loop, recorder(note, length * FREDERICUS_BEAT, rng), round(start * beat), 0.5, wrap=True)
    for k, note in enumerate(FREDERICUS_LUTE.split()):
        mix(loop, string(pitch(note), 1.3, rng, ring=1.6, brightness=0.35), k * beat, 1.1, wrap=True)
    for bar in range(LOOP_BARS):
        mix(loop, tabor(rng), bar * 3 * beat, 0.8, wrap=True)
        mix(loop, tabor(rng), (bar * 3 + 2) * beat, 0.35, wrap=True)
    return loop


# --- output ---------------------------------------------------------------------------------------------------

EFFECTS: dict[str, Callable[[], Signal]] = {
    "engine": engine,
    "siren": siren,
    "tile_drop": tile_drop,
    "bomb": bomb,
    "boost": boost,
    "catch": catch,
    "escape": escape,
    "card_swish": card_swish,
    "wings": wings,
    "raptor_cry": raptor_cry,
    "capture": capture,
    "click": click,
    "deny": deny,
}
LOOPS: dict[str, Callable[[], Signal]] = {"music_falconi": music_falconi, "music_fredericus": music_fredericus}


def make_sounds(folder: Path, names: Sequence[str] | None = None) -> list[Path]:
    """Write the named sounds (all by default) into ``folder``; returns the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name in names if names is not None else [*EFFECTS, *LOOPS]:
        if name in LOOPS:
            signal = normalise(LOOPS[name](), MUSIC_LOUDNESS, whole=True)
        else:
            signal = normalise(EFFECTS[name](), EFFECT_LOUDNESS)
        path = folder / f"{name}.wav"
        write_wav(path, signal)
        written.append(path)
    return written


def main(argv: list[str]) -> None:
    folder = Path(argv[0]) if argv else DEFAULT_FOLDER
    for path in make_sounds(folder):
        print(path)


if __name__ == "__main__":
    main(sys.argv[1:])
