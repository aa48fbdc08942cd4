"""The soak run's report (``python main.py soak``): what was played, what was seen, how memory went, and the
verdict; as a dictionary (``--json``) or as a short table."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from devtools.games import parts
from devtools.soak_memory import GROWING, OVER_BUDGET, MemoryLog, Samples, memory_verdict, warmup_seconds

JUDGED = {"at_title": "window between matches", "picture_caches_total": "picture caches",
          "window_peak": "window peak", "ai_worker": "AI worker"}  # the verdicts that pass or fail a run, by name
FAILS = {GROWING, OVER_BUDGET}

if TYPE_CHECKING:
    from devtools.soak import Soak


def build_report(soak: Soak, minutes: float, seed: int, elapsed: float, all_kinds_seen: float | None,
                 log: MemoryLog, interval: float, failure: dict[str, Any] | None) -> dict[str, Any]:
    """Everything the run counted, the memory verdicts, and whether it passed: it fails on an exception (or a
    stall, or the app quitting) and on memory that grew."""
    games: dict[str, dict[str, int]] = {}
    origins: dict[str, int] = {}
    tallies = _tallies()
    counts: dict[str, dict[str, int]] = {field: {} for field, _title, _part in tallies}  # e.g. Falconi by police cars
    for record in soak.matches:
        row = games.setdefault(record.key, {"started": 0, "finished": 0})
        row["started"] += 1
        row["finished"] += record.finished
        origins[record.origin] = origins.get(record.origin, 0) + 1
        for field, _title, part in tallies:
            bucket = part.soak_bucket(record.key, record.seats)
            if bucket is not None:
                counts[field][bucket] = counts[field].get(bucket, 0) + 1
    warmup = warmup_seconds(elapsed, all_kinds_seen)
    less_caches = log.window_less_caches()
    objects = log.objects
    memory: dict[str, Any] = {
              "window": memory_verdict(log.window, warmup), "ai_worker": memory_verdict(log.ai_worker, warmup),
              "window_less_caches": memory_verdict(less_caches, warmup),
              "at_title": memory_verdict(log.at_title, warmup) | {"samples": len(log.at_title)},
              "picture_caches_total": log.caches_verdict(), "window_peak": log.peak_verdict(),
              "interval_s": round(interval, 2), "warmup_s": round(warmup, 1), "samples": len(log.window),
              "all_kinds_seen_s": None if all_kinds_seen is None else round(all_kinds_seen, 1),
              "by_minute": {"window": _by_minute(log.window), "ai_worker": _by_minute(log.ai_worker),
                            "picture_caches": _by_minute(log.caches), "window_less_caches": _by_minute(less_caches)}
                           | {f"heap_{name}": _by_minute(samples) for name, samples in sorted(log.heap.items())},
              "python_objects": {"start": objects[0], "max": max(objects), "end": objects[-1]} if objects else None,
              "picture_caches": dict(sorted(log.pictures.items()))}
    leaking = [name for name in JUDGED if memory[name]["verdict"] in FAILS]
    return {
        "seed": seed,
        "minutes_asked": minutes,
        "minutes": round(elapsed / 60, 2),
        "frames": soak.frames,
        "random_inputs": soak.random_inputs,
        "random_inputs_by_kind": dict(sorted(soak.input.kinds.items())),
        "scripted_inputs": soak.scripted_inputs,
        "quits_declined": soak.quits_declined,
        "scene_changes": soak.scene_changes,
        "scene_types_visited": len(soak.seen),
        "scenes_visited": sorted(soak.seen),
        "matches": {"started": len(soak.matches), "finished": soak.finished, "by_origin": origins,
                    "by_game": dict(sorted(games.items()))}
                   | {field: dict(sorted(count.items())) for field, count in counts.items()},
        "memory": memory,
        "failure": failure,
        "passed": failure is None and not leaking,
        "why_failed": ([f"{failure['kind']}: {failure['message']}"] if failure else [])
                      + [f"{JUDGED[name]}: {memory[name]['verdict']}" for name in leaking],
    }



def _tallies() -> list[tuple[str, str, Any]]:
    """The counts of matches a game's own part of the soak adds to the report (``SOAK_TALLY``): each one's
    field, its line's title, and the part that says where a match counts (``soak_bucket``)."""
    return [(*part.SOAK_TALLY, part) for _name, part in parts("window") if part.SOAK_TALLY]


def _by_minute(samples: Samples) -> list[float]:
    """The last sample of every whole minute and the final one: the curve at a glance."""
    last: dict[int, float] = {}
    for seconds, mb in samples:
        last[int(seconds // 60)] = round(mb, 1)
    return [last[minute] for minute in sorted(last)]


def format_report(report: dict[str, Any]) -> str:
    """The report as a short table to read in a terminal."""
    matches, memory = report["matches"], report["memory"]
    kinds = ", ".join(f"{kind} {count}" for kind, count in report["random_inputs_by_kind"].items())
    origins = ", ".join(f"{origin} {count}" for origin, count in sorted(matches["by_origin"].items()))
    lines = [
        f"soak: {report['minutes']} of {report['minutes_asked']:g} minutes, seed {report['seed']}",
        f"frames {report['frames']}, random inputs {report['random_inputs']} ({kinds})",
        f"scripted inputs {report['scripted_inputs']}, quit questions declined {report['quits_declined']}",
        f"scene changes {report['scene_changes']}; {report['scene_types_visited']} scene types visited: "
        + ", ".join(report["scenes_visited"]),
        f"matches: {matches['started']} started, {matches['finished']} finished (started by: {origins or 'none'})",
        f"  {'game':<24}{'started':>8}{'finished':>9}",
    ]
    lines += [f"  {key:<24}{row['started']:>8}{row['finished']:>9}" for key, row in matches["by_game"].items()]
    for field, title, _part in _tallies():
        if matches.get(field):
            lines.append(f"  {title}: " + ", ".join(f"{bucket}: {count}" for bucket, count in matches[field].items()))
    seen_at = memory["all_kinds_seen_s"]
    lines.append(f"memory (MB), sampled every {memory['interval_s']} s, judged after a {memory['warmup_s']} s warm-up "
                 + (f"(every pizza and table on screen by {seen_at} s)" if seen_at is not None
                    else "(the run ended before every pizza and table had come on screen)") + ":")
    lines.append(f"  {'process':<16}{'start':>7}{'min':>7}{'max':>7}{'end':>7}{'slope MB/h':>16}{'growth':>16}"
                 "  verdict")
    rows = (("at_title", "between matches"), ("window", "window (all)"), ("window_less_caches", "less caches"),
            ("ai_worker", "AI worker"))
    for name, label in rows:
        figures = memory[name]
        sizes = "".join(f"{figures.get(key, '-'):>7}" for key in ("start_mb", "min_mb", "max_mb", "end_mb"))
        slope = (f"{figures['slope_mb_per_hour']:+.1f} ± {figures['slope_error_mb_per_hour']:.1f}"
                 if "slope_mb_per_hour" in figures else "-")
        growth = f"{figures['growth_mb']:+.1f} ({figures['growth_percent']:+.1f}%)" if "growth_mb" in figures else "-"
        judged = "" if name in JUDGED else " (not judged)"
        lines.append(f"  {label:<16}{sizes}{slope:>16}{growth:>16}  {figures['verdict']}{judged}")
    caches = memory["picture_caches_total"]
    if "max_mb" in caches:
        lines.append(f"  picture caches together: {caches['end_mb']:g} MB at the end, {caches['max_mb']:g} at most, "
                     f"budget {caches['budget_mb']:g}: {caches['verdict']}")
    peak = memory["window_peak"]
    if "max_mb" in peak:
        lines.append(f"  window peak: {peak['max_mb']:g} MB, limit {peak['limit_mb']:g}: {peak['verdict']}")
    for name, curve in memory["by_minute"].items():
        lines.append(f"  {name.replace('_', ' ')} by minute: " + ", ".join(f"{mb:g}" for mb in curve))
    if memory["python_objects"]:
        objects = memory["python_objects"]
        lines.append(f"python objects: {objects['start']} at the start, {objects['max']} at most, "
                     f"{objects['end']} at the end")
    if memory["picture_caches"]:
        lines.append("picture caches (MB at the end / at most): " + ", ".join(
            f"{name} {held['end_mb']:g}/{held['max_mb']:g}" for name, held in memory["picture_caches"].items()))
    failure = report["failure"]
    if failure:
        lines += [f"FAILED at minute {failure['minute']} (seed {failure['seed']}), {failure['match']}:",
                  failure["traceback"].rstrip()]
    lines.append("verdict: " + ("PASS" if report["passed"] else "FAIL: " + "; ".join(report["why_failed"])))
    return "\n".join(lines)
