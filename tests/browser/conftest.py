"""Browser test harness: JupyterLab and Voila servers, driven by Chromium.

Each server runs on a free loopback port against a temporary copy of the
notebooks (Lab autosaves and would otherwise edit the lessons), and is
stopped by its PID. Playwright drives the system's Chromium through
``executable_path`` (no browser download). Without Chromium the tests skip
with the command to install it, unless KIT_REQUIRE_BROWSER=1, where a
missing browser is a failure: CI must not pass by skipping.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
INSTALL_HINT = ("Chromium is needed for the browser tests; install it with "
                "`sudo apt-get install chromium fonts-dejavu-core` (Debian/Ubuntu) "
                "or run only the fast tests with `make fast`")
# Chromium as root in a container, with no network but loopback.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--disable-dev-shm-usage"]


def pytest_collection_modifyitems(items):
    for item in items:
        if Path(str(item.fspath)).is_relative_to(Path(__file__).parent):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def chromium_path() -> str:
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    if path:
        return path
    if os.environ.get("KIT_REQUIRE_BROWSER") == "1":
        pytest.fail(f"KIT_REQUIRE_BROWSER=1 but no chromium on PATH. {INSTALL_HINT}")
    pytest.skip(INSTALL_HINT)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args, chromium_path):
    return {**browser_type_launch_args, "executable_path": chromium_path,
            "headless": True, "args": CHROMIUM_ARGS}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_http(url: str, proc: subprocess.Popen, log: Path, timeout: float = 90) -> None:
    """Any HTTP answer (even an error status) means the server is up."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}:\n{log.read_text()}")
        try:
            urllib.request.urlopen(url, timeout=2)
            return
        except urllib.error.HTTPError:
            return
        except OSError:
            time.sleep(0.25)
    raise RuntimeError(f"server did not answer {url} in {timeout} s:\n{log.read_text()}")


@contextmanager
def running(cmd: list[str], cwd: Path, url: str, env: dict | None = None,
            log: Path | None = None):
    """Start a server, wait until it answers, stop it (and its kernels) by PID."""
    log = log or cwd / "server.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, cwd=cwd, stdout=out, stderr=subprocess.STDOUT,
                                env={**os.environ, **(env or {})}, start_new_session=True)
    try:
        wait_for_http(url, proc, log)
        yield proc
    finally:
        stop(proc)


def stop(proc: subprocess.Popen) -> None:
    for sig, wait in ((signal.SIGTERM, 15), (signal.SIGKILL, 5)):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            return
        try:
            proc.wait(wait)
            return
        except subprocess.TimeoutExpired:
            continue


def copy_notebooks(tmp: Path) -> Path:
    work = tmp / "site"
    shutil.copytree(ROOT / "notebooks", work / "notebooks",
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    return work


def quiet_lab_settings(tmp: Path) -> Path:
    """Lab settings with the news and update toast off (it covers the canvas)."""
    settings = tmp / "lab-settings"
    target = settings / "@jupyterlab" / "apputils-extension"
    target.mkdir(parents=True)
    (target / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False}))
    return settings


@pytest.fixture(scope="module")
def lab_server(chromium_path, tmp_path_factory):
    """JupyterLab without a token on a free port; yields its base URL."""
    tmp = tmp_path_factory.mktemp("lab")
    work, port = copy_notebooks(tmp), free_port()
    cmd = [sys.executable, "-m", "jupyterlab", "--allow-root", "--no-browser",
           "--ServerApp.token=", "--ServerApp.password=", "--ServerApp.ip=127.0.0.1",
           f"--port={port}", "--ServerApp.port_retries=0",
           f"--LabApp.user_settings_dir={quiet_lab_settings(tmp)}",
           f"--LabApp.workspaces_dir={tmp / 'workspaces'}"]
    url = f"http://127.0.0.1:{port}"
    with running(cmd, work, url + "/lab"):
        yield url


@pytest.fixture(scope="module")
def voila_server(chromium_path, tmp_path_factory):
    """Voila serving the welcome notebook as an app; yields its URL."""
    tmp = tmp_path_factory.mktemp("voila")
    work, port = copy_notebooks(tmp), free_port()
    cmd = [sys.executable, "-m", "voila", "notebooks/00_welcome.ipynb", "--no-browser",
           f"--port={port}", "--Voila.ip=127.0.0.1", "--show_tracebacks=True"]
    url = f"http://127.0.0.1:{port}"
    with running(cmd, work, url):
        yield url
