"""Issue 40: ``main.py bench online`` runs a real server under tables of AI seats and scripted clients and
reports its figures (read against docs/online.md; a benchmark, not a timed test)."""

from __future__ import annotations

import pytest

from devtools.bench_online import run_online_bench
from devtools.games import parts


@pytest.mark.slow
@pytest.mark.parametrize("game, benches", parts("benches"), ids=lambda value: value if isinstance(value, str) else "")
def test_the_online_bench_plays_on_every_table_and_reports_its_figures(game, benches) -> None:
    figures = run_online_bench(benches.online_bench_table(), 2, seconds=3.0)
    assert figures["game"] == game and figures["tables"] == 2 and figures["actions"] > figures["client actions"] > 0
    assert figures["round trip p95 (ms)"] >= figures["round trip median (ms)"] > 0
    assert figures["server peak memory (MiB)"] > 0 and figures["AI workers"] >= 1
