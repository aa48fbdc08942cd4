"""``python main.py bench idle`` measures the window's CPU at rest and while it moves, scene by scene."""

import pytest

from devtools.bench_idle import SCENES, run_idle_bench


@pytest.mark.slow
def test_the_idle_bench_reports_every_scene_at_rest_and_moving(monkeypatch):
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    figures = run_idle_bench(0.5)
    assert figures["video_driver"] == "dummy" and not figures["real_window"]
    assert set(figures["scenes"]) == set(SCENES)
    shown = {name: scene["scene"] for name, scene in figures["scenes"].items()}
    assert shown["pause"] == "PauseOverlay" and shown["game over"] == "GameOverScene"
    assert shown["lesson"] == "PlayScene"
    for scene in figures["scenes"].values():
        assert scene["rest_fps"] <= 2 < scene["moving_fps"]  # nothing drawn at rest; every frame moving
    assert figures["worst_rest_cpu_pct"] == max(scene["rest_cpu_pct"] for scene in figures["scenes"].values())
