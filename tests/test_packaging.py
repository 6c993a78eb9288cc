"""What the kit needs installed: environment.yml (conda) and pyproject.toml (pip) name
the same packages, every import in kit/ is declared, and the engines need none of it."""

import ast
import importlib.metadata
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]


def requirement(spec: str) -> tuple[str, str]:
    """'ipycanvas>=0.14,<0.15' -> ('ipycanvas', '<0.15,>=0.14'), order-free."""
    name, version = re.fullmatch(r"\s*([A-Za-z0-9_.\-]+)\s*(.*)", spec).groups()
    parts = sorted(p.strip() for p in version.replace(" ", "").split(",") if p.strip())
    return name.lower().replace("_", "-"), ",".join(parts)


def test_conda_environment_matches_pyproject():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    pip_side = dict(requirement(s) for s in
                    project["dependencies"] + project["optional-dependencies"]["test"])
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    conda_specs = [d for d in env["dependencies"] if isinstance(d, str)]
    conda_side = dict(requirement(s) for s in conda_specs)
    python = conda_side.pop("python")
    conda_side.pop("pip")
    assert conda_side == pip_side
    assert python == project["requires-python"]


def test_conda_environment_installs_the_kit_itself_last():
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    assert env["dependencies"][-1] == {"pip": ["-e ."]}


def test_requirement_reader_notices_a_version_difference():
    assert requirement("nbval>=0.11") != requirement("nbval>=0.10")
    assert requirement("ipycanvas>=0.14,<0.15") == requirement("ipycanvas <0.15, >=0.14")


def test_voila_is_a_runtime_dependency_for_make_app():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    runtime = dict(requirement(s) for s in project["dependencies"])
    test_extra = dict(requirement(s) for s in project["optional-dependencies"]["test"])
    assert "voila" in runtime and "voila" not in test_extra


def test_the_engines_run_in_a_bare_venv_without_widgets_or_pip(tmp_path):
    """tests/bare_engines.py in a venv with no package at all: only the standard library."""
    bare = tmp_path / "bare"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(bare)], check=True, timeout=120)
    python = str(bare / "bin" / "python")
    purelib = subprocess.run([python, "-I", "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                             capture_output=True, text=True, check=True).stdout.strip()
    Path(purelib, "kit-source.pth").write_text(f"{ROOT}\n")
    result = subprocess.run([python, "-I", str(ROOT / "tests" / "bare_engines.py")], cwd=tmp_path,
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip().endswith("bare engines: ok")


def third_party_imports(folder: Path) -> dict[str, set[str]]:
    """Top-level names of every module imported in ``folder`` (inside functions too)
    that is neither the standard library nor the kit -> the files importing it."""
    found: dict[str, set[str]] = {}
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                if top not in sys.stdlib_module_names and top != "kit":
                    found.setdefault(top, set()).add(str(path.relative_to(folder.parent)))
    return found


def declared() -> set[str]:
    """Every distribution pyproject.toml names: dependencies and every extra."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    specs = project["dependencies"] + [s for extra in project["optional-dependencies"].values()
                                       for s in extra]
    return {requirement(s)[0] for s in specs}


def test_every_import_in_kit_is_a_declared_dependency():
    distributions = importlib.metadata.packages_distributions()
    wanted = declared()
    undeclared = {}
    for module, files in third_party_imports(ROOT / "kit").items():
        names = {requirement(d)[0] for d in distributions.get(module, [])}
        if not names & wanted:
            undeclared[module] = (sorted(names) or "not installed here", sorted(files))
    assert not undeclared, f"imported by kit/ but not in pyproject.toml: {undeclared}"


def test_the_import_reader_sees_imports_inside_functions(tmp_path):
    (tmp_path / "m.py").write_text("import os\n\ndef f():\n    import yaml.loader\n"
                                   "    from requests import get\n    from . import sibling\n")
    where = {f"{tmp_path.name}/m.py"}
    assert third_party_imports(tmp_path) == {"yaml": where, "requests": where}
