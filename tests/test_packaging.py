"""environment.yml (conda) and pyproject.toml (pip) must name the same packages."""

import re
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
