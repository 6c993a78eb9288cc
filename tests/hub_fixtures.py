"""The class hub the hub tests share: started once per test module, stopped by PID.

Used by tests/test_hub.py (HTTP and kernel messages) and
tests/browser/test_hub_browser.py (a student in Chromium), which run in
separate pytest processes (see the Makefile's test target).
"""

import subprocess

import pytest

from kit.classroom.loadtest import PROXY, ROOT, local_hub
from system_tools import require

PASSWORD = "class-password-1"
LESSON = "notebooks/00_welcome.ipynb"


@pytest.fixture(scope="module")
def class_hub(tmp_path_factory):
    if not PROXY.exists():
        npm = require("npm", "the hub's proxy comes from npm: sudo apt-get install npm")
        subprocess.run([npm, "install", "--prefix", str(ROOT / "build" / "hub"), "--no-audit",
                        "--no-fund", "configurable-http-proxy@5"], check=True, timeout=600)
    state = tmp_path_factory.mktemp("hub")
    with local_hub(state, PASSWORD) as (url, proc):
        yield url, proc, state
