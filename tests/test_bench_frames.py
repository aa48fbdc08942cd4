"""``python main.py bench frames`` runs every scene headless and reports frame times against the targets."""

import pytest

from devtools.bench_frames import TARGETS, run_frames_bench


@pytest.mark.slow
def test_the_frame_bench_reports_every_scene_and_the_targets():
    figures = run_frames_bench(frames=5, board_seconds=0.3, animation_seconds=0.3)
    assert {"title", "seat set-up", "rules help", "falconi/diavola", "fredericus/4p"} <= set(figures["scenes"])
    shown = {name: scene["scene"] for name, scene in figures["scenes"].items()}
    assert shown["game over"] == "GameOverScene" and shown["hand-over"] == "HandOverOverlay"
    assert shown["pad prompt"] == "PadMissingOverlay" and shown["pause"] == "PauseOverlay"
    assert figures["ai_worker_rss_mb"] > 0
    for scene in figures["scenes"].values():
        assert scene["frames"] >= 5 and 0 < scene["median_ms"] <= scene["max_ms"]
    assert set(figures["within_targets"]) == set(TARGETS)
    assert 0 < figures["worst"]["launch_s"] < 30 and figures["worst"]["rss_mb"] > 0
    assert set(figures["animations"]) == {"falconi/margherita", "falconi/funghi", "falconi/prosciutto",
                                          "falconi/salami", "falconi/diavola", "fredericus/2p", "fredericus/4p"}
    for board in figures["animations"].values():
        assert board["moves"] > 0
