"""Precompute the IOTA strategy lesson's two long studies (notebooks/iota/05_strategy).

1. Tournament: random, greedy and planner, each pairing over ``--games`` seeded
   two-player games (seats alternating): points per turn, wins, margins.
2. What a wild in hand is worth: for each seeded deal where seat 0 holds no
   wild, the game is played twice by two planners from the same seed, once as
   dealt and once with seat 0's first card swapped for the deck's first wild.
   The difference in seat 0's final margin is what the wild was worth.

Writes kit/lessons/data/iota_studies.json, which the lesson loads
(``kit.lessons.iota.tournament_table``, ``wild_table``); the lesson re-plays a deal to show the
table is what the kit computes. Run: ``nice python -m kit.lessons.iota.generate_studies``
(a few minutes on 2 cores).
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from typing import Any

from kit import iota
from kit.lessons.iota import STUDIES, wild_pair

PAIRINGS = (("greedy", "random"), ("planner", "random"), ("planner", "greedy"))
PLAYERS: dict[str, Callable[[], Any]] = {
    "random": iota.RandomPlayer, "greedy": iota.GreedyPlayer, "planner": iota.PlannerPlayer}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    t0 = time.time()
    rows = []
    for a, b in PAIRINGS:
        standings = iota.tournament([PLAYERS[a](), PLAYERS[b]()], games=args.games, seed=args.seed)
        for s in standings:
            rows.append({"pairing": f"{a} vs {b}", "player": s.name, "games": s.games,
                         "wins": s.wins, "mean score": round(s.mean_score, 1),
                         "mean margin": round(s.mean_margin, 1),
                         "points per turn": round(s.mean_points_per_turn, 2)})
        print(a, b, [(s.name, s.wins, round(s.mean_points_per_turn, 2)) for s in standings],
              round(time.time() - t0), "s", flush=True)
    wild: list[dict[str, Any]] = []
    seed = args.seed
    while len(wild) < args.deals:
        pair = wild_pair(seed)
        if pair is not None:
            wild.append({"seed": seed, "without": pair[0], "with": pair[1]})
        seed += 1
    print("wild pairs", len(wild), round(time.time() - t0), "s", flush=True)
    STUDIES.write_text(json.dumps({"games": args.games, "seed": args.seed, "tournament": rows,
                                   "wild": wild}, indent=1) + "\n")


if __name__ == "__main__":
    main()
