"""Memory for the soak run (``python main.py soak``): resident memory read from Linux's /proc, and the verdict
whether it stayed flat.

What "flat" means. Only samples after the warm-up count: the first 10 % of the run (at least a minute, never
more than a third of it), and at least until every pizza and table has come on screen. Caches of text,
sprites and the AI's tables fill then, and that is growth that stops. At least a minute must be left to judge,
or the verdict is "too short". After the warm-up, memory is flat when both hold:

- the least-squares slope stays under ``LIMIT_MB_PER_HOUR`` (10 MB an hour) once two standard errors are taken
  off it. At 10 MB an hour, a long evening's play (6 hours) keeps the window's 160 MB within the 250 MB target
  of docs/performance.md; a real leak, a few kilobytes a frame or a move or tens of kilobytes a game, comes out
  far above it at the soak's pace. The two standard errors keep noise from passing for a trend in a short run: a
  3-minute run with a few megabytes of jitter cannot tell 10 MB an hour from nothing, so it is only called
  growing when the rise is plain;
- the median of the last quarter of the samples is under 5 % above the median of the first quarter
  (``LIMIT_FRACTION``): a jump that a fitted line averages away (a cache that never stops filling, in steps)
  still fails.

What is judged.

- **The window between matches.** Each time the soak starts a match, only the title menu is left (every scene
  of the match before has gone), the cycle collector runs, and the window's resident memory less what its
  picture caches hold is sampled. Anything a match keeps that it should not makes this series rise: it must be
  flat. Sampled at every tick instead, the window swings by 5 to 10 MB with whichever board is on screen, and
  in four 30-minute runs that swing was as large as the growth the verdict looks for.
- **The picture caches** (``scenes/kit/surface_cache.py``) go on filling long after the warm-up, as new texts,
  panel sizes and turned sprites come on screen, and stop at their budgets: a rise that ends, by construction,
  at a known ceiling (malloc's used heap rose with them megabyte for megabyte). Together they must never hold
  more than their budgets add up to.
- **The window's peak** must stay under ``PEAK_LIMIT_MB``, and **the AI worker** must be flat at every sample.

The window's whole memory, and the window less its caches at every sample, are still reported with the
verdicts they would have had.

Elsewhere than Linux there is no /proc to read: the memory is reported as not measured, which never fails a run.
"""

from __future__ import annotations

import gc
import math
import os
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scenes.kit import surface_cache
from scenes.kit.allocator import heap_mb

LIMIT_MB_PER_HOUR = 10.0
PEAK_LIMIT_MB = 250.0  # docs/performance.md's target for the window's resident memory
LIMIT_FRACTION = 0.05
MIN_SAMPLES = 8  # fewer samples after the warm-up cannot show a trend: the verdict is "too short"
MIN_SPAN = 60.0  # seconds judged at least: a shorter stretch says nothing of an hour (runs under 2 minutes)
WARMUP_FRACTION, WARMUP_SECONDS = 0.1, 60.0

FLAT, GROWING, TOO_SHORT, NOT_MEASURED = "flat", "growing", "too short", "not measured"
WITHIN_BUDGET, OVER_BUDGET = "within budget", "over budget"


def resident_mb(pid: int | None = None) -> float | None:
    """Resident memory of process ``pid`` (this one if ``None``) in MB, from /proc/<pid>/statm; ``None`` where it
    cannot be read (not Linux, or the process is gone)."""
    try:
        fields = Path(f"/proc/{'self' if pid is None else pid}/statm").read_text().split()
        return int(fields[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        return None


Samples = list[tuple[float, float]]  # (seconds into the run, MB)


@dataclass
class MemoryLog:
    """Every memory sample of a soak run: resident memory of both processes, and beside the window's what its
    picture caches held and what ``malloc`` held (used, free and mapped), so a rise can be told apart."""

    worker: int | None = None  # the AI worker's process id
    window: Samples = field(default_factory=list)
    ai_worker: Samples = field(default_factory=list)
    caches: Samples = field(default_factory=list)  # all picture caches together
    caches_budget: float = 0.0  # MB: the most their budgets added up to at any sample
    heap: dict[str, Samples] = field(default_factory=dict)
    objects: list[int] = field(default_factory=list)  # objects the cycle collector tracks
    at_title: Samples = field(default_factory=list)  # the window less its caches, between matches (see below)
    peak_limit: float = PEAK_LIMIT_MB  # the most the window's process may hold at any sample
    pictures: dict[str, dict[str, float]] = field(default_factory=dict)  # per cache: MB at the last sample, at most

    def sample(self, elapsed: float) -> None:
        mine = resident_mb()
        if mine is not None:
            self.window.append((elapsed, mine))
        theirs = None if self.worker is None else resident_mb(self.worker)
        if theirs is not None:
            self.ai_worker.append((elapsed, theirs))
        held = surface_cache.held_mb()
        self.caches.append((elapsed, sum(held.values())))
        self.caches_budget = max(self.caches_budget, surface_cache.budget_mb())
        for name, mb in held.items():
            kept = self.pictures.setdefault(name, {"end_mb": mb, "max_mb": mb})
            kept["end_mb"], kept["max_mb"] = mb, max(kept["max_mb"], mb)
        for name, mb in (heap_mb() or {}).items():
            self.heap.setdefault(name, []).append((elapsed, mb))
        self.objects.append(len(gc.get_objects()))

    def sample_at_title(self, elapsed: float) -> None:
        """The window less its caches with only the title menu on screen, after a full collection: every match
        before has left, so whatever it kept and should not have is all that can make this series rise."""
        gc.collect()
        mine = resident_mb()
        if mine is not None:
            self.at_title.append((elapsed, mine - sum(surface_cache.held_mb().values())))

    def peak_verdict(self) -> dict[str, Any]:
        """The window's highest sample against ``peak_limit``."""
        if not self.window:
            return {"verdict": NOT_MEASURED}
        most = max(mb for _, mb in self.window)
        return {"max_mb": _round(most), "limit_mb": self.peak_limit,
                "verdict": WITHIN_BUDGET if most <= self.peak_limit else OVER_BUDGET}

    def caches_verdict(self) -> dict[str, Any]:
        """What the caches held at the end and at most, against their budgets: ``within budget`` or ``over``."""
        if not self.caches:
            return {"verdict": NOT_MEASURED}
        most = max(mb for _, mb in self.caches)
        return {"end_mb": _round(self.caches[-1][1]), "max_mb": _round(most), "budget_mb": _round(self.caches_budget),
                "verdict": WITHIN_BUDGET if most <= self.caches_budget else OVER_BUDGET}

    def window_less_caches(self) -> Samples:
        """The window's resident memory less what its picture caches held at the same sample."""
        held = dict(self.caches)
        return [(t, mb - held[t]) for t, mb in self.window if t in held]


def warmup_seconds(duration: float, all_kinds_seen: float | None) -> float:
    """The first 10 % of a run, at least a minute but never more than a third of it, and in any case until
    ``all_kinds_seen``: the moment the last pizza or table came on screen, each loading its own art and
    filling its own caches. A run that never got there is all warm-up."""
    if all_kinds_seen is None:
        return duration
    return max(min(max(WARMUP_FRACTION * duration, WARMUP_SECONDS), duration / 3), all_kinds_seen)


def memory_verdict(samples: Sequence[tuple[float, float]], warmup: float) -> dict[str, Any]:
    """Whether the samples, ``(seconds into the run, MB)``, stayed flat after ``warmup`` seconds; with the figures
    that decided it. An empty list means memory could not be read."""
    if not samples:
        return {"verdict": NOT_MEASURED}
    values = [mb for _, mb in samples]
    result: dict[str, Any] = {"start_mb": _round(values[0]), "min_mb": _round(min(values)),
                              "max_mb": _round(max(values)), "end_mb": _round(values[-1])}
    judged = [(t, mb) for t, mb in samples if t >= warmup]
    if len(judged) < MIN_SAMPLES or judged[-1][0] - judged[0][0] < MIN_SPAN:
        return result | {"verdict": TOO_SHORT, "judged_samples": len(judged)}
    slope, error = _slope(judged)
    quarter = max(1, len(judged) // 4)
    first = statistics.median(mb for _, mb in judged[:quarter])
    last = statistics.median(mb for _, mb in judged[-quarter:])
    growth = last - first
    steady_rise = slope - 2 * error > LIMIT_MB_PER_HOUR
    jump = growth > LIMIT_FRACTION * first
    return result | {
        "verdict": GROWING if steady_rise or jump else FLAT,
        "judged_samples": len(judged),
        "slope_mb_per_hour": _round(slope),
        "slope_error_mb_per_hour": _round(error),
        "growth_mb": _round(growth),
        "growth_percent": _round(100 * growth / first) if first else None,
    }


def _slope(samples: Sequence[tuple[float, float]]) -> tuple[float, float]:
    """The least-squares slope in MB an hour and its standard error."""
    n = len(samples)
    mean_t = sum(t for t, _ in samples) / n
    mean_mb = sum(mb for _, mb in samples) / n
    spread = sum((t - mean_t) ** 2 for t, _ in samples)
    if spread == 0:
        return 0.0, math.inf
    slope = sum((t - mean_t) * (mb - mean_mb) for t, mb in samples) / spread
    residuals = sum((mb - (mean_mb + slope * (t - mean_t))) ** 2 for t, mb in samples)
    error = math.sqrt(residuals / (n - 2) / spread) if n > 2 else math.inf
    return slope * 3600, error * 3600


def _round(value: float) -> float:
    return round(value, 1)
