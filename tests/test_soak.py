"""The soak script (benchmarks/soak.py, `make soak`): it plays and reports, and a
broken invariant is reported with the seed that replays it."""

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

from kit import games, iota, mattix, smartrix

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "benchmarks" / "soak.py"


@pytest.fixture(scope="module")
def soak():
    spec = importlib.util.spec_from_file_location("soak", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules["soak"] = module     # its dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


def run(*args):
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True,
                          text=True, timeout=300, cwd=ROOT)


@pytest.mark.parametrize("game", games.names())
def test_a_few_games_on_two_processes_report_games_moves_and_speed(game):
    out = run("--game", game, "--games", "3", "--seed", "40", "--jobs", "2")
    line = re.search(rf"^{game} +(\d+) games +(\d+) moves .* ([\d.]+) games/s +(\d+) failures$",
                     out.stdout, re.M)
    assert line, out.stdout + out.stderr
    games, moves, rate, failures = line.groups()
    assert (int(games), int(failures)) == (3, 0) and int(moves) >= 3 * 4
    assert float(rate) > 0 and out.returncode == 0


def test_the_seed_fixes_the_variant_the_players_and_every_move(soak):
    log_a, log_b = [], []
    soak.play_one("smartrix", 7, log=log_a.append)
    soak.play_one("smartrix", 7, log=log_b.append)
    assert log_a == log_b and len(log_a) > 5
    other = []
    soak.play_one("smartrix", 8, log=other.append)
    assert other != log_a


def test_seeds_cover_the_variants(soak):
    labels = {name: set() for name in games.names()}
    for seed in range(60):
        for name in games.names():
            label = soak.setup(name, seed)[3]
            labels[name].add(label)
    assert {f"{n} player(s)" for n in range(1, 5)} <= labels["iota"]
    assert any("draw for start" in label for label in labels["iota"])
    assert {f"{n}x{n} level {lv}" for n in range(3, 9) for lv in (1, 2)} <= labels["mattix"]
    for option in ("window=None", "auto_collect=False", "teams=True", "7 players", "2 players"):
        assert any(option in label for label in labels["smartrix"]), option


def test_a_planted_redo_bug_is_reported_with_the_seeds_that_replay_it(soak, monkeypatch):
    """Break Mattix's redo on 3 x 3 boards only: exactly those seeds fail."""
    honest = mattix.Game.redo

    def redo(self):
        return honest(self) + (1 if self.size == 3 else 0)

    monkeypatch.setattr(mattix.Game, "redo", redo)
    report = soak.soak("mattix", games=40, seed=100, jobs=1)
    small = [s for s in range(100, 140) if soak.setup("mattix", s)[3].startswith("3x3")]
    assert small and [o.seed for o in report.failures] == small
    assert all("redo() of" in o.failure for o in report.failures)
    text = "\n".join(report.lines())
    assert f"FAILED seed {small[0]}: redo() of" in text
    assert f"replay: python benchmarks/soak.py --replay mattix {small[0]}" in text
    assert soak.play_one("mattix", small[0]).failure
    assert soak.main(["--replay", "mattix", str(small[0])]) == 1


def test_a_planted_round_trip_bug_fails_the_run_with_exit_status_1(soak, monkeypatch, capsys):
    write = iota.Game.to_dict

    def to_dict(self):   # forgets the scores: every game breaks at its first points
        return {**write(self), "scores": [0] * self.players}

    monkeypatch.setattr(iota.Game, "to_dict", to_dict)
    assert soak.main(["--game", "iota", "--games", "3", "--seed", "10", "--jobs", "1"]) == 1
    out = capsys.readouterr().out
    assert "3 failures" in out
    for seed in (10, 11, 12):
        assert f"FAILED seed {seed}: from_dict(to_dict()) is not the same position" in out


def test_an_engine_error_is_a_failure_not_a_crash(soak, monkeypatch):
    def boom(self):
        raise KeyError("planted")

    monkeypatch.setattr(smartrix.Game, "legal_moves", boom)
    outcome = soak.play_one("smartrix", 3)
    assert outcome.failure.startswith("KeyError: 'planted'")


def test_a_time_budget_stops_starting_games_and_says_which_seeds_ran(soak):
    report = soak.soak("mattix", games=10**6, seed=5, jobs=1, minutes=0.002)
    assert 0 < report.games < 10**6 and report.stopped_early and not report.failures
    assert f"seeds 5..{4 + report.games} played" in "\n".join(report.lines())
