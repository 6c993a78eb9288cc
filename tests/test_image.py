"""The student image's steps (deploy/image/install.sh, run by deploy/image/Dockerfile),
here in a fresh venv: there is no container engine to build the image on the kit's machine.

Build the sdist and the wheel from this repository, install the wheel (not
editable, with its dependencies) into a new venv, and run the image's check:
no grading/, teacher's handouts, notebooks or solution markers in the sdist, the
wheel or the installed files; the kit imported from the venv; the Spanish Lab
language pack; the welcome lesson run in the kernel it names, the venv's own.
Then the same check on an sdist and a wheel with a teacher's file slipped in
must fail, naming it.

Not covered: the image itself (its base's Python is 3.13, this venv's is this
machine's), the registry, a cluster.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
INSTALL = ROOT / "deploy" / "image" / "install.sh"
LESSON = ROOT / "notebooks" / "00_welcome.ipynb"
# nbgrader's marker, not written whole: this file is in the sdist, which the check scans.
MARKER = "### BEGIN " + "SOLUTION"


def step(*args: str, timeout: int = 1200) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["bash", str(INSTALL), *args], capture_output=True, text=True,
                          timeout=timeout, env={"PATH": f"{Path(sys.executable).parent}:/usr/bin:/bin",
                                                "HOME": str(Path.home())})


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, Path]:
    """(the folder with the sdist and wheel, the fresh venv's python with the wheel installed)."""
    where = tmp_path_factory.mktemp("image")
    dist = where / "dist"
    made = step("build", str(ROOT), str(dist))
    assert made.returncode == 0, made.stdout[-2000:] + made.stderr[-2000:]
    subprocess.run([sys.executable, "-m", "venv", str(where / "venv")], check=True, timeout=300)
    python = where / "venv" / "bin" / "python"
    installed = step("install", str(dist), str(python))
    assert installed.returncode == 0, installed.stdout[-2000:] + installed.stderr[-2000:]
    return dist, python


def test_the_wheel_is_built_from_the_sdist_and_installed_not_editable(built):
    dist, python = built
    assert sorted(p.name for p in dist.iterdir()) == ["kit-0.1.0-py3-none-any.whl", "kit-0.1.0.tar.gz"]
    where = subprocess.run([str(python), "-I", "-c", "import kit; print(kit.__file__)"], cwd="/",
                           capture_output=True, text=True, check=True).stdout.strip()
    assert Path(where).is_relative_to(python.parent.parent), where
    assert not Path(where).is_relative_to(ROOT)


def test_the_image_check_passes_on_the_repository(built):
    dist, python = built
    checked = step("check", str(dist), str(python), str(LESSON))
    assert checked.returncode == 0, checked.stdout[-3000:] + checked.stderr[-3000:]
    assert "image check ok" in checked.stdout
    # The lesson ran in the venv's kernel: the check prints its argv.
    assert "kernel python3" in checked.stdout


def test_the_check_names_a_teachers_file_in_the_sdist_or_the_wheel(built, tmp_path):
    dist, python = built
    bad = tmp_path / "dist"
    bad.mkdir()
    [sdist] = dist.glob("*.tar.gz")
    [wheel] = dist.glob("*.whl")
    solution = tmp_path / "iota_puzzles.ipynb"
    solution.write_text(json.dumps({"cells": [{"source": MARKER}]}))
    with tarfile.open(sdist) as old, tarfile.open(bad / sdist.name, "w:gz") as new:
        for member in old.getmembers():
            new.addfile(member, old.extractfile(member) if member.isfile() else None)
        new.add(solution, "kit-0.1.0/grading/source/iota_puzzles/iota_puzzles.ipynb")
    shutil.copy(wheel, bad / wheel.name)
    with zipfile.ZipFile(bad / wheel.name, "a") as whl:
        whl.writestr("kit/lessons/data/answers.json", json.dumps({"x": MARKER}))
    checked = step("check", str(bad), str(python), str(LESSON))
    assert checked.returncode == 1, checked.stdout[-3000:]
    assert "sdist: grading/source/iota_puzzles/iota_puzzles.ipynb is the teacher's" in checked.stdout
    assert "wheel: kit/lessons/data/answers.json holds nbgrader's solution markers" in checked.stdout
