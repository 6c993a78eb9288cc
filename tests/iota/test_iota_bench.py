"""The benchmark script still runs (its --quick version); timings are not asserted."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_bench_quick_runs_and_reports_every_figure():
    out = subprocess.run([sys.executable, "-m", "kit.iota.benchmark", "--quick"],
                         capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "legal_moves()" in text and "PlannerPlayer().choose()" in text
    assert text.count("median") >= 2 and text.count("worst") >= 2
    assert text.count("games/s") == 3


def test_bench_positions_match_the_issue():
    from kit.iota.benchmark import positions
    for game in positions(3):
        assert 25 <= len(game.table) <= 60
        assert len(game.hand) == 4 and "W" in game.hand
