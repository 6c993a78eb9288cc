#!/usr/bin/env bash
# The kit's student image, step by step: what deploy/image/Dockerfile runs, and
# what tests/test_image.py runs here in a fresh venv (there is no container
# engine to build the image on the kit's machine).
#
#   install.sh build   SRC DIST          the sdist, then the wheel built from that sdist
#   install.sh install DIST PYTHON [EXTRAS]  pip-installs the wheel (not editable) into
#                                        PYTHON, with the kit's EXTRAS (e.g. class)
#   install.sh check   DIST PYTHON NB    the checks below, against PYTHON's environment
#
# check fails (exit 1, saying what) unless:
#   * neither the sdist, the wheel nor the installed file list of `kit` holds
#     grading/ (nbgrader's source, with the solutions), a teacher's handout
#     (build/handouts/teacher), any notebook, or a file with nbgrader's
#     solution markers (kit/classroom/grading.py, which strips them, aside);
#   * `import kit` comes from PYTHON's site-packages, installed from a wheel, not
#     editable (no direct_url.json naming a folder);
#   * the Spanish Lab language pack is installed and Lab lists it;
#   * the kernel the lessons name (their kernelspec, python3) is PYTHON itself;
#   * the lesson NB runs top to bottom in that kernel without an error, with
#     the kit it imports the installed one.
set -euo pipefail

step=${1:?"usage: install.sh build|install|check ..."}
shift

case "$step" in
build)
    src=$(realpath "${1:?SRC}"); mkdir -p "${2:?DIST}"; dist=$(realpath "$2")
    # The sdist first, then the wheel built from the unpacked sdist (as `python -m
    # build` does): a file the sdist leaves out is missing from the wheel too, so
    # both are checked. Through setuptools' own build hooks (PEP 517) in a venv
    # of its own holding pyproject.toml's build requirement (as pip's build
    # isolation does), so the step needs only python and pip.
    builder=$(mktemp -d)
    trap 'rm -rf "$builder"' EXIT
    python -m venv "$builder"
    "$builder/bin/python" -m pip install --quiet --disable-pip-version-check "setuptools>=77"
    "$builder/bin/python" - "$src" "$dist" <<'PY'
import os
import sys
import tarfile
import tempfile
from pathlib import Path

src, dist = (Path(a) for a in sys.argv[1:])
sys.path = [p for p in sys.path if p not in ("", ".", str(src))]   # not the repo's build/ folder
os.chdir(src)
from setuptools import build_meta  # noqa: E402

sdist = dist / build_meta.build_sdist(str(dist))
with tempfile.TemporaryDirectory() as tmp:
    with tarfile.open(sdist) as tar:
        tar.extractall(tmp, filter="data")
    [root] = Path(tmp).iterdir()
    os.chdir(root)
    wheel = build_meta.build_wheel(str(dist))
print(f"built {sdist.name} and {wheel}")
PY
    ;;
install)
    dist=${1:?DIST}; python=${2:?PYTHON}; extras=${3:-}
    wheels=("$dist"/kit-*.whl)
    "$python" -m pip install --no-cache-dir --disable-pip-version-check "${wheels[0]}${extras:+[$extras]}"
    ;;
check)
    dist=$(realpath "${1:?DIST}"); python=${2:?PYTHON}; notebook=$(realpath "${3:?NB}")
    # From / with -I: the kit must come from PYTHON's environment, never a
    # source folder that happens to be the current one or on PYTHONPATH.
    cd /
    "$python" -I - "$dist" "$notebook" <<'PY'
import importlib.metadata as md
import json
import re
import subprocess
import sys
import sysconfig
import tarfile
import tempfile
import zipfile
from pathlib import Path

dist, notebook = Path(sys.argv[1]), Path(sys.argv[2])
bad = []

# Paths that are the teacher's, never a student's.
FORBIDDEN = re.compile(r"(^|/)(grading|handouts/teacher|gradebook\.db|nbgrader_config\.py)(/|$)|\.ipynb$")
MARKERS = ("### BEGIN SOLUTION", "### BEGIN HIDDEN TESTS")
# kit/classroom/grading.py finds and strips them (and its compiled copy holds the words).
ALLOWED_MARKERS = re.compile(r"kit/classroom/(grading\.py|__pycache__/grading\.[\w.-]+\.pyc)")


def scan(where: str, names_and_text) -> int:
    n = 0
    for name, read in names_and_text:
        n += 1
        inner = name.split("/", 1)[1] if where == "sdist" else name   # sdist: kit-0.1.0/...
        if FORBIDDEN.search(inner):
            bad.append(f"{where}: {inner} is the teacher's")
            continue
        if ALLOWED_MARKERS.fullmatch(inner):
            continue
        text = read()
        if text is not None and any(m.encode() in text for m in MARKERS):
            bad.append(f"{where}: {inner} holds nbgrader's solution markers")
    if n == 0:
        bad.append(f"{where}: no files at all")
    return n


[sdist] = dist.glob("kit-*.tar.gz")
[wheel] = dist.glob("kit-*.whl")
with tarfile.open(sdist) as tar:
    members = [m for m in tar.getmembers() if m.isfile()]
    n_sdist = scan("sdist", [(m.name, lambda m=m: tar.extractfile(m).read()) for m in members])
with zipfile.ZipFile(wheel) as whl:
    n_wheel = scan("wheel", [(i.filename, lambda i=i: whl.read(i)) for i in whl.infolist()
                             if not i.is_dir()])

files = md.files("kit") or []
n_installed = scan("installed", [(str(f), lambda f=f: Path(f.locate()).read_bytes()) for f in files])

import kit  # noqa: E402

purelib = Path(sysconfig.get_path("purelib")).resolve()
where = Path(kit.__file__).resolve()
if purelib not in where.parents:
    bad.append(f"kit imports from {where}, not this environment's {purelib}")
direct = md.distribution("kit").read_text("direct_url.json")
if direct and json.loads(direct).get("dir_info", {}).get("editable"):
    bad.append("kit is installed editable")

try:
    md.distribution("jupyterlab-language-pack-es-ES")
except md.PackageNotFoundError:
    bad.append("the Spanish Lab language pack is not installed")
packs = subprocess.run([sys.executable, "-c",
                        "from jupyterlab_server.translation_utils import get_language_packs as g; "
                        "import json; print(json.dumps(g('en')[0]))"],
                       capture_output=True, text=True)
if "es_ES" not in packs.stdout:
    bad.append(f"Lab does not list the Spanish pack: {packs.stdout.strip()} {packs.stderr.strip()[-300:]}")

import nbformat  # noqa: E402
from jupyter_client.kernelspec import KernelSpecManager  # noqa: E402
from nbclient import NotebookClient  # noqa: E402

nb = nbformat.read(notebook, as_version=4)
kernel = nb.metadata.get("kernelspec", {}).get("name", "python3")
spec = KernelSpecManager().get_kernel_spec(kernel)
print(f"kernel {kernel}: {spec.argv}")
nb.cells.append(nbformat.v4.new_code_cell("import sys, kit; print(sys.executable); print(kit.__file__)"))
with tempfile.TemporaryDirectory() as tmp:
    try:
        NotebookClient(nb, timeout=600, kernel_name=kernel, resources={"metadata": {"path": tmp}}).execute()
    except Exception as exc:       # a cell's error, a kernel that never started
        bad.append(f"the lesson {notebook.name} failed: {type(exc).__name__}: {str(exc)[-800:]}")
    else:
        said = "".join(o.get("text", "") for o in nb.cells[-1].outputs).split()
        if len(said) != 2 or Path(said[0]).resolve() != Path(sys.executable).resolve() \
                or Path(said[1]).resolve() != where:
            bad.append(f"the lesson's kernel is not this environment's: {said}")

print(f"files: sdist {n_sdist}, wheel {n_wheel}, installed {n_installed}")
if bad:
    print("\n".join(["image check FAILED:"] + bad))
    sys.exit(1)
print(f"image check ok: kit {md.version('kit')} from {where}")
PY
    ;;
*)
    echo "install.sh: no step $step (build, install or check)" >&2
    exit 2
    ;;
esac
