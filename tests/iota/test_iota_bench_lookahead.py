"""benchmarks/bench_lookahead.py: --jobs N plays the same seeded games as --jobs 1 and
prints the same lines in the same order (only the timings differ)."""

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import bench_lookahead  # from benchmarks/, put on the path above

ARGS = ["--game", "iota", "--games", "3", "--players", "2", "--playouts", "2", "--seed", "7",
        "--option", "max_seconds=none", "--option", "top_k=2"]


def _untimed(out: str) -> list[str]:
    return [re.sub(r" [0-9.]+ s, .*$", "", line) for line in out.splitlines()]


def test_two_jobs_play_the_games_of_one_job_in_order(capsys):
    one = bench_lookahead.main(ARGS + ["--jobs", "1"])
    lines_one = _untimed(capsys.readouterr().out)
    two = bench_lookahead.main(ARGS + ["--jobs", "2"])
    lines_two = _untimed(capsys.readouterr().out)
    assert one == two
    assert lines_one == lines_two
    assert [line.split(":")[0] for line in lines_one[:3]] == ["game 1", "game 2", "game 3"]
    assert "seed 7 seat 0" in lines_one[0] and "seed 8 seat 1" in lines_one[1]
    assert "95 % Wilson" in lines_one[-1] and "top_k=2" in lines_one[-1]


def test_options_are_read_as_numbers_or_words_and_bad_ones_refused():
    assert bench_lookahead.option("top_k=4") == ("top_k", 4)
    assert bench_lookahead.option("max_seconds=0.5") == ("max_seconds", 0.5)
    assert bench_lookahead.option("max_seconds=None") == ("max_seconds", None)
    assert bench_lookahead.option("rollout=keeper") == ("rollout", "keeper")
    with pytest.raises(SystemExit):
        bench_lookahead.main(["--game", "iota", "--option", "top_k"])
    with pytest.raises(SystemExit):
        bench_lookahead.main(["--game", "iota", "--jobs", "0"])
