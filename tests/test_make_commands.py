"""The README's commands: `make lab` serves the kit safely; bad Python stops it early."""

import json
import os
import shutil
import subprocess
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from browser.servers import free_port, running

ROOT = Path(__file__).resolve().parents[1]


def get(url, token=None):
    headers = {"Authorization": f"token {token}"} if token else {}
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=10) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, ""


def test_make_lab_serves_on_loopback_and_refuses_requests_without_the_token(tmp_path):
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    cmd = ["make", "--no-print-directory", "lab", f"PORT={port}", "OPEN=no"]
    with running(cmd, ROOT, url + "/api/status", env={"JUPYTER_TOKEN": "kit-test-token"},
                 log=tmp_path / "lab.log"):
        # Lab serves the lessons folder (the welcome notebook's own folder).
        assert get(url + "/api/contents")[0] == 403
        status, body = get(url + "/api/contents", token="kit-test-token")
        assert status == 200 and "00_welcome.ipynb" in body
        status, page = get(url + "/lab/tree/00_welcome.ipynb?token=kit-test-token")
        assert status == 200 and "JupyterLab" in page


def make_in_fresh_copy(tmp_path, *args):
    """Run make in a copy of the project without .venv: a machine's first run."""
    for name in ("Makefile", "pyproject.toml"):
        shutil.copy(ROOT / name, tmp_path / name)
    return subprocess.run(["make", "--no-print-directory", *args], cwd=tmp_path,
                          capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("python", ["/nonexistent/python3", "fake-old-python"])
def test_make_lab_without_a_usable_python_stops_with_one_line(tmp_path, python):
    if python == "fake-old-python":  # answers like a Python too old to use
        fake = tmp_path / "python3.8"
        fake.write_text("#!/bin/sh\necho 0\n")
        fake.chmod(0o755)
        python = str(fake)
    result = make_in_fresh_copy(tmp_path, "lab", f"PYTHON={python}")
    assert result.returncode != 0
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "needs Python 3.10 or newer" in lines[0], result.stderr
    assert not (tmp_path / ".venv").exists()


def test_a_second_run_reuses_the_venv_until_pyproject_changes(tmp_path):
    venv = tmp_path / ".venv"
    (venv / "bin").mkdir(parents=True)
    (venv / "bin" / "python").symlink_to(shutil.which("python3"))
    result = make_in_fresh_copy(tmp_path, "-n", "lab")   # no .installed stamp yet
    assert "pip install" in result.stdout
    (venv / ".installed").touch()
    os.utime(venv / ".installed", (2e9, 2e9))            # newer than pyproject.toml
    result = make_in_fresh_copy(tmp_path, "-n", "lab")
    assert "pip install" not in result.stdout and "jupyter lab" in result.stdout
    (tmp_path / "pyproject.toml").touch()
    os.utime(tmp_path / "pyproject.toml", (2e9 + 10, 2e9 + 10))
    assert "pip install" in subprocess.run(["make", "-n", "lab"], cwd=tmp_path,
                                           capture_output=True, text=True).stdout


def test_make_lab_turns_the_news_toast_off_inside_the_venv_only(tmp_path):
    venv = tmp_path / ".venv"
    (venv / "bin").mkdir(parents=True)
    (venv / "bin" / "python").symlink_to(shutil.which("python3"))
    (venv / ".installed").touch()
    os.utime(venv / ".installed", (2e9, 2e9))
    defaults = venv / "share/jupyter/lab/settings/overrides.d/kit.json"
    assert "overrides.d/kit.json" in make_in_fresh_copy(tmp_path, "-n", "lab").stdout
    result = make_in_fresh_copy(tmp_path, str(defaults.relative_to(tmp_path)))
    assert result.returncode == 0, result.stderr
    settings = json.loads(defaults.read_text())
    assert settings == {"@jupyterlab/apputils-extension:notification":
                        {"fetchNews": "false", "checkForUpdates": False}}


def test_make_app_serves_the_play_notebook_offline_on_loopback_without_the_test_extra(tmp_path):
    venv = tmp_path / ".venv"
    (venv / "bin").mkdir(parents=True)
    (venv / "bin" / "python").symlink_to(shutil.which("python3"))
    (venv / ".installed").touch()
    os.utime(venv / ".installed", (2e9, 2e9))
    result = make_in_fresh_copy(tmp_path, "-n", "app", "OPEN=no", "PORT=9999")
    command = result.stdout.strip().splitlines()[-1]
    assert "pip install" not in result.stdout              # voila is a runtime dependency
    assert "voila --template=offline --Voila.ip=127.0.0.1 --port=9999" in command
    assert "--no-browser" in command and command.endswith("notebooks/play.ipynb")
    assert f"JUPYTER_PATH={tmp_path}/share/jupyter" in command


def test_the_offline_voila_template_extends_voilas_lab_page():
    template = ROOT / "share/jupyter/voila/templates/offline"
    assert json.loads((template / "conf.json").read_text()) == {"base_template": "lab"}
    assert "extends 'voila/templates/lab/index.html.j2'" in (template / "index.html.j2").read_text()


@pytest.mark.parametrize("target", ["test", "fast"])
def test_make_test_and_fast_run_ruff_and_mypy_before_any_test(tmp_path, target):
    venv = tmp_path / ".venv"
    (venv / "bin").mkdir(parents=True)
    (venv / "bin" / "python").symlink_to(shutil.which("python3"))
    for stamp in (".installed", ".installed-test"):
        (venv / stamp).touch()
        os.utime(venv / stamp, (2e9, 2e9))
    lines = make_in_fresh_copy(tmp_path, "-n", target).stdout.splitlines()
    assert lines[:2] == [".venv/bin/ruff check kit tests", ".venv/bin/mypy"], lines
    assert "pytest" in lines[2]


def test_make_bare_runs_the_engines_in_a_venv_without_pip(tmp_path):
    lines = make_in_fresh_copy(tmp_path, "-n", "bare").stdout.splitlines()
    assert any("-m venv --without-pip build/bare-venv" in line for line in lines), lines
    assert lines[-1] == "build/bare-venv/bin/python -I tests/bare_engines.py"


@pytest.mark.parametrize(("lang", "code", "welcome", "menus"), [
    ("es", "es", "notebooks/es/00_welcome.ipynb", "es_ES"),
    ("es_ES.UTF-8", "es", "notebooks/es/00_welcome.ipynb", "es_ES"),   # a Spanish desktop
    ("bg", "bg", "notebooks/bg/00_welcome.ipynb", "en"),               # Lab has no Bulgarian pack
    ("C.UTF-8", "en", "notebooks/00_welcome.ipynb", "en"),
    ("fr_FR.UTF-8", "en", "notebooks/00_welcome.ipynb", "en"),         # not a language of the kit
])
def test_make_lab_app_and_voila_speak_the_language_lang_names(tmp_path, lang, code, welcome, menus):
    venv = tmp_path / ".venv"
    (venv / "bin").mkdir(parents=True)
    (venv / "bin" / "python").symlink_to(shutil.which("python3"))
    (venv / ".installed").touch()
    os.utime(venv / ".installed", (2e9, 2e9))
    (venv / "share/jupyter/lab/settings/overrides.d").mkdir(parents=True)
    (venv / "share/jupyter/lab/settings/overrides.d/kit.json").touch()
    lab = make_in_fresh_copy(tmp_path, "-n", "lab", "OPEN=no", f"LANG={lang}").stdout
    assert f'{{"locale": "{menus}"}}' in lab and "overrides.d/kit-language.json" in lab
    command = lab.strip().splitlines()[-1]
    assert command.startswith(f"KIT_LANG={code} ") or f"KIT_LANG={code} " in lab
    assert lab.rstrip().endswith(welcome)
    # The whole of notebooks/ is served, so a translated welcome's links to the
    # English courses (../iota/ from notebooks/bg/) open (issue 30).
    assert "--ServerApp.root_dir=notebooks " in command
    app = make_in_fresh_copy(tmp_path, "-n", "app", "OPEN=no", f"LANG={lang}").stdout.strip()
    assert app.startswith(f"KIT_LANG={code} ") and app.endswith(welcome.replace("00_welcome", "play"))
    voila = make_in_fresh_copy(tmp_path, "-n", "voila", "OPEN=no", f"LANG={lang}").stdout.strip()
    assert voila.startswith(f"KIT_LANG={code} ") and voila.endswith(welcome)
