"""Browser test harness: JupyterLab and Voila servers, driven by Chromium.

Playwright drives the system's Chromium through ``executable_path`` (no
browser download). Without Chromium the tests skip with the command to
install it, unless KIT_REQUIRE_BROWSER=1, where a missing browser is a
failure: CI must not pass by skipping. Servers: see ``servers.py``.
"""

from __future__ import annotations

import os
import shutil
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest

from servers import ROOT, copy_notebooks, free_port, quiet_lab_settings, running

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


@pytest.fixture(scope="module")
def lab_server(chromium_path, tmp_path_factory):
    """JupyterLab without a token on a free port; yields its base URL.

    It sees the notebooks as a fresh clone does: its own empty Jupyter data
    directory holds no trust signatures (nor anything else of this user's).
    """
    with start_lab(tmp_path_factory.mktemp("lab")) as url:
        yield url


@pytest.fixture(scope="module")
def lab_server_es(chromium_path, tmp_path_factory):
    """The same, with JupyterLab's own menus in Spanish (its language pack), as
    `make lab LANG=es` opens it."""
    with start_lab(tmp_path_factory.mktemp("lab-es"), "es_ES") as url:
        yield url


@contextmanager
def start_lab(tmp, locale: str = "en"):
    work, port = copy_notebooks(tmp), free_port()
    cmd = [sys.executable, "-m", "jupyterlab", "--allow-root", "--no-browser",
           "--ServerApp.token=", "--ServerApp.password=", "--ServerApp.ip=127.0.0.1",
           f"--port={port}", "--ServerApp.port_retries=0",
           f"--LabApp.user_settings_dir={quiet_lab_settings(tmp, locale)}",
           f"--LabApp.workspaces_dir={tmp / 'workspaces'}"]
    url = f"http://127.0.0.1:{port}"
    # Its kernels keep progress in a file of this server's (never the home's: a second
    # run would find the exercises done), apart from the twins' (``fresh_progress``).
    env = {"JUPYTER_DATA_DIR": str(tmp / "data"), "KIT_PROGRESS": str(tmp / "progress.json"),
           # Its kernels import this checkout's kit, as the twins do (the editable install
           # may point at another worktree: its catalogue then says other words).
           "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    with running(cmd, work, url + "/lab", env=env):
        yield url


def make_voila(tmp, *make_args):
    """Run Voila the way the Makefile does (its offline page template included)."""
    port = free_port()
    cmd = ["make", "--no-print-directory", "-C", str(ROOT), *make_args, f"PORT={port}",
           "OPEN=no"]
    url = f"http://127.0.0.1:{port}"
    return running(cmd, tmp, url, log=tmp / "voila.log"), url


@pytest.fixture(scope="module")
def voila_server(chromium_path, tmp_path_factory):
    """`make voila` serving the welcome notebook as an app; yields its URL."""
    tmp = tmp_path_factory.mktemp("voila")
    notebook = copy_notebooks(tmp) / "notebooks" / "00_welcome.ipynb"
    server, url = make_voila(tmp, "voila", f"NOTEBOOK={notebook}")
    with server:
        yield url


@pytest.fixture(scope="module")
def app_server(chromium_path, tmp_path_factory):
    """`make app`: Voila serving notebooks/play.ipynb; yields its URL."""
    server, url = make_voila(tmp_path_factory.mktemp("app"), "app")
    with server:
        yield url


@pytest.fixture(scope="module")
def twin_progress(tmp_path_factory):
    return tmp_path_factory.mktemp("twin") / "progress.json"


@pytest.fixture(autouse=True)
def fresh_progress(twin_progress, monkeypatch):
    """The twins built here (``lesson_twin``) keep their progress in a file of this
    module's, as the page's kernels do in their server's (``lab_server``, one per
    module): both start with nothing done and remember the same exercises."""
    monkeypatch.setenv("KIT_PROGRESS", str(twin_progress))


@pytest.fixture
def lab_page(page):
    """A page the size of a classroom projector's screen (1366 x 768)."""
    page.set_viewport_size({"width": 1366, "height": 768})
    return page
