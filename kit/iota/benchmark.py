"""IOTA engine benchmark: legal-move generation, the planner's move, self-play speed.

Positions: seeded greedy self-play stopped at a random table size of 25-60
cards, then a wild moved into the mover's hand of 4 (from the deck or another
hand; seeds whose wilds are both on the table are skipped). For each position
``legal_moves()`` and ``PlannerPlayer().choose`` are timed ``--repeat`` times
and the median kept; the script prints the median and the worst of those over
all positions, then full self-play games per second for each player.

    python -m kit.iota.benchmark            # 40 positions, a few minutes at most
    python -m kit.iota.benchmark --quick    # a small version in a few seconds

``make bench`` runs it with the other games' (``benchmarks/bench_engines.py``,
through the registry's ``benchmark`` field).

Targets (issue 3, pure Python on a 2-core machine): legal_moves() median at
most 20 ms, worst at most 200 ms. This is a script, not a test: nothing here
fails on timing.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from kit import iota
from kit.iota.ai import GreedyPlayer, PlannerPlayer
from kit.players import RandomPlayer, play_game


def mid_game_position(seed: int) -> iota.Game | None:
    """A position with 25-60 cards on the table and a wild in the mover's hand of 4, or None."""
    rng = random.Random(seed)
    game = iota.Game.new(players=2, seed=seed)
    target = rng.randint(25, 60)
    greedy = GreedyPlayer()
    while len(game.table) < target:
        if game.is_over or not game.deck:
            return None
        game.play(greedy.choose(game, rng))
    d = game.to_dict()
    hand = d["hands"][d["to_move"]]
    if "W" not in hand:
        sources = [d["deck"]] + [h for i, h in enumerate(d["hands"]) if i != d["to_move"]]
        source = next((s for s in sources if "W" in s), None)
        if source is None or len(hand) != 4:
            return None
        j = source.index("W")
        source[j], hand[0] = hand[0], "W"
    return iota.Game.from_dict(d) if len(hand) == 4 else None


def positions(n: int, first_seed: int = 1) -> list[iota.Game]:
    out: list[iota.Game] = []
    seed = first_seed
    while len(out) < n:
        game = mid_game_position(seed)
        if game is not None:
            out.append(game)
        seed += 1
    return out


def timed(fn: Callable[[], object], repeat: int) -> float:
    """Median wall time of ``fn()`` over ``repeat`` runs, in milliseconds."""
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        runs.append((time.perf_counter() - start) * 1000)
    return statistics.median(runs)


def choosing(player: Any, game: iota.Game) -> Callable[[], object]:
    """``player.choose(game)`` with the same fresh seeded rng at every call (timed repeatedly)."""
    return lambda: player.choose(game, random.Random(0))


def games_per_second(player: Any, games: int, seed: int) -> float:
    start = time.perf_counter()
    rng = random.Random(seed)
    for i in range(games):
        play_game(iota.Game.new(players=2, seed=seed + i), [player, player], rng)
    return games / (time.perf_counter() - start)


def report(name: str, times: Sequence[float]) -> str:
    return (f"{name:<28} median {statistics.median(times):7.2f} ms   "
            f"worst {max(times):7.2f} ms   ({len(times)} positions)")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a small run of a few seconds")
    parser.add_argument("--positions", type=int, default=None)
    parser.add_argument("--repeat", type=int, default=None)
    args = parser.parse_args(argv)
    n = args.positions or (5 if args.quick else 40)
    repeat = args.repeat or (2 if args.quick else 5)
    games = {"random": 1, "greedy": 1, "planner": 1} if args.quick else \
        {"random": 10, "greedy": 6, "planner": 3}

    found = positions(n)
    sizes = [len(g.table) for g in found]
    counts = [len(g.legal_moves()) for g in found]
    print(f"IOTA benchmark: {n} positions, table {min(sizes)}-{max(sizes)} cards "
          f"(median {statistics.median(sizes)}), hands of 4 with a wild, "
          f"{min(counts)}-{max(counts)} legal moves (median {statistics.median(counts)}); "
          f"each time the median of {repeat} runs")
    print(report("legal_moves()", [timed(g.legal_moves, repeat) for g in found]))
    planner = PlannerPlayer()
    print(report("PlannerPlayer().choose()",
                 [timed(choosing(planner, g), repeat) for g in found]))
    players = {"random": RandomPlayer(), "greedy": GreedyPlayer(), "planner": planner}
    for name, k in games.items():
        rate = games_per_second(players[name], k, seed=500)
        print(f"self-play {name:<18} {rate:7.2f} games/s  ({k} two-player games)")


if __name__ == "__main__":
    main()
