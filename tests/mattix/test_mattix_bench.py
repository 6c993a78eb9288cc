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
