"""Generic building blocks for synthesising sound: oscillators, envelopes, one-pole filters, Karplus-Strong
plucked strings, seeded noise, mixing, loudness normalising, WAV writing, and note names and scores.

Signals are plain lists of floats in [-1, 1] at ``RATE`` samples a second. Nothing here is random unless given a
seeded ``Random``, so the same calls always give the same samples. ``tools/make_sounds.py`` uses these to make the
game's sounds.
"""

from __future__ import annotations

import array
import math
import sys
import wave
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from random import Random

RATE = 22050  # plenty for these sounds, halves the files, and the mixer is opened at this rate: no resampling
TAU = 2 * math.pi
PEAK = 0.89  # about -1 dBFS, so no sample clips, not even after the mixer's own conversions

Signal = list[float]
Cutoff = float | Sequence[float]


# --- building blocks ------------------------------------------------------------------------------------------


def samples(seconds: float) -> int:
    return round(seconds * RATE)


def noise(n: int, rng: Random) -> Signal:
    """White noise in [-1, 1), from the sound's own generator so the result never changes."""
    return [rng.random() * 2 - 1 for _ in range(n)]


def decay(n: int, tau: float, attack: float = 0.002) -> Signal:
    """An exponential fade (``tau`` seconds to 1/e) after a short linear attack that avoids a click."""
    rise = max(1, samples(attack))
    return [min(1.0, i / rise) * math.exp(-i / (tau * RATE)) for i in range(n)]


def adsr(n: int, attack: float, decay_time: float, sustain: float, release: float) -> Signal:
    """Attack to 1, decay to ``sustain``, hold, and release to 0 over the last ``release`` seconds."""
    a, d, r = max(1, samples(attack)), max(1, samples(decay_time)), max(1, samples(release))
    out = []
    for i in range(n):
        if i < a:
            level = i / a
        elif i < a + d:
            level = 1 - (1 - sustain) * (i - a) / d
        else:
            level = sustain
        out.append(level * min(1.0, (n - i) / r))
    return out


def glide(n: int, start: float, end: float) -> Signal:
    """Exponential sweep from ``start`` to ``end``: pitch and cutoff sweeps sound even when they move by ratios."""
    ratio = end / start
    return [start * ratio ** (i / max(1, n - 1)) for i in range(n)]


@cache
def harmonic_table(amplitudes: tuple[float, ...], size: int = 2048) -> tuple[float, ...]:
    """One cycle of a wave made of the given harmonics: oscillators then need one lookup per sample."""
    table = [0.0] * size
    for k, amplitude in enumerate(amplitudes, start=1):
        for i in range(size):
            table[i] += amplitude * math.sin(TAU * k * i / size)
    return tuple(table)


SINE = (1.0,)


def band_limited(amplitudes: Sequence[float], top: float) -> tuple[float, ...]:
    """The harmonics that stay below 9 kHz when the fundamental reaches ``top`` Hz, so nothing aliases."""
    return tuple(amplitudes[: max(1, int(9000 / top))])


def oscillate(amplitudes: Sequence[float], freq: float | Sequence[float], n: int) -> Signal:
    """A wave of the given harmonics at a fixed or per-sample frequency, read from a table with interpolation."""
    table = harmonic_table(tuple(amplitudes))
    size = len(table)
    steps = [freq * size / RATE] * n if isinstance(freq, (int, float)) else [f * size / RATE for f in freq]
    out = [0.0] * n
    phase = 0.0
    for i in range(n):
        whole = int(phase)
        part = phase - whole
        low = table[whole]
        out[i] = low + (table[(whole + 1) % size] - low) * part
        phase += steps[i]
        if phase >= size:
            phase -= size
    return out


def coefficients(cutoff: Cutoff, n: int) -> Signal:
    if isinstance(cutoff, (int, float)):
        return [1 - math.exp(-TAU * cutoff / RATE)] * n
    return [1 - math.exp(-TAU * c / RATE) for c in cutoff]


def lowpass(signal: Signal, cutoff: Cutoff) -> Signal:
    """One-pole low-pass (6 dB per octave), the cutoff fixed or per sample."""
    out = [0.0] * len(signal)
    y = 0.0
    for i, (x, a) in enumerate(zip(signal, coefficients(cutoff, len(signal)))):
        y += a * (x - y)
        out[i] = y
    return out


def highpass(signal: Signal, cutoff: Cutoff) -> Signal:
    return [x - y for x, y in zip(signal, lowpass(signal, cutoff))]


def times(a: Signal, b: Signal) -> Signal:
    return [x * y for x, y in zip(a, b)]


def add(*signals: tuple[float, Signal]) -> Signal:
    """Weighted sum of signals, as long as the longest."""
    out = [0.0] * max(len(s) for _, s in signals)
    for gain, signal in signals:
        for i, v in enumerate(signal):
            out[i] += gain * v
    return out


def saturate(signal: Signal, drive: float) -> Signal:
    """Soft clipping: rounds off peaks and thickens noise without the harshness of hard clipping."""
    return [math.tanh(drive * x) / math.tanh(drive) for x in signal]


def mix(target: Signal, source: Signal, at: int, gain: float = 1.0, wrap: bool = False) -> None:
    """Add ``source`` into ``target`` from sample ``at``; with ``wrap`` what runs past the end continues at the
    start, which is what makes a music loop join seamlessly."""
    n = len(target)
    for i, v in enumerate(source):
        j = at + i
        if j >= n:
            if not wrap:
                break
            j %= n
        target[j] += gain * v


def silence(seconds: float) -> Signal:
    return [0.0] * samples(seconds)


def fade_edges(signal: Signal, fade_in: float = 0.002, fade_out: float = 0.01) -> Signal:
    """Start and end at zero, so a sound never clicks when it starts or stops."""
    rise, fall = max(1, samples(fade_in)), max(1, samples(fade_out))
    n = len(signal)
    return [v * min(1.0, i / rise, (n - 1 - i) / fall) for i, v in enumerate(signal)]


def string(
    freq: float,
    seconds: float,
    rng: Random,
    ring: float,
    brightness: float = 0.5,
    picks: Sequence[tuple[float, float]] = ((0.0, 1.0),),
) -> Signal:
    """A plucked string (Karplus-Strong), tuned exactly by an all-pass fractional delay.

    ``ring``: seconds for the fundamental to fade by 60 dB; ``brightness`` (0..1): how hard the pick is;
    ``picks``: (time, strength) of each stroke, so a mandolin tremolo re-picks a string that is still ringing."""
    period = RATE / freq
    delay = int(period - 0.6)  # the averaging filter adds half a sample, the all-pass the rest (0.1 to 1.1)
    fraction = period - 0.5 - delay
    c = (1 - fraction) / (1 + fraction)
    gain = 0.001 ** (1 / (freq * ring))
    strokes = {samples(t): strength for t, strength in picks}
    line = [0.0] * delay
    n = samples(seconds)
    out = [0.0] * n
    idx = 0
    prev = x1 = y1 = 0.0
    for i in range(n):
        strength = strokes.get(i)
        if strength is not None:
            pick = lowpass(noise(delay, rng), 400 + 7000 * brightness)
            mean = sum(pick) / delay  # a string cannot hold a constant offset; left in, it would never decay
            top = max(abs(v - mean) for v in pick) or 1.0
            line = [line[(idx + k) % delay] + strength * (v - mean) / top for k, v in enumerate(pick)]
            idx = 0
        x = line[idx]
        out[i] = x
        average = gain * 0.5 * (x + prev)
        prev = x
        y = c * average + x1 - c * y1
        x1, y1 = average, y
        line[idx] = y
        idx += 1
        if idx == delay:
            idx = 0
    return fade_edges(out, 0.0005, 0.02)


def weighted(signal: Signal) -> Signal:
    """Roughly what the ear hears: bass below ~100 Hz counts less and presence above ~1.5 kHz a little more
    (a crude K-weighting), so a low boom and a high cry come out equally loud."""
    body = highpass(signal, 100)
    return [b + 0.6 * p for b, p in zip(body, highpass(body, 1500))]


def rms(signal: Sequence[float]) -> float:
    return math.sqrt(sum(v * v for v in signal) / max(1, len(signal)))


def loudness(signal: Signal, whole: bool = False) -> float:
    """Weighted RMS of the loudest tenth of a second (an effect), or of the whole signal (a loop)."""
    heard = weighted(signal)
    if whole:
        return rms(heard)
    window = samples(0.1)
    return max(rms(heard[i : i + window]) for i in range(0, max(1, len(heard) - window + 1), window // 4))


def normalise(signal: Signal, target: float, whole: bool = False) -> Signal:
    """Scale to the target loudness, unless that would push a peak above ``PEAK``."""
    peak = max(abs(v) for v in signal)
    gain = min(target / loudness(signal, whole), PEAK / peak)
    return [v * gain for v in signal]


def write_wav(path: Path, signal: Signal) -> None:
    data = array.array("h", (max(-32767, min(32767, round(v * 32767))) for v in signal))
    if sys.byteorder == "big":
        data.byteswap()  # WAV samples are little-endian
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(data.tobytes())


# --- notes ----------------------------------------------------------------------------------------------------

_STEPS = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}


def pitch(note: str) -> float:
    """Frequency of a note such as ``A4`` (440 Hz), ``G#5`` or ``Bb3``, in equal temperament."""
    step = _STEPS[note[0]] + note.count("#") - note[1:].count("b")
    octave = int(note.lstrip("ABCDEFG#b"))
    return 440.0 * 2 ** ((step + 12 * (octave - 4)) / 12)


def score(text: str) -> list[tuple[float, float, str]]:
    """``"A4/.5 r/1 E5/2"`` as (start beat, length in beats, note) of each note; ``r`` is a rest."""
    notes = []
    beat = 0.0
    for token in text.split():
        name, length = token.split("/")
        if name != "r":
            notes.append((beat, float(length), name))
        beat += float(length)
    return notes


def detune(freq: float, cents: float) -> float:
    return freq * 2 ** (cents / 1200)


def loop_frequency(freq: float, seconds: float) -> float:
    """The nearest frequency with a whole number of cycles in the loop, so a steady tone joins at the seam."""
    return round(freq * seconds) / seconds
