"""A game is its folder: Nim (kit/nim/) copied into a fresh clone of the
repository that lacks it (a clone at HEAD with kit/nim removed and committed),
nothing else edited, the shared suite (a fast subset: contract, games,
invariants, i18n) runs green over it, and the clone's only change is that folder.

Nim ships its Spanish and Bulgarian in its own catalogues, and a one-lesson course
whose notebooks are in its course's folders (``notebooks/nim/``, ``notebooks/es/nim/``,
``notebooks/bg/nim/``, named by its registration's ``course``): those are removed and
copied back with it. No benchmark: it is offered none, and no test fails for it.
``git status`` in the clone counts the files touched outside the folder and its
course's notebooks (issue 32: it was 8; now 0).
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "kit" / "nim"
SHARED = ["tests/test_contract.py", "tests/test_games.py", "tests/test_invariants.py",
          "tests/i18n/test_catalogues.py", "tests/i18n/test_game_catalogues.py",
          "tests/lessons/test_welcome_index.py", "tests/lessons/test_translations.py"]
#: The game's course: its notebooks in each language (the registration's course= "nim").
COURSE = [Path("notebooks") / FOLDER.name, *(Path("notebooks") / lang / FOLDER.name
                                          for lang in ("es", "bg"))]


@pytest.fixture(scope="module")
def clone(tmp_path_factory):
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.fail("this test clones the repository: it needs git and a checkout")
    where = tmp_path_factory.mktemp("clone") / "kit-clone"
    git = ["git", "-c", "user.name=test", "-c", "user.email=test@localhost"]
    subprocess.run([*git, "clone", "-q", "--shared", str(ROOT), str(where)], check=True, timeout=120)
    subprocess.run([*git, "rm", "-r", "-q", f"kit/{FOLDER.name}", *map(str, COURSE)], cwd=where,
                   check=True)
    subprocess.run([*git, "commit", "-q", "-m", "the kit without the game"], cwd=where, check=True)
    assert not (where / "kit" / FOLDER.name).exists()
    shutil.copytree(FOLDER, where / "kit" / FOLDER.name,
                    ignore=shutil.ignore_patterns("__pycache__"))
    for course in COURSE:
        assert (ROOT / course).is_dir() and not (where / course).exists()
        shutil.copytree(ROOT / course, where / course)
    return where


def test_the_shared_suite_runs_green_over_a_game_copied_into_a_fresh_clone(clone):
    env = {**os.environ, "PYTHONPATH": str(clone)}
    run = subprocess.run([sys.executable, "-m", "pytest", *SHARED, "-x", "-q", "-p", "no:cacheprovider",
                          "-W", "ignore::pytest.PytestAssertRewriteWarning"],
                         cwd=clone, env=env, capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    # The new game was there: its contract and its registry entry were tested.
    listed = subprocess.run([sys.executable, "-m", "pytest", *SHARED[:2], "--collect-only", "-q"],
                            cwd=clone, env=env, capture_output=True, text=True, timeout=300).stdout
    assert "[nim" in listed and "nim]" in listed


def test_nothing_outside_the_games_folder_was_touched(clone):
    status = subprocess.run(["git", "status", "--porcelain", "--untracked-files=all"], cwd=clone,
                            capture_output=True, text=True, check=True).stdout.splitlines()
    ours = (f"kit/{FOLDER.name}/", *(f"{c.as_posix()}/" for c in COURSE))
    outside = [line for line in status if not line[3:].startswith(ours)]
    assert status and outside == []
