"""kit.progress: a bar where one helps, and the same work without tqdm installed."""

import subprocess
import sys

import pytest

from kit import progress


def test_importing_progress_imports_no_tqdm():
    code = "import sys, kit.progress; assert 'tqdm' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_a_callable_gets_done_and_total():
    seen = []
    with progress.reporter(lambda done, total: seen.append((done, total)), 3) as step:
        step(1)
        step(3)
    assert seen == [(1, 3), (3, 3)]


@pytest.mark.parametrize("asked", [None, True])
def test_without_tqdm_the_work_runs_with_no_bar(monkeypatch, caplog, asked):
    monkeypatch.setitem(sys.modules, "tqdm", None)        # import tqdm raises ImportError
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)
    monkeypatch.setattr(progress, "in_notebook", lambda: True)
    with progress.reporter(asked, 3, "games") as step:
        for done in range(1, 4):
            step(done)
    assert ("tqdm is not installed" in caplog.text) == (asked is True)
