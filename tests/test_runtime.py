"""The student runtime (kit.classroom.runtime): built for real, checked as an account with no rights.

One module fixture builds a runtime from a clone of the project into
/var/tmp/kit20t-runtime-* (not pytest's tmp dir: /tmp/pytest-of-root is 0700,
so other accounts could not reach it) and removes it after. Two full builds in
all (the first, and the one after a kit change); the rest are stamp checks or
lesson commits. Uid 65534 (nobody) stands in for a student.
"""

import json
import os
import re
import shutil
import stat
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

from kit.classroom import runtime
from kit.classroom.runtime import ROOT, BuildError, Runtime, build

from system_tools import unavailable

pytestmark = pytest.mark.hub

NOBODY = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]


def as_nobody(*cmd: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*NOBODY, *cmd], cwd="/", capture_output=True, text=True,
                          env={"PATH": "/usr/bin:/bin", "HOME": "/nonexistent", "LANG": "C.UTF-8", **env})


def lessons_git(rt: Runtime, *args: str) -> str:
    return subprocess.run(["git", "--git-dir", str(rt.lessons), *args], check=True,
                          capture_output=True, text=True).stdout.strip()


def link_target(rt: Runtime) -> str:
    return os.readlink(rt.home / "runtime")


def site_packages(rt: Runtime) -> Path:
    return next((rt.home / "runtime" / "lib").glob("python3.*/site-packages"))


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """(runtime, the source tree it was built from, the first build's log)."""
    if os.geteuid() != 0 or not shutil.which("setpriv"):
        unavailable("not root with setpriv",
                    "builds a root-owned runtime and checks it as uid 65534: needs root and setpriv")
    src = tmp_path_factory.mktemp("src") / "kit"
    subprocess.run(["git", "clone", "-q", "--depth", "1", ROOT.as_uri(), str(src)], check=True)
    home = Path(tempfile.mkdtemp(prefix="kit20t-runtime-", dir="/var/tmp"))
    try:
        log: list[str] = []
        rt = build(home, src, log=log.append)
        yield rt, src, log
    finally:
        shutil.rmtree(home, ignore_errors=True)


def test_refuses_to_build_unless_root(monkeypatch, tmp_path):
    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    with pytest.raises(PermissionError, match="as root"):
        build(tmp_path / "home")
    assert not (tmp_path / "home").exists()


def test_an_unprivileged_account_imports_the_installed_kit(built):
    rt, src, log = built
    assert rt.python == rt.home / "runtime" / "bin" / "python"
    assert (rt.bin / "jupyterhub-singleuser").exists() and (rt.bin / "jupyter").exists()
    done = as_nobody(str(rt.python), "-c", runtime.CHECK_IMPORTS)
    assert done.returncode == 0, done.stderr
    kit_file = Path(done.stdout.strip()).resolve()
    # Non-editable: the package's files are in the runtime, not in the tree it was built from.
    assert kit_file == (site_packages(rt) / "kit" / "__init__.py").resolve()
    assert not list(site_packages(rt).glob("__editable__*"))
    assert str(src) not in "".join(p.read_text() for p in site_packages(rt).glob("*.pth"))
    # The kit's own Python (pyenv under /root here) is not one every account can run.
    assert any(line.startswith("runtime: Python ") for line in log), log


def test_the_runtime_has_no_debugger_and_lab_offers_none(built):
    """No debugpy (ipykernel runs without it: tests/test_attacks.py runs a kernel), and
    JupyterLab's debugger extension disabled in the runtime's page config."""
    rt, _, _ = built
    done = as_nobody(str(rt.python), "-c", "import ipykernel.ipkernel, importlib.util; "
                     "from ipykernel.debugger import _is_debugpy_available as on; "
                     "print(importlib.util.find_spec('debugpy'), on)")
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["None", "False"]
    assert not list(site_packages(rt).glob("debugpy*"))
    page = json.loads((rt.home / "runtime" / "etc" / "jupyter" / "labconfig" / "page_config.json").read_text())
    assert page["disabledExtensions"]["@jupyterlab/debugger-extension"] is True
    # JupyterLab itself reads it as disabled (its page config, from the runtime's config path).
    listed = as_nobody(str(rt.bin / "jupyter"), "labextension", "list", JUPYTER_CONFIG_DIR="/nonexistent")
    said = listed.stdout + listed.stderr
    assert "@jupyterlab/debugger-extension" in said.split("Disabled extensions:", 1)[-1], said
    assert "Disabled extensions:" in said, said


def test_the_server_extensions_a_student_does_not_use_stay_dropped(built):
    """Voila, the language servers' bridge and the classic notebook's shim are not
    loaded by a student's server, and jsonschema's grammar-building IRI checker
    (rfc3987_syntax, lark) is not installed; Lab, nbgitpuller and terminals stay."""
    rt, _, _ = built
    listed = as_nobody(str(rt.bin / "jupyter"), "server", "extension", "list",
                       JUPYTER_CONFIG_DIR="/nonexistent")
    said = re.sub(r"\x1b\[[0-9;]*m", "", listed.stdout + listed.stderr)   # its colours
    states = {}
    for line in said.splitlines():
        words = line.split()
        if len(words) >= 2 and words[1].rstrip(":") in ("enabled", "disabled"):
            states[words[0]] = words[1].rstrip(":")
    for name in runtime.DROPPED_SERVER_EXTENSIONS:
        assert states.get(name) == "disabled", (name, said)
    for name in ("jupyterlab", "nbgitpuller", "jupyter_server_terminals"):
        assert states.get(name) == "enabled", (name, said)
    done = as_nobody(str(rt.python), "-c", "import importlib.util, jsonschema, jupyter_events.logger; "
                     "print([importlib.util.find_spec(n) for n in ('rfc3987_syntax', 'lark', 'voila')])")
    assert done.returncode == 0, done.stderr
    # voila stays installed (the kit depends on it) but is not loaded; the other two are gone
    assert done.stdout.strip().startswith("[None, None, ModuleSpec("), done.stdout
    page = json.loads((rt.home / "runtime" / "etc" / "jupyter" / "labconfig" / "page_config.json").read_text())
    assert page["disabledExtensions"]["@voila-dashboards/jupyterlab-preview"] is True


def test_an_unprivileged_account_cannot_change_the_runtime(built):
    rt, _, _ = built
    target = site_packages(rt) / "kit" / "pwned.py"
    done = as_nobody(str(rt.python), "-c", f"open({str(target)!r}, 'w')")
    assert done.returncode != 0 and "PermissionError" in done.stderr, done.stderr
    assert not target.exists()


def test_everything_is_root_owned_and_writable_by_root_only(built):
    rt, _, _ = built
    for p in [rt.home, *rt.home.rglob("*")]:
        st = p.lstat()
        assert st.st_uid == 0 and st.st_gid == 0, p
        if not stat.S_ISLNK(st.st_mode):
            assert stat.S_IMODE(st.st_mode) in (0o755, 0o644), (p, oct(st.st_mode))
    overrides = rt.home / "runtime" / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
    assert json.loads(overrides.read_text()) == runtime.LAB_OVERRIDES


def test_the_lessons_repository_holds_the_notebooks_and_nothing_else(built):
    rt, _, _ = built
    files = lessons_git(rt, "ls-tree", "-r", "--name-only", "main").splitlines()
    assert "notebooks/00_welcome.ipynb" in files
    assert all(f.startswith("notebooks/") for f in files), [f for f in files if not f.startswith("notebooks/")]
    assert lessons_git(rt, "log", "-1", "--format=%an", "main") == "kit class hub"


def test_students_reach_the_lessons_only_through_the_gitconfig(built):
    rt, _, _ = built
    assert rt.gitconfig.read_text() == f"[safe]\n\tdirectory = {rt.lessons}\n"
    allowed = as_nobody("git", "ls-remote", "--heads", rt.lessons_url, GIT_CONFIG_SYSTEM=str(rt.gitconfig))
    assert allowed.returncode == 0 and "refs/heads/main" in allowed.stdout, allowed.stderr
    refused = as_nobody("git", "ls-remote", "--heads", rt.lessons_url)
    assert refused.returncode != 0 and "dubious ownership" in refused.stderr, refused


def test_a_second_build_changes_nothing_and_is_fast(built):
    rt, src, _ = built
    before, head = link_target(rt), lessons_git(rt, "rev-parse", "main")
    log: list[str] = []
    started = time.monotonic()
    again = build(rt.home, src, log=log.append)
    elapsed = time.monotonic() - started
    assert again == rt
    assert elapsed < 1.0, elapsed
    assert link_target(rt) == before and lessons_git(rt, "rev-parse", "main") == head
    assert any(line.startswith("runtime up to date") for line in log), log


def test_an_edited_notebook_is_a_new_lessons_commit_on_top(built, monkeypatch):
    rt, src, _ = built
    # Built from inside the project, as `make hub` does (it runs from build/hub/state).
    monkeypatch.chdir(src / "kit")
    before, old = link_target(rt), lessons_git(rt, "rev-parse", "main")
    lesson = src / "notebooks" / "00_welcome.ipynb"
    notebook = json.loads(lesson.read_text())
    notebook["metadata"]["kit20t"] = "edited, not committed"
    lesson.write_text(json.dumps(notebook, indent=1))
    (src / "notebooks" / "zz_untracked.ipynb").write_text(lesson.read_text())
    build(rt.home, src, log=lambda _: None)
    new = lessons_git(rt, "rev-parse", "main")
    assert new != old and lessons_git(rt, "rev-parse", f"{new}^") == old
    # The working tree's content, tracked files only; the runtime was not rebuilt for a lesson.
    blob = subprocess.run(["git", "hash-object", str(lesson)], check=True, capture_output=True,
                          text=True).stdout.strip()
    assert lessons_git(rt, "rev-parse", "main:notebooks/00_welcome.ipynb") == blob
    assert "notebooks/zz_untracked.ipynb" not in lessons_git(rt, "ls-tree", "-r", "--name-only", "main")
    assert link_target(rt) == before


def test_a_failed_build_leaves_the_working_runtime_in_place(built):
    rt, src, _ = built
    before = link_target(rt)
    pyproject = src / "pyproject.toml"
    good = pyproject.read_text()
    pyproject.write_text(good + "\n[project\n")   # a kit that does not build
    try:
        with pytest.raises(BuildError, match="pip install"):
            build(rt.home, src, log=lambda _: None)
    finally:
        pyproject.write_text(good)
    assert link_target(rt) == before
    assert [p.name for p in rt.home.glob("runtime-*")] == [before]
    assert as_nobody(str(rt.python), "-c", "import kit").returncode == 0


def test_a_kit_change_swaps_in_a_new_runtime(built):
    rt, src, _ = built
    before = link_target(rt)
    with open(src / "kit" / "__init__.py", "a") as f:
        f.write('\nKIT20T_MARK = "rebuilt"\n')
    build(rt.home, src, log=lambda _: None)
    assert link_target(rt) != before
    assert not (rt.home / before).exists()   # the old runtime is removed once swapped out
    done = as_nobody(str(rt.python), "-c", "import kit; print(kit.KIT20T_MARK)")
    assert done.stdout.strip() == "rebuilt", done.stderr
