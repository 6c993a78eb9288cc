"""benchmarks/bench_engines.py (make bench): it runs each registered game's own engine
benchmark, named by its registration, and passes the options through. The games'
benchmarks themselves are run (--quick) by tests/<game>/test_<game>_bench.py."""

import importlib
import subprocess
import sys
from pathlib import Path

import pytest

from kit import games

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

import bench_engines  # noqa: E402 -- from benchmarks/, put on the path above


BENCHED = [spec.name for spec in games.all() if spec.benchmark]


def test_the_three_games_have_a_benchmark_and_the_others_may_not():
    assert {"iota", "mattix", "smartrix"} <= set(BENCHED)
    assert set(bench_engines.benchmarks()) == set(BENCHED)     # no game without one is run


@pytest.mark.parametrize("name", BENCHED)
def test_each_benchmark_is_in_its_games_own_folder(name):
    spec = games.get(name)
    assert spec.benchmark is not None and spec.benchmark.startswith(f"kit.{name}.")
    assert callable(importlib.import_module(spec.benchmark).main)


def test_every_registered_benchmark_runs_in_turn_with_the_options_passed_through(monkeypatch):
    calls = []
    monkeypatch.setattr(bench_engines, "run", lambda module, options: calls.append((module, list(options))) or 0)
    assert bench_engines.main(["--quick"]) == 0
    assert calls == [(spec.benchmark, ["--quick"]) for spec in games.all() if spec.benchmark]
    last = BENCHED[-1]
    calls.clear()
    assert bench_engines.main(["--game", last, "--repeat", "3"]) == 0
    assert calls == [(games.get(last).benchmark, ["--repeat", "3"])]


def test_a_failing_benchmark_fails_the_run_after_the_others_ran(monkeypatch, capsys):
    first = games.get(BENCHED[0]).benchmark
    calls = []
    monkeypatch.setattr(bench_engines, "run",
                        lambda module, options: calls.append(module) or (1 if module == first else 0))
    assert bench_engines.main([]) == 1
    assert len(calls) == len(bench_engines.benchmarks())
    assert "failed: " + BENCHED[0] in capsys.readouterr().err


def test_the_script_offers_each_registered_game_by_name():
    out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "bench_engines.py"), "--help"],
                         capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert out.returncode == 0 and "--game" in out.stdout
    assert all(name in out.stdout for name in bench_engines.benchmarks())
