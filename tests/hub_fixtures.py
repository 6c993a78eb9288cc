"""The class hub the hub tests share: started once per test module, stopped by PID.

Used by tests/test_hub.py (HTTP and kernel messages), tests/test_hub_hostile.py
and tests/browser/test_hub_browser.py (a student in Chromium), which run in
separate pytest processes (see the Makefile's test target).

As root (CI, a class machine) the hub runs as `make hub` does there: an account
per student, each removed when the hub stops. The hub's folder is under
/var/tmp, not pytest's tmp folder: that one is 0700, so no student account could
reach its home in it. The student runtime is built once per machine (and again
only when the kit changes) in /var/tmp/kit-class-test.
"""

import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psutil
import pytest

from kit.classroom.accounts import remove_accounts
from kit.classroom.loadtest import PROXY, ROOT, as_root, local_hub
from system_tools import require

os.environ.setdefault("KIT_CLASS_HOME", "/var/tmp/kit-class-test")
PASSWORD = "class-password-1"
TEACHER, TEACHER_PASSWORD = "teach", "teacher-password-1"
LESSON = "notebooks/00_welcome.ipynb"


def install_proxy():
    if not PROXY.exists():
        npm = require("npm", "the hub's proxy comes from npm: sudo apt-get install npm")
        subprocess.run([npm, "install", "--prefix", str(ROOT / "build" / "hub"), "--no-audit",
                        "--no-fund", "configurable-http-proxy@5"], check=True, timeout=600)


@contextmanager
def hub_place(tmp_path_factory) -> Iterator[Path]:
    """Where a test hub keeps its state and homes (removed after): readable by
    students' accounts as root."""
    if not as_root():
        yield tmp_path_factory.mktemp("hub")
        return
    remove_stale_hubs()
    place = Path(tempfile.mkdtemp(prefix="kit-hub-", dir="/var/tmp"))
    try:
        yield place
    finally:
        shutil.rmtree(place, ignore_errors=True)


def remove_stale_hubs() -> None:
    """Accounts and folders of test hubs that died without cleaning up (a test
    run killed): a new hub would refuse those names as not its own."""
    live = set()
    for p in psutil.process_iter(["cmdline"]):
        try:
            if "jupyterhub" in " ".join(p.info["cmdline"] or []):
                live.add(Path(p.cwd()))
        except psutil.Error:
            pass
    for place in Path("/var/tmp").glob("kit-hub-*"):
        if place not in live and (place / "homes").is_dir():
            remove_accounts(place / "homes")
            shutil.rmtree(place, ignore_errors=True)
            shutil.rmtree(Path("/run") / f"kit-{place.name[-12:]}", ignore_errors=True)   # its sockets


@pytest.fixture(scope="module")
def class_hub(tmp_path_factory):
    install_proxy()
    with hub_place(tmp_path_factory) as place, local_hub(place, PASSWORD, env={
            "KIT_TEACHER": TEACHER, "KIT_TEACHER_PASSWORD": TEACHER_PASSWORD}) as hub:
        yield hub
