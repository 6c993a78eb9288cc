"""Lesson 6's tournament table: random, greedy and cautious Smartrix players.

Writes kit/lessons/data/smartrix_tournament.json (seeded; the lesson loads it
and re-runs a few games of it live to show the numbers come from the kit).
Takes a minute or two on the 2-core build machine.

    python -m kit.lessons.smartrix.generate_tournament
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

from kit.lessons.smartrix.studies import TOURNAMENT_TABLE as OUT
from kit.smartrix import CautiousPlayer, GreedyPlayer, RandomPlayer, tournament

TABLES: list[tuple[str, list[Callable[[], Any]], int, dict[str, Any]]] = [
    ("greedy v random", [GreedyPlayer, RandomPlayer], 60, {}),
    ("cautious v greedy", [CautiousPlayer, GreedyPlayer], 60, {}),
    ("cautious v random", [CautiousPlayer, RandomPlayer], 60, {}),
    ("cautious v greedy, children's", [CautiousPlayer, GreedyPlayer], 30, {"window": None}),
]


def rows() -> Iterator[dict[str, Any]]:
    for name, players, games, options in TABLES:
        standings = tournament([p() for p in players], games=games, seed=0, **options)
        yield {"table": name, "games": games, "options": options,
               "players": [s.name for s in standings],
               "win_rates": [round(s.win_rate, 4) for s in standings],
               "mean_scores": [round(s.mean_score, 2) for s in standings]}


def main() -> None:
    OUT.parent.mkdir(exist_ok=True)
    data = {"about": "written by kit/lessons/smartrix/generate_tournament.py (seed 0)", "rows": list(rows())}
    OUT.write_text(json.dumps(data, indent=1) + "\n")
    print(json.dumps(data, indent=1))


if __name__ == "__main__":
    main()
