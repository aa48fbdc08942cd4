"""``python main.py soak``: the window left running with AI games and random input; it reports what it played
and saw, fails on any exception with where and when, and judges whether memory stayed flat."""

from __future__ import annotations

import json
import os
import random
import re
from types import SimpleNamespace

import pytest
from scene_driver import FixedClock

import cli
from devtools.soak import FIRST_ROUND, Soak, match_key, match_plans, run_soak
from devtools.soak_memory import (
    FLAT,
    GROWING,
    NOT_MEASURED,
    PEAK_LIMIT_MB,
    TOO_SHORT,
    MemoryLog,
    memory_verdict,
    resident_mb,
    warmup_seconds,
)
from devtools.soak_report import build_report, format_report
from game.falconi.registration import FALCONI
from game.falconi.variants import VARIANTS
from game.fredericus.registration import FREDERICUS
from scenes.kit import surface_cache
from scenes.kit.results import QuitApp
from scenes.kit.stack import Push
from scenes.pages.menus import TitleScene
from scenes.pages.overlays import ConfirmOverlay
from scenes.playing.play import PlayScene

SEED = 4


def after_others() -> float:
    """The peak limit for a soak run inside the tests: this process already holds the tests run before it."""
    return (resident_mb() or 0) + PEAK_LIMIT_MB


@pytest.fixture(scope="module")
def short_soak():
    """Easy AI on a clock that calls every frame a tenth of a second, so games go by at frame speed; it stops
    once two games have finished (the minutes are only a ceiling)."""
    return run_soak(3.0, SEED, levels=("easy",), stop_after_games=2, clock=FixedClock(100),
                    peak_limit_mb=after_others())


@pytest.mark.slow
def test_a_short_soak_finishes_games_and_reports_what_it_did(short_soak):
    report = short_soak
    assert report["passed"] and report["failure"] is None and report["why_failed"] == []
    assert report["matches"]["finished"] >= 2
    assert sum(row["finished"] for row in report["matches"]["by_game"].values()) == report["matches"]["finished"]
    assert report["frames"] > 0 and report["random_inputs"] > 0 and report["scene_changes"] > 0
    assert sum(report["random_inputs_by_kind"].values()) == report["random_inputs"]
    assert {"TitleScene", "PlayScene", "GameOverScene"} <= set(report["scenes_visited"])
    assert report["scene_types_visited"] == len(report["scenes_visited"])
    window = report["memory"]["window"]
    assert window["verdict"] == TOO_SHORT and 0 < window["start_mb"] <= window["max_mb"]
    assert report["memory"]["all_kinds_seen_s"] is None
    assert report["memory"]["ai_worker"]["end_mb"] > 0
    assert report["memory"]["window_peak"]["verdict"] == "within budget"
    assert report["memory"]["at_title"]["samples"] >= 1  # before each match the soak itself started
    less = report["memory"]["window_less_caches"]
    assert less["verdict"] == TOO_SHORT and less["max_mb"] <= window["max_mb"]
    curves = report["memory"]["by_minute"]
    assert {"window", "ai_worker", "picture_caches", "window_less_caches"} <= set(curves)
    assert len(curves["picture_caches"]) == len(curves["window"])
    caches = report["memory"]["picture_caches_total"]  # judged even when a run ends before anything is cached
    assert caches["verdict"] == "within budget" and 0 <= caches["end_mb"] <= caches["max_mb"] <= caches["budget_mb"]
    assert json.loads(json.dumps(report)) == report


@pytest.mark.slow  # the short soak behind it takes over a minute
def test_the_table_says_the_figures_and_the_verdict(short_soak):
    text = format_report(short_soak)
    assert "verdict: PASS" in text and "scene types visited" in text and "AI worker" in text
    assert "less caches" in text and "picture caches by minute" in text and "between matches" in text
    assert f"seed {SEED}" in text


@pytest.mark.slow
def test_the_command_exits_0_on_a_pass_and_prints_json(short_soak, monkeypatch, capsys):
    import devtools.soak

    asked = []
    monkeypatch.setattr(devtools.soak, "run_soak", lambda minutes, seed, progress: asked.append((minutes, seed))
                        or short_soak)
    assert cli.main(["soak", "--minutes", "0.5", "--seed", "9", "--json"]) == 0
    assert asked == [(0.5, 9)] and json.loads(capsys.readouterr().out)["passed"] is True


@pytest.mark.parametrize("minutes", ["0", "-1", "nan", "inf"])
def test_a_soak_of_no_time_is_refused(minutes, capsys):
    assert cli.main(["soak", "--minutes", minutes]) == 2
    assert "--minutes" in capsys.readouterr().err


@pytest.mark.slow
def test_an_exception_anywhere_fails_the_run_with_where_and_when(monkeypatch, capsys):
    calls = []
    update = PlayScene.update

    def planted(self, dt):
        calls.append(dt)
        if len(calls) == 40:
            raise RuntimeError("planted fault")
        return update(self, dt)

    monkeypatch.setattr(PlayScene, "update", planted)
    report = run_soak(1.0, 7, levels=("easy",), clock=FixedClock(100), peak_limit_mb=after_others())
    failure = report["failure"]
    assert not report["passed"] and report["why_failed"] == ["RuntimeError: planted fault"]
    assert failure["seed"] == 7 and failure["minute"] < 1.0 and "planted fault" in failure["traceback"]
    # which match is in play by the 40th frame depends on how fast the AI worker answers: any names its seed
    assert re.match(r"match \d+: ", failure["match"]) and "seed" in failure["match"]
    text = format_report(report)
    assert "FAILED at minute" in text and "planted fault" in text and "verdict: FAIL" in text

    import devtools.soak

    monkeypatch.setattr(devtools.soak, "run_soak", lambda minutes, seed, progress: report)
    assert cli.main(["soak", "--minutes", "1"]) == 1
    assert "planted fault" in capsys.readouterr().out


def test_random_input_never_gets_to_answer_the_quit_question(driver):
    soak = Soak(driver.app, 1)
    context = driver.app.context
    driver.app.stack.apply(Push(ConfirmOverlay(context, context.tr("confirm.quit_game"), QuitApp())))
    soak.step()
    assert isinstance(driver.top, TitleScene) and driver.app.stack.running and soak.quits_declined == 1


def test_the_matches_go_round_every_game_and_are_fixed_by_the_seed():
    plans = [plan for plan, _ in zip(match_plans(5), range(30))]
    assert plans == [plan for plan, _ in zip(match_plans(5), range(30))]
    assert plans != [plan for plan, _ in zip(match_plans(6), range(30))]
    setups = [plan.setup for plan in plans]
    assert {FALCONI.options_of(s.options).variant for s in setups if s.game == "falconi"} == set(VARIANTS)
    assert {(len(s.seats), FREDERICUS.options_of(s.options).short_game) for s in setups if s.game == "fredericus"} == {
        (players, short) for players in (2, 3, 4) for short in (False, True)}
    assert {sum(plan.kind != "off" for plan in s.seats[1:]) for s in setups if s.game == "falconi"} == {1, 2, 3}
    assert all(s.seats[0].kind == "ai" for s in setups)
    assert all(sum(plan.level == "hard" for plan in s.seats) <= 1 for s in setups)
    assert any(plan.via_menus for plan in plans) and not all(plan.via_menus for plan in plans)


def test_the_first_round_plays_every_pizza_and_table_with_a_hard_seat_so_the_worker_warms_up():
    plans = [plan.setup for plan, _ in zip(match_plans(2), range(FIRST_ROUND))]
    assert {match_key(setup) for setup in plans} == {f"falconi/{variant}" for variant in VARIANTS} | {
        f"fredericus/{players}p" + (" short" if short else "") for players in (2, 3, 4) for short in (False, True)}
    assert all(sum(plan.level == "hard" for plan in setup.seats if plan.kind == "ai") == 1 for setup in plans)
    assert [plan.setup for plan, _ in zip(match_plans(2, levels=("easy",)), range(FIRST_ROUND))][0].seats[0].level \
        == "easy"


def minutes_of(values, step=5.0):
    return [(number * step, mb) for number, mb in enumerate(values)]


def test_memory_that_holds_steady_is_flat():
    verdict = memory_verdict(minutes_of([150.0 + 0.1 * (n % 3) for n in range(360)]), warmup=180)
    assert verdict["verdict"] == FLAT and abs(verdict["slope_mb_per_hour"]) < 1


def test_memory_that_climbs_steadily_is_growing():
    leak = memory_verdict(minutes_of([150.0 + 30 * n * 5 / 3600 for n in range(360)]), warmup=180)  # 30 MB/h
    assert leak["verdict"] == GROWING and 25 < leak["slope_mb_per_hour"] < 35


def test_noise_is_not_a_trend_but_a_jump_is_growth():
    rng = random.Random(1)
    noisy = [150.0 + rng.uniform(-4, 4) for _ in range(60)]  # three minutes, one sample every 3 s
    assert memory_verdict(minutes_of(noisy, 3.0), warmup=60)["verdict"] == FLAT
    jump = [150.0] * 200 + [165.0] * 160  # a cache that filled again once, long after the warm-up
    assert memory_verdict(minutes_of(jump), warmup=180)["verdict"] == GROWING


def test_growth_during_the_warm_up_does_not_count():
    values = [40.0 + 2 * n for n in range(40)] + [120.0] * 320  # the art loaded in the first minutes
    verdict = memory_verdict(minutes_of(values), warmup=180)
    assert verdict["verdict"] == FLAT and verdict["start_mb"] == 40 and verdict["max_mb"] == 120


def test_the_warm_up_lasts_until_every_game_was_played_once():
    assert warmup_seconds(1800, 120) == 180  # a tenth of half an hour
    assert warmup_seconds(1800, 400) == 400
    assert warmup_seconds(180, 30) == 60
    assert warmup_seconds(180, None) == 180  # a run too short to show every pizza and table is all warm-up


def test_too_few_samples_or_none_cannot_be_judged():
    assert memory_verdict(minutes_of([100.0] * 12, 1.0), warmup=4)["verdict"] == TOO_SHORT
    assert memory_verdict([], warmup=0) == {"verdict": NOT_MEASURED}


def test_the_window_less_its_caches_is_taken_sample_by_sample():
    log = MemoryLog(window=[(0.0, 100.0), (5.0, 120.0), (10.0, 130.0)], caches=[(0.0, 0.0), (5.0, 20.0), (10.0, 28.0)])
    assert log.window_less_caches() == [(0.0, 100.0), (5.0, 100.0), (10.0, 102.0)]


def report_on(log: MemoryLog, minutes: float = 30) -> dict:
    """The report of a run that played nothing but left ``log``: only the memory verdicts matter."""
    soak = SimpleNamespace(matches=[], frames=0, random_inputs=0, input=SimpleNamespace(kinds={}), scripted_inputs=0,
                           quits_declined=0, scene_changes=0, seen=set(), finished=0)
    return build_report(soak, minutes, 1, minutes * 60, 60.0, log, 5.0, None)  # type: ignore[arg-type]  # a stand-in


def half_hour(window, caches, at_title=lambda t: 85.0, budget=66.0, worker=28.0) -> MemoryLog:
    times = [n * 5.0 for n in range(360)]
    return MemoryLog(window=[(t, window(t)) for t in times], caches=[(t, caches(t)) for t in times],
                     ai_worker=[(t, worker) for t in times], caches_budget=budget,
                     at_title=[(t, at_title(t)) for t in times[::6]])


def test_caches_filling_to_their_budget_after_the_warm_up_pass():
    filling = half_hour(window=lambda t: 90 + min(50, 30 + t / 60), caches=lambda t: min(50, 30 + t / 60))
    report = report_on(filling)
    assert report["memory"]["window"]["verdict"] == GROWING  # the whole window rose with the caches
    assert report["memory"]["at_title"]["verdict"] == FLAT and report["memory"]["at_title"]["samples"] == 60
    assert report["memory"]["picture_caches_total"] == {"end_mb": 50.0, "max_mb": 50.0, "budget_mb": 66.0,
                                                        "verdict": "within budget"}
    assert report["passed"] and "(not judged)" in format_report(report)


def test_a_rise_between_matches_caches_over_budget_or_a_peak_over_250_mb_fail():
    leak = report_on(half_hour(window=lambda t: 140.0, caches=lambda t: 40.0, at_title=lambda t: 85 + t / 120))
    assert not leak["passed"] and leak["why_failed"] == ["window between matches: growing"]  # 30 MB an hour
    over = report_on(half_hour(window=lambda t: 150.0, caches=lambda t: 70.0))
    assert not over["passed"] and over["why_failed"] == ["picture caches: over budget"]
    high = report_on(half_hour(window=lambda t: 260.0, caches=lambda t: 40.0))
    assert not high["passed"] and high["why_failed"] == ["window peak: over budget"]
    assert "window peak: 260 MB, limit 250: over budget" in format_report(high)


def test_between_matches_the_window_is_sampled_after_a_collection_less_its_caches(monkeypatch):
    import devtools.soak_memory as memory

    monkeypatch.setattr(memory, "resident_mb", lambda pid=None: 120.0)
    monkeypatch.setattr(memory.surface_cache, "held_mb", lambda: {"text": 16.0, "menu art": 4.0})
    collected = []
    monkeypatch.setattr(memory.gc, "collect", lambda: collected.append(1))
    log = MemoryLog()
    log.sample_at_title(30.0)
    assert log.at_title == [(30.0, 100.0)] and collected == [1]


def test_a_sample_reads_both_processes_the_caches_and_the_heap():
    log = MemoryLog(worker=os.getpid())
    log.sample(0.0)
    log.sample(1.0)
    assert [t for t, _ in log.window] == [t for t, _ in log.ai_worker] == [t for t, _ in log.caches] == [0.0, 1.0]
    assert len(log.objects) == 2 and all(mb >= 0 for _, mb in log.caches)
    assert log.heap == {} or set(log.heap) == {"used", "free", "mapped"}
    assert log.caches_budget == surface_cache.budget_mb() > 0


def test_resident_memory_is_read_from_proc_or_not_at_all():
    mine = resident_mb()
    assert mine is None or mine > 1
    assert resident_mb(2**30) is None
