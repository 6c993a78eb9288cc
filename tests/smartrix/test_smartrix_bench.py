"""The Smartrix benchmark script still runs (its --quick form); no timing asserted."""

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_benchmark_quick_runs():
    out = subprocess.run([sys.executable, "-m", "kit.smartrix.benchmark", "--quick"],
                         capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    for words in ["legal_moves()", "cautious choose()", "games/s"]:
        assert words in out.stdout
