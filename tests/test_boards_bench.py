"""The board benchmark's quick mode runs and reports every figure (no timings asserted)."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

import bench_boards  # noqa: E402 -- from benchmarks/, put on the path above


def test_bench_quick_reports_each_action_player_and_redraw(tmp_path):
    out_file = tmp_path / "boards.json"
    out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "bench_boards.py"),
                          "--quick", "--json", str(out_file)],
                         capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    results = json.loads(out_file.read_text())
    assert "browser" not in results   # quick: no browser
    games = set(bench_boards.available_specs(bench_boards.SPECS))
    assert "mattix" in games and set(results["handlers"]) == games
    for game in games:
        spec = bench_boards.SPECS[game]()
        actions = results["handlers"][game]
        assert set(actions) == set(spec["actions"])
        for name, figures in actions.items():
            assert figures["handler_ms"] > 0 and figures["handler_cpu_ms"] >= 0
            # Every action here redraws the board once, in one message.
            assert figures["canvas_messages"] == 1, (game, name)
            assert 0 < figures["canvas_bytes"] <= bench_boards.BYTES_TARGET, (game, name)
            assert name in out.stdout
        players = results["players"][game]
        assert set(players) == set(spec["board"].PLAYERS)
        for figures in players.values():
            assert figures["moves"] == results["moves"] and figures["worst_ms"] >= figures["median_ms"]
