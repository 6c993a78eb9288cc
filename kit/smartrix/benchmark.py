"""Smartrix engine benchmark: legal moves, the cautious player's move, self-play speed.

Positions: seeded self-play (greedy and cautious seats, 2-4 players) stopped
after a random 8-40 moves while the game is still on: mid-game tables of a few
to twenty-odd cards. For each position ``legal_moves()`` and
``CautiousPlayer().choose`` are timed ``--repeat`` times and the median kept;
the script prints the median and the worst of those over all positions, then
whole self-play games per second for each player (2 players, standard rules).

    python -m kit.smartrix.benchmark            # 60 positions, about a minute
    python -m kit.smartrix.benchmark --quick    # a small version in a few seconds

``make bench`` runs it with the other games' (``benchmarks/bench_engines.py``,
through the registry's ``benchmark`` field).

Targets (issue 5, pure Python on a 2-core machine): legal_moves() median at
most 2 ms; cautious move median at most 100 ms. This is a script, not a test:
nothing here fails on timing.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from kit.players import play_game
from kit.smartrix import CautiousPlayer, Game, GreedyPlayer, RandomPlayer


def mid_game_position(seed: int, **options: Any) -> Game | None:
    rng = random.Random(seed)
    players = 2 + seed % 3
    game = Game.new(players=players, seed=seed, **options)
    seats: list[Any] = [GreedyPlayer() if rng.random() < 0.5 else CautiousPlayer() for _ in range(players)]
    for _ in range(rng.randint(8, 40)):
        if game.is_over:
            return None
        game.play(seats[game.to_move].choose(game, rng))
    return None if game.is_over else game


def positions(n: int, **options: Any) -> list[Game]:
    out: list[Game] = []
    seed = 1
    while len(out) < n:
        game = mid_game_position(seed, **options)
        if game is not None:
            out.append(game)
        seed += 1
    return out


def time_call(fn: Callable[[], object], repeat: int) -> tuple[float, float]:
    """Median (wall, CPU) seconds of ``repeat`` calls. CPU time is reported too
    because the machine may be shared: wall time then includes waiting."""
    wall: list[float] = []
    cpu: list[float] = []
    for _ in range(repeat):
        t, c = time.perf_counter(), time.process_time()
        fn()
        cpu.append(time.process_time() - c)
        wall.append(time.perf_counter() - t)
    return statistics.median(wall), statistics.median(cpu)


def report(name: str, timings: Sequence[tuple[float, float]],
           target_ms: float | None = None) -> None:
    wall = [w for w, _ in timings]
    cpu = [c for _, c in timings]
    med, worst = statistics.median(wall) * 1000, max(wall) * 1000
    goal = "" if target_ms is None else (
        f"  target median <= {target_ms} ms: {'met' if med <= target_ms else 'NOT met'}")
    print(f"{name:<20} median {med:7.3f} ms, worst {worst:7.3f} ms "
          f"(CPU median {statistics.median(cpu) * 1000:7.3f} ms, worst {max(cpu) * 1000:7.3f} ms)"
          f"{goal}")


def choosing(player: Any, game: Game) -> Callable[[], object]:
    """``player.choose(game)`` with the same fresh seeded rng at every call (timed repeatedly)."""
    return lambda: player.choose(game, random.Random(0))


def games_per_second(player_factory: Callable[[], Any], games: int,
                     seed: int = 100) -> tuple[float, float]:
    """(wall, CPU) games per second of 2-player self-play."""
    rng = random.Random(seed)
    t, c = time.perf_counter(), time.process_time()
    for i in range(games):
        game = Game.new(players=2, seed=seed + i)
        play_game(game, [player_factory(), player_factory()], rng)
    return games / (time.perf_counter() - t), games / (time.process_time() - c)


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="a small run, a few seconds")
    ap.add_argument("--positions", type=int, default=60)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--games", type=int, default=20)
    args = ap.parse_args(argv)
    if args.quick:
        args.positions, args.repeat, args.games = 6, 2, 2
    print(f"Smartrix benchmark: {args.positions} positions x {args.repeat} runs, "
          f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs, "
          f"load average {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
    rules: tuple[tuple[str, dict[str, Any]], ...] = (("standard", {}), ("children's", {"window": None}))
    for label, options in rules:
        pos = positions(args.positions, **options)
        sizes = [len(g.grid) for g in pos]
        print(f"-- {label} rules: tables of {min(sizes)}-{max(sizes)} cards "
              f"(median {statistics.median(sizes)})")
        report("legal_moves()", [time_call(g.legal_moves, args.repeat) for g in pos],
               2 if not options else None)
        cautious = CautiousPlayer()
        report("cautious choose()",
               [time_call(choosing(cautious, g), args.repeat)
                for g in pos], 100 if not options else None)
    print("-- self-play, 2 players, standard rules")
    factories: tuple[tuple[str, Callable[[], Any]], ...] = (
        ("random", RandomPlayer), ("greedy", GreedyPlayer), ("cautious", CautiousPlayer))
    for name, factory in factories:
        wall, cpu = games_per_second(factory, args.games)
        print(f"{name + ' v ' + name:<20} {wall:7.1f} games/s (per CPU second {cpu:7.1f})")


if __name__ == "__main__":
    main()
