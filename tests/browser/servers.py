"""Starting and stopping local servers for the browser tests.

Each server runs on a free loopback port against a temporary copy of the
notebooks (Lab autosaves and would otherwise edit the lessons), and is
stopped by its PID with everything it started (kernels included).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[2]


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


def quiet_lab_settings(tmp: Path, locale: str = "en") -> Path:
    """Lab settings with the news and update toast off (it covers the canvas), and
    Lab's own menus in ``locale`` ("es_ES": its Spanish pack) whatever `make lab
    LANG=` last wrote into .venv."""
    settings = tmp / "lab-settings"
    target = settings / "@jupyterlab" / "apputils-extension"
    target.mkdir(parents=True)
    (target / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False}))
    language = settings / "@jupyterlab" / "translation-extension"
    language.mkdir(parents=True)
    (language / "plugin.jupyterlab-settings").write_text(json.dumps({"locale": locale}))
    return settings


def write_notebook(path: Path, source: str) -> None:
    """A one-cell notebook running ``source`` (for tests that need a board, not a lesson)."""
    nb = nbformat.v4.new_notebook()
    nb.cells.append(nbformat.v4.new_code_cell(source))
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, path)


def lab_command(python: str, port: int, tmp: Path) -> list[str]:
    """JupyterLab without a token on ``port``, its settings and workspaces under ``tmp``."""
    return [python, "-m", "jupyterlab", "--allow-root", "--no-browser",
            "--ServerApp.token=", "--ServerApp.password=", "--ServerApp.ip=127.0.0.1",
            f"--port={port}", "--ServerApp.port_retries=0",
            f"--LabApp.user_settings_dir={quiet_lab_settings(tmp)}",
            f"--LabApp.workspaces_dir={tmp / 'workspaces'}"]
