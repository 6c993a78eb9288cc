"""Without Chromium the browser tests skip with an install hint, unless CI requires them."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run_browser_tests(require: bool) -> subprocess.CompletedProcess:
    env = {**os.environ, "PATH": str(Path(sys.executable).parent)}  # no chromium here
    env.pop("KIT_REQUIRE_BROWSER", None)
    if require:
        env["KIT_REQUIRE_BROWSER"] = "1"
    return subprocess.run([sys.executable, "-m", "pytest", "tests/browser", "-q", "-rsE"],
                          cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def test_browser_tests_skip_with_the_install_command_when_chromium_is_missing():
    result = run_browser_tests(require=False)
    assert result.returncode == 0, result.stdout
    assert "skipped" in result.stdout and "passed" not in result.stdout
    assert "apt-get install chromium" in result.stdout


def test_browser_tests_fail_when_required_and_chromium_is_missing():
    result = run_browser_tests(require=True)
    assert result.returncode != 0
    assert "KIT_REQUIRE_BROWSER=1 but no chromium" in result.stdout
