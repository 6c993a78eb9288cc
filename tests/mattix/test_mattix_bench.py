"""The benchmark script's quick mode runs and prints every figure (no timings asserted)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_bench_quick_runs_and_reports_each_figure():
    out = subprocess.run([sys.executable, "-m", "kit.mattix.benchmark", "--quick"],
                         capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    for figure in ("4x4 exact", "5x5 exact", "6x6 exact with a", "8x8 level 2", "nodes per CPU second"):
        assert figure in out.stdout


def test_bench_exact7_cross_checks_the_two_solvers_and_reports_the_curve():
    out = subprocess.run([sys.executable, "-m", "kit.mattix.benchmark", "--exact7", "--lefts", "22,25",
                          "--boards6", "0", "--cap", "0.2"],
                         capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert out.returncode == 0, out.stderr       # a disagreement is an AssertionError
    lines = out.stdout.splitlines()
    for k in range(3):
        for left in (22, 25):
            assert any(f"7x7 board {k}, {left} tiles left" in s and "equal" in s for s in lines)
        assert any(f"7x7 board {k} (48 tiles)" in s for s in lines)
